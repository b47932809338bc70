/* Pages of every kind a compressing far store keeps apart, rewritten while
 * eviction races them: each round, T threads fill their own pages, a page
 * being same-filled (one word repeated), compressible (a short pattern
 * with its page and round in it) or random by (page + round) % 3, so a
 * page changes kind from round to round; then every thread checks every
 * page. At the end a forked child checks them all once more (not with
 * nofork: user-level threads have no fork).
 * USAGE: fm_page_kinds MiB THREADS ROUNDS [nofork]
 * Prints "ok" or the first wrong word and exits 1. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define WORDS 512 /* per 4 KiB page */

static uint64_t *pages;
static size_t npages;
static int nthreads, round_now;
static pthread_barrier_t barrier;

static uint64_t word_of(size_t p, int r, unsigned w) {
  switch ((p + (size_t)r) % 3) {
  case 0: /* same-filled: zero for some, a pattern for the others */
    return p % 2 ? 0 : 0x0101010101010101ULL * (uint64_t)(p + (size_t)r + 1);
  case 1: /* compressible: a line of text-like words, page and round in each */
    return (w % 8 == 0) ? ((uint64_t)p << 20 | (uint64_t)r) : 0x2020656c706d6173ULL + w % 8;
  default: { /* random */
    uint64_t x = (p * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)r << 40) ^ w;
    x ^= x >> 31, x *= 0xbf58476d1ce4e5b9ULL, x ^= x >> 27;
    return x;
  }
  }
}

static int check_all(int r) {
  for (size_t p = 0; p < npages; p++)
    for (unsigned w = 0; w < WORDS; w++)
      if (pages[p * WORDS + w] != word_of(p, r, w)) {
        fprintf(stderr, "FAIL: page %zu word %u holds %#llx, expected %#llx (round %d)\n", p, w,
                (unsigned long long)pages[p * WORDS + w], (unsigned long long)word_of(p, r, w), r);
        return -1;
      }
  return 0;
}

static void *worker(void *arg) {
  int t = (int)(intptr_t)arg;
  for (int r = 0; r < round_now; r++) {
    for (size_t p = (size_t)t; p < npages; p += (size_t)nthreads)
      for (unsigned w = 0; w < WORDS; w++)
        pages[p * WORDS + w] = word_of(p, r, w);
    pthread_barrier_wait(&barrier);
    if (check_all(r))
      return (void *)1;
    pthread_barrier_wait(&barrier);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5) {
    fprintf(stderr, "usage: %s MiB THREADS ROUNDS [nofork]\n", argv[0]);
    return 2;
  }
  npages = (size_t)atol(argv[1]) << 8;
  nthreads = atoi(argv[2]);
  round_now = atoi(argv[3]);
  pages = aligned_alloc(4096, npages * WORDS * sizeof *pages); /* page by page */
  if (!pages || nthreads < 1 || nthreads > 64 || round_now < 1) {
    fprintf(stderr, "bad arguments or no memory\n");
    return 2;
  }
  pthread_barrier_init(&barrier, NULL, (unsigned)nthreads);
  pthread_t th[64];
  for (int t = 0; t < nthreads; t++)
    pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
  int failed = 0;
  for (int t = 0; t < nthreads; t++) {
    void *res;
    pthread_join(th[t], &res);
    failed |= res != NULL;
  }
  if (failed)
    return 1;
  if (argc == 5) {
    puts("ok");
    return 0;
  }
  pid_t child = fork();
  if (child == 0)
    _exit(check_all(round_now - 1) ? 1 : 0);
  int status;
  if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status)) {
    fprintf(stderr, "FAIL: the forked child did not read its parent's pages back\n");
    return 1;
  }
  puts("ok");
  return 0;
}
