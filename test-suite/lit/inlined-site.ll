; An inlined copy keeps the callee's line:column; the site's inlined-at chain
; picks the copy inlined into twice() and not the one in next().
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   static long get(long *a, long i) {
;     return a[i];
;   }
;   long twice(long *a, long i) {
;     return get(a, i) * 2;
;   }
;   long next(long *a, long i) {
;     return get(a, i + 1);
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/inlined-site.fhprof>' -S %t/inlined-site.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} i64 @twice(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 7)
; CHECK-LABEL: define{{.*}} i64 @next(
; CHECK-NOT: farhint_hint_slow
; CHECK: ret i64

;--- inlined-site.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "inlined-site.c", "line": 10, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}, "inlined_at": [{"file": "inlined-site.c", "line": 13, "column": 10, "function": "twice"}]}]}

;--- inlined-site.ll
source_filename = "inlined-site.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local i64 @twice(ptr nocapture noundef readonly %a, i64 noundef %i) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %a, !16, !DIExpression(), !18)
    #dbg_value(i64 %i, !17, !DIExpression(), !18)
    #dbg_value(ptr %a, !19, !DIExpression(), !23)
    #dbg_value(i64 %i, !22, !DIExpression(), !23)
  %arrayidx.i = getelementptr inbounds i64, ptr %a, i64 %i, !dbg !25
  %0 = load i64, ptr %arrayidx.i, align 8, !dbg !25, !tbaa !26
  %mul = shl nsw i64 %0, 1, !dbg !30
  ret i64 %mul, !dbg !31
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local i64 @next(ptr nocapture noundef readonly %a, i64 noundef %i) local_unnamed_addr #0 !dbg !32 {
entry:
    #dbg_value(ptr %a, !34, !DIExpression(), !36)
    #dbg_value(i64 %i, !35, !DIExpression(), !36)
    #dbg_value(ptr %a, !19, !DIExpression(), !37)
    #dbg_value(i64 %i, !22, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !37)
  %0 = getelementptr i64, ptr %a, i64 %i, !dbg !39
  %arrayidx.i = getelementptr i8, ptr %0, i64 8, !dbg !39
  %1 = load i64, ptr %arrayidx.i, align 8, !dbg !39, !tbaa !26
  ret i64 %1, !dbg !40
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "inlined-site.c", directory: ".", checksumkind: CSK_MD5, checksum: "faa705a5f043fde053ccdce4c82e9f7d")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "twice", scope: !1, file: !1, line: 12, type: !11, scopeLine: 12, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !13}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!15 = !{!16, !17}
!16 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 12, type: !14)
!17 = !DILocalVariable(name: "i", arg: 2, scope: !10, file: !1, line: 12, type: !13)
!18 = !DILocation(line: 0, scope: !10)
!19 = !DILocalVariable(name: "a", arg: 1, scope: !20, file: !1, line: 9, type: !14)
!20 = distinct !DISubprogram(name: "get", scope: !1, file: !1, line: 9, type: !11, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !21)
!21 = !{!19, !22}
!22 = !DILocalVariable(name: "i", arg: 2, scope: !20, file: !1, line: 9, type: !13)
!23 = !DILocation(line: 0, scope: !20, inlinedAt: !24)
!24 = distinct !DILocation(line: 13, column: 10, scope: !10)
!25 = !DILocation(line: 10, column: 10, scope: !20, inlinedAt: !24)
!26 = !{!27, !27, i64 0}
!27 = !{!"long", !28, i64 0}
!28 = !{!"omnipotent char", !29, i64 0}
!29 = !{!"Simple C/C++ TBAA"}
!30 = !DILocation(line: 13, column: 20, scope: !10)
!31 = !DILocation(line: 13, column: 3, scope: !10)
!32 = distinct !DISubprogram(name: "next", scope: !1, file: !1, line: 15, type: !11, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !33)
!33 = !{!34, !35}
!34 = !DILocalVariable(name: "a", arg: 1, scope: !32, file: !1, line: 15, type: !14)
!35 = !DILocalVariable(name: "i", arg: 2, scope: !32, file: !1, line: 15, type: !13)
!36 = !DILocation(line: 0, scope: !32)
!37 = !DILocation(line: 0, scope: !20, inlinedAt: !38)
!38 = distinct !DILocation(line: 16, column: 10, scope: !32)
!39 = !DILocation(line: 10, column: 10, scope: !20, inlinedAt: !38)
!40 = !DILocation(line: 16, column: 3, scope: !32)
