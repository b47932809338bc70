// ev_prio -1 (FARHINT_EV_KEEP: a re-scanned range) reaches the runtime as
// the byte 0xff: packed 4<<16 | 0xff<<8 = 327424; -3 in the profile is
// clamped to -1, 300 to 254.
// RUN: sed 's/EVPRIO/-1/' %inputs/profile-keep.fhprof > %t.fhprof
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t.fhprof -S -emit-llvm %s -o - | FileCheck %s
// RUN: sed 's/EVPRIO/-3/' %inputs/profile-keep.fhprof > %t-low.fhprof
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t-low.fhprof -S -emit-llvm %s -o - | FileCheck %s
// RUN: sed 's/EVPRIO/300/' %inputs/profile-keep.fhprof > %t-high.fhprof
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t-high.fhprof -S -emit-llvm %s -o - | FileCheck %s --check-prefix=HIGH
// CHECK-LABEL: define{{.*}} i64 @get(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 327424, i32 7)
// HIGH: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 327168, i32 7)
long get(const long *p, long i) {
  return p[i];
}

// The profiled binary's build id is kept in the object, for `farhint run`'s check:
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t.fhprof -S -emit-llvm %s -o - | FileCheck %s --check-prefix=BUILD
// BUILD: @__farhint_profiled_build = internal constant [9 x i8] c"f58c8684\00", section ".farhint.profile"
