/* workload.h -- what the apps share to generate their inputs and requests:
 * a 64-bit mixer, a xorshift generator, a Zipf sampler, and the runner of
 * their worker threads. Header-only, so each app stays one ordinary source
 * file plus this. */
#ifndef APPS_WORKLOAD_H
#define APPS_WORKLOAD_H

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

/* Hand hints, as Eden's authors placed them: compiled in for the
 * farmem-manual configuration of `farhint bench` (-DFARHINT_MANUAL), nothing
 * otherwise, so the apps stay ordinary programs. */
#ifdef FARHINT_MANUAL
#include <farhint/hint.h>
#define MANUAL_HINT(addr, mut, size, rdahead, ev_prio, seq)                                        \
  hint_fault(addr, mut, size, rdahead, ev_prio, seq)
#else
#define MANUAL_HINT(addr, mut, size, rdahead, ev_prio, seq) ((void)0)
#endif

static inline uint64_t mix(uint64_t x) {
  x ^= x >> 33, x *= 0xff51afd7ed558ccdULL, x ^= x >> 33, x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

static inline uint64_t xorshift(uint64_t *x) {
  *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
  return *x;
}

/* Zipf(theta) over n ranks: exact over the hottest ZIPF_RANKS ranks (by
 * their cumulative probabilities), uniform over the tail. */
#define ZIPF_RANKS 65536
struct zipf {
  double *cdf;
  uint64_t n;
};

static inline void zipf_init(struct zipf *z, uint64_t n, double theta) {
  z->n = n;
  z->cdf = (double *)malloc(ZIPF_RANKS * sizeof *z->cdf);
  double h = 0, c = 0;
  for (uint64_t r = 1; r <= n; r++)
    h += pow((double)r, -theta);
  for (long r = 0; r < ZIPF_RANKS; r++)
    z->cdf[r] = (c += pow((double)(r + 1), -theta) / h);
}

static inline uint64_t zipf_draw(const struct zipf *z, uint64_t *x) {
  double u = (double)(xorshift(x) >> 11) / 9007199254740992.0;
  long lo = 0, hi = ZIPF_RANKS - 1;
  if (u > z->cdf[hi])
    return ZIPF_RANKS + *x % (z->n > ZIPF_RANKS ? z->n - ZIPF_RANKS : 1);
  while (lo < hi) {
    long mid = (lo + hi) / 2;
    if (z->cdf[mid] < u)
      lo = mid + 1;
    else
      hi = mid;
  }
  return (uint64_t)lo;
}

/* Worker threads that share OPS between them: each gets its part, its own
 * seed and a sum to fill. */
#define WORKLOAD_MAX_THREADS 64
struct workload_share {
  long ops;
  uint64_t seed, sum;
};

/* Parses THREADS (argv[i] if there, else 1); exits with a usage error
 * naming the program when it is outside 1..WORKLOAD_MAX_THREADS. */
static inline int workload_threads(int argc, char **argv, int i) {
  int threads = argc > i ? atoi(argv[i]) : 1;
  if (threads < 1 || threads > WORKLOAD_MAX_THREADS) {
    fprintf(stderr, "%s: THREADS must be in 1..%d\n", argv[0], WORKLOAD_MAX_THREADS);
    exit(2);
  }
  return threads;
}

/* Runs fn(share) on each of `threads` threads and returns the sum of their
 * sums once all have finished. */
static inline uint64_t workload_run(int threads, long ops, void *(*fn)(void *)) {
  struct workload_share w[WORKLOAD_MAX_THREADS];
  pthread_t t[WORKLOAD_MAX_THREADS];
  for (int i = 0; i < threads; i++) {
    w[i] = (struct workload_share){ops / threads, 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1), 0};
    pthread_create(&t[i], NULL, fn, &w[i]);
  }
  uint64_t sum = 0;
  for (int i = 0; i < threads; i++) {
    pthread_join(t[i], NULL);
    sum += w[i].sum;
  }
  return sum;
}

/* The fixed-duration workloads (the process-pager's): seconds since
 * `start`, and MiB and SECONDS parsed from argv[1] and argv[2]. */
#include <time.h>
static inline double workload_seconds(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* A word of the fixed-duration workloads' data: a number under 1000, as
 * counters, sizes and indices mostly are, so their pages compress about as
 * a program's do (2-3x with lz4), not as random bytes do (not at all). */
static inline uint64_t small_value(uint64_t i) { return mix(i) % 1000; }

static inline void workload_size_and_time(int argc, char **argv, size_t *mib, double *seconds) {
  if (argc != 3 || atol(argv[1]) < 4 || atof(argv[2]) <= 0) {
    fprintf(stderr, "usage: %s MiB SECONDS (MiB at least 4)\n", argv[0]);
    exit(2);
  }
  *mib = (size_t)atol(argv[1]);
  *seconds = atof(argv[2]);
}

/* The checksum of n words, chained from check (data in pieces is checked
 * piece by piece). */
static inline uint64_t workload_checksum(uint64_t check, const uint64_t *w, size_t n) {
  for (size_t i = 0; i < n; i++)
    check = mix(check ^ w[i]);
  return check;
}

/* A fixed-duration workload's two lines. sink, what its reads summed,
 * depends on how much work was done, so it is in neither line; it is kept
 * observed so that the compiler keeps the reads. */
static inline void workload_finish(double units_per_s, uint64_t sink, uint64_t check) {
  __asm__ volatile("" : : "r"(sink));
  printf("units_per_s %.1f\n", units_per_s);
  printf("checksum %016llx\n", (unsigned long long)check);
}

#endif
