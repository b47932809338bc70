// memset is hinted as a write of its length.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/memset.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @clear(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %p, i64 %n, i32 1, i32 7)
// CHECK: call void @llvm.memset
#include <string.h>
void clear(char *p, unsigned long n) {
  memset(p, 0, n);
}
