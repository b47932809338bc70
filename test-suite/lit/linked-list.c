// Pointer chasing is not affine: the load is hinted without seq or read-ahead,
// and the report says why.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/linked-list.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// CHECK-LABEL: define{{.*}} i64 @sum(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
// REPORT: in a loop, address not affine
struct node { long v; struct node *next; };
long sum(struct node *p) {
  long s = 0;
  while (p) {
    s += p->v;
    p = p->next;
  }
  return s;
}
