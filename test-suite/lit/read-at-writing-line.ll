; On a read-modify-write line whose site saw write faults, the load is hinted
; (buffered-writes=false: else a site that only writes gets buffered writes, buffered-writes.c.)
; with mut too: mapping writable at the load saves the store's
; write-protect fault.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   void bump(long *p, long i) {
;     p[i] += 1;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/read-at-writing-line.fhprof;buffered-writes=false>' -S %t/read-at-writing-line.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} void @bump(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 7)
; CHECK-NEXT: br label
; CHECK: load i64

;--- read-at-writing-line.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "read-at-writing-line.c", "line": 10, "column": 8, "function": "f",
            "faults": {"read": 40, "write": 60, "write_protect": 0}}]}

;--- read-at-writing-line.ll
source_filename = "read-at-writing-line.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable
define dso_local void @bump(ptr nocapture noundef %p, i64 noundef %i) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %p, !16, !DIExpression(), !18)
    #dbg_value(i64 %i, !17, !DIExpression(), !18)
  %arrayidx = getelementptr inbounds i64, ptr %p, i64 %i, !dbg !19
  %0 = load i64, ptr %arrayidx, align 8, !dbg !20, !tbaa !21
  %add = add nsw i64 %0, 1, !dbg !20
  store i64 %add, ptr %arrayidx, align 8, !dbg !20, !tbaa !21
  ret void, !dbg !25
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "read-at-writing-line.c", directory: ".", checksumkind: CSK_MD5, checksum: "8ada817e43a6cebd98bd79ee3c8e755f")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "bump", scope: !1, file: !1, line: 9, type: !11, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !14}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!15 = !{!16, !17}
!16 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 9, type: !13)
!17 = !DILocalVariable(name: "i", arg: 2, scope: !10, file: !1, line: 9, type: !14)
!18 = !DILocation(line: 0, scope: !10)
!19 = !DILocation(line: 10, column: 3, scope: !10)
!20 = !DILocation(line: 10, column: 8, scope: !10)
!21 = !{!22, !22, i64 0}
!22 = !{!"long", !23, i64 0}
!23 = !{!"omnipotent char", !24, i64 0}
!24 = !{!"Simple C/C++ TBAA"}
!25 = !DILocation(line: 11, column: 1, scope: !10)
