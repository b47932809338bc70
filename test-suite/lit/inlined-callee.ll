; A site at a call whose callee was inlined (std::vector::push_back): the
; profile names the application's call, which makes no access of its own, so
; the callee's accesses inlined there are hinted; another call on the line
; (size()) is not, nor is a push_back elsewhere.
; The profile's lines are the C source's, kept in the IR's debug info:
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
source_filename = "inlined-callee.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [26 x i8] c"vector::_M_realloc_insert\00", align 1, !dbg !0

; Function Attrs: mustprogress uwtable
define dso_local void @_Z4fillRSt6vectorIlSaIlEEl(ptr nocapture noundef nonnull align 8 dereferenceable(24) %v, i64 noundef %n) local_unnamed_addr #0 personality ptr @__gxx_personality_v0 !dbg !99 {
entry:
    #dbg_value(ptr %v, !104, !DIExpression(), !108)
    #dbg_value(i64 %n, !105, !DIExpression(), !108)
    #dbg_value(i64 0, !106, !DIExpression(), !109)
  %cmp9 = icmp sgt i64 %n, 0, !dbg !110
  br i1 %cmp9, label %for.body.lr.ph, label %for.cond.cleanup, !dbg !112

for.body.lr.ph:                                   ; preds = %entry
  %_M_finish.i = getelementptr inbounds i8, ptr %v, i64 8
  %_M_end_of_storage.i.i = getelementptr inbounds i8, ptr %v, i64 16
  %.pre = load ptr, ptr %_M_finish.i, align 8, !dbg !113, !tbaa !124
  %.pre11 = load ptr, ptr %v, align 8, !dbg !128, !tbaa !124
  %.pre12 = load ptr, ptr %_M_end_of_storage.i.i, align 8, !dbg !129, !tbaa !214
  br label %for.body, !dbg !112

for.cond.cleanup:                                 ; preds = %_ZNSt6vectorIlSaIlEE9push_backEOl.exit, %entry
  ret void, !dbg !216

for.body:                                         ; preds = %for.body.lr.ph, %_ZNSt6vectorIlSaIlEE9push_backEOl.exit
  %0 = phi ptr [ %.pre12, %for.body.lr.ph ], [ %4, %_ZNSt6vectorIlSaIlEE9push_backEOl.exit ], !dbg !129
  %1 = phi ptr [ %.pre11, %for.body.lr.ph ], [ %5, %_ZNSt6vectorIlSaIlEE9push_backEOl.exit ], !dbg !128
  %2 = phi ptr [ %.pre, %for.body.lr.ph ], [ %6, %_ZNSt6vectorIlSaIlEE9push_backEOl.exit ], !dbg !113
  %i.010 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %_ZNSt6vectorIlSaIlEE9push_backEOl.exit ]
    #dbg_value(i64 %i.010, !106, !DIExpression(), !109)
    #dbg_value(ptr %v, !121, !DIExpression(), !217)
  %sub.ptr.lhs.cast.i = ptrtoint ptr %2 to i64, !dbg !218
  %sub.ptr.rhs.cast.i = ptrtoint ptr %1 to i64, !dbg !218
  %sub.ptr.sub.i = sub i64 %sub.ptr.lhs.cast.i, %sub.ptr.rhs.cast.i, !dbg !218
  %sub.ptr.div.i = ashr exact i64 %sub.ptr.sub.i, 3, !dbg !218
  %add = add nsw i64 %sub.ptr.div.i, %i.010, !dbg !219
    #dbg_value(ptr %v, !211, !DIExpression(), !220)
    #dbg_value(ptr undef, !212, !DIExpression(), !220)
    #dbg_value(ptr %v, !200, !DIExpression(), !221)
    #dbg_value(ptr undef, !202, !DIExpression(), !221)
  %cmp.not.i.i = icmp eq ptr %2, %0, !dbg !222
  br i1 %cmp.not.i.i, label %if.else.i.i, label %if.then.i.i, !dbg !223

if.then.i.i:                                      ; preds = %for.body
    #dbg_value(ptr %v, !224, !DIExpression(), !234)
    #dbg_value(ptr %2, !232, !DIExpression(), !234)
    #dbg_value(ptr undef, !233, !DIExpression(), !234)
    #dbg_value(ptr %v, !237, !DIExpression(), !249)
    #dbg_value(ptr %2, !246, !DIExpression(), !249)
    #dbg_value(ptr undef, !247, !DIExpression(), !249)
  store i64 %add, ptr %2, align 8, !dbg !251, !tbaa !252
  %incdec.ptr.i.i = getelementptr inbounds i8, ptr %2, i64 8, !dbg !254
  store ptr %incdec.ptr.i.i, ptr %_M_finish.i, align 8, !dbg !254, !tbaa !255
  br label %_ZNSt6vectorIlSaIlEE9push_backEOl.exit, !dbg !256

if.else.i.i:                                      ; preds = %for.body
    #dbg_value(ptr %2, !257, !DIExpression(), !276)
    #dbg_value(ptr %v, !263, !DIExpression(), !276)
    #dbg_value(ptr undef, !264, !DIExpression(), !276)
    #dbg_value(ptr %v, !278, !DIExpression(), !289)
    #dbg_value(i64 1, !286, !DIExpression(), !289)
    #dbg_value(ptr @.str, !287, !DIExpression(), !289)
    #dbg_value(ptr %v, !121, !DIExpression(), !291)
  %cmp.i.i = icmp eq i64 %sub.ptr.sub.i, 9223372036854775800, !dbg !294
  br i1 %cmp.i.i, label %if.then.i.i7, label %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i, !dbg !295

if.then.i.i7:                                     ; preds = %if.else.i.i
  tail call void @_ZSt20__throw_length_errorPKc(ptr noundef nonnull @.str) #6, !dbg !296
  unreachable, !dbg !296

_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i:  ; preds = %if.else.i.i
    #dbg_value(ptr %v, !121, !DIExpression(), !297)
    #dbg_value(ptr %v, !121, !DIExpression(), !299)
  %.sroa.speculated.i.i = tail call i64 @llvm.umax.i64(i64 %sub.ptr.div.i, i64 1), !dbg !301
  %add.i.i = add nsw i64 %.sroa.speculated.i.i, %sub.ptr.div.i, !dbg !302
    #dbg_value(i64 %add.i.i, !288, !DIExpression(), !289)
    #dbg_value(ptr %v, !121, !DIExpression(), !303)
  %cmp7.i.i = icmp ult i64 %add.i.i, %sub.ptr.div.i, !dbg !305
  %3 = tail call i64 @llvm.umin.i64(i64 %add.i.i, i64 1152921504606846975), !dbg !306
  %cond.i.i = select i1 %cmp7.i.i, i64 1152921504606846975, i64 %3, !dbg !306
    #dbg_value(i64 %cond.i.i, !265, !DIExpression(), !276)
    #dbg_value(ptr %1, !267, !DIExpression(), !276)
    #dbg_value(ptr %2, !272, !DIExpression(), !276)
    #dbg_value(i64 %sub.ptr.div.i, !273, !DIExpression(), !276)
    #dbg_value(ptr %v, !307, !DIExpression(), !316)
    #dbg_value(i64 %cond.i.i, !314, !DIExpression(), !316)
  %cmp.not.i.i4 = icmp eq i64 %cond.i.i, 0, !dbg !318
  br i1 %cmp.not.i.i4, label %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i, label %cond.true.i.i, !dbg !319

cond.true.i.i:                                    ; preds = %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i
    #dbg_value(ptr %v, !320, !DIExpression(), !324)
    #dbg_value(i64 %cond.i.i, !323, !DIExpression(), !324)
    #dbg_value(ptr %v, !326, !DIExpression(), !335)
    #dbg_value(i64 %cond.i.i, !333, !DIExpression(), !335)
    #dbg_value(ptr null, !334, !DIExpression(), !335)
  %mul.i.i.i.i = shl nuw nsw i64 %cond.i.i, 3, !dbg !337
  %call5.i.i.i.i = tail call noalias noundef nonnull ptr @_Znwm(i64 noundef %mul.i.i.i.i) #7, !dbg !338
  br label %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i, !dbg !319

_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i: ; preds = %cond.true.i.i, %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i
  %cond.i31.i = phi ptr [ %call5.i.i.i.i, %cond.true.i.i ], [ null, %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i ], !dbg !319
    #dbg_value(ptr %cond.i31.i, !274, !DIExpression(), !276)
    #dbg_value(ptr %cond.i31.i, !275, !DIExpression(), !276)
  %add.ptr.i = getelementptr inbounds i64, ptr %cond.i31.i, i64 %sub.ptr.div.i, !dbg !339
    #dbg_value(ptr %v, !224, !DIExpression(), !341)
    #dbg_value(ptr %add.ptr.i, !232, !DIExpression(), !341)
    #dbg_value(ptr undef, !233, !DIExpression(), !341)
    #dbg_value(ptr %v, !237, !DIExpression(), !343)
    #dbg_value(ptr %add.ptr.i, !246, !DIExpression(), !343)
    #dbg_value(ptr undef, !247, !DIExpression(), !343)
  store i64 %add, ptr %add.ptr.i, align 8, !dbg !345, !tbaa !252
    #dbg_value(ptr null, !275, !DIExpression(), !276)
    #dbg_value(ptr %1, !346, !DIExpression(), !363)
    #dbg_value(ptr %2, !360, !DIExpression(), !363)
    #dbg_value(ptr %cond.i31.i, !361, !DIExpression(), !363)
    #dbg_value(ptr %v, !362, !DIExpression(), !363)
    #dbg_value(ptr %1, !367, !DIExpression(), !380)
    #dbg_value(ptr %2, !373, !DIExpression(), !380)
    #dbg_value(ptr %cond.i31.i, !374, !DIExpression(), !380)
    #dbg_value(ptr %v, !375, !DIExpression(), !380)
    #dbg_value(ptr %1, !382, !DIExpression(), !399)
    #dbg_value(ptr %2, !394, !DIExpression(), !399)
    #dbg_value(ptr %cond.i31.i, !395, !DIExpression(), !399)
    #dbg_value(ptr %v, !396, !DIExpression(), !399)
    #dbg_value(i64 %sub.ptr.sub.i, !397, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !399)
  %cmp.i.i.i.i = icmp sgt i64 %sub.ptr.sub.i, 0, !dbg !401
  br i1 %cmp.i.i.i.i, label %if.then.i.i.i.i, label %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i, !dbg !403

if.then.i.i.i.i:                                  ; preds = %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i
  tail call void @llvm.memmove.p0.p0.i64(ptr nonnull align 8 %cond.i31.i, ptr align 8 %1, i64 %sub.ptr.sub.i, i1 false), !dbg !404
  br label %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i, !dbg !406

