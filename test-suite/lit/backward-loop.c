// A loop walking backwards gets negative read-ahead: -16 pages, packed as
// 0xfff00002 (seq) = -1048574 as a signed i32.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/backward-loop.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @rsum(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 -1048574, i32 7)
long rsum(const long *a, long n) {
  long s = 0;
  for (long i = n - 1; i >= 0; i--)
    s += a[i];
  return s;
}
