/* prefetch.c -- fetching ahead without waiting: read-ahead windows (hints'
 * rdahead, unhinted faults in address order) and the pass's prefetches ahead
 * of an access (farhint_prefetch) go into one bounded queue, and this thread
 * fetches them as the link allows: it locks a batch of absent pages, posts
 * the batch's transfer, and goes on posting more while earlier ones are in
 * flight (up to IN_FLIGHT, as an RDMA queue pair keeps many reads
 * outstanding). A batch's pages stay locked until it lands, so an access to
 * one waits only for the rest of its transfer (fm_page_in waits on the page
 * lock). A full queue drops requests: a prefetch is a suggestion, and the
 * thread that asks never waits for it.
 * Design: docs/design/prefetch.md. */
#include "fault/prefetch.h"
#include "base/libc.h"
#include "base/spin_budget.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"
#include "core/link.h"
#include "core/meta.h"
#include "memory/frames.h"
#include "memory/read_writes.h"
#include "fault/pagein.h"
#include "fault/priority.h"
#include "fault/readahead.h"
#include "fault/trace.h"

#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define RING 4096 /* queued requests; beyond this many they are dropped */
/* Pages per transfer: UFFDIO_COPY's cost per page is flat from 64 on
 * (docs/results, "Kernel primitives"). */
#define BATCH 64
#define IN_FLIGHT 16       /* transfers outstanding at once */
#define SPIN_NS 20000      /* an idle thread polls this long before it sleeps */
#define POLL_SLEEP_NS 5000 /* raised: how often a read in flight is looked at */

struct req {
  uintptr_t first;
  uint32_t n;
  uint32_t site;
  uint8_t prio;
  bool write, ahead; /* ahead: the pass's prefetch (else read-ahead) */
  bool wp_sample;    /* read-ahead mapped write-protected to measure (pagein.c) */
};

struct cell { /* a bounded multi-producer queue (Vyukov's) */
  _Atomic uint64_t seq;
  struct req r;
};

struct batch {
  struct fm_fetch pages[BATCH];
  unsigned n;
  uint64_t due_ns;
};

static struct {
  struct cell ring[RING];
  _Atomic uint64_t head;          /* next to fill */
  uint64_t tail;                  /* next to take: this thread's only */
  _Atomic uint32_t sleeping;      /* futex word: the thread sleeps until a push */
  struct batch flight[IN_FLIGHT]; /* in due order from first */
  unsigned first, count;
  struct req cur; /* the request being locked, from cur_done on */
  uint32_t cur_done;
  bool have_cur;
} prefetcher;

static long futex(_Atomic uint32_t *word, int op, uint32_t val) {
  return syscall(SYS_futex, word, op, val, NULL, NULL, 0);
}

static void push(const struct req *r) {
  uint64_t pos = atomic_load_explicit(&prefetcher.head, memory_order_relaxed);
  for (;;) {
    struct cell *c = &prefetcher.ring[pos % RING];
    uint64_t seq = atomic_load_explicit(&c->seq, memory_order_acquire);
    int64_t dif = (int64_t)(seq - pos);
    if (dif < 0) { /* full */
      fm_stats_count(FM_C_PREFETCH_DROPPED, 1);
      return;
    }
    if (dif > 0) {
      pos = atomic_load_explicit(&prefetcher.head, memory_order_relaxed);
      continue;
    }
    if (atomic_compare_exchange_weak_explicit(&prefetcher.head, &pos, pos + 1, memory_order_relaxed,
                                              memory_order_relaxed)) {
      c->r = *r;
      atomic_store_explicit(&c->seq, pos + 1, memory_order_release);
      break;
    }
  }
  /* Pairs with the fence in sleep_until_pushed: either it sees this push, or
   * this sees it sleeping. */
  atomic_thread_fence(memory_order_seq_cst);
  if (atomic_load_explicit(&prefetcher.sleeping, memory_order_relaxed) &&
      atomic_exchange(&prefetcher.sleeping, 0)) {
    fm_stats_count(FM_C_WAKE_SYSCALLS, 1);
    futex(&prefetcher.sleeping, FUTEX_WAKE_PRIVATE, 1);
  }
}

static bool pending(void) {
  struct cell *c = &prefetcher.ring[prefetcher.tail % RING];
  return atomic_load_explicit(&c->seq, memory_order_acquire) == prefetcher.tail + 1;
}

static bool pop(struct req *r) {
  if (!pending())
    return false;
  struct cell *c = &prefetcher.ring[prefetcher.tail % RING];
  *r = c->r;
  atomic_store_explicit(&c->seq, prefetcher.tail + RING, memory_order_release);
  prefetcher.tail++;
  return true;
}

static void enqueue(uintptr_t first, long n, unsigned prio, bool write, bool wp_sample, bool ahead,
                    uint32_t site) {
  if (first < fm.far_base || first >= fm.far_end || n <= 0)
    return;
  if (n > (long)((fm.far_end - first) / FM_PAGE))
    n = (long)((fm.far_end - first) / FM_PAGE);
  push(&(struct req){.first = first,
                     .n = (uint32_t)n,
                     .site = site,
                     .prio = (uint8_t)prio,
                     .write = write,
                     .wp_sample = wp_sample,
                     .ahead = ahead});
}

