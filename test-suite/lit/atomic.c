// An atomic read-modify-write is hinted as a write.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/atomic.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @count(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 7)
// CHECK: atomicrmw add
void count(long *counters, long i) {
  __atomic_fetch_add(&counters[i], 1, __ATOMIC_SEQ_CST);
}
