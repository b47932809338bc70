/* fm_big_mmap.c -- a program with its own allocator, taking its memory from
 * mmap as arenas: they read as zeros when mapped, keep every byte (evicted
 * ones included), and behave as the kernel's mappings under the usual
 * operations: an over-sized mapping trimmed to an aligned one by unmapping
 * its head and tail; an anonymous MAP_FIXED mapping over the middle of an
 * arena (zeros there, the rest intact); an arena unmapped and a new one
 * mapped (zeros again, even where the old one's data was); an arena grown
 * by mremap (its data moved, zeros beyond); a guard page (mprotect
 * PROT_NONE: a touch is SIGSEGV, as natively; its data is back when it is
 * made accessible again, and an arena unmapped with its guard still on is
 * fully usable when mapped again) and a read-only quarter.
 * Usage: fm_big_mmap MiB   prints "ok" and a checksum, or what went wrong. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define PAGE 4096
#define ARENAS 4

static uint64_t pattern(size_t i, uint64_t salt) { return (i + salt) * 0x9e3779b97f4a7c15ULL | 1; }

static uint64_t *map(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  return p;
}

static int fail(const char *what, int arena, size_t word) {
  printf("%s: arena %d, page %zu\n", what, arena, word * 8 / PAGE);
  return 1;
}

/* Zeros in [from, to), the pattern elsewhere. */
static int check(const uint64_t *a, size_t n, uint64_t salt, size_t from, size_t to, int arena,
                 uint64_t *sum) {
  for (size_t i = 0; i < n; i++) {
    uint64_t want = i >= from && i < to ? 0 : pattern(i, salt);
    if (a[i] != want)
      return fail(want ? "data lost" : "not zero", arena, i);
    *sum += a[i] * (i + 1);
  }
  return 0;
}

static int fill_fresh(uint64_t *a, size_t n, uint64_t salt, int arena) {
  for (size_t i = 0; i < n; i++) {
    if (a[i])
      return fail("a new mapping is not zero", arena, i);
    a[i] = pattern(i, salt);
  }
  return 0;
}

static sigjmp_buf segv_jump;
static void on_segv(int sig) { siglongjmp(segv_jump, sig); }

/* Whether reading *p is refused with SIGSEGV. */
static int refused(const volatile uint64_t *p) {
  struct sigaction sa = {.sa_handler = on_segv}, old;
  sigaction(SIGSEGV, &sa, &old);
  int r = sigsetjmp(segv_jump, 1);
  if (!r)
    (void)*p;
  sigaction(SIGSEGV, &old, NULL);
  return r != 0;
}

/* An aligned block the usual way: map twice its size, trim both ends;
 * filled. NULL (said why) on a failure. */
static char *aligned_block(size_t align) {
  char *raw = (char *)map(2 * align);
  char *al = (char *)(((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1));
  if (al > raw && munmap(raw, (size_t)(al - raw))) {
    fail("munmap of the head failed", -1, 0);
    return NULL;
  }
  if (raw + 2 * align > al + align && munmap(al + align, (size_t)(raw + 2 * align - al - align))) {
    fail("munmap of the tail failed", -1, 0);
    return NULL;
  }
  return fill_fresh((uint64_t *)al, align / 8, 9, -1) ? NULL : al;
}

int main(int argc, char **argv) {
  size_t bytes = (argc > 1 ? strtoull(argv[1], NULL, 10) : 64) << 20;
  size_t arena = bytes / ARENAS, n = arena / 8;
  uint64_t *a[ARENAS], sum = 0;
  for (int k = 0; k < ARENAS; k++)
    if (fill_fresh(a[k] = map(arena), n, (uint64_t)k, k))
      return 1;

  /* A guard page at the end of arena 3, its first quarter read-only. */
  uint64_t *guard = a[3] + n - PAGE / 8;
  size_t ro = arena / 4 & ~(size_t)(PAGE - 1);
  if (mprotect(guard, PAGE, PROT_NONE) || mprotect(a[3], ro, PROT_READ))
    return fail("mprotect failed", 3, 0);

  size_t align = 2 << 20;
  char *al = aligned_block(align);
  if (!al)
    return 1;

  /* MAP_FIXED over the middle quarter of arena 0: zeros there. */
  size_t mid = n / 2 & ~(size_t)(PAGE / 8 - 1), quarter = n / 4 & ~(size_t)(PAGE / 8 - 1);
  if (mmap(a[0] + mid, quarter * 8, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
           -1, 0) != a[0] + mid)
    return fail("mmap(MAP_FIXED) failed", 0, mid);

  /* Arena 1 goes, a new one comes: it must not show the old data. */
  if (munmap(a[1], arena))
    return fail("munmap failed", 1, 0);
  if (fill_fresh(a[1] = map(arena), n, 11, 1))
    return 1;

  /* Arena 2 doubles. */
  uint64_t *grown = mremap(a[2], arena, 2 * arena, MREMAP_MAYMOVE);
  if (grown == MAP_FAILED)
    return fail("mremap failed", 2, 0);
  a[2] = grown;

  if (!refused(guard))
    return fail("the guard page can be read", 3, n - 1);
  if (mprotect(guard, PAGE, PROT_READ | PROT_WRITE) || mprotect(a[3], ro, PROT_READ | PROT_WRITE))
    return fail("mprotect back failed", 3, 0);
  if (check(a[0], n, 0, mid, mid + quarter, 0, &sum) || check(a[1], n, 11, 0, 0, 1, &sum) ||
      check(a[2], 2 * n, 2, n, 2 * n, 2, &sum) || check(a[3], n, 3, 0, 0, 3, &sum) ||
      check((uint64_t *)al, align / 8, 9, 0, 0, -1, &sum))
    return 1;
  if (mprotect(guard, PAGE, PROT_NONE) || munmap(a[3], arena))
    return fail("guard then munmap failed", 3, 0);
  if (fill_fresh(a[3] = map(arena), n, 3, 3))
    return 1;
  munmap(a[0], arena);
  munmap(a[1], arena);
  munmap(a[2], 2 * arena);
  munmap(a[3], arena);
  munmap(al, align);
  printf("ok %016llx\n", (unsigned long long)sum);
  return 0;
}
