/* fm_anon_ops.c -- madvise and mremap on heap memory that is partly
 * evicted, as on ordinary anonymous memory: DONTNEED'd pages read as zeros
 * afterwards (local or evicted when it was called), the rest keeps its data,
 * FREE'd pages hold zeros or their old data, WILLNEED'd pages come back
 * intact; a block moved and grown by mremap keeps every byte and reads
 * zeros beyond, and one shrunk in place keeps its head; unmapping the middle
 * of a far block leaves the rest intact, read back in order (read-ahead
 * must step over the hole).
 * Usage: fm_anon_ops MiB   prints "ok" and a checksum, or what went wrong. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define PAGE 4096

static int fail(const char *what, size_t page) {
  printf("%s at page %zu\n", what, page);
  return 1;
}

static uint64_t pattern(size_t i, uint64_t salt) { return (i + salt) * 0x9e3779b97f4a7c15ULL | 1; }

/* Fills a block bigger than the budget (its head is far by the end), moves
 * and doubles it, checks it, then shrinks another one in place. */
static int check_mremap(size_t bytes, uint64_t *sum) {
  size_t n = bytes / 8;
  uint64_t *b = aligned_alloc(PAGE, bytes);
  if (!b)
    return 2;
  for (size_t i = 0; i < n; i++)
    b[i] = pattern(i, 1);
  uint64_t *m = mremap(b, bytes, 2 * bytes, MREMAP_MAYMOVE);
  if (m == MAP_FAILED)
    return fail("mremap(MAYMOVE) failed", 0);
  for (size_t i = 0; i < 2 * n; i++) {
    if (m[i] != (i < n ? pattern(i, 1) : 0))
      return fail(i < n ? "mremap lost data" : "mremap's new tail is not zero", i * 8 / PAGE);
    *sum += m[i];
  }
  m[2 * n - 1] = 7; /* the grown part is writable */
  munmap(m, 2 * bytes);
  uint64_t *c = aligned_alloc(PAGE, bytes);
  if (!c)
    return 2;
  for (size_t i = 0; i < n; i++)
    c[i] = pattern(i, 2);
  if (mremap(c, bytes, bytes / 2, 0) != c)
    return fail("mremap could not shrink in place", 0);
  for (size_t i = 0; i < n / 2; i++)
    if (c[i] != pattern(i, 2))
      return fail("shrinking lost data", i * 8 / PAGE);
  uint64_t *d = aligned_alloc(PAGE, bytes);
  if (!d)
    return 2;
  for (size_t i = 0; i < n; i++)
    d[i] = pattern(i, 3);
  size_t hole = n / 2 / (PAGE / 8) * (PAGE / 8); /* a page boundary mid-block */
  if (munmap(d + hole, 8 * PAGE))
    return fail("munmap failed", hole * 8 / PAGE);
  for (size_t i = 0; i < n; i++) {
    if (i == hole)
      i += 8 * PAGE / 8;
    if (d[i] != pattern(i, 3))
      return fail("data lost next to an unmapped hole", i * 8 / PAGE);
    *sum += d[i];
  }
  return 0;
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
  free(a);
  int rc = check_mremap(bytes / 2, &sum);
  if (rc)
    return rc;
  printf("ok\nchecksum %lx\n", (unsigned long)sum);
  return 0;
}
