/* graph -- BFS, PageRank, single-source shortest paths, connected
 * components and triangle counting on a generated R-MAT graph in CSR form,
 * multi-threaded in the manner of the CRONO suite.
 * USAGE: graph SCALE [THREADS]   2^SCALE vertices, 16 edges each
 * prints each kernel's result and "checksum <hex>" */
#include "workload.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long nv, ne;
static long *offsets; /* CSR: edges of v are targets[offsets[v] .. offsets[v+1]) */
static int32_t *targets;
static int nthreads;

#define rng xorshift

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

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return x < y ? -1 : x > y;
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
  for (long v = 0; v < nv; v++) /* sorted lists, for triangle counting */
    qsort(&targets[offsets[v]], offsets[v + 1] - offsets[v], sizeof *targets, cmp_i32);
  free(fill);
  free(src);
  free(dst);
}

/* Level-synchronous BFS; each level's frontier is split across threads. */
static int32_t *depth;
static long *frontier, *next_frontier;
static long frontier_len, next_len;
static int level;

struct range {
  long lo, hi;
};

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
      while (!__atomic_compare_exchange(t, &old, &(double){old + share}, 0, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
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

/* Single-source shortest paths (Bellman-Ford in rounds): edge weights 1..16
 * from a hash of the edge; a round relaxes the edges of the vertices whose
 * distance changed in the last one, with an atomic min. */
static int64_t *dist;
static uint8_t *active, *next_active;
static int changed;

static void atomic_min64(int64_t *p, int64_t v) {
  int64_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v < old && !__atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

static void *sssp_round(void *arg) {
  struct range *r = arg;
  for (long v = r->lo; v < r->hi; v++) {
    if (!active[v])
      continue;
    int64_t d = __atomic_load_n(&dist[v], __ATOMIC_RELAXED);
    for (long e = offsets[v]; e < offsets[v + 1]; e++) {
      int32_t w = targets[e];
      int64_t nd = d + 1 + (int64_t)(mix((uint64_t)e) % 16);
      if (nd < __atomic_load_n(&dist[w], __ATOMIC_RELAXED)) {
        atomic_min64(&dist[w], nd);
        next_active[w] = 1;
        changed = 1;
      }
    }
  }
  return NULL;
}

static int64_t sssp(long root) {
  dist = malloc(nv * sizeof *dist);
  active = calloc(nv, 1);
  next_active = calloc(nv, 1);
  for (long v = 0; v < nv; v++)
    dist[v] = INT64_MAX;
  dist[root] = 0;
  active[root] = 1;
  do {
    changed = 0;
    parallel(sssp_round, nv);
    uint8_t *t = active;
    active = next_active;
    next_active = t;
    memset(next_active, 0, nv);
  } while (changed);
  int64_t sum = 0;
  for (long v = 0; v < nv; v++)
    if (dist[v] != INT64_MAX)
      sum += dist[v];
  return sum;
}

/* Connected components (edges taken both ways) by label propagation: every
 * vertex ends with the smallest id of its component. */
static int32_t *label;

static void *cc_round(void *arg) {
  struct range *r = arg;
  for (long v = r->lo; v < r->hi; v++)
    for (long e = offsets[v]; e < offsets[v + 1]; e++) {
      int32_t w = targets[e];
      int32_t a = __atomic_load_n(&label[v], __ATOMIC_RELAXED);
      int32_t b = __atomic_load_n(&label[w], __ATOMIC_RELAXED);
      if (a == b)
        continue;
      int32_t *hi = a < b ? &label[w] : &label[v], lo = a < b ? a : b;
      int32_t old = __atomic_load_n(hi, __ATOMIC_RELAXED);
      while (lo < old &&
             !__atomic_compare_exchange_n(hi, &old, lo, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
      changed = 1;
    }
  return NULL;
}

static long components(void) {
  label = malloc(nv * sizeof *label);
  for (long v = 0; v < nv; v++)
    label[v] = (int32_t)v;
  do {
    changed = 0;
    parallel(cc_round, nv);
  } while (changed);
  long n = 0;
  for (long v = 0; v < nv; v++)
    n += label[v] == v;
  return n;
}

/* Triangles v < u < w with edges v->u, u->w and v->w (duplicate edges and
 * self-loops ignored), through sorted adjacency lists: for each edge v->u,
 * the w > u of the shorter of the two lists are looked up in the longer one
 * by binary search, so the hubs' long lists are searched, not walked. */
static long triangle_sum[64];

/* First edge of v whose target is >= w. */
static long lower_bound(long v, int32_t w) {
  long lo = offsets[v], hi = offsets[v + 1];
  while (lo < hi) {
    long mid = (lo + hi) / 2;
    if (targets[mid] < w)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static int has_edge(long v, int32_t w) {
  long e = lower_bound(v, w);
  return e < offsets[v + 1] && targets[e] == w;
}

static void *tc_range(void *arg) {
  struct range *r = arg;
  long count = 0;
  for (long v = r->lo; v < r->hi; v++)
    for (long e = offsets[v]; e < offsets[v + 1]; e++) {
      long u = targets[e];
      if (u <= v || (e > offsets[v] && targets[e - 1] == u))
        continue;
      int v_shorter = offsets[v + 1] - offsets[v] < offsets[u + 1] - offsets[u];
      long walk = v_shorter ? v : u, other = v_shorter ? u : v;
      for (long f = lower_bound(walk, (int32_t)u + 1); f < offsets[walk + 1]; f++)
        if ((f == offsets[walk] || targets[f] != targets[f - 1]) && has_edge(other, targets[f]))
          count++;
    }
  triangle_sum[(r->lo * nthreads) / nv] = count;
  return NULL;
}

static long triangles(void) {
  parallel(tc_range, nv);
  long n = 0;
  for (int i = 0; i < nthreads; i++)
    n += triangle_sum[i];
  return n;
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
  int64_t dist_sum = sssp(0);
  long ncc = components(), ntri = triangles();
  /* The rank sum is rounded to 1e-4: parallel float additions differ in
   * order from run to run in the last digits. */
  printf("vertices %ld edges %ld reached %ld depth_sum %ld rank_sum %.6f\n", nv, ne, reached,
         depth_sum, ranks);
  printf("sssp_dist_sum %lld components %ld triangles %ld\n", (long long)dist_sum, ncc, ntri);
  uint64_t sum =
      mix((uint64_t)reached * 1000003 + (uint64_t)depth_sum * 31 + (uint64_t)(ranks * 1e4 + 0.5));
  sum = mix(sum ^ (uint64_t)dist_sum);
  sum = mix(sum ^ ((uint64_t)ncc << 32 | (uint64_t)ntri));
  printf("checksum %016llx\n", (unsigned long long)sum);
  return 0;
}
