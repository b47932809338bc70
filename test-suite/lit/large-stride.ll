; A stride of a page or more touches a new page every iteration: no seq, no
; read-ahead.
; The profile's lines are the C source's (clang -O1 -g), kept in the IR's debug info:
;
;   long column_sum(const long *m, long rows) {
;     long s = 0;
;     for (long r = 0; r < rows; r++)
;       s += m[r * 1024];
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/large-stride.fhprof;report=%t/report.yaml>' -S %t/large-stride.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; CHECK-LABEL: define{{.*}} i64 @column_sum(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
; REPORT: stride 8192 bytes (a new page each iteration: no seq)

;--- large-stride.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "large-stride.c", "line": 11, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- large-stride.ll
source_filename = "large-stride.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @column_sum(ptr nocapture noundef readonly %m, i64 noundef %rows) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %m, !17, !DIExpression(), !22)
    #dbg_value(i64 %rows, !18, !DIExpression(), !22)
    #dbg_value(i64 0, !19, !DIExpression(), !22)
    #dbg_value(i64 0, !20, !DIExpression(), !23)
  %cmp4 = icmp sgt i64 %rows, 0, !dbg !24
  br i1 %cmp4, label %for.body, label %for.cond.cleanup, !dbg !26

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add, %for.body ], !dbg !22
  ret i64 %s.0.lcssa, !dbg !27

for.body:                                         ; preds = %entry, %for.body
  %r.06 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.05 = phi i64 [ %add, %for.body ], [ 0, %entry ]
    #dbg_value(i64 %r.06, !20, !DIExpression(), !23)
    #dbg_value(i64 %s.05, !19, !DIExpression(), !22)
  %arrayidx.idx = shl nsw i64 %r.06, 13, !dbg !28
  %arrayidx = getelementptr inbounds i8, ptr %m, i64 %arrayidx.idx, !dbg !28
  %0 = load i64, ptr %arrayidx, align 8, !dbg !28, !tbaa !29
  %add = add nsw i64 %0, %s.05, !dbg !33
    #dbg_value(i64 %add, !19, !DIExpression(), !22)
  %inc = add nuw nsw i64 %r.06, 1, !dbg !34
    #dbg_value(i64 %inc, !20, !DIExpression(), !23)
  %exitcond.not = icmp eq i64 %inc, %rows, !dbg !24
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !26, !llvm.loop !35
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "large-stride.c", directory: ".", checksumkind: CSK_MD5, checksum: "e0733572968bdf7382152e8636aa4198")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "column_sum", scope: !1, file: !1, line: 8, type: !11, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !13}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !{!17, !18, !19, !20}
!17 = !DILocalVariable(name: "m", arg: 1, scope: !10, file: !1, line: 8, type: !14)
!18 = !DILocalVariable(name: "rows", arg: 2, scope: !10, file: !1, line: 8, type: !13)
!19 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 9, type: !13)
!20 = !DILocalVariable(name: "r", scope: !21, file: !1, line: 10, type: !13)
!21 = distinct !DILexicalBlock(scope: !10, file: !1, line: 10, column: 3)
!22 = !DILocation(line: 0, scope: !10)
!23 = !DILocation(line: 0, scope: !21)
!24 = !DILocation(line: 10, column: 22, scope: !25)
!25 = distinct !DILexicalBlock(scope: !21, file: !1, line: 10, column: 3)
!26 = !DILocation(line: 10, column: 3, scope: !21)
!27 = !DILocation(line: 12, column: 3, scope: !10)
!28 = !DILocation(line: 11, column: 10, scope: !25)
!29 = !{!30, !30, i64 0}
!30 = !{!"long", !31, i64 0}
!31 = !{!"omnipotent char", !32, i64 0}
!32 = !{!"Simple C/C++ TBAA"}
!33 = !DILocation(line: 11, column: 7, scope: !25)
!34 = !DILocation(line: 10, column: 31, scope: !25)
!35 = distinct !{!35, !26, !36, !37, !38}
!36 = !DILocation(line: 11, column: 20, scope: !21)
!37 = !{!"llvm.loop.mustprogress"}
!38 = !{!"llvm.loop.unroll.disable"}
