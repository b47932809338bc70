/* Copies a far array into a fresh one element by element, as a vector's
 * growth or a column built from another does: the thread's faults alternate
 * between two runs in address order (the source, the destination).
 * USAGE: fm_copy MiB
 * prints "sum <value>" of the copy */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MiB\n", argv[0]);
    return 2;
  }
  size_t n = ((size_t)atol(argv[1]) << 20) / sizeof(long);
  long *a = malloc(n * sizeof *a);
  for (size_t i = 0; i < n; i++)
    a[i] = (long)(i * 3 + 1);
  long *b = malloc(n * sizeof *b);
  for (size_t i = 0; i < n; i++)
    b[i] = a[i] ^ (long)i;
  long sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += b[i];
  printf("sum %ld\n", sum);
  free(a);
  free(b);
  return 0;
}
