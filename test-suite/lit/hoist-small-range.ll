; An access that covers a few bytes over a constant trip count, in a loop
; that does not move it, is hinted once before both loops for its whole
; range (64 floats: 256 bytes), not once per iteration; the loops keep no
; hint. A long scan (2,000 floats span 2 pages) keeps its hint in the loop,
; which is versioned on the live word: a plain twin runs while it is 0, and
; the hinted loop's hint need not test it again.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   #define DIM 64
;   int nearest(const float *p, float (*centers)[DIM], int k) {
;     int best = 0;
;     float bd = 1e30f;
;     for (int c = 0; c < k; c++) {
;       float d = 0;
;   #pragma clang loop unroll(disable) vectorize(disable)
;       for (int j = 0; j < DIM; j++) {
;         float t = p[j] - centers[c][j];
;         d += t * t;
;       }
;       if (d < bd)
;         bd = d, best = c;
;     }
;     return best;
;   }
;   float long_sum(const float *a) {
;     float s = 0;
;     for (int i = 0; i < 2000; i++)
;       s += a[i];
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/hoist-small-range.fhprof;report=%t/report.yaml>' -S %t/hoist-small-range.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; CHECK-LABEL: define{{.*}} i32 @nearest(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 256, i32 {{[0-9]+}}, i32 3)
; CHECK-NOT: farhint_hint_slow
; CHECK: ret i32
; CHECK-LABEL: define{{.*}} float @long_sum(
; CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
; CHECK: br i1 %fh.islive, label %[[HINTED:[a-z.]+]], label %[[PLAIN:[a-z.]+]]
; CHECK: [[PLAIN]]:
; CHECK-NOT: farhint_hint_slow
; CHECK: [[HINTED]]:
; CHECK: [[LOOP:for.body]]:
; CHECK-NOT: @__farhint_live_word
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 {{[0-9]+}}, i32 4)
; CHECK: br i1 %{{.*}}, label %{{.*}}, label %[[LOOP]]
; REPORT: hoisted out of 2 loop(s): one hint for 256 bytes
; REPORT-NOT: hoisted

;--- hoist-small-range.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 200},
 "sites": [{"id": 3, "file": "hoist-small-range.c", "line": 33, "column": 17, "function": "nearest",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 4, "file": "hoist-small-range.c", "line": 45, "column": 10, "function": "long_sum",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- hoist-small-range.ll
source_filename = "hoist-small-range.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @nearest(ptr nocapture noundef readonly %p, ptr nocapture noundef readonly %centers, i32 noundef %k) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %p, !22, !DIExpression(), !37)
    #dbg_value(ptr %centers, !23, !DIExpression(), !37)
    #dbg_value(i32 %k, !24, !DIExpression(), !37)
    #dbg_value(i32 0, !25, !DIExpression(), !37)
    #dbg_value(float 0x46293E5940000000, !26, !DIExpression(), !37)
    #dbg_value(i32 0, !27, !DIExpression(), !38)
  %cmp24 = icmp sgt i32 %k, 0, !dbg !39
  br i1 %cmp24, label %for.cond1.preheader.preheader, label %for.cond.cleanup, !dbg !40

for.cond1.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext nneg i32 %k to i64, !dbg !39
  br label %for.cond1.preheader, !dbg !40

for.cond1.preheader:                              ; preds = %for.cond1.preheader.preheader, %for.cond.cleanup3
  %indvars.iv29 = phi i64 [ 0, %for.cond1.preheader.preheader ], [ %indvars.iv.next30, %for.cond.cleanup3 ]
  %best.027 = phi i32 [ 0, %for.cond1.preheader.preheader ], [ %best.1, %for.cond.cleanup3 ]
  %bd.025 = phi float [ 0x46293E5940000000, %for.cond1.preheader.preheader ], [ %bd.1, %for.cond.cleanup3 ]
    #dbg_value(i32 %best.027, !25, !DIExpression(), !37)
    #dbg_value(i64 %indvars.iv29, !27, !DIExpression(), !38)
    #dbg_value(float %bd.025, !26, !DIExpression(), !37)
    #dbg_value(i32 0, !32, !DIExpression(), !41)
    #dbg_value(float 0.000000e+00, !29, !DIExpression(), !42)
  br label %for.body4, !dbg !43

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  %best.0.lcssa = phi i32 [ 0, %entry ], [ %best.1, %for.cond.cleanup3 ], !dbg !37
  ret i32 %best.0.lcssa, !dbg !44

for.cond.cleanup3:                                ; preds = %for.body4
  %cmp9 = fcmp olt float %3, %bd.025, !dbg !45
  %bd.1 = select i1 %cmp9, float %3, float %bd.025, !dbg !47
  %0 = trunc nuw nsw i64 %indvars.iv29 to i32, !dbg !47
  %best.1 = select i1 %cmp9, i32 %0, i32 %best.027, !dbg !47
    #dbg_value(i32 %best.1, !25, !DIExpression(), !37)
    #dbg_value(float %bd.1, !26, !DIExpression(), !37)
  %indvars.iv.next30 = add nuw nsw i64 %indvars.iv29, 1, !dbg !48
    #dbg_value(i64 %indvars.iv.next30, !27, !DIExpression(), !38)
  %exitcond32.not = icmp eq i64 %indvars.iv.next30, %wide.trip.count, !dbg !39
  br i1 %exitcond32.not, label %for.cond.cleanup, label %for.cond1.preheader, !dbg !40, !llvm.loop !49

for.body4:                                        ; preds = %for.cond1.preheader, %for.body4
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next, %for.body4 ]
  %d.022 = phi float [ 0.000000e+00, %for.cond1.preheader ], [ %3, %for.body4 ]
    #dbg_value(i64 %indvars.iv, !32, !DIExpression(), !41)
    #dbg_value(float %d.022, !29, !DIExpression(), !42)
  %arrayidx = getelementptr inbounds float, ptr %p, i64 %indvars.iv, !dbg !52
  %1 = load float, ptr %arrayidx, align 4, !dbg !52, !tbaa !53
  %arrayidx8 = getelementptr inbounds [64 x float], ptr %centers, i64 %indvars.iv29, i64 %indvars.iv, !dbg !57
  %2 = load float, ptr %arrayidx8, align 4, !dbg !57, !tbaa !53
  %sub = fsub float %1, %2, !dbg !58
    #dbg_value(float %sub, !34, !DIExpression(), !59)
  %3 = tail call float @llvm.fmuladd.f32(float %sub, float %sub, float %d.022), !dbg !60
    #dbg_value(float %3, !29, !DIExpression(), !42)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !61
    #dbg_value(i64 %indvars.iv.next, !32, !DIExpression(), !41)
  %exitcond.not = icmp eq i64 %indvars.iv.next, 64, !dbg !62
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !dbg !43, !llvm.loop !63
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local float @long_sum(ptr nocapture noundef readonly %a) local_unnamed_addr #0 !dbg !67 {
entry:
    #dbg_value(ptr %a, !71, !DIExpression(), !75)
    #dbg_value(float 0.000000e+00, !72, !DIExpression(), !75)
    #dbg_value(i32 0, !73, !DIExpression(), !76)
  br label %for.body, !dbg !77

for.cond.cleanup:                                 ; preds = %for.body
  ret float %add.7, !dbg !78

for.body:                                         ; preds = %for.body, %entry
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next.7, %for.body ]
  %s.04 = phi float [ 0.000000e+00, %entry ], [ %add.7, %for.body ]
    #dbg_value(i64 %indvars.iv, !73, !DIExpression(), !76)
    #dbg_value(float %s.04, !72, !DIExpression(), !75)
  %arrayidx = getelementptr inbounds float, ptr %a, i64 %indvars.iv, !dbg !79
  %0 = load float, ptr %arrayidx, align 4, !dbg !79, !tbaa !53
  %add = fadd float %s.04, %0, !dbg !81
    #dbg_value(float %add, !72, !DIExpression(), !75)
  %indvars.iv.next = or disjoint i64 %indvars.iv, 1, !dbg !82
    #dbg_value(i64 %indvars.iv.next, !73, !DIExpression(), !76)
  %arrayidx.1 = getelementptr inbounds float, ptr %a, i64 %indvars.iv.next, !dbg !79
  %1 = load float, ptr %arrayidx.1, align 4, !dbg !79, !tbaa !53
  %add.1 = fadd float %add, %1, !dbg !81
    #dbg_value(float %add.1, !72, !DIExpression(), !75)
  %indvars.iv.next.1 = or disjoint i64 %indvars.iv, 2, !dbg !82
    #dbg_value(i64 %indvars.iv.next.1, !73, !DIExpression(), !76)
  %arrayidx.2 = getelementptr inbounds float, ptr %a, i64 %indvars.iv.next.1, !dbg !79
  %2 = load float, ptr %arrayidx.2, align 4, !dbg !79, !tbaa !53
  %add.2 = fadd float %add.1, %2, !dbg !81
    #dbg_value(float %add.2, !72, !DIExpression(), !75)
  %indvars.iv.next.2 = or disjoint i64 %indvars.iv, 3, !dbg !82
    #dbg_value(i64 %indvars.iv.next.2, !73, !DIExpression(), !76)
  %arrayidx.3 = getelementptr inbounds float, ptr %a, i64 %indvars.iv.next.2, !dbg !79
  %3 = load float, ptr %arrayidx.3, align 4, !dbg !79, !tbaa !53
  %add.3 = fadd float %add.2, %3, !dbg !81
    #dbg_value(float %add.3, !72, !DIExpression(), !75)
  %indvars.iv.next.3 = or disjoint i64 %indvars.iv, 4, !dbg !82
    #dbg_value(i64 %indvars.iv.next.3, !73, !DIExpression(), !76)
  %arrayidx.4 = getelementptr inbounds float, ptr %a, i64 %indvars.iv.next.3, !dbg !79
  %4 = load float, ptr %arrayidx.4, align 4, !dbg !79, !tbaa !53
  %add.4 = fadd float %add.3, %4, !dbg !81
    #dbg_value(float %add.4, !72, !DIExpression(), !75)
  %indvars.iv.next.4 = or disjoint i64 %indvars.iv, 5, !dbg !82
    #dbg_value(i64 %indvars.iv.next.4, !73, !DIExpression(), !76)
  %arrayidx.5 = getelementptr inbounds float, ptr %a, i64 %indvars.iv.next.4, !dbg !79
  %5 = load float, ptr %arrayidx.5, align 4, !dbg !79, !tbaa !53
  %add.5 = fadd float %add.4, %5, !dbg !81
    #dbg_value(float %add.5, !72, !DIExpression(), !75)
  %indvars.iv.next.5 = or disjoint i64 %indvars.iv, 6, !dbg !82
    #dbg_value(i64 %indvars.iv.next.5, !73, !DIExpression(), !76)
  %arrayidx.6 = getelementptr inbounds float, ptr %a, i64 %indvars.iv.next.5, !dbg !79
  %6 = load float, ptr %arrayidx.6, align 4, !dbg !79, !tbaa !53
  %add.6 = fadd float %add.5, %6, !dbg !81
    #dbg_value(float %add.6, !72, !DIExpression(), !75)
  %indvars.iv.next.6 = or disjoint i64 %indvars.iv, 7, !dbg !82
    #dbg_value(i64 %indvars.iv.next.6, !73, !DIExpression(), !76)
  %arrayidx.7 = getelementptr inbounds float, ptr %a, i64 %indvars.iv.next.6, !dbg !79
  %7 = load float, ptr %arrayidx.7, align 4, !dbg !79, !tbaa !53
  %add.7 = fadd float %add.6, %7, !dbg !81
    #dbg_value(float %add.7, !72, !DIExpression(), !75)
  %indvars.iv.next.7 = add nuw nsw i64 %indvars.iv, 8, !dbg !82
    #dbg_value(i64 %indvars.iv.next.7, !73, !DIExpression(), !76)
  %exitcond.not.7 = icmp eq i64 %indvars.iv.next.7, 2000, !dbg !83
  br i1 %exitcond.not.7, label %for.cond.cleanup, label %for.body, !dbg !77, !llvm.loop !84
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "hoist-small-range.c", directory: ".", checksumkind: CSK_MD5, checksum: "880d4ea037a32f4ce1ad2230a7847aa9")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "nearest", scope: !1, file: !1, line: 26, type: !11, scopeLine: 26, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !21)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !17, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !16)
!16 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DICompositeType(tag: DW_TAG_array_type, baseType: !16, size: 2048, elements: !19)
!19 = !{!20}
!20 = !DISubrange(count: 64)
!21 = !{!22, !23, !24, !25, !26, !27, !29, !32, !34}
!22 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 26, type: !14)
!23 = !DILocalVariable(name: "centers", arg: 2, scope: !10, file: !1, line: 26, type: !17)
!24 = !DILocalVariable(name: "k", arg: 3, scope: !10, file: !1, line: 26, type: !13)
!25 = !DILocalVariable(name: "best", scope: !10, file: !1, line: 27, type: !13)
!26 = !DILocalVariable(name: "bd", scope: !10, file: !1, line: 28, type: !16)
!27 = !DILocalVariable(name: "c", scope: !28, file: !1, line: 29, type: !13)
!28 = distinct !DILexicalBlock(scope: !10, file: !1, line: 29, column: 3)
!29 = !DILocalVariable(name: "d", scope: !30, file: !1, line: 30, type: !16)
!30 = distinct !DILexicalBlock(scope: !31, file: !1, line: 29, column: 31)
!31 = distinct !DILexicalBlock(scope: !28, file: !1, line: 29, column: 3)
!32 = !DILocalVariable(name: "j", scope: !33, file: !1, line: 32, type: !13)
!33 = distinct !DILexicalBlock(scope: !30, file: !1, line: 32, column: 5)
!34 = !DILocalVariable(name: "t", scope: !35, file: !1, line: 33, type: !16)
!35 = distinct !DILexicalBlock(scope: !36, file: !1, line: 32, column: 35)
!36 = distinct !DILexicalBlock(scope: !33, file: !1, line: 32, column: 5)
!37 = !DILocation(line: 0, scope: !10)
!38 = !DILocation(line: 0, scope: !28)
!39 = !DILocation(line: 29, column: 21, scope: !31)
!40 = !DILocation(line: 29, column: 3, scope: !28)
!41 = !DILocation(line: 0, scope: !33)
!42 = !DILocation(line: 0, scope: !30)
!43 = !DILocation(line: 32, column: 5, scope: !33)
!44 = !DILocation(line: 39, column: 3, scope: !10)
!45 = !DILocation(line: 36, column: 11, scope: !46)
!46 = distinct !DILexicalBlock(scope: !30, file: !1, line: 36, column: 9)
!47 = !DILocation(line: 36, column: 9, scope: !30)
!48 = !DILocation(line: 29, column: 27, scope: !31)
!49 = distinct !{!49, !40, !50, !51}
!50 = !DILocation(line: 38, column: 3, scope: !28)
!51 = !{!"llvm.loop.mustprogress"}
!52 = !DILocation(line: 33, column: 17, scope: !35)
!53 = !{!54, !54, i64 0}
!54 = !{!"float", !55, i64 0}
!55 = !{!"omnipotent char", !56, i64 0}
!56 = !{!"Simple C/C++ TBAA"}
!57 = !DILocation(line: 33, column: 24, scope: !35)
!58 = !DILocation(line: 33, column: 22, scope: !35)
!59 = !DILocation(line: 0, scope: !35)
!60 = !DILocation(line: 34, column: 9, scope: !35)
!61 = !DILocation(line: 32, column: 31, scope: !36)
!62 = !DILocation(line: 32, column: 23, scope: !36)
!63 = distinct !{!63, !43, !64, !51, !65, !66}
!64 = !DILocation(line: 35, column: 5, scope: !33)
!65 = !{!"llvm.loop.unroll.disable"}
!66 = !{!"llvm.loop.vectorize.width", i32 1}
!67 = distinct !DISubprogram(name: "long_sum", scope: !1, file: !1, line: 42, type: !68, scopeLine: 42, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !70)
!68 = !DISubroutineType(types: !69)
!69 = !{!16, !14}
!70 = !{!71, !72, !73}
!71 = !DILocalVariable(name: "a", arg: 1, scope: !67, file: !1, line: 42, type: !14)
!72 = !DILocalVariable(name: "s", scope: !67, file: !1, line: 43, type: !16)
!73 = !DILocalVariable(name: "i", scope: !74, file: !1, line: 44, type: !13)
!74 = distinct !DILexicalBlock(scope: !67, file: !1, line: 44, column: 3)
!75 = !DILocation(line: 0, scope: !67)
!76 = !DILocation(line: 0, scope: !74)
!77 = !DILocation(line: 44, column: 3, scope: !74)
!78 = !DILocation(line: 46, column: 3, scope: !67)
!79 = !DILocation(line: 45, column: 10, scope: !80)
!80 = distinct !DILexicalBlock(scope: !74, file: !1, line: 44, column: 3)
!81 = !DILocation(line: 45, column: 7, scope: !80)
!82 = !DILocation(line: 44, column: 30, scope: !80)
!83 = !DILocation(line: 44, column: 21, scope: !80)
!84 = distinct !{!84, !77, !85, !51}
!85 = !DILocation(line: 45, column: 13, scope: !74)
