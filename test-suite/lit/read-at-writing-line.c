// On a read-modify-write line whose site saw write faults, the load is hinted
// with mut too: mapping writable at the load saves the store's
// write-protect fault.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/read-at-writing-line.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @bump(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 7)
// CHECK-NEXT: br label
// CHECK: load i64
void bump(long *p, long i) {
  p[i] += 1;
}
