/* The program: 64 MiB filled once and summed three times. */
#include <stdio.h>
#include <stdlib.h>

#include "scan.h"

int main(void) {
  long n = (64L << 20) / sizeof(long), s = 0;
  long *a = malloc(n * sizeof *a);
  fill(a, n);
  for (int pass = 0; pass < 3; pass++)
    s += sum(a, n);
  printf("checksum %ld\n", s);
  free(a);
  return 0;
}
