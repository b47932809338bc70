; Two sites on one line are told apart by column: the load of src[j] gets
; (buffered-writes=false: else a site that only writes gets buffered writes, buffered-writes.c.)
; site 1, the store to dst[i] site 2 (the store's location is the '=').
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   void copy(long *dst, long *src, long i, long j) {
;     dst[i] = src[j];
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/two-sites-one-line.fhprof;buffered-writes=false>' -S %t/two-sites-one-line.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} void @copy(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 1)
; CHECK-NOT: @farhint_hint_slow(
; CHECK: load i64
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 2)
; CHECK-NOT: @farhint_hint_slow(
; CHECK: store i64

;--- two-sites-one-line.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 200},
 "sites": [{"id": 1, "file": "two-sites-one-line.c", "line": 12, "column": 12, "faults": {"read": 100}},
           {"id": 2, "file": "two-sites-one-line.c", "line": 12, "column": 10, "faults": {"write": 100}}]}

;--- two-sites-one-line.ll
source_filename = "two-sites-one-line.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable
define dso_local void @copy(ptr nocapture noundef writeonly %dst, ptr nocapture noundef readonly %src, i64 noundef %i, i64 noundef %j) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %dst, !16, !DIExpression(), !20)
    #dbg_value(ptr %src, !17, !DIExpression(), !20)
    #dbg_value(i64 %i, !18, !DIExpression(), !20)
    #dbg_value(i64 %j, !19, !DIExpression(), !20)
  %arrayidx = getelementptr inbounds i64, ptr %src, i64 %j, !dbg !21
  %0 = load i64, ptr %arrayidx, align 8, !dbg !21, !tbaa !22
  %arrayidx1 = getelementptr inbounds i64, ptr %dst, i64 %i, !dbg !26
  store i64 %0, ptr %arrayidx1, align 8, !dbg !27, !tbaa !22
  ret void, !dbg !28
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "two-sites-one-line.c", directory: ".", checksumkind: CSK_MD5, checksum: "80a0510847b4ed87a4f74027f8be4228")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "copy", scope: !1, file: !1, line: 11, type: !11, scopeLine: 11, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !13, !14, !14}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!15 = !{!16, !17, !18, !19}
!16 = !DILocalVariable(name: "dst", arg: 1, scope: !10, file: !1, line: 11, type: !13)
!17 = !DILocalVariable(name: "src", arg: 2, scope: !10, file: !1, line: 11, type: !13)
!18 = !DILocalVariable(name: "i", arg: 3, scope: !10, file: !1, line: 11, type: !14)
!19 = !DILocalVariable(name: "j", arg: 4, scope: !10, file: !1, line: 11, type: !14)
!20 = !DILocation(line: 0, scope: !10)
!21 = !DILocation(line: 12, column: 12, scope: !10)
!22 = !{!23, !23, i64 0}
!23 = !{!"long", !24, i64 0}
!24 = !{!"omnipotent char", !25, i64 0}
!25 = !{!"Simple C/C++ TBAA"}
!26 = !DILocation(line: 12, column: 3, scope: !10)
!27 = !DILocation(line: 12, column: 10, scope: !10)
!28 = !DILocation(line: 13, column: 1, scope: !10)
