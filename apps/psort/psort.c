/* psort -- parallel sort by regular sampling (PSRS; Eden appendix A.4): each
 * of T threads sorts its shard of a random array, T samples per shard pick
 * T-1 pivots, and each thread then merges its key range from every shard
 * into the output. Each thread's working set is its own until the merge.
 * USAGE: psort MiB [THREADS]   prints "checksum <hex>" of the sorted array */
#include "workload.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 64

static uint64_t *keys, *out, pivots[MAX_THREADS];
static size_t n;
static int nthreads;
/* bounds[s][t]: where shard s's keys for thread t's range start */
static size_t bounds[MAX_THREADS][MAX_THREADS + 1];
static size_t out_start[MAX_THREADS + 1];
static pthread_barrier_t phase;

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static size_t shard_lo(int s) { return n * (size_t)s / (size_t)nthreads; }

/* First index in [lo, hi) whose key is > v. */
static size_t upper_bound(size_t lo, size_t hi, uint64_t v) {
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (keys[mid] <= v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static void *sorter(void *arg) {
  int t = (int)(long)arg;
  size_t lo = shard_lo(t), hi = shard_lo(t + 1);
  qsort(keys + lo, hi - lo, sizeof *keys, cmp_u64); /* phase 1: local sort */
  pthread_barrier_wait(&phase);                     /* main picks the pivots */
  pthread_barrier_wait(&phase);
  bounds[t][0] = lo; /* phase 2: split the shard at the pivots */
  for (int p = 0; p < nthreads - 1; p++)
    bounds[t][p + 1] = upper_bound(bounds[t][p], hi, pivots[p]);
  bounds[t][nthreads] = hi;
  pthread_barrier_wait(&phase); /* main sums the output offsets */
  pthread_barrier_wait(&phase);
  size_t pos[MAX_THREADS], o = out_start[t]; /* phase 3: merge range t */
  for (int s = 0; s < nthreads; s++)
    pos[s] = bounds[s][t];
  for (;;) {
    int best = -1;
    for (int s = 0; s < nthreads; s++)
      if (pos[s] < bounds[s][t + 1] && (best < 0 || keys[pos[s]] < keys[pos[best]]))
        best = s;
    if (best < 0)
      break;
    out[o++] = keys[pos[best]++];
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MiB [THREADS]\n", argv[0]);
    return 2;
  }
  n = ((size_t)atol(argv[1]) << 20) / 2 / sizeof *keys; /* input + output */
  nthreads = argc > 2 ? atoi(argv[2]) : 2;
  if (nthreads < 1 || nthreads > MAX_THREADS || n < (size_t)nthreads * nthreads) {
    fprintf(stderr, "psort: THREADS must be 1..%d and the array larger\n", MAX_THREADS);
    return 2;
  }
  keys = malloc(n * sizeof *keys);
  out = malloc(n * sizeof *out);
  uint64_t x = 88172645463325252ULL;
  for (size_t i = 0; i < n; i++)
    keys[i] = xorshift(&x);
  pthread_barrier_init(&phase, NULL, nthreads + 1);
  pthread_t tid[MAX_THREADS];
  for (int t = 0; t < nthreads; t++)
    pthread_create(&tid[t], NULL, sorter, (void *)(long)t);
  pthread_barrier_wait(&phase);
  uint64_t samples[MAX_THREADS * MAX_THREADS];
  int k = 0;
  for (int s = 0; s < nthreads; s++) /* regular samples of each sorted shard */
    for (int j = 0; j < nthreads; j++)
      samples[k++] = keys[shard_lo(s) + (shard_lo(s + 1) - shard_lo(s)) * j / nthreads];
  qsort(samples, k, sizeof *samples, cmp_u64);
  for (int p = 0; p < nthreads - 1; p++)
    pivots[p] = samples[(p + 1) * nthreads + nthreads / 2 - 1];
  pthread_barrier_wait(&phase);
  pthread_barrier_wait(&phase);
  out_start[0] = 0;
  for (int t = 0; t < nthreads; t++) {
    size_t len = 0;
    for (int s = 0; s < nthreads; s++)
      len += bounds[s][t + 1] - bounds[s][t];
    out_start[t + 1] = out_start[t] + len;
  }
  pthread_barrier_wait(&phase);
  for (int t = 0; t < nthreads; t++)
    pthread_join(tid[t], NULL);
  uint64_t sum = 0;
  for (size_t i = 0; i < n; i++) {
    if (i && out[i - 1] > out[i]) {
      fprintf(stderr, "psort: not sorted at %zu\n", i);
      return 1;
    }
    sum = mix(sum ^ out[i]);
  }
  printf("keys %zu threads %d\nchecksum %016llx\n", n, nthreads, (unsigned long long)sum);
  return 0;
}
