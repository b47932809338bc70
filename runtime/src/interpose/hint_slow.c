/* hint_slow.c -- the hint ABI's slow path (farhint/hint.h): a hinted miss is
 * served on the calling thread with no trap, then read-ahead is queued.
 * Design: docs/design/hint-abi.md. */
#include "base/state.h"
#include "base/stats.h"
#include "core/meta.h"
#include "fault/pagein.h"
#include "fault/prefetch.h"
#include "fault/readahead.h"
#include "fault/trace.h"
#include "ult/ult.h"

#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

/* The read-ahead window this thread asked for last, [lo, hi). */
static __thread uintptr_t asked_lo, asked_hi;

/* The read-ahead window of a hint on [first, last]: pages after it, or
 * before it when rdahead is negative. On a miss, a window that starts
 * inside the one this thread asked for last is not asked for again: when
 * the read-ahead thread fell behind a scan, each of the scan's misses would
 * ask for a window the thread then found already mapped, one a page, so it
 * would never catch up. A trigger's window starts inside the current one
 * on purpose. */
static void request_window(uintptr_t first, uintptr_t last, long pages, int rdahead, unsigned prio,
                           bool mut, bool on_miss) {
  if (pages > (long)fm_readahead_most())
    pages = (long)fm_readahead_most();
  uintptr_t span = (uintptr_t)pages * FM_PAGE, lo;
  if (rdahead > 0)
    lo = last + FM_PAGE;
  else if (first >= fm.far_base + span)
    lo = first - span;
  else
    return;
  if (on_miss && lo >= asked_lo && lo < asked_hi)
    return;
  asked_lo = lo;
  asked_hi = lo + span;
  fm_prefetch_request(lo, pages, prio, mut);
}

#define HIT_CPU_MAX_NS 5000

static uint64_t thread_cpu_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return fm_timespec_ns(&t);
}

/* What serving a hint's pages did, and the CPU its thread spent. */
struct served {
  bool fetched, triggered;
  uint64_t cpu, since; /* CPU of a miss so far, and the thread clock it counts from */
  uint64_t parked_ns;  /* other threads ran meanwhile: not runtime CPU */
};

/* Each of the hint's pages in; a user-level thread parks while its page
 * comes (then the page is there, unless evicted again, which fm_page_in
 * handles). */
static inline __attribute__((always_inline)) void serve_pages(uintptr_t first, uintptr_t last,
                                                              bool mut, unsigned prio, bool missed,
                                                              struct served *s) {
  for (uintptr_t page = first; page <= last; page += FM_PAGE) {
    _Atomic uint64_t *m = fm_meta(page);
    if (!(atomic_load_explicit(m, memory_order_relaxed) & FARHINT_META_REGISTERED))
      continue; /* not allocated memory: nothing to fetch */
    bool absent = !(atomic_load_explicit(m, memory_order_relaxed) & FM_RESIDENT);
    /* A parked user-level thread may resume on another kernel thread, whose
     * clock is another: its CPU is counted a stretch at a time. */
    uint64_t before = missed && absent && fm_ult_on() ? thread_cpu_ns() : 0;
    bool parked = absent && fm_ult_fetch(page, mut, prio, &s->parked_ns);
    if (parked && missed) {
      s->cpu += before - s->since;
      s->since = thread_cpu_ns();
    }
    int r = fm_page_in(page, mut, prio, FM_PATH_HINTED);
    s->fetched |= r == FM_MAPPED || parked;
    s->triggered |= r == FM_TRIGGERED;
  }
}

/* The slow path's CPU and wall time. A hit takes a few microseconds of
 * CPU; more wall time than that is the thread preempted (a busy machine),
 * which is no CPU of the runtime's. */
static void account(uint64_t t0, bool missed, const struct served *s) {
  uint64_t wall = fm_stats_now_ns() - t0 - s->parked_ns;
  uint64_t cpu = missed                  ? s->cpu + thread_cpu_ns() - s->since
                 : wall < HIT_CPU_MAX_NS ? wall
                                         : HIT_CPU_MAX_NS;
  fm_stats_slow_path(cpu < wall ? cpu : wall, wall);
}

