/* uffd.h -- userfaultfd (uffd.c). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* fd, or -1 with why filled; can_move: UFFDIO_MOVE is available */
int fm_uffd_open(char *why, size_t why_len, bool *can_move);
/* wp: missing and write-protect faults (the far region); else missing
 * faults only, and UFFDIO_MOVE must be allowed (the frame pool). */
int fm_uffd_register(int uffd, void *base, size_t len, bool wp);
/* Bytes moved from src to dst (all of len, or fewer before an error), or -1. */
long fm_uffd_move(int uffd, uintptr_t dst, uintptr_t src, size_t len);
/* 0, 1 for EEXIST, or -1 with errno; *copied: the bytes mapped from dst. */
int fm_uffd_copy(int uffd, uintptr_t dst, const void *src, size_t len, bool wp, size_t *copied);
int fm_uffd_writeprotect(int uffd, uintptr_t addr, size_t len, bool wp);
/* Makes [addr, addr + len) writable on fm.uffd (waking a thread waiting on
 * it, unless wakes are deferred); dies saying why if the kernel refuses.
 * Counted and timed as an un-protect. */
void fm_uffd_unprotect(uintptr_t addr, size_t len);
/* Write-protects n ranges with one call (and one TLB flush) where the
 * kernel has UFFDIO_WRITEPROTECT_VEC (kernel-patch/); returns n, or -1. */
struct fm_range {
  uint64_t start, len;
};
bool fm_uffd_has_wp_vec(void);
long fm_uffd_writeprotect_vec(int uffd, const struct fm_range *ranges, size_t n);
int fm_uffd_wake(int uffd, uintptr_t addr, size_t len);
/* While on, this thread's copies, moves and un-protects wake no waiting
 * thread: the caller wakes it once it holds no lock (control.c). */
void fm_uffd_defer_wakes(bool on);

extern uint8_t fm_zero_pages_storage[]; /* FM_ZERO_PAGES zeroed pages, for first touch */
