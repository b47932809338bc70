/* runs.h -- the runs of an eviction batch (runs.c). */
#pragma once

#include "core/uffd.h"

#include <stddef.h>
#include <stdint.h>

/* Merges n ascending pages into iov, neighbours into one range; returns
 * the entries written (at most n). */
struct iovec;
unsigned fm_pages_to_iov(const uintptr_t *pages, unsigned n, struct iovec *iov);

/* Gap pages held locked across one batch's write-protect. */
#define FM_GAP_MAX 256
struct fm_gap_pages {
  uintptr_t page[FM_GAP_MAX];
  uint64_t word[FM_GAP_MAX];
  unsigned n;
};
/* The write-protect ranges of n victims in address order (each locked,
 * with its word): one a run of dirty victims, where victims up to a few
 * pages apart share a range when every page between them is locked into
 * gap and is absent or clean. Returns the ranges written to ranges (at most
 * n); gap's pages stay locked until fm_runs_release_gap, after the protect. */
size_t fm_runs_wp_ranges(const uintptr_t *pages, const uint64_t *words, unsigned n,
                         struct fm_range *ranges, struct fm_gap_pages *gap);
void fm_runs_release_gap(struct fm_gap_pages *gap);
