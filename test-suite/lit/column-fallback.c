// A site whose column matches no access on its line (the symbolizer reported
// the column of an instruction the load was folded into) falls back to every
// access on the line, and the report says so.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/column-fallback.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// CHECK-LABEL: define{{.*}} i64 @add(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
// REPORT: matched by line (no access at column 5)
long add(long s, long *a, long i) {
  s += a[i];
  return s;
}
