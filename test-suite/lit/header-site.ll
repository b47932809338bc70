; A site in a header is matched in the code inlined from it.
; The profile's lines are the C source's (clang -O2 -g), kept in the IR's debug info:
;
;   #include "sum.h"
;   long use(const long *a, long i) {
;     return sum_at(a, i) + 1;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/header-site.fhprof>' -S %t/header-site.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} i64 @use(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)

;--- header-site.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "Inputs/sum.h", "line": 2, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- header-site.ll
source_filename = "header-site.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local range(i64 -9223372036854775807, -9223372036854775808) i64 @use(ptr nocapture noundef readonly %a, i64 noundef %i) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %a, !17, !DIExpression(), !19)
    #dbg_value(i64 %i, !18, !DIExpression(), !19)
    #dbg_value(ptr %a, !20, !DIExpression(), !25)
    #dbg_value(i64 %i, !24, !DIExpression(), !25)
  %arrayidx.i = getelementptr inbounds i64, ptr %a, i64 %i, !dbg !27
  %0 = load i64, ptr %arrayidx.i, align 8, !dbg !27, !tbaa !28
  %add = add nsw i64 %0, 1, !dbg !32
  ret i64 %add, !dbg !33
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "header-site.c", directory: ".", checksumkind: CSK_MD5, checksum: "e631cc8cacd3b180e24bed197577e557")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "use", scope: !1, file: !1, line: 6, type: !11, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !13}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!16 = !{!17, !18}
!17 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 6, type: !14)
!18 = !DILocalVariable(name: "i", arg: 2, scope: !10, file: !1, line: 6, type: !13)
!19 = !DILocation(line: 0, scope: !10)
!20 = !DILocalVariable(name: "a", arg: 1, scope: !21, file: !22, line: 1, type: !14)
!21 = distinct !DISubprogram(name: "sum_at", scope: !22, file: !22, line: 1, type: !11, scopeLine: 1, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !23)
!22 = !DIFile(filename: "Inputs/sum.h", directory: ".", checksumkind: CSK_MD5, checksum: "d36354603fd18289745532460c2af8f5")
!23 = !{!20, !24}
!24 = !DILocalVariable(name: "i", arg: 2, scope: !21, file: !22, line: 1, type: !13)
!25 = !DILocation(line: 0, scope: !21, inlinedAt: !26)
!26 = distinct !DILocation(line: 7, column: 10, scope: !10)
!27 = !DILocation(line: 2, column: 10, scope: !21, inlinedAt: !26)
!28 = !{!29, !29, i64 0}
!29 = !{!"long", !30, i64 0}
!30 = !{!"omnipotent char", !31, i64 0}
!31 = !{!"Simple C/C++ TBAA"}
!32 = !DILocation(line: 7, column: 23, scope: !10)
!33 = !DILocation(line: 7, column: 3, scope: !10)
