// A std::vector scan at -O2 is hinted as a sequential scan: seq with
// read-ahead 16 (packed flags 0x100002 = 1048578) from loop analysis.
// RUN: %clangxx -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/vector-scan.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}}total
// CHECK: @__farhint_seq_last.7
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 1048578, i32 7)
#include <vector>
long total(const std::vector<long> &v) {
  long s = 0;
  for (std::size_t i = 0; i < v.size(); i++)
    s += v[i];
  return s;
}
