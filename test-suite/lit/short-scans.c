// A loop over a vertex's few neighbours is affine, but it starts at
// scattered places: the profile saw no sequential run of pages in its 500
// faults, so the hint gets no seq and no read-ahead (packed 0). With fewer
// faults than it takes to judge (10), the loop's shape decides: seq with
// the default read-ahead of 16 pages (16<<16 | 2 = 1048578).
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-profile=%inputs/short-scans.fhprof -S -emit-llvm %s -o - | FileCheck %s --check-prefix=JUDGED
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-profile=%inputs/short-scans-few.fhprof -S -emit-llvm %s -o - | FileCheck %s --check-prefix=FEW
// RUN: %clang -O1 -g %plugin -fplugin-arg-farhint-profile=%inputs/short-scans.fhprof -fplugin-arg-farhint-report=%t.yaml -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=WHY < %t.yaml
// JUDGED-LABEL: define{{.*}} i64 @neighbour_sum(
// JUDGED: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 4, i32 0, i32 3)
// FEW-LABEL: define{{.*}} i64 @neighbour_sum(
// FEW: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 4, i32 1048578, i32 3)
// WHY: the profile saw no sequential run of pages in its 500 faults: no seq
long neighbour_sum(int **adj, const int *deg, const int *order, int n) {
  long s = 0;
  for (int k = 0; k < n; k++) {
    int v = order[k];
    for (int i = 0; i < deg[v]; i++)
      s += adj[v][i];
  }
  return s;
}
