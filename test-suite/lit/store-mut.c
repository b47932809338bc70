// A store is hinted with mut (flags bit 0), so the page is mapped writable.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/store-mut.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @put(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 7)
// CHECK: store i64
void put(long *p, long i, long v) {
  p[i] = v;
}
