; A std::vector scan at -O2 is hinted as a sequential scan: seq with
; read-ahead 16 (packed flags 0x100002 = 1048578) from loop analysis.
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   #include <vector>
;   long total(const std::vector<long> &v) {
;     long s = 0;
;     for (std::size_t i = 0; i < v.size(); i++)
;       s += v[i];
;     return s;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/vector-scan.fhprof>' -S %t/vector-scan.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}}total
; CHECK: @__farhint_seq_last.7
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 1048578, i32 7)

;--- vector-scan.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 100},
 "sites": [{"id": 7, "file": "vector-scan.cpp", "line": 11, "column": 10, "function": "f",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- vector-scan.ll
source_filename = "vector-scan.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none) uwtable
define dso_local noundef i64 @_Z5totalRKSt6vectorIlSaIlEE(ptr nocapture noundef nonnull readonly align 8 dereferenceable(24) %v) local_unnamed_addr #0 !dbg !22 {
entry:
    #dbg_value(ptr %v, !30, !DIExpression(), !34)
    #dbg_value(i64 0, !31, !DIExpression(), !34)
    #dbg_value(i64 0, !32, !DIExpression(), !35)
  %_M_finish.i = getelementptr inbounds i8, ptr %v, i64 8
  %0 = load ptr, ptr %_M_finish.i, align 8, !tbaa !36
  %1 = load ptr, ptr %v, align 8, !tbaa !41
  %cmp6.not = icmp eq ptr %0, %1, !dbg !42
  br i1 %cmp6.not, label %for.cond.cleanup, label %for.body.preheader, !dbg !44

for.body.preheader:                               ; preds = %entry
  %sub.ptr.lhs.cast.i = ptrtoint ptr %0 to i64
  %sub.ptr.rhs.cast.i = ptrtoint ptr %1 to i64
  %sub.ptr.sub.i = sub i64 %sub.ptr.lhs.cast.i, %sub.ptr.rhs.cast.i
  %sub.ptr.div.i = ashr exact i64 %sub.ptr.sub.i, 3
  %umax = tail call i64 @llvm.umax.i64(i64 %sub.ptr.div.i, i64 1), !dbg !44
  %min.iters.check = icmp ult i64 %sub.ptr.div.i, 4, !dbg !44
  br i1 %min.iters.check, label %for.body.preheader11, label %vector.ph, !dbg !44

for.body.preheader11:                             ; preds = %middle.block, %for.body.preheader
  %i.08.ph = phi i64 [ 0, %for.body.preheader ], [ %n.vec, %middle.block ]
  %s.07.ph = phi i64 [ 0, %for.body.preheader ], [ %7, %middle.block ]
  br label %for.body, !dbg !44

vector.ph:                                        ; preds = %for.body.preheader
  %n.vec = and i64 %umax, -4, !dbg !44
  br label %vector.body, !dbg !44

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ], !dbg !45
  %vec.phi = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %4, %vector.body ]
  %vec.phi9 = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %5, %vector.body ]
  %2 = getelementptr inbounds i64, ptr %1, i64 %index, !dbg !46
  %3 = getelementptr inbounds i8, ptr %2, i64 16, !dbg !120
  %wide.load = load <2 x i64>, ptr %2, align 8, !dbg !120, !tbaa !121
  %wide.load10 = load <2 x i64>, ptr %3, align 8, !dbg !120, !tbaa !121
  %4 = add <2 x i64> %wide.load, %vec.phi, !dbg !123
  %5 = add <2 x i64> %wide.load10, %vec.phi9, !dbg !123
  %index.next = add nuw i64 %index, 4, !dbg !45
  %6 = icmp eq i64 %index.next, %n.vec, !dbg !45
  br i1 %6, label %middle.block, label %vector.body, !dbg !45, !llvm.loop !124

middle.block:                                     ; preds = %vector.body
  %bin.rdx = add <2 x i64> %5, %4, !dbg !44
  %7 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %bin.rdx), !dbg !44
  %cmp.n = icmp eq i64 %sub.ptr.div.i, %n.vec, !dbg !44
  br i1 %cmp.n, label %for.cond.cleanup, label %for.body.preheader11, !dbg !44

