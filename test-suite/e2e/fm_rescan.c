/* Scans of far arrays repeated, for the tests of ev_prio keep: fills A and
 * scans it PASSES_A times with hints of the given ev_prio, then does the same
 * with B (ev_prio 0). A scan of A larger than local memory evicts what its
 * next pass needs first unless part of A is kept; once A is no longer
 * scanned, its kept part must make way for B.
 * USAGE: fm_rescan MiB_A PASSES_A MiB_B PASSES_B keep|plain
 * prints "sum_a <value>" and "sum_b <value>" */
#include <farhint/hint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long scan(long *a, size_t n, int passes, int ev_prio) {
  for (size_t i = 0; i < n; i++) {
    hint_fault(&a[i], 1, sizeof a[i], 16, ev_prio, 1);
    a[i] = (long)(i * 7 + 3);
  }
  long sum = 0;
  for (int p = 0; p < passes; p++)
    for (size_t i = 0; i < n; i++) {
      hint_fault(&a[i], 0, sizeof a[i], 16, ev_prio, 1);
      sum += a[i];
    }
  return sum;
}

int main(int argc, char **argv) {
  if (argc != 6 || (strcmp(argv[5], "keep") && strcmp(argv[5], "plain"))) {
    fprintf(stderr, "usage: %s MiB_A PASSES_A MiB_B PASSES_B keep|plain\n", argv[0]);
    return 2;
  }
  size_t na = ((size_t)atol(argv[1]) << 20) / sizeof(long);
  size_t nb = ((size_t)atol(argv[3]) << 20) / sizeof(long);
  long *a = malloc(na * sizeof *a), *b = malloc(nb * sizeof *b);
  if (!a || !b)
    return 1;
  int keep = !strcmp(argv[5], "keep");
  printf("sum_a %ld\n", scan(a, na, atoi(argv[2]), keep ? FARHINT_EV_KEEP : 0));
  printf("sum_b %ld\n", scan(b, nb, atoi(argv[4]), 0));
  return 0;
}
