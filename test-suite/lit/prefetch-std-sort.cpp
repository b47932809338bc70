// A gather in a comparator that std::sort's partition loop calls gets its
// blocking hint but no prefetch ahead: the loop is the standard library's,
// whose iterations are not the order it visits the elements in, and a check
// ahead on every comparison cost dataframe's sort by fare 30%. The same
// gather in a loop of the program's own gets one (gather below).
// RUN: %clangxx -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/prefetch-std-sort.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o %t.ll
// RUN: FileCheck --check-prefix=REPORT %s --input-file=%t.yaml
// RUN: FileCheck --check-prefix=IR %s --input-file=%t.ll
// REPORT: prefetch-std-sort.cpp:22:12
// REPORT: no prefetch ahead: the loop is the C++ standard library's (std::__{{[a-z_]+}})
// REPORT: prefetch-std-sort.cpp:29:10
// REPORT: prefetch ahead: indirect through 1 load(s)
// IR-LABEL: define{{.*}}by_key
// IR-NOT: farhint_prefetch
// IR-LABEL: define{{.*}}gather
// IR: call {{.*}}@farhint_prefetch_preserve_most
#include <algorithm>
#include <vector>

void by_key(std::vector<unsigned> &order, const double *key) {
  std::sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return key[a] < key[b];
  });
}

double gather(const unsigned *idx, const double *key, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += key[idx[i]];
  return s;
}
