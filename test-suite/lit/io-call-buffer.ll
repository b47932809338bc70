; A site at a call to write or read (its faults were inside the system
; call: the trace finds the caller by scanning the stack) is hinted on the
; call's buffer with its run-time length: read-only for write, writable
; (mut) for read, where the kernel stores into it.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/io.fhprof;report=%t/r.yaml>' -S %t/io.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/r.yaml
; CHECK-LABEL: define i64 @send_value(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %buf, i64 %n, i32 0, i32 1)
; CHECK: call i64 @write(i32 %fd, ptr %buf, i64 %n)
; CHECK-LABEL: define i64 @recv_value(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %buf, i64 %n, i32 1, i32 2)
; CHECK: call i64 @read(i32 %fd, ptr %buf, i64 %n)
; REPORT: hinted:
; REPORT: not-hinted: []

;--- io.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 1, "file": "io.c", "line": 3, "column": 10, "function": "send_value",
            "faults": {"read": 60, "write": 0, "write_protect": 0}},
           {"id": 2, "file": "io.c", "line": 6, "column": 10, "function": "recv_value",
            "faults": {"read": 0, "write": 40, "write_protect": 0}}]}

;--- io.ll
declare i64 @write(i32, ptr, i64)
declare i64 @read(i32, ptr, i64)

define i64 @send_value(i32 %fd, ptr %buf, i64 %n) !dbg !5 {
  %r = call i64 @write(i32 %fd, ptr %buf, i64 %n), !dbg !7
  ret i64 %r
}

define i64 @recv_value(i32 %fd, ptr %buf, i64 %n) !dbg !6 {
  %r = call i64 @read(i32 %fd, ptr %buf, i64 %n), !dbg !8
  ret i64 %r
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "io.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "send_value", scope: !1, file: !1, line: 2, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!6 = distinct !DISubprogram(name: "recv_value", scope: !1, file: !1, line: 5, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!7 = !DILocation(line: 3, column: 10, scope: !5)
!8 = !DILocation(line: 6, column: 10, scope: !6)
