/* freed.c -- freed heap memory is reused in place. jemalloc decommits an
 * extent it frees under pressure and commits it again when it reuses it
 * (alloc.c). Decommit costs no system call: local pages stay mapped, marked
 * FREED (their data is dead, so eviction takes them first and drops them
 * unwritten) and far copies are forgotten (a touch zero-fills with no
 * transfer). Commit zeroes
 * the pages still local where they are: a reused buffer is never written
 * back, never fetched and never faulted on. Only the clean ones (mapped
 * write-protected) need one un-protect ioctl per run. */
#include "fm.h"

#include <errno.h>
#include <string.h>

void fm_freed(uintptr_t base, size_t len) {
  uint64_t freed = 0;
  for (uintptr_t p = base, end = base + len; p < end; p += FM_PAGE) {
    uint64_t w = fm_page_lock(p); /* after any fault or eviction of it */
    w &= ~FARHINT_META_FAR_VALID;
    if (w & FM_RESIDENT) {
      if (w & FARHINT_META_PREFETCHED) {
        fm_prefetch_wasted();
        w = (w & ~FARHINT_META_PREFETCHED) | FARHINT_META_PRESENT;
      }
      w |= FARHINT_META_FREED;
      fm_frame_demote((uint32_t)(w >> FARHINT_META_NODE_SHIFT));
      freed++;
    }
    fm_page_unlock(p, w);
  }
  fm_count(FM_C_FREED_PAGES, freed);
}

/* Zeroes locked FREED pages and unlocks them as live, dirty pages. */
static void reuse_locked(const uintptr_t *pages, const uint64_t *words, unsigned n) {
  for (unsigned i = 0; i < n;) { /* clean runs: mapped write-protected */
    unsigned j = i + 1;
    bool clean = !(words[i] & FARHINT_META_DIRTY);
    while (j < n && pages[j] == pages[j - 1] + FM_PAGE &&
           !(words[j] & FARHINT_META_DIRTY) == clean)
      j++;
    if (clean) {
      if (fm_uffd_writeprotect(fm.uffd, pages[i], (size_t)(j - i) * FM_PAGE, false) < 0)
        fm_die("UFFDIO_WRITEPROTECT (clear) at %#lx failed: %s", (unsigned long)pages[i],
               strerror(errno));
      fm_count(FM_C_UNPROTECT_SYSCALLS, 1);
    }
    i = j;
  }
  for (unsigned i = 0; i < n; i++) {
    memset((void *)pages[i], 0, FM_PAGE);
    fm_page_unlock(pages[i], (words[i] & ~(FARHINT_META_FREED | FARHINT_META_WP_SAMPLE)) |
                                 FARHINT_META_DIRTY);
  }
  fm_count(FM_C_REUSED_PAGES, n);
}

void fm_reuse(uintptr_t base, size_t len) {
  uintptr_t pages[64];
  uint64_t words[64];
  unsigned n = 0;
  for (uintptr_t p = base, end = base + len; p < end; p += FM_PAGE) {
    uint64_t w = fm_page_lock(p);
    if (!(w & FARHINT_META_FREED)) { /* evicted since: zero-fills on touch */
      fm_page_unlock(p, w);
      continue;
    }
    pages[n] = p;
    words[n++] = w;
    if (n == 64) {
      reuse_locked(pages, words, n);
      n = 0;
    }
  }
  reuse_locked(pages, words, n);
}