void fm_prefetch_request(uintptr_t first, long n, unsigned prio, bool write) {
  enqueue(first, n, prio, write, false, false, 0);
}

void fm_prefetch_read_ahead(uintptr_t first, long n, bool write, bool wp_sample) {
  enqueue(first, n, 0, write, wp_sample, false, 0);
}

void fm_prefetch_after_miss(uint32_t tid, uintptr_t page, bool write, unsigned have) {
  if (!fm.cfg.unhinted_readahead)
    return;
  struct fm_ra_window ra = fm_readahead_of(tid, page, fm_readahead_most());
  if (ra.pages <= have)
    return;
  bool sample = false;
  if (!write && !fm_trace_on() && fm_reads_map_writable(ra.pages, &sample))
    write = true;
  fm_prefetch_read_ahead(page + FM_PAGE, ra.pages, write, sample);
  /* A fault on a page still in flight asks again for much of the same
   * window: only what is new counts as saved. */
  uintptr_t end = page + (uintptr_t)ra.pages * FM_PAGE;
  if (fm_trace_on() && end > ra.new_from)
    fm_trace_count_ahead(ra.new_from, (unsigned)((end - ra.new_from) / FM_PAGE));
}

/* A loop asks for the page ahead on every iteration until that page is
 * coming: the same request again from this thread is dropped here, or the
 * copies fill the ring and crowd out read-ahead windows (CRONO bfs: 9 M
 * requests dropped in a run). */
void fm_prefetch_ahead(uintptr_t first, long n, unsigned prio, bool write, uint32_t site) {
  static __thread uintptr_t last_first;
  if (first == last_first)
    return;
  last_first = first;
  enqueue(first, n, prio, write, false, true, site);
}

/* ---- accuracy per site: the site of each prefetched page, by frame ---- */

#define SITES 1024 /* site ids at or above this share the last slot */
static struct {
  _Atomic uint64_t issued[SITES], used[SITES];
  uint32_t *site_of_node; /* nframes entries */
} acc;

static unsigned slot_of(uint32_t site) { return site < SITES ? site : SITES - 1; }

static uint32_t node_of(uint64_t word) { return (uint32_t)(word >> FARHINT_META_NODE_SHIFT); }

void fm_prefetch_landed(uint32_t node, uint32_t site) {
  if (node != FM_LOCAL_NODE)
    acc.site_of_node[node] = site;
}

void fm_prefetch_used(uint64_t word) {
  fm_stats_count(FM_C_PREFETCH_USED, 1);
  if (node_of(word) == FM_LOCAL_NODE)
    return;
  atomic_fetch_add_explicit(&acc.used[slot_of(acc.site_of_node[node_of(word)])], 1,
                            memory_order_relaxed);
}

unsigned fm_prefetch_sites(struct fm_prefetch_site *out, unsigned max) {
  unsigned n = 0;
  for (uint32_t s = 0; s < SITES; s++) {
    if (!acc.issued[s])
      continue;
    struct fm_prefetch_site x = {s, acc.issued[s], acc.used[s]};
    unsigned i = n < max ? n++ : max; /* insert by pages issued, busiest first */
    for (; i > 0 && out[i - 1].issued < x.issued; i--)
      if (i < max)
        out[i] = out[i - 1];
    if (i < max)
      out[i] = x;
  }
  return n;
}

/* ---- the transfers ---- */

/* Locks the next pages of the current request into b; false when b is full. */
static bool lock_into(struct batch *b) {
  struct req *r = &prefetcher.cur;
  for (; prefetcher.cur_done < r->n; prefetcher.cur_done++) {
    if (b->n == BATCH)
      return false;
    uintptr_t page = r->first + (uintptr_t)prefetcher.cur_done * FM_PAGE;
    struct fm_fetch *f = &b->pages[b->n];
    if (!fm_page_lock_absent(page, &f->word))
      continue; /* local, on its way, or not allocated */
    atomic_fetch_or_explicit(fm_meta(page), FARHINT_META_IN_FLIGHT, memory_order_relaxed);
    f->page = page;
    f->prio = r->prio;
    f->write = r->write;
    f->wp_sample = r->wp_sample;
    f->site = r->site;
    f->mark = r->ahead                                       ? FM_MARK_PREFETCHED
              : r->n >= 4 && prefetcher.cur_done == r->n / 2 ? FM_MARK_TRIGGER
                                                             : FM_MARK_AHEAD;
    if (r->ahead) {
      fm_stats_count(FM_C_PREFETCH_PAGES, 1);
      atomic_fetch_add_explicit(&acc.issued[slot_of(r->site)], 1, memory_order_relaxed);
    } else {
      fm_stats_count(FM_C_READAHEAD_PAGES, 1);
    }
    b->n++;
  }
  prefetcher.have_cur = false;
  return true;
}