/* Inlined into both entry points, so trace mode finds the hint site one
 * frame up from either. */
static inline __attribute__((always_inline)) void serve_hint(const void *addr, size_t size,
                                                             uint32_t packed, uint32_t site) {
  (void)site;
  uintptr_t a = (uintptr_t)addr;
  if (!fm_far_starts(a, size))
    return;
  uint64_t t0 = fm_stats_now_ns();
  unsigned prio = FARHINT_UNPACK_PRIO(packed);
  int rdahead = FARHINT_UNPACK_RDAHEAD(packed);
  bool mut = FARHINT_UNPACK_FLAGS(packed) & FARHINT_F_MUT;
  fm_stats_count(FM_C_HINT_SLOW_CALLS, 1);

  uintptr_t first = fm_page_of(a), last = fm_far_last_page(a, size);
  long pages = rdahead < 0 ? -(long)rdahead : rdahead;
  /* A miss starts a window of |rdahead| pages, posted before this thread
   * waits for its own page so the two transfers overlap. */
  bool missed = !(atomic_load(fm_meta(first)) & FM_RESIDENT);
  bool ahead_posted = pages > 0 && missed;
  /* A miss may wait (a transfer, a page lock, the scheduler): its CPU is
   * the thread's clock, not the time it took. A hit waits for nothing. */
  struct served s = {.since = missed ? thread_cpu_ns() : 0};
  if (ahead_posted)
    request_window(first, last, pages, rdahead, prio, mut, true);
  /* A miss in address order also gets the read-ahead an unhinted fault
   * would where that is longer than the hint's own window: misses of
   * several sites can make one run (objects of a few pages allocated one
   * after another, each written by two sites), which no site's profile
   * shows as a scan. */
  if (missed)
    fm_prefetch_after_miss((uint32_t)gettid(), last, mut, (unsigned)pages);
  serve_pages(first, last, mut, prio, missed, &s);
  if (s.fetched && fm_trace_on())
    fm_trace_hinted(a, mut);
  if (!s.fetched)
    fm_stats_count(FM_C_HINT_HIT, 1);
  /* Reaching the trigger in a window's middle starts the next one, half a
   * window before it is needed (the prefetcher skips the pages already
   * there). */
  if (s.triggered && pages > 0)
    request_window(first, last, pages + pages / 2, rdahead, prio, mut, false);
  else if (s.fetched && pages > 0 && !ahead_posted)
    request_window(first, last, pages, rdahead, prio, mut, true);
  account(t0, missed, &s);
}

/* A prefetch ahead (farhint_prefetch): queued, never waited for. */
static inline void serve_prefetch(const void *addr, size_t size, uint32_t packed, uint32_t site) {
  uintptr_t a = (uintptr_t)addr;
  if (!fm_far_starts(a, size))
    return;
  uintptr_t first = fm_page_of(a);
  uintptr_t last = a + size - 1 < a ? fm.far_end - FM_PAGE : fm_page_of(a + size - 1);
  fm_prefetch_ahead(first, (long)((last - first) / FM_PAGE + 1), FARHINT_UNPACK_PRIO(packed),
                    FARHINT_UNPACK_FLAGS(packed) & FARHINT_F_MUT, site);
}

void farhint_prefetch(const void *addr, size_t size, uint32_t packed, uint32_t site) {
  serve_prefetch(addr, size, packed, site);
}

void farhint_prefetch_preserve_most(const void *addr, size_t size, uint32_t packed, uint32_t site) {
  serve_prefetch(addr, size, packed, site);
}

void farhint_hint_slow(const void *addr, size_t size, uint32_t packed, uint32_t site) {
  serve_hint(addr, size, packed, site);
}

void farhint_hint_slow_preserve_most(const void *addr, size_t size, uint32_t packed,
                                     uint32_t site) {
  serve_hint(addr, size, packed, site);
}
