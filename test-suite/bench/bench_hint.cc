// Cost of the inlined hint fast path against the bare load it guards.
// Prints Google Benchmark's table, then ns per operation and the ratio to the
// bare load, all measured in this one run.
//
// USAGE: build/bin/bench_hint [--benchmark_repetitions=5]
#include "fake_hint_words.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

namespace {

constexpr size_t kWords = 1 << 12; // 32 KiB: stays in L1, as a hot loop does
long local_words[kWords];

// A present far page needs the metadata table (fake_hint_words.h); the loads themselves go to
// local memory at the same page offsets, since no far range is mapped here.
const long *far_alias(size_t i) {
  return (const long *)(FARHINT_FAR_BASE + (uintptr_t)&local_words[i] % (1 << 20));
}

void BM_BareLoad(benchmark::State &state) {
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(local_words[i]);
    i = (i + 1) & (kWords - 1);
  }
}

void BM_HintPresentAligned(benchmark::State &state) {
  static __thread uintptr_t last;
  size_t i = 0;
  for (auto _ : state) {
    farhint_hint_impl(far_alias(i), 8, 0, 0, 0, 0, 1, &last, 0);
    benchmark::DoNotOptimize(local_words[i]);
    i = (i + 1) & (kWords - 1);
  }
}

void BM_HintPresent(benchmark::State &state) {
  static __thread uintptr_t last;
  size_t i = 0;
  for (auto _ : state) {
    farhint_hint(far_alias(i), 8, 0, 0, 0, 0, 1, &last);
    benchmark::DoNotOptimize(local_words[i]);
    i = (i + 1) & (kWords - 1);
  }
}

void BM_HintSeqRepeat(benchmark::State &state) {
  static __thread uintptr_t last;
  size_t i = 0;
  for (auto _ : state) {
    farhint_hint_impl(far_alias(i), 8, 0, 16, 0, 1, 2, &last, 0);
    benchmark::DoNotOptimize(local_words[i]);
    i = (i + 1) & (kWords - 1);
  }
}

void BM_HintOutsideFar(benchmark::State &state) {
  static __thread uintptr_t last;
  size_t i = 0;
  for (auto _ : state) {
    farhint_hint(&local_words[i], 8, 0, 0, 0, 0, 3, &last);
    benchmark::DoNotOptimize(local_words[i]);
    i = (i + 1) & (kWords - 1);
  }
}

// Far, but the runtime has not yet evicted: skipped after the state word.
void BM_HintNotLive(benchmark::State &state) {
  static __thread uintptr_t last;
  fake_hint_set_live(0);
  size_t i = 0;
  for (auto _ : state) {
    farhint_hint(far_alias(i), 8, 0, 0, 0, 0, 4, &last);
    benchmark::DoNotOptimize(local_words[i]);
    i = (i + 1) & (kWords - 1);
  }
  fake_hint_set_live(1);
}

BENCHMARK(BM_BareLoad);
BENCHMARK(BM_HintPresentAligned);
BENCHMARK(BM_HintPresent);
BENCHMARK(BM_HintSeqRepeat);
BENCHMARK(BM_HintOutsideFar);
BENCHMARK(BM_HintNotLive);

// Keeps each benchmark's per-iteration CPU time (the median when repeated).
class RatioReporter : public benchmark::ConsoleReporter {
public:
  std::map<std::string, double> ns;
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &r : runs) {
      bool aggregate = r.run_type == Run::RT_Aggregate;
      if (aggregate && r.aggregate_name != "median")
        continue;
      std::string name = r.run_name.function_name;
      if (!aggregate && ns.count(name) && r.repetitions > 1)
        continue;
      ns[name] = r.GetAdjustedCPUTime();
    }
  }
};

} // namespace

int main(int argc, char **argv) {
  fake_hint_words(1 << 20, FARHINT_META_REGISTERED | FARHINT_META_PRESENT);
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  double bare = reporter.ns["BM_BareLoad"];
  std::printf("\n%-24s %10s %10s %14s\n", "case", "ns/op", "x bare", "hint ns (op-bare)");
  for (auto &[name, t] : reporter.ns)
    std::printf("%-24s %10.3f %10.2f %14.3f\n", name.c_str(), t, t / bare, t - bare);
  benchmark::Shutdown();
  return 0;
}
