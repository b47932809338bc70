// Hash-table probes are random: hinted, but never seq and never read-ahead.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/hash-probe.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @lookup_all(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
// CHECK-NOT: i32 1048578
long lookup_all(const long *table, unsigned long n, const unsigned long *keys, long k) {
  long found = 0;
  for (long i = 0; i < k; i++)
    found += table[(keys[i] * 0x9e3779b97f4a7c15UL) % n];
  return found;
}
