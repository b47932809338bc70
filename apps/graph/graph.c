/* graph -- BFS and PageRank on a generated R-MAT graph in CSR form,
 * multi-threaded in the manner of the CRONO suite.
 * USAGE: graph SCALE [THREADS]   2^SCALE vertices, 16 edges each
 * prints reached vertices, depth sum, rank sum and "checksum <hex>" */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long nv, ne;
static long *offsets;   /* CSR: edges of v are targets[offsets[v] .. offsets[v+1]) */
static int32_t *targets;
static int nthreads;

static uint64_t rng(uint64_t *x) {
  *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
  return *x;
}

/* R-MAT with a=0.57, b=c=0.19: a few hubs, a long tail, as social graphs. */
static void rmat_edge(int scale, uint64_t *x, long *u, long *v) {
  *u = *v = 0;
  for (int i = 0; i < scale; i++) {
    uint64_t r = rng(x) % 100;
    int ub = r >= 57 + 19, vb = (r >= 57 && r < 76) || r >= 95;
    *u = (*u << 1) | ub;
    *v = (*v << 1) | vb;
  }
}

static void build(int scale) {
  nv = 1L << scale;
  ne = nv * 16;
  long *src = malloc(ne * sizeof *src), *dst = malloc(ne * sizeof *dst);
  offsets = calloc(nv + 1, sizeof *offsets);
  uint64_t x = 0x2545f4914f6cdd1dULL;
  for (long e = 0; e < ne; e++) {
    rmat_edge(scale, &x, &src[e], &dst[e]);
    offsets[src[e] + 1]++;
  }
  for (long v = 0; v < nv; v++)
    offsets[v + 1] += offsets[v];
  long *fill = malloc(nv * sizeof *fill);
  memcpy(fill, offsets, nv * sizeof *fill);
  targets = malloc(ne * sizeof *targets);
  for (long e = 0; e < ne; e++)
    targets[fill[src[e]]++] = (int32_t)dst[e];
  free(fill);
  free(src);
  free(dst);
}

/* Level-synchronous BFS; each level's frontier is split across threads. */
static int32_t *depth;
static long *frontier, *next_frontier;
static long frontier_len, next_len;
static int level;

struct range { long lo, hi; };

static void *bfs_level(void *arg) {
  struct range *r = arg;
  long local[256], n = 0;
  for (long i = r->lo; i < r->hi; i++) {
    long v = frontier[i];
    for (long e = offsets[v]; e < offsets[v + 1]; e++) {
      int32_t w = targets[e];
      int32_t unseen = -1;
      if (depth[w] == -1 && __atomic_compare_exchange_n(&depth[w], &unseen, level + 1, 0,
                                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        local[n++] = w;
        if (n == 256) {
          long at = __atomic_fetch_add(&next_len, n, __ATOMIC_RELAXED);
          memcpy(&next_frontier[at], local, n * sizeof *local);
          n = 0;
        }
      }
    }
  }
  long at = __atomic_fetch_add(&next_len, n, __ATOMIC_RELAXED);
  memcpy(&next_frontier[at], local, n * sizeof *local);
  return NULL;
}

static void parallel(void *(*fn)(void *), long n) {
  pthread_t t[64];
  struct range r[64];
  for (int i = 0; i < nthreads; i++) {
    r[i] = (struct range){n * i / nthreads, n * (i + 1) / nthreads};
    pthread_create(&t[i], NULL, fn, &r[i]);
  }
  for (int i = 0; i < nthreads; i++)
    pthread_join(t[i], NULL);
}

static void bfs(long root, long *reached, long *depth_sum) {
  depth = malloc(nv * sizeof *depth);
  memset(depth, 0xff, nv * sizeof *depth);
  frontier = malloc(nv * sizeof *frontier);
  next_frontier = malloc(nv * sizeof *next_frontier);
  depth[root] = 0;
  frontier[0] = root;
  frontier_len = 1;
  for (level = 0; frontier_len; level++) {
    next_len = 0;
    parallel(bfs_level, frontier_len);
    long *t = frontier;
    frontier = next_frontier;
    next_frontier = t;
    frontier_len = next_len;
  }
  *reached = *depth_sum = 0;
  for (long v = 0; v < nv; v++)
    if (depth[v] >= 0)
      (*reached)++, *depth_sum += depth[v];
}

/* PageRank, pull-free push form: contributions gathered per vertex. */
static double *rank, *next_rank;

static void *pr_step(void *arg) {
  struct range *r = arg;
  for (long v = r->lo; v < r->hi; v++) {
    long deg = offsets[v + 1] - offsets[v];
    if (!deg)
      continue;
    double share = rank[v] / (double)deg;
    for (long e = offsets[v]; e < offsets[v + 1]; e++) {
      double *t = &next_rank[targets[e]], old = *t;
      while (!__atomic_compare_exchange(t, &old, &(double){old + share}, 0,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
    }
  }
  return NULL;
}

static double pagerank(int iterations) {
  rank = malloc(nv * sizeof *rank);
  next_rank = malloc(nv * sizeof *next_rank);
  for (long v = 0; v < nv; v++)
    rank[v] = 1.0 / (double)nv;
  for (int i = 0; i < iterations; i++) {
    for (long v = 0; v < nv; v++)
      next_rank[v] = 0.15 / (double)nv;
    for (long v = 0; v < nv; v++)
      rank[v] *= 0.85;
    parallel(pr_step, nv);
    double *t = rank;
    rank = next_rank;
    next_rank = t;
  }
  double sum = 0;
  for (long v = 0; v < nv; v++)
    sum += rank[v];
  return sum;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s SCALE [THREADS]\n", argv[0]);
    return 2;
  }
  int scale = atoi(argv[1]);
  nthreads = argc > 2 ? atoi(argv[2]) : 2;
  if (scale < 4 || scale > 30 || nthreads < 1 || nthreads > 64) {
    fprintf(stderr, "graph: SCALE in 4..30, THREADS in 1..64\n");
    return 2;
  }
  build(scale);
  long reached, depth_sum;
  bfs(0, &reached, &depth_sum);
  double ranks = pagerank(10);
  /* The rank sum is rounded to 1e-4: parallel float additions differ in
   * order from run to run in the last digits. */
  printf("vertices %ld edges %ld reached %ld depth_sum %ld rank_sum %.6f\n", nv, ne, reached,
         depth_sum, ranks);
  printf("checksum %016llx\n",
         (unsigned long long)((uint64_t)reached * 1000003 + (uint64_t)depth_sum * 31 +
                              (uint64_t)(ranks * 1e4 + 0.5)));
  return 0;
}
