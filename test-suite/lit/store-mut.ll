; A store is hinted with mut (flags bit 0), so the page is mapped writable.
; (buffered-writes=false: else a site that only writes gets buffered writes, buffered-writes.c.)
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   void put(long *p, long i, long v) {
;     p[i] = v;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/store-mut.fhprof;buffered-writes=false>' -S %t/store-mut.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} void @put(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 7)
; CHECK: store i64

;--- store-mut.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "store-mut.c", "line": 7, "column": 8, "function": "f",
            "faults": {"read": 0, "write": 100, "write_protect": 0}}]}

;--- store-mut.ll
source_filename = "store-mut.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable
define dso_local void @put(ptr nocapture noundef writeonly %p, i64 noundef %i, i64 noundef %v) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %p, !16, !DIExpression(), !19)
    #dbg_value(i64 %i, !17, !DIExpression(), !19)
    #dbg_value(i64 %v, !18, !DIExpression(), !19)
  %arrayidx = getelementptr inbounds i64, ptr %p, i64 %i, !dbg !20
  store i64 %v, ptr %arrayidx, align 8, !dbg !21, !tbaa !22
  ret void, !dbg !26
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "store-mut.c", directory: ".", checksumkind: CSK_MD5, checksum: "10078903f39d6596f08dad74a7871162")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "put", scope: !1, file: !1, line: 6, type: !11, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !14, !14}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!15 = !{!16, !17, !18}
!16 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 6, type: !13)
!17 = !DILocalVariable(name: "i", arg: 2, scope: !10, file: !1, line: 6, type: !14)
!18 = !DILocalVariable(name: "v", arg: 3, scope: !10, file: !1, line: 6, type: !14)
!19 = !DILocation(line: 0, scope: !10)
!20 = !DILocation(line: 7, column: 3, scope: !10)
!21 = !DILocation(line: 7, column: 8, scope: !10)
!22 = !{!23, !23, i64 0}
!23 = !{!"long", !24, i64 0}
!24 = !{!"omnipotent char", !25, i64 0}
!25 = !{!"Simple C/C++ TBAA"}
!26 = !DILocation(line: 8, column: 1, scope: !10)
