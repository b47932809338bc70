// A program built with hints runs correctly without the runtime (the slow
// path is a weak reference and no address is far).
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/runs-without-runtime.fhprof %s -o %t
// RUN: %t | FileCheck %s
// CHECK: sum 499500
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  long *a = malloc(1000 * sizeof *a);
  long s = 0;
  for (long i = 0; i < 1000; i++)
    a[i] = i;
  for (long i = 0; i < 1000; i++)
    s += a[i];
  printf("sum %ld\n", s);
  free(a);
  return 0;
}
