/* frames.c -- the local-memory budget as a fixed set of frames (page nodes),
 * and the reclaim lists the eviction policies pick victims from (Eden §4):
 * fifo (Eden's "default": one list), clock (second chance on the accessed
 * bit), lru (N lists by recency of access) and prio (a higher ev_prio class
 * is reclaimed first), and beside them the kept part of re-scanned ranges
 * (FARHINT_EV_KEEP).
 *
 * Eden's hints stamp every access; ours do not write on the fast path (it
 * stays 8 instructions). Accesses are sampled instead: a page a policy keeps
 * gets an access probe (FARHINT_META_PROBE: still mapped, PRESENT cleared),
 * so the next hint on it takes the slow path once and marks it ACCESSED (a
 * write to a probed clean page too: its write-protect fault). Only a probe
 * sets ACCESSED, so it means "reused since the probe was armed". clock maps
 * pages with a probe (pagein.c); lru arms them a generation after the fetch,
 * since a scan's accesses right after it are the fetch's own use: armed at
 * the fetch, they would put the pages of every read-ahead window out of
 * order, and scans would lose to fifo. Accesses by unhinted code to a
 * page that is already local are not seen.
 * Design: docs/design/eviction.md. */
#include "memory/frames.h"
#include "base/config.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/meta.h"
#include "memory/evict.h"
#include "memory/reclaim.h"
#include "memory/trace_budget.h"

#include <limits.h>
#include <linux/futex.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct node {
  uintptr_t page; /* far page this frame holds */
  uint32_t prev, next;
  uint8_t list; /* reclaim list, NO_LIST while taken and untracked, FREE */
  uint8_t idle; /* proactive mode: looks in a row that found it unused */
};
#define NO_LIST 0xff
#define FREE 0xfe         /* on the free list */
#define KEPT FM_MAX_LISTS /* the list after the policy's: kept pages */
/* Pages a faulting thread evicts when victims are scattered. A lone
 * thread takes few, so that the fault that evicts stays short (its p99 is
 * the batch's time). Beside other threads of the program, each batch's
 * unmap flush interrupts the cores they run on, so fewer, larger batches
 * pay (docs/design/eviction.md, "Who evicts"). */
#define SCATTERED_BATCH_LONE 8
#define SCATTERED_BATCH_THREADS 32

static struct {
  pthread_mutex_t lock;
  struct node *nodes;
  uint64_t cap;        /* nodes: the most frames the budget can grow to */
  uint64_t total;      /* the budget: frames in use now and free */
  uint64_t debt;       /* frames in use beyond a budget that shrank: not freed when put */
  uint32_t free_head;  /* frames given back, linked through next */
  uint64_t never_used; /* frames from here on were never handed out */
  uint64_t nfree;      /* both together */
  uint32_t head[FM_MAX_LISTS + 1], tail[FM_MAX_LISTS + 1];
  uint64_t len[FM_MAX_LISTS + 1];
  int nlists;
  int lru_base; /* lru: the list that is coldest now; aging rotates it */
  enum fm_policy policy;
  uint64_t low_water; /* below this many free frames, wake the reclaimer */
  uint64_t peak_used;
  uint64_t keep_cap;   /* most frames the kept list may hold */
  uint32_t keep_below; /* admits chunks whose hash is below this */
  uint64_t evicted_since_aging;
  uint64_t keep_asked;      /* pages fetched with ev_prio keep since aging */
  _Atomic bool threaded;    /* the program has started a thread */
  _Atomic uint32_t put_seq; /* futex: bumped as frames may come free... */
  _Atomic uint32_t waiting; /* ...while threads wait for one */
} frame_table = {.lock = PTHREAD_MUTEX_INITIALIZER};

static uint64_t used_frames(void) {
  return frame_table.total - frame_table.nfree + frame_table.debt;
}

/* The budget is total frames (under the lock, or before any is taken). When
 * it shrinks below the frames in use, those beyond it are a debt that puts
 * repay before any frame is free again. */
