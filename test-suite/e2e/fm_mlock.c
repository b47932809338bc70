/* fm_mlock.c -- memory locking on a program whose heap is far memory: mlock
 * of a heap block, of a stack buffer, then mlockall(MCL_CURRENT |
 * MCL_FUTURE), each followed by a pass over a heap bigger than the budget
 * (so locked pages must still be evicted), a new block allocated while
 * MCL_FUTURE holds, and the unlocks. Every word is checked.
 * Usage: fm_mlock MiB   prints what each call returned, whether anything
 * is locked after the stack's mlock and after munlockall, and a checksum. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static uint64_t pattern(size_t i, uint64_t round) { return (i ^ round) * 0x9e3779b97f4a7c15ULL; }

static void said(const char *call, int rc) {
  printf("%s: %s\n", call, rc == 0 ? "ok" : strerror(errno));
}

/* Whether the kernel counts any memory of this process as locked. */
static const char *locked_now(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  unsigned long kib = 0;
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "VmLck: %lu", &kib) == 1)
      break;
  if (f)
    fclose(f);
  return kib ? "some memory locked" : "nothing locked";
}

/* Checks the previous round's values and writes this round's. */
static int pass(uint64_t *a, size_t n, uint64_t round, uint64_t *sum) {
  for (size_t i = 0; i < n; i++) {
    if (round && a[i] != pattern(i, round - 1)) {
      printf("word %zu lost in round %lu\n", i, (unsigned long)round);
      return 1;
    }
    a[i] = pattern(i, round);
    *sum += a[i];
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s MiB\n", argv[0]);
    return 2;
  }
  size_t n = (strtoull(argv[1], NULL, 0) << 20) / 8;
  uint64_t *a = malloc(n * 8), sum = 0;
  char on_stack[8192];
  if (!a)
    return 2;
  memset(on_stack, 1, sizeof on_stack);
  int rc = pass(a, n, 0, &sum);
  said("mlock(heap)", mlock(a + n / 2, 1 << 20));
  said("mlock(stack)", mlock(on_stack, sizeof on_stack));
  printf("%s\n", locked_now());
  rc |= pass(a, n, 1, &sum);
  said("munlock(heap)", munlock(a + n / 2, 1 << 20));
  said("mlockall", mlockall(MCL_CURRENT | MCL_FUTURE));
  rc |= pass(a, n, 2, &sum);
  uint64_t *b = malloc(n * 8); /* allocated while MCL_FUTURE holds */
  if (!b)
    return 2;
  rc |= pass(b, n, 0, &sum) | pass(a, n, 3, &sum) | pass(b, n, 1, &sum);
  said("munlockall", munlockall());
  printf("%s\n", locked_now());
  rc |= pass(a, n, 4, &sum);
  printf("%s %#lx\n", rc ? "lost" : "ok", (unsigned long)sum);
  return rc;
}
