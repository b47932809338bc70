// A site whose source line changed since profiling is not hinted, with a
// warning naming the old and the new text.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/stale-source.fhprof -S -emit-llvm %s -o - 2>%t.err | FileCheck --check-prefix=IR %s
// RUN: FileCheck %s < %t.err
// CHECK: warning: {{.*}}stale-source.fhprof: farhint: site 7 (stale-source.c:9:10): source line changed since profiling (stale profile): was 'return p[i] * 2;', now 'return p[i] * 3;'; record the profile again
// IR-NOT: call preserve_mostcc void @farhint_hint_slow_preserve_most
long get(const long *p, long i) {
  // The profiled build had "* 2" here.
  return p[i] * 3;
}
