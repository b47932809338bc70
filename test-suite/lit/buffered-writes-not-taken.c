// A store whose site the profile shows reading what it faults on (another
// access on its pages, attributed to it) is hinted, not buffered, and the
// remark says why; buffered-writes=false hints every write site.
// RUN: rm -rf %t && split-file %s %t
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t/p.fhprof -Rpass-missed=farhint -S -emit-llvm %t/w.c -o - 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t/w.fhprof -fplugin-arg-farhint-buffered-writes=false -S -emit-llvm %t/w.c -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @scatter(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 1)
// CHECK-NOT: @farhint_write_slow_preserve_most
// REMARK: remark: site 1: writes not buffered: the profile shows it reads what it faults on (40 of its 100 faults write)

//--- w.c
void scatter(long *out, const int *idx, const long *val, long n) {
  for (long i = 0; i < n; i++)
    out[idx[i]] = val[i];
}

//--- p.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 1, "file": "w.c", "line": 3, "column": 17, "function": "scatter",
            "faults": {"read": 60, "write": 40, "write_protect": 0}}]}

//--- w.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 1, "file": "w.c", "line": 3, "column": 17, "function": "scatter",
            "faults": {"read": 0, "write": 100, "write_protect": 0}}]}
