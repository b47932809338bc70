// An inlined copy keeps the callee's line:column; the site's inlined-at chain
// picks the copy inlined into twice() and not the one in next().
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/inlined-site.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @twice(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
// CHECK-LABEL: define{{.*}} i64 @next(
// CHECK-NOT: farhint_hint_slow
// CHECK: ret i64
static long get(long *a, long i) {
  return a[i];
}
long twice(long *a, long i) {
  return get(a, i) * 2;
}
long next(long *a, long i) {
  return get(a, i + 1);
}
