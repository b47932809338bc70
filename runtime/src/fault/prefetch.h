/* prefetch.h -- read-ahead and prefetches on the prefetch thread (prefetch.c). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

int fm_prefetch_start(void);
/* Read-ahead: fetch npages from first_page without waiting (a window at
 * least 4 pages long gets a trigger in its middle). */
void fm_prefetch_request(uintptr_t first_page, long npages, unsigned prio, bool write);
/* Read-ahead of an unhinted fault; wp_sample: fm_reads_map_writable's sample. */
void fm_prefetch_read_ahead(uintptr_t first_page, long npages, bool write, bool wp_sample);
/* Thread tid's miss on page, served: reads ahead of it the window of its
 * run in address order (readahead.c) where that is longer than the have
 * pages its caller reads ahead already, unless --no-unhinted-readahead. */
void fm_prefetch_after_miss(uint32_t tid, uintptr_t page, bool write, unsigned have);
/* A prefetch ahead of an access (the pass's farhint_prefetch): the pages are
 * mapped hidden, so their use is counted per site. */
void fm_prefetch_ahead(uintptr_t first_page, long npages, unsigned prio, bool write, uint32_t site);
/* A hint found a prefetched page (claimed in the slow path), or an unused
 * one was evicted or dropped: counts toward its site's accuracy. */
void fm_prefetch_landed(uint32_t node, uint32_t site); /* before its page is unlocked */
void fm_prefetch_used(uint64_t word);
/* The prefetch counters of each site, for the stats. */
struct fm_prefetch_site {
  uint32_t site;
  uint64_t issued, used;
};
unsigned fm_prefetch_sites(struct fm_prefetch_site *out, unsigned max);