static void set_budget(uint64_t total) {
  fm_check(total <= frame_table.cap);
  uint64_t used = used_frames();
  frame_table.total = total;
  frame_table.debt = used > total ? used - total : 0;
  __atomic_store_n(&frame_table.nfree, used > total ? 0 : total - used, __ATOMIC_RELAXED);
  frame_table.keep_cap = (uint64_t)(fm.cfg.keep_fraction * (double)total);
  /* FARHINT_FREE_FRACTION of the frames, at least one eviction batch. The
   * reserve comes out of the budget: a working set that fits the budget but
   * not beside the reserve is evicted and fetched at its edge, all of it
   * once a pass where it is scanned: so the reserve is small
   * (docs/design/eviction.md, "A working set that fits the budget is not
   * evicted"). */
  uint64_t want = (uint64_t)(fm.cfg.free_fraction * (double)total);
  frame_table.low_water = want > fm.cfg.evict_batch ? want : fm.cfg.evict_batch;
  if (frame_table.low_water > total / 4)
    frame_table.low_water = total / 4;
}

int fm_frames_init(uint64_t nframes, enum fm_policy policy) {
  size_t bytes = nframes * sizeof(struct node);
  frame_table.nodes = fm_libc.mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (frame_table.nodes == MAP_FAILED)
    return -1;
  frame_table.cap = nframes;
  frame_table.policy = policy;
  /* Nodes are touched when first handed out (MAP_NORESERVE): the runtime's
   * memory grows with the memory in use, not with the budget. */
  frame_table.free_head = FM_NO_NODE;
  frame_table.never_used = 0;
  frame_table.nlists = policy == FM_POLICY_PRIO  ? FM_MAX_LISTS
                       : policy == FM_POLICY_LRU ? (int)fm.cfg.lru_lists
                                                 : 1;
  for (int c = 0; c <= KEPT; c++) {
    frame_table.head[c] = frame_table.tail[c] = FM_NO_NODE;
    frame_table.len[c] = 0;
  }
  frame_table.lru_base = 0;
  frame_table.peak_used = frame_table.evicted_since_aging = frame_table.keep_asked = 0;
  frame_table.keep_below = UINT32_MAX;
  frame_table.total = frame_table.nfree = frame_table.debt = 0; /* none in use */
  fm_trace_budget_init(nframes);
  set_budget(fm_trace_budget_start());
  return 0;
}

uint64_t fm_frames_free(void) { return __atomic_load_n(&frame_table.nfree, __ATOMIC_RELAXED); }
uint64_t fm_frames_total(void) { return frame_table.total; }
uint64_t fm_frames_low_water(void) { return frame_table.low_water; }
uint64_t fm_frames_peak_used(void) { return frame_table.peak_used; }
bool fm_frames_probe_at_fetch(void) { return frame_table.policy == FM_POLICY_CLOCK; }

static void list_remove(uint32_t i) {
  struct node *n = &frame_table.nodes[i];
  int c = n->list;
  fm_check(c <= KEPT && frame_table.len[c] > 0);
  if (n->prev != FM_NO_NODE)
    frame_table.nodes[n->prev].next = n->next;
  else
    frame_table.head[c] = n->next;
  if (n->next != FM_NO_NODE)
    frame_table.nodes[n->next].prev = n->prev;
  else
    frame_table.tail[c] = n->prev;
  frame_table.len[c]--;
  n->list = NO_LIST;
}

/* At the tail (picked last) or at the head (picked next). */
static void list_insert(uint32_t i, int c, bool at_head) {
  struct node *n = &frame_table.nodes[i];
  uint32_t *end = at_head ? &frame_table.head[c] : &frame_table.tail[c];
  uint32_t *other_end = at_head ? &frame_table.tail[c] : &frame_table.head[c];
  n->list = (uint8_t)c;
  n->prev = at_head ? FM_NO_NODE : *end;
  n->next = at_head ? *end : FM_NO_NODE;
  if (*end == FM_NO_NODE)
    *other_end = i;
  else if (at_head)
    frame_table.nodes[*end].prev = i;
  else
    frame_table.nodes[*end].next = i;
  *end = i;
  frame_table.len[c]++;
}

static void list_append(uint32_t i, int c) { list_insert(i, c, false); }

/* Every candidate is locked by a thread that is fetching, evicting or
 * dropping it: sleep until a frame is given back, or for a moment, after
 * which a candidate may be unlocked (no wake-up comes for that). Whoever
 * holds a candidate never waits for a page lock while holding it (the lock
 * order: docs/design/locking.md, "Lock order"), so it finishes. */
#define CANDIDATE_WAIT_NS 200000
static void wait_for_a_frame(void) {
  uint32_t seq = atomic_load(&frame_table.put_seq);
  atomic_fetch_add(&frame_table.waiting, 1);
  struct timespec ts = {0, CANDIDATE_WAIT_NS};
  fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
  syscall(SYS_futex, &frame_table.put_seq, FUTEX_WAIT_PRIVATE, seq, &ts, NULL, 0);
  atomic_fetch_sub(&frame_table.waiting, 1);
}

