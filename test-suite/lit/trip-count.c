// With a known trip count the read-ahead covers only the pages the loop
// touches: 1000 longs span 2 pages, so rdahead 2 (packed 0x20002 = 131074).
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-profile=%inputs/trip-count.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @first_thousand(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 131074, i32 7)
long first_thousand(const long *a) {
  long s = 0;
  for (long i = 0; i < 1000; i++)
    s += a[i];
  return s;
}
