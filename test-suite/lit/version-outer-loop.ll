; Hints in a hash probe loop and in the loop that probes once per key: the
; key loop calls nothing, so it is versioned as a whole (one test of the live
; word per call of count_all, none per key). Where the key loop makes a call
; (which could allocate and make memory run short), only the probe loop is
; versioned, and the key loop's hints test the word themselves. A quicksort
; partition loop (two scans in a loop that swaps) is versioned as a whole.
; The partition loop of a quicksort: j, set in an inner loop, is used after
; the outer loop that is versioned, so the inner loops must be closed (LCSSA)
; before it is cloned, or the IR is broken.
; A chained-bucket insert: p, set in the walk, is used by the hints after
; the loop, which must read it through the loop's exit phi (the hinted loop
; or its twin may have set it).
; The profile's lines are the C source's, kept in the IR's debug info:
;
;   struct entry {
;     unsigned long key;
;     long count;
;   };
;   void note(unsigned long key);
;   void count_all(struct entry *t, unsigned long mask, const unsigned long *keys, long n) {
;     for (long i = 0; i < n; i++) {
;       unsigned long h = (keys[i] * 0x9e3779b97f4a7c15UL) & mask;
;       while (t[h].key && t[h].key != keys[i])
;         h = (h + 1) & mask;
;       t[h].key = keys[i];
;       t[h].count++;
;     }
;   }
;   void count_all_noted(struct entry *t, unsigned long mask, const unsigned long *keys, long n) {
;     for (long i = 0; i < n; i++) {
;       note(keys[i]);
;       unsigned long h = (keys[i] * 0x9e3779b97f4a7c15UL) & mask;
;       while (t[h].key && t[h].key != keys[i])
;         h = (h + 1) & mask;
;       t[h].key = keys[i];
;       t[h].count++;
;     }
;   }
;   long partition(long *a, long n, long p) {
;     long i = 0, j = n - 1;
;     for (;;) {
;       while (a[i] < p)
;         i++;
;       while (a[j] > p)
;         j--;
;       if (i >= j)
;         return j;
;       long t = a[i];
;       a[i] = a[j], a[j] = t;
;     }
;   }
;   struct node {
;     struct node *next;
;     long key;
;   };
;   void insert(struct node **head, struct node *n, long key) {
;     struct node **p = head;
;     while (*p && (*p)->key != key)
;       p = &(*p)->next;
;     n->next = *p;
;     *p = n;
;   }
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_farhint -passes='farhint<profile=%t/version-outer-loop.fhprof>' -S %t/version-outer-loop.ll -o - | FileCheck %s
; CHECK-LABEL: define{{.*}} void @count_all(
; CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
; CHECK-NOT: @__farhint_live_word
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 1)
; CHECK-NOT: @__farhint_live_word
; CHECK-LABEL: define{{.*}} void @count_all_noted(
; CHECK: load volatile i32, ptr @__farhint_live_word
; CHECK: load volatile i32, ptr @__farhint_live_word
; CHECK-LABEL: define{{.*}} i64 @partition(
; CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
; CHECK-NOT: @__farhint_live_word
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 {{5|6}})
; CHECK-LABEL: define{{.*}} void @insert(
; CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
; CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 8)

;--- version-outer-loop.fhprof
{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""},
 "run": {"total_faults": 800},
 "sites": [{"id": 1, "file": "version-outer-loop.c", "line": 29, "column": 0, "function": "count_all",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 2, "file": "version-outer-loop.c", "line": 32, "column": 0, "function": "count_all",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 3, "file": "version-outer-loop.c", "line": 40, "column": 0, "function": "count_all_noted",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 4, "file": "version-outer-loop.c", "line": 43, "column": 0, "function": "count_all_noted",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 5, "file": "version-outer-loop.c", "line": 53, "column": 0, "function": "partition",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 6, "file": "version-outer-loop.c", "line": 55, "column": 0, "function": "partition",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 7, "file": "version-outer-loop.c", "line": 73, "column": 0, "function": "insert",
            "faults": {"read": 100, "write": 0, "write_protect": 0}},
           {"id": 8, "file": "version-outer-loop.c", "line": 76, "column": 0, "function": "insert",
            "faults": {"read": 100, "write": 0, "write_protect": 0}}]}

