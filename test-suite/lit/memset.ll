; memset is hinted as a write of its length.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   #include <string.h>
;   void clear(char *p, unsigned long n) {
;     memset(p, 0, n);
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/memset.fhprof>' -S %t/memset.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} void @clear(
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %p, i64 %n, i32 1, i32 7)
; CHECK: call void @llvm.memset

;--- memset.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "memset.c", "line": 8, "column": 3, "function": "f",
            "faults": {"read": 0, "write": 100, "write_protect": 0}}]}

;--- memset.ll
source_filename = "memset.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable
define dso_local void @clear(ptr nocapture noundef writeonly %p, i64 noundef %n) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %p, !17, !DIExpression(), !19)
    #dbg_value(i64 %n, !18, !DIExpression(), !19)
  tail call void @llvm.memset.p0.i64(ptr align 1 %p, i8 0, i64 %n, i1 false), !dbg !20
  ret void, !dbg !21
}

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "memset.c", directory: ".", checksumkind: CSK_MD5, checksum: "c1bc0d1d6aac65331e84624c07a6fded")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "clear", scope: !1, file: !1, line: 7, type: !11, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !15}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!15 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!16 = !{!17, !18}
!17 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 7, type: !13)
!18 = !DILocalVariable(name: "n", arg: 2, scope: !10, file: !1, line: 7, type: !15)
!19 = !DILocation(line: 0, scope: !10)
!20 = !DILocation(line: 8, column: 3, scope: !10)
!21 = !DILocation(line: 9, column: 1, scope: !10)
