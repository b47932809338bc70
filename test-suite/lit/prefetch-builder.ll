; Prefetches ahead for the code that builds the data (Prefetch.h): a CSR
; (buffered-writes=false: else a site that only writes gets buffered writes, buffered-writes.c.)
; build counts degrees with an atomic add at deg[e[i].u] and scatters each
; edge to the slot an atomic add claims, neighs[fetch_add(&fill[e[i].u])].
; The index is a field of each 16-byte element (a load narrower than its
; step), the scatter's address goes through the atomic's value -- read
; ahead by a relaxed atomic load, since other threads add to it meanwhile
; -- and a loop over a pointer walks the elements as an iterator does. A
; site whose load and store share an address (deg[p->v] += 1) gets one
; prefetch, not two. The C source (clang -O2 -g):
;
;   struct edge { long u, v; };
;
;   void count(long *deg, const struct edge *e, long n) {
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (long i = 0; i < n; i++)
;       __atomic_fetch_add(&deg[e[i].u], 1, __ATOMIC_RELAXED);
;   }
;
;   void scatter(long *neighs, long *fill, const struct edge *e, long n) {
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (long i = 0; i < n; i++)
;       neighs[__sync_fetch_and_add(&fill[e[i].u], 1)] = e[i].v;
;   }
;
;   void walk(long *deg, const struct edge *first, const struct edge *last) {
;   #pragma clang loop unroll(disable) vectorize(disable)
;     for (const struct edge *p = first; p != last; p++)
;       deg[p->v] += 1;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/prefetch-builder.fhprof;buffered-writes=false;report=%t/report.yaml>' -S %t/prefetch-builder.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; CHECK-LABEL: define{{.*}} void @count(
; CHECK: %fh.pf.idx = getelementptr i8, ptr %{{.*}}, i64 512
; CHECK: %fh.pf.load = load i64, ptr %fh.pf.from
; CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %fh.pf.addr, i64 8, i32 1, i32 1)
; CHECK-LABEL: define{{.*}} void @scatter(
; CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 3)
; CHECK: %[[FILL:fh.pf.load[0-9]*]] = load atomic i64, ptr %{{.*}} monotonic, align 8
; CHECK: getelementptr i64, ptr %{{.*}}, i64 %[[FILL]]
; CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 2)
; CHECK-LABEL: define{{.*}} void @walk(
; CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 4)
; CHECK-NOT: @farhint_prefetch_preserve_most(
; CHECK: ret void
; REPORT: location: "prefetch-builder.c:6:5"
; REPORT: prefetch ahead: indirect through 1 load(s), a field of each element, by an index, 32 iterations ahead
; REPORT: location: "prefetch-builder.c:12:52"
; REPORT: prefetch ahead: indirect through 2 load(s), a field of each element, an atomic's value, by an index
; REPORT: location: "prefetch-builder.c:12:12"
; REPORT: prefetch ahead: indirect through 1 load(s), a field of each element, by an index
; REPORT: location: "prefetch-builder.c:18:15"
; REPORT: prefetch ahead: indirect through 1 load(s), a field of each element, by a stepping pointer

;--- prefetch-builder.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 400},
 "sites": [{"id": 1, "file": "prefetch-builder.c", "line": 6, "column": 5, "function": "count",
            "faults": {"read": 0, "write": 100, "write_protect": 0}},
           {"id": 2, "file": "prefetch-builder.c", "line": 12, "column": 52, "function": "scatter",
            "faults": {"read": 0, "write": 100, "write_protect": 0}},
           {"id": 3, "file": "prefetch-builder.c", "line": 12, "column": 12, "function": "scatter",
            "faults": {"read": 0, "write": 100, "write_protect": 0}},
           {"id": 4, "file": "prefetch-builder.c", "line": 18, "column": 15, "function": "walk",
            "faults": {"read": 0, "write": 100, "write_protect": 0}}]}

;--- prefetch-builder.ll
; ModuleID = 'prefetch-builder.c'
source_filename = "prefetch-builder.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.edge = type { i64, i64 }

