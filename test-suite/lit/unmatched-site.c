// A site in this file that matches no memory access is warned about and
// reported; a site in another file is only reported.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/unmatched-site.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o /dev/null 2>%t.err
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// WARN: warning: {{.*}}: farhint: site 1 (unmatched-site.c:14:3) matches no memory access: not hinted
// WARN-NOT: site 2
// REPORT: not-hinted:
// REPORT: site: 1
// REPORT: reason: "no memory access at this location in this module
// REPORT: site: 2
// REPORT: reason: "not in this translation unit"
long twice(long x) {
  return x * 2;
}
// With -Rpass-missed=farhint, the site in this file is remarked on, at the
// function its line is in; the site in another file is not.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/unmatched-site.fhprof -Rpass-missed=farhint -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck --check-prefix=MISSED %s
// MISSED: remark: site 1 (unmatched-site.c:14:3) not hinted: no memory access at this location
// MISSED-NOT: site 2
