/* A program that frees a large buffer before local memory runs short:
 * allocates FREED_MiB and FILL_MiB, writes the first, frees it, then writes
 * the second, which evicts. The freed buffer's data is dead: it should be
 * dropped, not written back.
 * USAGE: fm_free_then_fill FREED_MiB FILL_MiB   prints "sum <value>" */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s FREED_MiB FILL_MiB\n", argv[0]);
    return 2;
  }
  size_t freed_n = ((size_t)atol(argv[1]) << 20) / sizeof(long);
  size_t fill_n = ((size_t)atol(argv[2]) << 20) / sizeof(long);
  long *freed = malloc(freed_n * sizeof *freed), *fill = malloc(fill_n * sizeof *fill);
  long sum = 0;
  for (size_t i = 0; i < freed_n; i++)
    freed[i] = (long)i;
  for (size_t i = 0; i < freed_n; i += 512)
    sum += freed[i];
  free(freed);
  for (size_t i = 0; i < fill_n; i++)
    fill[i] = (long)(i * 3);
  for (size_t i = 0; i < fill_n; i += 512)
    sum += fill[i];
  printf("sum %ld\n", sum);
  return 0;
}