;--- version-outer-loop.ll
source_filename = "version-outer-loop.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.entry = type { i64, i64 }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @count_all(ptr nocapture noundef %t, i64 noundef %mask, ptr nocapture noundef readonly %keys, i64 noundef %n) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_value(ptr %t, !23, !DIExpression(), !32)
    #dbg_value(i64 %mask, !24, !DIExpression(), !32)
    #dbg_value(ptr %keys, !25, !DIExpression(), !32)
    #dbg_value(i64 %n, !26, !DIExpression(), !32)
    #dbg_value(i64 0, !27, !DIExpression(), !33)
  %cmp26 = icmp sgt i64 %n, 0, !dbg !34
  br i1 %cmp26, label %for.body, label %for.cond.cleanup, !dbg !35

for.cond.cleanup:                                 ; preds = %while.end, %entry
  ret void, !dbg !36

for.body:                                         ; preds = %entry, %while.end
  %i.027 = phi i64 [ %inc11, %while.end ], [ 0, %entry ]
    #dbg_value(i64 %i.027, !27, !DIExpression(), !33)
  %arrayidx = getelementptr inbounds i64, ptr %keys, i64 %i.027, !dbg !37
  %0 = load i64, ptr %arrayidx, align 8, !dbg !37, !tbaa !38
  %mul = mul i64 %0, -7046029254386353131, !dbg !42
    #dbg_value(!DIArgList(i64 %mul, i64 %mask), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_and, DW_OP_stack_value), !43)
  br label %while.cond, !dbg !44

while.cond:                                       ; preds = %while.cond, %for.body
  %mul.pn = phi i64 [ %mul, %for.body ], [ %add, %while.cond ]
  %h.0 = and i64 %mul.pn, %mask, !dbg !43
    #dbg_value(i64 %h.0, !29, !DIExpression(), !43)
  %arrayidx1 = getelementptr inbounds %struct.entry, ptr %t, i64 %h.0, !dbg !45
  %1 = load i64, ptr %arrayidx1, align 8, !dbg !46, !tbaa !47
  %tobool.not = icmp eq i64 %1, 0, !dbg !45
  %cmp5.not = icmp eq i64 %1, %0
  %or.cond = select i1 %tobool.not, i1 true, i1 %cmp5.not, !dbg !49
  %add = add i64 %h.0, 1, !dbg !50
    #dbg_value(!DIArgList(i64 %add, i64 %mask), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_and, DW_OP_stack_value), !43)
  br i1 %or.cond, label %while.end, label %while.cond, !dbg !49, !llvm.loop !51

while.end:                                        ; preds = %while.cond
  store i64 %0, ptr %arrayidx1, align 8, !dbg !54, !tbaa !47
  %count = getelementptr inbounds i8, ptr %arrayidx1, i64 8, !dbg !55
  %2 = load i64, ptr %count, align 8, !dbg !56, !tbaa !57
  %inc = add nsw i64 %2, 1, !dbg !56
  store i64 %inc, ptr %count, align 8, !dbg !56, !tbaa !57
  %inc11 = add nuw nsw i64 %i.027, 1, !dbg !58
    #dbg_value(i64 %inc11, !27, !DIExpression(), !33)
  %exitcond.not = icmp eq i64 %inc11, %n, !dbg !34
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !35, !llvm.loop !59
}

; Function Attrs: nounwind uwtable
define dso_local void @count_all_noted(ptr nocapture noundef %t, i64 noundef %mask, ptr nocapture noundef readonly %keys, i64 noundef %n) local_unnamed_addr #1 !dbg !61 {
entry:
    #dbg_value(ptr %t, !63, !DIExpression(), !72)
    #dbg_value(i64 %mask, !64, !DIExpression(), !72)
    #dbg_value(ptr %keys, !65, !DIExpression(), !72)
    #dbg_value(i64 %n, !66, !DIExpression(), !72)
    #dbg_value(i64 0, !67, !DIExpression(), !73)
  %cmp29 = icmp sgt i64 %n, 0, !dbg !74
  br i1 %cmp29, label %for.body, label %for.cond.cleanup, !dbg !75

