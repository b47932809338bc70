// A hint that only serves its miss (a read with no pattern) tests the
// module's park word; one that maps writable (mut) tests the live word. A
// loop holding both is versioned on the live word, and inside it the plain
// hint still tests the park word; the mut hint, known live there, tests
// nothing. A loop holding only the plain hint is versioned on the park word.
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-profile=%inputs/park-word.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @mix(
// CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
// CHECK: br i1 %fh.islive
// CHECK: load volatile i32, ptr @__farhint_park_word
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 1)
// CHECK-NOT: load volatile i32, ptr @__farhint_{{live|park}}_word
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 2)
// CHECK-LABEL: define{{.*}} i64 @sum(
// CHECK: %fh.live = load volatile i32, ptr @__farhint_park_word
// CHECK: br i1 %fh.islive
// CHECK-NOT: load volatile i32, ptr @__farhint_{{live|park}}_word
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 3)
// CHECK-DAG: call void @farhint_register_live_word(ptr @__farhint_live_word)
// CHECK-DAG: call void @farhint_register_park_word(ptr @__farhint_park_word)
void mix(long *dst, const long *t, unsigned long mask, long n) {
  for (long i = 0; i < n; i++) {
    long v = t[(i * 0x9e3779b97f4a7c15UL) & mask];
    dst[i] = v;
  }
}

long sum(const long *t, unsigned long mask, long n) {
  long s = 0;
  for (long i = 0; i < n; i++)
    s += t[(i * 0x9e3779b97f4a7c15UL) & mask];
  return s;
}
