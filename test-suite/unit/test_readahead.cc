// Read-ahead for unhinted faults (runtime/src/fault/readahead.c): the fourth
// fault of a thread in address order starts a window, each further one
// doubles it up to the cap, and a thread follows several interleaved runs.
#include <farhint/hint.h>

#include <gtest/gtest.h>

extern "C" {
#include "base/state.h"
#include "fault/readahead.h"
}

namespace {

uintptr_t page(unsigned i) { return FARHINT_FAR_BASE + uintptr_t{i} * FARHINT_PAGE_SIZE; }

// Each test uses threads of its own (the runs are kept per thread).
TEST(Readahead, TheFourthFaultInOrderStartsAWindowThatDoublesToTheCap) {
  const uint32_t tid = 1001;
  unsigned expect[] = {0, 0, 0, 4, 8, 16, 32, 32, 32};
  unsigned at = 0;
  for (unsigned k = 0; k < sizeof expect / sizeof expect[0]; k++) {
    fm_ra_window w = fm_readahead_of(tid, page(at), 32);
    EXPECT_EQ(w.pages, expect[k]) << "fault " << k;
    at += w.pages + 1; // the next fault just past what was read ahead
  }
}

TEST(Readahead, TheWindowNeverPassesTheLargestReadAhead) {
  const uint32_t tid = 1002;
  unsigned at = 0, last = 0;
  for (unsigned k = 0; k < 12; k++) {
    last = fm_readahead_of(tid, page(at), 1u << 20).pages;
    at += last + 1;
  }
  EXPECT_EQ(last, 256u);
}

// Hinted windows too (hint_slow.c): larger, the windows of a scan or two
// take the frames of what the program reuses.
TEST(Readahead, AWindowHoldsAtMostAnEighthOfTheBudget) {
  uint64_t was = fm.cfg.local_bytes;
  fm.cfg.local_bytes = 1400 * FARHINT_PAGE_SIZE;
  EXPECT_EQ(fm_readahead_most(), 175u);
  fm.cfg.local_bytes = 4 * FARHINT_PAGE_SIZE;
  EXPECT_EQ(fm_readahead_most(), 1u) << "a page ahead, however small the budget";
  fm.cfg.local_bytes = was;
}

TEST(Readahead, AFaultElsewhereStartsAnotherRunAndTheFirstGoesOn) {
  const uint32_t tid = 1003;
  // A copy: faults alternate between its source (0...) and destination.
  unsigned windows[2] = {0, 0};
  for (unsigned k = 0; k < 6; k++)
    for (unsigned run = 0; run < 2; run++)
      windows[run] = fm_readahead_of(tid, page(run * 100000 + k), 64).pages;
  EXPECT_GT(windows[0], 0u);
  EXPECT_GT(windows[1], 0u);
  EXPECT_TRUE(fm_readahead_in_order(tid, page(6)));
  EXPECT_FALSE(fm_readahead_in_order(tid, page(50000)));
  EXPECT_FALSE(fm_readahead_in_order(tid + 16 * 7, page(6))) << "another thread's run";
}

TEST(Readahead, OnlyPagesNotAskedForBeforeAreNew) {
  const uint32_t tid = 1004;
  for (unsigned k = 0; k < 3; k++)
    fm_readahead_of(tid, page(k), 64);
  fm_ra_window w = fm_readahead_of(tid, page(3), 64); // asks for 4..7
  ASSERT_EQ(w.pages, 4u);
  EXPECT_EQ(w.new_from, page(3));
  fm_ra_window again = fm_readahead_of(tid, page(4), 64); // inside it: 5..12
  EXPECT_EQ(again.pages, 8u);
  EXPECT_EQ(again.new_from, page(7)) << "pages up to the last window's end were asked for";
}

TEST(Readahead, AFaultBehindTheRunStartsOver) {
  const uint32_t tid = 1005;
  for (unsigned k = 10; k < 16; k++)
    fm_readahead_of(tid, page(k), 64);
  EXPECT_EQ(fm_readahead_of(tid, page(5), 64).pages, 0u);
}

} // namespace
