// Eviction's runs (runtime/src/memory/runs.c): neighbouring victims merged
// into one unmap range, and dirty victims a few clean or absent pages apart
// write-protected as one range, with the pages between locked meanwhile.
#include "far_pages.h"

#include <gtest/gtest.h>
#include <sys/uio.h>

extern "C" {
#include "memory/runs.h"
}

#include <vector>

namespace {

using far_pages::page;
using far_pages::word;

constexpr uint64_t kMapped = FARHINT_META_REGISTERED | FARHINT_META_MAPPED;
constexpr uint64_t kDirty = kMapped | FARHINT_META_DIRTY;

struct Batch {
  std::vector<uintptr_t> pages;
  std::vector<uint64_t> words;
  // Victims at far pages `at` (ascending), dirty where `dirty` says; their
  // words as the pick returns them. Pages from `first` on start unallocated.
  Batch(unsigned first, std::vector<unsigned> at, std::vector<bool> dirty) {
    for (unsigned i = first; i < first + 64; i++)
      word(i) = 0;
    for (size_t k = 0; k < at.size(); k++) {
      pages.push_back(page(at[k]));
      words.push_back(dirty[k] ? kDirty : kMapped);
      word(at[k]) = words.back() | FARHINT_META_LOCKED; // held by the pick
    }
  }
  std::vector<fm_range> ranges(fm_gap_pages &gap) {
    std::vector<fm_range> out(pages.size());
    out.resize(
        fm_runs_wp_ranges(pages.data(), words.data(), unsigned(pages.size()), out.data(), &gap));
    return out;
  }
};

fm_range span(unsigned from, unsigned pages) {
  return {page(from), uint64_t{pages} * FARHINT_PAGE_SIZE};
}

bool operator==(const fm_range &a, const fm_range &b) {
  return a.start == b.start && a.len == b.len;
}

TEST(EvictionRuns, NeighboursShareOneUnmapRange) {
  uintptr_t pages[] = {page(1), page(2), page(3), page(7), page(9), page(10)};
  iovec iov[6];
  ASSERT_EQ(fm_pages_to_iov(pages, 6, iov), 3u);
  EXPECT_EQ(uintptr_t(iov[0].iov_base), page(1));
  EXPECT_EQ(iov[0].iov_len, 3 * FARHINT_PAGE_SIZE);
  EXPECT_EQ(uintptr_t(iov[1].iov_base), page(7));
  EXPECT_EQ(iov[1].iov_len, FARHINT_PAGE_SIZE);
  EXPECT_EQ(iov[2].iov_len, 2 * FARHINT_PAGE_SIZE);
}

TEST(EvictionRuns, CleanVictimsNeedNoWriteProtect) {
  Batch b(0, {0, 1, 5}, {false, false, false});
  fm_gap_pages gap{};
  EXPECT_TRUE(b.ranges(gap).empty());
  EXPECT_EQ(gap.n, 0u);
}

TEST(EvictionRuns, AbsentPagesBetweenDirtyVictimsAreBridgedAndHeldLocked) {
  Batch b(100, {100, 104}, {true, true});
  fm_gap_pages gap{};
  std::vector<fm_range> r = b.ranges(gap);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0] == span(100, 5));
  ASSERT_EQ(gap.n, 3u); // 101..103: locked until the protect is done
  for (unsigned i = 101; i <= 103; i++)
    EXPECT_TRUE(word(i) & FARHINT_META_LOCKED) << i;
  fm_runs_release_gap(&gap);
  for (unsigned i = 101; i <= 103; i++)
    EXPECT_EQ(word(i), 0u) << "unlocked with the word it had";
}

TEST(EvictionRuns, CleanVictimsInsideARunAreCoveredUpToItsLastDirtyOne) {
  Batch b(200, {200, 201, 202, 203}, {true, false, true, false});
  fm_gap_pages gap{};
  std::vector<fm_range> r = b.ranges(gap);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0] == span(200, 3)); // the clean 203 after the last dirty one is left out
  fm_runs_release_gap(&gap);
}

TEST(EvictionRuns, ADirtyLocalPageBetweenVictimsIsNotBridged) {
  Batch b(300, {300, 303}, {true, true});
  word(302) = kDirty; // local and written: protecting it would lose the mark
  fm_gap_pages gap{};
  std::vector<fm_range> r = b.ranges(gap);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_TRUE(r[0] == span(300, 1));
  EXPECT_TRUE(r[1] == span(303, 1));
  EXPECT_EQ(gap.n, 0u);
  EXPECT_EQ(word(301), 0u) << "a gap not bridged lets go of what it locked";
  EXPECT_EQ(word(302), kDirty);
}

TEST(EvictionRuns, APageLockedByAnotherThreadIsNotBridged) {
  Batch b(400, {400, 402}, {true, true});
  word(401) = kMapped | FARHINT_META_LOCKED; // being fetched or evicted elsewhere
  fm_gap_pages gap{};
  EXPECT_EQ(b.ranges(gap).size(), 2u);
  EXPECT_EQ(gap.n, 0u);
}

TEST(EvictionRuns, VictimsFarApartAreNotBridged) {
  Batch b(500, {500, 510}, {true, true}); // 9 pages between: more than 8
  fm_gap_pages gap{};
  EXPECT_EQ(b.ranges(gap).size(), 2u);
  EXPECT_EQ(gap.n, 0u);
  Batch c(600, {600, 609}, {true, true}); // 8 between: bridged
  ASSERT_EQ(c.ranges(gap).size(), 1u);
  EXPECT_EQ(gap.n, 8u);
  fm_runs_release_gap(&gap);
}

} // namespace
