; A site at a call whose callee was inlined (std::vector::push_back): the
; profile names the application's call, which makes no access of its own, so
; the callee's accesses inlined there are hinted; another call on the line
; (size()) is not, nor is a push_back elsewhere.
; The IR is clang -O2 -g's of the C++ below, reduced with llvm-reduce to the
; accesses the checks need (push_back's in fill and in other, size()'s); the
; profile's lines are the source's, kept in the IR's debug info:
;
;   #include <vector>
;   void fill(std::vector<long> &v, long n) {
;     for (long i = 0; i < n; i++)
;       v.push_back(i + (long)v.size());
;   }
;   void other(std::vector<long> &v, long n) {
;     for (long i = 0; i < n; i++)
;       v.push_back(i);
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/inlined-callee.fhprof;report=%t/report.yaml>' -S %t/inlined-callee.ll -o - | FileCheck %s
; RUN: FileCheck --check-prefix=REPORT %s < %t/report.yaml
; CHECK-LABEL: define{{.*}}fill
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 3)
; CHECK-NOT: call preserve_mostcc void @farhint_hint_slow
; CHECK-LABEL: define{{.*}}other
; CHECK-NOT: farhint_hint_slow
; CHECK: ret
; REPORT: location: "inlined-callee.cpp:18:7"
; REPORT: accesses: {{[1-9]}}
; REPORT: why: "{{.*}}; the accesses of the callee inlined at this call"

;--- inlined-callee.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 3, "file": "inlined-callee.cpp", "line": 18, "column": 7, "function": "fill",
            "faults": {"read": 0, "write": 100, "write_protect": 0}}]}

;--- inlined-callee.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @_Z4fillRSt6vectorIlSaIlEEl(ptr %v) {
entry:
  %.pre = load ptr, ptr %v, align 8, !dbg !4
  %.pre12 = load ptr, ptr %v, align 8, !dbg !17
  ret void
}

define void @_Z5otherRSt6vectorIlSaIlEEl(ptr %v) {
entry:
  %.pre = load ptr, ptr %v, align 8, !dbg !30
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, globals: !2, imports: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "inlined-callee.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "31f061b3dd07c6c370eaea86f5b5c79a")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DILocation(line: 988, column: 40, scope: !5, inlinedAt: !12)
!5 = distinct !DISubprogram(name: "size", linkageName: "_ZNKSt6vectorIlSaIlEE4sizeEv", scope: !7, file: !6, line: 987, type: !9, scopeLine: 988, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !10, retainedNodes: !2)
!6 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h", directory: ".", checksumkind: CSK_MD5, checksum: "8db44c3d22440641ac1ba040d9370a58")
!7 = !DICompositeType(tag: DW_TAG_class_type, name: "vector<long, std::allocator<long> >", scope: !8, file: !6, line: 423, size: 192, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt6vectorIlSaIlEE")
!8 = !DINamespace(name: "std", scope: null)
!9 = distinct !DISubroutineType(types: !2)
!10 = !DISubprogram(name: "size", linkageName: "_ZNKSt6vectorIlSaIlEE4sizeEv", scope: !7, file: !6, line: 987, type: !11, scopeLine: 987, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!11 = distinct !DISubroutineType(types: !2)
!12 = distinct !DILocation(line: 18, column: 29, scope: !13)
!13 = distinct !DILexicalBlock(scope: !14, file: !1, line: 17, column: 3)
!14 = distinct !DILexicalBlock(scope: !15, file: !1, line: 17, column: 3)
!15 = distinct !DISubprogram(name: "fill", linkageName: "_Z4fillRSt6vectorIlSaIlEEl", scope: !1, file: !1, line: 16, type: !16, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!16 = distinct !DISubroutineType(types: !2)
!17 = !DILocation(line: 114, column: 47, scope: !18, inlinedAt: !24)
!18 = distinct !DILexicalBlock(scope: !20, file: !19, line: 114, column: 6)
!19 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/vector.tcc", directory: ".", checksumkind: CSK_MD5, checksum: "702d153ab458d0b16d6f5b626a017649")
!20 = distinct !DISubprogram(name: "emplace_back<long>", linkageName: "_ZNSt6vectorIlSaIlEE12emplace_backIJlEEERlDpOT_", scope: !7, file: !19, line: 112, type: !21, scopeLine: 113, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, templateParams: !2, declaration: !22, retainedNodes: !2)
!21 = distinct !DISubroutineType(types: !2)
!22 = !DISubprogram(name: "emplace_back<long>", linkageName: "_ZNSt6vectorIlSaIlEE12emplace_backIJlEEERlDpOT_", scope: !7, file: !19, line: 112, type: !23, scopeLine: 112, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized, templateParams: !2)
!23 = distinct !DISubroutineType(types: !2)
!24 = distinct !DILocation(line: 1294, column: 9, scope: !25, inlinedAt: !29)
!25 = distinct !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backEOl", scope: !7, file: !6, line: 1293, type: !26, scopeLine: 1294, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !27, retainedNodes: !2)
!26 = distinct !DISubroutineType(types: !2)
!27 = !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backEOl", scope: !7, file: !6, line: 1293, type: !28, scopeLine: 1293, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!28 = distinct !DISubroutineType(types: !2)
!29 = distinct !DILocation(line: 18, column: 7, scope: !13)
!30 = !DILocation(line: 1278, column: 20, scope: !31, inlinedAt: !36)
!31 = distinct !DILexicalBlock(scope: !32, file: !6, line: 1278, column: 6)
!32 = distinct !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backERKl", scope: !7, file: !6, line: 1276, type: !33, scopeLine: 1277, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !34, retainedNodes: !2)
!33 = distinct !DISubroutineType(types: !2)
!34 = !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backERKl", scope: !7, file: !6, line: 1276, type: !35, scopeLine: 1276, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!35 = distinct !DISubroutineType(types: !2)
!36 = distinct !DILocation(line: 22, column: 7, scope: !37)
!37 = distinct !DILexicalBlock(scope: !38, file: !1, line: 21, column: 3)
!38 = distinct !DILexicalBlock(scope: !39, file: !1, line: 21, column: 3)
!39 = distinct !DISubprogram(name: "other", linkageName: "_Z5otherRSt6vectorIlSaIlEEl", scope: !1, file: !1, line: 20, type: !16, scopeLine: 20, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
