// Without a profile, mode=static suggests hints for affine loop accesses
// through heap pointers (marked unprofiled in the report) and inserts them
// only with static-insert=true; stack arrays are never hinted.
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-mode=static -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck --check-prefix=SUGGEST %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-mode=static -fplugin-arg-farhint-static-insert=true -S -emit-llvm %s -o - | FileCheck --check-prefix=INSERT %s
// SUGGEST-NOT: call preserve_mostcc void @farhint_hint_slow_preserve_most
// REPORT: not-hinted:
// REPORT: location: "{{.*}}static-mode.c:21:10"
// REPORT: unprofiled: true
// REPORT: reason: "suggested (static-insert=false): read; loop: affine, stride 8 bytes; seq with read-ahead 16 pages"
// REPORT-NOT: static-mode.c:2{{[5-9]}}
// INSERT-LABEL: define{{.*}} i64 @sum(
// INSERT: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 1048578, i32 0)
// INSERT-LABEL: define{{.*}} i64 @local_sum(
// INSERT-NOT: call preserve_mostcc void @farhint_hint_slow_preserve_most
// INSERT: ret i64
long sum(const long *a, long n) {
  long s = 0;
  for (long i = 0; i < n; i++)
    s += a[i];
  return s;
}
long local_sum(long n) {
  volatile long buf[64];
  long s = 0;
  for (long i = 0; i < n && i < 64; i++)
    s += buf[i];
  return s;
}
