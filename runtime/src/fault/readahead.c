/* readahead.c -- read-ahead for unhinted faults: which faults continue a
 * run in address order, and how far ahead of each to read.
 * Design: docs/design/prefetch.md. */
#include "fault/readahead.h"
#include "base/spinlock.h"
#include "base/state.h"

/* Unhinted faults in address order (a vector filled or copied by library
 * code the pass cannot hint) get read-ahead of their own, as the kernel's
 * swap read-ahead does: per run of a faulting thread, the fourth fault in a
 * row at or just past the last one (or its window) starts a window of 4
 * pages, and each further one doubles it (up to RA_MAX, and at most
 * fm_readahead_most); the read-ahead thread fetches it while the thread
 * runs on.
 * Three in a row are not enough: objects of a few pages each are read
 * whole, and a window after one only evicts what the next requests need.
 * A thread follows RA_WAYS runs at once: a copy's faults alternate between
 * its source and its destination, and with one run per thread each fault
 * reset the other's (docs/design/prefetch.md, "Read-ahead for unhinted faults
 * in address order"). */
#define RA_THREADS 16
#define RA_WAYS 4 /* runs followed at once per thread (interleaved copies) */
/* The largest window, 1 MiB: a scan that outruns a smaller one waits at
 * each window's end, every fault there a round trip. */
#define RA_MAX 256
struct ra_stream {
  uint32_t tid;
  uintptr_t last;  /* the last fault's page */
  unsigned run;    /* faults in address order before it */
  unsigned window; /* pages fetched ahead of it */
  uintptr_t ahead; /* the end of what was asked for ahead */
  uint64_t used;   /* when it last took a fault, to replace the oldest */
};
static struct ra_stream streams[RA_THREADS][RA_WAYS]; /* under streams_lock */
static uint64_t streams_clock;
static fm_spinlock_t streams_lock;

/* Thread tid's run that its fault on page continues in address order, or
 * NULL (streams_lock held: with servers beside every core, several serve). */
static struct ra_stream *continued_run(uint32_t tid, uintptr_t page) {
  struct ra_stream *set = streams[tid % RA_THREADS];
  for (unsigned w = 0; w < RA_WAYS; w++)
    if (set[w].tid == tid && page > set[w].last &&
        page <= set[w].last + (uintptr_t)(set[w].window + 1) * FM_PAGE)
      return &set[w];
  return NULL;
}

bool fm_readahead_in_order(uint32_t tid, uintptr_t page) {
  fm_spin_lock(&streams_lock);
  bool in_order = continued_run(tid, page) != NULL;
  fm_spin_unlock(&streams_lock);
  return in_order;
}

/* A fault that continues none of its thread's runs starts one in place of
 * the run that has gone longest without a fault. */
static struct ra_stream *oldest_run(uint32_t tid) {
  struct ra_stream *set = streams[tid % RA_THREADS], *old = &set[0];
  for (unsigned w = 1; w < RA_WAYS; w++)
    if (set[w].used < old->used)
      old = &set[w];
  return old;
}

unsigned fm_readahead_most(void) {
  uint64_t eighth = fm.cfg.local_bytes / FM_PAGE / 8;
  return eighth > 1 ? (unsigned)eighth : 1;
}

struct fm_ra_window fm_readahead_of(uint32_t tid, uintptr_t page, unsigned max) {
  if (max > RA_MAX)
    max = RA_MAX;
  fm_spin_lock(&streams_lock);
  struct ra_stream *s = continued_run(tid, page);
  bool in_order = s != NULL;
  if (!s)
    s = oldest_run(tid);
  unsigned run = in_order ? s->run + 1 : 0;
  unsigned window = run < 3 ? 0 : s->window ? 2 * s->window : 4;
  if (window > max)
    window = max;
  uintptr_t asked = in_order && s->ahead > page ? s->ahead : page;
  uintptr_t end = page + (uintptr_t)window * FM_PAGE;
  *s = (struct ra_stream){.tid = tid,
                          .last = page,
                          .run = run,
                          .window = window,
                          .ahead = end > asked ? end : asked,
                          .used = ++streams_clock};
  fm_spin_unlock(&streams_lock);
  return (struct fm_ra_window){.pages = window, .new_from = asked};
}
