// A site at a call whose callee was inlined (std::vector::push_back): the
// profile names the application's call, which makes no access of its own, so
// the callee's accesses inlined there are hinted; another call on the line
// (size()) is not, nor is a push_back elsewhere.
// RUN: %clangxx -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/inlined-callee.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// CHECK-LABEL: define{{.*}}fill
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 3)
// CHECK-LABEL: define{{.*}}other
// CHECK-NOT: farhint_hint_slow
// CHECK: ret
// REPORT: location: "inlined-callee.cpp:18:7"
// REPORT: accesses: {{[1-9]}}
// REPORT: why: "{{.*}}; the accesses of the callee inlined at this call"
#include <vector>
void fill(std::vector<long> &v, long n) {
  for (long i = 0; i < n; i++)
    v.push_back(i + (long)v.size());
}
void other(std::vector<long> &v, long n) {
  for (long i = 0; i < n; i++)
    v.push_back(i);
}
