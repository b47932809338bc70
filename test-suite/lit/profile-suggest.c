// Outside loops the profile's suggestion decides: here rdahead 4 and
// ev_prio 3 (packed 4<<16 | 3<<8 = 262912).
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/profile-suggest.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @get(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 262912, i32 7)
long get(const long *p, long i) {
  return p[i];
}
