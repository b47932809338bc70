// A naturally aligned access lies in one page: its hint has no page-crossing
// test; an unaligned (packed) one keeps it.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/aligned-no-cross-check.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @aligned(
// CHECK: fh.check:
// CHECK-NOT: icmp ugt
// CHECK: fh.slow:
// CHECK-LABEL: define{{.*}} i64 @unaligned(
// CHECK: fh.check:
// CHECK: icmp ugt i64 %{{.*}}, 4096
// CHECK: fh.slow:
struct __attribute__((packed)) rec { char tag; long value; };
long aligned(const long *p) {
  return *p;
}
long unaligned(const struct rec *r) {
  return r->value;
}
