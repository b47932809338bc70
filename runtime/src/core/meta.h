/* meta.h -- the metadata word of each far page and its lock (meta.c).
 * Design: docs/design/locking.md. */
#pragma once

#define FARHINT_ABI_ONLY /* hint.h: no fast path, no live word here */
#include <farhint/hint.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdatomic.h>

#define FM_NO_NODE 0xffffffffu
/* Bits 24..31 are the runtime's own. A read fault mapped write-protected to
 * measure how often reads are followed by writes (pagein.c): */
#define FARHINT_META_WP_SAMPLE (1UL << 24)
/* An access probe: the page is mapped but PRESENT is cleared, so the next
 * hint on it runs the slow path, which marks it ACCESSED (frames.c). This is
 * how the reclaim policies see accesses without the fast path writing. */
#define FARHINT_META_PROBE (1UL << 25)
/* Mapped by a prefetch and not used yet: hidden from the fast path, so the
 * hint at the access runs the slow path once, which counts the use
 * (prefetch accuracy, prefetch.c). */
#define FARHINT_META_PREFETCHED (1UL << 26)
/* With LOCKED: the prefetch thread owns the page while its transfer is in
 * flight; the UFFDIO_COPY that lands it wakes any thread faulting on it. */
#define FARHINT_META_IN_FLIGHT (1UL << 27)
/* Freed heap memory still mapped (freed.c): its data is dead, so eviction
 * drops it unwritten; reuse zeroes it in place. */
#define FARHINT_META_FREED (1UL << 28)
/* With LOCKED: a thread sleeps until the page is unlocked (meta.c). */
#define FARHINT_META_WAITERS (1UL << 29)
/* Instead of REGISTERED while the program has made the page inaccessible
 * (mprotect PROT_NONE): not local, and out of the runtime's view, so no
 * read-ahead maps it where neither it nor the runtime could read it. */
#define FARHINT_META_NO_ACCESS (1UL << 30)
/* Writes to the page wait in its log (memory/write_log.c): never with a
 * mapped page, so bits 32..63 hold the log's index instead of a node. */
#define FARHINT_META_LOGGED (1UL << 31)
_Static_assert((FARHINT_META_PROBE | FARHINT_META_PREFETCHED) == FARHINT_META_HIDDEN_BITS,
               "hint.h's hidden bits are the probe and prefetched bits");
/* Mapped locally: PRESENT, or hidden from the fast path (a read-ahead
 * trigger, an access probe or an unused prefetch) so the next hint there
 * runs the slow path. */
#define FM_RESIDENT FARHINT_META_MAPPED

static inline _Atomic(uint64_t) *fm_meta(uintptr_t addr) {
  return (_Atomic(uint64_t) *)(FARHINT_META_BIAS + (addr >> FARHINT_PAGE_SHIFT) * 8);
}
/* Lock a page; returns the word as it was, with neither LOCKED nor WAITERS
 * set in it. */
uint64_t fm_page_lock(uintptr_t page);
/* Try once; true with *old filled on success. */
bool fm_page_trylock(uintptr_t page, uint64_t *old);
void fm_page_unlock(uintptr_t page, uint64_t new_word_without_lock);
/* How many page locks the calling thread holds. */
unsigned fm_page_locks_held(void);
/* A page locked by a thread that cannot run while a waiter spins on its
 * core (0: none): its waiters sleep at once, and a hint does not wait. */
void fm_page_hold_no_spin(uintptr_t page);
bool fm_page_no_spin(uintptr_t page);

/* Trace mode's spatial sampling (memory/trace_budget.c): 1 page in 2^k is
 * sampled (kept far) where its level is k or more. In each aligned group of
 * 2^(FM_SAMPLE_LEVELS - 1) pages, a rotation by a hash of the group
 * (splitmix64's finalizer) gives exactly one page in each aligned 2^k a
 * level of k or more: every array of 2^k pages gets its share to within
 * one, and the sets are nested, so a higher rate only turns sampled pages
 * local, never a local page sampled. */
#define FM_SAMPLE_LEVELS 11 /* 1 page in 1, 2, ... 1024 */
static inline unsigned fm_page_sample_level(uintptr_t page) {
  uint64_t index = page >> FARHINT_PAGE_SHIFT, h = index >> (FM_SAMPLE_LEVELS - 1);
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  uint64_t r = (index + (h ^ (h >> 31))) & ((1ULL << (FM_SAMPLE_LEVELS - 1)) - 1);
  return r ? (unsigned)__builtin_ctzll(r) : FM_SAMPLE_LEVELS - 1;
}
/* Count the pages whose data is only far (FAR_VALID and not resident), by
 * sample level, from now on (trace mode's budget follows the pages in use). */
void fm_far_only_count_start(void);
/* Those of level min_level or more. */
uint64_t fm_far_only_pages(unsigned min_level);
