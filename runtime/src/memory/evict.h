/* evict.h -- eviction (evict.c). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int fm_evict_init(void);               /* probes process_madvise */
unsigned fm_evict_batch(unsigned max); /* pages evicted */
bool fm_evict_vectorized(void);
/* Proactive mode: one step of a pass over the local pages, evicting those
 * idle for threshold(page) looks (frames.c); adds the pages evicted to
 * *evicted and returns true once the pass is over. */
bool fm_evict_idle(unsigned (*threshold)(uintptr_t page), uint64_t *evicted);
/* Recent batches needed a TLB flush for more than one page in 2 (scattered
 * dirty victims). */
bool fm_evict_scattered(void);
/* The program dropped these pages (madvise, mremap): local ones are unmapped
 * unwritten, far copies forgotten; they read as zeros. unregister (munmap):
 * they also leave the runtime's view, in the same pass, so no read-ahead
 * maps into the hole before the kernel unmaps it. */
void fm_evict_discard(uintptr_t base, size_t len, bool unregister);
/* The program makes [base, base + len) inaccessible (accessible false:
 * before mprotect PROT_NONE) or accessible again (after): local pages are
 * evicted first, written back when dirty, since the runtime could not read
 * them to evict them later. */
void fm_evict_set_access(uintptr_t base, size_t len, bool accessible);