for.cond.cleanup:                                 ; preds = %while.end, %entry
  ret void, !dbg !76

for.body:                                         ; preds = %entry, %while.end
  %i.030 = phi i64 [ %inc12, %while.end ], [ 0, %entry ]
    #dbg_value(i64 %i.030, !67, !DIExpression(), !73)
  %arrayidx = getelementptr inbounds i64, ptr %keys, i64 %i.030, !dbg !77
  %0 = load i64, ptr %arrayidx, align 8, !dbg !77, !tbaa !38
  tail call void @note(i64 noundef %0) #4, !dbg !78
  %1 = load i64, ptr %arrayidx, align 8, !dbg !79, !tbaa !38
  %mul = mul i64 %1, -7046029254386353131, !dbg !80
    #dbg_value(!DIArgList(i64 %mul, i64 %mask), !69, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_and, DW_OP_stack_value), !81)
  br label %while.cond, !dbg !82

while.cond:                                       ; preds = %while.cond, %for.body
  %mul.pn = phi i64 [ %mul, %for.body ], [ %add, %while.cond ]
  %h.0 = and i64 %mul.pn, %mask, !dbg !81
    #dbg_value(i64 %h.0, !69, !DIExpression(), !81)
  %arrayidx2 = getelementptr inbounds %struct.entry, ptr %t, i64 %h.0, !dbg !83
  %2 = load i64, ptr %arrayidx2, align 8, !dbg !84, !tbaa !47
  %tobool.not = icmp eq i64 %2, 0, !dbg !83
  %cmp6.not = icmp eq i64 %2, %1
  %or.cond = select i1 %tobool.not, i1 true, i1 %cmp6.not, !dbg !85
  %add = add i64 %h.0, 1, !dbg !86
    #dbg_value(!DIArgList(i64 %add, i64 %mask), !69, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_and, DW_OP_stack_value), !81)
  br i1 %or.cond, label %while.end, label %while.cond, !dbg !85, !llvm.loop !87

while.end:                                        ; preds = %while.cond
  store i64 %1, ptr %arrayidx2, align 8, !dbg !89, !tbaa !47
  %count = getelementptr inbounds i8, ptr %arrayidx2, i64 8, !dbg !90
  %3 = load i64, ptr %count, align 8, !dbg !91, !tbaa !57
  %inc = add nsw i64 %3, 1, !dbg !91
  store i64 %inc, ptr %count, align 8, !dbg !91, !tbaa !57
  %inc12 = add nuw nsw i64 %i.030, 1, !dbg !92
    #dbg_value(i64 %inc12, !67, !DIExpression(), !73)
  %exitcond.not = icmp eq i64 %inc12, %n, !dbg !74
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !dbg !75, !llvm.loop !93
}

declare !dbg !95 void @note(i64 noundef) local_unnamed_addr #2

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local range(i64 -9223372036854775808, 9223372036854775807) i64 @partition(ptr nocapture noundef %a, i64 noundef %n, i64 noundef %p) local_unnamed_addr #0 !dbg !98 {
entry:
    #dbg_value(ptr %a, !103, !DIExpression(), !112)
    #dbg_value(i64 %n, !104, !DIExpression(), !112)
    #dbg_value(i64 %p, !105, !DIExpression(), !112)
    #dbg_value(i64 0, !106, !DIExpression(), !112)
  %sub = add nsw i64 %n, -1, !dbg !113
    #dbg_value(i64 %sub, !107, !DIExpression(), !112)
  br label %for.cond, !dbg !114

