/* Allocates MiB_ALLOC and writes only its first MiB_TOUCH, as a vector's
 * spare capacity or an allocator's growth is allocated and never touched.
 * USAGE: fm_touch_part MiB_ALLOC MiB_TOUCH
 * prints "sum <value>" of what it wrote */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s MiB_ALLOC MiB_TOUCH\n", argv[0]);
    return 2;
  }
  size_t n = ((size_t)atol(argv[1]) << 20) / sizeof(long);
  size_t touch = ((size_t)atol(argv[2]) << 20) / sizeof(long);
  long *a = malloc(n * sizeof *a);
  if (!a || touch > n)
    return 2;
  for (size_t i = 0; i < touch; i++)
    a[i] = (long)(i * 7 + 3);
  long sum = 0;
  for (size_t i = 0; i < touch; i++)
    sum += a[i];
  printf("sum %ld\n", sum);
  free(a);
  return 0;
}
