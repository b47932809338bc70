// Sites that only write the pages they fault on get buffered writes: the
// write stays as it was on the path where the page is present, and where
// it is far and absent farhint_write_slow logs it (docs/design/buffered-writes.md).
// Three shapes: a store through an index (kind 48: store, 8 bytes), a `+=`
// on a float array (kind 34: float add, 4 bytes; its read faults count too),
// a store to a field (kind 48).
// RUN: rm -rf %t && split-file %s %t
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t/p.fhprof -Rpass=farhint -S -emit-llvm %t/w.c -o - 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// CHECK-LABEL: define{{.*}} void @scatter(
// CHECK: fh.w.plain{{.*}}:
// CHECK-NEXT: store i64
// CHECK: fh.w.log{{.*}}:
// CHECK: call preserve_mostcc void @farhint_write_slow_preserve_most(ptr %{{.*}}, i64 %{{.*}}, i32 48)
// CHECK-LABEL: define{{.*}} void @push(
// CHECK: fh.w.plain{{.*}}:
// CHECK-NEXT: load float
// CHECK-NEXT: fadd float
// CHECK-NEXT: store float
// CHECK: fh.w.log{{.*}}:
// CHECK-NEXT: bitcast float %{{.*}} to i32
// CHECK: call preserve_mostcc void @farhint_write_slow_preserve_most(ptr %{{.*}}, i64 %{{.*}}, i32 34)
// CHECK-LABEL: define{{.*}} void @mark(
// CHECK: call preserve_mostcc void @farhint_write_slow_preserve_most(ptr %{{.*}}, i64 %{{.*}}, i32 48)
// CHECK-NOT: @farhint_hint_slow_preserve_most
// REMARK-DAG: remark: buffered writes for site 1: a store through an index
// REMARK-DAG: remark: buffered writes for site 2: `+=` on a floating-point element through an index
// REMARK-DAG: remark: buffered writes for site 3: a store to a field

//--- w.c
void scatter(long *out, const int *idx, const long *val, long n) {
  for (long i = 0; i < n; i++)
    out[idx[i]] = val[i];
}
void push(float *sum, const int *dst, const float *x, long n) {
  for (long i = 0; i < n; i++)
    sum[dst[i]] += x[i];
}
struct node { long next; long count; };
void mark(struct node **nodes, long k) {
  for (long i = 0; i < k; i++)
    nodes[i]->count = i;
}

//--- p.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 400},
 "sites": [{"id": 1, "file": "w.c", "line": 3, "column": 17, "function": "scatter",
            "faults": {"read": 0, "write": 100, "write_protect": 0}},
           {"id": 2, "file": "w.c", "line": 7, "column": 17, "function": "push",
            "faults": {"read": 100, "write": 0, "write_protect": 100}},
           {"id": 3, "file": "w.c", "line": 12, "column": 21, "function": "mark",
            "faults": {"read": 0, "write": 100, "write_protect": 0}}]}
