/* trace_budget.c -- trace mode's budget and sampled pages, for a profile
 * taken in one run.
 *
 * `farhint profile --local 10%` asks for a share of the program's peak,
 * which is not known until the program ends. With --one-run, rather than a
 * run to measure it first, the budget follows the pages in use so far: frames in use plus
 * pages whose data is only far (counted by sample level at each page's
 * unlock, core/meta.c); the frame table holds the share asked of the most
 * seen, and grows with it (frames.c, when frames run low). Spatial sampling
 * rises likewise: every page is far at first, and the rate doubles while
 * the pages sampled at the next rate would still be SAMPLED_MIN pages,
 * under a budget of BUDGET_MIN frames -- the rule `farhint profile` applies
 * to a peak it is given, less its floor. The sampled sets are nested
 * (meta.h), so a doubling turns half of the sampled pages local and none
 * the other way: the frames of those resident are released (frames.c), and
 * those far are fetched local when next touched; the most in use halves
 * with them (the sample is stratified: exactly half).
 * Design: docs/design/profiling.md, "One run, a budget that follows the
 * memory in use". */
#include "memory/trace_budget.h"
#include "base/config.h"
#include "base/log.h"
#include "base/state.h"
#include "core/meta.h"

#include <stdatomic.h>

#define SAMPLED_MIN (16ULL << 20 >> FARHINT_PAGE_SHIFT) /* 16 MiB */
#define BUDGET_MIN (1ULL << 20 >> FARHINT_PAGE_SHIFT)   /* 1 MiB */

static struct {
  bool follows;
  _Atomic unsigned level;       /* 1 page in 2^level is sampled */
  unsigned top;                 /* the highest level it may rise to */
  uint64_t cap;                 /* the most frames */
  uint64_t least;               /* the fewest: the runtime's smallest budget */
  uint64_t peak;                /* most sampled pages in use at once, at this level */
  _Atomic bool between_windows; /* traced in windows, and this is not one */
} tb;

static unsigned level_of(uint64_t rate) { return (unsigned)__builtin_ctzll(rate); }

void fm_trace_budget_init(uint64_t cap) {
  tb.follows = false;
  tb.peak = 0;
  atomic_store(&tb.level, 0);
  atomic_store(&tb.between_windows, false);
  tb.top = 0;
  tb.cap = cap;
  tb.least = 4ULL * fm.cfg.evict_batch + FM_ZERO_PAGES;
  if (tb.least < BUDGET_MIN)
    tb.least = BUDGET_MIN;
  if (!fm.cfg.trace)
    return;
  bool rising = fm.cfg.trace_spatial_up_to > 1;
  uint64_t rate = rising ? fm.cfg.trace_spatial_up_to : fm.cfg.trace_spatial;
  tb.top = rate > 1 ? level_of(rate) : 0;
  atomic_store(&tb.level, rising ? 0 : tb.top);
  tb.follows = rising || fm.cfg.trace_local_share > 0;
  if (tb.follows)
    fm_far_only_count_start();
}

bool fm_trace_budget_follows(void) { return tb.follows; }

bool fm_page_sampled(uintptr_t page) {
  unsigned level = atomic_load_explicit(&tb.level, memory_order_relaxed);
  return level == 0 || fm_page_sample_level(page) >= level;
}

unsigned fm_trace_rate(void) { return 1u << atomic_load_explicit(&tb.level, memory_order_relaxed); }

/* The budget at a level, given the most sampled pages in use at it. */
static uint64_t frames_at(unsigned level, uint64_t peak) {
  uint64_t want = fm.cfg.trace_local_share > 0 ? (uint64_t)(fm.cfg.trace_local_share * (double)peak)
                                               : (tb.cap >> level);
  return want < tb.least ? tb.least : want > tb.cap ? tb.cap : want;
}

uint64_t fm_trace_budget_start(void) {
  return tb.follows ? frames_at(atomic_load(&tb.level), 0) : tb.cap;
}

bool fm_trace_budget_note(uint64_t used) {
  unsigned level = atomic_load_explicit(&tb.level, memory_order_relaxed);
  uint64_t in_use = used + fm_far_only_pages(level);
  if (in_use > tb.peak)
    tb.peak = in_use;
  return level < tb.top && tb.peak / 2 >= SAMPLED_MIN &&
         frames_at(level + 1, tb.peak / 2) >= BUDGET_MIN;
}

void fm_trace_budget_doubled(void) {
  fm_check(atomic_load(&tb.level) < tb.top);
  atomic_fetch_add(&tb.level, 1);
  tb.peak /= 2;
}

bool fm_trace_budget_recording(void) {
  return !atomic_load_explicit(&tb.between_windows, memory_order_relaxed);
}

void fm_trace_budget_window(bool recording) { atomic_store(&tb.between_windows, !recording); }

uint64_t fm_trace_budget_frames(void) {
  if (!fm_trace_budget_recording()) /* every page in use is local */
    return tb.cap;
  return frames_at(atomic_load(&tb.level), tb.peak);
}

uint64_t fm_trace_budget_peak_pages(void) { return tb.peak << atomic_load(&tb.level); }

uint64_t fm_trace_budget_local_pages(void) {
  unsigned level = atomic_load(&tb.level);
  return frames_at(level, tb.peak) << level; /* the recording windows' budget */
}