_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i: ; preds = %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i, %if.then.i.i.i.i
  %add.ptr.i.i.i.i = getelementptr inbounds i8, ptr %cond.i31.i, i64 %sub.ptr.sub.i, !dbg !407
    #dbg_value(ptr %add.ptr.i.i.i.i, !275, !DIExpression(), !276)
  %incdec.ptr.i = getelementptr inbounds i8, ptr %add.ptr.i.i.i.i, i64 8, !dbg !408
    #dbg_value(ptr %2, !346, !DIExpression(), !409)
    #dbg_value(ptr %2, !360, !DIExpression(), !409)
    #dbg_value(ptr %incdec.ptr.i, !361, !DIExpression(), !409)
    #dbg_value(ptr %v, !362, !DIExpression(), !409)
    #dbg_value(ptr %2, !367, !DIExpression(), !411)
    #dbg_value(ptr %2, !373, !DIExpression(), !411)
    #dbg_value(ptr %incdec.ptr.i, !374, !DIExpression(), !411)
    #dbg_value(ptr %v, !375, !DIExpression(), !411)
    #dbg_value(ptr %2, !382, !DIExpression(), !413)
    #dbg_value(ptr %2, !394, !DIExpression(), !413)
    #dbg_value(ptr %incdec.ptr.i, !395, !DIExpression(), !413)
    #dbg_value(ptr %v, !396, !DIExpression(), !413)
    #dbg_value(i64 0, !397, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !413)
    #dbg_value(!DIArgList(ptr %incdec.ptr.i, i64 0), !275, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !276)
    #dbg_value(ptr %v, !415, !DIExpression(), !423)
    #dbg_value(ptr %1, !421, !DIExpression(), !423)
    #dbg_value(!DIArgList(ptr poison, i64 poison), !422, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_minus, DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !423)
  %tobool.not.i.i = icmp eq ptr %1, null, !dbg !425
  br i1 %tobool.not.i.i, label %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit, label %if.then.i39.i, !dbg !427

if.then.i39.i:                                    ; preds = %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i
    #dbg_value(i64 %sub.ptr.sub.i, !422, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !423)
    #dbg_value(ptr %v, !428, !DIExpression(), !433)
    #dbg_value(ptr %1, !431, !DIExpression(), !433)
    #dbg_value(i64 %sub.ptr.sub.i, !432, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !433)
    #dbg_value(ptr %v, !435, !DIExpression(), !443)
    #dbg_value(ptr %1, !441, !DIExpression(), !443)
    #dbg_value(i64 %sub.ptr.sub.i, !442, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !443)
  tail call void @_ZdlPvm(ptr noundef nonnull %1, i64 noundef %sub.ptr.sub.i) #8, !dbg !445
  br label %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit, !dbg !446

_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit: ; preds = %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i, %if.then.i39.i
    #dbg_value(ptr %incdec.ptr.i, !275, !DIExpression(), !276)
  store ptr %cond.i31.i, ptr %v, align 8, !dbg !447, !tbaa !448
  store ptr %incdec.ptr.i, ptr %_M_finish.i, align 8, !dbg !449, !tbaa !255
  %add.ptr19.i = getelementptr inbounds i64, ptr %cond.i31.i, i64 %cond.i.i, !dbg !450
  store ptr %add.ptr19.i, ptr %_M_end_of_storage.i.i, align 8, !dbg !451, !tbaa !214
  br label %_ZNSt6vectorIlSaIlEE9push_backEOl.exit

_ZNSt6vectorIlSaIlEE9push_backEOl.exit:           ; preds = %if.then.i.i, %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit
  %4 = phi ptr [ %0, %if.then.i.i ], [ %add.ptr19.i, %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit ]
  %5 = phi ptr [ %1, %if.then.i.i ], [ %cond.i31.i, %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit ]
  %6 = phi ptr [ %incdec.ptr.i.i, %if.then.i.i ], [ %incdec.ptr.i, %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit ]
  %inc = add nuw nsw i64 %i.010, 1, !dbg !452
    #dbg_value(i64 %inc, !106, !DIExpression(), !109)
  %exitcond.not = icmp eq i64 %inc, %n, !dbg !110
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !112, !llvm.loop !453
}

; Function Attrs: mustprogress uwtable
define dso_local void @_Z5otherRSt6vectorIlSaIlEEl(ptr nocapture noundef nonnull align 8 dereferenceable(24) %v, i64 noundef %n) local_unnamed_addr #0 personality ptr @__gxx_personality_v0 !dbg !456 {
entry:
    #dbg_value(ptr %v, !458, !DIExpression(), !462)
    #dbg_value(i64 %n, !459, !DIExpression(), !462)
    #dbg_value(i64 0, !460, !DIExpression(), !463)
  %cmp5 = icmp sgt i64 %n, 0, !dbg !464
  br i1 %cmp5, label %for.body.lr.ph, label %for.cond.cleanup, !dbg !466

for.body.lr.ph:                                   ; preds = %entry
  %_M_finish.i = getelementptr inbounds i8, ptr %v, i64 8
  %_M_end_of_storage.i = getelementptr inbounds i8, ptr %v, i64 16
  %.pre = load ptr, ptr %_M_finish.i, align 8, !dbg !467, !tbaa !124
  %.pre7 = load ptr, ptr %_M_end_of_storage.i, align 8, !dbg !479, !tbaa !214
  br label %for.body, !dbg !466

for.cond.cleanup:                                 ; preds = %_ZNSt6vectorIlSaIlEE9push_backERKl.exit, %entry
  ret void, !dbg !480

for.body:                                         ; preds = %for.body.lr.ph, %_ZNSt6vectorIlSaIlEE9push_backERKl.exit
  %0 = phi ptr [ %.pre7, %for.body.lr.ph ], [ %4, %_ZNSt6vectorIlSaIlEE9push_backERKl.exit ], !dbg !479
  %1 = phi ptr [ %.pre, %for.body.lr.ph ], [ %5, %_ZNSt6vectorIlSaIlEE9push_backERKl.exit ], !dbg !467
  %storemerge6 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %_ZNSt6vectorIlSaIlEE9push_backERKl.exit ]
    #dbg_value(ptr %v, !476, !DIExpression(), !481)
    #dbg_value(ptr undef, !477, !DIExpression(), !481)
  %cmp.not.i = icmp eq ptr %1, %0, !dbg !482
  br i1 %cmp.not.i, label %if.else.i, label %if.then.i, !dbg !483

if.then.i:                                        ; preds = %for.body
    #dbg_value(ptr %v, !484, !DIExpression(), !498)
    #dbg_value(ptr %1, !496, !DIExpression(), !498)
    #dbg_value(ptr undef, !497, !DIExpression(), !498)
    #dbg_value(ptr %v, !501, !DIExpression(), !509)
    #dbg_value(ptr %1, !507, !DIExpression(), !509)
    #dbg_value(ptr undef, !508, !DIExpression(), !509)
  store i64 %storemerge6, ptr %1, align 8, !dbg !511, !tbaa !252
  %incdec.ptr.i = getelementptr inbounds i8, ptr %1, i64 8, !dbg !512
  store ptr %incdec.ptr.i, ptr %_M_finish.i, align 8, !dbg !512, !tbaa !255
  br label %_ZNSt6vectorIlSaIlEE9push_backERKl.exit, !dbg !513

if.else.i:                                        ; preds = %for.body
    #dbg_value(ptr %1, !514, !DIExpression(), !529)
    #dbg_value(ptr %v, !521, !DIExpression(), !529)
    #dbg_value(ptr undef, !522, !DIExpression(), !529)
    #dbg_value(ptr %v, !278, !DIExpression(), !531)
    #dbg_value(i64 1, !286, !DIExpression(), !531)
    #dbg_value(ptr @.str, !287, !DIExpression(), !531)
    #dbg_value(ptr %v, !121, !DIExpression(), !533)
  %2 = load ptr, ptr %v, align 8, !dbg !535, !tbaa !124
  %sub.ptr.lhs.cast.i.i.i = ptrtoint ptr %0 to i64, !dbg !536
  %sub.ptr.rhs.cast.i.i.i = ptrtoint ptr %2 to i64, !dbg !536
  %sub.ptr.sub.i.i.i = sub i64 %sub.ptr.lhs.cast.i.i.i, %sub.ptr.rhs.cast.i.i.i, !dbg !536
  %cmp.i.i = icmp eq i64 %sub.ptr.sub.i.i.i, 9223372036854775800, !dbg !537
  br i1 %cmp.i.i, label %if.then.i.i, label %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i, !dbg !538

if.then.i.i:                                      ; preds = %if.else.i
  tail call void @_ZSt20__throw_length_errorPKc(ptr noundef nonnull @.str) #6, !dbg !539
  unreachable, !dbg !539

_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i:  ; preds = %if.else.i
  %sub.ptr.div.i.i.i = ashr exact i64 %sub.ptr.sub.i.i.i, 3, !dbg !536
    #dbg_value(ptr %v, !121, !DIExpression(), !540)
    #dbg_value(ptr %v, !121, !DIExpression(), !542)
  %.sroa.speculated.i.i = tail call i64 @llvm.umax.i64(i64 %sub.ptr.div.i.i.i, i64 1), !dbg !544
  %add.i.i = add nsw i64 %.sroa.speculated.i.i, %sub.ptr.div.i.i.i, !dbg !545
    #dbg_value(i64 %add.i.i, !288, !DIExpression(), !531)
    #dbg_value(ptr %v, !121, !DIExpression(), !546)
  %cmp7.i.i = icmp ult i64 %add.i.i, %sub.ptr.div.i.i.i, !dbg !548
  %3 = tail call i64 @llvm.umin.i64(i64 %add.i.i, i64 1152921504606846975), !dbg !549
  %cond.i.i = select i1 %cmp7.i.i, i64 1152921504606846975, i64 %3, !dbg !549
    #dbg_value(i64 %cond.i.i, !523, !DIExpression(), !529)
    #dbg_value(ptr %2, !524, !DIExpression(), !529)
    #dbg_value(ptr %1, !525, !DIExpression(), !529)
    #dbg_value(i64 %sub.ptr.div.i.i.i, !526, !DIExpression(), !529)
    #dbg_value(ptr %v, !307, !DIExpression(), !550)
    #dbg_value(i64 %cond.i.i, !314, !DIExpression(), !550)
  %cmp.not.i.i = icmp eq i64 %cond.i.i, 0, !dbg !552
  br i1 %cmp.not.i.i, label %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i, label %cond.true.i.i, !dbg !553

cond.true.i.i:                                    ; preds = %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i
    #dbg_value(ptr %v, !320, !DIExpression(), !554)
    #dbg_value(i64 %cond.i.i, !323, !DIExpression(), !554)
    #dbg_value(ptr %v, !326, !DIExpression(), !556)
    #dbg_value(i64 %cond.i.i, !333, !DIExpression(), !556)
    #dbg_value(ptr null, !334, !DIExpression(), !556)
  %mul.i.i.i.i = shl nuw nsw i64 %cond.i.i, 3, !dbg !558
  %call5.i.i.i.i = tail call noalias noundef nonnull ptr @_Znwm(i64 noundef %mul.i.i.i.i) #7, !dbg !559
  br label %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i, !dbg !553

