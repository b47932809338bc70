// At -O0 (every function optnone) the pass still runs, and only the heap
// access is hinted, not the loads of the stack slots on the same line.
// RUN: %clang -O0 -g %plugin -fplugin-arg-farhint-profile=%inputs/load-o0.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @get(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
// CHECK-NOT: call preserve_mostcc void @farhint_hint_slow_preserve_most
// CHECK: ret i64
long get(long *p, long i) {
  return p[i];
}
