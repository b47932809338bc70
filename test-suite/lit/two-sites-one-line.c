// Two sites on one line are told apart by column: the load of src[j] gets
// site 1, the store to dst[i] site 2 (the store's location is the '=').
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/two-sites-one-line.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @copy(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 1)
// CHECK-NOT: @farhint_hint_slow(
// CHECK: load i64
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 2)
// CHECK-NOT: @farhint_hint_slow(
// CHECK: store i64
void copy(long *dst, long *src, long i, long j) {
  dst[i] = src[j];
}
