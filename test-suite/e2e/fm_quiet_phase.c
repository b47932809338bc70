/* A program whose misses stop for a while, then come back: fills a far
 * array larger than its budget (so hints go live), re-reads a small one
 * that stays local for MS milliseconds, hinting every read, then re-reads
 * the large one, hinting every read.
 * USAGE: fm_quiet_phase BIG_MiB SMALL_KiB MS
 * prints "calm_live 0|1" (this module's live word after the calm phase),
 * "scan_live 0|1" (after the last scan) and "sum <value>" */
#include <farhint/hint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static long sum_hinted(const long *a, size_t n) {
  long sum = 0;
  for (size_t i = 0; i < n; i++) {
    hint_fault(&a[i], 0, sizeof a[i], 0, 0, 0);
    sum += a[i];
  }
  return sum;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s BIG_MiB SMALL_KiB MS\n", argv[0]);
    return 2;
  }
  size_t big_n = ((size_t)atol(argv[1]) << 20) / sizeof(long);
  size_t small_n = ((size_t)atol(argv[2]) << 10) / sizeof(long);
  double calm_ms = atof(argv[3]);
  long *big = malloc(big_n * sizeof *big), *small = malloc(small_n * sizeof *small);
  for (size_t i = 0; i < big_n; i++)
    big[i] = (long)(i * 7 + 3);
  for (size_t i = 0; i < small_n; i++)
    small[i] = (long)i;
  volatile long calm_sum = 0; /* its number of passes varies: not printed */
  for (double end = now_ms() + calm_ms; now_ms() < end;)
    calm_sum += sum_hinted(small, small_n);
  int calm_live = farhint_hints_live();
  long sum = sum_hinted(big, big_n);
  printf("calm_live %d\nscan_live %d\nsum %ld\n", calm_live, farhint_hints_live(), sum);
  return 0;
}
