; A loop walking backwards gets negative read-ahead: -16 pages, packed as
; 0xfff00002 (seq) = -1048574 as a signed i32.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   long rsum(const long *a, long n) {
;     long s = 0;
;     for (long i = n - 1; i >= 0; i--)
;       s += a[i];
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/backward-loop.fhprof>' -S %t/backward-loop.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} i64 @rsum(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 -1048574, i32 7)

;--- backward-loop.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "backward-loop.c", "line": 9, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- backward-loop.ll
source_filename = "backward-loop.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @rsum(ptr nocapture noundef readonly %a, i64 noundef %n) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %a, !17, !DIExpression(), !22)
    #dbg_value(i64 %n, !18, !DIExpression(), !22)
    #dbg_value(i64 0, !19, !DIExpression(), !22)
    #dbg_value(i64 %n, !20, !DIExpression(DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value), !23)
  %cmp4 = icmp sgt i64 %n, 0, !dbg !24
  br i1 %cmp4, label %for.body.preheader, label %for.cond.cleanup, !dbg !26

for.body.preheader:                               ; preds = %entry
  %min.iters.check = icmp ult i64 %n, 4, !dbg !26
  br i1 %min.iters.check, label %for.body, label %vector.ph, !dbg !26

vector.ph:                                        ; preds = %for.body.preheader
  %n.vec = and i64 %n, 9223372036854775804, !dbg !26
  %ind.end = and i64 %n, 3, !dbg !26
  %invariant.gep = getelementptr i64, ptr %a, i64 %n, !dbg !26
  br label %vector.body, !dbg !26

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.phi = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %3, %vector.body ]
  %vec.phi7 = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %4, %vector.body ]
  %0 = xor i64 %index, -1, !dbg !27
  %gep = getelementptr i64, ptr %invariant.gep, i64 %0, !dbg !28
  %1 = getelementptr inbounds i8, ptr %gep, i64 -8, !dbg !28
  %2 = getelementptr inbounds i8, ptr %gep, i64 -24, !dbg !28
  %wide.load = load <2 x i64>, ptr %1, align 8, !dbg !28, !tbaa !29
  %reverse = shufflevector <2 x i64> %wide.load, <2 x i64> poison, <2 x i32> <i32 1, i32 0>, !dbg !28
  %wide.load8 = load <2 x i64>, ptr %2, align 8, !dbg !28, !tbaa !29
  %reverse9 = shufflevector <2 x i64> %wide.load8, <2 x i64> poison, <2 x i32> <i32 1, i32 0>, !dbg !28
  %3 = add <2 x i64> %reverse, %vec.phi, !dbg !33
  %4 = add <2 x i64> %reverse9, %vec.phi7, !dbg !33
  %index.next = add nuw i64 %index, 4
  %5 = icmp eq i64 %index.next, %n.vec
  br i1 %5, label %middle.block, label %vector.body, !llvm.loop !34

middle.block:                                     ; preds = %vector.body
  %bin.rdx = add <2 x i64> %4, %3, !dbg !26
  %6 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %bin.rdx), !dbg !26
  %cmp.n = icmp eq i64 %n.vec, %n, !dbg !26
  br i1 %cmp.n, label %for.cond.cleanup, label %for.body, !dbg !26

for.cond.cleanup:                                 ; preds = %for.body, %for.body.1, %for.body.2, %middle.block, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %6, %middle.block ], [ %add, %for.body ], [ %add.1, %for.body.1 ], [ %add.2, %for.body.2 ], !dbg !22
  ret i64 %s.0.lcssa, !dbg !39

for.body:                                         ; preds = %for.body.preheader, %middle.block
  %i.0.in6.ph = phi i64 [ %n, %for.body.preheader ], [ %ind.end, %middle.block ]
  %s.05.ph = phi i64 [ 0, %for.body.preheader ], [ %6, %middle.block ]
    #dbg_value(i64 %i.0.in6.ph, !20, !DIExpression(DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value), !23)
    #dbg_value(i64 %s.05.ph, !19, !DIExpression(), !22)
  %i.0 = add nsw i64 %i.0.in6.ph, -1, !dbg !27
    #dbg_value(i64 %i.0, !20, !DIExpression(), !23)
  %arrayidx = getelementptr inbounds i64, ptr %a, i64 %i.0, !dbg !28
  %7 = load i64, ptr %arrayidx, align 8, !dbg !28, !tbaa !29
  %add = add nsw i64 %7, %s.05.ph, !dbg !33
    #dbg_value(i64 %i.0, !20, !DIExpression(DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value), !23)
    #dbg_value(i64 %add, !19, !DIExpression(), !22)
  %cmp = icmp ugt i64 %i.0.in6.ph, 1, !dbg !24
  br i1 %cmp, label %for.body.1, label %for.cond.cleanup, !dbg !26, !llvm.loop !40

