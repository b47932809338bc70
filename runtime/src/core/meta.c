/* meta.c -- the per-page lock in the metadata word: whoever sets LOCKED owns
 * the page's transition (fetch, write-unprotect, eviction), so concurrent
 * faults on one page are served exactly once. A waiter spins briefly, then
 * sleeps on a futex on the word's low half (WAITERS tells the owner to wake
 * it): an owner may hold a page for a whole transfer, and on 2 cores a
 * waiter that yields in a loop takes the CPU the owner needs.
 * Design: docs/design/locking.md. */
#include "core/meta.h"
#include "base/log.h"
#include "base/stats.h"

#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

_Static_assert(FARHINT_META_LOCKED < (1UL << 32) && FARHINT_META_WAITERS < (1UL << 32),
               "the futex is the word's low half");

/* Page locks the calling thread holds. The lock order's rule
 * (docs/design/locking.md, "Lock order"): no thread waits for a page lock
 * while it holds another -- checked where a wait begins. */
static __thread unsigned held;

unsigned fm_page_locks_held(void) { return held; }

/* The word's low 32 bits (x86 is little-endian). */
static uint32_t *low_half(_Atomic uint64_t *m) { return (uint32_t *)m; }

/* Long enough for most transfers of the prefetch thread; a wake-up from the
 * futex costs more (docs/design/locking.md, "Page-lock waiters sleep"). */
#define SPIN_NS 30000

/* The page whose fault the control thread is serving beside a lone faulting
 * thread, with the thread's wake in the copy (colocate.c): it stays locked
 * until that thread sleeps again, which it cannot do while a waiter spins
 * on its core. 0 when none. */
static _Atomic uintptr_t no_spin_page;

void fm_page_hold_no_spin(uintptr_t page) {
  atomic_store_explicit(&no_spin_page, page, memory_order_relaxed);
}

bool fm_page_no_spin(uintptr_t page) {
  return atomic_load_explicit(&no_spin_page, memory_order_relaxed) == page;
}

static void wait_unlocked(_Atomic uint64_t *m, uint64_t w) {
  if (held)
    fm_log_die("internal error: the lock order is broken: a thread waits for a page lock "
               "holding %u others (docs/design/locking.md, \"Lock order\")",
               held);
  /* Ask the owner to wake us, unless it has just unlocked. */
  if (!(w & FARHINT_META_WAITERS) &&
      !atomic_compare_exchange_strong_explicit(m, &w, w | FARHINT_META_WAITERS,
                                               memory_order_relaxed, memory_order_relaxed))
    return;
  fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
  syscall(SYS_futex, low_half(m), FUTEX_WAIT_PRIVATE, (uint32_t)(w | FARHINT_META_WAITERS), NULL,
          NULL, 0);
}

uint64_t fm_page_lock(uintptr_t page) {
  _Atomic uint64_t *m = fm_meta(page);
  /* After a wait, others may wait too: take the lock with WAITERS set. */
  uint64_t waiters = 0, t0 = 0; /* t0: when the page was first found locked */
  for (unsigned spins = 0;; spins++) {
    uint64_t w = atomic_load_explicit(m, memory_order_relaxed);
    if (!(w & FARHINT_META_LOCKED) &&
        atomic_compare_exchange_weak_explicit(m, &w, w | FARHINT_META_LOCKED | waiters,
                                              memory_order_acquire, memory_order_relaxed)) {
      if (t0)
        fm_stats_time_add(FM_T_LOCK_WAIT, t0);
      held++;
      return w;
    }
    if (!(w & FARHINT_META_LOCKED))
      continue;
    if (!t0)
      t0 = fm_stats_now_ns();
    if (!fm_page_no_spin(page) && (spins < 100 || spins % 64 || fm_stats_now_ns() - t0 < SPIN_NS)) {
      __builtin_ia32_pause();
    } else {
      wait_unlocked(m, w);
      waiters = FARHINT_META_WAITERS;
    }
  }
}

bool fm_page_trylock(uintptr_t page, uint64_t *old) {
  _Atomic uint64_t *m = fm_meta(page);
  uint64_t w = atomic_load_explicit(m, memory_order_relaxed);
  if (w & FARHINT_META_LOCKED)
    return false;
  if (!atomic_compare_exchange_strong_explicit(m, &w, w | FARHINT_META_LOCKED, memory_order_acquire,
                                               memory_order_relaxed))
    return false;
  *old = w;
  held++;
  return true;
}

/* Pages whose data is only far, by sample level, counted at the unlock
 * that makes or ends that state: the page's lock holder is the only one to
 * change FAR_VALID or MAPPED. Only in trace mode (a load on every unlock). */
static bool counting_far_only;
static _Atomic uint64_t far_only[FM_SAMPLE_LEVELS];

void fm_far_only_count_start(void) { counting_far_only = true; }

uint64_t fm_far_only_pages(unsigned min_level) {
  uint64_t n = 0;
  for (unsigned l = min_level; l < FM_SAMPLE_LEVELS; l++)
    n += atomic_load_explicit(&far_only[l], memory_order_relaxed);
  return n;
}

static bool far_only_word(uint64_t w) { return (w & FARHINT_META_FAR_VALID) && !(w & FM_RESIDENT); }

static void count_far_only(uintptr_t page, uint64_t old, uint64_t word) {
  bool was = far_only_word(old), is = far_only_word(word);
  if (was != is)
    atomic_fetch_add_explicit(&far_only[fm_page_sample_level(page)], is ? 1 : (uint64_t)-1,
                              memory_order_relaxed);
}

void fm_page_unlock(uintptr_t page, uint64_t word) {
  _Atomic uint64_t *m = fm_meta(page);
  if (held) /* (0: taken by another thread, which none does today) */
    held--;
  fm_check(!(word & FARHINT_META_IN_FLIGHT)); /* in flight only while locked */
  uint64_t old = atomic_exchange_explicit(m, word & ~(FARHINT_META_LOCKED | FARHINT_META_WAITERS),
                                          memory_order_release);
  fm_check(old & FARHINT_META_LOCKED); /* unlocked by whoever locked it */
  if (counting_far_only)
    count_far_only(page, old, word);
  if (old & FARHINT_META_WAITERS) {
    fm_stats_count(FM_C_WAKE_SYSCALLS, 1);
    syscall(SYS_futex, low_half(m), FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
  }
}
