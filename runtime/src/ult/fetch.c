/* fetch.c -- a hinted miss on a user-level thread does not wait: the
 * fetch is issued with the time the modelled link will take, the thread
 * parks, and its worker runs other threads. Whoever polls next after that
 * time -- any worker between two threads, an idle worker, or the control
 * thread when every worker is busy (Eden's fault stealing) -- maps the page
 * and wakes every thread waiting on it. Like an RDMA read: post, run, poll
 * the completion.
 *
 * Over rdma the read itself is in flight while the thread is parked: the
 * next poller starts it, and the page is mapped from it once it has arrived.
 * The read starts after its fetch is in the hash, with the page absent and
 * unlocked -- so no write-back of it is under way (one holds the page's
 * lock) -- and any write-back that follows, from someone who fetched and
 * dirtied the page meanwhile, marks the read stale (under the page's lock,
 * which the mapping takes too), and the page is read again.
 *
 * Every fetch takes the same link time, so the in-flight list is in due
 * order: polling pops from its head (a read not yet arrived holds back
 * those behind it). A small hash finds a page already in flight, so a
 * second thread missing on it waits for the same fetch; a fetch stays in
 * it until its waiters are taken, so none joins one already woken.
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/spinlock.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/link.h"
#include "core/meta.h"
#include "backend/backend.h"
#include "fault/pagein.h"

#include <stdbool.h>
#include <stdint.h>

struct fetch {
  uintptr_t page;
  uint64_t due_ns;
  bool write;
  unsigned prio;
  int read;           /* the backend's read in flight (a ticket), -1, or UNSTARTED */
  _Atomic bool stale; /* the far copy was written since the read began */
  struct fm_ult_queue waiters;
  struct fetch *next;  /* in due order, or on the free list */
  struct fetch *hnext; /* in its hash bucket */
};

#define UNSTARTED (-2)   /* a poller is to start its read: not yet due */
#define FETCH_SLOTS 4096 /* beyond this many in flight, a miss waits in place */
#define HASH_BUCKETS 1024

static struct {
  fm_spinlock_t lock;
  struct fetch *head, *tail, *free;
  struct fetch *by_page[HASH_BUCKETS];
  _Atomic int count;
  _Atomic int unstarted; /* fetches whose read a poller is to start */
  bool ready;
  struct fetch slots[FETCH_SLOTS];
} fetches;

static unsigned bucket(uintptr_t page) {
  return (unsigned)((page >> FARHINT_PAGE_SHIFT) * 0x9e3779b1u) % HASH_BUCKETS;
}

bool fm_ult_fetches_pending(void) {
  return atomic_load_explicit(&fetches.count, memory_order_relaxed) > 0;
}

/* Starts reading page from the server if it is absent, unlocked and has
 * a far copy; the read's ticket, or -1. */
static int start_read(uintptr_t page) {
  uint64_t w = atomic_load_explicit(fm_meta(page), memory_order_acquire);
  if ((w & (FARHINT_META_LOCKED | FM_RESIDENT)) || !(w & FARHINT_META_FAR_VALID))
    return -1;
  return fm_backend_read_start(page);
}

/* Under fetches.lock: the fetch of page in flight, or a new one (*fresh;
 * NULL if none is free). */