/* Frames may have come free: wake the threads in wait_for_a_frame. */
static void wake_frame_waiters(void) {
  atomic_fetch_add(&frame_table.put_seq, 1);
  if (atomic_load(&frame_table.waiting))
    syscall(SYS_futex, &frame_table.put_seq, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* Onto the free list (under the lock); free unless it repays a debt. */
static void free_node(uint32_t i) {
  frame_table.nodes[i].list = FREE;
  frame_table.nodes[i].next = frame_table.free_head;
  frame_table.free_head = i;
  if (frame_table.debt > 0) {
    frame_table.debt--;
    return;
  }
  fm_check(frame_table.nfree < frame_table.total);
  __atomic_store_n(&frame_table.nfree, frame_table.nfree + 1, __ATOMIC_RELAXED);
}

/* Trace mode's pages leaving the sample (trace_budget.c): a resident one
 * gives its frame back and stays mapped, local from now on, as the pages
 * trace mode never sampled are (FM_LOCAL_NODE). One that is locked (being
 * fetched, evicted or dropped) keeps its frame until it is evicted: fetched
 * again, it is local. */
static void release_unsampled(void) {
  for (int c = 0; c <= KEPT; c++) {
    for (uint64_t n = frame_table.len[c]; n > 0; n--) {
      uint32_t i = frame_table.head[c];
      uintptr_t page = frame_table.nodes[i].page;
      uint64_t w;
      list_remove(i);
      if (fm_page_sampled(page) || !fm_page_trylock(page, &w)) {
        list_append(i, c);
        continue;
      }
      fm_check(w & FM_RESIDENT); /* a tracked frame's page */
      fm_page_unlock(page, (w & ~(~0ULL << FARHINT_META_NODE_SHIFT)) |
                               ((uint64_t)FM_LOCAL_NODE << FARHINT_META_NODE_SHIFT));
      free_node(i);
    }
  }
}

/* Trace mode's budget follows the pages in use (trace_budget.c): under the
 * lock, as frames run low. */
static void follow_trace_budget(void) {
  while (fm_trace_budget_note(used_frames())) {
    fm_trace_budget_doubled();
    release_unsampled();
  }
  set_budget(fm_trace_budget_frames());
}

#define RETARGET_WAITS 1000 /* of CANDIDATE_WAIT_NS: 0.2 s */
void fm_frames_retarget(void) {
  fm_libc.pthread_mutex_lock(&frame_table.lock);
  follow_trace_budget();
  fm_libc.pthread_mutex_unlock(&frame_table.lock);
  wake_frame_waiters();
  /* Down to the budget here: the reclaim thread may be left to faults
   * (reclaim.c), and a program that touches only what it has takes none.
   * While every candidate stays locked, for a while at most: the faults
   * that need frames then evict as they come. */
  for (unsigned idle = 0;
       idle < RETARGET_WAITS && (__atomic_load_n(&frame_table.debt, __ATOMIC_RELAXED) > 0 ||
                                 fm_frames_free() < frame_table.low_water);) {
    if (fm_evict_batch(fm.cfg.evict_batch) > 0) {
      idle = 0;
      continue;
    }
    wait_for_a_frame();
    idle++;
  }
}

/* A free frame; with wait false, FM_NO_NODE where every candidate is
 * locked instead of waiting for one. */
static uint32_t take(bool wait) {
  for (;;) {
    fm_libc.pthread_mutex_lock(&frame_table.lock);
    if (frame_table.nfree <= frame_table.low_water && fm_trace_budget_follows())
      follow_trace_budget();
    if (frame_table.nfree > 0) {
      uint32_t i = frame_table.free_head;
      if (i != FM_NO_NODE) {
        fm_check(frame_table.nodes[i].list == FREE);
        frame_table.free_head = frame_table.nodes[i].next;
      } else {
        fm_check(frame_table.never_used < frame_table.cap);
        i = (uint32_t)frame_table.never_used++;
      }
      frame_table.nodes[i].list = NO_LIST;
      __atomic_store_n(&frame_table.nfree, frame_table.nfree - 1, __ATOMIC_RELAXED);
      uint64_t used = used_frames();
      if (used > frame_table.peak_used)
        frame_table.peak_used = used;
      bool low = frame_table.nfree < frame_table.low_water;
      fm_libc.pthread_mutex_unlock(&frame_table.lock);
      if (low)
        fm_reclaim_kick();
      return i;
    }
    fm_libc.pthread_mutex_unlock(&frame_table.lock);
    /* No free frame: this thread reclaims (Eden §3.3). A fault waits for
     * it: with scattered victims (a write-back each, and a flush each
     * without the pipe of splice.c) a small batch keeps that wait short. */
    fm_stats_count(FM_C_RECLAIM_SYNC, 1);
    unsigned batch = fm.cfg.evict_batch, scattered = SCATTERED_BATCH_LONE;
    if (atomic_load_explicit(&frame_table.threaded, memory_order_relaxed))
      scattered = SCATTERED_BATCH_THREADS;
    if (fm_evict_scattered() && batch > scattered)
      batch = scattered;
    if (fm_evict_batch(batch) == 0) {
      if (!wait)
        return FM_NO_NODE;
      wait_for_a_frame();
    }
  }
}

uint32_t fm_frames_get(void) { return take(true); }

void fm_frames_program_threaded(void) {
  atomic_store_explicit(&frame_table.threaded, true, memory_order_relaxed);
}

uint32_t fm_frames_try_get(void) { return take(false); }

void fm_frames_put(uint32_t i) {
  if (i == FM_LOCAL_NODE)
    return;
  fm_libc.pthread_mutex_lock(&frame_table.lock);
  fm_check(i < frame_table.never_used && frame_table.nodes[i].list != FREE); /* taken once */
  if (frame_table.nodes[i].list != NO_LIST)
    list_remove(i);
  free_node(i);
  fm_libc.pthread_mutex_unlock(&frame_table.lock);
  wake_frame_waiters();
}

/* lru: the list `age` generations older than the youngest one. */
static int lru_list(int age) {
  return (frame_table.lru_base + frame_table.nlists - 1 - age) % frame_table.nlists;
}

/* The list looked at first: the coldest (lru) or the highest class. */
static int first_victim_list(void) {
  return frame_table.policy == FM_POLICY_LRU ? lru_list(frame_table.nlists - 1)
                                             : frame_table.nlists - 1;
}

static void demote_locked(uint32_t i) {
  list_remove(i);
  list_insert(i, first_victim_list(), true);
}

/* ---- Kept pages (FARHINT_EV_KEEP) ----
 * A site that re-scans a range larger than local memory (a graph's
 * adjacency lists, level after level) gets nothing from FIFO or LRU: each
 * pass evicts exactly the pages the next pass needs first. Keeping a fixed
 * part of the range resident turns that part into hits on every pass. Which
 * part: a sample spread evenly over the range, so every thread's share of
 * the scan gains alike (keeping the range's start helped only the thread
 * that scanned it, and the others set the pace at each barrier). Pages are
 * sampled by 4 MiB chunk (runs stay long for read-ahead and eviction):
 * a chunk whose hash is below keep_below is kept. When the list is full the
 * threshold falls by an eighth and the chunks above it go back to the
 * policy's lists, so the sample converges on what fits whatever the range's
 * size. When no page of a re-scanned range was fetched in AGING_EVICTIONS
 * budgets' worth of evictions, the scans are over: every kept page goes
 * back, and the next range starts a new sample. (Whether a kept page is
 * still read is not known: the program reads it without a hint, since the
 * pass hints an access once per page or hoists it out of the loop.) */
#define KEEP_CHUNK_SHIFT (FARHINT_PAGE_SHIFT + 10)
#define AGING_EVICTIONS 8

static uint32_t chunk_hash(uintptr_t page) {
  return (uint32_t)(((uint64_t)(page >> KEEP_CHUNK_SHIFT) * 0x9E3779B97F4A7C15ULL) >> 32);
}

/* Kept pages failing keep(page) go back to the policy's lists, first in line. */
static void release_kept(bool (*keep)(uintptr_t page)) {
  for (uint64_t n = frame_table.len[KEPT]; n > 0; n--) {
    uint32_t i = frame_table.head[KEPT];
    if (keep(frame_table.nodes[i].page)) {
      list_remove(i);
      list_append(i, KEPT);
    } else {
      demote_locked(i);
      fm_stats_count(FM_C_KEEP_RELEASED, 1);
    }
  }
}

static bool in_sample(uintptr_t page) { return chunk_hash(page) < frame_table.keep_below; }
static bool keep_none(uintptr_t page) {
  (void)page;
  return false;
}

static bool admit_kept(uintptr_t page) {
  frame_table.keep_asked++;
  if (!in_sample(page))
    return false;
  if (frame_table.len[KEPT] >= frame_table.keep_cap) {
    frame_table.keep_below -= frame_table.keep_below / 8;
    release_kept(in_sample);
    if (!in_sample(page) || frame_table.len[KEPT] >= frame_table.keep_cap)
      return false;
  }
  fm_stats_count(FM_C_KEEP_ADMITTED, 1);
  return true;
}

static void age_kept(void) {
  if (frame_table.keep_asked == 0) {
    release_kept(keep_none);
    frame_table.keep_below = UINT32_MAX;
  }
  frame_table.keep_asked = 0;
}

void fm_frames_track(uint32_t i, uintptr_t page, unsigned prio) {
  if (i == FM_LOCAL_NODE)
    return;
  bool keep = prio == FM_PRIO_KEEP;
  int c = 0;
  if (frame_table.policy == FM_POLICY_PRIO && !keep)
    c = prio >= FM_MAX_LISTS ? FM_MAX_LISTS - 1 : (int)prio;
  fm_libc.pthread_mutex_lock(&frame_table.lock);
  if (frame_table.policy == FM_POLICY_LRU)
    c = lru_list(0); /* just fetched: most recently used */
  if (keep && admit_kept(page))
    c = KEPT;
  fm_check(frame_table.nodes[i].list == NO_LIST); /* taken, tracked once */
  frame_table.nodes[i].page = page;
  frame_table.nodes[i].idle = 0;
  list_append(i, c);
  fm_libc.pthread_mutex_unlock(&frame_table.lock);
}

void fm_frames_demote(uint32_t i) {
  if (i == FM_LOCAL_NODE)
    return;
  fm_libc.pthread_mutex_lock(&frame_table.lock);
  fm_check(frame_table.nodes[i].list != FREE); /* the frame of a local page */
  if (frame_table.nodes[i].list != NO_LIST && frame_table.nodes[i].list != FREE)
    demote_locked(i);
  fm_libc.pthread_mutex_unlock(&frame_table.lock);
}

/* Hides a mapped page from the fast path, so the next hinted access is seen. */
static void arm_probe(uintptr_t page) {
  _Atomic uint64_t *m = fm_meta(page);
  uint64_t w = atomic_load(m);
  while (!(w & FARHINT_META_LOCKED) && (w & FARHINT_META_PRESENT) &&
         !atomic_compare_exchange_weak(m, &w, (w & ~FARHINT_META_PRESENT) | FARHINT_META_PROBE))
    ;
}

/* True if the page was accessed since the last look; clears the mark and
 * arms a probe so the next hinted access is seen. */
static bool took_access(uintptr_t page) {
  if (!(atomic_fetch_and(fm_meta(page), ~FARHINT_META_ACCESSED) & FARHINT_META_ACCESSED))
    return false;
  arm_probe(page);
  return true;
}

/* Locks a tracked page for eviction; false if someone else holds it. */
static bool take_victim(uintptr_t page, uint64_t *word) {
  if (!fm_page_trylock(page, word))
    return false;
  if (!(*word & FM_RESIDENT)) { /* cannot happen for a tracked frame */
    fm_page_unlock(page, *word);
    return false;
  }
  return true;
}

static uint64_t tracked(void) {
  uint64_t n = 0;
  for (int c = 0; c < frame_table.nlists; c++)
    n += frame_table.len[c];
  return n;
}

/* fifo, clock and prio: from the highest class down, each list from its head;
 * clock gives a page accessed since the last look a second chance. */
static unsigned pick_in_order(uintptr_t *pages, uint64_t *words, unsigned max) {
  unsigned got = 0;
  for (int c = frame_table.nlists - 1; c >= 0 && got < max; c--) {
    /* Each node is looked at no more than twice. */
    uint64_t budget = 2 * frame_table.len[c] + 1;
    while (got < max && frame_table.head[c] != FM_NO_NODE && budget-- > 0) {
      uint32_t i = frame_table.head[c];
      uintptr_t page = frame_table.nodes[i].page;
      list_remove(i);
      if ((frame_table.policy == FM_POLICY_CLOCK && took_access(page)) ||
          !take_victim(page, &words[got])) {
        list_append(i, c); /* kept, or busy (being faulted): later */
        continue;
      }
      pages[got++] = page;
    }
  }
  return got;
}

/* lru: victims come from the coldest list. A page accessed since it was last
 * looked at moves to the youngest list; when the coldest list is empty, every
 * list ages by one generation (a rotation of the list indices, no page is
 * touched). A page thus waits N-1 agings between looks. */
static unsigned pick_lru(uintptr_t *pages, uint64_t *words, unsigned max) {
  unsigned got = 0;
  uint64_t budget = 2 * tracked() + frame_table.nlists;
  while (got < max && budget-- > 0) {
    int cold = lru_list(frame_table.nlists - 1);
    if (frame_table.head[cold] == FM_NO_NODE) {
      if (tracked() == 0)
        break;
      frame_table.lru_base = (frame_table.lru_base + 1) % frame_table.nlists; /* age */
      /* The generation that was youngest is watched from now on: an access
       * within its first generation was the fetch's own use, not a reuse. */
      for (uint32_t i = frame_table.head[lru_list(1)]; i != FM_NO_NODE;
           i = frame_table.nodes[i].next)
        arm_probe(frame_table.nodes[i].page);
      continue;
    }
    uint32_t i = frame_table.head[cold];
    uintptr_t page = frame_table.nodes[i].page;
    list_remove(i);
    if (took_access(page))
      list_append(i, lru_list(0));
    else if (take_victim(page, &words[got]))
      pages[got++] = page;
    else
      list_append(i, cold); /* busy: later */
  }
  return got;
}

/* Kept pages are victims only when the policy's lists have none left. */
static unsigned pick_kept(uintptr_t *pages, uint64_t *words, unsigned max) {
  unsigned got = 0;
  for (uint64_t n = frame_table.len[KEPT]; got < max && n > 0; n--) {
    uint32_t i = frame_table.head[KEPT];
    list_remove(i);
    if (take_victim(frame_table.nodes[i].page, &words[got]))
      pages[got++] = frame_table.nodes[i].page;
    else
      list_append(i, KEPT);
  }
  return got;
}

unsigned fm_frames_pick_victims(uintptr_t *pages, uint64_t *words, unsigned max) {
  fm_libc.pthread_mutex_lock(&frame_table.lock);
  unsigned got = frame_table.policy == FM_POLICY_LRU ? pick_lru(pages, words, max)
                                                     : pick_in_order(pages, words, max);
  if (got < max) {
    unsigned kept = pick_kept(pages + got, words + got, max - got);
    fm_stats_count(FM_C_KEEP_EVICTED, kept);
    got += kept;
  }
  frame_table.evicted_since_aging += got;
  if (frame_table.evicted_since_aging >= AGING_EVICTIONS * frame_table.total) {
    frame_table.evicted_since_aging = 0;
    age_kept();
  }
  fm_libc.pthread_mutex_unlock(&frame_table.lock);
  return got;
}

/* Proactive mode: a look at each tracked page, in node order from *cursor,
 * at most `scan` nodes. A page accessed since the last look (its probe hit:
 * a hint, or a first write) starts its idle count over; any other counts
 * one more look and is probed from now on, and once its count reaches
 * threshold(page) it is a victim, locked. Unhinted reads of a local page
 * are not seen: such a page comes back by a fault, which starts it over. */
unsigned fm_frames_pick_idle(uintptr_t *pages, uint64_t *words, unsigned max, uint64_t *cursor,
                             uint64_t scan, unsigned (*threshold)(uintptr_t page)) {
  unsigned got = 0;
  fm_libc.pthread_mutex_lock(&frame_table.lock);
  for (; scan > 0 && got < max; scan--) {
    if (*cursor >= frame_table.never_used) {
      *cursor = 0;
      break; /* a whole pass */
    }
    uint32_t i = (uint32_t)(*cursor)++;
    struct node *n = &frame_table.nodes[i];
    if (n->list > KEPT) /* free, or taken and not tracked yet */
      continue;
    if (took_access(n->page)) {
      n->idle = 0;
      continue;
    }
    arm_probe(n->page);
    if (n->idle < UINT8_MAX)
      n->idle++;
    if (n->idle >= threshold(n->page) && take_victim(n->page, &words[got])) {
      list_remove(i);
      pages[got++] = n->page;
    }
  }
  fm_libc.pthread_mutex_unlock(&frame_table.lock);
  return got;
}

uint64_t fm_frames_used(void) { return used_frames(); }
