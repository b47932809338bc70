; A memcpy is hinted on both sides with its run-time length: the destination
; writable (mut), the source read-only; the length may cross pages, so the
; page-crossing test is kept.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   #include <string.h>
;   void copy(char *dst, const char *src, unsigned long n) {
;     memcpy(dst, src, n);
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/memcpy.fhprof>' -S %t/memcpy.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} void @copy(
; CHECK: add i64 %{{.*}}, %n
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %dst, i64 %n, i32 1, i32 7)
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %src, i64 %n, i32 0, i32 7)
; CHECK: call void @llvm.memcpy

;--- memcpy.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "memcpy.c", "line": 12, "column": 3, "function": "f",
            "faults": {"read": 50, "write": 50, "write_protect": 0}}]}

;--- memcpy.ll
source_filename = "memcpy.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable
define dso_local void @copy(ptr nocapture noundef writeonly %dst, ptr nocapture noundef readonly %src, i64 noundef %n) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %dst, !19, !DIExpression(), !22)
    #dbg_value(ptr %src, !20, !DIExpression(), !22)
    #dbg_value(i64 %n, !21, !DIExpression(), !22)
  tail call void @llvm.memcpy.p0.p0.i64(ptr align 1 %dst, ptr align 1 %src, i64 %n, i1 false), !dbg !23
  ret void, !dbg !24
}

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "memcpy.c", directory: ".", checksumkind: CSK_MD5, checksum: "b452525bb9631ce661d3fb72ba765089")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "copy", scope: !1, file: !1, line: 11, type: !11, scopeLine: 11, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !18)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !15, !17}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !16, size: 64)
!16 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!17 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!18 = !{!19, !20, !21}
!19 = !DILocalVariable(name: "dst", arg: 1, scope: !10, file: !1, line: 11, type: !13)
!20 = !DILocalVariable(name: "src", arg: 2, scope: !10, file: !1, line: 11, type: !15)
!21 = !DILocalVariable(name: "n", arg: 3, scope: !10, file: !1, line: 11, type: !17)
!22 = !DILocation(line: 0, scope: !10)
!23 = !DILocation(line: 12, column: 3, scope: !10)
!24 = !DILocation(line: 13, column: 1, scope: !10)
