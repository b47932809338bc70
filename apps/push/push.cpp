// push -- PageRank by pushing, as push-style graph kernels and histograms
// do: each vertex's degree is counted with an atomic add over the edges
// (on THREADS threads), then each iteration every edge (u, v) adds u's
// share of rank into next[v] -- a scattered `+=` on a float array as large
// as the ranks. The edges are streamed in order; next is written where no
// one reads it until the iteration ends.
// USAGE: push MiB [ITERATIONS] [THREADS]   MiB of edges (8 bytes each), a
// vertex for every two edges
// prints the time of the pushes and "checksum <hex>" of the ranks' bits
// (the adds to each vertex run in edge order on one thread, so native and
// far-memory runs agree to the bit)
#include "workload.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

struct Edge {
  uint32_t u, v; // source, target
};

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: push MiB [ITERATIONS] [THREADS]\n");
    return 2;
  }
  size_t ne = ((size_t)atol(argv[1]) << 20) / sizeof(Edge);
  int iterations = argc > 2 ? atoi(argv[2]) : 3;
  int threads = argc > 3 ? atoi(argv[3]) : 1;
  uint32_t nv = uint32_t(ne / 2);
  if (ne < 2 || iterations < 1 || threads < 1 || ne / 2 > UINT32_MAX) {
    fprintf(stderr, "push: MiB, ITERATIONS and THREADS must be positive (and MiB under 32768)\n");
    return 2;
  }
  std::vector<Edge> edges(ne);
  for (size_t i = 0; i < ne; i++)
    edges[i] = {uint32_t(mix(2 * i) % nv), uint32_t(mix(2 * i + 1) % nv)};

  std::vector<uint32_t> degree(nv);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; t++)
    pool.emplace_back([&, t] {
      for (size_t i = ne * t / threads; i < ne * (t + 1) / threads; i++)
        __atomic_fetch_add(&degree[edges[i].u], 1u, __ATOMIC_RELAXED);
    });
  for (std::thread &th : pool)
    th.join();

  std::vector<float> rank(nv, 1.0f / float(nv)), share(nv), next(nv);
  auto t0 = std::chrono::steady_clock::now();
  for (int it = 0; it < iterations; it++) {
    for (uint32_t v = 0; v < nv; v++)
      share[v] = degree[v] ? rank[v] / float(degree[v]) : 0.0f;
    std::fill(next.begin(), next.end(), 0.0f);
    for (const Edge &e : edges)
      next[e.v] += share[e.u];
    for (uint32_t v = 0; v < nv; v++)
      rank[v] = 0.15f / float(nv) + 0.85f * next[v];
  }
  std::chrono::duration<double> pushes = std::chrono::steady_clock::now() - t0;

  uint64_t sum = 0;
  for (uint32_t v = 0; v < nv; v++) {
    uint32_t bits;
    memcpy(&bits, &rank[v], sizeof bits);
    sum += mix(uint64_t(v) << 32 | bits);
  }
  printf("edges %zu vertices %u iterations %d\npushes %.3f s\n", ne, nv, iterations,
         pushes.count());
  printf("checksum %016llx\n", (unsigned long long)sum);
  return 0;
}
