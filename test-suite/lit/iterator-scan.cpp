// A range-for over a std::vector (iterators) is hinted like an indexed scan.
// RUN: %clangxx -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/iterator-scan.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}}total
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 1048578, i32 7)
#include <vector>
long total(const std::vector<long> &v) {
  long s = 0;
  for (long x : v)
    s += x;
  return s;
}