_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i: ; preds = %cond.true.i.i, %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i
  %cond.i31.i = phi ptr [ %call5.i.i.i.i, %cond.true.i.i ], [ null, %_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc.exit.i ], !dbg !553
    #dbg_value(ptr %cond.i31.i, !527, !DIExpression(), !529)
    #dbg_value(ptr %cond.i31.i, !528, !DIExpression(), !529)
  %add.ptr.i = getelementptr inbounds i64, ptr %cond.i31.i, i64 %sub.ptr.div.i.i.i, !dbg !560
    #dbg_value(ptr %v, !484, !DIExpression(), !562)
    #dbg_value(ptr %add.ptr.i, !496, !DIExpression(), !562)
    #dbg_value(ptr undef, !497, !DIExpression(), !562)
    #dbg_value(ptr %v, !501, !DIExpression(), !564)
    #dbg_value(ptr %add.ptr.i, !507, !DIExpression(), !564)
    #dbg_value(ptr undef, !508, !DIExpression(), !564)
  store i64 %storemerge6, ptr %add.ptr.i, align 8, !dbg !566, !tbaa !252
    #dbg_value(ptr null, !528, !DIExpression(), !529)
    #dbg_value(ptr %2, !346, !DIExpression(), !567)
    #dbg_value(ptr %1, !360, !DIExpression(), !567)
    #dbg_value(ptr %cond.i31.i, !361, !DIExpression(), !567)
    #dbg_value(ptr %v, !362, !DIExpression(), !567)
    #dbg_value(ptr %2, !367, !DIExpression(), !571)
    #dbg_value(ptr %1, !373, !DIExpression(), !571)
    #dbg_value(ptr %cond.i31.i, !374, !DIExpression(), !571)
    #dbg_value(ptr %v, !375, !DIExpression(), !571)
    #dbg_value(ptr %2, !382, !DIExpression(), !573)
    #dbg_value(ptr %1, !394, !DIExpression(), !573)
    #dbg_value(ptr %cond.i31.i, !395, !DIExpression(), !573)
    #dbg_value(ptr %v, !396, !DIExpression(), !573)
    #dbg_value(i64 %sub.ptr.sub.i.i.i, !397, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !573)
  %cmp.i.i.i.i = icmp sgt i64 %sub.ptr.sub.i.i.i, 0, !dbg !575
  br i1 %cmp.i.i.i.i, label %if.then.i.i.i.i, label %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i, !dbg !576

if.then.i.i.i.i:                                  ; preds = %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i
  tail call void @llvm.memmove.p0.p0.i64(ptr nonnull align 8 %cond.i31.i, ptr align 8 %2, i64 %sub.ptr.sub.i.i.i, i1 false), !dbg !577
  br label %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i, !dbg !578

_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i: ; preds = %_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm.exit.i, %if.then.i.i.i.i
  %add.ptr.i.i.i.i = getelementptr inbounds i8, ptr %cond.i31.i, i64 %sub.ptr.sub.i.i.i, !dbg !579
    #dbg_value(ptr %add.ptr.i.i.i.i, !528, !DIExpression(), !529)
  %incdec.ptr.i1 = getelementptr inbounds i8, ptr %add.ptr.i.i.i.i, i64 8, !dbg !580
    #dbg_value(ptr %1, !346, !DIExpression(), !581)
    #dbg_value(ptr %1, !360, !DIExpression(), !581)
    #dbg_value(ptr %incdec.ptr.i1, !361, !DIExpression(), !581)
    #dbg_value(ptr %v, !362, !DIExpression(), !581)
    #dbg_value(ptr %1, !367, !DIExpression(), !583)
    #dbg_value(ptr %1, !373, !DIExpression(), !583)
    #dbg_value(ptr %incdec.ptr.i1, !374, !DIExpression(), !583)
    #dbg_value(ptr %v, !375, !DIExpression(), !583)
    #dbg_value(ptr %1, !382, !DIExpression(), !585)
    #dbg_value(ptr %1, !394, !DIExpression(), !585)
    #dbg_value(ptr %incdec.ptr.i1, !395, !DIExpression(), !585)
    #dbg_value(ptr %v, !396, !DIExpression(), !585)
    #dbg_value(i64 0, !397, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !585)
    #dbg_value(!DIArgList(ptr %incdec.ptr.i1, i64 0), !528, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !529)
    #dbg_value(ptr %v, !415, !DIExpression(), !587)
    #dbg_value(ptr %2, !421, !DIExpression(), !587)
    #dbg_value(!DIArgList(ptr poison, i64 poison), !422, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_minus, DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !587)
  %tobool.not.i.i = icmp eq ptr %2, null, !dbg !589
  br i1 %tobool.not.i.i, label %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit, label %if.then.i39.i, !dbg !590

if.then.i39.i:                                    ; preds = %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i
    #dbg_value(i64 %sub.ptr.sub.i.i.i, !422, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !587)
    #dbg_value(ptr %v, !428, !DIExpression(), !591)
    #dbg_value(ptr %2, !431, !DIExpression(), !591)
    #dbg_value(i64 %sub.ptr.sub.i.i.i, !432, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !591)
    #dbg_value(ptr %v, !435, !DIExpression(), !593)
    #dbg_value(ptr %2, !441, !DIExpression(), !593)
    #dbg_value(i64 %sub.ptr.sub.i.i.i, !442, !DIExpression(DW_OP_constu, 3, DW_OP_shra, DW_OP_stack_value), !593)
  tail call void @_ZdlPvm(ptr noundef nonnull %2, i64 noundef %sub.ptr.sub.i.i.i) #8, !dbg !595
  br label %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit, !dbg !596

_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit: ; preds = %_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_.exit38.i, %if.then.i39.i
    #dbg_value(ptr %incdec.ptr.i1, !528, !DIExpression(), !529)
  store ptr %cond.i31.i, ptr %v, align 8, !dbg !597, !tbaa !448
  store ptr %incdec.ptr.i1, ptr %_M_finish.i, align 8, !dbg !598, !tbaa !255
  %add.ptr19.i = getelementptr inbounds i64, ptr %cond.i31.i, i64 %cond.i.i, !dbg !599
  store ptr %add.ptr19.i, ptr %_M_end_of_storage.i, align 8, !dbg !600, !tbaa !214
  br label %_ZNSt6vectorIlSaIlEE9push_backERKl.exit

_ZNSt6vectorIlSaIlEE9push_backERKl.exit:          ; preds = %if.then.i, %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit
  %4 = phi ptr [ %0, %if.then.i ], [ %add.ptr19.i, %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit ]
  %5 = phi ptr [ %incdec.ptr.i, %if.then.i ], [ %incdec.ptr.i1, %_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_.exit ]
  %inc = add nuw nsw i64 %storemerge6, 1, !dbg !601
    #dbg_value(i64 %storemerge6, !460, !DIExpression(), !463)
  %exitcond.not = icmp eq i64 %inc, %n, !dbg !464
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !466, !llvm.loop !602
}

; Function Attrs: noreturn
declare !dbg !604 void @_ZSt20__throw_length_errorPKc(ptr noundef) local_unnamed_addr #1

declare i32 @__gxx_personality_v0(...)

; Function Attrs: nobuiltin allocsize(0)
declare noundef nonnull ptr @_Znwm(i64 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg) #3

; Function Attrs: nobuiltin nounwind
declare void @_ZdlPvm(ptr noundef, i64 noundef) local_unnamed_addr #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umax.i64(i64, i64) #5

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umin.i64(i64, i64) #5

attributes #0 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { noreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nobuiltin allocsize(0) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nobuiltin nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { noreturn }
attributes #7 = { builtin allocsize(0) }
attributes #8 = { builtin nounwind }

