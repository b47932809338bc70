/* A memcached-like key-value store for the user-level thread benchmark
 * (Eden §5.3.3): a chained hash table of items (64-1024 byte values), hand
 * hints before each bucket and item access (as Eden hints memcached), and
 * THREADS threads each serving a stream of Zipf(1.0) GETs. The same program
 * runs with kernel threads, and under `farhint run --ult` with switching or
 * blocking hints, so the three are compared on one binary.
 * USAGE: bench_kv_ult MiB OPS THREADS   prints "ops_per_s <rate> checksum <hex>" */
#include "workload.h"

#include <farhint/hint.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

struct item {
  struct item *next;
  uint64_t key;
  uint32_t len;
  unsigned char value[];
};

static struct item **buckets;
static uint64_t nbuckets, nkeys;
static struct zipf keys;
static long ops_per_thread;
static pthread_barrier_t start;
/* When the first thread passed the barrier: the clock starts there, not when
 * main passes it (a user-level main may run only after threads finished). */
static _Atomic double first_start;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t get(uint64_t key) {
  struct item **slot = &buckets[mix(key) % nbuckets];
  hint_fault(slot, 0, sizeof *slot, 0, 0, 0);
  for (struct item *it = *slot; it; it = it->next) {
    hint_fault(it, 0, sizeof *it, 0, 0, 0);
    if (it->key != key)
      continue;
    hint_fault(it->value, 0, it->len, 0, 0, 0);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < it->len; i += 8)
      sum += it->value[i];
    return sum;
  }
  return 0;
}

static void *serve(void *arg) {
  uint64_t x = (uint64_t)(uintptr_t)arg * 0x9e3779b97f4a7c15ULL, sum = 0;
  pthread_barrier_wait(&start);
  double none = 0;
  atomic_compare_exchange_strong(&first_start, &none, now());
  for (long i = 0; i < ops_per_thread; i++)
    sum += get(mix(zipf_draw(&keys, &x) % nkeys));
  return (void *)(uintptr_t)sum;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s MiB OPS THREADS\n", argv[0]);
    return 2;
  }
  nkeys = ((uint64_t)atol(argv[1]) << 20) / (sizeof(struct item) + 544 + 16);
  long ops = atol(argv[2]);
  int threads = atoi(argv[3]);
  nbuckets = nkeys;
  buckets = calloc(nbuckets, sizeof *buckets);
  for (uint64_t k = 0; k < nkeys; k++) {
    uint64_t key = mix(k);
    uint32_t len = 64 + (uint32_t)(mix(key) % 961);
    struct item *it = malloc(sizeof *it + len);
    it->key = key;
    it->len = len;
    for (uint32_t i = 0; i < len; i++)
      it->value[i] = (unsigned char)(mix(key) >> (i % 56));
    struct item **slot = &buckets[mix(key) % nbuckets];
    it->next = *slot;
    *slot = it;
  }
  /* The request generator stands for the clients, which are not part of the
   * store: its table is kept out of the (far) heap. */
  zipf_init(&keys, nkeys, 1.0);
  double *cdf = mmap(NULL, ZIPF_RANKS * sizeof *cdf, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memcpy(cdf, keys.cdf, ZIPF_RANKS * sizeof *cdf);
  free(keys.cdf);
  keys.cdf = cdf;
  ops_per_thread = ops / threads;
  pthread_barrier_init(&start, NULL, (unsigned)threads + 1);
  pthread_t *t = malloc(threads * sizeof *t);
  for (long i = 0; i < threads; i++)
    pthread_create(&t[i], NULL, serve, (void *)(i + 1));
  pthread_barrier_wait(&start);
  uint64_t sum = 0;
  for (int i = 0; i < threads; i++) {
    void *r;
    pthread_join(t[i], &r);
    sum += (uint64_t)(uintptr_t)r;
  }
  double s = now() - first_start;
  printf("ops_per_s %.0f checksum %016llx\n", (double)(ops_per_thread * threads) / s,
         (unsigned long long)sum);
  return 0;
}