for.cond.cleanup:                                 ; preds = %for.body, %middle.block, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %7, %middle.block ], [ %add, %for.body ], !dbg !34
  ret i64 %s.0.lcssa, !dbg !129

for.body:                                         ; preds = %for.body.preheader11, %for.body
  %i.08 = phi i64 [ %inc, %for.body ], [ %i.08.ph, %for.body.preheader11 ]
  %s.07 = phi i64 [ %add, %for.body ], [ %s.07.ph, %for.body.preheader11 ]
    #dbg_value(i64 %i.08, !32, !DIExpression(), !35)
    #dbg_value(i64 %s.07, !31, !DIExpression(), !34)
    #dbg_value(ptr %v, !116, !DIExpression(), !130)
    #dbg_value(i64 %i.08, !118, !DIExpression(), !130)
  %add.ptr.i = getelementptr inbounds i64, ptr %1, i64 %i.08, !dbg !46
  %8 = load i64, ptr %add.ptr.i, align 8, !dbg !120, !tbaa !121
  %add = add nsw i64 %8, %s.07, !dbg !123
    #dbg_value(i64 %add, !31, !DIExpression(), !34)
  %inc = add nuw i64 %i.08, 1, !dbg !45
    #dbg_value(i64 %inc, !32, !DIExpression(), !35)
  %exitcond.not = icmp eq i64 %inc, %umax, !dbg !42
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !44, !llvm.loop !131
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umax.i64(i64, i64) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vector.reduce.add.v2i64(<2 x i64>) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!14, !15, !16, !17, !18, !19, !20}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, imports: !9, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "vector-scan.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "7a96d32f7a18f9b1ab790a9f9dc6e1e1")
!2 = !{!3}
!3 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", file: !4, line: 458, baseType: !5, flags: DIFlagPublic)
!4 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h", directory: ".", checksumkind: CSK_MD5, checksum: "8db44c3d22440641ac1ba040d9370a58")
!5 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", scope: !7, file: !6, line: 298, baseType: !8)
!6 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/x86_64-linux-gnu/c++/12/bits/c++config.h", directory: ".", checksumkind: CSK_MD5, checksum: "abdf1e7c43540a32b508ae209704da66")
!7 = !DINamespace(name: "std", scope: null)
!8 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!9 = !{!10}
!10 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !11, entity: !12, file: !13, line: 58)
!11 = !DINamespace(name: "__gnu_debug", scope: null)
!12 = !DINamespace(name: "__debug", scope: !7)
!13 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/debug/debug.h", directory: ".", checksumkind: CSK_MD5, checksum: "09fce61e0085ea92b4bd81d6cd4dcc16")
!14 = !{i32 7, !"Dwarf Version", i32 5}
!15 = !{i32 2, !"Debug Info Version", i32 3}
!16 = !{i32 1, !"wchar_size", i32 4}
!17 = !{i32 8, !"PIC Level", i32 2}
!18 = !{i32 7, !"PIE Level", i32 2}
!19 = !{i32 7, !"uwtable", i32 2}
!20 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!21 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!22 = distinct !DISubprogram(name: "total", linkageName: "_Z5totalRKSt6vectorIlSaIlEE", scope: !1, file: !1, line: 8, type: !23, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !29)
!23 = !DISubroutineType(types: !24)
!24 = !{!25, !26}
!25 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!26 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !27, size: 64)
!27 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !28)
!28 = !DICompositeType(tag: DW_TAG_class_type, name: "vector<long, std::allocator<long> >", scope: !7, file: !4, line: 423, size: 192, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt6vectorIlSaIlEE")
!29 = !{!30, !31, !32}
!30 = !DILocalVariable(name: "v", arg: 1, scope: !22, file: !1, line: 8, type: !26)
!31 = !DILocalVariable(name: "s", scope: !22, file: !1, line: 9, type: !25)
!32 = !DILocalVariable(name: "i", scope: !33, file: !1, line: 10, type: !5)
!33 = distinct !DILexicalBlock(scope: !22, file: !1, line: 10, column: 3)
!34 = !DILocation(line: 0, scope: !22)
!35 = !DILocation(line: 0, scope: !33)
!36 = !{!37, !38, i64 8}
!37 = !{!"_ZTSNSt12_Vector_baseIlSaIlEE17_Vector_impl_dataE", !38, i64 0, !38, i64 8, !38, i64 16}
!38 = !{!"any pointer", !39, i64 0}
!39 = !{!"omnipotent char", !40, i64 0}
!40 = !{!"Simple C++ TBAA"}
!41 = !{!37, !38, i64 0}
!42 = !DILocation(line: 10, column: 29, scope: !43)
!43 = distinct !DILexicalBlock(scope: !33, file: !1, line: 10, column: 3)
!44 = !DILocation(line: 10, column: 3, scope: !33)
!45 = !DILocation(line: 10, column: 42, scope: !43)
!46 = !DILocation(line: 1143, column: 34, scope: !47, inlinedAt: !119)
!47 = distinct !DISubprogram(name: "operator[]", linkageName: "_ZNKSt6vectorIlSaIlEEixEm", scope: !28, file: !4, line: 1140, type: !48, scopeLine: 1141, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !114, retainedNodes: !115)
!48 = !DISubroutineType(types: !49)
!49 = !{!50, !113, !3}
!50 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_reference", scope: !28, file: !4, line: 452, baseType: !51, flags: DIFlagPublic)
!51 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_reference", scope: !53, file: !52, line: 63, baseType: !109)
!52 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/ext/alloc_traits.h", directory: ".")
!53 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__alloc_traits<std::allocator<long>, long>", scope: !54, file: !52, line: 48, size: 8, flags: DIFlagTypePassByValue, elements: !55, templateParams: !107, identifier: "_ZTSN9__gnu_cxx14__alloc_traitsISaIlElEE")
!54 = !DINamespace(name: "__gnu_cxx", scope: null)
!55 = !{!56, !90, !95, !99, !103, !104, !105, !106}
!56 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !53, baseType: !57, extraData: i32 0)
!57 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "allocator_traits<std::allocator<long> >", scope: !7, file: !58, line: 411, size: 8, flags: DIFlagTypePassByValue, elements: !59, templateParams: !88, identifier: "_ZTSSt16allocator_traitsISaIlEE")
!58 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/alloc_traits.h", directory: ".", checksumkind: CSK_MD5, checksum: "fd441eaab0a8965f7012f98a3edcbb86")
!59 = !{!60, !70, !76, !79, !85}
!60 = !DISubprogram(name: "allocate", linkageName: "_ZNSt16allocator_traitsISaIlEE8allocateERS0_m", scope: !57, file: !58, line: 463, type: !61, scopeLine: 463, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!61 = !DISubroutineType(types: !62)
!62 = !{!63, !65, !69}
!63 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !57, file: !58, line: 420, baseType: !64)
!64 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !25, size: 64)
!65 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !66, size: 64)
!66 = !DIDerivedType(tag: DW_TAG_typedef, name: "allocator_type", scope: !57, file: !58, line: 414, baseType: !67)
!67 = !DICompositeType(tag: DW_TAG_class_type, name: "allocator<long>", scope: !7, file: !68, line: 124, size: 8, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSaIlE")
!68 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/allocator.h", directory: ".", checksumkind: CSK_MD5, checksum: "6fa856a93062ce2b39cf0c9a3a6a3468")
!69 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", file: !58, line: 435, baseType: !5)
!70 = !DISubprogram(name: "allocate", linkageName: "_ZNSt16allocator_traitsISaIlEE8allocateERS0_mPKv", scope: !57, file: !58, line: 477, type: !71, scopeLine: 477, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!71 = !DISubroutineType(types: !72)
!72 = !{!63, !65, !69, !73}
!73 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_void_pointer", file: !58, line: 429, baseType: !74)
!74 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !75, size: 64)
!75 = !DIDerivedType(tag: DW_TAG_const_type, baseType: null)
!76 = !DISubprogram(name: "deallocate", linkageName: "_ZNSt16allocator_traitsISaIlEE10deallocateERS0_Plm", scope: !57, file: !58, line: 495, type: !77, scopeLine: 495, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!77 = !DISubroutineType(types: !78)
!78 = !{null, !65, !63, !69}
!79 = !DISubprogram(name: "max_size", linkageName: "_ZNSt16allocator_traitsISaIlEE8max_sizeERKS0_", scope: !57, file: !58, line: 547, type: !80, scopeLine: 547, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!80 = !DISubroutineType(types: !81)
!81 = !{!82, !83}
!82 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", scope: !57, file: !58, line: 435, baseType: !5)
!83 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !84, size: 64)
!84 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !66)
!85 = !DISubprogram(name: "select_on_container_copy_construction", linkageName: "_ZNSt16allocator_traitsISaIlEE37select_on_container_copy_constructionERKS0_", scope: !57, file: !58, line: 562, type: !86, scopeLine: 562, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!86 = !DISubroutineType(types: !87)
!87 = !{!66, !83}
!88 = !{!89}
!89 = !DITemplateTypeParameter(name: "_Alloc", type: !67)
!90 = !DISubprogram(name: "_S_select_on_copy", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE17_S_select_on_copyERKS1_", scope: !53, file: !52, line: 97, type: !91, scopeLine: 97, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!91 = !DISubroutineType(types: !92)
!92 = !{!67, !93}
!93 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !94, size: 64)
!94 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !67)
!95 = !DISubprogram(name: "_S_on_swap", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE10_S_on_swapERS1_S3_", scope: !53, file: !52, line: 100, type: !96, scopeLine: 100, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!96 = !DISubroutineType(types: !97)
!97 = !{null, !98, !98}
!98 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !67, size: 64)
!99 = !DISubprogram(name: "_S_propagate_on_copy_assign", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE27_S_propagate_on_copy_assignEv", scope: !53, file: !52, line: 103, type: !100, scopeLine: 103, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!100 = !DISubroutineType(types: !101)
!101 = !{!102}
!102 = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
!103 = !DISubprogram(name: "_S_propagate_on_move_assign", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE27_S_propagate_on_move_assignEv", scope: !53, file: !52, line: 106, type: !100, scopeLine: 106, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!104 = !DISubprogram(name: "_S_propagate_on_swap", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE20_S_propagate_on_swapEv", scope: !53, file: !52, line: 109, type: !100, scopeLine: 109, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!105 = !DISubprogram(name: "_S_always_equal", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE15_S_always_equalEv", scope: !53, file: !52, line: 112, type: !100, scopeLine: 112, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!106 = !DISubprogram(name: "_S_nothrow_move", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE15_S_nothrow_moveEv", scope: !53, file: !52, line: 115, type: !100, scopeLine: 115, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!107 = !{!89, !108}
!108 = !DITemplateTypeParameter(type: !25, defaulted: true)
!109 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !110, size: 64)
!110 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !111)
!111 = !DIDerivedType(tag: DW_TAG_typedef, name: "value_type", scope: !53, file: !52, line: 56, baseType: !112)
!112 = !DIDerivedType(tag: DW_TAG_typedef, name: "value_type", scope: !57, file: !58, line: 417, baseType: !25)
!113 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !27, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!114 = !DISubprogram(name: "operator[]", linkageName: "_ZNKSt6vectorIlSaIlEEixEm", scope: !28, file: !4, line: 1140, type: !48, scopeLine: 1140, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!115 = !{!116, !118}
!116 = !DILocalVariable(name: "this", arg: 1, scope: !47, type: !117, flags: DIFlagArtificial | DIFlagObjectPointer)
!117 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !27, size: 64)
!118 = !DILocalVariable(name: "__n", arg: 2, scope: !47, file: !4, line: 1140, type: !3)
!119 = distinct !DILocation(line: 11, column: 10, scope: !43)
!120 = !DILocation(line: 11, column: 10, scope: !43)
!121 = !{!122, !122, i64 0}
!122 = !{!"long", !39, i64 0}
!123 = !DILocation(line: 11, column: 7, scope: !43)
!124 = distinct !{!124, !44, !125, !126, !127, !128}
!125 = !DILocation(line: 11, column: 13, scope: !33)
!126 = !{!"llvm.loop.mustprogress"}
!127 = !{!"llvm.loop.isvectorized", i32 1}
!128 = !{!"llvm.loop.unroll.runtime.disable"}
!129 = !DILocation(line: 12, column: 3, scope: !22)
!130 = !DILocation(line: 0, scope: !47, inlinedAt: !119)
!131 = distinct !{!131, !44, !125, !126, !128, !127}
