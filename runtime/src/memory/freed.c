/* freed.c -- freed heap memory is reused in place. jemalloc decommits an
 * extent it frees under pressure and commits it again when it reuses it
 * (alloc.c). Decommit costs no system call: local pages stay mapped, marked
 * FREED (their data is dead, so eviction drops them unwritten) and far
 * copies are forgotten (a touch zero-fills with no transfer). Commit zeroes
 * the pages still local where they are: a reused buffer is never written
 * back, never fetched and never faulted on. Only the clean ones (mapped
 * write-protected) need one un-protect ioctl per run.
 * Design: docs/design/allocation.md. */
#include "memory/freed.h"
#include "base/spinlock.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/meta.h"
#include "core/uffd.h"
#include "backend/backend.h"
#include "memory/frames.h"
#include "memory/read_writes.h"
#include "memory/write_log.h"

#include <string.h>

/* Freed pages go to the head of the reclaim order, but not at once: a
 * pipeline reuses a buffer microseconds after freeing it, and a freed page
 * the reclaim thread took first zero-fills through a fault when reused. A
 * program that frees without reusing must not keep dead data in frames live
 * data needs. So each freed range waits here DEMOTE_AFTER_NS (or until
 * RECENT newer ones pushed it out), then its pages still FREED are demoted. */
#define RECENT 64
#define DEMOTE_AFTER_NS 1000000
static struct {
  fm_spinlock_t lock;
  struct range {
    uintptr_t base;
    size_t len;
    uint64_t freed_ns;
  } r[RECENT];
  unsigned first, count;
} recent;

static void demote(struct range r) {
  for (uintptr_t p = r.base, end = r.base + r.len; p < end; p += FM_PAGE) {
    uint64_t w;
    if (!fm_page_trylock(p, &w))
      continue; /* being reused or evicted */
    if ((w & FARHINT_META_FREED) && (w & FM_RESIDENT))
      fm_frames_demote((uint32_t)(w >> FARHINT_META_NODE_SHIFT));
    fm_page_unlock(p, w);
  }
}

/* Takes the oldest range if it has waited long enough (or must make room). */
static bool pop_due(struct range *out, bool make_room) {
  fm_spin_lock(&recent.lock);
  bool due =
      recent.count && ((make_room && recent.count == RECENT) ||
                       fm_stats_now_ns() - recent.r[recent.first].freed_ns >= DEMOTE_AFTER_NS);
  if (due) {
    *out = recent.r[recent.first];
    recent.first = (recent.first + 1) % RECENT;
    recent.count--;
  }
  fm_spin_unlock(&recent.lock);
  return due;
}

void fm_freed_age(void) {
  struct range r;
  while (pop_due(&r, false))
    demote(r);
}

static void remember(uintptr_t base, size_t len) {
  struct range old;
  while (pop_due(&old, true))
    demote(old);
  fm_spin_lock(&recent.lock);
  if (recent.count < RECENT) { /* else another thread filled it: not remembered */
    recent.r[(recent.first + recent.count) % RECENT] = (struct range){base, len, fm_stats_now_ns()};
    recent.count++;
  }
  fm_spin_unlock(&recent.lock);
}

void fm_freed(uintptr_t base, size_t len) {
  uint64_t freed = 0;
  for (uintptr_t p = base, end = base + len; p < end; p += FM_PAGE) {
    uint64_t w = fm_page_lock(p); /* after any fault or eviction of it */
    if (w & FARHINT_META_FAR_VALID)
      fm_backend_discard(p);
    w = fm_write_log_free(p, w) & ~FARHINT_META_FAR_VALID;
    if (w & FM_RESIDENT) {
      if (w & FARHINT_META_PREFETCHED) {
        fm_stats_count(FM_C_PREFETCH_WASTED, 1);
        w = (w & ~FARHINT_META_PREFETCHED) | FARHINT_META_PRESENT;
      }
      w |= FARHINT_META_FREED;
      freed++;
    }
    fm_page_unlock(p, w);
  }
  fm_stats_count(FM_C_FREED_PAGES, freed);
  if (freed)
    remember(base, len);
}

/* Zeroes locked FREED pages and unlocks them as live, dirty pages. */
static void reuse_locked(const uintptr_t *pages, const uint64_t *words, unsigned n) {
  for (unsigned i = 0; i < n;) { /* clean runs: mapped write-protected */
    unsigned j = i + 1;
    bool clean = !(words[i] & FARHINT_META_DIRTY);
    while (j < n && pages[j] == pages[j - 1] + FM_PAGE && !(words[j] & FARHINT_META_DIRTY) == clean)
      j++;
    if (clean)
      fm_uffd_unprotect(pages[i], (size_t)(j - i) * FM_PAGE);
    i = j;
  }
  uint64_t t0 = fm_stats_now_ns();
  for (unsigned i = 0; i < n; i++) {
    if (words[i] & FARHINT_META_WP_SAMPLE)
      fm_reads_written(1); /* a read fault's page written again: reused */
    memset((void *)pages[i], 0, FM_PAGE);
    fm_page_unlock(pages[i], (words[i] & ~(FARHINT_META_FREED | FARHINT_META_WP_SAMPLE)) |
                                 FARHINT_META_DIRTY);
  }
  fm_stats_time_add(FM_T_REUSE_ZERO, t0);
  fm_stats_count(FM_C_REUSED_PAGES, n);
}

void fm_freed_reuse(uintptr_t base, size_t len) {
  uintptr_t pages[64];
  uint64_t words[64];
  unsigned n = 0;
  for (uintptr_t p = base, end = base + len; p < end; p += FM_PAGE) {
    uint64_t w;
    if (!fm_page_trylock(p, &w)) { /* being evicted: wait holding none */
      reuse_locked(pages, words, n);
      n = 0;
      w = fm_page_lock(p);
    }
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