; Function Attrs: nofree norecurse nounwind memory(argmem: readwrite) uwtable
define dso_local void @count(ptr nocapture noundef %0, ptr nocapture noundef readonly %1, i64 noundef %2) local_unnamed_addr #0 !dbg !10 {
    #dbg_value(ptr %0, !22, !DIExpression(), !27)
    #dbg_value(ptr %1, !23, !DIExpression(), !27)
    #dbg_value(i64 %2, !24, !DIExpression(), !27)
    #dbg_value(i64 0, !25, !DIExpression(), !28)
  %4 = icmp sgt i64 %2, 0, !dbg !29
  br i1 %4, label %6, label %5, !dbg !31

5:                                                ; preds = %6, %3
  ret void, !dbg !32

6:                                                ; preds = %3, %6
  %7 = phi i64 [ %12, %6 ], [ 0, %3 ]
    #dbg_value(i64 %7, !25, !DIExpression(), !28)
  %8 = getelementptr inbounds %struct.edge, ptr %1, i64 %7, !dbg !33
  %9 = load i64, ptr %8, align 8, !dbg !34, !tbaa !35
  %10 = getelementptr inbounds i64, ptr %0, i64 %9, !dbg !40
  %11 = atomicrmw add ptr %10, i64 1 monotonic, align 8, !dbg !41
  %12 = add nuw nsw i64 %7, 1, !dbg !42
    #dbg_value(i64 %12, !25, !DIExpression(), !28)
  %13 = icmp eq i64 %12, %2, !dbg !29
  br i1 %13, label %5, label %6, !dbg !31, !llvm.loop !43
}

; Function Attrs: nofree norecurse nounwind memory(argmem: readwrite) uwtable
define dso_local void @scatter(ptr nocapture noundef writeonly %0, ptr nocapture noundef %1, ptr nocapture noundef readonly %2, i64 noundef %3) local_unnamed_addr #0 !dbg !48 {
    #dbg_value(ptr %0, !52, !DIExpression(), !58)
    #dbg_value(ptr %1, !53, !DIExpression(), !58)
    #dbg_value(ptr %2, !54, !DIExpression(), !58)
    #dbg_value(i64 %3, !55, !DIExpression(), !58)
    #dbg_value(i64 0, !56, !DIExpression(), !59)
  %5 = icmp sgt i64 %3, 0, !dbg !60
  br i1 %5, label %7, label %6, !dbg !62

6:                                                ; preds = %7, %4
  ret void, !dbg !63

7:                                                ; preds = %4, %7
  %8 = phi i64 [ %16, %7 ], [ 0, %4 ]
    #dbg_value(i64 %8, !56, !DIExpression(), !59)
  %9 = getelementptr inbounds %struct.edge, ptr %2, i64 %8, !dbg !64
  %10 = getelementptr inbounds i8, ptr %9, i64 8, !dbg !65
  %11 = load i64, ptr %10, align 8, !dbg !65, !tbaa !66
  %12 = load i64, ptr %9, align 8, !dbg !67, !tbaa !35
  %13 = getelementptr inbounds i64, ptr %1, i64 %12, !dbg !68
  %14 = atomicrmw add ptr %13, i64 1 seq_cst, align 8, !dbg !69
  %15 = getelementptr inbounds i64, ptr %0, i64 %14, !dbg !70
  store i64 %11, ptr %15, align 8, !dbg !71, !tbaa !72
  %16 = add nuw nsw i64 %8, 1, !dbg !73
    #dbg_value(i64 %16, !56, !DIExpression(), !59)
  %17 = icmp eq i64 %16, %3, !dbg !60
  br i1 %17, label %6, label %7, !dbg !62, !llvm.loop !74
}

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none) uwtable
define dso_local void @walk(ptr nocapture noundef %0, ptr noundef readonly %1, ptr noundef readnone %2) local_unnamed_addr #1 !dbg !76 {
    #dbg_value(ptr %0, !80, !DIExpression(), !85)
    #dbg_value(ptr %1, !81, !DIExpression(), !85)
    #dbg_value(ptr %2, !82, !DIExpression(), !85)
    #dbg_value(ptr %1, !83, !DIExpression(), !86)
  %4 = icmp eq ptr %1, %2, !dbg !87
  br i1 %4, label %5, label %6, !dbg !89

