/* A program whose first allocation is small enough for the memory jemalloc
 * reserved before the runtime's hooks were installed: writes FIRST_KiB,
 * then FILL_MiB (which evicts), then reads the first buffer back, a word
 * a page.
 * USAGE: fm_first_alloc FIRST_KiB FILL_MiB   prints "sum <value>" */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s FIRST_KiB FILL_MiB\n", argv[0]);
    return 2;
  }
  size_t first_n = ((size_t)atol(argv[1]) << 10) / sizeof(long);
  size_t fill_n = ((size_t)atol(argv[2]) << 20) / sizeof(long);
  long *first = malloc(first_n * sizeof *first);
  for (size_t i = 0; i < first_n; i++)
    first[i] = (long)i;
  long *fill = malloc(fill_n * sizeof *fill), sum = 0;
  for (size_t i = 0; i < fill_n; i++)
    fill[i] = (long)(i * 3);
  sum += fill[fill_n - 1];
  for (size_t i = 0; i < first_n; i += 512) /* a page at a time */
    sum += first[i];
  printf("sum %ld\n", sum);
  return 0;
}
