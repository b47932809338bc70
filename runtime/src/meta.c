/* meta.c -- the per-page lock in the metadata word: whoever sets LOCKED owns
 * the page's transition (fetch, write-unprotect, eviction), so concurrent
 * faults on one page are served exactly once. */
#include "fm.h"

#include <sched.h>

uint64_t fm_page_lock(uintptr_t page) {
  _Atomic uint64_t *m = fm_meta(page);
  for (unsigned spins = 0;; spins++) {
    uint64_t w = atomic_load_explicit(m, memory_order_relaxed);
    if (!(w & FARHINT_META_LOCKED) &&
        atomic_compare_exchange_weak_explicit(m, &w, w | FARHINT_META_LOCKED,
                                              memory_order_acquire,
                                              memory_order_relaxed))
      return w;
    if (spins < 100)
      __builtin_ia32_pause();
    else
      sched_yield(); /* the owner may be descheduled: on 2 cores, let it run */
  }
}

bool fm_page_trylock(uintptr_t page, uint64_t *old) {
  _Atomic uint64_t *m = fm_meta(page);
  uint64_t w = atomic_load_explicit(m, memory_order_relaxed);
  if (w & FARHINT_META_LOCKED)
    return false;
  if (!atomic_compare_exchange_strong_explicit(m, &w, w | FARHINT_META_LOCKED,
                                               memory_order_acquire,
                                               memory_order_relaxed))
    return false;
  *old = w;
  return true;
}

void fm_page_unlock(uintptr_t page, uint64_t word) {
  atomic_store_explicit(fm_meta(page), word & ~FARHINT_META_LOCKED,
                        memory_order_release);
}
