/* bench_rmw.c -- random read-modify-writes (issue 22): fills MiB of memory,
 * then adds to ACCESSES words chosen at random, and prints a checksum of the
 * whole array. Under a budget smaller than MiB nearly every access is a
 * fault on a page that must be fetched, and every victim is dirty.
 * Usage: bench_rmw [MiB [ACCESSES]]   (defaults 1024, 1000000) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? strtoull(argv[1], NULL, 0) : 1024;
  uint64_t accesses = argc > 2 ? strtoull(argv[2], NULL, 0) : 1000000;
  size_t words = (mib << 20) / sizeof(uint64_t);
  uint64_t *a = malloc(words * sizeof *a);
  if (!words || !a) {
    fprintf(stderr, "bench_rmw: cannot allocate %zu MiB\n", mib);
    return 2;
  }
  for (size_t i = 0; i < words; i++)
    a[i] = i;
  double t0 = now();
  uint64_t x = 88172645463325252ull;
  for (uint64_t k = 0; k < accesses; k++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    a[x % words] += k;
  }
  double t1 = now();
  uint64_t sum = 0;
  for (size_t i = 0; i < words; i++)
    sum = sum * 31 + a[i];
  printf("%zu MiB, %lu random read-modify-writes in %.3f s (%.2f us each)\nchecksum %#lx\n", mib,
         (unsigned long)accesses, t1 - t0, (t1 - t0) * 1e6 / accesses, (unsigned long)sum);
  free(a);
  return 0;
}
