; A read is hinted mut (its pages mapped writable) only when the profile
; says its pages get written: by its suggestion, or without one when writes
; and write-protect faults are a quarter of the site's faults or more. A
; read-only scan with a few write-protect faults attributed to it (another
; access on its pages) stays a read: its read-ahead, writable, would all be
; written back. The code is backward-loop.ll's, a scan of a[] backwards,
; packed 0xfff00002 (seq, -16 pages) as a read and 0xfff00003 as mut.
;
; RUN: rm -rf %t && split-file %s %t && split-file %S/backward-loop.ll %t
; RUN: %opt_farhint -passes='farhint<profile=%t/few.fhprof>' -S %t/backward-loop.ll -o - \
; RUN:   | FileCheck %s --check-prefix=READ
; RUN: %opt_farhint -passes='farhint<profile=%t/suggested-read.fhprof>' -S %t/backward-loop.ll -o - \
; RUN:   | FileCheck %s --check-prefix=READ
; RUN: %opt_farhint -passes='farhint<profile=%t/many.fhprof>' -S %t/backward-loop.ll -o - \
; RUN:   | FileCheck %s --check-prefix=MUT
; RUN: %opt_farhint -passes='farhint<profile=%t/suggested-mut.fhprof>' -S %t/backward-loop.ll -o - \
; RUN:   | FileCheck %s --check-prefix=MUT
; READ: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 -1048574, i32 7)
; MUT: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 -1048573, i32 7)

;--- few.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 110},
 "sites": [{"id": 7, "file": "backward-loop.c", "line": 9, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 10}}]}
;--- suggested-read.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "backward-loop.c", "line": 9, "column": 10, "function": "f",
            "faults": {"read": 60, "write": 0, "write_protect": 40},
            "suggest": {"mut": false, "size": 8, "seq": true, "rdahead": 0, "ev_prio": 0}}]}
;--- many.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "backward-loop.c", "line": 9, "column": 10, "function": "f",
            "faults": {"read": 70, "write": 0, "write_protect": 30}}]}
;--- suggested-mut.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "backward-loop.c", "line": 9, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0},
            "suggest": {"mut": true, "size": 8, "seq": true, "rdahead": 0, "ev_prio": 0}}]}
