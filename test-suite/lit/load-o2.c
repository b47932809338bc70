// A profiled load at -O2 gets the inline fast path (far check, metadata
// test) and a slow-path call carrying the profile's site id.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/load-o2.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @get(
// CHECK: %fh.isfar = icmp eq i64 %{{.*}}, 1
// CHECK: fh.check:
// CHECK: %fh.meta = load volatile i64
// CHECK: fh.slow:
// CHECK: call void @farhint_hint_slow(ptr %{{.*}}, i64 8, i32 0, i32 7)
// CHECK: load i64, ptr
// CHECK: declare extern_weak void @farhint_hint_slow(ptr, i64, i32, i32)
long get(long *p, long i) {
  return p[i];
}
