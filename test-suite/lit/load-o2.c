// A profiled load at -O2 gets the inline fast path (the module's live word,
// far check, metadata test) and a slow-path call carrying the profile's site
// id. The live word is registered with the runtime from a constructor.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/load-o2.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK: @__farhint_live_word = internal global i32 0
// CHECK: @llvm.global_ctors = {{.*}} @__farhint_register_live_word
// CHECK-LABEL: define{{.*}} i64 @get(
// CHECK-SAME: #[[ATTRS:[0-9]+]]
// CHECK: %[[LIVE:.*]] = load volatile i32, ptr @__farhint_live_word
// CHECK: icmp ne i32 %[[LIVE]], 0
// CHECK: %fh.isfar = icmp eq i64 %{{.*}}, 1
// CHECK: fh.check:
// CHECK: %fh.meta = load volatile i64
// CHECK: fh.slow:
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
// CHECK: load i64, ptr
// CHECK: declare extern_weak preserve_mostcc void @farhint_hint_slow_preserve_most(ptr, i64, i32, i32)
// CHECK: declare extern_weak void @farhint_register_live_word(ptr)
// CHECK: define internal void @__farhint_register_live_word()
// CHECK: icmp ne ptr @farhint_register_live_word, null
// CHECK: call void @farhint_register_live_word(ptr @__farhint_live_word)
// What -O2 inferred before the hint (reads only its arguments) is dropped:
// CHECK: attributes #[[ATTRS]] = { {{([^m]|m[^e])*}} }
long get(long *p, long i) {
  return p[i];
}
