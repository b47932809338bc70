; A range-for over a std::vector (iterators) is hinted like an indexed scan.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   #include <vector>
;   long total(const std::vector<long> &v) {
;     long s = 0;
;     for (long x : v)
;       s += x;
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/iterator-scan.fhprof>' -S %t/iterator-scan.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}}total
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 1048578, i32 7)

;--- iterator-scan.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "iterator-scan.cpp", "line": 8, "column": 15, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- iterator-scan.ll
source_filename = "iterator-scan.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none) uwtable
define dso_local noundef i64 @_Z5totalRKSt6vectorIlSaIlEE(ptr nocapture noundef nonnull readonly align 8 dereferenceable(24) %v) local_unnamed_addr #0 !dbg !85 {
entry:
    #dbg_value(ptr %v, !91, !DIExpression(), !99)
    #dbg_value(i64 0, !92, !DIExpression(), !99)
    #dbg_value(ptr %v, !93, !DIExpression(), !100)
    #dbg_value(ptr %v, !101, !DIExpression(), !109)
    #dbg_value(ptr undef, !111, !DIExpression(), !116)
    #dbg_value(ptr %v, !114, !DIExpression(), !116)
  %0 = load ptr, ptr %v, align 8, !dbg !118, !tbaa !119
    #dbg_value(ptr %0, !95, !DIExpression(), !100)
    #dbg_value(ptr %v, !123, !DIExpression(), !127)
  %_M_finish.i = getelementptr inbounds i8, ptr %v, i64 8, !dbg !129
    #dbg_value(ptr undef, !111, !DIExpression(), !130)
    #dbg_value(ptr %_M_finish.i, !114, !DIExpression(), !130)
  %1 = load ptr, ptr %_M_finish.i, align 8, !dbg !132, !tbaa !119
    #dbg_value(ptr %1, !96, !DIExpression(), !100)
    #dbg_value(ptr undef, !133, !DIExpression(), !141)
    #dbg_value(ptr undef, !140, !DIExpression(), !141)
  %cmp.i.not10 = icmp eq ptr %0, %1, !dbg !143
  br i1 %cmp.i.not10, label %for.cond.cleanup, label %for.body.preheader, !dbg !144

for.body.preheader:                               ; preds = %entry
  %2 = ptrtoint ptr %1 to i64, !dbg !143
  %3 = ptrtoint ptr %0 to i64, !dbg !129
  %4 = add i64 %2, -8, !dbg !145
  %5 = sub i64 %4, %3, !dbg !145
  %6 = lshr i64 %5, 3, !dbg !145
  %7 = add nuw nsw i64 %6, 1, !dbg !145
  %min.iters.check = icmp ult i64 %5, 24, !dbg !145
  br i1 %min.iters.check, label %for.body.preheader16, label %vector.ph, !dbg !145

for.body.preheader16:                             ; preds = %middle.block, %for.body.preheader
  %s.012.ph = phi i64 [ 0, %for.body.preheader ], [ %13, %middle.block ]
  %__begin1.sroa.0.011.ph = phi ptr [ %0, %for.body.preheader ], [ %ind.end, %middle.block ]
  br label %for.body, !dbg !145

vector.ph:                                        ; preds = %for.body.preheader
  %n.vec = and i64 %7, 4611686018427387900, !dbg !145
  %8 = shl i64 %n.vec, 3, !dbg !145
  %ind.end = getelementptr i8, ptr %0, i64 %8, !dbg !145
  br label %vector.body, !dbg !145

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.phi = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %10, %vector.body ]
  %vec.phi13 = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %11, %vector.body ]
  %offset.idx = shl i64 %index, 3, !dbg !145
  %next.gep = getelementptr i8, ptr %0, i64 %offset.idx
  %9 = getelementptr i8, ptr %next.gep, i64 16, !dbg !146
  %wide.load = load <2 x i64>, ptr %next.gep, align 8, !dbg !146, !tbaa !147
  %wide.load15 = load <2 x i64>, ptr %9, align 8, !dbg !146, !tbaa !147
  %10 = add <2 x i64> %wide.load, %vec.phi, !dbg !149
  %11 = add <2 x i64> %wide.load15, %vec.phi13, !dbg !149
  %index.next = add nuw i64 %index, 4
  %12 = icmp eq i64 %index.next, %n.vec
  br i1 %12, label %middle.block, label %vector.body, !llvm.loop !150

