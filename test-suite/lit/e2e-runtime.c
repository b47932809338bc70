// End to end: built with its profile and run under the runtime at 1/8 local
// memory, the hinted program prints what the unhinted one prints, and hinted
// faults (with read-ahead) replace nearly all unhinted ones.
// RUN: %clang -O2 -g %s -o %t.plain
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/e2e-runtime.fhprof %s -o %t.hinted
// RUN: %farhint run --local 2M --stats-file %t.plain.json -- %t.plain > %t.plain.out
// RUN: %farhint run --local 2M --stats-file %t.hinted.json -- %t.hinted > %t.hinted.out
// RUN: diff %t.plain.out %t.hinted.out
// RUN: %python %inputs/compare_stats.py %t.plain.json %t.hinted.json | FileCheck %s
// CHECK: hinted faults replaced unhinted ones
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  long n = 2 << 20; /* 16 MiB of longs */
  long *a = malloc(n * sizeof *a);
  for (long i = 0; i < n; i++)
    a[i] = i * 3;
  long s = 0;
  for (long i = 0; i < n; i++)
    s += a[i];
  printf("sum %ld\n", s);
  free(a);
  return 0;
}
