// The inlined fast path of the hint ABI (runtime/include/farhint/hint.h),
// against a small fake metadata table and state word mapped at their fixed
// addresses (fake_hint_words.h). The far pages themselves are never touched by a hint, so they
// stay unmapped.
#include "fake_hint_words.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

struct SlowCall {
  uintptr_t addr;
  size_t size;
  uint32_t packed;
  uint32_t site;
};
std::vector<SlowCall> slow_calls;

} // namespace

// The test stands in for libfarmem's slow path and records each call.
extern "C" void farhint_hint_slow(const void *addr, size_t size, uint32_t packed, uint32_t site) {
  slow_calls.push_back({(uintptr_t)addr, size, packed, site});
}

namespace {

constexpr int kPages = 512; // one page of metadata words

class HintFastPath : public ::testing::Test {
protected:
  static void SetUpTestSuite() { fake_hint_words((size_t)kPages << FARHINT_PAGE_SHIFT, 0); }
  void SetUp() override {
    for (int i = 0; i < kPages; i++)
      meta()[i] = 0;
    fake_hint_set_live(1);
    slow_calls.clear();
  }
  static uint64_t *meta() { return (uint64_t *)FARHINT_META_TABLE; }
  static char *far(int page, int offset = 0) {
    return (char *)FARHINT_FAR_BASE + page * FARHINT_PAGE_SIZE + offset;
  }
  static void setPresent(int page, bool writable = false) {
    meta()[page] =
        FARHINT_META_REGISTERED | FARHINT_META_PRESENT | (writable ? FARHINT_META_DIRTY : 0);
  }
  void hint(const void *p, size_t size, int mut = 0, int rdahead = 0, int prio = 0, int seq = 0,
            uint32_t site = 7) {
    farhint_hint(p, size, mut, rdahead, prio, seq, site, &seq_last);
  }
  uintptr_t seq_last = 0;
};

TEST_F(HintFastPath, TableAddressMatchesLookup) {
  meta()[3] = 0xabcdef;
  EXPECT_EQ(farhint_meta_word((uintptr_t)far(3, 100)), 0xabcdefu);
}

TEST_F(HintFastPath, PresentPageMakesNoCall) {
  setPresent(5);
  hint(far(5, 16), 8);
  EXPECT_TRUE(slow_calls.empty());
}

TEST_F(HintFastPath, AbsentPageCallsSlowPathWithEverything) {
  hint(far(9, 40), 8, /*mut=*/1, /*rdahead=*/-16, /*prio=*/3, /*seq=*/0, 42);
  ASSERT_EQ(slow_calls.size(), 1u);
  EXPECT_EQ(slow_calls[0].addr, (uintptr_t)far(9, 40));
  EXPECT_EQ(slow_calls[0].size, 8u);
  EXPECT_EQ(slow_calls[0].site, 42u);
  uint32_t p = slow_calls[0].packed;
  EXPECT_EQ(FARHINT_UNPACK_FLAGS(p), FARHINT_F_MUT);
  EXPECT_EQ(FARHINT_UNPACK_RDAHEAD(p), -16);
  EXPECT_EQ(FARHINT_UNPACK_PRIO(p), 3u);
}

TEST_F(HintFastPath, BeforeTheRuntimeGoesLiveAbsentPagesMakeNoCall) {
  // Until the runtime evicts (or leaves a fresh page unmapped), a page not
  // present has never held data: the hint is skipped, the access faults.
  fake_hint_set_live(0);
  hint(far(9, 40), 8, /*mut=*/1);
  hint(far(10, 0), 8, 0, 16, 0, /*seq=*/1);
  EXPECT_TRUE(slow_calls.empty());
  EXPECT_EQ(seq_last, 0u) << "a skipped seq hint must not claim its page";
  fake_hint_set_live(1);
  hint(far(10, 0), 8, 0, 16, 0, /*seq=*/1);
  EXPECT_EQ(slow_calls.size(), 1u);
}

TEST_F(HintFastPath, LockedOrEvictingButPresentStillCountsAsPresent) {
  // The access itself is then served by the kernel path if eviction wins.
  meta()[2] = FARHINT_META_PRESENT | FARHINT_META_LOCKED | FARHINT_META_EVICTING;
  hint(far(2), 4);
  EXPECT_TRUE(slow_calls.empty());
}

TEST_F(HintFastPath, StraddlingTwoPagesChecksBoth) {
  setPresent(10);
  hint(far(10, 4090), 16); // crosses into page 11, which is absent
  ASSERT_EQ(slow_calls.size(), 1u);
  EXPECT_EQ(slow_calls[0].addr, (uintptr_t)far(10, 4090));
  EXPECT_EQ(slow_calls[0].size, 16u);

  slow_calls.clear();
  setPresent(11);
  hint(far(10, 4090), 16);
  EXPECT_TRUE(slow_calls.empty());
}

TEST_F(HintFastPath, MultiPageRegionChecksEveryPage) {
  for (int p = 20; p < 24; p++)
    setPresent(p);
  hint(far(20), 4 * FARHINT_PAGE_SIZE);
  EXPECT_TRUE(slow_calls.empty());
  meta()[22] = 0;
  hint(far(20), 4 * FARHINT_PAGE_SIZE);
  EXPECT_EQ(slow_calls.size(), 1u);
}

TEST_F(HintFastPath, ZeroSizeTouchesNothing) {
  hint(far(30), 0);
  EXPECT_TRUE(slow_calls.empty());
}

TEST_F(HintFastPath, AddressOutsideFarMemoryIsIgnored) {
  long local = 1;
  hint(&local, sizeof local, 1);
  hint((void *)(FARHINT_FAR_BASE - 8), 8);
  hint((void *)(FARHINT_FAR_BASE + FARHINT_FAR_SPAN), 8);
  EXPECT_TRUE(slow_calls.empty());
}

TEST_F(HintFastPath, WriteNeedsWritablePage) {
  setPresent(40, /*writable=*/false);
  hint(far(40), 8, /*mut=*/0);
  EXPECT_TRUE(slow_calls.empty()) << "a read of a read-only page is fine";
  hint(far(40), 8, /*mut=*/1);
  EXPECT_EQ(slow_calls.size(), 1u) << "a write must unprotect the page";

  slow_calls.clear();
  setPresent(40, /*writable=*/true);
  hint(far(40), 8, /*mut=*/1);
  EXPECT_TRUE(slow_calls.empty());
}

TEST_F(HintFastPath, SeqSkipsTheSitesLastPage) {
  setPresent(50);
  hint(far(50, 0), 8, 0, 0, 0, /*seq=*/1);
  EXPECT_EQ(seq_last, (uintptr_t)far(50) >> FARHINT_PAGE_SHIFT);
  meta()[50] = 0; // even absent now: same page as last time, skipped
  hint(far(50, 8), 8, 0, 0, 0, /*seq=*/1);
  EXPECT_TRUE(slow_calls.empty());
  hint(far(51, 0), 8, 0, 0, 0, /*seq=*/1); // next page is checked
  EXPECT_EQ(slow_calls.size(), 1u);
  EXPECT_EQ(seq_last, (uintptr_t)far(51) >> FARHINT_PAGE_SHIFT)
      << "a missed page also becomes the site's last page";
}

TEST_F(HintFastPath, SeqOffNeverSkips) {
  hint(far(60), 8);
  hint(far(60), 8);
  EXPECT_EQ(slow_calls.size(), 2u);
}

TEST_F(HintFastPath, AlignedVariantSkipsOnlyTheCrossingTest) {
  setPresent(70);
  farhint_hint_impl(far(70, 8), 8, 0, 0, 0, 0, 1, &seq_last, 0);
  EXPECT_TRUE(slow_calls.empty());
  meta()[70] = 0;
  farhint_hint_impl(far(70, 8), 8, 0, 0, 0, 0, 1, &seq_last, 0);
  EXPECT_EQ(slow_calls.size(), 1u);
}

TEST_F(HintFastPath, EdenMacroCompilesAndUsesSiteZero) {
  hint_fault(far(80), 1, 8, 4, 1, 0);
  ASSERT_EQ(slow_calls.size(), 1u);
  EXPECT_EQ(slow_calls[0].site, 0u);
  EXPECT_EQ(FARHINT_UNPACK_RDAHEAD(slow_calls[0].packed), 4);
}

TEST(HintPacking, RoundTripsExtremes) {
  uint32_t p = FARHINT_PACK(FARHINT_F_MUT | FARHINT_F_SEQ, -32768, 255);
  EXPECT_EQ(FARHINT_UNPACK_FLAGS(p), FARHINT_F_MUT | FARHINT_F_SEQ);
  EXPECT_EQ(FARHINT_UNPACK_RDAHEAD(p), -32768);
  EXPECT_EQ(FARHINT_UNPACK_PRIO(p), 255u);
  EXPECT_EQ(FARHINT_UNPACK_RDAHEAD(FARHINT_PACK(0, 32767, 0)), 32767);
}

} // namespace
