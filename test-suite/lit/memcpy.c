// A memcpy is hinted on both sides with its run-time length: the destination
// writable (mut), the source read-only; the length may cross pages, so the
// page-crossing test is kept.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/memcpy.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @copy(
// CHECK: add i64 %{{.*}}, %n
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %dst, i64 %n, i32 1, i32 7)
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %src, i64 %n, i32 0, i32 7)
// CHECK: call void @llvm.memcpy
#include <string.h>
void copy(char *dst, const char *src, unsigned long n) {
  memcpy(dst, src, n);
}
