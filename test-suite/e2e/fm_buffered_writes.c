/* Buffered writes racing readers, eviction, a fork and a drop. WRITERS
 * threads store to their own words of a far array at random (each word
 * holds its index and a version that only grows) and add into shared
 * counters with atomic adds, all through hint.h's buffered writes, while
 * READERS threads read words whose version a writer has published
 * (release/acquire, in local memory) and check the word holds that version
 * or a later one. Then: every word and counter is checked, a forked child
 * checks them again, and a dropped range must read zeros.
 * USAGE: fm_buffered_writes MiB WRITERS READERS WRITES_PER_THREAD [nofork]
 * Prints "ok <logged-after-drop>" or the first wrong value and exits 1. */
#include <farhint/hint.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define COUNTERS 65536

static uint64_t *words;             /* far */
static uint32_t *counters;          /* far: the atomic adds */
static uint32_t *version;           /* local: each word's last version */
static _Atomic uint32_t *published; /* local: a version its writer has published */
static uint64_t *added;             /* local: each writer's adds per counter */
static size_t nwords;
static int writers, readers;
static long writes;
static _Atomic int writing;

static uint64_t word_of(size_t i, uint32_t v) { return (uint64_t)i << 32 | v; }

static uint64_t next(uint64_t *rng) {
  *rng ^= *rng << 13, *rng ^= *rng >> 7, *rng ^= *rng << 17;
  return *rng;
}

static void *writer(void *arg) {
  int t = (int)(intptr_t)arg;
  uint64_t rng = 88172645463325252ULL + (uint64_t)t * 7919;
  for (long k = 0; k < writes; k++) {
    size_t i = (size_t)(next(&rng) % (nwords / (size_t)writers)) * (size_t)writers + (size_t)t;
    farhint_store_buffered(&words[i], word_of(i, ++version[i]));
    atomic_store_explicit(&published[i], version[i], memory_order_release);
    size_t c = (size_t)(next(&rng) % COUNTERS);
    farhint_add_buffered(&counters[c], 3u);
    added[(size_t)t * COUNTERS + c] += 3;
  }
  atomic_fetch_sub(&writing, 1);
  return NULL;
}

static void *reader(void *arg) {
  uint64_t rng = 0x2545F4914F6CDD1DULL + (uint64_t)(intptr_t)arg;
  while (atomic_load(&writing) > 0) {
    size_t i = (size_t)(next(&rng) % nwords);
    uint32_t seen = atomic_load_explicit(&published[i], memory_order_acquire);
    uint64_t w = ((volatile uint64_t *)words)[i];
    if (seen && ((w >> 32) != i || (uint32_t)w < seen)) {
      fprintf(stderr, "FAIL: word %zu holds %#llx after version %u was published\n", i,
              (unsigned long long)w, seen);
      exit(1);
    }
  }
  return NULL;
}

static int check_all(const char *who) {
  for (size_t i = 0; i < nwords; i++)
    if (words[i] != (version[i] ? word_of(i, version[i]) : 0)) {
      fprintf(stderr, "FAIL (%s): word %zu holds %#llx, expected version %u\n", who, i,
              (unsigned long long)words[i], version[i]);
      return 1;
    }
  for (size_t c = 0; c < COUNTERS; c++) {
    uint64_t sum = 0;
    for (int t = 0; t < writers; t++)
      sum += added[(size_t)t * COUNTERS + c];
    if (counters[c] != (uint32_t)sum) {
      fprintf(stderr, "FAIL (%s): counter %zu holds %u, expected %llu\n", who, c, counters[c],
              (unsigned long long)sum);
      return 1;
    }
  }
  return 0;
}

/* The far words and counters, and the local bookkeeping. */
static bool allocate(void) {
  words = aligned_alloc(4096, nwords * sizeof *words); /* pages: a range of it is dropped */
  counters = calloc(COUNTERS, sizeof *counters);
  version = mmap(NULL, nwords * sizeof *version, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  published = mmap(NULL, nwords * sizeof *published, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  added = mmap(NULL, (size_t)writers * COUNTERS * sizeof *added, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (!words || !counters || version == MAP_FAILED || published == MAP_FAILED ||
      added == MAP_FAILED) {
    perror("allocation");
    return false;
  }
  memset(words, 0, nwords * sizeof *words);
  return true;
}

/* Writers and readers race over the words until every writer is done. */
static void race(void) {
  pthread_t th[64];
  int n = 0;
  atomic_store(&writing, writers);
  for (int t = 0; t < writers && n < 64; t++)
    pthread_create(&th[n++], NULL, writer, (void *)(intptr_t)t);
  for (int r = 0; r < readers && n < 64; r++)
    pthread_create(&th[n++], NULL, reader, (void *)(intptr_t)r);
  for (int k = 0; k < n; k++)
    pthread_join(th[k], NULL);
}

/* A forked child sees the writes still logged. */
static int forked_child_sees_them(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(check_all("forked child"));
  int status;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    fprintf(stderr, "FAIL: the forked child saw wrong values\n");
    return 1;
  }
  return 0;
}

/* Writes waiting for a dropped page die with it. */
static int dropped_writes_die(void) {
  size_t half = (nwords / 2) & ~(size_t)511;
  for (size_t i = half; i < nwords; i += 37)
    farhint_store_buffered(&words[i], word_of(i, ++version[i]));
  if (madvise(&words[half], (nwords - half) * sizeof *words, MADV_DONTNEED) != 0) {
    perror("madvise");
    return 2;
  }
  for (size_t i = half; i < nwords; i++) {
    if (words[i] != 0) {
      fprintf(stderr, "FAIL: dropped word %zu holds %#llx\n", i, (unsigned long long)words[i]);
      return 1;
    }
    version[i] = 0;
  }
  return check_all("after the drop");
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: fm_buffered_writes MiB WRITERS READERS WRITES_PER_THREAD\n");
    return 2;
  }
  nwords = ((size_t)atol(argv[1]) << 20) / sizeof *words;
  writers = atoi(argv[2]);
  readers = atoi(argv[3]);
  writes = atol(argv[4]);
  if (!allocate())
    return 2;
  race();
  if (check_all("after join"))
    return 1;
  /* More logged writes, then a child must see them. */
  for (size_t i = 0; i < nwords; i += 509)
    farhint_store_buffered(&words[i], word_of(i, ++version[i]));
  bool fork_too = argc < 6 || strcmp(argv[5], "nofork") != 0; /* user-level threads cannot */
  int failed = fork_too ? forked_child_sees_them() : 0;
  if (!failed)
    failed = dropped_writes_die();
  if (failed)
    return failed;
  printf("ok\n");
  return 0;
}
