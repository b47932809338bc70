/* state.h -- the runtime state every module reads (filled by init.c), and the page size. */
#pragma once

#include "base/config.h"

#define FARHINT_ABI_ONLY /* hint.h: no fast path, no live word here */
#include <farhint/hint.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdatomic.h>

#define FM_PAGE FARHINT_PAGE_SIZE
static inline uintptr_t fm_page_of(uintptr_t addr) { return addr & ~(FM_PAGE - 1); }
static inline uintptr_t fm_page_round_up(uintptr_t n) {
  return (n + FM_PAGE - 1) & ~(uintptr_t)(FM_PAGE - 1);
}

/* Fresh pages are copied from zeros, 64 per UFFDIO_COPY (where its cost per
 * page stops falling), not mapped with UFFDIO_ZEROPAGE: the shared zero page
 * is read-only, so the first write would take a kernel fault as well
 * (docs/results, "Kernel primitives"). */
#define FM_ZERO_PAGES 64

struct fm_state {
  struct fm_config cfg;
  int uffd;
  uintptr_t far_base, far_end;  /* mapped far region */
  _Atomic(uintptr_t) alloc_top; /* bump pointer for new extents */
  bool active;
};
extern struct fm_state fm;

/* [a, a + size) starts in the far region, and far memory is active. */
static inline bool fm_far_starts(uintptr_t a, size_t size) {
  return fm.active && size && a >= fm.far_base && a < fm.far_end;
}
/* The last page of [a, a + size) in the far region, which ends it. */
static inline uintptr_t fm_far_last_page(uintptr_t a, size_t size) {
  return fm_page_of(a + size < a || a + size > fm.far_end ? fm.far_end - 1 : a + size - 1);
}