!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!91, !92, !93, !94, !95, !96, !97}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 449, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/vector.tcc", directory: ".", checksumkind: CSK_MD5, checksum: "702d153ab458d0b16d6f5b626a017649")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 208, elements: !6)
!4 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !5)
!5 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!6 = !{!7}
!7 = !DISubrange(count: 26)
!8 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !9, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !10, globals: !85, imports: !86, splitDebugInlining: false, nameTableKind: None)
!9 = !DIFile(filename: "inlined-callee.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "31f061b3dd07c6c370eaea86f5b5c79a")
!10 = !{!11, !12, !18, !14, !19, !83, !26, !21}
!11 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!12 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", file: !13, line: 458, baseType: !14, flags: DIFlagPublic)
!13 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h", directory: ".", checksumkind: CSK_MD5, checksum: "8db44c3d22440641ac1ba040d9370a58")
!14 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", scope: !16, file: !15, line: 298, baseType: !17)
!15 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/x86_64-linux-gnu/c++/12/bits/c++config.h", directory: ".", checksumkind: CSK_MD5, checksum: "abdf1e7c43540a32b508ae209704da66")
!16 = !DINamespace(name: "std", scope: null)
!17 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!19 = !DIDerivedType(tag: DW_TAG_typedef, name: "iterator", scope: !20, file: !13, line: 453, baseType: !21, flags: DIFlagPublic)
!20 = !DICompositeType(tag: DW_TAG_class_type, name: "vector<long, std::allocator<long> >", scope: !16, file: !13, line: 423, size: 192, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt6vectorIlSaIlEE")
!21 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "__normal_iterator<long *, std::vector<long, std::allocator<long> > >", scope: !23, file: !22, line: 1043, size: 64, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !24, templateParams: !81, identifier: "_ZTSN9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEE")
!22 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_iterator.h", directory: ".", checksumkind: CSK_MD5, checksum: "bea55f548d6c981fe14b47f481b3c513")
!23 = !DINamespace(name: "__gnu_cxx", scope: null)
!24 = !{!25, !27, !31, !36, !49, !54, !58, !62, !63, !64, !70, !73, !76, !77, !78}
!25 = !DIDerivedType(tag: DW_TAG_member, name: "_M_current", scope: !21, file: !22, line: 1046, baseType: !26, size: 64, flags: DIFlagProtected)
!26 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !11, size: 64)
!27 = !DISubprogram(name: "__normal_iterator", scope: !21, file: !22, line: 1068, type: !28, scopeLine: 1068, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!28 = !DISubroutineType(types: !29)
!29 = !{null, !30}
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !21, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!31 = !DISubprogram(name: "__normal_iterator", scope: !21, file: !22, line: 1072, type: !32, scopeLine: 1072, flags: DIFlagPublic | DIFlagExplicit | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!32 = !DISubroutineType(types: !33)
!33 = !{null, !30, !34}
!34 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !35, size: 64)
!35 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !26)
!36 = !DISubprogram(name: "operator*", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEdeEv", scope: !21, file: !22, line: 1095, type: !37, scopeLine: 1095, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!37 = !DISubroutineType(types: !38)
!38 = !{!39, !47}
!39 = !DIDerivedType(tag: DW_TAG_typedef, name: "reference", scope: !21, file: !22, line: 1061, baseType: !40, flags: DIFlagPublic)
!40 = !DIDerivedType(tag: DW_TAG_typedef, name: "reference", scope: !42, file: !41, line: 216, baseType: !46)
!41 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_iterator_base_types.h", directory: ".")
!42 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "iterator_traits<long *>", scope: !16, file: !41, line: 210, size: 8, flags: DIFlagTypePassByValue, elements: !43, templateParams: !44, identifier: "_ZTSSt15iterator_traitsIPlE")
!43 = !{}
!44 = !{!45}
!45 = !DITemplateTypeParameter(name: "_Iterator", type: !26)
!46 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !11, size: 64)
!47 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !48, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!48 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !21)
!49 = !DISubprogram(name: "operator->", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEptEv", scope: !21, file: !22, line: 1100, type: !50, scopeLine: 1100, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!50 = !DISubroutineType(types: !51)
!51 = !{!52, !47}
!52 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !21, file: !22, line: 1062, baseType: !53, flags: DIFlagPublic)
!53 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !42, file: !41, line: 215, baseType: !26)
!54 = !DISubprogram(name: "operator++", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEppEv", scope: !21, file: !22, line: 1105, type: !55, scopeLine: 1105, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!55 = !DISubroutineType(types: !56)
!56 = !{!57, !30}
!57 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !21, size: 64)
!58 = !DISubprogram(name: "operator++", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEppEi", scope: !21, file: !22, line: 1113, type: !59, scopeLine: 1113, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!59 = !DISubroutineType(types: !60)
!60 = !{!21, !30, !61}
!61 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!62 = !DISubprogram(name: "operator--", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEmmEv", scope: !21, file: !22, line: 1119, type: !55, scopeLine: 1119, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!63 = !DISubprogram(name: "operator--", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEmmEi", scope: !21, file: !22, line: 1127, type: !59, scopeLine: 1127, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!64 = !DISubprogram(name: "operator[]", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEixEl", scope: !21, file: !22, line: 1133, type: !65, scopeLine: 1133, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!65 = !DISubroutineType(types: !66)
!66 = !{!39, !47, !67}
!67 = !DIDerivedType(tag: DW_TAG_typedef, name: "difference_type", scope: !21, file: !22, line: 1060, baseType: !68, flags: DIFlagPublic)
!68 = !DIDerivedType(tag: DW_TAG_typedef, name: "difference_type", scope: !42, file: !41, line: 214, baseType: !69)
!69 = !DIDerivedType(tag: DW_TAG_typedef, name: "ptrdiff_t", scope: !16, file: !15, line: 299, baseType: !11)
!70 = !DISubprogram(name: "operator+=", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEpLEl", scope: !21, file: !22, line: 1138, type: !71, scopeLine: 1138, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!71 = !DISubroutineType(types: !72)
!72 = !{!57, !30, !67}
!73 = !DISubprogram(name: "operator+", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEplEl", scope: !21, file: !22, line: 1143, type: !74, scopeLine: 1143, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!74 = !DISubroutineType(types: !75)
!75 = !{!21, !47, !67}
!76 = !DISubprogram(name: "operator-=", linkageName: "_ZN9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEmIEl", scope: !21, file: !22, line: 1148, type: !71, scopeLine: 1148, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!77 = !DISubprogram(name: "operator-", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEEmiEl", scope: !21, file: !22, line: 1153, type: !74, scopeLine: 1153, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!78 = !DISubprogram(name: "base", linkageName: "_ZNK9__gnu_cxx17__normal_iteratorIPlSt6vectorIlSaIlEEE4baseEv", scope: !21, file: !22, line: 1158, type: !79, scopeLine: 1158, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!79 = !DISubroutineType(types: !80)
!80 = !{!34, !47}
!81 = !{!45, !82}
!82 = !DITemplateTypeParameter(name: "_Container", type: !20)
!83 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !84, size: 64)
!84 = !DIDerivedType(tag: DW_TAG_const_type, baseType: null)
!85 = !{!0}
!86 = !{!87}
!87 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !88, entity: !89, file: !90, line: 58)
!88 = !DINamespace(name: "__gnu_debug", scope: null)
!89 = !DINamespace(name: "__debug", scope: !16)
!90 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/debug/debug.h", directory: ".", checksumkind: CSK_MD5, checksum: "09fce61e0085ea92b4bd81d6cd4dcc16")
!91 = !{i32 7, !"Dwarf Version", i32 5}
!92 = !{i32 2, !"Debug Info Version", i32 3}
!93 = !{i32 1, !"wchar_size", i32 4}
!94 = !{i32 8, !"PIC Level", i32 2}
!95 = !{i32 7, !"PIE Level", i32 2}
!96 = !{i32 7, !"uwtable", i32 2}
!97 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!98 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!99 = distinct !DISubprogram(name: "fill", linkageName: "_Z4fillRSt6vectorIlSaIlEEl", scope: !9, file: !9, line: 16, type: !100, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, retainedNodes: !103)
!100 = !DISubroutineType(types: !101)
!101 = !{null, !102, !11}
!102 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !20, size: 64)
!103 = !{!104, !105, !106}
!104 = !DILocalVariable(name: "v", arg: 1, scope: !99, file: !9, line: 16, type: !102)
!105 = !DILocalVariable(name: "n", arg: 2, scope: !99, file: !9, line: 16, type: !11)
!106 = !DILocalVariable(name: "i", scope: !107, file: !9, line: 17, type: !11)
!107 = distinct !DILexicalBlock(scope: !99, file: !9, line: 17, column: 3)
!108 = !DILocation(line: 0, scope: !99)
!109 = !DILocation(line: 0, scope: !107)
!110 = !DILocation(line: 17, column: 22, scope: !111)
!111 = distinct !DILexicalBlock(scope: !107, file: !9, line: 17, column: 3)
!112 = !DILocation(line: 17, column: 3, scope: !107)
!113 = !DILocation(line: 988, column: 40, scope: !114, inlinedAt: !123)
!114 = distinct !DISubprogram(name: "size", linkageName: "_ZNKSt6vectorIlSaIlEE4sizeEv", scope: !20, file: !13, line: 987, type: !115, scopeLine: 988, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !119, retainedNodes: !120)
!115 = !DISubroutineType(types: !116)
!116 = !{!12, !117}
!117 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !118, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!118 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !20)
!119 = !DISubprogram(name: "size", linkageName: "_ZNKSt6vectorIlSaIlEE4sizeEv", scope: !20, file: !13, line: 987, type: !115, scopeLine: 987, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!120 = !{!121}
!121 = !DILocalVariable(name: "this", arg: 1, scope: !114, type: !122, flags: DIFlagArtificial | DIFlagObjectPointer)
!122 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !118, size: 64)
!123 = distinct !DILocation(line: 18, column: 29, scope: !111)
!124 = !{!125, !125, i64 0}
!125 = !{!"any pointer", !126, i64 0}
!126 = !{!"omnipotent char", !127, i64 0}
!127 = !{!"Simple C++ TBAA"}
!128 = !DILocation(line: 988, column: 66, scope: !114, inlinedAt: !123)
!129 = !DILocation(line: 114, column: 47, scope: !130, inlinedAt: !203)
!130 = distinct !DILexicalBlock(scope: !131, file: !2, line: 114, column: 6)
!131 = distinct !DISubprogram(name: "emplace_back<long>", linkageName: "_ZNSt6vectorIlSaIlEE12emplace_backIJlEEERlDpOT_", scope: !20, file: !2, line: 112, type: !132, scopeLine: 113, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !195, declaration: !194, retainedNodes: !199)
!132 = !DISubroutineType(types: !133)
!133 = !{!134, !192, !193}
!134 = !DIDerivedType(tag: DW_TAG_typedef, name: "reference", scope: !20, file: !13, line: 451, baseType: !135, flags: DIFlagPublic)
!135 = !DIDerivedType(tag: DW_TAG_typedef, name: "reference", scope: !137, file: !136, line: 62, baseType: !189)
!136 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/ext/alloc_traits.h", directory: ".")
!137 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__alloc_traits<std::allocator<long>, long>", scope: !23, file: !136, line: 48, size: 8, flags: DIFlagTypePassByValue, elements: !138, templateParams: !187, identifier: "_ZTSN9__gnu_cxx14__alloc_traitsISaIlElEE")
!138 = !{!139, !170, !175, !179, !183, !184, !185, !186}
!139 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !137, baseType: !140, extraData: i32 0)
!140 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "allocator_traits<std::allocator<long> >", scope: !16, file: !141, line: 411, size: 8, flags: DIFlagTypePassByValue, elements: !142, templateParams: !168, identifier: "_ZTSSt16allocator_traitsISaIlEE")
!141 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/alloc_traits.h", directory: ".", checksumkind: CSK_MD5, checksum: "fd441eaab0a8965f7012f98a3edcbb86")
!142 = !{!143, !152, !156, !159, !165}
!143 = !DISubprogram(name: "allocate", linkageName: "_ZNSt16allocator_traitsISaIlEE8allocateERS0_m", scope: !140, file: !141, line: 463, type: !144, scopeLine: 463, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!144 = !DISubroutineType(types: !145)
!145 = !{!146, !147, !151}
!146 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !140, file: !141, line: 420, baseType: !26)
!147 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !148, size: 64)
!148 = !DIDerivedType(tag: DW_TAG_typedef, name: "allocator_type", scope: !140, file: !141, line: 414, baseType: !149)
!149 = !DICompositeType(tag: DW_TAG_class_type, name: "allocator<long>", scope: !16, file: !150, line: 124, size: 8, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSaIlE")
!150 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/allocator.h", directory: ".", checksumkind: CSK_MD5, checksum: "6fa856a93062ce2b39cf0c9a3a6a3468")
!151 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", file: !141, line: 435, baseType: !14)
!152 = !DISubprogram(name: "allocate", linkageName: "_ZNSt16allocator_traitsISaIlEE8allocateERS0_mPKv", scope: !140, file: !141, line: 477, type: !153, scopeLine: 477, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!153 = !DISubroutineType(types: !154)
!154 = !{!146, !147, !151, !155}
!155 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_void_pointer", file: !141, line: 429, baseType: !83)
!156 = !DISubprogram(name: "deallocate", linkageName: "_ZNSt16allocator_traitsISaIlEE10deallocateERS0_Plm", scope: !140, file: !141, line: 495, type: !157, scopeLine: 495, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!157 = !DISubroutineType(types: !158)
!158 = !{null, !147, !146, !151}
!159 = !DISubprogram(name: "max_size", linkageName: "_ZNSt16allocator_traitsISaIlEE8max_sizeERKS0_", scope: !140, file: !141, line: 547, type: !160, scopeLine: 547, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!160 = !DISubroutineType(types: !161)
!161 = !{!162, !163}
!162 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", scope: !140, file: !141, line: 435, baseType: !14)
!163 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !164, size: 64)
!164 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !148)
!165 = !DISubprogram(name: "select_on_container_copy_construction", linkageName: "_ZNSt16allocator_traitsISaIlEE37select_on_container_copy_constructionERKS0_", scope: !140, file: !141, line: 562, type: !166, scopeLine: 562, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!166 = !DISubroutineType(types: !167)
!167 = !{!148, !163}
!168 = !{!169}
!169 = !DITemplateTypeParameter(name: "_Alloc", type: !149)
!170 = !DISubprogram(name: "_S_select_on_copy", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE17_S_select_on_copyERKS1_", scope: !137, file: !136, line: 97, type: !171, scopeLine: 97, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!171 = !DISubroutineType(types: !172)
!172 = !{!149, !173}
!173 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !174, size: 64)
!174 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !149)
!175 = !DISubprogram(name: "_S_on_swap", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE10_S_on_swapERS1_S3_", scope: !137, file: !136, line: 100, type: !176, scopeLine: 100, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!176 = !DISubroutineType(types: !177)
!177 = !{null, !178, !178}
!178 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !149, size: 64)
!179 = !DISubprogram(name: "_S_propagate_on_copy_assign", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE27_S_propagate_on_copy_assignEv", scope: !137, file: !136, line: 103, type: !180, scopeLine: 103, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!180 = !DISubroutineType(types: !181)
!181 = !{!182}
!182 = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
!183 = !DISubprogram(name: "_S_propagate_on_move_assign", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE27_S_propagate_on_move_assignEv", scope: !137, file: !136, line: 106, type: !180, scopeLine: 106, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!184 = !DISubprogram(name: "_S_propagate_on_swap", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE20_S_propagate_on_swapEv", scope: !137, file: !136, line: 109, type: !180, scopeLine: 109, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!185 = !DISubprogram(name: "_S_always_equal", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE15_S_always_equalEv", scope: !137, file: !136, line: 112, type: !180, scopeLine: 112, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!186 = !DISubprogram(name: "_S_nothrow_move", linkageName: "_ZN9__gnu_cxx14__alloc_traitsISaIlElE15_S_nothrow_moveEv", scope: !137, file: !136, line: 115, type: !180, scopeLine: 115, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!187 = !{!169, !188}
!188 = !DITemplateTypeParameter(type: !11, defaulted: true)
!189 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !190, size: 64)
!190 = !DIDerivedType(tag: DW_TAG_typedef, name: "value_type", scope: !137, file: !136, line: 56, baseType: !191)
!191 = !DIDerivedType(tag: DW_TAG_typedef, name: "value_type", scope: !140, file: !141, line: 417, baseType: !11)
!192 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!193 = !DIDerivedType(tag: DW_TAG_rvalue_reference_type, baseType: !11, size: 64)
!194 = !DISubprogram(name: "emplace_back<long>", linkageName: "_ZNSt6vectorIlSaIlEE12emplace_backIJlEEERlDpOT_", scope: !20, file: !2, line: 112, type: !132, scopeLine: 112, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized, templateParams: !195)
!195 = !{!196}
!196 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "_Args", value: !197)
!197 = !{!198}
!198 = !DITemplateTypeParameter(type: !11)
!199 = !{!200, !202}
!200 = !DILocalVariable(name: "this", arg: 1, scope: !131, type: !201, flags: DIFlagArtificial | DIFlagObjectPointer)
!201 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64)
!202 = !DILocalVariable(name: "__args", arg: 2, scope: !131, file: !13, line: 1303, type: !193)
!203 = distinct !DILocation(line: 1294, column: 9, scope: !204, inlinedAt: !213)
!204 = distinct !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backEOl", scope: !20, file: !13, line: 1293, type: !205, scopeLine: 1294, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !209, retainedNodes: !210)
!205 = !DISubroutineType(types: !206)
!206 = !{null, !192, !207}
!207 = !DIDerivedType(tag: DW_TAG_rvalue_reference_type, baseType: !208, size: 64)
!208 = !DIDerivedType(tag: DW_TAG_typedef, name: "value_type", scope: !20, file: !13, line: 448, baseType: !11, flags: DIFlagPublic)
!209 = !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backEOl", scope: !20, file: !13, line: 1293, type: !205, scopeLine: 1293, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!210 = !{!211, !212}
!211 = !DILocalVariable(name: "this", arg: 1, scope: !204, type: !201, flags: DIFlagArtificial | DIFlagObjectPointer)
!212 = !DILocalVariable(name: "__x", arg: 2, scope: !204, file: !13, line: 1293, type: !207)
!213 = distinct !DILocation(line: 18, column: 7, scope: !111)
!214 = !{!215, !125, i64 16}
!215 = !{!"_ZTSNSt12_Vector_baseIlSaIlEE17_Vector_impl_dataE", !125, i64 0, !125, i64 8, !125, i64 16}
!216 = !DILocation(line: 19, column: 1, scope: !99)
!217 = !DILocation(line: 0, scope: !114, inlinedAt: !123)
!218 = !DILocation(line: 988, column: 50, scope: !114, inlinedAt: !123)
!219 = !DILocation(line: 18, column: 19, scope: !111)
!220 = !DILocation(line: 0, scope: !204, inlinedAt: !213)
!221 = !DILocation(line: 0, scope: !131, inlinedAt: !203)
!222 = !DILocation(line: 114, column: 30, scope: !130, inlinedAt: !203)
!223 = !DILocation(line: 114, column: 6, scope: !131, inlinedAt: !203)
!224 = !DILocalVariable(name: "__a", arg: 1, scope: !225, file: !141, line: 511, type: !147)
!225 = distinct !DISubprogram(name: "construct<long, long>", linkageName: "_ZNSt16allocator_traitsISaIlEE9constructIlJlEEEvRS0_PT_DpOT0_", scope: !140, file: !141, line: 511, type: !226, scopeLine: 514, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !229, declaration: !228, retainedNodes: !231)
!226 = !DISubroutineType(types: !227)
!227 = !{null, !147, !26, !193}
!228 = !DISubprogram(name: "construct<long, long>", linkageName: "_ZNSt16allocator_traitsISaIlEE9constructIlJlEEEvRS0_PT_DpOT0_", scope: !140, file: !141, line: 511, type: !226, scopeLine: 511, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized, templateParams: !229)
!229 = !{!230, !196}
!230 = !DITemplateTypeParameter(name: "_Up", type: !11)
!231 = !{!224, !232, !233}
!232 = !DILocalVariable(name: "__p", arg: 2, scope: !225, file: !141, line: 511, type: !26)
!233 = !DILocalVariable(name: "__args", arg: 3, scope: !225, file: !141, line: 512, type: !193)
!234 = !DILocation(line: 0, scope: !225, inlinedAt: !235)
!235 = distinct !DILocation(line: 117, column: 6, scope: !236, inlinedAt: !203)
!236 = distinct !DILexicalBlock(scope: !130, file: !2, line: 115, column: 4)
!237 = !DILocalVariable(name: "this", arg: 1, scope: !238, type: !248, flags: DIFlagArtificial | DIFlagObjectPointer)
!238 = distinct !DISubprogram(name: "construct<long, long>", linkageName: "_ZNSt15__new_allocatorIlE9constructIlJlEEEvPT_DpOT0_", scope: !240, file: !239, line: 173, type: !241, scopeLine: 175, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !229, declaration: !244, retainedNodes: !245)
!239 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/new_allocator.h", directory: ".", checksumkind: CSK_MD5, checksum: "6b069d101319ece6de3732b658fb1d77")
!240 = !DICompositeType(tag: DW_TAG_class_type, name: "__new_allocator<long>", scope: !16, file: !239, line: 56, size: 8, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt15__new_allocatorIlE")
!241 = !DISubroutineType(types: !242)
!242 = !{null, !243, !26, !193}
!243 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !240, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!244 = !DISubprogram(name: "construct<long, long>", linkageName: "_ZNSt15__new_allocatorIlE9constructIlJlEEEvPT_DpOT0_", scope: !240, file: !239, line: 173, type: !241, scopeLine: 173, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized, templateParams: !229)
!245 = !{!237, !246, !247}
!246 = !DILocalVariable(name: "__p", arg: 2, scope: !238, file: !239, line: 173, type: !26)
!247 = !DILocalVariable(name: "__args", arg: 3, scope: !238, file: !239, line: 173, type: !193)
!248 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !240, size: 64)
!249 = !DILocation(line: 0, scope: !238, inlinedAt: !250)
!250 = distinct !DILocation(line: 516, column: 8, scope: !225, inlinedAt: !235)
!251 = !DILocation(line: 175, column: 4, scope: !238, inlinedAt: !250)
!252 = !{!253, !253, i64 0}
!253 = !{!"long", !126, i64 0}
!254 = !DILocation(line: 119, column: 6, scope: !236, inlinedAt: !203)
!255 = !{!215, !125, i64 8}
!256 = !DILocation(line: 121, column: 4, scope: !236, inlinedAt: !203)
!257 = !DILocalVariable(name: "__position", arg: 2, scope: !258, file: !13, line: 1868, type: !19)
!258 = distinct !DISubprogram(name: "_M_realloc_insert<long>", linkageName: "_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_", scope: !20, file: !2, line: 440, type: !259, scopeLine: 447, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !195, declaration: !261, retainedNodes: !262)
!259 = !DISubroutineType(types: !260)
!260 = !{null, !192, !19, !193}
!261 = !DISubprogram(name: "_M_realloc_insert<long>", linkageName: "_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_", scope: !20, file: !2, line: 440, type: !259, scopeLine: 440, flags: DIFlagProtected | DIFlagPrototyped, spFlags: DISPFlagOptimized, templateParams: !195)
!262 = !{!263, !257, !264, !265, !267, !272, !273, !274, !275}
!263 = !DILocalVariable(name: "this", arg: 1, scope: !258, type: !201, flags: DIFlagArtificial | DIFlagObjectPointer)
!264 = !DILocalVariable(name: "__args", arg: 3, scope: !258, file: !13, line: 1868, type: !193)
!265 = !DILocalVariable(name: "__len", scope: !258, file: !2, line: 448, type: !266)
!266 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !12)
!267 = !DILocalVariable(name: "__old_start", scope: !258, file: !2, line: 450, type: !268)
!268 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !20, file: !13, line: 449, baseType: !269, flags: DIFlagPublic)
!269 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !270, file: !13, line: 90, baseType: !271)
!270 = !DICompositeType(tag: DW_TAG_structure_type, name: "_Vector_base<long, std::allocator<long> >", scope: !16, file: !13, line: 85, size: 192, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt12_Vector_baseIlSaIlEE")
!271 = !DIDerivedType(tag: DW_TAG_typedef, name: "pointer", scope: !137, file: !136, line: 57, baseType: !146)
!272 = !DILocalVariable(name: "__old_finish", scope: !258, file: !2, line: 451, type: !268)
!273 = !DILocalVariable(name: "__elems_before", scope: !258, file: !2, line: 452, type: !266)
!274 = !DILocalVariable(name: "__new_start", scope: !258, file: !2, line: 453, type: !268)
!275 = !DILocalVariable(name: "__new_finish", scope: !258, file: !2, line: 454, type: !268)
!276 = !DILocation(line: 0, scope: !258, inlinedAt: !277)
!277 = distinct !DILocation(line: 123, column: 4, scope: !130, inlinedAt: !203)
!278 = !DILocalVariable(name: "this", arg: 1, scope: !279, type: !122, flags: DIFlagArtificial | DIFlagObjectPointer)
!279 = distinct !DISubprogram(name: "_M_check_len", linkageName: "_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc", scope: !20, file: !13, line: 1891, type: !280, scopeLine: 1892, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !284, retainedNodes: !285)
!280 = !DISubroutineType(types: !281)
!281 = !{!282, !117, !12, !283}
!282 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", scope: !20, file: !13, line: 458, baseType: !14, flags: DIFlagPublic)
!283 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64)
!284 = !DISubprogram(name: "_M_check_len", linkageName: "_ZNKSt6vectorIlSaIlEE12_M_check_lenEmPKc", scope: !20, file: !13, line: 1891, type: !280, scopeLine: 1891, flags: DIFlagProtected | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!285 = !{!278, !286, !287, !288}
!286 = !DILocalVariable(name: "__n", arg: 2, scope: !279, file: !13, line: 1891, type: !12)
!287 = !DILocalVariable(name: "__s", arg: 3, scope: !279, file: !13, line: 1891, type: !283)
!288 = !DILocalVariable(name: "__len", scope: !279, file: !13, line: 1896, type: !266)
!289 = !DILocation(line: 0, scope: !279, inlinedAt: !290)
!290 = distinct !DILocation(line: 449, column: 2, scope: !258, inlinedAt: !277)
!291 = !DILocation(line: 0, scope: !114, inlinedAt: !292)
!292 = distinct !DILocation(line: 1893, column: 19, scope: !293, inlinedAt: !290)
!293 = distinct !DILexicalBlock(scope: !279, file: !13, line: 1893, column: 6)
!294 = !DILocation(line: 1893, column: 26, scope: !293, inlinedAt: !290)
!295 = !DILocation(line: 1893, column: 6, scope: !279, inlinedAt: !290)
!296 = !DILocation(line: 1894, column: 4, scope: !293, inlinedAt: !290)
!297 = !DILocation(line: 0, scope: !114, inlinedAt: !298)
!298 = distinct !DILocation(line: 1896, column: 26, scope: !279, inlinedAt: !290)
!299 = !DILocation(line: 0, scope: !114, inlinedAt: !300)
!300 = distinct !DILocation(line: 1896, column: 46, scope: !279, inlinedAt: !290)
!301 = !DILocation(line: 1896, column: 35, scope: !279, inlinedAt: !290)
!302 = !DILocation(line: 1896, column: 33, scope: !279, inlinedAt: !290)
!303 = !DILocation(line: 0, scope: !114, inlinedAt: !304)
!304 = distinct !DILocation(line: 1897, column: 18, scope: !279, inlinedAt: !290)
!305 = !DILocation(line: 1897, column: 16, scope: !279, inlinedAt: !290)
!306 = !DILocation(line: 1897, column: 25, scope: !279, inlinedAt: !290)
!307 = !DILocalVariable(name: "this", arg: 1, scope: !308, type: !315, flags: DIFlagArtificial | DIFlagObjectPointer)
!308 = distinct !DISubprogram(name: "_M_allocate", linkageName: "_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm", scope: !270, file: !13, line: 375, type: !309, scopeLine: 376, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !312, retainedNodes: !313)
!309 = !DISubroutineType(types: !310)
!310 = !{!269, !311, !14}
!311 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !270, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!312 = !DISubprogram(name: "_M_allocate", linkageName: "_ZNSt12_Vector_baseIlSaIlEE11_M_allocateEm", scope: !270, file: !13, line: 375, type: !309, scopeLine: 375, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!313 = !{!307, !314}
!314 = !DILocalVariable(name: "__n", arg: 2, scope: !308, file: !13, line: 375, type: !14)
!315 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !270, size: 64)
!316 = !DILocation(line: 0, scope: !308, inlinedAt: !317)
!317 = distinct !DILocation(line: 453, column: 33, scope: !258, inlinedAt: !277)
!318 = !DILocation(line: 378, column: 13, scope: !308, inlinedAt: !317)
!319 = !DILocation(line: 378, column: 9, scope: !308, inlinedAt: !317)
!320 = !DILocalVariable(name: "__a", arg: 1, scope: !321, file: !141, line: 463, type: !147)
!321 = distinct !DISubprogram(name: "allocate", linkageName: "_ZNSt16allocator_traitsISaIlEE8allocateERS0_m", scope: !140, file: !141, line: 463, type: !144, scopeLine: 464, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !143, retainedNodes: !322)
!322 = !{!320, !323}
!323 = !DILocalVariable(name: "__n", arg: 2, scope: !321, file: !141, line: 463, type: !151)
!324 = !DILocation(line: 0, scope: !321, inlinedAt: !325)
!325 = distinct !DILocation(line: 378, column: 20, scope: !308, inlinedAt: !317)
!326 = !DILocalVariable(name: "this", arg: 1, scope: !327, type: !248, flags: DIFlagArtificial | DIFlagObjectPointer)
!327 = distinct !DISubprogram(name: "allocate", linkageName: "_ZNSt15__new_allocatorIlE8allocateEmPKv", scope: !240, file: !239, line: 112, type: !328, scopeLine: 113, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !331, retainedNodes: !332)
!328 = !DISubroutineType(types: !329)
!329 = !{!26, !243, !330, !83}
!330 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_type", file: !239, line: 60, baseType: !14, flags: DIFlagPublic)
!331 = !DISubprogram(name: "allocate", linkageName: "_ZNSt15__new_allocatorIlE8allocateEmPKv", scope: !240, file: !239, line: 112, type: !328, scopeLine: 112, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!332 = !{!326, !333, !334}
!333 = !DILocalVariable(name: "__n", arg: 2, scope: !327, file: !239, line: 112, type: !330)
!334 = !DILocalVariable(arg: 3, scope: !327, file: !239, line: 112, type: !83)
!335 = !DILocation(line: 0, scope: !327, inlinedAt: !336)
!336 = distinct !DILocation(line: 464, column: 20, scope: !321, inlinedAt: !325)
!337 = !DILocation(line: 137, column: 53, scope: !327, inlinedAt: !336)
!338 = !DILocation(line: 137, column: 27, scope: !327, inlinedAt: !336)
!339 = !DILocation(line: 463, column: 20, scope: !340, inlinedAt: !277)
!340 = distinct !DILexicalBlock(scope: !258, file: !2, line: 456, column: 2)
!341 = !DILocation(line: 0, scope: !225, inlinedAt: !342)
!342 = distinct !DILocation(line: 462, column: 4, scope: !340, inlinedAt: !277)
!343 = !DILocation(line: 0, scope: !238, inlinedAt: !344)
!344 = distinct !DILocation(line: 516, column: 8, scope: !225, inlinedAt: !342)
!345 = !DILocation(line: 175, column: 4, scope: !238, inlinedAt: !344)
!346 = !DILocalVariable(name: "__first", arg: 1, scope: !347, file: !13, line: 499, type: !268)
!347 = distinct !DISubprogram(name: "_S_relocate", linkageName: "_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_", scope: !20, file: !13, line: 499, type: !348, scopeLine: 501, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !358, retainedNodes: !359)
!348 = !DISubroutineType(types: !349)
!349 = !{!268, !268, !268, !268, !350}
!350 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !351, size: 64)
!351 = !DIDerivedType(tag: DW_TAG_typedef, name: "_Tp_alloc_type", scope: !20, file: !13, line: 444, baseType: !352)
!352 = !DIDerivedType(tag: DW_TAG_typedef, name: "_Tp_alloc_type", scope: !270, file: !13, line: 88, baseType: !353)
!353 = !DIDerivedType(tag: DW_TAG_typedef, name: "other", scope: !354, file: !136, line: 120, baseType: !357)
!354 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "rebind<long>", scope: !137, file: !136, line: 119, size: 8, flags: DIFlagTypePassByValue, elements: !43, templateParams: !355, identifier: "_ZTSN9__gnu_cxx14__alloc_traitsISaIlElE6rebindIlEE")
!355 = !{!356}
!356 = !DITemplateTypeParameter(name: "_Tp", type: !11)
!357 = !DIDerivedType(tag: DW_TAG_typedef, name: "template rebind_alloc<long>", scope: !140, file: !141, line: 450, baseType: !149)
!358 = !DISubprogram(name: "_S_relocate", linkageName: "_ZNSt6vectorIlSaIlEE11_S_relocateEPlS2_S2_RS0_", scope: !20, file: !13, line: 499, type: !348, scopeLine: 499, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized)
!359 = !{!346, !360, !361, !362}
!360 = !DILocalVariable(name: "__last", arg: 2, scope: !347, file: !13, line: 499, type: !268)
!361 = !DILocalVariable(name: "__result", arg: 3, scope: !347, file: !13, line: 499, type: !268)
!362 = !DILocalVariable(name: "__alloc", arg: 4, scope: !347, file: !13, line: 500, type: !350)
!363 = !DILocation(line: 0, scope: !347, inlinedAt: !364)
!364 = distinct !DILocation(line: 474, column: 23, scope: !365, inlinedAt: !277)
!365 = distinct !DILexicalBlock(scope: !366, file: !2, line: 473, column: 6)
!366 = distinct !DILexicalBlock(scope: !340, file: !2, line: 472, column: 29)
!367 = !DILocalVariable(name: "__first", arg: 1, scope: !368, file: !369, line: 1127, type: !26)
!368 = distinct !DISubprogram(name: "__relocate_a<long *, long *, std::allocator<long> >", linkageName: "_ZSt12__relocate_aIPlS0_SaIlEET0_T_S3_S2_RT1_", scope: !16, file: !369, line: 1127, type: !370, scopeLine: 1132, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !376, retainedNodes: !372)
!369 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_uninitialized.h", directory: ".", checksumkind: CSK_MD5, checksum: "76b804c7705a952d454f754eea890c01")
!370 = !DISubroutineType(types: !371)
!371 = !{!26, !26, !26, !26, !178}
!372 = !{!367, !373, !374, !375}
!373 = !DILocalVariable(name: "__last", arg: 2, scope: !368, file: !369, line: 1127, type: !26)
!374 = !DILocalVariable(name: "__result", arg: 3, scope: !368, file: !369, line: 1128, type: !26)
!375 = !DILocalVariable(name: "__alloc", arg: 4, scope: !368, file: !369, line: 1128, type: !178)
!376 = !{!377, !378, !379}
!377 = !DITemplateTypeParameter(name: "_InputIterator", type: !26)
!378 = !DITemplateTypeParameter(name: "_ForwardIterator", type: !26)
!379 = !DITemplateTypeParameter(name: "_Allocator", type: !149)
!380 = !DILocation(line: 0, scope: !368, inlinedAt: !381)
!381 = distinct !DILocation(line: 504, column: 9, scope: !347, inlinedAt: !364)
!382 = !DILocalVariable(name: "__first", arg: 1, scope: !383, file: !369, line: 1100, type: !26)
!383 = distinct !DISubprogram(name: "__relocate_a_1<long, long>", linkageName: "_ZSt14__relocate_a_1IllENSt9enable_ifIXsr3std24__is_bitwise_relocatableIT_EE5valueEPS1_E4typeES2_S2_S2_RSaIT0_E", scope: !16, file: !369, line: 1100, type: !384, scopeLine: 1103, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !398, retainedNodes: !393)
!384 = !DISubroutineType(types: !385)
!385 = !{!386, !26, !26, !26, !178}
!386 = !DIDerivedType(tag: DW_TAG_typedef, name: "__enable_if_t<std::__is_bitwise_relocatable<long>::value, long *>", scope: !16, file: !387, line: 2240, baseType: !388)
!387 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/type_traits", directory: ".")
!388 = !DIDerivedType(tag: DW_TAG_typedef, name: "type", scope: !389, file: !387, line: 2234, baseType: !26)
!389 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "enable_if<true, long *>", scope: !16, file: !387, line: 2233, size: 8, flags: DIFlagTypePassByValue, elements: !43, templateParams: !390, identifier: "_ZTSSt9enable_ifILb1EPlE")
!390 = !{!391, !392}
!391 = !DITemplateValueParameter(type: !182, value: i1 true)
!392 = !DITemplateTypeParameter(name: "_Tp", type: !26)
!393 = !{!382, !394, !395, !396, !397}
!394 = !DILocalVariable(name: "__last", arg: 2, scope: !383, file: !369, line: 1100, type: !26)
!395 = !DILocalVariable(name: "__result", arg: 3, scope: !383, file: !369, line: 1101, type: !26)
!396 = !DILocalVariable(name: "__alloc", arg: 4, scope: !383, file: !369, line: 1102, type: !178)
!397 = !DILocalVariable(name: "__count", scope: !383, file: !369, line: 1104, type: !69)
!398 = !{!356, !230}
!399 = !DILocation(line: 0, scope: !383, inlinedAt: !400)
!400 = distinct !DILocation(line: 1133, column: 14, scope: !368, inlinedAt: !381)
!401 = !DILocation(line: 1105, column: 19, scope: !402, inlinedAt: !400)
!402 = distinct !DILexicalBlock(scope: !383, file: !369, line: 1105, column: 11)
!403 = !DILocation(line: 1105, column: 11, scope: !383, inlinedAt: !400)
!404 = !DILocation(line: 1117, column: 4, scope: !405, inlinedAt: !400)
!405 = distinct !DILexicalBlock(scope: !402, file: !369, line: 1106, column: 2)
!406 = !DILocation(line: 1118, column: 2, scope: !405, inlinedAt: !400)
!407 = !DILocation(line: 1119, column: 23, scope: !383, inlinedAt: !400)
!408 = !DILocation(line: 477, column: 8, scope: !365, inlinedAt: !277)
!409 = !DILocation(line: 0, scope: !347, inlinedAt: !410)
!410 = distinct !DILocation(line: 479, column: 23, scope: !365, inlinedAt: !277)
!411 = !DILocation(line: 0, scope: !368, inlinedAt: !412)
!412 = distinct !DILocation(line: 504, column: 9, scope: !347, inlinedAt: !410)
!413 = !DILocation(line: 0, scope: !383, inlinedAt: !414)
!414 = distinct !DILocation(line: 1133, column: 14, scope: !368, inlinedAt: !412)
!415 = !DILocalVariable(name: "this", arg: 1, scope: !416, type: !315, flags: DIFlagArtificial | DIFlagObjectPointer)
!416 = distinct !DISubprogram(name: "_M_deallocate", linkageName: "_ZNSt12_Vector_baseIlSaIlEE13_M_deallocateEPlm", scope: !270, file: !13, line: 383, type: !417, scopeLine: 384, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !419, retainedNodes: !420)
!417 = !DISubroutineType(types: !418)
!418 = !{null, !311, !269, !14}
!419 = !DISubprogram(name: "_M_deallocate", linkageName: "_ZNSt12_Vector_baseIlSaIlEE13_M_deallocateEPlm", scope: !270, file: !13, line: 383, type: !417, scopeLine: 383, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!420 = !{!415, !421, !422}
!421 = !DILocalVariable(name: "__p", arg: 2, scope: !416, file: !13, line: 383, type: !269)
!422 = !DILocalVariable(name: "__n", arg: 3, scope: !416, file: !13, line: 383, type: !14)
!423 = !DILocation(line: 0, scope: !416, inlinedAt: !424)
!424 = distinct !DILocation(line: 513, column: 7, scope: !258, inlinedAt: !277)
!425 = !DILocation(line: 386, column: 6, scope: !426, inlinedAt: !424)
!426 = distinct !DILexicalBlock(scope: !416, file: !13, line: 386, column: 6)
!427 = !DILocation(line: 386, column: 6, scope: !416, inlinedAt: !424)
!428 = !DILocalVariable(name: "__a", arg: 1, scope: !429, file: !141, line: 495, type: !147)
!429 = distinct !DISubprogram(name: "deallocate", linkageName: "_ZNSt16allocator_traitsISaIlEE10deallocateERS0_Plm", scope: !140, file: !141, line: 495, type: !157, scopeLine: 496, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !156, retainedNodes: !430)
!430 = !{!428, !431, !432}
!431 = !DILocalVariable(name: "__p", arg: 2, scope: !429, file: !141, line: 495, type: !146)
!432 = !DILocalVariable(name: "__n", arg: 3, scope: !429, file: !141, line: 495, type: !151)
!433 = !DILocation(line: 0, scope: !429, inlinedAt: !434)
!434 = distinct !DILocation(line: 387, column: 4, scope: !426, inlinedAt: !424)
!435 = !DILocalVariable(name: "this", arg: 1, scope: !436, type: !248, flags: DIFlagArtificial | DIFlagObjectPointer)
!436 = distinct !DISubprogram(name: "deallocate", linkageName: "_ZNSt15__new_allocatorIlE10deallocateEPlm", scope: !240, file: !239, line: 142, type: !437, scopeLine: 143, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !439, retainedNodes: !440)
!437 = !DISubroutineType(types: !438)
!438 = !{null, !243, !26, !330}
!439 = !DISubprogram(name: "deallocate", linkageName: "_ZNSt15__new_allocatorIlE10deallocateEPlm", scope: !240, file: !239, line: 142, type: !437, scopeLine: 142, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!440 = !{!435, !441, !442}
!441 = !DILocalVariable(name: "__p", arg: 2, scope: !436, file: !239, line: 142, type: !26)
!442 = !DILocalVariable(name: "__n", arg: 3, scope: !436, file: !239, line: 142, type: !330)
!443 = !DILocation(line: 0, scope: !436, inlinedAt: !444)
!444 = distinct !DILocation(line: 496, column: 13, scope: !429, inlinedAt: !434)
!445 = !DILocation(line: 158, column: 2, scope: !436, inlinedAt: !444)
!446 = !DILocation(line: 387, column: 4, scope: !426, inlinedAt: !424)
!447 = !DILocation(line: 515, column: 30, scope: !258, inlinedAt: !277)
!448 = !{!215, !125, i64 0}
!449 = !DILocation(line: 516, column: 31, scope: !258, inlinedAt: !277)
!450 = !DILocation(line: 517, column: 53, scope: !258, inlinedAt: !277)
!451 = !DILocation(line: 517, column: 39, scope: !258, inlinedAt: !277)
!452 = !DILocation(line: 17, column: 28, scope: !111)
!453 = distinct !{!453, !112, !454, !455}
!454 = !DILocation(line: 18, column: 35, scope: !107)
!455 = !{!"llvm.loop.mustprogress"}
!456 = distinct !DISubprogram(name: "other", linkageName: "_Z5otherRSt6vectorIlSaIlEEl", scope: !9, file: !9, line: 20, type: !100, scopeLine: 20, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, retainedNodes: !457)
!457 = !{!458, !459, !460}
!458 = !DILocalVariable(name: "v", arg: 1, scope: !456, file: !9, line: 20, type: !102)
!459 = !DILocalVariable(name: "n", arg: 2, scope: !456, file: !9, line: 20, type: !11)
!460 = !DILocalVariable(name: "i", scope: !461, file: !9, line: 21, type: !11)
!461 = distinct !DILexicalBlock(scope: !456, file: !9, line: 21, column: 3)
!462 = !DILocation(line: 0, scope: !456)
!463 = !DILocation(line: 0, scope: !461)
!464 = !DILocation(line: 21, column: 22, scope: !465)
!465 = distinct !DILexicalBlock(scope: !461, file: !9, line: 21, column: 3)
!466 = !DILocation(line: 21, column: 3, scope: !461)
!467 = !DILocation(line: 1278, column: 20, scope: !468, inlinedAt: !478)
!468 = distinct !DILexicalBlock(scope: !469, file: !13, line: 1278, column: 6)
!469 = distinct !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backERKl", scope: !20, file: !13, line: 1276, type: !470, scopeLine: 1277, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, declaration: !474, retainedNodes: !475)
!470 = !DISubroutineType(types: !471)
!471 = !{null, !192, !472}
!472 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !473, size: 64)
!473 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !208)
!474 = !DISubprogram(name: "push_back", linkageName: "_ZNSt6vectorIlSaIlEE9push_backERKl", scope: !20, file: !13, line: 1276, type: !470, scopeLine: 1276, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!475 = !{!476, !477}
!476 = !DILocalVariable(name: "this", arg: 1, scope: !469, type: !201, flags: DIFlagArtificial | DIFlagObjectPointer)
!477 = !DILocalVariable(name: "__x", arg: 2, scope: !469, file: !13, line: 1276, type: !472)
!478 = distinct !DILocation(line: 22, column: 7, scope: !465)
!479 = !DILocation(line: 1278, column: 47, scope: !468, inlinedAt: !478)
!480 = !DILocation(line: 23, column: 1, scope: !456)
!481 = !DILocation(line: 0, scope: !469, inlinedAt: !478)
!482 = !DILocation(line: 1278, column: 30, scope: !468, inlinedAt: !478)
!483 = !DILocation(line: 1278, column: 6, scope: !469, inlinedAt: !478)
!484 = !DILocalVariable(name: "__a", arg: 1, scope: !485, file: !141, line: 511, type: !147)
!485 = distinct !DISubprogram(name: "construct<long, const long &>", linkageName: "_ZNSt16allocator_traitsISaIlEE9constructIlJRKlEEEvRS0_PT_DpOT0_", scope: !140, file: !141, line: 511, type: !486, scopeLine: 514, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !491, declaration: !490, retainedNodes: !495)
!486 = !DISubroutineType(types: !487)
!487 = !{null, !147, !26, !488}
!488 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !489, size: 64)
!489 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !11)
!490 = !DISubprogram(name: "construct<long, const long &>", linkageName: "_ZNSt16allocator_traitsISaIlEE9constructIlJRKlEEEvRS0_PT_DpOT0_", scope: !140, file: !141, line: 511, type: !486, scopeLine: 511, flags: DIFlagPrototyped | DIFlagStaticMember, spFlags: DISPFlagOptimized, templateParams: !491)
!491 = !{!230, !492}
!492 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "_Args", value: !493)
!493 = !{!494}
!494 = !DITemplateTypeParameter(type: !488)
!495 = !{!484, !496, !497}
!496 = !DILocalVariable(name: "__p", arg: 2, scope: !485, file: !141, line: 511, type: !26)
!497 = !DILocalVariable(name: "__args", arg: 3, scope: !485, file: !141, line: 512, type: !488)
!498 = !DILocation(line: 0, scope: !485, inlinedAt: !499)
!499 = distinct !DILocation(line: 1281, column: 6, scope: !500, inlinedAt: !478)
!500 = distinct !DILexicalBlock(scope: !468, file: !13, line: 1279, column: 4)
!501 = !DILocalVariable(name: "this", arg: 1, scope: !502, type: !248, flags: DIFlagArtificial | DIFlagObjectPointer)
!502 = distinct !DISubprogram(name: "construct<long, const long &>", linkageName: "_ZNSt15__new_allocatorIlE9constructIlJRKlEEEvPT_DpOT0_", scope: !240, file: !239, line: 173, type: !503, scopeLine: 175, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !491, declaration: !505, retainedNodes: !506)
!503 = !DISubroutineType(types: !504)
!504 = !{null, !243, !26, !488}
!505 = !DISubprogram(name: "construct<long, const long &>", linkageName: "_ZNSt15__new_allocatorIlE9constructIlJRKlEEEvPT_DpOT0_", scope: !240, file: !239, line: 173, type: !503, scopeLine: 173, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized, templateParams: !491)
!506 = !{!501, !507, !508}
!507 = !DILocalVariable(name: "__p", arg: 2, scope: !502, file: !239, line: 173, type: !26)
!508 = !DILocalVariable(name: "__args", arg: 3, scope: !502, file: !239, line: 173, type: !488)
!509 = !DILocation(line: 0, scope: !502, inlinedAt: !510)
!510 = distinct !DILocation(line: 516, column: 8, scope: !485, inlinedAt: !499)
!511 = !DILocation(line: 175, column: 4, scope: !502, inlinedAt: !510)
!512 = !DILocation(line: 1283, column: 6, scope: !500, inlinedAt: !478)
!513 = !DILocation(line: 1285, column: 4, scope: !500, inlinedAt: !478)
!514 = !DILocalVariable(name: "__position", arg: 2, scope: !515, file: !13, line: 1868, type: !19)
!515 = distinct !DISubprogram(name: "_M_realloc_insert<const long &>", linkageName: "_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_", scope: !20, file: !2, line: 440, type: !516, scopeLine: 447, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, templateParams: !519, declaration: !518, retainedNodes: !520)
!516 = !DISubroutineType(types: !517)
!517 = !{null, !192, !19, !488}
!518 = !DISubprogram(name: "_M_realloc_insert<const long &>", linkageName: "_ZNSt6vectorIlSaIlEE17_M_realloc_insertIJRKlEEEvN9__gnu_cxx17__normal_iteratorIPlS1_EEDpOT_", scope: !20, file: !2, line: 440, type: !516, scopeLine: 440, flags: DIFlagProtected | DIFlagPrototyped, spFlags: DISPFlagOptimized, templateParams: !519)
!519 = !{!492}
!520 = !{!521, !514, !522, !523, !524, !525, !526, !527, !528}
!521 = !DILocalVariable(name: "this", arg: 1, scope: !515, type: !201, flags: DIFlagArtificial | DIFlagObjectPointer)
!522 = !DILocalVariable(name: "__args", arg: 3, scope: !515, file: !13, line: 1868, type: !488)
!523 = !DILocalVariable(name: "__len", scope: !515, file: !2, line: 448, type: !266)
!524 = !DILocalVariable(name: "__old_start", scope: !515, file: !2, line: 450, type: !268)
!525 = !DILocalVariable(name: "__old_finish", scope: !515, file: !2, line: 451, type: !268)
!526 = !DILocalVariable(name: "__elems_before", scope: !515, file: !2, line: 452, type: !266)
!527 = !DILocalVariable(name: "__new_start", scope: !515, file: !2, line: 453, type: !268)
!528 = !DILocalVariable(name: "__new_finish", scope: !515, file: !2, line: 454, type: !268)
!529 = !DILocation(line: 0, scope: !515, inlinedAt: !530)
!530 = distinct !DILocation(line: 1287, column: 4, scope: !468, inlinedAt: !478)
!531 = !DILocation(line: 0, scope: !279, inlinedAt: !532)
!532 = distinct !DILocation(line: 449, column: 2, scope: !515, inlinedAt: !530)
!533 = !DILocation(line: 0, scope: !114, inlinedAt: !534)
!534 = distinct !DILocation(line: 1893, column: 19, scope: !293, inlinedAt: !532)
!535 = !DILocation(line: 988, column: 66, scope: !114, inlinedAt: !534)
!536 = !DILocation(line: 988, column: 50, scope: !114, inlinedAt: !534)
!537 = !DILocation(line: 1893, column: 26, scope: !293, inlinedAt: !532)
!538 = !DILocation(line: 1893, column: 6, scope: !279, inlinedAt: !532)
!539 = !DILocation(line: 1894, column: 4, scope: !293, inlinedAt: !532)
!540 = !DILocation(line: 0, scope: !114, inlinedAt: !541)
!541 = distinct !DILocation(line: 1896, column: 26, scope: !279, inlinedAt: !532)
!542 = !DILocation(line: 0, scope: !114, inlinedAt: !543)
!543 = distinct !DILocation(line: 1896, column: 46, scope: !279, inlinedAt: !532)
!544 = !DILocation(line: 1896, column: 35, scope: !279, inlinedAt: !532)
!545 = !DILocation(line: 1896, column: 33, scope: !279, inlinedAt: !532)
!546 = !DILocation(line: 0, scope: !114, inlinedAt: !547)
!547 = distinct !DILocation(line: 1897, column: 18, scope: !279, inlinedAt: !532)
!548 = !DILocation(line: 1897, column: 16, scope: !279, inlinedAt: !532)
!549 = !DILocation(line: 1897, column: 25, scope: !279, inlinedAt: !532)
!550 = !DILocation(line: 0, scope: !308, inlinedAt: !551)
!551 = distinct !DILocation(line: 453, column: 33, scope: !515, inlinedAt: !530)
!552 = !DILocation(line: 378, column: 13, scope: !308, inlinedAt: !551)
!553 = !DILocation(line: 378, column: 9, scope: !308, inlinedAt: !551)
!554 = !DILocation(line: 0, scope: !321, inlinedAt: !555)
!555 = distinct !DILocation(line: 378, column: 20, scope: !308, inlinedAt: !551)
!556 = !DILocation(line: 0, scope: !327, inlinedAt: !557)
!557 = distinct !DILocation(line: 464, column: 20, scope: !321, inlinedAt: !555)
!558 = !DILocation(line: 137, column: 53, scope: !327, inlinedAt: !557)
!559 = !DILocation(line: 137, column: 27, scope: !327, inlinedAt: !557)
!560 = !DILocation(line: 463, column: 20, scope: !561, inlinedAt: !530)
!561 = distinct !DILexicalBlock(scope: !515, file: !2, line: 456, column: 2)
!562 = !DILocation(line: 0, scope: !485, inlinedAt: !563)
!563 = distinct !DILocation(line: 462, column: 4, scope: !561, inlinedAt: !530)
!564 = !DILocation(line: 0, scope: !502, inlinedAt: !565)
!565 = distinct !DILocation(line: 516, column: 8, scope: !485, inlinedAt: !563)
!566 = !DILocation(line: 175, column: 4, scope: !502, inlinedAt: !565)
!567 = !DILocation(line: 0, scope: !347, inlinedAt: !568)
!568 = distinct !DILocation(line: 474, column: 23, scope: !569, inlinedAt: !530)
!569 = distinct !DILexicalBlock(scope: !570, file: !2, line: 473, column: 6)
!570 = distinct !DILexicalBlock(scope: !561, file: !2, line: 472, column: 29)
!571 = !DILocation(line: 0, scope: !368, inlinedAt: !572)
!572 = distinct !DILocation(line: 504, column: 9, scope: !347, inlinedAt: !568)
!573 = !DILocation(line: 0, scope: !383, inlinedAt: !574)
!574 = distinct !DILocation(line: 1133, column: 14, scope: !368, inlinedAt: !572)
!575 = !DILocation(line: 1105, column: 19, scope: !402, inlinedAt: !574)
!576 = !DILocation(line: 1105, column: 11, scope: !383, inlinedAt: !574)
!577 = !DILocation(line: 1117, column: 4, scope: !405, inlinedAt: !574)
!578 = !DILocation(line: 1118, column: 2, scope: !405, inlinedAt: !574)
!579 = !DILocation(line: 1119, column: 23, scope: !383, inlinedAt: !574)
!580 = !DILocation(line: 477, column: 8, scope: !569, inlinedAt: !530)
!581 = !DILocation(line: 0, scope: !347, inlinedAt: !582)
!582 = distinct !DILocation(line: 479, column: 23, scope: !569, inlinedAt: !530)
!583 = !DILocation(line: 0, scope: !368, inlinedAt: !584)
!584 = distinct !DILocation(line: 504, column: 9, scope: !347, inlinedAt: !582)
!585 = !DILocation(line: 0, scope: !383, inlinedAt: !586)
!586 = distinct !DILocation(line: 1133, column: 14, scope: !368, inlinedAt: !584)
!587 = !DILocation(line: 0, scope: !416, inlinedAt: !588)
!588 = distinct !DILocation(line: 513, column: 7, scope: !515, inlinedAt: !530)
!589 = !DILocation(line: 386, column: 6, scope: !426, inlinedAt: !588)
!590 = !DILocation(line: 386, column: 6, scope: !416, inlinedAt: !588)
!591 = !DILocation(line: 0, scope: !429, inlinedAt: !592)
!592 = distinct !DILocation(line: 387, column: 4, scope: !426, inlinedAt: !588)
!593 = !DILocation(line: 0, scope: !436, inlinedAt: !594)
!594 = distinct !DILocation(line: 496, column: 13, scope: !429, inlinedAt: !592)
!595 = !DILocation(line: 158, column: 2, scope: !436, inlinedAt: !594)
!596 = !DILocation(line: 387, column: 4, scope: !426, inlinedAt: !588)
!597 = !DILocation(line: 515, column: 30, scope: !515, inlinedAt: !530)
!598 = !DILocation(line: 516, column: 31, scope: !515, inlinedAt: !530)
!599 = !DILocation(line: 517, column: 53, scope: !515, inlinedAt: !530)
!600 = !DILocation(line: 517, column: 39, scope: !515, inlinedAt: !530)
!601 = !DILocation(line: 21, column: 28, scope: !465)
!602 = distinct !{!602, !466, !603, !455}
!603 = !DILocation(line: 22, column: 18, scope: !461)
!604 = !DISubprogram(name: "__throw_length_error", linkageName: "_ZSt20__throw_length_errorPKc", scope: !16, file: !605, line: 75, type: !606, flags: DIFlagPrototyped | DIFlagNoReturn, spFlags: DISPFlagOptimized)
!605 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/functexcept.h", directory: ".", checksumkind: CSK_MD5, checksum: "a363406ed41198146320f1e077ba3f30")
!606 = !DISubroutineType(types: !607)
!607 = !{null, !283}