5:                                                ; preds = %6, %3
  ret void, !dbg !90

6:                                                ; preds = %3, %6
  %7 = phi ptr [ %13, %6 ], [ %1, %3 ]
    #dbg_value(ptr %7, !83, !DIExpression(), !86)
  %8 = getelementptr inbounds i8, ptr %7, i64 8, !dbg !91
  %9 = load i64, ptr %8, align 8, !dbg !91, !tbaa !66
  %10 = getelementptr inbounds i64, ptr %0, i64 %9, !dbg !92
  %11 = load i64, ptr %10, align 8, !dbg !93, !tbaa !72
  %12 = add nsw i64 %11, 1, !dbg !93
  store i64 %12, ptr %10, align 8, !dbg !93, !tbaa !72
  %13 = getelementptr inbounds i8, ptr %7, i64 16, !dbg !94
    #dbg_value(ptr %13, !83, !DIExpression(), !86)
  %14 = icmp eq ptr %13, %2, !dbg !87
  br i1 %14, label %5, label %6, !dbg !89, !llvm.loop !95
}

attributes #0 = { nofree norecurse nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "prefetch-builder.c", directory: "/src", checksumkind: CSK_MD5, checksum: "d3991af7447f7a5835ce63d14d4b11bd")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "count", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !21)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !15, !14}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !16, size: 64)
!16 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !17)
!17 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "edge", file: !1, line: 1, size: 128, elements: !18)
!18 = !{!19, !20}
!19 = !DIDerivedType(tag: DW_TAG_member, name: "u", scope: !17, file: !1, line: 1, baseType: !14, size: 64)
!20 = !DIDerivedType(tag: DW_TAG_member, name: "v", scope: !17, file: !1, line: 1, baseType: !14, size: 64, offset: 64)
!21 = !{!22, !23, !24, !25}
!22 = !DILocalVariable(name: "deg", arg: 1, scope: !10, file: !1, line: 3, type: !13)
!23 = !DILocalVariable(name: "e", arg: 2, scope: !10, file: !1, line: 3, type: !15)
!24 = !DILocalVariable(name: "n", arg: 3, scope: !10, file: !1, line: 3, type: !14)
!25 = !DILocalVariable(name: "i", scope: !26, file: !1, line: 5, type: !14)
!26 = distinct !DILexicalBlock(scope: !10, file: !1, line: 5, column: 3)
!27 = !DILocation(line: 0, scope: !10)
!28 = !DILocation(line: 0, scope: !26)
!29 = !DILocation(line: 5, column: 22, scope: !30)
!30 = distinct !DILexicalBlock(scope: !26, file: !1, line: 5, column: 3)
!31 = !DILocation(line: 5, column: 3, scope: !26)
!32 = !DILocation(line: 7, column: 1, scope: !10)
!33 = !DILocation(line: 6, column: 29, scope: !30)
!34 = !DILocation(line: 6, column: 34, scope: !30)
!35 = !{!36, !37, i64 0}
!36 = !{!"edge", !37, i64 0, !37, i64 8}
!37 = !{!"long", !38, i64 0}
!38 = !{!"omnipotent char", !39, i64 0}
!39 = !{!"Simple C/C++ TBAA"}
!40 = !DILocation(line: 6, column: 25, scope: !30)
!41 = !DILocation(line: 6, column: 5, scope: !30)
!42 = !DILocation(line: 5, column: 28, scope: !30)
!43 = distinct !{!43, !31, !44, !45, !46, !47}
!44 = !DILocation(line: 6, column: 57, scope: !26)
!45 = !{!"llvm.loop.mustprogress"}
!46 = !{!"llvm.loop.unroll.disable"}
!47 = !{!"llvm.loop.vectorize.width", i32 1}
!48 = distinct !DISubprogram(name: "scatter", scope: !1, file: !1, line: 9, type: !49, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !51)
!49 = !DISubroutineType(types: !50)
!50 = !{null, !13, !13, !15, !14}
!51 = !{!52, !53, !54, !55, !56}
!52 = !DILocalVariable(name: "neighs", arg: 1, scope: !48, file: !1, line: 9, type: !13)
!53 = !DILocalVariable(name: "fill", arg: 2, scope: !48, file: !1, line: 9, type: !13)
!54 = !DILocalVariable(name: "e", arg: 3, scope: !48, file: !1, line: 9, type: !15)
!55 = !DILocalVariable(name: "n", arg: 4, scope: !48, file: !1, line: 9, type: !14)
!56 = !DILocalVariable(name: "i", scope: !57, file: !1, line: 11, type: !14)
!57 = distinct !DILexicalBlock(scope: !48, file: !1, line: 11, column: 3)
!58 = !DILocation(line: 0, scope: !48)
!59 = !DILocation(line: 0, scope: !57)
!60 = !DILocation(line: 11, column: 22, scope: !61)
!61 = distinct !DILexicalBlock(scope: !57, file: !1, line: 11, column: 3)
!62 = !DILocation(line: 11, column: 3, scope: !57)
!63 = !DILocation(line: 13, column: 1, scope: !48)
!64 = !DILocation(line: 12, column: 54, scope: !61)
!65 = !DILocation(line: 12, column: 59, scope: !61)
!66 = !{!36, !37, i64 8}
!67 = !DILocation(line: 12, column: 44, scope: !61)
!68 = !DILocation(line: 12, column: 34, scope: !61)
!69 = !DILocation(line: 12, column: 12, scope: !61)
!70 = !DILocation(line: 12, column: 5, scope: !61)
!71 = !DILocation(line: 12, column: 52, scope: !61)
!72 = !{!37, !37, i64 0}
!73 = !DILocation(line: 11, column: 28, scope: !61)
!74 = distinct !{!74, !62, !75, !45, !46, !47}
!75 = !DILocation(line: 12, column: 59, scope: !57)
!76 = distinct !DISubprogram(name: "walk", scope: !1, file: !1, line: 15, type: !77, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !79)
!77 = !DISubroutineType(types: !78)
!78 = !{null, !13, !15, !15}
!79 = !{!80, !81, !82, !83}
!80 = !DILocalVariable(name: "deg", arg: 1, scope: !76, file: !1, line: 15, type: !13)
!81 = !DILocalVariable(name: "first", arg: 2, scope: !76, file: !1, line: 15, type: !15)
!82 = !DILocalVariable(name: "last", arg: 3, scope: !76, file: !1, line: 15, type: !15)
!83 = !DILocalVariable(name: "p", scope: !84, file: !1, line: 17, type: !15)
!84 = distinct !DILexicalBlock(scope: !76, file: !1, line: 17, column: 3)
!85 = !DILocation(line: 0, scope: !76)
!86 = !DILocation(line: 0, scope: !84)
!87 = !DILocation(line: 17, column: 40, scope: !88)
!88 = distinct !DILexicalBlock(scope: !84, file: !1, line: 17, column: 3)
!89 = !DILocation(line: 17, column: 3, scope: !84)
!90 = !DILocation(line: 19, column: 1, scope: !76)
!91 = !DILocation(line: 18, column: 12, scope: !88)
!92 = !DILocation(line: 18, column: 5, scope: !88)
!93 = !DILocation(line: 18, column: 15, scope: !88)
!94 = !DILocation(line: 17, column: 50, scope: !88)
!95 = distinct !{!95, !89, !96, !45, !46, !47}
!96 = !DILocation(line: 18, column: 18, scope: !84)
