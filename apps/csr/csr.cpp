// csr -- builds a graph's CSR (compressed sparse row) form from an edge list,
// as GAP's MakeCSR does (and every CSR, hash partition and histogram build):
// count each source's degree with an atomic add over the edges, take the
// prefix sum, then scatter each edge's target to the next free slot of its
// source, claimed with another atomic add. Both passes run over an array of
// 16-byte edges in lambdas on THREADS threads, and each edge's source picks
// a random place in a large array: the faults are in the building.
// USAGE: csr MiB [THREADS]   MiB of edges, 8 per vertex on average
// prints the build's time and "checksum <hex>" of the CSR (independent of
// the order the threads fill each vertex's slots in)
#include "workload.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

struct Edge {
  int64_t u, v; // source, target
};
using EdgeList = std::vector<Edge>;

// The edges [first, last) of a list, for a range-for over a thread's slice.
struct Slice {
  EdgeList::const_iterator first, last;
  EdgeList::const_iterator begin() const { return first; }
  EdgeList::const_iterator end() const { return last; }
};
static Slice slice(const EdgeList &edges, size_t lo, size_t hi) {
  return {edges.begin() + lo, edges.begin() + hi};
}

// GAP's fetch_and_add (platform_atomics.h): the value before the add.
template <typename T> T fetch_and_add(T &x, T inc) { return __sync_fetch_and_add(&x, inc); }

// Runs body(first, last) over THREADS slices of [0, n), one thread each.
template <typename Body>
__attribute__((noinline)) void parallel_slices(size_t n, int threads, const Body &body) {
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; t++)
    pool.emplace_back([&, t] { body(n * t / threads, n * (t + 1) / threads); });
  for (std::thread &th : pool)
    th.join();
}

static EdgeList make_edges(size_t ne, int64_t nv, int threads) {
  EdgeList edges(ne);
  parallel_slices(ne, threads, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; i++)
      edges[i] = {int64_t(mix(2 * i) % uint64_t(nv)), int64_t(mix(2 * i + 1) % uint64_t(nv))};
  });
  return edges;
}

struct CSR {
  std::vector<int64_t> offsets; // targets of v: neighs[offsets[v] .. offsets[v+1])
  std::vector<int64_t> neighs;
};

static CSR make_csr(const EdgeList &edges, int64_t nv, int threads) {
  std::vector<std::atomic<int64_t>> degrees(nv);
  parallel_slices(edges.size(), threads, [&](size_t lo, size_t hi) {
    for (const Edge &e : slice(edges, lo, hi))
      degrees[e.u].fetch_add(1, std::memory_order_relaxed);
  });
  CSR g;
  g.offsets.resize(nv + 1);
  for (int64_t v = 0; v < nv; v++)
    g.offsets[v + 1] = g.offsets[v] + degrees[v].load(std::memory_order_relaxed);
  std::vector<int64_t> fill(g.offsets.begin(), g.offsets.end() - 1);
  g.neighs.resize(edges.size());
  parallel_slices(edges.size(), threads, [&](size_t lo, size_t hi) {
    for (const Edge &e : slice(edges, lo, hi))
      g.neighs[fetch_and_add(fill[e.u], int64_t(1))] = e.v;
  });
  return g;
}

static uint64_t checksum(const CSR &g) {
  uint64_t sum = 0;
  for (size_t v = 0; v + 1 < g.offsets.size(); v++)
    for (int64_t i = g.offsets[v]; i < g.offsets[v + 1]; i++)
      sum += mix(v * 0x9e3779b97f4a7c15ULL ^ uint64_t(g.neighs[i]));
  return sum;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: csr MiB [THREADS]\n");
    return 2;
  }
  size_t ne = ((size_t)atol(argv[1]) << 20) / sizeof(Edge);
  int threads = argc > 2 ? atoi(argv[2]) : 1;
  if (ne == 0 || threads < 1) {
    fprintf(stderr, "csr: MiB and THREADS must be positive\n");
    return 2;
  }
  int64_t nv = int64_t(ne / 8);
  EdgeList edges = make_edges(ne, nv, threads);
  auto t0 = std::chrono::steady_clock::now();
  CSR g = make_csr(edges, nv, threads);
  std::chrono::duration<double> build = std::chrono::steady_clock::now() - t0;
  printf("edges %zu vertices %lld threads %d\nbuild %.3f s\n", ne, (long long)nv, threads,
         build.count());
  printf("checksum %016llx\n", (unsigned long long)checksum(g));
  return 0;
}