static struct fetch *fetch_of(uintptr_t page, unsigned prio, bool *fresh) {
  if (!fetches.ready) {
    for (int i = 0; i < FETCH_SLOTS; i++) {
      fetches.slots[i].next = fetches.free;
      fetches.free = &fetches.slots[i];
    }
    fetches.ready = true;
  }
  struct fetch **chain = &fetches.by_page[bucket(page)];
  *fresh = false;
  for (struct fetch *x = *chain; x; x = x->hnext)
    if (x->page == page)
      return x;
  *fresh = true;
  struct fetch *x = fetches.free;
  if (!x)
    return NULL;
  fetches.free = x->next;
  *x = (struct fetch){.page = page,
                      .due_ns = fm_stats_now_ns() + fm_link_ns(FM_PAGE),
                      .prio = prio,
                      .read = fm_backend_reads_in_flight() ? UNSTARTED : -1,
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
 * miss left the workers idle most of the time (docs/design/ult.md,
 * "User-level threads"). */
bool fm_ult_fetch(uintptr_t page, bool write, unsigned prio, uint64_t *parked_ns) {
  struct fh_ult *me = fm_ult_current();
  uint64_t w = atomic_load(fm_meta(page));
  if (!me || fm.cfg.hint_block || !(w & FARHINT_META_FAR_VALID) || (w & FARHINT_META_LOCKED) ||
      !fm_ult_any_queued())
    return false;
  fm_spin_lock(&fetches.lock);
  bool fresh;
  struct fetch *x = fetch_of(page, prio, &fresh);
  if (!x) {
    fm_spin_unlock(&fetches.lock);
    return false;
  }
  if (fresh && x->read == UNSTARTED)
    atomic_fetch_add(&fetches.unstarted, 1);
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

/* A system call's buffer in far memory, brought in before the call as a
 * hinted miss is (ult/syscalls.c): the thread parks while each absent page
 * comes, or brings it in itself; a page written to is made writable, so
 * the kernel's copy does not fault holding the kernel thread. */
void fm_ult_fetch_range(const void *buf, size_t n, bool write) {
  uintptr_t a = (uintptr_t)buf;
  if (!fm_far_starts(a, n))
    return;
  uint64_t parked_ns = 0;
  for (uintptr_t page = fm_page_of(a), last = fm_far_last_page(a, n); page <= last;
       page += FM_PAGE) {
    uint64_t w = atomic_load_explicit(fm_meta(page), memory_order_relaxed);
    if (!(w & FARHINT_META_REGISTERED))
      continue; /* not allocated memory: nothing to fetch */
    if (!(w & FM_RESIDENT))
      fm_ult_fetch(page, write, 0, &parked_ns);
    fm_page_in(page, write, 0, FM_PATH_HINTED);
  }
}

/* Under fetches.lock: the head fetch if it is due (and its read, if any,
 * has arrived: *data), taken off the due list. */
static struct fetch *take_due(uint64_t now, const void **data) {
  struct fetch *x = fetches.head;
  if (!x || x->due_ns > now || x->read == UNSTARTED)
    return NULL;
  if (x->read >= 0 && !(*data = fm_backend_read_poll(x->read)))
    return NULL;
  fetches.head = x->next;
  if (!fetches.head)
    fetches.tail = NULL;
  return x;
}

/* Under fetches.lock: x out of the hash, its waiters taken. */
static struct fh_ult *retire(struct fetch *x) {
  struct fetch **p = &fetches.by_page[bucket(x->page)];
  while (*p != x)
    p = &(*p)->hnext;
  *p = x->hnext;
  struct fh_ult *waiters = x->waiters.head;
  x->next = fetches.free;
  fetches.free = x;
  return waiters;
}

bool fm_ult_fetches_wait(void) {
  fm_spin_lock(&fetches.lock);
  int read = fetches.head ? fetches.head->read : -1;
  fm_spin_unlock(&fetches.lock);
  if (read < 0)
    return false;
  fm_backend_read_wait(read); /* ended and reused meanwhile: a short sleep */
  return true;
}

void fm_ult_fetches_overwritten(const uintptr_t *pages, unsigned n) {
  if (!fm_ult_fetches_pending())
    return;
  fm_spin_lock(&fetches.lock);
  for (unsigned i = 0; i < n; i++)
    for (struct fetch *x = fetches.by_page[bucket(pages[i])]; x; x = x->hnext)
      if (x->page == pages[i])
        atomic_store(&x->stale, true);
  fm_spin_unlock(&fetches.lock);
}

/* Starts the reads of new fetches. Pollers do, not the parking thread: a
 * read's post is a system call, which on a user-level thread would go
 * through the blocking-call shim (and wake the monitor) for nothing. */
static void start_reads(void) {
  fm_spin_lock(&fetches.lock);
  for (struct fetch *x = fetches.head; x; x = x->next)
    if (x->read == UNSTARTED) {
      x->read = start_read(x->page);
      atomic_fetch_sub(&fetches.unstarted, 1);
    }
  fm_spin_unlock(&fetches.lock);
}

void fm_ult_poll_fetches(void) {
  if (!fm_ult_fetches_pending())
    return;
  if (atomic_load_explicit(&fetches.unstarted, memory_order_relaxed))
    start_reads();
  uint64_t now = fm_stats_now_ns();
  for (;;) {
    const void *data = NULL;
    fm_spin_lock(&fetches.lock);
    struct fetch *x = take_due(now, &data);
    fm_spin_unlock(&fetches.lock);
    if (!x)
      return;
    fm_page_in_read(x->page, x->write, x->prio, data, &x->stale); /* data: NULL, no read */
    if (x->read >= 0) {
      fm_backend_read_end(x->read);
      fm_stats_count(FM_C_ULT_PARKED_READS, 1);
    }
    fm_spin_lock(&fetches.lock);
    struct fh_ult *waiters = retire(x);
    fm_spin_unlock(&fetches.lock);
    for (struct fh_ult *t = waiters, *after; t; t = after) {
      after = t->next;
      fm_ult_wake(t);
    }
    atomic_fetch_sub(&fetches.count, 1);
  }
}
