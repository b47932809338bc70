/* live.c -- the live words of hinting modules (hint.h): each module
 * registers one from a constructor; all are set when hints go live. Until
 * then the program's hints stop at their first test.
 *
 * Live, they go quiet again while nearly all data is local and the program
 * meets few missing pages. A hint's check is a load of the page's metadata
 * word on every access it guards; on random accesses over a large heap that
 * load misses the cache as the access does, a cost out of all proportion
 * to the few misses it finds once nearly all data is local. What a hint can
 * save is bounded by the misses it finds: after
 * QUIET_AFTER ticks each under HINTS_QUIET_BELOW misses a second (1000: 1%
 * of a core at ~10 us a miss) the checks are turned off, and the first
 * tick's worth of misses turns them on again, counted as they come (the
 * faults, hinted misses, pages read or prefetched ahead and read-ahead
 * triggers). Turning a hint off is always safe: the access it guards faults
 * as an unhinted one would.
 *
 * But a hint does more than skip a trap: its ev_prio tells eviction what to
 * keep and its rdahead how far to read, and a loop entered while its
 * module's word is 0 runs its hint-less twin to the end (hint.h, Version.cpp
 * in the pass). A program with most of its data far, calm only while a
 * part that fits is worked on, needs them when it comes back to the rest.
 * So hints go quiet only while the data not local is under FAR_ONLY_SHARE
 * of the budget, and the wait before is long against a program's phases (a
 * program quiet after one calm tick would flip at every phase).
 * Design: docs/design/hint-abi.md. */
#include "core/live.h"
#include "base/libc.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"

#include <pthread.h>
#include <time.h>

#define FM_MAX_LIVE_WORDS 1024
#define QUIET_TICK_NS 10000000
#define QUIET_AFTER 20   /* ticks: 200 ms */
#define FAR_ONLY_SHARE 8 /* an eighth */

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t went_live = PTHREAD_COND_INITIALIZER;
static volatile uint32_t *live_words[FM_MAX_LIVE_WORDS];
static unsigned n_live_words;
static _Atomic bool live;
static _Atomic bool quiet;          /* changed under live_lock */
static _Atomic uint64_t tick_start; /* misses_so_far() at this tick's start */
static uint64_t per_tick;           /* misses a tick that keep hints live */

static void set_words(uint32_t v) {
  for (unsigned i = 0; i < n_live_words; i++)
    *live_words[i] = v;
}

void farhint_register_live_word(volatile uint32_t *word) {
  fm_libc.pthread_mutex_lock(&live_lock);
  if (n_live_words == FM_MAX_LIVE_WORDS) {
    *word = 1; /* too many modules to track: hint from now */
  } else {
    live_words[n_live_words++] = word;
    *word = atomic_load(&live) && !atomic_load(&quiet);
  }
  fm_libc.pthread_mutex_unlock(&live_lock);
}

bool fm_hints_live(void) { return atomic_load_explicit(&live, memory_order_relaxed); }

void fm_hints_go_live(void) {
  if (atomic_load_explicit(&live, memory_order_relaxed))
    return;
  fm_libc.pthread_mutex_lock(&live_lock);
  if (!atomic_load(&live)) {
    atomic_store(&live, true);
    set_words(1);
    fm_libc.pthread_cond_signal(&went_live);
  }
  fm_libc.pthread_mutex_unlock(&live_lock);
}

/* A forked child holds all of its memory (fork.c): its hints stop at their
 * first test again. (No lock: the child has one thread.) */
void fm_hints_go_dead(void) {
  atomic_store(&live, false);
  set_words(0);
}

/* Events that show pages missing: each would have been, or was, a hint's
 * miss, a page it read ahead or a read-ahead trigger. (Read-ahead pages
 * count: quiet, a scan's misses come as a few faults and the runtime's own
 * read-ahead in address order.) */
static uint64_t misses_so_far(void) {
  return fm_stats_read(FM_C_FAULT_UNHINTED) + fm_stats_read(FM_C_FAULT_WP) +
         fm_stats_read(FM_C_FAULT_IN_FLIGHT) + fm_stats_read(FM_C_HINT_SLOW_CALLS) +
         fm_stats_read(FM_C_PREFETCH_PAGES) + fm_stats_read(FM_C_READAHEAD_PAGES);
}

/* Pages whose data is only far: evicted with data, less fetched back.
 * Pages freed or dropped while far are not taken off, so it errs high:
 * toward hints that stay live. */
static int64_t pages_only_far(void) {
  return (int64_t)(fm_stats_read(FM_C_EVICT_PAGES) - fm_stats_read(FM_C_DISCARD_PAGES)) -
         (int64_t)(fm_stats_read(FM_C_FETCH_PAGES) - fm_stats_read(FM_C_ZERO_PAGES));
}

static void set_quiet(bool q) {
  fm_libc.pthread_mutex_lock(&live_lock);
  if (atomic_load(&live) && q != atomic_load(&quiet)) {
    atomic_store(&quiet, q);
    set_words(!q);
    if (q)
      fm_stats_count(FM_C_HINTS_QUIETED, 1);
  }
  fm_libc.pthread_mutex_unlock(&live_lock);
}

void fm_hints_missed(void) {
  if (atomic_load_explicit(&quiet, memory_order_relaxed) &&
      misses_so_far() - atomic_load_explicit(&tick_start, memory_order_relaxed) >= per_tick)
    set_quiet(false);
}

enum fm_quiet_step fm_hints_quiet_tick(unsigned *calm, bool quiet, uint64_t misses,
                                       uint64_t per_tick, int64_t only_far, uint64_t budget) {
  bool few = misses < per_tick;
  *calm = few ? *calm + 1 : 0;
  if (!few)
    return quiet ? FM_QUIET_OFF : FM_QUIET_STAY;
  if (*calm >= QUIET_AFTER && !quiet && only_far < (int64_t)(budget / FAR_ONLY_SHARE))
    return FM_QUIET_ON;
  return FM_QUIET_STAY;
}

static void *watch_main(void *arg) {
  (void)arg;
  fm_libc.pthread_mutex_lock(&live_lock);
  while (!atomic_load(&live)) { /* no ticks before then */
    fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
    fm_libc.pthread_cond_wait(&went_live, &live_lock);
  }
  fm_libc.pthread_mutex_unlock(&live_lock);
  atomic_store(&tick_start, misses_so_far());
  for (unsigned calm = 0;;) {
    struct timespec tick = {0, QUIET_TICK_NS};
    fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
    fm_libc.nanosleep(&tick, NULL);
    uint64_t now = misses_so_far();
    uint64_t misses = now - atomic_load(&tick_start);
    atomic_store(&tick_start, now);
    bool q = atomic_load(&quiet);
    if (q)
      fm_stats_count(FM_C_HINTS_QUIET_NS, QUIET_TICK_NS);
    enum fm_quiet_step step = fm_hints_quiet_tick(&calm, q, misses, per_tick, pages_only_far(),
                                                  fm.cfg.local_bytes / FM_PAGE);
    if (step != FM_QUIET_STAY)
      set_quiet(step == FM_QUIET_ON);
  }
  return NULL;
}

/* Not in trace mode, which profiles every hint site, nor with the setting 0. */
int fm_hints_watch_start(void) {
  if (fm.cfg.trace || fm.cfg.hints_quiet_below == 0)
    return 0;
  per_tick = fm.cfg.hints_quiet_below * QUIET_TICK_NS / 1000000000;
  if (per_tick == 0)
    per_tick = 1;
  return fm_thread_start(watch_main, "farhint-quiet");
}
