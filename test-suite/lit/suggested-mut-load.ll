; A load at a site the profile suggests mut for (its pages are written next
; by another line) is hinted writable, though the site itself only read.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   long peek(const long *p, long i) {
;     return p[i];
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/suggested-mut-load.fhprof;report=%t/report.yaml>' -S %t/suggested-mut-load.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; CHECK-LABEL: define{{.*}} i64 @peek(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 7)
; REPORT: why: "read of pages written soon after; profile suggests

;--- suggested-mut-load.fhprof
{"format": "farhint-profile", "version": 1, "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "suggested-mut-load.c", "line": 9, "column": 10, "faults": {"read": 100},
            "suggest": {"mut": true, "size": 0, "seq": false, "rdahead": 0, "ev_prio": 0}}]}

;--- suggested-mut-load.ll
source_filename = "suggested-mut-load.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local i64 @peek(ptr nocapture noundef readonly %p, i64 noundef %i) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %p, !17, !DIExpression(), !19)
    #dbg_value(i64 %i, !18, !DIExpression(), !19)
  %arrayidx = getelementptr inbounds i64, ptr %p, i64 %i, !dbg !20
  %0 = load i64, ptr %arrayidx, align 8, !dbg !20, !tbaa !21
  ret i64 %0, !dbg !25
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "suggested-mut-load.c", directory: ".", checksumkind: CSK_MD5, checksum: "4801467e89259cb4edf344fc2965e24b")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "peek", scope: !1, file: !1, line: 8, type: !11, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !13}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !{!17, !18}
!17 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 8, type: !14)
!18 = !DILocalVariable(name: "i", arg: 2, scope: !10, file: !1, line: 8, type: !13)
!19 = !DILocation(line: 0, scope: !10)
!20 = !DILocation(line: 9, column: 10, scope: !10)
!21 = !{!22, !22, i64 0}
!22 = !{!"long", !23, i64 0}
!23 = !{!"omnipotent char", !24, i64 0}
!24 = !{!"Simple C/C++ TBAA"}
!25 = !DILocation(line: 9, column: 3, scope: !10)