for.cond:                                         ; preds = %if.end, %entry
  %j.0 = phi i64 [ %sub, %entry ], [ %j.1, %if.end ], !dbg !115
  %i.0 = phi i64 [ 0, %entry ], [ %i.1, %if.end ], !dbg !116
    #dbg_value(i64 %i.0, !106, !DIExpression(), !112)
    #dbg_value(i64 %j.0, !107, !DIExpression(), !112)
  br label %while.cond, !dbg !117

while.cond:                                       ; preds = %while.cond, %for.cond
  %i.1 = phi i64 [ %i.0, %for.cond ], [ %inc, %while.cond ], !dbg !112
    #dbg_value(i64 %i.1, !106, !DIExpression(), !112)
  %arrayidx = getelementptr inbounds i64, ptr %a, i64 %i.1, !dbg !118
  %0 = load i64, ptr %arrayidx, align 8, !dbg !118, !tbaa !38
  %cmp = icmp slt i64 %0, %p, !dbg !119
  %inc = add nsw i64 %i.1, 1, !dbg !120
    #dbg_value(i64 %inc, !106, !DIExpression(), !112)
  br i1 %cmp, label %while.cond, label %while.cond1.preheader, !dbg !117, !llvm.loop !121

while.cond1.preheader:                            ; preds = %while.cond
  %arrayidx.le = getelementptr inbounds i64, ptr %a, i64 %i.1
  br label %while.cond1, !dbg !122

while.cond1:                                      ; preds = %while.cond1, %while.cond1.preheader
  %j.1 = phi i64 [ %dec, %while.cond1 ], [ %j.0, %while.cond1.preheader ], !dbg !112
    #dbg_value(i64 %j.1, !107, !DIExpression(), !112)
  %arrayidx2 = getelementptr inbounds i64, ptr %a, i64 %j.1, !dbg !123
  %1 = load i64, ptr %arrayidx2, align 8, !dbg !123, !tbaa !38
  %cmp3 = icmp sgt i64 %1, %p, !dbg !124
  %dec = add nsw i64 %j.1, -1, !dbg !125
    #dbg_value(i64 %dec, !107, !DIExpression(), !112)
  br i1 %cmp3, label %while.cond1, label %while.end5, !dbg !122, !llvm.loop !126

while.end5:                                       ; preds = %while.cond1
  %cmp6.not = icmp slt i64 %i.1, %j.1, !dbg !127
  br i1 %cmp6.not, label %if.end, label %if.then, !dbg !129

if.then:                                          ; preds = %while.end5
  ret i64 %j.1, !dbg !130

if.end:                                           ; preds = %while.end5
  %arrayidx2.le = getelementptr inbounds i64, ptr %a, i64 %j.1
    #dbg_value(i64 %0, !108, !DIExpression(), !131)
  store i64 %1, ptr %arrayidx.le, align 8, !dbg !132, !tbaa !38
  store i64 %0, ptr %arrayidx2.le, align 8, !dbg !133, !tbaa !38
  br label %for.cond, !dbg !134, !llvm.loop !135
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define dso_local void @insert(ptr nocapture noundef %head, ptr noundef %n, i64 noundef %key) local_unnamed_addr #3 !dbg !138 {
entry:
    #dbg_value(ptr %head, !148, !DIExpression(), !152)
    #dbg_value(ptr %n, !149, !DIExpression(), !152)
    #dbg_value(i64 %key, !150, !DIExpression(), !152)
    #dbg_value(ptr %head, !151, !DIExpression(), !152)
  br label %while.cond, !dbg !153

while.cond:                                       ; preds = %land.rhs, %entry
  %p.0 = phi ptr [ %head, %entry ], [ %0, %land.rhs ], !dbg !152
    #dbg_value(ptr %p.0, !151, !DIExpression(), !152)
  %0 = load ptr, ptr %p.0, align 8, !dbg !154, !tbaa !155
  %tobool.not = icmp eq ptr %0, null, !dbg !154
  br i1 %tobool.not, label %while.end, label %land.rhs, !dbg !157

