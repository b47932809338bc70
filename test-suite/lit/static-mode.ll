; Without a profile, mode=static suggests hints for affine loop accesses
; through heap pointers (marked unprofiled in the report) and inserts them
; only with static-insert=true; stack arrays are never hinted.
; The profile's lines are the C source's (clang -O1 -g), kept in the IR's debug info:
;
;   long sum(const long *a, long n) {
;     long s = 0;
;     for (long i = 0; i < n; i++)
;       s += a[i];
;     return s;
;   }
;   long local_sum(long n) {
;     volatile long buf[64];
;     long s = 0;
;     for (long i = 0; i < n && i < 64; i++)
;       s += buf[i];
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<mode=static;report=%t/report.yaml>' -S %t/static-mode.ll -o - | FileCheck --check-prefix=SUGGEST %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; RUN: %opt_farhint -passes='farhint<mode=static;static-insert=true>' -S %t/static-mode.ll -o - | FileCheck --check-prefix=INSERT %s
; SUGGEST-NOT: call preserve_mostcc void @farhint_hint_slow_preserve_most
; REPORT: not-hinted:
; REPORT: location: "{{.*}}static-mode.c:21:10"
; REPORT: unprofiled: true
; REPORT: reason: "suggested (static-insert=false): read; loop: affine, stride 8 bytes; seq with read-ahead 16 pages"
; REPORT-NOT: static-mode.c:2{{[5-9]}}
; INSERT-LABEL: define{{.*}} i64 @sum(
; INSERT: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1048578, i32 0)
; INSERT-LABEL: define{{.*}} i64 @local_sum(
; INSERT-NOT: call preserve_mostcc void @farhint_hint_slow_preserve_most
; INSERT: ret i64

;--- static-mode.ll
source_filename = "static-mode.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @sum(ptr nocapture noundef readonly %a, i64 noundef %n) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %a, !17, !DIExpression(), !22)
    #dbg_value(i64 %n, !18, !DIExpression(), !22)
    #dbg_value(i64 0, !19, !DIExpression(), !22)
    #dbg_value(i64 0, !20, !DIExpression(), !23)
  %cmp4 = icmp sgt i64 %n, 0, !dbg !24
  br i1 %cmp4, label %for.body, label %for.cond.cleanup, !dbg !26

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add, %for.body ], !dbg !22
  ret i64 %s.0.lcssa, !dbg !27

for.body:                                         ; preds = %entry, %for.body
  %i.06 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.05 = phi i64 [ %add, %for.body ], [ 0, %entry ]
    #dbg_value(i64 %i.06, !20, !DIExpression(), !23)
    #dbg_value(i64 %s.05, !19, !DIExpression(), !22)
  %arrayidx = getelementptr inbounds i64, ptr %a, i64 %i.06, !dbg !28
  %0 = load i64, ptr %arrayidx, align 8, !dbg !28, !tbaa !29
  %add = add nsw i64 %0, %s.05, !dbg !33
    #dbg_value(i64 %add, !19, !DIExpression(), !22)
  %inc = add nuw nsw i64 %i.06, 1, !dbg !34
    #dbg_value(i64 %inc, !20, !DIExpression(), !23)
  %exitcond.not = icmp eq i64 %inc, %n, !dbg !24
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !26, !llvm.loop !35
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nofree norecurse nounwind memory(inaccessiblemem: readwrite) uwtable
define dso_local i64 @local_sum(i64 noundef %n) local_unnamed_addr #2 !dbg !39 {
entry:
  %buf = alloca [64 x i64], align 16, !DIAssignID !52
    #dbg_assign(i1 undef, !44, !DIExpression(), !52, ptr %buf, !DIExpression(), !53)
    #dbg_value(i64 %n, !43, !DIExpression(), !53)
  call void @llvm.lifetime.start.p0(i64 512, ptr nonnull %buf) #4, !dbg !54
    #dbg_value(i64 0, !49, !DIExpression(), !53)
    #dbg_value(i64 0, !50, !DIExpression(), !55)
  %cmp6 = icmp sgt i64 %n, 0, !dbg !56
  br i1 %cmp6, label %for.body.preheader, label %for.cond.cleanup, !dbg !58

for.body.preheader:                               ; preds = %entry
  %0 = add nsw i64 %n, -1, !dbg !58
  %umin = tail call i64 @llvm.umin.i64(i64 %0, i64 63), !dbg !58
  br label %for.body, !dbg !58

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add, %for.body ], !dbg !53
  call void @llvm.lifetime.end.p0(i64 512, ptr nonnull %buf) #4, !dbg !59
  ret i64 %s.0.lcssa, !dbg !60

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.08 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.07 = phi i64 [ %add, %for.body ], [ 0, %for.body.preheader ]
    #dbg_value(i64 %i.08, !50, !DIExpression(), !55)
    #dbg_value(i64 %s.07, !49, !DIExpression(), !53)
  %arrayidx = getelementptr inbounds [64 x i64], ptr %buf, i64 0, i64 %i.08, !dbg !61
  %1 = load volatile i64, ptr %arrayidx, align 8, !dbg !61, !tbaa !29
  %add = add nsw i64 %1, %s.07, !dbg !62
    #dbg_value(i64 %add, !49, !DIExpression(), !53)
  %inc = add nuw nsw i64 %i.08, 1, !dbg !63
    #dbg_value(i64 %inc, !50, !DIExpression(), !55)
  %exitcond.not = icmp eq i64 %i.08, %umin, !dbg !64
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !58, !llvm.loop !65
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umin.i64(i64, i64) #3

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nofree norecurse nounwind memory(inaccessiblemem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "static-mode.c", directory: ".", checksumkind: CSK_MD5, checksum: "4fd84d9746f022f191df68be4993e38a")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 18, type: !11, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !13}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !{!17, !18, !19, !20}
!17 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 18, type: !14)
!18 = !DILocalVariable(name: "n", arg: 2, scope: !10, file: !1, line: 18, type: !13)
!19 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 19, type: !13)
!20 = !DILocalVariable(name: "i", scope: !21, file: !1, line: 20, type: !13)
!21 = distinct !DILexicalBlock(scope: !10, file: !1, line: 20, column: 3)
!22 = !DILocation(line: 0, scope: !10)
!23 = !DILocation(line: 0, scope: !21)
!24 = !DILocation(line: 20, column: 22, scope: !25)
!25 = distinct !DILexicalBlock(scope: !21, file: !1, line: 20, column: 3)
!26 = !DILocation(line: 20, column: 3, scope: !21)
!27 = !DILocation(line: 22, column: 3, scope: !10)
!28 = !DILocation(line: 21, column: 10, scope: !25)
!29 = !{!30, !30, i64 0}
!30 = !{!"long", !31, i64 0}
!31 = !{!"omnipotent char", !32, i64 0}
!32 = !{!"Simple C/C++ TBAA"}
!33 = !DILocation(line: 21, column: 7, scope: !25)
!34 = !DILocation(line: 20, column: 28, scope: !25)
!35 = distinct !{!35, !26, !36, !37, !38}
!36 = !DILocation(line: 21, column: 13, scope: !21)
!37 = !{!"llvm.loop.mustprogress"}
!38 = !{!"llvm.loop.unroll.disable"}
!39 = distinct !DISubprogram(name: "local_sum", scope: !1, file: !1, line: 24, type: !40, scopeLine: 24, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !42)
!40 = !DISubroutineType(types: !41)
!41 = !{!13, !13}
!42 = !{!43, !44, !49, !50}
!43 = !DILocalVariable(name: "n", arg: 1, scope: !39, file: !1, line: 24, type: !13)
!44 = !DILocalVariable(name: "buf", scope: !39, file: !1, line: 25, type: !45)
!45 = !DICompositeType(tag: DW_TAG_array_type, baseType: !46, size: 4096, elements: !47)
!46 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !13)
!47 = !{!48}
!48 = !DISubrange(count: 64)
!49 = !DILocalVariable(name: "s", scope: !39, file: !1, line: 26, type: !13)
!50 = !DILocalVariable(name: "i", scope: !51, file: !1, line: 27, type: !13)
!51 = distinct !DILexicalBlock(scope: !39, file: !1, line: 27, column: 3)
!52 = distinct !DIAssignID()
!53 = !DILocation(line: 0, scope: !39)
!54 = !DILocation(line: 25, column: 3, scope: !39)
!55 = !DILocation(line: 0, scope: !51)
!56 = !DILocation(line: 27, column: 22, scope: !57)
!57 = distinct !DILexicalBlock(scope: !51, file: !1, line: 27, column: 3)
!58 = !DILocation(line: 27, column: 3, scope: !51)
!59 = !DILocation(line: 30, column: 1, scope: !39)
!60 = !DILocation(line: 29, column: 3, scope: !39)
!61 = !DILocation(line: 28, column: 10, scope: !57)
!62 = !DILocation(line: 28, column: 7, scope: !57)
!63 = !DILocation(line: 27, column: 38, scope: !57)
!64 = !DILocation(line: 27, column: 26, scope: !57)
!65 = distinct !{!65, !58, !66, !37, !38}
!66 = !DILocation(line: 28, column: 15, scope: !51)
