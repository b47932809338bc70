/* Random read-modify-writes on T threads over MiB of memory, then a checksum:
 * the shape that makes several threads fault in from swap at once (the
 * kernel-swap baseline's test, test_kswap.py).
 * USAGE: rmw_threads MiB UPDATES_PER_THREAD THREADS   (THREADS 1..8) */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t *words;
static size_t nwords;
static long updates;

static void *run(void *arg) {
  uint64_t x = 88172645463325252ull * (uintptr_t)arg;
  for (long k = 0; k < updates; k++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    __atomic_fetch_add(&words[x % nwords], (uint64_t)k, __ATOMIC_RELAXED);
  }
  return NULL;
}

int main(int argc, char **argv) {
  int threads = argc > 3 ? atoi(argv[3]) : 0;
  nwords = argc > 1 ? ((size_t)atol(argv[1]) << 20) / sizeof *words : 0;
  updates = argc > 2 ? atol(argv[2]) : 0;
  if (argc != 4 || !nwords || updates < 1 || threads < 1 || threads > 8) {
    fprintf(stderr, "usage: rmw_threads MiB UPDATES_PER_THREAD THREADS(1..8)\n");
    return 2;
  }
  words = malloc(nwords * sizeof *words);
  for (size_t i = 0; i < nwords; i++)
    words[i] = i;
  pthread_t t[8];
  for (long i = 0; i < threads; i++)
    pthread_create(&t[i], NULL, run, (void *)(i + 1));
  for (int i = 0; i < threads; i++)
    pthread_join(t[i], NULL);
  uint64_t sum = 0;
  for (size_t i = 0; i < nwords; i++)
    sum += words[i];
  printf("checksum %016llx\n", (unsigned long long)sum);
  return 0;
}