land.rhs:                                         ; preds = %while.cond
  %key1 = getelementptr inbounds i8, ptr %0, i64 8, !dbg !158
  %1 = load i64, ptr %key1, align 8, !dbg !158, !tbaa !159
  %cmp.not = icmp eq i64 %1, %key, !dbg !161
  br i1 %cmp.not, label %while.end, label %while.cond, !dbg !153, !llvm.loop !162

while.end:                                        ; preds = %while.cond, %land.rhs
  store ptr %0, ptr %n, align 8, !dbg !164, !tbaa !165
  store ptr %n, ptr %p.0, align 8, !dbg !166, !tbaa !155
  ret void, !dbg !167
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "version-outer-loop.c", directory: ".", checksumkind: CSK_MD5, checksum: "adbd36893c586ca11872d92ed41526ff")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "count_all", scope: !1, file: !1, line: 26, type: !11, scopeLine: 26, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !22)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !17, !20, !19}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "entry", file: !1, line: 20, size: 128, elements: !15)
!15 = !{!16, !18}
!16 = !DIDerivedType(tag: DW_TAG_member, name: "key", scope: !14, file: !1, line: 21, baseType: !17, size: 64)
!17 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!18 = !DIDerivedType(tag: DW_TAG_member, name: "count", scope: !14, file: !1, line: 22, baseType: !19, size: 64, offset: 64)
!19 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !21, size: 64)
!21 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !17)
!22 = !{!23, !24, !25, !26, !27, !29}
!23 = !DILocalVariable(name: "t", arg: 1, scope: !10, file: !1, line: 26, type: !13)
!24 = !DILocalVariable(name: "mask", arg: 2, scope: !10, file: !1, line: 26, type: !17)
!25 = !DILocalVariable(name: "keys", arg: 3, scope: !10, file: !1, line: 26, type: !20)
!26 = !DILocalVariable(name: "n", arg: 4, scope: !10, file: !1, line: 26, type: !19)
!27 = !DILocalVariable(name: "i", scope: !28, file: !1, line: 27, type: !19)
!28 = distinct !DILexicalBlock(scope: !10, file: !1, line: 27, column: 3)
!29 = !DILocalVariable(name: "h", scope: !30, file: !1, line: 28, type: !17)
!30 = distinct !DILexicalBlock(scope: !31, file: !1, line: 27, column: 32)
!31 = distinct !DILexicalBlock(scope: !28, file: !1, line: 27, column: 3)
!32 = !DILocation(line: 0, scope: !10)
!33 = !DILocation(line: 0, scope: !28)
!34 = !DILocation(line: 27, column: 22, scope: !31)
!35 = !DILocation(line: 27, column: 3, scope: !28)
!36 = !DILocation(line: 34, column: 1, scope: !10)
!37 = !DILocation(line: 28, column: 24, scope: !30)
!38 = !{!39, !39, i64 0}
!39 = !{!"long", !40, i64 0}
!40 = !{!"omnipotent char", !41, i64 0}
!41 = !{!"Simple C/C++ TBAA"}
!42 = !DILocation(line: 28, column: 32, scope: !30)
!43 = !DILocation(line: 0, scope: !30)
!44 = !DILocation(line: 29, column: 5, scope: !30)
!45 = !DILocation(line: 29, column: 12, scope: !30)
!46 = !DILocation(line: 29, column: 17, scope: !30)
!47 = !{!48, !39, i64 0}
!48 = !{!"entry", !39, i64 0, !39, i64 8}
!49 = !DILocation(line: 29, column: 21, scope: !30)
!50 = !DILocation(line: 30, column: 14, scope: !30)
!51 = distinct !{!51, !44, !52, !53}
!52 = !DILocation(line: 30, column: 21, scope: !30)
!53 = !{!"llvm.loop.mustprogress"}
!54 = !DILocation(line: 31, column: 14, scope: !30)
!55 = !DILocation(line: 32, column: 10, scope: !30)
!56 = !DILocation(line: 32, column: 15, scope: !30)
!57 = !{!48, !39, i64 8}
!58 = !DILocation(line: 27, column: 28, scope: !31)
!59 = distinct !{!59, !35, !60, !53}
!60 = !DILocation(line: 33, column: 3, scope: !28)
!61 = distinct !DISubprogram(name: "count_all_noted", scope: !1, file: !1, line: 36, type: !11, scopeLine: 36, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !62)
!62 = !{!63, !64, !65, !66, !67, !69}
!63 = !DILocalVariable(name: "t", arg: 1, scope: !61, file: !1, line: 36, type: !13)
!64 = !DILocalVariable(name: "mask", arg: 2, scope: !61, file: !1, line: 36, type: !17)
!65 = !DILocalVariable(name: "keys", arg: 3, scope: !61, file: !1, line: 36, type: !20)
!66 = !DILocalVariable(name: "n", arg: 4, scope: !61, file: !1, line: 36, type: !19)
!67 = !DILocalVariable(name: "i", scope: !68, file: !1, line: 37, type: !19)
!68 = distinct !DILexicalBlock(scope: !61, file: !1, line: 37, column: 3)
!69 = !DILocalVariable(name: "h", scope: !70, file: !1, line: 39, type: !17)
!70 = distinct !DILexicalBlock(scope: !71, file: !1, line: 37, column: 32)
!71 = distinct !DILexicalBlock(scope: !68, file: !1, line: 37, column: 3)
!72 = !DILocation(line: 0, scope: !61)
!73 = !DILocation(line: 0, scope: !68)
!74 = !DILocation(line: 37, column: 22, scope: !71)
!75 = !DILocation(line: 37, column: 3, scope: !68)
!76 = !DILocation(line: 45, column: 1, scope: !61)
!77 = !DILocation(line: 38, column: 10, scope: !70)
!78 = !DILocation(line: 38, column: 5, scope: !70)
!79 = !DILocation(line: 39, column: 24, scope: !70)
!80 = !DILocation(line: 39, column: 32, scope: !70)
!81 = !DILocation(line: 0, scope: !70)
!82 = !DILocation(line: 40, column: 5, scope: !70)
!83 = !DILocation(line: 40, column: 12, scope: !70)
!84 = !DILocation(line: 40, column: 17, scope: !70)
!85 = !DILocation(line: 40, column: 21, scope: !70)
!86 = !DILocation(line: 41, column: 14, scope: !70)
!87 = distinct !{!87, !82, !88, !53}
!88 = !DILocation(line: 41, column: 21, scope: !70)
!89 = !DILocation(line: 42, column: 14, scope: !70)
!90 = !DILocation(line: 43, column: 10, scope: !70)
!91 = !DILocation(line: 43, column: 15, scope: !70)
!92 = !DILocation(line: 37, column: 28, scope: !71)
!93 = distinct !{!93, !75, !94, !53}
!94 = !DILocation(line: 44, column: 3, scope: !68)
!95 = !DISubprogram(name: "note", scope: !1, file: !1, line: 24, type: !96, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!96 = !DISubroutineType(types: !97)
!97 = !{null, !17}
!98 = distinct !DISubprogram(name: "partition", scope: !1, file: !1, line: 50, type: !99, scopeLine: 50, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !102)
!99 = !DISubroutineType(types: !100)
!100 = !{!19, !101, !19, !19}
!101 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !19, size: 64)
!102 = !{!103, !104, !105, !106, !107, !108}
!103 = !DILocalVariable(name: "a", arg: 1, scope: !98, file: !1, line: 50, type: !101)
!104 = !DILocalVariable(name: "n", arg: 2, scope: !98, file: !1, line: 50, type: !19)
!105 = !DILocalVariable(name: "p", arg: 3, scope: !98, file: !1, line: 50, type: !19)
!106 = !DILocalVariable(name: "i", scope: !98, file: !1, line: 51, type: !19)
!107 = !DILocalVariable(name: "j", scope: !98, file: !1, line: 51, type: !19)
!108 = !DILocalVariable(name: "t", scope: !109, file: !1, line: 59, type: !19)
!109 = distinct !DILexicalBlock(scope: !110, file: !1, line: 52, column: 12)
!110 = distinct !DILexicalBlock(scope: !111, file: !1, line: 52, column: 3)
!111 = distinct !DILexicalBlock(scope: !98, file: !1, line: 52, column: 3)
!112 = !DILocation(line: 0, scope: !98)
!113 = !DILocation(line: 51, column: 21, scope: !98)
!114 = !DILocation(line: 52, column: 3, scope: !98)
!115 = !DILocation(line: 51, column: 15, scope: !98)
!116 = !DILocation(line: 51, column: 8, scope: !98)
!117 = !DILocation(line: 53, column: 5, scope: !109)
!118 = !DILocation(line: 53, column: 12, scope: !109)
!119 = !DILocation(line: 53, column: 17, scope: !109)
!120 = !DILocation(line: 54, column: 8, scope: !109)
!121 = distinct !{!121, !117, !120, !53}
!122 = !DILocation(line: 55, column: 5, scope: !109)
!123 = !DILocation(line: 55, column: 12, scope: !109)
!124 = !DILocation(line: 55, column: 17, scope: !109)
!125 = !DILocation(line: 56, column: 8, scope: !109)
!126 = distinct !{!126, !122, !125, !53}
!127 = !DILocation(line: 57, column: 11, scope: !128)
!128 = distinct !DILexicalBlock(scope: !109, file: !1, line: 57, column: 9)
!129 = !DILocation(line: 57, column: 9, scope: !109)
!130 = !DILocation(line: 58, column: 7, scope: !128)
!131 = !DILocation(line: 0, scope: !109)
!132 = !DILocation(line: 60, column: 10, scope: !109)
!133 = !DILocation(line: 60, column: 23, scope: !109)
!134 = !DILocation(line: 52, column: 3, scope: !110)
!135 = distinct !{!135, !136, !137}
!136 = !DILocation(line: 52, column: 3, scope: !111)
!137 = !DILocation(line: 61, column: 3, scope: !111)
!138 = distinct !DISubprogram(name: "insert", scope: !1, file: !1, line: 71, type: !139, scopeLine: 71, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !147)
!139 = !DISubroutineType(types: !140)
!140 = !{null, !141, !142, !19}
!141 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !142, size: 64)
!142 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !143, size: 64)
!143 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "node", file: !1, line: 67, size: 128, elements: !144)
!144 = !{!145, !146}
!145 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !143, file: !1, line: 68, baseType: !142, size: 64)
!146 = !DIDerivedType(tag: DW_TAG_member, name: "key", scope: !143, file: !1, line: 69, baseType: !19, size: 64, offset: 64)
!147 = !{!148, !149, !150, !151}
!148 = !DILocalVariable(name: "head", arg: 1, scope: !138, file: !1, line: 71, type: !141)
!149 = !DILocalVariable(name: "n", arg: 2, scope: !138, file: !1, line: 71, type: !142)
!150 = !DILocalVariable(name: "key", arg: 3, scope: !138, file: !1, line: 71, type: !19)
!151 = !DILocalVariable(name: "p", scope: !138, file: !1, line: 72, type: !141)
!152 = !DILocation(line: 0, scope: !138)
!153 = !DILocation(line: 73, column: 3, scope: !138)
!154 = !DILocation(line: 73, column: 10, scope: !138)
!155 = !{!156, !156, i64 0}
!156 = !{!"any pointer", !40, i64 0}
!157 = !DILocation(line: 73, column: 13, scope: !138)
!158 = !DILocation(line: 73, column: 22, scope: !138)
!159 = !{!160, !39, i64 8}
!160 = !{!"node", !156, i64 0, !39, i64 8}
!161 = !DILocation(line: 73, column: 26, scope: !138)
!162 = distinct !{!162, !153, !163, !53}
!163 = !DILocation(line: 74, column: 16, scope: !138)
!164 = !DILocation(line: 75, column: 11, scope: !138)
!165 = !{!160, !156, i64 0}
!166 = !DILocation(line: 76, column: 6, scope: !138)
!167 = !DILocation(line: 77, column: 1, scope: !138)
