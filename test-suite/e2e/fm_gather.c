/* fm_gather.c -- random indirect accesses through an index array, as graph
 * kernels make them: a gather (sum += a[idx[i]]) and a scatter through two
 * loads (out[pos[key[i]]]++), over arrays far larger than a page. Prints a
 * checksum, so a far-memory run can be compared with the native one.
 * Usage: fm_gather MIB ROUNDS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t next(uint64_t *x) { /* xorshift64* */
  *x ^= *x >> 12;
  *x ^= *x << 25;
  *x ^= *x >> 27;
  return *x * 0x2545f4914f6cdd1dULL;
}

static double gather(const double *a, const uint32_t *idx, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += a[idx[i]]; /* SITE:gather */
  return s;
}

static void scatter(long *out, const long *pos, const uint32_t *key, long n) {
  for (long i = 0; i < n; i++)
    out[pos[key[i]]]++; /* SITE:scatter */
}

int main(int argc, char **argv) {
  long mib = argc > 1 ? atol(argv[1]) : 16, rounds = argc > 2 ? atol(argv[2]) : 2;
  long n = mib * (1L << 20) / 8 / 3; /* three arrays of n 8-byte values */
  double *a = malloc(n * sizeof *a);
  long *pos = malloc(n * sizeof *pos), *out = calloc(n, sizeof *out);
  uint32_t *idx = malloc(n * sizeof *idx);
  if (!a || !pos || !out || !idx)
    return 1;
  uint64_t x = 88172645463325252ULL;
  for (long i = 0; i < n; i++) {
    a[i] = (double)(i % 1000);
    pos[i] = (long)(next(&x) % (uint64_t)n);
    idx[i] = (uint32_t)(next(&x) % (uint64_t)n);
  }
  double s = 0;
  for (long r = 0; r < rounds; r++) {
    s += gather(a, idx, n);
    scatter(out, pos, idx, n);
  }
  unsigned long check = (unsigned long)s;
  for (long i = 0; i < n; i++)
    check = check * 31 + (unsigned long)out[i];
  printf("checksum %lu\n", check);
  return 0;
}
