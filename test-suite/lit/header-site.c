// A site in a header is matched in the code inlined from it.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/header-site.fhprof -I%inputs -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} i64 @use(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
#include "sum.h"
long use(const long *a, long i) {
  return sum_at(a, i) + 1;
}
