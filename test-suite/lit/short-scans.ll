; A loop over a vertex's few neighbours is affine, but it starts at
; scattered places: the profile saw no sequential run of pages in its 500
; faults, so the hint gets no seq and no read-ahead (packed 0). With fewer
; faults than it takes to judge (10), the loop's shape decides: seq with
; the default read-ahead of 16 pages (16<<16 | 2 = 1048578).
; The profile's lines are the C source's (clang -O1 -g), kept in the IR's debug info:
;
;   long neighbour_sum(int **adj, const int *deg, const int *order, int n) {
;     long s = 0;
;     for (int k = 0; k < n; k++) {
;       int v = order[k];
;       for (int i = 0; i < deg[v]; i++)
;         s += adj[v][i];
;     }
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/short-scans.fhprof>' -S %t/short-scans.ll -o - | FileCheck --check-prefix=JUDGED %s
; RUN: %opt_farhint -passes='farhint<profile=%t/short-scans-few.fhprof>' -S %t/short-scans.ll -o - | FileCheck --check-prefix=FEW %s
; RUN: %opt_farhint -passes='farhint<profile=%t/short-scans.fhprof;report=%t/report.yaml>' %t/short-scans.ll -disable-output
; RUN: FileCheck %s --check-prefix=WHY < %t/report.yaml
; JUDGED-LABEL: define{{.*}} i64 @neighbour_sum(
; JUDGED: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 4, i32 0, i32 3)
; FEW-LABEL: define{{.*}} i64 @neighbour_sum(
; FEW: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 4, i32 1048578, i32 3)
; WHY: the profile saw no sequential run of pages in its 500 faults: no seq

;--- short-scans.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 500},
 "sites": [{"id": 3, "file": "short-scans.c", "line": 20, "column": 12, "function": "neighbour_sum",
            "faults": {"read": 500, "write": 0, "write_protect": 0}, "suggest": {"mut": false, "size": 4, "seq": false, "rdahead": 0, "ev_prio": 0}}]}

;--- short-scans-few.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 10},
 "sites": [{"id": 3, "file": "short-scans.c", "line": 20, "column": 12, "function": "neighbour_sum",
            "faults": {"read": 10, "write": 0, "write_protect": 0}, "suggest": {"mut": false, "size": 4, "seq": false, "rdahead": 0, "ev_prio": 0}}]}

;--- short-scans.ll
source_filename = "short-scans.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable
define dso_local i64 @neighbour_sum(ptr nocapture noundef readonly %adj, ptr nocapture noundef readonly %deg, ptr nocapture noundef readonly %order, i32 noundef %n) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %adj, !20, !DIExpression(), !32)
    #dbg_value(ptr %deg, !21, !DIExpression(), !32)
    #dbg_value(ptr %order, !22, !DIExpression(), !32)
    #dbg_value(i32 %n, !23, !DIExpression(), !32)
    #dbg_value(i64 0, !24, !DIExpression(), !32)
    #dbg_value(i32 0, !25, !DIExpression(), !33)
  %cmp23 = icmp sgt i32 %n, 0, !dbg !34
  br i1 %cmp23, label %for.body.preheader, label %for.cond.cleanup, !dbg !35

for.body.preheader:                               ; preds = %entry
  %wide.trip.count31 = zext nneg i32 %n to i64, !dbg !34
  br label %for.body, !dbg !35

for.cond.cleanup:                                 ; preds = %for.cond.cleanup5, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %s.1.lcssa, %for.cond.cleanup5 ], !dbg !36
  ret i64 %s.0.lcssa, !dbg !37

for.body:                                         ; preds = %for.body.preheader, %for.cond.cleanup5
  %indvars.iv28 = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next29, %for.cond.cleanup5 ]
  %s.025 = phi i64 [ 0, %for.body.preheader ], [ %s.1.lcssa, %for.cond.cleanup5 ]
    #dbg_value(i64 %s.025, !24, !DIExpression(), !32)
    #dbg_value(i64 %indvars.iv28, !25, !DIExpression(), !33)
  %arrayidx = getelementptr inbounds i32, ptr %order, i64 %indvars.iv28, !dbg !38
  %0 = load i32, ptr %arrayidx, align 4, !dbg !38, !tbaa !39
    #dbg_value(i32 %0, !27, !DIExpression(), !43)
    #dbg_value(i32 0, !30, !DIExpression(), !44)
  %idxprom2 = sext i32 %0 to i64
  %arrayidx3 = getelementptr inbounds i32, ptr %deg, i64 %idxprom2
  %1 = load i32, ptr %arrayidx3, align 4, !tbaa !39
    #dbg_value(i32 0, !30, !DIExpression(), !44)
    #dbg_value(i64 %s.025, !24, !DIExpression(), !32)
  %cmp420 = icmp sgt i32 %1, 0, !dbg !45
  br i1 %cmp420, label %for.body6.lr.ph, label %for.cond.cleanup5, !dbg !47

for.body6.lr.ph:                                  ; preds = %for.body
  %arrayidx8 = getelementptr inbounds ptr, ptr %adj, i64 %idxprom2
  %2 = load ptr, ptr %arrayidx8, align 8, !tbaa !48
  %wide.trip.count = zext nneg i32 %1 to i64, !dbg !45
  br label %for.body6, !dbg !47