for.body.1:                                       ; preds = %for.body
    #dbg_value(i64 %i.0, !20, !DIExpression(DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value), !23)
    #dbg_value(i64 %add, !19, !DIExpression(), !22)
    #dbg_value(i64 %i.0.in6.ph, !20, !DIExpression(DW_OP_constu, 2, DW_OP_minus, DW_OP_stack_value), !23)
  %8 = getelementptr i64, ptr %a, i64 %i.0.in6.ph, !dbg !28
  %arrayidx.1 = getelementptr i8, ptr %8, i64 -16, !dbg !28
  %9 = load i64, ptr %arrayidx.1, align 8, !dbg !28, !tbaa !29
  %add.1 = add nsw i64 %9, %add, !dbg !33
    #dbg_value(i64 %i.0.in6.ph, !20, !DIExpression(DW_OP_constu, 2, DW_OP_minus, DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value), !23)
    #dbg_value(i64 %add.1, !19, !DIExpression(), !22)
  %cmp.1 = icmp ugt i64 %i.0, 1, !dbg !24
  br i1 %cmp.1, label %for.body.2, label %for.cond.cleanup, !dbg !26, !llvm.loop !40

for.body.2:                                       ; preds = %for.body.1
    #dbg_value(i64 %i.0.in6.ph, !20, !DIExpression(DW_OP_constu, 2, DW_OP_minus, DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value), !23)
    #dbg_value(i64 %add.1, !19, !DIExpression(), !22)
    #dbg_value(i64 %i.0.in6.ph, !20, !DIExpression(DW_OP_constu, 3, DW_OP_minus, DW_OP_stack_value), !23)
  %10 = getelementptr i64, ptr %a, i64 %i.0.in6.ph, !dbg !28
  %arrayidx.2 = getelementptr i8, ptr %10, i64 -24, !dbg !28
  %11 = load i64, ptr %arrayidx.2, align 8, !dbg !28, !tbaa !29
  %add.2 = add nsw i64 %11, %add.1, !dbg !33
    #dbg_value(i64 %i.0.in6.ph, !20, !DIExpression(DW_OP_constu, 3, DW_OP_minus, DW_OP_constu, 1, DW_OP_minus, DW_OP_stack_value), !23)
    #dbg_value(i64 %add.2, !19, !DIExpression(), !22)
  br label %for.cond.cleanup
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vector.reduce.add.v2i64(<2 x i64>) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "backward-loop.c", directory: ".", checksumkind: CSK_MD5, checksum: "496bf3af589ffd1dbc9dabc7966f8853")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "rsum", scope: !1, file: !1, line: 6, type: !11, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !13}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !{!17, !18, !19, !20}
!17 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 6, type: !14)
!18 = !DILocalVariable(name: "n", arg: 2, scope: !10, file: !1, line: 6, type: !13)
!19 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 7, type: !13)
!20 = !DILocalVariable(name: "i", scope: !21, file: !1, line: 8, type: !13)
!21 = distinct !DILexicalBlock(scope: !10, file: !1, line: 8, column: 3)
!22 = !DILocation(line: 0, scope: !10)
!23 = !DILocation(line: 0, scope: !21)
!24 = !DILocation(line: 8, column: 26, scope: !25)
!25 = distinct !DILexicalBlock(scope: !21, file: !1, line: 8, column: 3)
!26 = !DILocation(line: 8, column: 3, scope: !21)
!27 = !DILocation(line: 8, scope: !21)
!28 = !DILocation(line: 9, column: 10, scope: !25)
!29 = !{!30, !30, i64 0}
!30 = !{!"long", !31, i64 0}
!31 = !{!"omnipotent char", !32, i64 0}
!32 = !{!"Simple C/C++ TBAA"}
!33 = !DILocation(line: 9, column: 7, scope: !25)
!34 = distinct !{!34, !26, !35, !36, !37, !38}
!35 = !DILocation(line: 9, column: 13, scope: !21)
!36 = !{!"llvm.loop.mustprogress"}
!37 = !{!"llvm.loop.isvectorized", i32 1}
!38 = !{!"llvm.loop.unroll.runtime.disable"}
!39 = !DILocation(line: 10, column: 3, scope: !10)
!40 = distinct !{!40, !26, !35, !36, !38, !37}
