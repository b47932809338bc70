/* readahead.h -- read-ahead for faults in address order that no hint gives
 * a window to (readahead.c). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* What to read ahead of a fault: pages after its page (0: none), and the
 * first of them not asked for by an earlier fault of the run. */
struct fm_ra_window {
  unsigned pages;
  uintptr_t new_from;
};
/* Thread tid's fault on page: continues one of its runs or starts one, and
 * gives the window to read ahead of it, of at most max pages. */
struct fm_ra_window fm_readahead_of(uint32_t tid, uintptr_t page, unsigned max);
/* The most pages one read-ahead window may hold, hinted or not: an eighth
 * of the local budget. Larger, the windows of a scan or two take the frames
 * of what the program reuses, and then their own pages are evicted before
 * the scan reaches them. */
unsigned fm_readahead_most(void);
/* Whether the fault would continue one of the thread's runs. */
bool fm_readahead_in_order(uint32_t tid, uintptr_t page);
