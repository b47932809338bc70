// A load at a site the profile suggests mut for (its pages are written next
// by another line) is hinted writable, though the site itself only read.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/suggested-mut-load.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// CHECK-LABEL: define{{.*}} i64 @peek(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 7)
// REPORT: why: "read of pages written soon after; profile suggests
long peek(const long *p, long i) {
  return p[i];
}
