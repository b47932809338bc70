// Whether unhinted read faults map their pages writable
// (runtime/src/memory/read_writes.c): one decision in 16 maps write-protected
// to measure; once 1024 sampled pages are counted, more than half of them
// written turns writable mapping on, fewer than a fifth turns it off, and in
// between the mode stays (hysteresis).
#include <gtest/gtest.h>

extern "C" {
#include "memory/read_writes.h"
}

namespace {

// One decision window: 1024 decisions of 16 pages each, every 16th sampled
// (64 of them: 1024 sampled pages), and the sampled pages written at the
// given share. Returns what the last unsampled decision said.
bool window(double share_written) {
  bool writable = false;
  for (unsigned d = 0; d < 1024; d++) {
    bool sample;
    bool w = fm_reads_map_writable(16, &sample);
    if (sample) {
      EXPECT_FALSE(w) << "a sampled decision maps write-protected";
      fm_reads_written(unsigned(16 * share_written));
    } else {
      writable = w;
    }
  }
  return writable;
}

TEST(ReadWrites, WritableMappingFollowsTheShareWrittenWithHysteresis) {
  EXPECT_FALSE(window(0.0)) << "write-protected to start with";
  EXPECT_FALSE(window(0.4)) << "two fifths written: not enough to turn on";
  window(0.75);
  EXPECT_TRUE(window(0.75)) << "three quarters written: on";
  EXPECT_TRUE(window(0.4)) << "two fifths: stays on";
  window(0.1);
  EXPECT_FALSE(window(0.1)) << "a tenth: off again";
}

TEST(ReadWrites, OneDecisionInSixteenIsSampled) {
  unsigned sampled = 0;
  for (unsigned d = 0; d < 160; d++) {
    bool sample;
    fm_reads_map_writable(1, &sample);
    sampled += sample;
  }
  EXPECT_EQ(sampled, 10u);
}

} // namespace