middle.block:                                     ; preds = %vector.body
  %bin.rdx = add <2 x i64> %11, %10, !dbg !144
  %13 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %bin.rdx), !dbg !144
  %cmp.n = icmp eq i64 %7, %n.vec, !dbg !144
  br i1 %cmp.n, label %for.cond.cleanup, label %for.body.preheader16, !dbg !144

for.cond.cleanup:                                 ; preds = %for.body, %middle.block, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %13, %middle.block ], [ %add, %for.body ], !dbg !99
  ret i64 %s.0.lcssa, !dbg !154

for.body:                                         ; preds = %for.body.preheader16, %for.body
  %s.012 = phi i64 [ %add, %for.body ], [ %s.012.ph, %for.body.preheader16 ]
  %__begin1.sroa.0.011 = phi ptr [ %incdec.ptr.i, %for.body ], [ %__begin1.sroa.0.011.ph, %for.body.preheader16 ]
    #dbg_value(i64 %s.012, !92, !DIExpression(), !99)
    #dbg_value(ptr %__begin1.sroa.0.011, !95, !DIExpression(), !100)
  %14 = load i64, ptr %__begin1.sroa.0.011, align 8, !dbg !146, !tbaa !147
    #dbg_value(i64 %14, !97, !DIExpression(), !155)
  %add = add nsw i64 %14, %s.012, !dbg !149
    #dbg_value(i64 %add, !92, !DIExpression(), !99)
    #dbg_value(ptr undef, !156, !DIExpression(), !159)
  %incdec.ptr.i = getelementptr inbounds i8, ptr %__begin1.sroa.0.011, i64 8, !dbg !161
    #dbg_value(ptr %incdec.ptr.i, !95, !DIExpression(), !100)
    #dbg_value(ptr undef, !133, !DIExpression(), !141)
    #dbg_value(ptr undef, !140, !DIExpression(), !141)
  %cmp.i.not = icmp eq ptr %incdec.ptr.i, %1, !dbg !143
  br i1 %cmp.i.not, label %for.cond.cleanup, label %for.body, !dbg !144, !llvm.loop !162
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vector.reduce.add.v2i64(<2 x i64>) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!77, !78, !79, !80, !81, !82, !83}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, imports: !72, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "iterator-scan.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "7162a31779454046b4913ba783905d60")
!2 = !{!3, !7}
!3 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_iterator", scope: !5, file: !4, line: 455, baseType: !7, flags: DIFlagPublic)
!4 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h", directory: ".", checksumkind: CSK_MD5, checksum: "8db44c3d22440641ac1ba040d9370a58")
!5 = !DICompositeType(tag: DW_TAG_class_type, name: "vector<long, std::allocator<long> >", scope: !6, file: !4, line: 423, size: 192, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt6vectorIlSaIlEE")
!6 = !DINamespace(name: "std", scope: null)
!7 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "__normal_iterator<const long *, std::vector<long, std::allocator<long> > >", scope: !9, file: !8, line: 1043, size: 64, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !10, templateParams: !70, identifier: "_ZTSN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEE")
!8 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_iterator.h", directory: ".", checksumkind: CSK_MD5, checksum: "bea55f548d6c981fe14b47f481b3c513")
!9 = !DINamespace(name: "__gnu_cxx", scope: null)
!10 = !{!11, !15, !19, !24, !37, !42, !46, !50, !51, !52, !59, !62, !65, !66, !67}
!11 = !DIDerivedType(tag: DW_TAG_member, name: "_M_current", scope: !7, file: !8, line: 1046, baseType: !12, size: 64, flags: DIFlagProtected)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!13 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!14 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!15 = !DISubprogram(name: "__normal_iterator", scope: !7, file: !8, line: 1068, type: !16, scopeLine: 1068, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!16 = !DISubroutineType(types: !17)
!17 = !{null, !18}
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!19 = !DISubprogram(name: "__normal_iterator", scope: !7, file: !8, line: 1072, type: !20, scopeLine: 1072, flags: DIFlagPublic | DIFlagExplicit | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!20 = !DISubroutineType(types: !21)
!21 = !{null, !18, !22}
!22 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !23, size: 64)
!23 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !12)
!24 = !DISubprogram(name: "operator*", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEdeEv", scope: !7, file: !8, line: 1095, type: !25, scopeLine: 1095, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!25 = !DISubroutineType(types: !26)
!26 = !{!27, !35}
!27 = !DIDerivedType(tag: DW_TAG_typedef, name: "reference", scope: !7, file: !8, line: 1061, baseType: !28, flags: DIFlagPublic)
!28 = !DIDerivedType(tag: DW_TAG_typedef, name: "reference", scope: !30, file: !29, line: 227, baseType: !34)
!29 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_iterator_base_types.h", directory: ".")
!30 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "iterator_traits<const long *>", scope: !6, file: !29, line: 221, size: 8, flags: DIFlagTypePassByValue, elements: !31, templateParams: !32, identifier: "_ZTSSt15iterator_traitsIPKlE")
!31 = !{}
!32 = !{!33}
!33 = !DITemplateTypeParameter(name: "_Iterator", type: !12)
!34 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !13, size: 64)
!35 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !36, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!36 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !7)
!37 = !DISubprogram(name: "operator->", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEptEv", scope: !7, file: !8, line: 1100, type: !38, scopeLine: 1100, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!38 = !DISubroutineType(types: !39)
!39 = !{!40, !35}
!40 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !7, file: !8, line: 1062, baseType: !41, flags: DIFlagPublic)
!41 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !30, file: !29, line: 226, baseType: !12)
!42 = !DISubprogram(name: "operator++", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEppEv", scope: !7, file: !8, line: 1105, type: !43, scopeLine: 1105, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!43 = !DISubroutineType(types: !44)
!44 = !{!45, !18}
!45 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !7, size: 64)
!46 = !DISubprogram(name: "operator++", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEppEi", scope: !7, file: !8, line: 1113, type: !47, scopeLine: 1113, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!47 = !DISubroutineType(types: !48)
!48 = !{!7, !18, !49}
!49 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!50 = !DISubprogram(name: "operator--", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEmmEv", scope: !7, file: !8, line: 1119, type: !43, scopeLine: 1119, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!51 = !DISubprogram(name: "operator--", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEmmEi", scope: !7, file: !8, line: 1127, type: !47, scopeLine: 1127, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!52 = !DISubprogram(name: "operator[]", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEixEl", scope: !7, file: !8, line: 1133, type: !53, scopeLine: 1133, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!53 = !DISubroutineType(types: !54)
!54 = !{!27, !35, !55}
!55 = !DIDerivedType(tag: DW_TAG_typedef, name: "difference_type", scope: !7, file: !8, line: 1060, baseType: !56, flags: DIFlagPublic)
!56 = !DIDerivedType(tag: DW_TAG_typedef, name: "difference_type", scope: !30, file: !29, line: 225, baseType: !57)
!57 = !DIDerivedType(tag: DW_TAG_typedef, name: "ptrdiff_t", scope: !6, file: !58, line: 299, baseType: !14)
!58 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/x86_64-linux-gnu/c++/12/bits/c++config.h", directory: ".", checksumkind: CSK_MD5, checksum: "abdf1e7c43540a32b508ae209704da66")
!59 = !DISubprogram(name: "operator+=", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEpLEl", scope: !7, file: !8, line: 1138, type: !60, scopeLine: 1138, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!60 = !DISubroutineType(types: !61)
!61 = !{!45, !18, !55}
!62 = !DISubprogram(name: "operator+", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEplEl", scope: !7, file: !8, line: 1143, type: !63, scopeLine: 1143, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!63 = !DISubroutineType(types: !64)
!64 = !{!7, !35, !55}
!65 = !DISubprogram(name: "operator-=", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEmIEl", scope: !7, file: !8, line: 1148, type: !60, scopeLine: 1148, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!66 = !DISubprogram(name: "operator-", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEmiEl", scope: !7, file: !8, line: 1153, type: !63, scopeLine: 1153, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!67 = !DISubprogram(name: "base", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEE4baseEv", scope: !7, file: !8, line: 1158, type: !68, scopeLine: 1158, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!68 = !DISubroutineType(types: !69)
!69 = !{!22, !35}
!70 = !{!33, !71}
!71 = !DITemplateTypeParameter(name: "_Container", type: !5)
!72 = !{!73}
!73 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !74, entity: !75, file: !76, line: 58)
!74 = !DINamespace(name: "__gnu_debug", scope: null)
!75 = !DINamespace(name: "__debug", scope: !6)
!76 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/debug/debug.h", directory: ".", checksumkind: CSK_MD5, checksum: "09fce61e0085ea92b4bd81d6cd4dcc16")
!77 = !{i32 7, !"Dwarf Version", i32 5}
!78 = !{i32 2, !"Debug Info Version", i32 3}
!79 = !{i32 1, !"wchar_size", i32 4}
!80 = !{i32 8, !"PIC Level", i32 2}
!81 = !{i32 7, !"PIE Level", i32 2}
!82 = !{i32 7, !"uwtable", i32 2}
!83 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!84 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!85 = distinct !DISubprogram(name: "total", linkageName: "_Z5totalRKSt6vectorIlSaIlEE", scope: !1, file: !1, line: 6, type: !86, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !90)
!86 = !DISubroutineType(types: !87)
!87 = !{!14, !88}
!88 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !89, size: 64)
!89 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !5)
!90 = !{!91, !92, !93, !95, !96, !97}
!91 = !DILocalVariable(name: "v", arg: 1, scope: !85, file: !1, line: 6, type: !88)
!92 = !DILocalVariable(name: "s", scope: !85, file: !1, line: 7, type: !14)
!93 = !DILocalVariable(name: "__range1", scope: !94, type: !88, flags: DIFlagArtificial)
!94 = distinct !DILexicalBlock(scope: !85, file: !1, line: 8, column: 3)
!95 = !DILocalVariable(name: "__begin1", scope: !94, type: !3, flags: DIFlagArtificial)
!96 = !DILocalVariable(name: "__end1", scope: !94, type: !3, flags: DIFlagArtificial)
!97 = !DILocalVariable(name: "x", scope: !98, file: !1, line: 8, type: !14)
!98 = distinct !DILexicalBlock(scope: !94, file: !1, line: 8, column: 3)
!99 = !DILocation(line: 0, scope: !85)
!100 = !DILocation(line: 0, scope: !94)
!101 = !DILocalVariable(name: "this", arg: 1, scope: !102, type: !108, flags: DIFlagArtificial | DIFlagObjectPointer)
!102 = distinct !DISubprogram(name: "begin", linkageName: "_ZNKSt6vectorIlSaIlEE5beginEv", scope: !5, file: !4, line: 878, type: !103, scopeLine: 879, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !106, retainedNodes: !107)
!103 = !DISubroutineType(types: !104)
!104 = !{!3, !105}
!105 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !89, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!106 = !DISubprogram(name: "begin", linkageName: "_ZNKSt6vectorIlSaIlEE5beginEv", scope: !5, file: !4, line: 878, type: !103, scopeLine: 878, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!107 = !{!101}
!108 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !89, size: 64)
!109 = !DILocation(line: 0, scope: !102, inlinedAt: !110)
!110 = distinct !DILocation(line: 8, column: 15, scope: !94)
!111 = !DILocalVariable(name: "this", arg: 1, scope: !112, type: !115, flags: DIFlagArtificial | DIFlagObjectPointer)
!112 = distinct !DISubprogram(name: "__normal_iterator", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEC2ERKS2_", scope: !7, file: !8, line: 1072, type: !20, scopeLine: 1073, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !19, retainedNodes: !113)
!113 = !{!111, !114}
!114 = !DILocalVariable(name: "__i", arg: 2, scope: !112, file: !8, line: 1072, type: !22)
!115 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!116 = !DILocation(line: 0, scope: !112, inlinedAt: !117)
!117 = distinct !DILocation(line: 879, column: 16, scope: !102, inlinedAt: !110)
!118 = !DILocation(line: 1073, column: 20, scope: !112, inlinedAt: !117)
!119 = !{!120, !120, i64 0}
!120 = !{!"any pointer", !121, i64 0}
!121 = !{!"omnipotent char", !122, i64 0}
!122 = !{!"Simple C++ TBAA"}
!123 = !DILocalVariable(name: "this", arg: 1, scope: !124, type: !108, flags: DIFlagArtificial | DIFlagObjectPointer)
!124 = distinct !DISubprogram(name: "end", linkageName: "_ZNKSt6vectorIlSaIlEE3endEv", scope: !5, file: !4, line: 898, type: !103, scopeLine: 899, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !125, retainedNodes: !126)
!125 = !DISubprogram(name: "end", linkageName: "_ZNKSt6vectorIlSaIlEE3endEv", scope: !5, file: !4, line: 898, type: !103, scopeLine: 898, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!126 = !{!123}
!127 = !DILocation(line: 0, scope: !124, inlinedAt: !128)
!128 = distinct !DILocation(line: 8, column: 15, scope: !94)
!129 = !DILocation(line: 899, column: 45, scope: !124, inlinedAt: !128)
!130 = !DILocation(line: 0, scope: !112, inlinedAt: !131)
!131 = distinct !DILocation(line: 899, column: 16, scope: !124, inlinedAt: !128)
!132 = !DILocation(line: 1073, column: 20, scope: !112, inlinedAt: !131)
!133 = !DILocalVariable(name: "__lhs", arg: 1, scope: !134, file: !8, line: 1237, type: !138)
!134 = distinct !DISubprogram(name: "operator!=<const long *, std::vector<long, std::allocator<long> > >", linkageName: "_ZN9__gnu_cxxneIPKlSt6vectorIlSaIlEEEEbRKNS_17__normal_iteratorIT_T0_EESB_", scope: !9, file: !8, line: 1237, type: !135, scopeLine: 1240, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, templateParams: !70, retainedNodes: !139)
!135 = !DISubroutineType(types: !136)
!136 = !{!137, !138, !138}
!137 = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
!138 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !36, size: 64)
!139 = !{!133, !140}
!140 = !DILocalVariable(name: "__rhs", arg: 2, scope: !134, file: !8, line: 1238, type: !138)
!141 = !DILocation(line: 0, scope: !134, inlinedAt: !142)
!142 = distinct !DILocation(line: 8, column: 15, scope: !94)
!143 = !DILocation(line: 1240, column: 27, scope: !134, inlinedAt: !142)
!144 = !DILocation(line: 8, column: 15, scope: !94)
!145 = !DILocation(line: 8, column: 3, scope: !94)
!146 = !DILocation(line: 8, column: 15, scope: !98)
!147 = !{!148, !148, i64 0}
!148 = !{!"long", !121, i64 0}
!149 = !DILocation(line: 9, column: 7, scope: !98)
!150 = distinct !{!150, !145, !151, !152, !153}
!151 = !DILocation(line: 9, column: 10, scope: !94)
!152 = !{!"llvm.loop.isvectorized", i32 1}
!153 = !{!"llvm.loop.unroll.runtime.disable"}
!154 = !DILocation(line: 10, column: 3, scope: !85)
!155 = !DILocation(line: 0, scope: !98)
!156 = !DILocalVariable(name: "this", arg: 1, scope: !157, type: !115, flags: DIFlagArtificial | DIFlagObjectPointer)
!157 = distinct !DISubprogram(name: "operator++", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPKlSt6vectorIlSaIlEEEppEv", scope: !7, file: !8, line: 1105, type: !43, scopeLine: 1106, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !42, retainedNodes: !158)
!158 = !{!156}
!159 = !DILocation(line: 0, scope: !157, inlinedAt: !160)
!160 = distinct !DILocation(line: 8, column: 15, scope: !94)
!161 = !DILocation(line: 1107, column: 2, scope: !157, inlinedAt: !160)
!162 = distinct !{!162, !145, !151, !153, !152}
