// A site at a call to a function that is not inlined (its faults were
// inside it, at instructions with no line) names the callee, and the
// callee's own accesses are left to their own sites; a call to a library
// function says the faults were outside the program.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/call-site.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o /dev/null 2>%t.err
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// WARN: warning: {{.*}}: farhint: site 1 (call-site.c:20:3) is a call to fill, not a memory access: not hinted (its faults were inside the callee
// REPORT: not-hinted:
// REPORT: site: 1
// REPORT: reason: "a call to fill, not a memory access
__attribute__((noinline)) void fill(long *a, long n) {
  for (long i = 0; i < n; i++)
    a[i] = i;
}

long *a;

void run(long n) {
  fill(a, n);
}

void library_fill(long *a, long n);

void run_library(long n) {
  library_fill(a, n);
}
// WARN: warning: {{.*}}: farhint: site 2 (call-site.c:26:3) is a call to library_fill, not a memory access: not hinted (its faults were inside that function, outside this program's code)
