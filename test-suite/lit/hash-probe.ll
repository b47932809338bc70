; Hash-table probes are random: hinted, but never seq and never read-ahead.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   long lookup_all(const long *table, unsigned long n, const unsigned long *keys, long k) {
;     long found = 0;
;     for (long i = 0; i < k; i++)
;       found += table[(keys[i] * 0x9e3779b97f4a7c15UL) % n];
;     return found;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/hash-probe.fhprof>' -S %t/hash-probe.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} i64 @lookup_all(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
; CHECK-NOT: i32 1048578

;--- hash-probe.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "hash-probe.c", "line": 9, "column": 14, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- hash-probe.ll
source_filename = "hash-probe.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @lookup_all(ptr nocapture noundef readonly %table, i64 noundef %n, ptr nocapture noundef readonly %keys, i64 noundef %k) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %table, !20, !DIExpression(), !27)
    #dbg_value(i64 %n, !21, !DIExpression(), !27)
    #dbg_value(ptr %keys, !22, !DIExpression(), !27)
    #dbg_value(i64 %k, !23, !DIExpression(), !27)
    #dbg_value(i64 0, !24, !DIExpression(), !27)
    #dbg_value(i64 0, !25, !DIExpression(), !28)
  %cmp5 = icmp sgt i64 %k, 0, !dbg !29
  br i1 %cmp5, label %for.body.preheader, label %for.cond.cleanup, !dbg !31

for.body.preheader:                               ; preds = %entry
  %xtraiter = and i64 %k, 1, !dbg !31
  %0 = icmp eq i64 %k, 1, !dbg !31
  br i1 %0, label %for.cond.cleanup.loopexit.unr-lcssa, label %for.body.preheader.new, !dbg !31

for.body.preheader.new:                           ; preds = %for.body.preheader
  %unroll_iter = and i64 %k, 9223372036854775806, !dbg !31
  br label %for.body, !dbg !31

for.cond.cleanup.loopexit.unr-lcssa:              ; preds = %for.body, %for.body.preheader
  %add.lcssa.ph = phi i64 [ poison, %for.body.preheader ], [ %add.1, %for.body ]
  %i.07.unr = phi i64 [ 0, %for.body.preheader ], [ %inc.1, %for.body ]
  %found.06.unr = phi i64 [ 0, %for.body.preheader ], [ %add.1, %for.body ]
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0, !dbg !31
  br i1 %lcmp.mod.not, label %for.cond.cleanup, label %for.body.epil, !dbg !31

for.body.epil:                                    ; preds = %for.cond.cleanup.loopexit.unr-lcssa
    #dbg_value(i64 %i.07.unr, !25, !DIExpression(), !28)
    #dbg_value(i64 %found.06.unr, !24, !DIExpression(), !27)
  %arrayidx.epil = getelementptr inbounds i64, ptr %keys, i64 %i.07.unr, !dbg !32
  %1 = load i64, ptr %arrayidx.epil, align 8, !dbg !32, !tbaa !33
  %mul.epil = mul i64 %1, -7046029254386353131, !dbg !37
  %rem.epil = urem i64 %mul.epil, %n, !dbg !38
  %arrayidx1.epil = getelementptr inbounds i64, ptr %table, i64 %rem.epil, !dbg !39
  %2 = load i64, ptr %arrayidx1.epil, align 8, !dbg !39, !tbaa !33
  %add.epil = add nsw i64 %2, %found.06.unr, !dbg !40
    #dbg_value(i64 %add.epil, !24, !DIExpression(), !27)
    #dbg_value(i64 %i.07.unr, !25, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !28)
  br label %for.cond.cleanup, !dbg !41

for.cond.cleanup:                                 ; preds = %for.body.epil, %for.cond.cleanup.loopexit.unr-lcssa, %entry
  %found.0.lcssa = phi i64 [ 0, %entry ], [ %add.lcssa.ph, %for.cond.cleanup.loopexit.unr-lcssa ], [ %add.epil, %for.body.epil ], !dbg !27
  ret i64 %found.0.lcssa, !dbg !41

for.body:                                         ; preds = %for.body, %for.body.preheader.new
  %i.07 = phi i64 [ 0, %for.body.preheader.new ], [ %inc.1, %for.body ]
  %found.06 = phi i64 [ 0, %for.body.preheader.new ], [ %add.1, %for.body ]
  %niter = phi i64 [ 0, %for.body.preheader.new ], [ %niter.next.1, %for.body ]
    #dbg_value(i64 %i.07, !25, !DIExpression(), !28)
    #dbg_value(i64 %found.06, !24, !DIExpression(), !27)
  %arrayidx = getelementptr inbounds i64, ptr %keys, i64 %i.07, !dbg !32
  %3 = load i64, ptr %arrayidx, align 8, !dbg !32, !tbaa !33
  %mul = mul i64 %3, -7046029254386353131, !dbg !37
  %rem = urem i64 %mul, %n, !dbg !38
  %arrayidx1 = getelementptr inbounds i64, ptr %table, i64 %rem, !dbg !39
  %4 = load i64, ptr %arrayidx1, align 8, !dbg !39, !tbaa !33
  %add = add nsw i64 %4, %found.06, !dbg !40
    #dbg_value(i64 %add, !24, !DIExpression(), !27)
  %inc = or disjoint i64 %i.07, 1, !dbg !42
    #dbg_value(i64 %inc, !25, !DIExpression(), !28)
  %arrayidx.1 = getelementptr inbounds i64, ptr %keys, i64 %inc, !dbg !32
  %5 = load i64, ptr %arrayidx.1, align 8, !dbg !32, !tbaa !33
  %mul.1 = mul i64 %5, -7046029254386353131, !dbg !37
  %rem.1 = urem i64 %mul.1, %n, !dbg !38
  %arrayidx1.1 = getelementptr inbounds i64, ptr %table, i64 %rem.1, !dbg !39
  %6 = load i64, ptr %arrayidx1.1, align 8, !dbg !39, !tbaa !33
  %add.1 = add nsw i64 %6, %add, !dbg !40
    #dbg_value(i64 %add.1, !24, !DIExpression(), !27)
  %inc.1 = add nuw nsw i64 %i.07, 2, !dbg !42
    #dbg_value(i64 %inc.1, !25, !DIExpression(), !28)
  %niter.next.1 = add i64 %niter, 2, !dbg !31
  %niter.ncmp.1 = icmp eq i64 %niter.next.1, %unroll_iter, !dbg !31
  br i1 %niter.ncmp.1, label %for.cond.cleanup.loopexit.unr-lcssa, label %for.body, !dbg !31, !llvm.loop !43
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "hash-probe.c", directory: ".", checksumkind: CSK_MD5, checksum: "13b8a182ac57b3dd0f4f8eee9ef1c3fb")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "lookup_all", scope: !1, file: !1, line: 6, type: !11, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !19)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !16, !17, !13}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !16)
!19 = !{!20, !21, !22, !23, !24, !25}
!20 = !DILocalVariable(name: "table", arg: 1, scope: !10, file: !1, line: 6, type: !14)
!21 = !DILocalVariable(name: "n", arg: 2, scope: !10, file: !1, line: 6, type: !16)
!22 = !DILocalVariable(name: "keys", arg: 3, scope: !10, file: !1, line: 6, type: !17)
!23 = !DILocalVariable(name: "k", arg: 4, scope: !10, file: !1, line: 6, type: !13)
!24 = !DILocalVariable(name: "found", scope: !10, file: !1, line: 7, type: !13)
!25 = !DILocalVariable(name: "i", scope: !26, file: !1, line: 8, type: !13)
!26 = distinct !DILexicalBlock(scope: !10, file: !1, line: 8, column: 3)
!27 = !DILocation(line: 0, scope: !10)
!28 = !DILocation(line: 0, scope: !26)
!29 = !DILocation(line: 8, column: 22, scope: !30)
!30 = distinct !DILexicalBlock(scope: !26, file: !1, line: 8, column: 3)
!31 = !DILocation(line: 8, column: 3, scope: !26)
!32 = !DILocation(line: 9, column: 21, scope: !30)
!33 = !{!34, !34, i64 0}
!34 = !{!"long", !35, i64 0}
!35 = !{!"omnipotent char", !36, i64 0}
!36 = !{!"Simple C/C++ TBAA"}
!37 = !DILocation(line: 9, column: 29, scope: !30)
!38 = !DILocation(line: 9, column: 53, scope: !30)
!39 = !DILocation(line: 9, column: 14, scope: !30)
!40 = !DILocation(line: 9, column: 11, scope: !30)
!41 = !DILocation(line: 10, column: 3, scope: !10)
!42 = !DILocation(line: 8, column: 28, scope: !30)
!43 = distinct !{!43, !31, !44, !45}
!44 = !DILocation(line: 9, column: 56, scope: !26)
!45 = !{!"llvm.loop.mustprogress"}
