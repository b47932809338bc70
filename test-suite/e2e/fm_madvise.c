/* fm_madvise.c -- madvise on heap memory that is partly evicted, as on
 * ordinary anonymous memory: DONTNEED'd pages read as zeros afterwards
 * (local or evicted when it was called), the rest keeps its data, FREE'd
 * pages hold zeros or their old data, and WILLNEED'd pages come back intact.
 * Usage: fm_madvise MiB   prints "ok" and a checksum, or what went wrong. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define PAGE 4096

static int fail(const char *what, size_t page) {
  printf("%s at page %zu\n", what, page);
  return 1;
}

int main(int argc, char **argv) {
  size_t bytes = (argc > 1 ? strtoull(argv[1], NULL, 0) : 16) << 20;
  size_t pages = bytes / PAGE, words = PAGE / 8;
  uint64_t *a = aligned_alloc(PAGE, bytes);
  if (!a)
    return 2;
  for (size_t i = 0; i < bytes / 8; i++)
    a[i] = i * 2654435761u + 1;
  /* The first quarter was written first: at a small budget it is far now,
   * the last quarter local. Drop a run of pages in each, free one, and ask
   * for another to come back. */
  size_t drop[2] = {pages / 8, pages - pages / 8 - 16}, freed = pages / 2;
  volatile uint64_t touch = 0;
  for (size_t p = drop[1]; p < drop[1] + 16; p++) /* local now, whatever the budget */
    touch += a[p * words];
  for (int k = 0; k < 2; k++)
    if (madvise(a + drop[k] * words, 16 * PAGE, MADV_DONTNEED))
      return fail("madvise(DONTNEED) failed", drop[k]);
  if (madvise(a + freed * words, 16 * PAGE, MADV_FREE))
    return fail("madvise(FREE) failed", freed);
  if (madvise(a + pages / 4 * words, 64 * PAGE, MADV_WILLNEED))
    return fail("madvise(WILLNEED) failed", pages / 4);
  uint64_t sum = 0;
  for (size_t p = 0; p < pages; p++) {
    int dropped = (p >= drop[0] && p < drop[0] + 16) || (p >= drop[1] && p < drop[1] + 16);
    int was_freed = p >= freed && p < freed + 16;
    for (size_t w = 0; w < words; w++) {
      size_t i = p * words + w;
      uint64_t want = dropped ? 0 : i * 2654435761u + 1;
      if (was_freed && a[i] == 0)
        continue;
      if (was_freed) /* old data: also right, but not in the sum */
        want = a[i] == want ? a[i] : ~a[i];
      if (a[i] != want)
        return fail(dropped ? "old data after DONTNEED" : "data lost", p);
      if (!was_freed)
        sum += a[i];
    }
  }
  printf("ok\nchecksum %lx\n", (unsigned long)sum);
  free(a);
  return 0;
}
