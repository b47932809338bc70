// The CSR build of a C++ graph suite (GAP's MakeCSR): range-for loops over a
// std::vector of edges in lambdas that a runner calls, counting degrees with
// std::atomic's fetch_add and scattering through a template fetch_and_add
// (__sync_fetch_and_add). Each site gets a prefetch ahead: the lambda's
// captures and the vectors' data pointers, which the loop reloads around
// the atomic add, are taken as they are this iteration, not followed; the
// atomic's value is read ahead with a relaxed atomic load; and the site at
// the column of the inlined std::atomic::fetch_add is its atomic add, not
// the read of e.u on the same line.
// RUN: %clangxx -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/prefetch-builder-lambda.fhprof -fplugin-arg-farhint-report=%t.yaml -fplugin-arg-farhint-buffered-writes=false -S -emit-llvm %s -o %t.ll
// RUN: FileCheck --check-prefix=REPORT %s --input-file=%t.yaml
// RUN: FileCheck --check-prefix=IR %s --input-file=%t.ll
// REPORT: prefetch-builder-lambda.cpp:36:20
// REPORT: write; {{.*}}prefetch ahead: indirect through 1 load(s), a field of each element, by a stepping pointer{{.*}}; the accesses of the callee inlined at this call
// REPORT: prefetch-builder-lambda.cpp:43:44
// REPORT: prefetch ahead: indirect through 2 load(s), a field of each element, an atomic's value, by a stepping pointer
// REPORT: prefetch-builder-lambda.cpp:28:61
// REPORT: prefetch ahead: indirect through 1 load(s), a field of each element, by a stepping pointer
// In the IR, a prefetch before the count's atomic add, an atomic load ahead in the scatter:
// IR-LABEL: define{{.*}}@"_Z3runIZ5count
// IR: call {{.*}}@farhint_prefetch_preserve_most
// IR: atomicrmw add
// IR-LABEL: define{{.*}}@"_Z3runIZ7scatter
// IR: load atomic i64, ptr %{{.*}} monotonic
// IR: call {{.*}}@farhint_prefetch_preserve_most
#include <atomic>
#include <vector>
template <typename T> T fetch_and_add(T &x, T inc) { return __sync_fetch_and_add(&x, inc); }

struct Edge { long u, v; };
template <typename Body> __attribute__((noinline)) void run(const Body &body) { body(); }

void count(const std::vector<Edge> &edges, std::vector<std::atomic<long>> &degrees) {
  run([&] {
    for (const Edge &e : edges)
      degrees[e.u].fetch_add(1, std::memory_order_relaxed);
  });
}

void scatter(const std::vector<Edge> &edges, std::vector<long> &fill, std::vector<long> &neighs) {
  run([&] {
    for (const Edge &e : edges)
      neighs[fetch_and_add(fill[e.u], 1L)] = e.v;
  });
}
