// Hints going quiet (runtime/src/core/live.c): after 20 calm ticks (10 ms
// each with fewer misses than the setting allows) hints go quiet, but only
// while under an eighth of the budget is data that is only far; the first
// tick with many misses brings them back, and any busy tick starts the
// count of calm ones again.
#include <gtest/gtest.h>

extern "C" {
#include "core/live.h"
}

namespace {

constexpr uint64_t kPerTick = 10;  // misses a tick that keep hints live
constexpr uint64_t kBudget = 8192; // pages
constexpr int64_t kFewFar = 100;   // under an eighth of the budget
constexpr int64_t kMuchFar = 4096; // half of it

// Ticks with `misses` each until the step is not STAY; how many it took (0:
// none within limit).
unsigned ticks_until_change(unsigned &calm, bool quiet, uint64_t misses, int64_t far,
                            fm_quiet_step &step, unsigned limit = 100) {
  for (unsigned t = 1; t <= limit; t++) {
    step = fm_hints_quiet_tick(&calm, quiet, misses, kPerTick, far, kBudget);
    if (step != FM_QUIET_STAY)
      return t;
  }
  return 0;
}

TEST(HintsQuiet, QuietAfterTwentyCalmTicksAndLiveAgainAtTheFirstBusyOne) {
  unsigned calm = 0;
  fm_quiet_step step;
  EXPECT_EQ(ticks_until_change(calm, false, 3, kFewFar, step), 20u);
  EXPECT_EQ(step, FM_QUIET_ON);
  EXPECT_EQ(ticks_until_change(calm, true, 3, kFewFar, step, 50), 0u) << "quiet stays quiet";
  EXPECT_EQ(ticks_until_change(calm, true, kPerTick, kFewFar, step), 1u);
  EXPECT_EQ(step, FM_QUIET_OFF);
}

TEST(HintsQuiet, ABusyTickStartsTheCountAgain) {
  unsigned calm = 0;
  fm_quiet_step step;
  for (unsigned t = 0; t < 19; t++)
    fm_hints_quiet_tick(&calm, false, 0, kPerTick, kFewFar, kBudget);
  EXPECT_EQ(fm_hints_quiet_tick(&calm, false, 50, kPerTick, kFewFar, kBudget), FM_QUIET_STAY);
  EXPECT_EQ(calm, 0u);
  EXPECT_EQ(ticks_until_change(calm, false, 0, kFewFar, step), 20u);
}

TEST(HintsQuiet, NotWhileMuchOfTheDataIsOnlyFar) {
  unsigned calm = 0;
  fm_quiet_step step;
  EXPECT_EQ(ticks_until_change(calm, false, 0, kMuchFar, step), 0u)
      << "a program calm while it works on a part that fits still needs its hints";
  EXPECT_EQ(ticks_until_change(calm, false, 0, kFewFar, step), 1u)
      << "once most data is local again, the calm ticks so far count";
}

} // namespace
