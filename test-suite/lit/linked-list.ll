; Pointer chasing is not affine: the load is hinted without seq or read-ahead,
; and the report says why.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   struct node { long v; struct node *next; };
;   long sum(struct node *p) {
;     long s = 0;
;     while (p) {
;       s += p->v;
;       p = p->next;
;     }
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/linked-list.fhprof;report=%t/report.yaml>' -S %t/linked-list.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; CHECK-LABEL: define{{.*}} i64 @sum(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
; REPORT: in a loop, address not affine

;--- linked-list.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "linked-list.c", "line": 12, "column": 13, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- linked-list.ll
source_filename = "linked-list.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable
define dso_local i64 @sum(ptr noundef readonly %p) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %p, !20, !DIExpression(), !22)
    #dbg_value(i64 0, !21, !DIExpression(), !22)
  %tobool.not4 = icmp eq ptr %p, null, !dbg !23
  br i1 %tobool.not4, label %while.end, label %while.body, !dbg !23

while.body:                                       ; preds = %entry, %while.body
  %s.06 = phi i64 [ %add, %while.body ], [ 0, %entry ]
  %p.addr.05 = phi ptr [ %1, %while.body ], [ %p, %entry ]
    #dbg_value(i64 %s.06, !21, !DIExpression(), !22)
    #dbg_value(ptr %p.addr.05, !20, !DIExpression(), !22)
  %0 = load i64, ptr %p.addr.05, align 8, !dbg !24, !tbaa !26
  %add = add nsw i64 %0, %s.06, !dbg !32
    #dbg_value(i64 %add, !21, !DIExpression(), !22)
  %next = getelementptr inbounds i8, ptr %p.addr.05, i64 8, !dbg !33
  %1 = load ptr, ptr %next, align 8, !dbg !33, !tbaa !34
    #dbg_value(ptr %1, !20, !DIExpression(), !22)
  %tobool.not = icmp eq ptr %1, null, !dbg !23
  br i1 %tobool.not, label %while.end, label %while.body, !dbg !23, !llvm.loop !35

while.end:                                        ; preds = %while.body, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add, %while.body ], !dbg !22
  ret i64 %s.0.lcssa, !dbg !38
}

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "linked-list.c", directory: ".", checksumkind: CSK_MD5, checksum: "7148fc46d3545b6382424ded226b5da8")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 9, type: !11, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !19)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "node", file: !1, line: 8, size: 128, elements: !16)
!16 = !{!17, !18}
!17 = !DIDerivedType(tag: DW_TAG_member, name: "v", scope: !15, file: !1, line: 8, baseType: !13, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !15, file: !1, line: 8, baseType: !14, size: 64, offset: 64)
!19 = !{!20, !21}
!20 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 9, type: !14)
!21 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 10, type: !13)
!22 = !DILocation(line: 0, scope: !10)
!23 = !DILocation(line: 11, column: 3, scope: !10)
!24 = !DILocation(line: 12, column: 13, scope: !25)
!25 = distinct !DILexicalBlock(scope: !10, file: !1, line: 11, column: 13)
!26 = !{!27, !28, i64 0}
!27 = !{!"node", !28, i64 0, !31, i64 8}
!28 = !{!"long", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C/C++ TBAA"}
!31 = !{!"any pointer", !29, i64 0}
!32 = !DILocation(line: 12, column: 7, scope: !25)
!33 = !DILocation(line: 13, column: 12, scope: !25)
!34 = !{!27, !31, i64 8}
!35 = distinct !{!35, !23, !36, !37}
!36 = !DILocation(line: 14, column: 3, scope: !10)
!37 = !{!"llvm.loop.mustprogress"}
!38 = !DILocation(line: 15, column: 3, scope: !10)