for.cond.cleanup5:                                ; preds = %for.body6, %for.body
  %s.1.lcssa = phi i64 [ %s.025, %for.body ], [ %add, %for.body6 ], !dbg !32
  %indvars.iv.next29 = add nuw nsw i64 %indvars.iv28, 1, !dbg !50
    #dbg_value(i64 %s.1.lcssa, !24, !DIExpression(), !32)
    #dbg_value(i64 %indvars.iv.next29, !25, !DIExpression(), !33)
  %exitcond32.not = icmp eq i64 %indvars.iv.next29, %wide.trip.count31, !dbg !34
  br i1 %exitcond32.not, label %for.cond.cleanup, label %for.body, !dbg !35, !llvm.loop !51

for.body6:                                        ; preds = %for.body6.lr.ph, %for.body6
  %indvars.iv = phi i64 [ 0, %for.body6.lr.ph ], [ %indvars.iv.next, %for.body6 ]
  %s.121 = phi i64 [ %s.025, %for.body6.lr.ph ], [ %add, %for.body6 ]
    #dbg_value(i64 %indvars.iv, !30, !DIExpression(), !44)
    #dbg_value(i64 %s.121, !24, !DIExpression(), !32)
  %arrayidx10 = getelementptr inbounds i32, ptr %2, i64 %indvars.iv, !dbg !55
  %3 = load i32, ptr %arrayidx10, align 4, !dbg !55, !tbaa !39
  %conv = sext i32 %3 to i64, !dbg !55
  %add = add nsw i64 %s.121, %conv, !dbg !56
    #dbg_value(i64 %add, !24, !DIExpression(), !32)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !57
    #dbg_value(i64 %indvars.iv.next, !30, !DIExpression(), !44)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count, !dbg !45
  br i1 %exitcond.not, label %for.cond.cleanup5, label %for.body6, !dbg !47, !llvm.loop !58
}

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "short-scans.c", directory: ".", checksumkind: CSK_MD5, checksum: "f7d9aafc1cd8c10b8a4c704d0ed6eb80")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "neighbour_sum", scope: !1, file: !1, line: 15, type: !11, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !19)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !17, !17, !16}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !16, size: 64)
!16 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !16)
!19 = !{!20, !21, !22, !23, !24, !25, !27, !30}
!20 = !DILocalVariable(name: "adj", arg: 1, scope: !10, file: !1, line: 15, type: !14)
!21 = !DILocalVariable(name: "deg", arg: 2, scope: !10, file: !1, line: 15, type: !17)
!22 = !DILocalVariable(name: "order", arg: 3, scope: !10, file: !1, line: 15, type: !17)
!23 = !DILocalVariable(name: "n", arg: 4, scope: !10, file: !1, line: 15, type: !16)
!24 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 16, type: !13)
!25 = !DILocalVariable(name: "k", scope: !26, file: !1, line: 17, type: !16)
!26 = distinct !DILexicalBlock(scope: !10, file: !1, line: 17, column: 3)
!27 = !DILocalVariable(name: "v", scope: !28, file: !1, line: 18, type: !16)
!28 = distinct !DILexicalBlock(scope: !29, file: !1, line: 17, column: 31)
!29 = distinct !DILexicalBlock(scope: !26, file: !1, line: 17, column: 3)
!30 = !DILocalVariable(name: "i", scope: !31, file: !1, line: 19, type: !16)
!31 = distinct !DILexicalBlock(scope: !28, file: !1, line: 19, column: 5)
!32 = !DILocation(line: 0, scope: !10)
!33 = !DILocation(line: 0, scope: !26)
!34 = !DILocation(line: 17, column: 21, scope: !29)
!35 = !DILocation(line: 17, column: 3, scope: !26)
!36 = !DILocation(line: 16, column: 8, scope: !10)
!37 = !DILocation(line: 22, column: 3, scope: !10)
!38 = !DILocation(line: 18, column: 13, scope: !28)
!39 = !{!40, !40, i64 0}
!40 = !{!"int", !41, i64 0}
!41 = !{!"omnipotent char", !42, i64 0}
!42 = !{!"Simple C/C++ TBAA"}
!43 = !DILocation(line: 0, scope: !28)
!44 = !DILocation(line: 0, scope: !31)
!45 = !DILocation(line: 19, column: 23, scope: !46)
!46 = distinct !DILexicalBlock(scope: !31, file: !1, line: 19, column: 5)
!47 = !DILocation(line: 19, column: 5, scope: !31)
!48 = !{!49, !49, i64 0}
!49 = !{!"any pointer", !41, i64 0}
!50 = !DILocation(line: 17, column: 27, scope: !29)
!51 = distinct !{!51, !35, !52, !53, !54}
!52 = !DILocation(line: 21, column: 3, scope: !26)
!53 = !{!"llvm.loop.mustprogress"}
!54 = !{!"llvm.loop.unroll.disable"}
!55 = !DILocation(line: 20, column: 12, scope: !46)
!56 = !DILocation(line: 20, column: 9, scope: !46)
!57 = !DILocation(line: 19, column: 34, scope: !46)
!58 = distinct !{!58, !47, !59, !53, !54}
!59 = !DILocation(line: 20, column: 20, scope: !31)
