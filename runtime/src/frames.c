/* frames.c -- the local-memory budget as a fixed set of frames (page nodes),
 * and the reclaim lists the eviction policies pick victims from (Eden §4):
 * fifo (Eden's "default": one list), clock (second chance on the accessed
 * bit) and prio (higher ev_prio class is reclaimed first). */
#include "fm.h"

#include <sched.h>
#include <string.h>
#include <sys/mman.h>

struct node {
  uintptr_t page;  /* far page this frame holds */
  uint32_t prev, next;
  uint8_t list;    /* reclaim list, or NO_LIST while free or being evicted */
};
#define NO_LIST 0xff

static struct {
  pthread_mutex_t lock;
  struct node *nodes;
  uint64_t total;
  uint32_t free_head; /* free frames, linked through next */
  uint64_t nfree;
  uint32_t head[FM_PRIO_CLASSES], tail[FM_PRIO_CLASSES];
  uint64_t len[FM_PRIO_CLASSES];
  enum fm_policy policy;
  uint64_t low_water; /* below this many free frames, wake the reclaimer */
  uint64_t peak_used;
} fr = {.lock = PTHREAD_MUTEX_INITIALIZER};

int fm_frames_init(uint64_t nframes, enum fm_policy policy) {
  size_t bytes = nframes * sizeof(struct node);
  fr.nodes = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (fr.nodes == MAP_FAILED)
    return -1;
  fr.total = nframes;
  fr.policy = policy;
  for (uint64_t i = 0; i < nframes; i++) {
    fr.nodes[i].next = i + 1 < nframes ? (uint32_t)(i + 1) : FM_NO_NODE;
    fr.nodes[i].list = NO_LIST;
  }
  fr.free_head = 0;
  fr.nfree = nframes;
  for (int c = 0; c < FM_PRIO_CLASSES; c++)
    fr.head[c] = fr.tail[c] = FM_NO_NODE;
  /* FARHINT_FREE_FRACTION of the frames, at least one eviction batch. The
   * reserve comes out of the budget: a larger one makes a working set that
   * just fits thrash at its edge. */
  uint64_t want = (uint64_t)(fm.cfg.free_fraction * nframes);
  fr.low_water = want > fm.cfg.evict_batch ? want : fm.cfg.evict_batch;
  if (fr.low_water > nframes / 4)
    fr.low_water = nframes / 4;
  return 0;
}

uint64_t fm_frames_free(void) { return __atomic_load_n(&fr.nfree, __ATOMIC_RELAXED); }
uint64_t fm_frames_total(void) { return fr.total; }
uint64_t fm_frames_low_water(void) { return fr.low_water; }
uint64_t fm_frames_peak_used(void) { return fr.peak_used; }

static void list_remove(uint32_t i) {
  struct node *n = &fr.nodes[i];
  int c = n->list;
  if (n->prev != FM_NO_NODE) fr.nodes[n->prev].next = n->next;
  else fr.head[c] = n->next;
  if (n->next != FM_NO_NODE) fr.nodes[n->next].prev = n->prev;
  else fr.tail[c] = n->prev;
  fr.len[c]--;
  n->list = NO_LIST;
}

static void list_append(uint32_t i, int c) {
  struct node *n = &fr.nodes[i];
  n->list = (uint8_t)c;
  n->next = FM_NO_NODE;
  n->prev = fr.tail[c];
  if (fr.tail[c] != FM_NO_NODE) fr.nodes[fr.tail[c]].next = i;
  else fr.head[c] = i;
  fr.tail[c] = i;
  fr.len[c]++;
}

uint32_t fm_frame_get(void) {
  for (;;) {
    pthread_mutex_lock(&fr.lock);
    if (fr.nfree > 0) {
      uint32_t i = fr.free_head;
      fr.free_head = fr.nodes[i].next;
      __atomic_store_n(&fr.nfree, fr.nfree - 1, __ATOMIC_RELAXED);
      if (fr.total - fr.nfree > fr.peak_used)
        fr.peak_used = fr.total - fr.nfree;
      bool low = fr.nfree < fr.low_water;
      pthread_mutex_unlock(&fr.lock);
      if (low)
        fm_reclaim_kick();
      return i;
    }
    pthread_mutex_unlock(&fr.lock);
    /* No free frame: this thread reclaims (Eden §3.3). */
    fm_count(FM_C_RECLAIM_SYNC, 1);
    if (fm_evict_batch(fm.cfg.evict_batch) == 0)
      sched_yield(); /* every candidate locked: let their owners finish */
  }
}

void fm_frame_put(uint32_t i) {
  pthread_mutex_lock(&fr.lock);
  if (fr.nodes[i].list != NO_LIST)
    list_remove(i);
  fr.nodes[i].next = fr.free_head;
  fr.free_head = i;
  __atomic_store_n(&fr.nfree, fr.nfree + 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&fr.lock);
}

void fm_frame_track(uint32_t i, uintptr_t page, unsigned prio) {
  int c = fr.policy == FM_POLICY_PRIO
              ? (prio >= FM_PRIO_CLASSES ? FM_PRIO_CLASSES - 1 : (int)prio)
              : 0;
  pthread_mutex_lock(&fr.lock);
  fr.nodes[i].page = page;
  list_append(i, c);
  pthread_mutex_unlock(&fr.lock);
}

unsigned fm_frames_pick_victims(uintptr_t *pages, uint64_t *words, unsigned max) {
  unsigned got = 0;
  pthread_mutex_lock(&fr.lock);
  for (int c = FM_PRIO_CLASSES - 1; c >= 0 && got < max; c--) {
    /* Each node is looked at no more than twice (second chance). */
    uint64_t budget = 2 * fr.len[c] + 1;
    while (got < max && fr.head[c] != FM_NO_NODE && budget-- > 0) {
      uint32_t i = fr.head[c];
      uintptr_t page = fr.nodes[i].page;
      _Atomic uint64_t *m = fm_meta(page);
      if (fr.policy == FM_POLICY_CLOCK &&
          (atomic_load(m) & FARHINT_META_ACCESSED)) {
        atomic_fetch_and(m, ~FARHINT_META_ACCESSED);
        list_remove(i);
        list_append(i, c);
        continue;
      }
      uint64_t w;
      bool mine = fm_page_trylock(page, &w);
      if (mine && !(w & FM_RESIDENT)) {
        fm_page_unlock(page, w); /* cannot happen for a tracked frame */
        mine = false;
      }
      if (!mine) { /* busy: being faulted or made writable; later */
        list_remove(i);
        list_append(i, c);
        continue;
      }
      list_remove(i);
      pages[got] = page;
      words[got] = w;
      got++;
    }
  }
  pthread_mutex_unlock(&fr.lock);
  return got;
}
