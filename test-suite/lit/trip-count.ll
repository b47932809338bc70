; With a known trip count the read-ahead covers only the pages the loop
; touches: 1000 longs span 2 pages, so rdahead 2 (packed 0x20002 = 131074).
; The profile's lines are the C source's (clang -O1 -g), kept in the IR's debug info:
;
;   long first_thousand(const long *a) {
;     long s = 0;
;     for (long i = 0; i < 1000; i++)
;       s += a[i];
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/trip-count.fhprof>' -S %t/trip-count.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} i64 @first_thousand(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 131074, i32 7)

;--- trip-count.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "trip-count.c", "line": 9, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- trip-count.ll
source_filename = "trip-count.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @first_thousand(ptr nocapture noundef readonly %a) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %a, !17, !DIExpression(), !21)
    #dbg_value(i64 0, !18, !DIExpression(), !21)
    #dbg_value(i64 0, !19, !DIExpression(), !22)
  br label %for.body, !dbg !23

for.cond.cleanup:                                 ; preds = %for.body
  ret i64 %add, !dbg !24

for.body:                                         ; preds = %entry, %for.body
  %i.05 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %s.04 = phi i64 [ 0, %entry ], [ %add, %for.body ]
    #dbg_value(i64 %i.05, !19, !DIExpression(), !22)
    #dbg_value(i64 %s.04, !18, !DIExpression(), !21)
  %arrayidx = getelementptr inbounds i64, ptr %a, i64 %i.05, !dbg !25
  %0 = load i64, ptr %arrayidx, align 8, !dbg !25, !tbaa !27
  %add = add nsw i64 %0, %s.04, !dbg !31
    #dbg_value(i64 %add, !18, !DIExpression(), !21)
  %inc = add nuw nsw i64 %i.05, 1, !dbg !32
    #dbg_value(i64 %inc, !19, !DIExpression(), !22)
  %exitcond.not = icmp eq i64 %inc, 1000, !dbg !33
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !23, !llvm.loop !34
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "trip-count.c", directory: ".", checksumkind: CSK_MD5, checksum: "414de9e5e59d99a3a1ef0cde3e1c8f81")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "first_thousand", scope: !1, file: !1, line: 6, type: !11, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !{!17, !18, !19}
!17 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 6, type: !14)
!18 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 7, type: !13)
!19 = !DILocalVariable(name: "i", scope: !20, file: !1, line: 8, type: !13)
!20 = distinct !DILexicalBlock(scope: !10, file: !1, line: 8, column: 3)
!21 = !DILocation(line: 0, scope: !10)
!22 = !DILocation(line: 0, scope: !20)
!23 = !DILocation(line: 8, column: 3, scope: !20)
!24 = !DILocation(line: 10, column: 3, scope: !10)
!25 = !DILocation(line: 9, column: 10, scope: !26)
!26 = distinct !DILexicalBlock(scope: !20, file: !1, line: 8, column: 3)
!27 = !{!28, !28, i64 0}
!28 = !{!"long", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C/C++ TBAA"}
!31 = !DILocation(line: 9, column: 7, scope: !26)
!32 = !DILocation(line: 8, column: 31, scope: !26)
!33 = !DILocation(line: 8, column: 22, scope: !26)
!34 = distinct !{!34, !23, !35, !36, !37}
!35 = !DILocation(line: 9, column: 13, scope: !20)
!36 = !{!"llvm.loop.mustprogress"}
!37 = !{!"llvm.loop.unroll.disable"}
