; Prefetches ahead of indirect accesses (Prefetch.h). gather's a[idx[i]]
; (buffered-writes=false: else a site that only writes gets buffered writes, buffered-writes.c.)
; loads idx 32 iterations ahead -- clamped to the loop's last index, and only
; from a present page -- and asks for the page of a[] it names, with the
; blocking hint still at the access. scatter's targets[fill[src[e]]] goes
; through two loads; walk's items[i]->value through an array of pointers.
; A loop of 16 iterations is shorter than the distance, and an affine scan
; is left to read-ahead: neither gets one. prefetch-distance= moves the
; distance; 0 turns prefetches off.
; The profile's lines are the C source's (clang -O2 -g), kept in the IR's debug info:
;
;   struct item { long key, value; };
;   double gather(const double *a, const int *idx, long n) {
;     double s = 0;
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (long i = 0; i < n; i++)
;       s += a[idx[i]];
;     return s;
;   }
;   void scatter(long *targets, long *fill, const long *src, const long *dst, long ne) {
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (long e = 0; e < ne; e++)
;       targets[fill[src[e]]++] = dst[e];
;   }
;   long walk(struct item **items, long n) {
;     long s = 0;
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (long i = 0; i < n; i++)
;       s += items[i]->value;
;     return s;
;   }
;   double short_gather(const double *a, const int *idx) {
;     double s = 0;
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (long i = 0; i < 16; i++)
;       s += a[idx[i]];
;     return s;
;   }
;   long scan(const long *a, long n) {
;     long s = 0;
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (long i = 0; i < n; i++)
;       s += a[i];
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/prefetch-indirect.fhprof;buffered-writes=false;report=%t/report.yaml>' -S %t/prefetch-indirect.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; RUN: %opt_farhint -passes='farhint<profile=%t/prefetch-indirect.fhprof;buffered-writes=false;prefetch-distance=8>' -S %t/prefetch-indirect.ll -o - | FileCheck --check-prefix=DIST8 %s
; RUN: %opt_farhint -passes='farhint<profile=%t/prefetch-indirect.fhprof;buffered-writes=false;prefetch-distance=0>' -S %t/prefetch-indirect.ll -o - | FileCheck --check-prefix=OFF %s
; CHECK-LABEL: define{{.*}} double @gather(
; CHECK: [[IDX:%arrayidx[0-9]*]] = getelementptr inbounds i32, ptr %idx
; CHECK: %fh.pf.idx = getelementptr i8, ptr [[IDX]], i64 128
; CHECK: icmp ule ptr %fh.pf.idx, [[LAST:%[a-z0-9.]+]]
; CHECK: %fh.pf.bounded = select i1 %{{.*}}, ptr %fh.pf.idx, ptr [[LAST]]
; CHECK: %fh.pf.meta = load volatile i64
; CHECK: %fh.pf.from = select i1 %fh.pf.here, ptr %fh.pf.bounded, ptr [[IDX]]
; CHECK: %fh.pf.load = load i32, ptr %fh.pf.from
; CHECK: %fh.pf.addr = select i1 %fh.pf.here, ptr %fh.pf{{[0-9]*}}, ptr %fh.pf.bounded
; CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 1)
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 1)
; CHECK-LABEL: define{{.*}} void @scatter(
; CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 2)
; CHECK-LABEL: define{{.*}} i64 @walk(
; CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 3)
; CHECK-LABEL: define{{.*}} double @short_gather(
; CHECK-NOT: farhint_prefetch
; CHECK: ret double
; CHECK-LABEL: define{{.*}} i64 @scan(
; CHECK-NOT: farhint_prefetch
; CHECK: ret i64
; CHECK: declare extern_weak preserve_mostcc void @farhint_prefetch_preserve_most(ptr, i64, i32, i32) #[[ATTR:[0-9]+]]
; CHECK: attributes #[[ATTR]] = { nonlazybind }
; REPORT: location: "prefetch-indirect.c:56:10"
; REPORT: prefetch ahead: indirect through 1 load(s), by an index, 32 iterations ahead (prefetch-distance=), index clamped to the loop's last
; REPORT: location: "prefetch-indirect.c:63:29"
; REPORT: prefetch ahead: indirect through 2 load(s)
; REPORT: location: "prefetch-indirect.c:70:20"
; REPORT: prefetch ahead: indirect through 1 load(s)
; REPORT: location: "prefetch-indirect.c:78:10"
; REPORT: no prefetch ahead: the loop runs 16 times, not more than the distance 32
; REPORT: location: "prefetch-indirect.c:86:10"
; REPORT: no prefetch ahead: no load in the address (affine: read-ahead covers it)
; DIST8-LABEL: define{{.*}} double @gather(
; DIST8: getelementptr i8, ptr %{{.*}}, i64 32
; DIST8: call preserve_mostcc void @farhint_prefetch_preserve_most(
; OFF-NOT: farhint_prefetch

;--- prefetch-indirect.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 500},
 "sites": [{"id": 1, "file": "prefetch-indirect.c", "line": 56, "column": 10, "function": "gather",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 2, "file": "prefetch-indirect.c", "line": 63, "column": 29, "function": "scatter",
            "faults": {"read": 0, "write": 100, "write_protect": 0}},
           {"id": 3, "file": "prefetch-indirect.c", "line": 70, "column": 20, "function": "walk",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 4, "file": "prefetch-indirect.c", "line": 78, "column": 10, "function": "short_gather",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 5, "file": "prefetch-indirect.c", "line": 86, "column": 10, "function": "scan",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- prefetch-indirect.ll
source_filename = "prefetch-indirect.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local double @gather(ptr nocapture noundef readonly %a, ptr nocapture noundef readonly %idx, i64 noundef %n) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %a, !21, !DIExpression(), !27)
    #dbg_value(ptr %idx, !22, !DIExpression(), !27)
    #dbg_value(i64 %n, !23, !DIExpression(), !27)
    #dbg_value(double 0.000000e+00, !24, !DIExpression(), !27)
    #dbg_value(i64 0, !25, !DIExpression(), !28)
  %cmp5 = icmp sgt i64 %n, 0, !dbg !29
  br i1 %cmp5, label %for.body, label %for.cond.cleanup, !dbg !31

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %add, %for.body ], !dbg !27
  ret double %s.0.lcssa, !dbg !32

for.body:                                         ; preds = %entry, %for.body
  %i.07 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.06 = phi double [ %add, %for.body ], [ 0.000000e+00, %entry ]
    #dbg_value(i64 %i.07, !25, !DIExpression(), !28)
    #dbg_value(double %s.06, !24, !DIExpression(), !27)
  %arrayidx = getelementptr inbounds i32, ptr %idx, i64 %i.07, !dbg !33
  %0 = load i32, ptr %arrayidx, align 4, !dbg !33, !tbaa !34
  %idxprom = sext i32 %0 to i64, !dbg !38
  %arrayidx1 = getelementptr inbounds double, ptr %a, i64 %idxprom, !dbg !38
  %1 = load double, ptr %arrayidx1, align 8, !dbg !38, !tbaa !39
  %add = fadd double %s.06, %1, !dbg !41
    #dbg_value(double %add, !24, !DIExpression(), !27)
  %inc = add nuw nsw i64 %i.07, 1, !dbg !42
    #dbg_value(i64 %inc, !25, !DIExpression(), !28)
  %exitcond.not = icmp eq i64 %inc, %n, !dbg !29
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !31, !llvm.loop !43
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @scatter(ptr nocapture noundef writeonly %targets, ptr nocapture noundef %fill, ptr nocapture noundef readonly %src, ptr nocapture noundef readonly %dst, i64 noundef %ne) local_unnamed_addr #1 !dbg !48 {
entry:
    #dbg_value(ptr %targets, !55, !DIExpression(), !62)
    #dbg_value(ptr %fill, !56, !DIExpression(), !62)
    #dbg_value(ptr %src, !57, !DIExpression(), !62)
    #dbg_value(ptr %dst, !58, !DIExpression(), !62)
    #dbg_value(i64 %ne, !59, !DIExpression(), !62)
    #dbg_value(i64 0, !60, !DIExpression(), !63)
  %cmp8 = icmp sgt i64 %ne, 0, !dbg !64
  br i1 %cmp8, label %for.body, label %for.cond.cleanup, !dbg !66

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void, !dbg !67

for.body:                                         ; preds = %entry, %for.body
  %e.09 = phi i64 [ %inc4, %for.body ], [ 0, %entry ]
    #dbg_value(i64 %e.09, !60, !DIExpression(), !63)
  %arrayidx = getelementptr inbounds i64, ptr %dst, i64 %e.09, !dbg !68
  %0 = load i64, ptr %arrayidx, align 8, !dbg !68, !tbaa !69
  %arrayidx1 = getelementptr inbounds i64, ptr %src, i64 %e.09, !dbg !71
  %1 = load i64, ptr %arrayidx1, align 8, !dbg !71, !tbaa !69
  %arrayidx2 = getelementptr inbounds i64, ptr %fill, i64 %1, !dbg !72
  %2 = load i64, ptr %arrayidx2, align 8, !dbg !73, !tbaa !69
  %inc = add nsw i64 %2, 1, !dbg !73
  store i64 %inc, ptr %arrayidx2, align 8, !dbg !73, !tbaa !69
  %arrayidx3 = getelementptr inbounds i64, ptr %targets, i64 %2, !dbg !74
  store i64 %0, ptr %arrayidx3, align 8, !dbg !75, !tbaa !69
  %inc4 = add nuw nsw i64 %e.09, 1, !dbg !76
    #dbg_value(i64 %inc4, !60, !DIExpression(), !63)
  %exitcond.not = icmp eq i64 %inc4, %ne, !dbg !64
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !66, !llvm.loop !77
}

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable
define dso_local i64 @walk(ptr nocapture noundef readonly %items, i64 noundef %n) local_unnamed_addr #2 !dbg !79 {
entry:
    #dbg_value(ptr %items, !89, !DIExpression(), !94)
    #dbg_value(i64 %n, !90, !DIExpression(), !94)
    #dbg_value(i64 0, !91, !DIExpression(), !94)
    #dbg_value(i64 0, !92, !DIExpression(), !95)
  %cmp4 = icmp sgt i64 %n, 0, !dbg !96
  br i1 %cmp4, label %for.body, label %for.cond.cleanup, !dbg !98

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add, %for.body ], !dbg !94
  ret i64 %s.0.lcssa, !dbg !99

for.body:                                         ; preds = %entry, %for.body
  %i.06 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.05 = phi i64 [ %add, %for.body ], [ 0, %entry ]
    #dbg_value(i64 %i.06, !92, !DIExpression(), !95)
    #dbg_value(i64 %s.05, !91, !DIExpression(), !94)
  %arrayidx = getelementptr inbounds ptr, ptr %items, i64 %i.06, !dbg !100
  %0 = load ptr, ptr %arrayidx, align 8, !dbg !100, !tbaa !101
  %value = getelementptr inbounds i8, ptr %0, i64 8, !dbg !103
  %1 = load i64, ptr %value, align 8, !dbg !103, !tbaa !104
  %add = add nsw i64 %1, %s.05, !dbg !106
    #dbg_value(i64 %add, !91, !DIExpression(), !94)
  %inc = add nuw nsw i64 %i.06, 1, !dbg !107
    #dbg_value(i64 %inc, !92, !DIExpression(), !95)
  %exitcond.not = icmp eq i64 %inc, %n, !dbg !96
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !98, !llvm.loop !108
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local double @short_gather(ptr nocapture noundef readonly %a, ptr nocapture noundef readonly %idx) local_unnamed_addr #0 !dbg !110 {
entry:
    #dbg_value(ptr %a, !114, !DIExpression(), !119)
    #dbg_value(ptr %idx, !115, !DIExpression(), !119)
    #dbg_value(double 0.000000e+00, !116, !DIExpression(), !119)
    #dbg_value(i64 0, !117, !DIExpression(), !120)
  br label %for.body, !dbg !121

for.cond.cleanup:                                 ; preds = %for.body
  ret double %add, !dbg !122

for.body:                                         ; preds = %entry, %for.body
  %i.06 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %s.05 = phi double [ 0.000000e+00, %entry ], [ %add, %for.body ]
    #dbg_value(i64 %i.06, !117, !DIExpression(), !120)
    #dbg_value(double %s.05, !116, !DIExpression(), !119)
  %arrayidx = getelementptr inbounds i32, ptr %idx, i64 %i.06, !dbg !123
  %0 = load i32, ptr %arrayidx, align 4, !dbg !123, !tbaa !34
  %idxprom = sext i32 %0 to i64, !dbg !125
  %arrayidx1 = getelementptr inbounds double, ptr %a, i64 %idxprom, !dbg !125
  %1 = load double, ptr %arrayidx1, align 8, !dbg !125, !tbaa !39
  %add = fadd double %s.05, %1, !dbg !126
    #dbg_value(double %add, !116, !DIExpression(), !119)
  %inc = add nuw nsw i64 %i.06, 1, !dbg !127
    #dbg_value(i64 %inc, !117, !DIExpression(), !120)
  %exitcond.not = icmp eq i64 %inc, 16, !dbg !128
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !121, !llvm.loop !129
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @scan(ptr nocapture noundef readonly %a, i64 noundef %n) local_unnamed_addr #0 !dbg !131 {
entry:
    #dbg_value(ptr %a, !135, !DIExpression(), !140)
    #dbg_value(i64 %n, !136, !DIExpression(), !140)
    #dbg_value(i64 0, !137, !DIExpression(), !140)
    #dbg_value(i64 0, !138, !DIExpression(), !141)
  %cmp4 = icmp sgt i64 %n, 0, !dbg !142
  br i1 %cmp4, label %for.body, label %for.cond.cleanup, !dbg !144

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add, %for.body ], !dbg !140
  ret i64 %s.0.lcssa, !dbg !145

for.body:                                         ; preds = %entry, %for.body
  %i.06 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.05 = phi i64 [ %add, %for.body ], [ 0, %entry ]
    #dbg_value(i64 %i.06, !138, !DIExpression(), !141)
    #dbg_value(i64 %s.05, !137, !DIExpression(), !140)
  %arrayidx = getelementptr inbounds i64, ptr %a, i64 %i.06, !dbg !146
  %0 = load i64, ptr %arrayidx, align 8, !dbg !146, !tbaa !69
  %add = add nsw i64 %0, %s.05, !dbg !147
    #dbg_value(i64 %add, !137, !DIExpression(), !140)
  %inc = add nuw nsw i64 %i.06, 1, !dbg !148
    #dbg_value(i64 %inc, !138, !DIExpression(), !141)
  %exitcond.not = icmp eq i64 %inc, %n, !dbg !142
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !144, !llvm.loop !149
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "prefetch-indirect.c", directory: ".", checksumkind: CSK_MD5, checksum: "8281b50ecb1fe86cb6a6acb39fbc1de9")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "gather", scope: !1, file: !1, line: 52, type: !11, scopeLine: 52, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !20)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !16, !19}
!13 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64)
!17 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !18)
!18 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!19 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!20 = !{!21, !22, !23, !24, !25}
!21 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 52, type: !14)
!22 = !DILocalVariable(name: "idx", arg: 2, scope: !10, file: !1, line: 52, type: !16)
!23 = !DILocalVariable(name: "n", arg: 3, scope: !10, file: !1, line: 52, type: !19)
!24 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 53, type: !13)
!25 = !DILocalVariable(name: "i", scope: !26, file: !1, line: 55, type: !19)
!26 = distinct !DILexicalBlock(scope: !10, file: !1, line: 55, column: 3)
!27 = !DILocation(line: 0, scope: !10)
!28 = !DILocation(line: 0, scope: !26)
!29 = !DILocation(line: 55, column: 22, scope: !30)
!30 = distinct !DILexicalBlock(scope: !26, file: !1, line: 55, column: 3)
!31 = !DILocation(line: 55, column: 3, scope: !26)
!32 = !DILocation(line: 57, column: 3, scope: !10)
!33 = !DILocation(line: 56, column: 12, scope: !30)
!34 = !{!35, !35, i64 0}
!35 = !{!"int", !36, i64 0}
!36 = !{!"omnipotent char", !37, i64 0}
!37 = !{!"Simple C/C++ TBAA"}
!38 = !DILocation(line: 56, column: 10, scope: !30)
!39 = !{!40, !40, i64 0}
!40 = !{!"double", !36, i64 0}
!41 = !DILocation(line: 56, column: 7, scope: !30)
!42 = !DILocation(line: 55, column: 28, scope: !30)
!43 = distinct !{!43, !31, !44, !45, !46, !47}
!44 = !DILocation(line: 56, column: 18, scope: !26)
!45 = !{!"llvm.loop.mustprogress"}
!46 = !{!"llvm.loop.unroll.disable"}
!47 = !{!"llvm.loop.vectorize.width", i32 1}
!48 = distinct !DISubprogram(name: "scatter", scope: !1, file: !1, line: 60, type: !49, scopeLine: 60, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !54)
!49 = !DISubroutineType(types: !50)
!50 = !{null, !51, !51, !52, !52, !19}
!51 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !19, size: 64)
!52 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !53, size: 64)
!53 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !19)
!54 = !{!55, !56, !57, !58, !59, !60}
!55 = !DILocalVariable(name: "targets", arg: 1, scope: !48, file: !1, line: 60, type: !51)
!56 = !DILocalVariable(name: "fill", arg: 2, scope: !48, file: !1, line: 60, type: !51)
!57 = !DILocalVariable(name: "src", arg: 3, scope: !48, file: !1, line: 60, type: !52)
!58 = !DILocalVariable(name: "dst", arg: 4, scope: !48, file: !1, line: 60, type: !52)
!59 = !DILocalVariable(name: "ne", arg: 5, scope: !48, file: !1, line: 60, type: !19)
!60 = !DILocalVariable(name: "e", scope: !61, file: !1, line: 62, type: !19)
!61 = distinct !DILexicalBlock(scope: !48, file: !1, line: 62, column: 3)
!62 = !DILocation(line: 0, scope: !48)
!63 = !DILocation(line: 0, scope: !61)
!64 = !DILocation(line: 62, column: 22, scope: !65)
!65 = distinct !DILexicalBlock(scope: !61, file: !1, line: 62, column: 3)
!66 = !DILocation(line: 62, column: 3, scope: !61)
!67 = !DILocation(line: 64, column: 1, scope: !48)
!68 = !DILocation(line: 63, column: 31, scope: !65)
!69 = !{!70, !70, i64 0}
!70 = !{!"long", !36, i64 0}
!71 = !DILocation(line: 63, column: 18, scope: !65)
!72 = !DILocation(line: 63, column: 13, scope: !65)
!73 = !DILocation(line: 63, column: 25, scope: !65)
!74 = !DILocation(line: 63, column: 5, scope: !65)
!75 = !DILocation(line: 63, column: 29, scope: !65)
!76 = !DILocation(line: 62, column: 29, scope: !65)
!77 = distinct !{!77, !66, !78, !45, !46, !47}
!78 = !DILocation(line: 63, column: 36, scope: !61)
!79 = distinct !DISubprogram(name: "walk", scope: !1, file: !1, line: 66, type: !80, scopeLine: 66, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !88)
!80 = !DISubroutineType(types: !81)
!81 = !{!19, !82, !19}
!82 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !83, size: 64)
!83 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !84, size: 64)
!84 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "item", file: !1, line: 50, size: 128, elements: !85)
!85 = !{!86, !87}
!86 = !DIDerivedType(tag: DW_TAG_member, name: "key", scope: !84, file: !1, line: 50, baseType: !19, size: 64)
!87 = !DIDerivedType(tag: DW_TAG_member, name: "value", scope: !84, file: !1, line: 50, baseType: !19, size: 64, offset: 64)
!88 = !{!89, !90, !91, !92}
!89 = !DILocalVariable(name: "items", arg: 1, scope: !79, file: !1, line: 66, type: !82)
!90 = !DILocalVariable(name: "n", arg: 2, scope: !79, file: !1, line: 66, type: !19)
!91 = !DILocalVariable(name: "s", scope: !79, file: !1, line: 67, type: !19)
!92 = !DILocalVariable(name: "i", scope: !93, file: !1, line: 69, type: !19)
!93 = distinct !DILexicalBlock(scope: !79, file: !1, line: 69, column: 3)
!94 = !DILocation(line: 0, scope: !79)
!95 = !DILocation(line: 0, scope: !93)
!96 = !DILocation(line: 69, column: 22, scope: !97)
!97 = distinct !DILexicalBlock(scope: !93, file: !1, line: 69, column: 3)
!98 = !DILocation(line: 69, column: 3, scope: !93)
!99 = !DILocation(line: 71, column: 3, scope: !79)
!100 = !DILocation(line: 70, column: 10, scope: !97)
!101 = !{!102, !102, i64 0}
!102 = !{!"any pointer", !36, i64 0}
!103 = !DILocation(line: 70, column: 20, scope: !97)
!104 = !{!105, !70, i64 8}
!105 = !{!"item", !70, i64 0, !70, i64 8}
!106 = !DILocation(line: 70, column: 7, scope: !97)
!107 = !DILocation(line: 69, column: 28, scope: !97)
!108 = distinct !{!108, !98, !109, !45, !46, !47}
!109 = !DILocation(line: 70, column: 20, scope: !93)
!110 = distinct !DISubprogram(name: "short_gather", scope: !1, file: !1, line: 74, type: !111, scopeLine: 74, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !113)
!111 = !DISubroutineType(types: !112)
!112 = !{!13, !14, !16}
!113 = !{!114, !115, !116, !117}
!114 = !DILocalVariable(name: "a", arg: 1, scope: !110, file: !1, line: 74, type: !14)
!115 = !DILocalVariable(name: "idx", arg: 2, scope: !110, file: !1, line: 74, type: !16)
!116 = !DILocalVariable(name: "s", scope: !110, file: !1, line: 75, type: !13)
!117 = !DILocalVariable(name: "i", scope: !118, file: !1, line: 77, type: !19)
!118 = distinct !DILexicalBlock(scope: !110, file: !1, line: 77, column: 3)
!119 = !DILocation(line: 0, scope: !110)
!120 = !DILocation(line: 0, scope: !118)
!121 = !DILocation(line: 77, column: 3, scope: !118)
!122 = !DILocation(line: 79, column: 3, scope: !110)
!123 = !DILocation(line: 78, column: 12, scope: !124)
!124 = distinct !DILexicalBlock(scope: !118, file: !1, line: 77, column: 3)
!125 = !DILocation(line: 78, column: 10, scope: !124)
!126 = !DILocation(line: 78, column: 7, scope: !124)
!127 = !DILocation(line: 77, column: 29, scope: !124)
!128 = !DILocation(line: 77, column: 22, scope: !124)
!129 = distinct !{!129, !121, !130, !45, !46, !47}
!130 = !DILocation(line: 78, column: 18, scope: !118)
!131 = distinct !DISubprogram(name: "scan", scope: !1, file: !1, line: 82, type: !132, scopeLine: 82, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !134)
!132 = !DISubroutineType(types: !133)
!133 = !{!19, !52, !19}
!134 = !{!135, !136, !137, !138}
!135 = !DILocalVariable(name: "a", arg: 1, scope: !131, file: !1, line: 82, type: !52)
!136 = !DILocalVariable(name: "n", arg: 2, scope: !131, file: !1, line: 82, type: !19)
!137 = !DILocalVariable(name: "s", scope: !131, file: !1, line: 83, type: !19)
!138 = !DILocalVariable(name: "i", scope: !139, file: !1, line: 85, type: !19)
!139 = distinct !DILexicalBlock(scope: !131, file: !1, line: 85, column: 3)
!140 = !DILocation(line: 0, scope: !131)
!141 = !DILocation(line: 0, scope: !139)
!142 = !DILocation(line: 85, column: 22, scope: !143)
!143 = distinct !DILexicalBlock(scope: !139, file: !1, line: 85, column: 3)
!144 = !DILocation(line: 85, column: 3, scope: !139)
!145 = !DILocation(line: 87, column: 3, scope: !131)
!146 = !DILocation(line: 86, column: 10, scope: !143)
!147 = !DILocation(line: 86, column: 7, scope: !143)
!148 = !DILocation(line: 85, column: 28, scope: !143)
!149 = distinct !{!149, !144, !150, !45, !46, !47}
!150 = !DILocation(line: 86, column: 13, scope: !139)
