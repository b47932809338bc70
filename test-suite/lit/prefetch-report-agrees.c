// A site matched by line (its column names no access) whose line has an
// affine load first (idx[i]: no prefetch ahead) and then an indirect one
// (a[idx[i]]: a prefetch ahead): the YAML report says what the remark says,
// a prefetch ahead for the site, not the first access's "no load in the
// address".
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '{"format": "farhint-profile", "version": 1, "binary": {"path": "a.out", "build_id": ""}, "run": {"total_faults": 100}, "sites": [{"id": 1, "file": "prefetch-report-agrees.c", "line": 19, "column": 1, "function": "gather", "faults": {"read": 100, "write": 0, "write_protect": 0}}]}' > %t/p.fhprof
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%t/p.fhprof -fplugin-arg-farhint-report=%t/r.yaml -Rpass=farhint -S -emit-llvm %s -o /dev/null 2> %t/remarks
// RUN: FileCheck --check-prefix=REMARK %s < %t/remarks
// RUN: FileCheck --check-prefix=REPORT %s < %t/r.yaml
// REMARK: prefetch ahead for site 1
// REPORT: hinted:
// REPORT-NEXT: - site: 1
// REPORT: prefetch-ahead: true
// REPORT: why: "{{.*}}; prefetch ahead: indirect through 1 load(s)
double gather(const double *a, const int *idx, long n) {
  double s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; i++) s += a[idx[i]];
  return s;
}
