/* ult_fetch.c -- a hinted miss on a user-level thread does not wait: the
 * fetch is issued with the time the modelled link will take, the thread
 * parks, and its worker runs other threads. Whoever polls next after that
 * time -- any worker between two threads, an idle worker, or the control
 * thread when every worker is busy (Eden's fault stealing) -- maps the page
 * and wakes every thread waiting on it. Like an RDMA read: post, run, poll
 * the completion.
 *
 * Every fetch takes the same link time, so the in-flight list is in due
 * order: polling pops from its head. A small hash finds a page already in
 * flight, so a second thread missing on it waits for the same fetch. */
#include "fm.h"

struct fetch {
  uintptr_t page;
  uint64_t due_ns;
  bool write;
  unsigned prio;
  struct fm_ult_queue waiters;
  struct fetch *next;  /* in due order, or on the free list */
  struct fetch *hnext; /* in its hash bucket */
};

#define FETCH_SLOTS 4096 /* beyond this many in flight, a miss waits in place */
#define HASH_BUCKETS 1024

static struct {
  fm_spinlock_t lock;
  struct fetch *head, *tail, *free;
  struct fetch *by_page[HASH_BUCKETS];
  _Atomic int count;
  bool ready;
  struct fetch slots[FETCH_SLOTS];
} fetches;

static unsigned bucket(uintptr_t page) {
  return (unsigned)((page >> FARHINT_PAGE_SHIFT) * 0x9e3779b1u) % HASH_BUCKETS;
}

bool fm_ult_fetches_pending(void) {
  return atomic_load_explicit(&fetches.count, memory_order_relaxed) > 0;
}

/* Under fetches.lock: the fetch of page in flight, or a new one (NULL if none is free). */
static struct fetch *fetch_of(uintptr_t page, unsigned prio) {
  if (!fetches.ready) {
    for (int i = 0; i < FETCH_SLOTS; i++) {
      fetches.slots[i].next = fetches.free;
      fetches.free = &fetches.slots[i];
    }
    fetches.ready = true;
  }
  struct fetch **chain = &fetches.by_page[bucket(page)];
  for (struct fetch *x = *chain; x; x = x->hnext)
    if (x->page == page)
      return x;
  struct fetch *x = fetches.free;
  if (!x)
    return NULL;
  fetches.free = x->next;
  *x = (struct fetch){.page = page,
                      .due_ns = fm_stats_now_ns() + fm_link_ns(FM_PAGE),
                      .prio = prio,
                      .hnext = *chain};
  *chain = x;
  if (fetches.tail)
    fetches.tail->next = x;
  else
    fetches.head = x;
  fetches.tail = x;
  atomic_fetch_add(&fetches.count, 1);
  return x;
}

/* Parking pays only when another thread can run meanwhile, and only for a
 * transfer not yet started: a never-written page is zero-filled at once,
 * and a page another path holds (read-ahead in flight) lands sooner than a
 * fetch of its own would. With fewer threads than workers, parking on every
 * miss left the workers idle most of the time (docs/design-notes.md,
 * "User-level threads"). */
bool fm_ult_fetch(uintptr_t page, bool write, unsigned prio, uint64_t *parked_ns) {
  struct fh_ult *me = fm_ult_current();
  uint64_t w = atomic_load(fm_meta(page));
  if (!me || fm.cfg.hint_block || !(w & FARHINT_META_FAR_VALID) || (w & FARHINT_META_LOCKED) ||
      !fm_ult_any_queued())
    return false;
  fm_spin_lock(&fetches.lock);
  struct fetch *x = fetch_of(page, prio);
  if (!x) {
    fm_spin_unlock(&fetches.lock);
    return false;
  }
  x->write |= write;
  fm_ult_enqueue(&x->waiters, me);
  fm_ult_prepare_park();
  fm_spin_unlock(&fetches.lock);
  fm_stats_count(FM_C_ULT_PARKED_MISSES, 1);
  uint64_t t0 = fm_stats_now_ns();
  fm_ult_park();
  uint64_t parked = fm_stats_now_ns() - t0;
  *parked_ns += parked;
  fm_stats_count(FM_C_ULT_PARKED_NS, parked);
  return true;
}

/* Under fetches.lock: the head fetch if it is due, taken off the lists. */
static struct fetch *take_due(uint64_t now) {
  struct fetch *x = fetches.head;
  if (!x || x->due_ns > now)
    return NULL;
  fetches.head = x->next;
  if (!fetches.head)
    fetches.tail = NULL;
  struct fetch **p = &fetches.by_page[bucket(x->page)];
  while (*p != x)
    p = &(*p)->hnext;
  *p = x->hnext;
  return x;
}

void fm_ult_poll_fetches(void) {
  if (!fm_ult_fetches_pending())
    return;
  uint64_t now = fm_stats_now_ns();
  for (;;) {
    fm_spin_lock(&fetches.lock);
    struct fetch *x = take_due(now);
    fm_spin_unlock(&fetches.lock);
    if (!x)
      return;
    fm_page_in(x->page, x->write, x->prio, FM_PATH_HINTED_ASYNC);
    for (struct fh_ult *t = x->waiters.head, *after; t; t = after) {
      after = t->next;
      fm_ult_wake(t);
    }
    fm_spin_lock(&fetches.lock);
    x->next = fetches.free;
    fetches.free = x;
    fm_spin_unlock(&fetches.lock);
    atomic_fetch_sub(&fetches.count, 1);
  }
}
