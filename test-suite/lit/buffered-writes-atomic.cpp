// std::atomic's fetch_add whose result is unused is a buffered write (kind
// 177: integer add, 8 bytes, atomic where done in place), and so is a store
// through a pointer an iterator gives (kind 48). A fetch_add whose result
// is used is hinted, with a remark saying why it is not buffered.
// RUN: rm -rf %t && split-file %s %t
// RUN: %clangxx -O2 -g %plugin -fplugin-arg-farhint-profile=%t/p.fhprof -Rpass=farhint -Rpass-missed=farhint -S -emit-llvm %t/w.cpp -o - 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// CHECK-LABEL: define{{.*}} void @_Z7degreesPSt6atomicIlEPKil(
// CHECK: fh.w.plain{{.*}}:
// CHECK-NEXT: atomicrmw add ptr %{{.*}}, i64 1 monotonic
// CHECK: call preserve_mostcc void @farhint_write_slow_preserve_most(ptr %{{.*}}, i64 1, i32 177)
// CHECK-LABEL: define{{.*}} @_Z5claimPSt6atomicIlEPKil(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(
// CHECK-NOT: @farhint_write_slow_preserve_most
// CHECK-LABEL: define{{.*}} void @_Z5resetRKSt6vectorIPlSaIS0_EEl(
// CHECK: call preserve_mostcc void @farhint_write_slow_preserve_most(ptr %{{.*}}, i64 %{{.*}}, i32 48)
// REMARK-DAG: remark: buffered writes for site 1: an atomic add whose result is unused
// REMARK-DAG: remark: site 2: writes not buffered: an atomic add whose result (the old value) is used
// REMARK-DAG: remark: buffered writes for site 3: a store through a pointer (an iterator, or a pointer kept)

//--- w.cpp
#include <atomic>
#include <vector>
void degrees(std::atomic<long> *deg, const int *u, long n) {
  for (long i = 0; i < n; i++)
    deg[u[i]].fetch_add(1, std::memory_order_relaxed);
}
long claim(std::atomic<long> *fill, const int *u, long n) {
  long s = 0;
  for (long i = 0; i < n; i++)
    s += fill[u[i]].fetch_add(1);
  return s;
}
void reset(const std::vector<long *> &slots, long v) {
  for (long *p : slots)
    *p = v;
}

//--- p.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 300},
 "sites": [{"id": 1, "file": "w.cpp", "line": 5, "column": 15, "function": "degrees",
            "faults": {"read": 0, "write": 100, "write_protect": 0}},
           {"id": 2, "file": "w.cpp", "line": 10, "column": 21, "function": "claim",
            "faults": {"read": 0, "write": 100, "write_protect": 0}},
           {"id": 3, "file": "w.cpp", "line": 15, "column": 8, "function": "reset",
            "faults": {"read": 0, "write": 100, "write_protect": 0}}]}
