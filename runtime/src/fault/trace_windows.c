/* trace_windows.c -- trace mode in windows of time, so that a program which
 * thrashes at the profile's budget is profiled at a bounded cost
 * (FARHINT_TRACE_SLOWDOWN, `farhint profile --max-slowdown`).
 *
 * At a tight budget every fault is a trip through the control thread, a
 * signal and an unwind: a program with random accesses runs tens of times
 * slower than it does natively. Which code faults, and how, does not need
 * the whole run. This thread alternates windows where the budget is the
 * profile's and every fault is recorded (on) with windows where every page
 * in use gets a frame and nothing is recorded (off): there the program runs
 * at nearly its own pace, as this thread fetches back what the last on
 * window left far (fetch_back). The off windows take up the rest of the
 * wall time at FARHINT_TRACE_SLOWDOWN = X: the on windows at most X - 1
 * times the off ones. As the off windows run at about the program's own
 * pace, the run takes about X times what the program alone would, however
 * slow it is at the budget; the windows need no measure of that pace. Each
 * on window's length is drawn between half and one and a half
 * FARHINT_TRACE_WINDOW, so that a program which repeats with a period does
 * not keep showing the windows the same phase.
 *
 * Each switch writes a WINDOW record; the reader weighs the faults of an
 * on window by the wall time from its start to the next one's over its own
 * (farhint/trace.h). Not by the program's progress: at the budget, a
 * program's CPU time, even its user time, grows with its faults (gen's user
 * time six times its own), and no count of its instructions is at hand
 * (see the design).
 * Design: docs/design/profiling.md, "Windows of time". */
#include "fault/trace_windows.h"
#include "base/config.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"
#include "core/meta.h"
#include "fault/pagein.h"
#include "fault/trace.h"
#include "memory/frames.h"
#include "memory/trace_budget.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

static struct {
  pthread_mutex_t lock; /* a switch and its record, against the last one at exit */
  _Atomic bool finished;
  uint64_t switched_ns; /* the last switch came (its record's time) */
} windows = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* Ends the window in progress (under the lock): its record, and the
 * budget of the next one. */
static void switch_window(void) {
  bool was_on = fm_trace_budget_recording();
  windows.switched_ns = fm_stats_now_ns();
  fm_trace_window_ends(was_on);
  fm_trace_budget_window(!was_on);
  fm_frames_retarget(); /* every frame, or the profile's budget again */
}

/* At the start of an off window: the pages the last on window left far are
 * fetched back here, one after another, rather than on the program's
 * faults, each a round trip through the control thread (those in a random
 * order took most of the off window). */
static void fetch_back(void) {
  uintptr_t top = atomic_load(&fm.alloc_top);
  for (uintptr_t page = fm.far_base; page < top; page += FM_PAGE) {
    uint64_t w = atomic_load_explicit(fm_meta(page), memory_order_relaxed);
    if ((w & FARHINT_META_REGISTERED) && (w & FARHINT_META_FAR_VALID) && !(w & FM_RESIDENT) &&
        fm_page_sampled(page))
      fm_page_in(page, true, 0, FM_PATH_READAHEAD); /* writable: no fault at a write */
    if (atomic_load_explicit(&windows.finished, memory_order_relaxed))
      return; /* the program is exiting */
  }
}

/* Sleeps ns, then switches unless the run is over; false when it is. */
static bool sleep_then_switch(uint64_t ns) {
  struct timespec ts = fm_ns_timespec(ns);
  fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
  while (fm_libc.nanosleep(&ts, &ts) != 0)
    ;
  fm_libc.pthread_mutex_lock(&windows.lock);
  bool go_on = !windows.finished;
  if (go_on)
    switch_window();
  fm_libc.pthread_mutex_unlock(&windows.lock);
  return go_on;
}

static uint64_t next_random(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

static void *windows_main(void *arg) {
  (void)arg;
  uint64_t seed = fm_stats_now_ns() | 1, on_started = fm_stats_now_ns();
  double on_wall = 0, off_wall = 0;
  /* Each window from its switch's record to the next, as the reader takes
   * it: an on window's includes the eviction down to the budget. */
  for (;;) {
    uint64_t length = fm.cfg.trace_window_ns / 2 + next_random(&seed) % fm.cfg.trace_window_ns;
    if (!sleep_then_switch(length))
      return NULL;
    uint64_t off_started = windows.switched_ns;
    on_wall += (double)(off_started - on_started);
    fetch_back();
    /* Off until on_wall <= (slowdown - 1) * off_wall. */
    double off = on_wall / (fm.cfg.trace_slowdown - 1) - off_wall -
                 (double)(fm_stats_now_ns() - off_started);
    if (!sleep_then_switch(off > 0 ? (uint64_t)off : 0))
      return NULL;
    on_started = windows.switched_ns;
    off_wall += (double)(on_started - off_started);
  }
}

bool fm_trace_windows_on(void) { return fm.cfg.trace && fm.cfg.trace_slowdown > 0; }

int fm_trace_windows_start(void) {
  if (!fm_trace_windows_on())
    return 0;
  return fm_thread_start(windows_main, "farhint-windows");
}

void fm_trace_windows_finish(void) {
  if (!fm_trace_windows_on())
    return;
  fm_libc.pthread_mutex_lock(&windows.lock);
  if (!windows.finished) {
    windows.finished = true;
    fm_trace_window_ends(fm_trace_budget_recording());
  }
  fm_libc.pthread_mutex_unlock(&windows.lock);
}
