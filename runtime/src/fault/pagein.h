/* pagein.h -- page-in (pagein.c). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdatomic.h>

/* HINTED_ASYNC: a hinted miss of a user-level thread, whose link time has
 * passed while other threads ran (ult/fetch.c). */
enum fm_path { FM_PATH_HINTED, FM_PATH_UNHINTED, FM_PATH_READAHEAD, FM_PATH_HINTED_ASYNC };
/* Make the page present (writable if write). Returns FM_MAPPED if this call
 * mapped it (waking kernel waiters), FM_TRIGGERED if it was a read-ahead
 * trigger (now present: the caller may start the next window), 0 if it was
 * already there. */
enum { FM_MAPPED = 1, FM_TRIGGERED = 2 };
int fm_page_in(uintptr_t page, bool write, unsigned prio, enum fm_path path);
/* fm_page_in of a user-level thread's parked miss, with the far copy
 * already read into data (a read that was in flight), used unless *stale
 * says the far copy was written meanwhile; data NULL: fetched here. */
int fm_page_in_read(uintptr_t page, bool write, unsigned prio, const void *data,
                    const _Atomic bool *stale);
/* A page locked for a fetch, and how to map it. */
enum fm_mark {
  FM_MARK_PLAIN,      /* as a fault maps: an access probe if the policy watches */
  FM_MARK_AHEAD,      /* read-ahead: present */
  FM_MARK_TRIGGER,    /* read-ahead: the next window starts here */
  FM_MARK_PREFETCHED, /* a prefetch ahead: hidden until used */
};
struct fm_fetch {
  uintptr_t page;
  uint64_t word; /* as it was when locked */
  uint32_t site; /* FM_MARK_PREFETCHED: the prefetching site */
  uint8_t prio, mark;
  bool write;
  bool wp_sample; /* mapped for reading to measure whether it is written */
};
/* Lock page for a fetch if it is allocated and neither local nor locked. */
bool fm_page_lock_absent(uintptr_t page, uint64_t *word);
/* Map locked absent pages (in address order: neighbours with the same
 * source share one UFFDIO_COPY) and unlock them; the link time is the
 * caller's. speculative (read-ahead, prefetches): where no frame can be had
 * without waiting, the rest are unlocked unmapped instead. */
void fm_page_map_locked(const struct fm_fetch *f, unsigned n, bool speculative);
/* Map a fresh extent's first pages as zeros while frames are free beyond
 * the reclaim reserve (alloc.c). */
void fm_page_prefill(uintptr_t base, size_t bytes);
/* A missing fault on a fresh page (never written far) while frames are free
 * beyond the reclaim reserve maps every absent fresh page of its aligned
 * window of FM_ZERO_PAGES at once, writable. True if the page is mapped now. */
bool fm_page_in_fresh_window(uintptr_t page);
/* Trace mode's spatial sampling: a missing fault on a page kept local
 * (fm_page_sampled) maps every absent local page of its aligned window of
 * FM_ZERO_PAGES at once, as a fresh extent is mapped in runs: they are
 * never evicted, so one round trip serves many first touches. True if the
 * page is mapped now. */
bool fm_page_in_local_window(uintptr_t page);
void fm_page_make_writable(uintptr_t page, bool from_kernel_fault);
