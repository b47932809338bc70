// The frame table and its reclaim lists (runtime/src/memory/frames.c): the
// order each replacement policy picks victims in, second chances, busy
// pages, demotion, the kept part of re-scanned ranges, the free count, and
// trace mode's budget that follows the pages in use.
#include "far_pages.h"

#include <stdatomic.h> // before extern "C": in C++ it declares templates
#include <gtest/gtest.h>

extern "C" {
#include "base/state.h"
#include "base/stats.h"
#include "core/meta.h"
#include "memory/frames.h"
#include "memory/trace_budget.h"

// frames.c reclaims when no frame is free and wakes the reclaim thread when
// few are: neither runs in these tests, which keep frames free.
unsigned fm_evict_batch(unsigned) {
  ADD_FAILURE() << "a test ran out of free frames";
  return 0;
}
bool fm_evict_scattered(void) { return false; }
void fm_reclaim_kick(void) {}
}

#include <vector>

namespace {

using far_pages::page;
using far_pages::word;

constexpr uint64_t kLocal = FARHINT_META_REGISTERED | FARHINT_META_PRESENT;

class Frames : public ::testing::Test {
protected:
  void start(fm_policy policy, double keep_fraction = 0.5, unsigned lru_lists = 4) {
    fm.cfg.keep_fraction = keep_fraction;
    fm.cfg.lru_lists = lru_lists;
    fm.cfg.free_fraction = 0.001;
    fm.cfg.evict_batch = 1;
    ASSERT_EQ(fm_frames_init(1024, policy), 0);
    for (unsigned i = 0; i < far_pages::kPages; i++)
      word(i) = 0;
  }
  // Far page i fetched into a frame of its own, with hint priority prio.
  uint32_t fetch(unsigned i, unsigned prio = 0) {
    uint32_t node = fm_frames_get();
    word(i) = kLocal;
    fm_frames_track(node, page(i), prio);
    nodes.resize(far_pages::kPages);
    nodes[i] = node;
    return node;
  }
  // The next n victims as far page numbers; each is locked by the pick, and
  // is evicted here: unlocked and its frame given back.
  std::vector<unsigned> pick(unsigned n) {
    std::vector<uintptr_t> pages(n);
    std::vector<uint64_t> words(n);
    unsigned got = fm_frames_pick_victims(pages.data(), words.data(), n);
    std::vector<unsigned> out;
    for (unsigned k = 0; k < got; k++) {
      unsigned i = unsigned((pages[k] - page(0)) / FARHINT_PAGE_SIZE);
      EXPECT_TRUE(word(i) & FARHINT_META_LOCKED) << "victim " << i << " locked by the pick";
      word(i) = 0;
      fm_frames_put(nodes[i]);
      out.push_back(i);
    }
    return out;
  }
  std::vector<uint32_t> nodes;
};

using V = std::vector<unsigned>;

TEST_F(Frames, FifoPicksInFetchOrder) {
  start(FM_POLICY_FIFO);
  for (unsigned i : {5, 3, 9, 1})
    fetch(i);
  EXPECT_EQ(pick(2), (V{5, 3}));
  EXPECT_EQ(pick(5), (V{9, 1}));
}

TEST_F(Frames, ABusyPageIsLeftForLater) {
  start(FM_POLICY_FIFO);
  for (unsigned i : {1, 2, 3})
    fetch(i);
  word(1) |= FARHINT_META_LOCKED; // being faulted on by another thread
  EXPECT_EQ(pick(1), (V{2}));
  word(1) &= ~FARHINT_META_LOCKED;
  EXPECT_EQ(pick(2), (V{3, 1}));
}

TEST_F(Frames, ClockGivesAnAccessedPageASecondChanceAndWatchesIt) {
  start(FM_POLICY_CLOCK);
  for (unsigned i : {1, 2, 3})
    fetch(i);
  word(1) |= FARHINT_META_ACCESSED;
  EXPECT_EQ(pick(1), (V{2}));
  EXPECT_FALSE(word(1) & FARHINT_META_ACCESSED) << "the mark is taken";
  EXPECT_TRUE(word(1) & FARHINT_META_PROBE) << "the next hinted access is seen";
  EXPECT_FALSE(word(1) & FARHINT_META_PRESENT);
  EXPECT_EQ(pick(2), (V{3, 1}));
}

TEST_F(Frames, PrioEvictsTheHighestClassFirst) {
  start(FM_POLICY_PRIO);
  fetch(1, 0);
  fetch(2, 5);
  fetch(3, 2);
  fetch(4, 5);
  EXPECT_EQ(pick(4), (V{2, 4, 3, 1}));
}

TEST_F(Frames, LruEvictsWhatWasNotReusedAndKeepsWhatWas) {
  start(FM_POLICY_LRU, 0.5, 2);
  for (unsigned i = 1; i <= 4; i++)
    fetch(i);
  // Nothing is cold yet: the lists age once, and the fetched generation is
  // watched from then on (a probe on each page).
  EXPECT_EQ(pick(1), (V{1}));
  word(2) |= FARHINT_META_ACCESSED; // reused since it was watched
  EXPECT_EQ(pick(2), (V{3, 4}));
  EXPECT_EQ(pick(1), (V{2})) << "the reused page goes last";
}

TEST_F(Frames, ADemotedPageIsTheNextVictim) {
  start(FM_POLICY_FIFO);
  for (unsigned i : {1, 2, 3})
    fetch(i);
  fm_frames_demote(nodes[3]); // its data is dead (freed)
  EXPECT_EQ(pick(1), (V{3}));
}

TEST_F(Frames, KeptPagesGoLastAndHoldTheirShareOfTheBudget) {
  start(FM_POLICY_FIFO, 0.25); // 256 of 1024 frames may be kept
  uint64_t admitted = fm_stats_read(FM_C_KEEP_ADMITTED);
  uint64_t released = fm_stats_read(FM_C_KEEP_RELEASED);
  // A re-scanned range (ev_prio keep) over many 4 MiB chunks, twice the
  // share, and a few ordinary pages fetched after it.
  for (unsigned i = 0; i < 512; i++)
    fetch(i * 8, FM_PRIO_KEEP);
  for (unsigned i = 1; i < 16; i += 2)
    fetch(i);
  unsigned kept = unsigned(fm_stats_read(FM_C_KEEP_ADMITTED) - admitted -
                           (fm_stats_read(FM_C_KEEP_RELEASED) - released));
  EXPECT_LE(kept, 256u) << "no more than the keep share";
  EXPECT_GE(kept, 128u) << "the sample converges on what fits, not on much less";
  V order = pick(1000);
  ASSERT_EQ(order.size(), 520u);
  for (size_t k = order.size() - kept; k < order.size(); k++)
    EXPECT_EQ(order[k] % 8, 0u) << "kept pages are the last victims";
  unsigned ordinary_seen = 0; // before every kept one
  for (size_t k = 0; k < order.size() - kept; k++)
    ordinary_seen += order[k] % 2;
  EXPECT_EQ(ordinary_seen, 8u);
}

TEST_F(Frames, TheFreeCountFollowsTakesAndPuts) {
  start(FM_POLICY_FIFO);
  EXPECT_EQ(fm_frames_free(), 1024u);
  for (unsigned i = 0; i < 10; i++)
    fetch(i);
  EXPECT_EQ(fm_frames_free(), 1014u);
  pick(4);
  EXPECT_EQ(fm_frames_free(), 1018u);
  EXPECT_EQ(fm_frames_peak_used(), 10u);
  uint32_t spare = fm_frames_try_get();
  EXPECT_NE(spare, FM_NO_NODE);
  fm_frames_put(spare);
  EXPECT_EQ(fm_frames_free(), 1018u);
}

// Trace mode with --local 50%: the budget starts at the smallest the
// runtime takes and grows, as frames run low, to half of the pages in use:
// frames in use plus pages whose data is only far, which the page's unlock
// counts.
TEST_F(Frames, ATraceBudgetFollowsThePagesInUse) {
  fm.cfg.trace = true;
  fm.cfg.trace_spatial = 1;
  fm.cfg.trace_local_share = 0.5;
  start(FM_POLICY_FIFO);
  EXPECT_TRUE(fm_trace_budget_follows());
  uint64_t first = fm_frames_total();
  EXPECT_EQ(first, 256u);               // 1 MiB
  for (unsigned i = 0; i < 1000; i++) { // evicted: only far now
    fm_page_lock(page(2000 + i));
    fm_page_unlock(page(2000 + i), FARHINT_META_REGISTERED | FARHINT_META_FAR_VALID);
  }
  for (unsigned i = 0; i < 400; i++)
    fetch(i);
  // Grown to half of 1000 far pages and the frames in use when it last grew.
  EXPECT_GE(fm_frames_total(), 500u + (first - 2) / 2);
  EXPECT_LE(fm_frames_total(), 500u + 400 / 2);
  EXPECT_EQ(fm_trace_budget_peak_pages() / 2, fm_trace_budget_frames());
  EXPECT_EQ(fm_trace_budget_local_pages(), fm_frames_total());
  fm.cfg.trace = false;
  fm.cfg.trace_local_share = 0;
}

// Trace mode in windows of time: between windows every frame is the
// budget, and the pages taken then stay; the next window's budget is the
// share of the pages in use again, and what the trace says the budget was
// is the windows' all along.
TEST_F(Frames, BetweenTraceWindowsTheBudgetIsEveryFrame) {
  fm.cfg.trace = true;
  fm.cfg.trace_spatial = 1;
  fm.cfg.trace_local_share = 0.5;
  start(FM_POLICY_FIFO);
  uint64_t first = fm_frames_total();
  fm_trace_budget_window(false);
  fm_frames_retarget();
  EXPECT_FALSE(fm_trace_budget_recording());
  EXPECT_EQ(fm_frames_total(), 1024u);
  EXPECT_EQ(fm_trace_budget_local_pages(), first);
  for (unsigned i = 0; i < 100; i++)
    fetch(i);
  fm_trace_budget_window(true);
  fm_frames_retarget(); // no eviction: 100 pages fit the smallest budget
  EXPECT_TRUE(fm_trace_budget_recording());
  EXPECT_EQ(fm_frames_total(), first);
  EXPECT_EQ(fm_frames_free(), first - 100);
  fm.cfg.trace = false;
  fm.cfg.trace_local_share = 0;
}

} // namespace