/* Insertion sort by address, so neighbours share one copy (pagein.c). */
static void sort_pages(struct fm_fetch *f, unsigned n) {
  for (unsigned i = 1; i < n; i++) {
    struct fm_fetch x = f[i];
    unsigned j = i;
    for (; j > 0 && f[j - 1].page > x.page; j--)
      f[j] = f[j - 1];
    f[j] = x;
  }
}

/* Fills a batch from the queue and posts its transfer; false if the queue
 * held nothing to fetch. */
static bool post_batch(void) {
  struct batch *b = &prefetcher.flight[(prefetcher.first + prefetcher.count) % IN_FLIGHT];
  b->n = 0;
  for (;;) {
    if (!prefetcher.have_cur) {
      if (!pop(&prefetcher.cur))
        break;
      prefetcher.have_cur = true;
      prefetcher.cur_done = 0;
    }
    if (!lock_into(b))
      break;
  }
  if (b->n == 0)
    return false; /* (lock_into stops early only on a full batch) */
  size_t far_bytes = 0;
  for (unsigned i = 0; i < b->n; i++)
    if (b->pages[i].word & FARHINT_META_FAR_VALID)
      far_bytes += FM_PAGE;
  sort_pages(b->pages, b->n);
  b->due_ns = far_bytes ? fm_link_post(far_bytes) : 0;
  prefetcher.count++;
  fm_stats_count(FM_C_LINK_BATCHES, 1);
  return true;
}

/* Maps every batch whose transfer has landed; true if one did. */
static bool land_due(void) {
  bool landed = false;
  while (prefetcher.count) {
    struct batch *b = &prefetcher.flight[prefetcher.first];
    if (b->due_ns && b->due_ns > fm_stats_now_ns())
      break;
    fm_page_map_locked(b->pages, b->n, true);
    prefetcher.first = (prefetcher.first + 1) % IN_FLIGHT;
    prefetcher.count--;
    landed = true;
  }
  return landed;
}

static void sleep_until_pushed(void) {
  atomic_store(&prefetcher.sleeping, 1);
  atomic_thread_fence(memory_order_seq_cst);
  if (!pending()) {
    fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
    futex(&prefetcher.sleeping, FUTEX_WAIT_PRIVATE, 1);
  }
  atomic_store(&prefetcher.sleeping, 0);
}

/* While others keep the CPUs busy (priority.c: the thread is raised to
 * SCHED_FIFO then, unless --fault-priority normal), the thread sleeps
 * until its next transfer lands instead of polling for it: a poll at that
 * class would take the core from the program when it has none to spare.
 * Its timers have no slack at that class. On a quiet machine it polls at
 * either class (under rt, sleeping made csr's hinted build 1.3x slower). */
static void sleep_until_due(void) {
  uint64_t due = prefetcher.flight[prefetcher.first].due_ns;
  if (!due)
    due = fm_stats_now_ns() + POLL_SLEEP_NS; /* a read in flight: look again soon */
  struct timespec at = fm_ns_timespec(due);
  fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
  fm_libc.clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL);
}

static void *prefetch_main(void *arg) {
  (void)arg;
  fm_priority_serving();
  struct fm_spin spin = {.max_ns = SPIN_NS, .last_ns = fm_stats_now_ns()};
  bool spinning = false, waited = false;
  for (;;) {
    bool busy = land_due();
    if (prefetcher.count < IN_FLIGHT)
      busy |= post_batch();
    uint64_t now = fm_stats_now_ns();
    bool raised = fm_priority_raised() && fm_priority_shared();
    bool spin_on =
        !busy && !prefetcher.count && !raised && now - spin.last_ns < fm_spin_budget(&spin);
    if (spinning && !spin_on) { /* work came, or the spin is over */
      fm_stats_time_add(FM_T_SPIN, spin.last_ns);
      spinning = false;
    }
    if (busy || prefetcher.count) { /* a transfer in flight: poll its completion */
      if (waited)
        fm_spin_work_came(&spin, now);
      waited = false;
      if (!busy && raised)
        sleep_until_due();
      else if (!busy)
        __builtin_ia32_pause();
      spin.last_ns = now;
    } else if (spin_on) {
      spinning = waited = true;
      __builtin_ia32_pause();
    } else {
      sleep_until_pushed();
      waited = true;
    }
  }
  return NULL;
}

int fm_prefetch_start(void) {
  for (uint64_t i = 0; i < RING; i++)
    atomic_store_explicit(&prefetcher.ring[i].seq, i, memory_order_relaxed);
  size_t bytes = fm_frames_total() * sizeof *acc.site_of_node;
  acc.site_of_node = fm_libc.mmap(NULL, bytes ? bytes : FM_PAGE, PROT_READ | PROT_WRITE,
                                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (acc.site_of_node == MAP_FAILED)
    return -1;
  return fm_thread_start(prefetch_main, "farhint-ahead");
}
