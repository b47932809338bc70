/* A sequential scan over a far array, hinted or not, for the tests and the
 * scan benchmark: fills N MiB, then sums it PASSES times. After each pass it
 * reads the far region's resident size from /proc/self/smaps (the kernel's
 * count, not the runtime's) and prints the largest seen.
 * USAGE: fm_scan MiB PASSES hint|nohint [RDAHEAD]
 * prints "sum <value>", "far_rss_max_kb <kB>" and "hints_live 0|1" (whether the
 * runtime had set this module's live word by the end) */
#include <farhint/hint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rss of the mapping that starts at the far base, in kB (0 if none). */
static long far_rss_kb(void) {
  FILE *f = fopen("/proc/self/smaps", "r");
  char line[256];
  int in_far = 0;
  long kb = 0;
  unsigned long start = 0;
  while (f && fgets(line, sizeof line, f)) {
    if (sscanf(line, "%lx-", &start) == 1 && strchr(line, '-') < strchr(line, ' '))
      in_far = start == FARHINT_FAR_BASE;
    else if (in_far && sscanf(line, "Rss: %ld kB", &kb) == 1)
      break;
  }
  if (f)
    fclose(f);
  return in_far ? kb : 0;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s MiB PASSES hint|nohint [RDAHEAD]\n", argv[0]);
    return 2;
  }
  size_t n = ((size_t)atol(argv[1]) << 20) / sizeof(long);
  int passes = atoi(argv[2]);
  int hinted = !strcmp(argv[3], "hint");
  int rdahead = argc > 4 ? atoi(argv[4]) : 16;
  long *a = malloc(n * sizeof *a);
  for (size_t i = 0; i < n; i++) {
    if (hinted)
      hint_fault(&a[i], 1, sizeof a[i], rdahead, 0, 1);
    a[i] = (long)(i * 3 + 1);
  }
  long sum = 0, rss_max = far_rss_kb();
  for (int p = 0; p < passes; p++) {
    for (size_t i = 0; i < n; i++) {
      if (hinted)
        hint_fault(&a[i], 0, sizeof a[i], rdahead, 0, 1);
      sum += a[i];
    }
    long rss = far_rss_kb();
    rss_max = rss > rss_max ? rss : rss_max;
  }
  printf("sum %ld\nfar_rss_max_kb %ld\nhints_live %d\n", sum, rss_max, farhint_hints_live());
  return 0;
}
