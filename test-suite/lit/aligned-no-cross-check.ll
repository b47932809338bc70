; A naturally aligned access lies in one page: its hint has no page-crossing
; test; an unaligned (packed) one keeps it.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   struct __attribute__((packed)) rec { char tag; long value; };
;   long aligned(const long *p) {
;     return *p;
;   }
;   long unaligned(const struct rec *r) {
;     return r->value;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/aligned-no-cross-check.fhprof>' -S %t/aligned-no-cross-check.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} i64 @aligned(
; CHECK: fh.check:
; CHECK-NOT: icmp ugt
; CHECK: fh.slow:
; CHECK-LABEL: define{{.*}} i64 @unaligned(
; CHECK: fh.check:
; CHECK: icmp ugt i64 %{{.*}}, 4096
; CHECK: fh.slow:

;--- aligned-no-cross-check.fhprof
{"format": "farhint-profile", "version": 1, "run": {"total_faults": 200},
 "sites": [{"id": 1, "file": "aligned-no-cross-check.c", "line": 14, "column": 10, "faults": {"read": 100}},
           {"id": 2, "file": "aligned-no-cross-check.c", "line": 17, "column": 13, "faults": {"read": 100}}]}

;--- aligned-no-cross-check.ll
source_filename = "aligned-no-cross-check.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local i64 @aligned(ptr nocapture noundef readonly %p) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %p, !17, !DIExpression(), !18)
  %0 = load i64, ptr %p, align 8, !dbg !19, !tbaa !20
  ret i64 %0, !dbg !24
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local i64 @unaligned(ptr nocapture noundef readonly %r) local_unnamed_addr #0 !dbg !25 {
entry:
    #dbg_value(ptr %r, !36, !DIExpression(), !37)
  %value = getelementptr inbounds i8, ptr %r, i64 1, !dbg !38
  %0 = load i64, ptr %value, align 1, !dbg !38, !tbaa !39
  ret i64 %0, !dbg !41
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "aligned-no-cross-check.c", directory: ".", checksumkind: CSK_MD5, checksum: "c77fb34929f69549f19b2af790b1c4a8")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "aligned", scope: !1, file: !1, line: 13, type: !11, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !{!17}
!17 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 13, type: !14)
!18 = !DILocation(line: 0, scope: !10)
!19 = !DILocation(line: 14, column: 10, scope: !10)
!20 = !{!21, !21, i64 0}
!21 = !{!"long", !22, i64 0}
!22 = !{!"omnipotent char", !23, i64 0}
!23 = !{!"Simple C/C++ TBAA"}
!24 = !DILocation(line: 14, column: 3, scope: !10)
!25 = distinct !DISubprogram(name: "unaligned", scope: !1, file: !1, line: 16, type: !26, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !35)
!26 = !DISubroutineType(types: !27)
!27 = !{!13, !28}
!28 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !29, size: 64)
!29 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !30)
!30 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "rec", file: !1, line: 12, size: 72, elements: !31)
!31 = !{!32, !34}
!32 = !DIDerivedType(tag: DW_TAG_member, name: "tag", scope: !30, file: !1, line: 12, baseType: !33, size: 8)
!33 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!34 = !DIDerivedType(tag: DW_TAG_member, name: "value", scope: !30, file: !1, line: 12, baseType: !13, size: 64, offset: 8)
!35 = !{!36}
!36 = !DILocalVariable(name: "r", arg: 1, scope: !25, file: !1, line: 16, type: !28)
!37 = !DILocation(line: 0, scope: !25)
!38 = !DILocation(line: 17, column: 13, scope: !25)
!39 = !{!40, !21, i64 1}
!40 = !{!"rec", !22, i64 0, !21, i64 1}
!41 = !DILocation(line: 17, column: 3, scope: !25)
