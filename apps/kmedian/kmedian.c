/* kmedian -- streaming k-median clustering in the manner of PARSEC's
 * streamcluster: points (32 float dimensions) arrive in chunks; each chunk
 * is clustered against the running centers with a few local-search rounds
 * (assign every point to its nearest center, move each center toward the
 * mean of its points, weighted against what it already stands for), and a
 * final pass measures the k-median cost (sum of distances) over all points.
 * USAGE: kmedian MiB [K] [THREADS]   prints the cost and "checksum <hex>" */
#include "workload.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIM 32
#define CHUNKS 8
#define ROUNDS 3
#define MAX_K 64

static float *points;
static long npoints;
static int k, nthreads;
static float centers[MAX_K][DIM];
static double weight[MAX_K]; /* points a center stands for so far */

struct part {
  long lo, hi;
  double sum[MAX_K][DIM], cost;
  long count[MAX_K];
};

static int nearest(const float *p, double *d_out) {
  int best = 0;
  double bd = INFINITY;
  for (int c = 0; c < k; c++) {
    double d = 0;
    for (int j = 0; j < DIM; j++) {
      double t = p[j] - centers[c][j];
      d += t * t;
    }
    if (d < bd)
      bd = d, best = c;
  }
  *d_out = sqrt(bd);
  return best;
}

static void *assign(void *arg) {
  struct part *s = arg;
  memset(s->sum, 0, sizeof s->sum);
  memset(s->count, 0, sizeof s->count);
  s->cost = 0;
  for (long i = s->lo; i < s->hi; i++) {
    const float *p = &points[i * DIM];
    double d;
    int c = nearest(p, &d);
    s->cost += d;
    s->count[c]++;
    for (int j = 0; j < DIM; j++)
      s->sum[c][j] += p[j];
  }
  return NULL;
}

/* One pass over [lo, hi) on all threads; per-thread sums are combined in
 * thread order, so the result does not depend on scheduling. */
static double pass(long lo, long hi, struct part *parts, int move) {
  pthread_t t[64];
  for (int i = 0; i < nthreads; i++) {
    parts[i].lo = lo + (hi - lo) * i / nthreads;
    parts[i].hi = lo + (hi - lo) * (i + 1) / nthreads;
    pthread_create(&t[i], NULL, assign, &parts[i]);
  }
  double cost = 0;
  for (int i = 0; i < nthreads; i++) {
    pthread_join(t[i], NULL);
    cost += parts[i].cost;
  }
  if (!move)
    return cost;
  for (int c = 0; c < k; c++) {
    long n = 0;
    double sum[DIM] = {0};
    for (int i = 0; i < nthreads; i++) {
      n += parts[i].count[c];
      for (int j = 0; j < DIM; j++)
        sum[j] += parts[i].sum[c][j];
    }
    if (!n)
      continue;
    for (int j = 0; j < DIM; j++)
      centers[c][j] = (float)((centers[c][j] * weight[c] + sum[j]) / (weight[c] + n));
  }
  return cost;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MiB [K] [THREADS]\n", argv[0]);
    return 2;
  }
  npoints = (atol(argv[1]) << 20) / (DIM * sizeof(float));
  k = argc > 2 ? atoi(argv[2]) : 16;
  nthreads = argc > 3 ? atoi(argv[3]) : 2;
  if (k < 1 || k > MAX_K || nthreads < 1 || nthreads > 64 || npoints < CHUNKS * k) {
    fprintf(stderr, "kmedian: K in 1..%d, THREADS in 1..64, and more points\n", MAX_K);
    return 2;
  }
  points = malloc(npoints * DIM * sizeof *points);
  uint64_t x = 0x853c49e6748fea9bULL;
  float truth[MAX_K][DIM]; /* the points scatter around k true centers */
  for (int c = 0; c < k; c++)
    for (int j = 0; j < DIM; j++)
      truth[c][j] = (float)(xorshift(&x) % 1000);
  for (long i = 0; i < npoints; i++) {
    int c = (int)(xorshift(&x) % (uint64_t)k);
    for (int j = 0; j < DIM; j++)
      points[i * DIM + j] = truth[c][j] + (float)((int)(xorshift(&x) % 201) - 100);
  }
  for (int c = 0; c < k; c++) /* start from the first chunk's first points */
    memcpy(centers[c], &points[(long)c * DIM], sizeof centers[c]);
  struct part *parts = calloc(nthreads, sizeof *parts);
  long chunk = npoints / CHUNKS;
  for (int ch = 0; ch < CHUNKS; ch++) {
    long lo = ch * chunk, hi = ch == CHUNKS - 1 ? npoints : lo + chunk;
    for (int r = 0; r < ROUNDS; r++)
      pass(lo, hi, parts, 1);
    for (int c = 0; c < k; c++) /* the chunk now counts toward its centers */
      for (int i = 0; i < nthreads; i++)
        weight[c] += parts[i].count[c];
  }
  double cost = pass(0, npoints, parts, 0);
  uint64_t sum = mix((uint64_t)llround(cost));
  for (int c = 0; c < k; c++)
    for (int j = 0; j < DIM; j++)
      sum = mix(sum ^ (uint64_t)llroundf(centers[c][j] * 16));
  printf("points %ld k %d cost %.0f\nchecksum %016llx\n", npoints, k, cost,
         (unsigned long long)sum);
  return 0;
}
