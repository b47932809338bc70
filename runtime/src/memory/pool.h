/* pool.h -- the frame pool (pool.c): frames recycled with UFFDIO_MOVE. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Reserves the pool; returns the frames it takes from the budget (0: off,
 * as where the kernel lacks UFFDIO_MOVE). */
uint64_t fm_pool_init(bool can_move, uint64_t budget_frames);
bool fm_pool_on(void);
uint64_t fm_pool_frames(void);
void fm_pool_unlock(void); /* after the program's mlockall (mlock.c) */
/* Runs shorter than this are fetched with UFFDIO_COPY and evicted with
 * write-protect and unmap: a move costs a TLB flush per call whatever its
 * length, the others less per page at one or a few pages
 * (docs/results, "Kernel primitives"). */
#define FM_POOL_MIN_RUN 16
/* n contiguous slots from first, in a chunk checked out until
 * fm_pool_took/fm_pool_filled. */
struct fm_pool_run {
  int chunk;
  uintptr_t first;
  unsigned n;
};
/* Up to want frames to fill and move out; false if the pool has none. */
bool fm_pool_take(unsigned want, struct fm_pool_run *r);
void fm_pool_took(const struct fm_pool_run *r, unsigned moved);
/* Room for up to want frames moved in; false if the pool is full. */
bool fm_pool_room(unsigned want, struct fm_pool_run *r);
void fm_pool_filled(const struct fm_pool_run *r, unsigned moved);
/* Moves pages frames from src to dst; returns how many moved (a move is
 * refused for a frame a forked child shares, or between a locked and an
 * unlocked mapping: the caller falls back for the rest). */
long fm_pool_move(uintptr_t dst, uintptr_t src, unsigned pages);
