// A stride of a page or more touches a new page every iteration: no seq, no
// read-ahead.
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-profile=%inputs/large-stride.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// CHECK-LABEL: define{{.*}} i64 @column_sum(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
// REPORT: stride 8192 bytes (a new page each iteration: no seq)
long column_sum(const long *m, long rows) {
  long s = 0;
  for (long r = 0; r < rows; r++)
    s += m[r * 1024];
  return s;
}
