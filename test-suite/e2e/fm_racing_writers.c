/* Writers racing eviction: T threads update words interleaved across every
 * page (so each page is written by all threads while others' faults evict
 * it), in sequential and random passes, half of them hinted. Each update
 * first checks the word still holds its previous value; the expected
 * versions live in local (mmap'd) memory, the words in far memory.
 * USAGE: fm_racing_writers MiB THREADS RANDOM_UPDATES_PER_THREAD
 * Prints "ok <checksum>" or the first lost/torn write and exits 1. */
#include <farhint/hint.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

static uint64_t *words;   /* far: the data under test */
static uint32_t *version; /* local: how many times each word was written */
static size_t nwords;
static int nthreads;
static long random_updates;

static uint64_t expect(size_t i, uint32_t v) {
  uint64_t x = (i + 1) * 0x9e3779b97f4a7c15ULL ^ ((uint64_t)v << 32 | v);
  return x ^ (x >> 29);
}

static int update(size_t i, int hinted) {
  if (hinted)
    hint_fault(&words[i], 1, sizeof words[i], 0, 0, 0);
  if (words[i] != (version[i] ? expect(i, version[i]) : 0)) {
    fprintf(stderr, "FAIL: word %zu holds %#llx, expected %#llx (version %u)\n", i,
            (unsigned long long)words[i],
            (unsigned long long)(version[i] ? expect(i, version[i]) : 0), version[i]);
    return -1;
  }
  words[i] = expect(i, ++version[i]);
  return 0;
}

static void *writer(void *arg) {
  int t = (int)(intptr_t)arg;
  uint64_t rng = 88172645463325252ULL + (uint64_t)t;
  for (int pass = 0; pass < 4; pass++) {
    int hinted = pass & 1;
    if (pass < 2) { /* sequential over this thread's words */
      for (size_t i = (size_t)t; i < nwords; i += (size_t)nthreads)
        if (update(i, hinted))
          return (void *)1;
    } else {
      for (long k = 0; k < random_updates; k++) {
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        size_t i = (size_t)(rng % (nwords / (size_t)nthreads)) * (size_t)nthreads + (size_t)t;
        if (update(i, hinted))
          return (void *)1;
      }
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s MiB THREADS RANDOM_UPDATES_PER_THREAD\n", argv[0]);
    return 2;
  }
  nwords = (size_t)atol(argv[1]) << 17;
  nthreads = atoi(argv[2]);
  random_updates = atol(argv[3]);
  words = calloc(nwords, sizeof *words);
  version = mmap(NULL, nwords * sizeof *version, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (!words || version == MAP_FAILED) {
    perror("alloc");
    return 2;
  }
  pthread_t th[64];
  for (int t = 0; t < nthreads; t++)
    pthread_create(&th[t], NULL, writer, (void *)(intptr_t)t);
  int failed = 0;
  for (int t = 0; t < nthreads; t++) {
    void *r;
    pthread_join(th[t], &r);
    failed |= r != NULL;
  }
  if (failed)
    return 1;
  uint64_t sum = 0;
  for (size_t i = 0; i < nwords; i++) { /* final check of every word */
    uint64_t want = version[i] ? expect(i, version[i]) : 0;
    if (words[i] != want) {
      fprintf(stderr, "FAIL: final word %zu holds %#llx, expected %#llx\n", i,
              (unsigned long long)words[i], (unsigned long long)want);
      return 1;
    }
    sum += words[i];
  }
  printf("ok %llx\n", (unsigned long long)sum);
  return 0;
}
