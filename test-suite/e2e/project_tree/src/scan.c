/* A library of the project: the loops that fault. */
#include "scan.h"

void fill(long *a, long n) {
  for (long i = 0; i < n; i++)
    a[i] = i * 7;
}

long sum(const long *a, long n) {
  long s = 0;
  for (long i = 0; i < n; i++)
    s += a[i];
  return s;
}
