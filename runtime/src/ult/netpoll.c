/* netpoll.c -- a user-level thread that waits parks, and one epoll
 * instance wakes it, as Go's netpoller does: a wait on a file descriptor
 * that is not ready, or a sleep, holds no kernel thread (ult/syscalls.c
 * decides which calls wait here).
 *
 * Each descriptor has an entry (kept for the life of the process, so an
 * event that arrives late never finds freed memory) with the threads
 * waiting on it. A wait arms the descriptor in the runtime's epoll
 * instance, one-shot; the first event wakes every thread waiting on it, and
 * each checks again and waits again if it must, so a spurious wake-up is
 * harmless. Registrations are never deleted: a descriptor closed and
 * opened again is a new file to epoll (MOD fails, ADD follows), and a stale
 * registration can only wake threads spuriously. Deadlines are a sorted
 * list beside it.
 *
 * Kernel threads poll the instance while they look for work (without
 * waiting, at most every POLL_EVERY_NS), and one idle kernel thread waits
 * in it until the next deadline, an event, or queued work (an eventfd).
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/spinlock.h"
#include "base/state.h"
#include "base/stats.h"
#include "ult/sched.h"

#include <errno.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>

#define POLL_EVERY_NS 20000ULL
#define NETPOLL_RECENT_NS 1000000ULL /* see fm_ult_netpoll_in_use */
#define CHUNK 1024                   /* descriptors per chunk of entries */
#define CHUNKS 1024
#define WAKE_KEY UINT64_MAX

struct waiter {
  struct fh_ult *t;
  uint64_t deadline; /* ns (fm_stats_now_ns), 0 for none */
  _Atomic int fired; /* 0 until woken; then NETPOLL_READY or NETPOLL_TIMEOUT */
  bool on_fd, on_timers;
  struct waiter *next, *prev;   /* its descriptor's waiters */
  struct waiter *tnext, *tprev; /* the deadlines, earliest first */
};

struct fd_entry {
  fm_spinlock_t lock;
  uint32_t armed;              /* events asked for since the last event */
  _Atomic uint8_t reads_found; /* reads in a row that found their data, up to READS_TO_TRUST */
  struct waiter *waiters;
};

static int ep = -1, wake_fd = -1;
static struct fd_entry *_Atomic chunks[CHUNKS];
static struct {
  fm_spinlock_t lock;
  struct waiter *head;
} timers;
static _Atomic int waiting;                /* threads parked here */
static _Atomic uint64_t polled_at;         /* last poll (ns) */
static _Atomic int poller_blocked;         /* an idle kernel thread waits in ep ... */
static _Atomic uint64_t blocked_until;     /* ... until then at the latest (ns) */
static _Atomic uint64_t parked_at;         /* the last park (ns) ... */
static struct fh_ult *_Atomic last_parker; /* ... and its thread */

void fm_ult_netpoll_start(void) {
  ep = epoll_create1(EPOLL_CLOEXEC);
  wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  struct epoll_event ev = {.events = EPOLLIN, .data.u64 = WAKE_KEY};
  if (ep < 0 || wake_fd < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, wake_fd, &ev) < 0) {
    fm_log("cannot set up the poller of user-level threads (%s): each wait on a "
           "file descriptor holds a kernel thread instead",
           strerror(errno));
    if (ep >= 0)
      close(ep);
    if (wake_fd >= 0)
      close(wake_fd);
    ep = wake_fd = -1;
  }
}

static struct fd_entry *entry(int fd) {
  if (fd < 0 || fd >= CHUNK * CHUNKS)
    return NULL;
  struct fd_entry *c = atomic_load(&chunks[fd / CHUNK]);
  if (!c) {
    struct fd_entry *fresh = fm_libc.mmap(NULL, sizeof *c * CHUNK, PROT_READ | PROT_WRITE,
                                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fresh == MAP_FAILED)
      return NULL;
    if (atomic_compare_exchange_strong(&chunks[fd / CHUNK], &c, fresh))
      c = fresh;
    else
      fm_libc.munmap(fresh, sizeof *c * CHUNK);
  }
  return &c[fd % CHUNK];
}

/* fd's entry if it has one; none is made. */
static struct fd_entry *entry_if_any(int fd) {
  struct fd_entry *c = fd >= 0 && fd < CHUNK * CHUNKS ? atomic_load(&chunks[fd / CHUNK]) : NULL;
  return c ? &c[fd % CHUNK] : NULL;
}

/* Reads of a descriptor are looked at first until this many in a row
 * found their data: a descriptor read by two threads in turn (a pipe
 * between them) or a blocking connection waiting for its next request
 * keeps being looked at, an event loop's stops. */
#define READS_TO_TRUST 8

bool fm_ult_netpoll_read_waits(int fd) {
  struct fd_entry *e = entry_if_any(fd);
  return !e || atomic_load_explicit(&e->reads_found, memory_order_relaxed) < READS_TO_TRUST;
}

void fm_ult_netpoll_read_waited(int fd, bool waited) {
  struct fd_entry *e = entry(fd);
  if (!e)
    return;
  uint8_t n = atomic_load_explicit(&e->reads_found, memory_order_relaxed);
  uint8_t next = waited ? 0 : n < READS_TO_TRUST ? n + 1 : n; /* racy: a guess */
  if (next != n)
    atomic_store_explicit(&e->reads_found, next, memory_order_relaxed);
}

/* Arms fd for events in ep, one-shot; false when epoll cannot watch it (a
 * regular file, a closed descriptor). Under e's lock. */
static bool arm(struct fd_entry *e, int fd, uint32_t events) {
  struct epoll_event ev = {.events = e->armed | events | EPOLLONESHOT, .data.u64 = (uint64_t)fd};
  if (epoll_ctl(ep, EPOLL_CTL_MOD, fd, &ev) < 0 &&
      (errno != ENOENT || epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) < 0))
    return false;
  e->armed |= events;
  return true;
}

static void fd_link(struct fd_entry *e, struct waiter *w) {
  w->prev = NULL;
  w->next = e->waiters;
  if (w->next)
    w->next->prev = w;
  e->waiters = w;
  w->on_fd = true;
}

static void fd_unlink(struct fd_entry *e, struct waiter *w) {
  if (w->prev)
    w->prev->next = w->next;
  else
    e->waiters = w->next;
  if (w->next)
    w->next->prev = w->prev;
  w->on_fd = false;
}

static void timer_link(struct waiter *w) {
  fm_spin_lock(&timers.lock);
  struct waiter **at = &timers.head, *before = NULL;
  while (*at && (*at)->deadline <= w->deadline) {
    before = *at;
    at = &(*at)->tnext;
  }
  w->tprev = before;
  w->tnext = *at;
  if (w->tnext)
    w->tnext->tprev = w;
  *at = w;
  w->on_timers = true;
  fm_spin_unlock(&timers.lock);
  /* The kernel thread waiting in ep chose its timeout before this deadline
   * was known: one earlier than that timeout wakes it to choose again. */
  if (w->deadline < atomic_load(&blocked_until))
    fm_ult_netpoll_interrupt();
}

/* Under the timers' lock. */
static void timer_unlink(struct waiter *w) {
  if (w->tprev)
    w->tprev->tnext = w->tnext;
  else
    timers.head = w->tnext;
  if (w->tnext)
    w->tnext->tprev = w->tprev;
  w->on_timers = false;
}

/* keep: the kernel thread that polled looks for work next and has kept
 * no thread yet; it keeps the first it wakes for itself and wakes others
 * only for the rest (as Go's scheduler runs the first goroutine netpoll
 * returns). */
static void fire(struct waiter *w, int why, bool *keep) {
  int none = 0;
  if (atomic_compare_exchange_strong(&w->fired, &none, why)) {
    fm_ult_wake_as(w->t, !*keep);
    *keep = false;
  }
}

bool fm_ult_netpoll_wants_poller(void) {
  return atomic_load(&waiting) && !atomic_load(&poller_blocked);
}

static int park(struct waiter *w, struct fd_entry *e) {
  atomic_fetch_add(&waiting, 1);
  if (fm_ult_netpoll_wants_poller()) /* an idle kernel thread asleep polls */
    fm_ult_wake_sleeper();
  if (atomic_load_explicit(&last_parker, memory_order_relaxed) != w->t)
    atomic_store_explicit(&last_parker, w->t, memory_order_relaxed);
  atomic_store_explicit(&parked_at, fm_stats_now_ns(), memory_order_relaxed);
  fm_stats_count(FM_C_ULT_POLLER_PARKS, 1);
  if (w->deadline)
    timer_link(w);
  uint64_t start = fm_stats_now_ns();
  fm_ult_park();
  fm_stats_count(FM_C_ULT_POLLER_PARK_NS, fm_stats_now_ns() - start);
  atomic_fetch_sub(&waiting, 1);
  /* Off both lists before the frame that holds w is gone. */
  if (e) {
    fm_spin_lock(&e->lock);
    if (w->on_fd)
      fd_unlink(e, w);
    fm_spin_unlock(&e->lock);
  }
  if (w->deadline) {
    fm_spin_lock(&timers.lock);
    if (w->on_timers)
      timer_unlink(w);
    fm_spin_unlock(&timers.lock);
  }
  return atomic_load(&w->fired);
}

int fm_ult_netpoll_wait(int fd, uint32_t events, uint64_t deadline) {
  struct fd_entry *e = ep >= 0 && fm.active ? entry(fd) : NULL;
  if (!e)
    return NETPOLL_UNWATCHED;
  struct waiter w = {.t = fm_ult_current(), .deadline = deadline};
  fm_spin_lock(&e->lock);
  if (!arm(e, fd, events)) {
    fm_spin_unlock(&e->lock);
    return NETPOLL_UNWATCHED;
  }
  /* Parking before the lock is let go: an event that comes at once finds
   * the thread on the list, and its wake-up is not lost. */
  fm_ult_prepare_park();
  fd_link(e, &w);
  fm_spin_unlock(&e->lock);
  return park(&w, e);
}

void fm_ult_sleep_until(uint64_t deadline) {
  struct waiter w = {.t = fm_ult_current(), .deadline = deadline};
  fm_ult_prepare_park();
  park(&w, NULL);
}

static void ready(int fd, bool *keep) {
  struct fd_entry *e = entry(fd);
  if (!e)
    return;
  fm_spin_lock(&e->lock);
  e->armed = 0; /* one-shot: disarmed by this event */
  while (e->waiters) {
    struct waiter *w = e->waiters;
    fd_unlink(e, w);
    fire(w, NETPOLL_READY, keep);
  }
  fm_spin_unlock(&e->lock);
}

static void expire(uint64_t now, bool *keep) {
  if (!timers.head) /* racy peek: the next poll looks again */
    return;
  fm_spin_lock(&timers.lock);
  while (timers.head && timers.head->deadline <= now) {
    struct waiter *w = timers.head;
    timer_unlink(w);
    fire(w, NETPOLL_TIMEOUT, keep);
  }
  fm_spin_unlock(&timers.lock);
}

static uint64_t next_deadline(void) {
  fm_spin_lock(&timers.lock);
  uint64_t d = timers.head ? timers.head->deadline : 0;
  fm_spin_unlock(&timers.lock);
  return d;
}

/* Wakes the threads whose descriptors are ready or deadlines passed,
 * waiting up to timeout (NULL: not at all); runs_next: the caller is a
 * kernel thread that looks for work next. */
static void poll_once(const struct timespec *timeout, bool runs_next) {
  bool keep = runs_next;
  struct epoll_event evs[64];
  struct timespec zero = {0, 0};
  const struct timespec *t = timeout ? timeout : &zero;
  long n = syscall(SYS_epoll_pwait2, ep, evs, 64, t, NULL, 0);
  if (n < 0 && errno == ENOSYS) /* before Linux 5.11: milliseconds, rounded up */
    n = fm_libc.epoll_wait(ep, evs, 64, (int)(t->tv_sec * 1000 + (t->tv_nsec + 999999) / 1000000));
  atomic_store(&polled_at, fm_stats_now_ns());
  for (long i = 0; i < n; i++) {
    if (evs[i].data.u64 == WAKE_KEY) {
      uint64_t drained;
      (void)!fm_libc.read(wake_fd, &drained, sizeof drained);
    } else {
      ready((int)evs[i].data.u64, &keep);
    }
  }
  expire(fm_stats_now_ns(), &keep);
}

bool fm_ult_netpoll_in_use(void) {
  return atomic_load(&waiting) &&
         atomic_load_explicit(&last_parker, memory_order_relaxed) != fm_ult_current() &&
         fm_stats_now_ns() - atomic_load_explicit(&parked_at, memory_order_relaxed) <
             NETPOLL_RECENT_NS;
}

void fm_ult_netpoll_poll(bool now, bool runs_next) {
  if (!atomic_load(&waiting) ||
      (!now && fm_stats_now_ns() - atomic_load(&polled_at) < POLL_EVERY_NS))
    return;
  poll_once(NULL, runs_next);
}

bool fm_ult_netpoll_block(uint64_t max_ns, _Atomic uint32_t *work_seq, uint32_t seq,
                          bool runs_next) {
  if (!atomic_load(&waiting))
    return false;
  int no = 0;
  if (!atomic_compare_exchange_strong(&poller_blocked, &no, 1))
    return false; /* another kernel thread is the poller */
  uint64_t now = fm_stats_now_ns(), until = now + max_ns, d = next_deadline();
  if (d && d < until)
    until = d;
  struct timespec ts = fm_ns_timespec(until > now ? until - now : 0);
  atomic_store(&blocked_until, until);
  /* Work queued (or a deadline set) after seq (or the deadline) was read
   * is seen here, or sees poller_blocked and writes wake_fd
   * (fm_ult_netpoll_interrupt). */
  if (atomic_load(work_seq) == seq && (!(d = next_deadline()) || d >= until))
    poll_once(&ts, runs_next);
  atomic_store(&blocked_until, 0);
  atomic_store(&poller_blocked, 0);
  /* Whoever leaves -- a worker to run what it found, the monitor at the
   * end of its nap -- leaves threads parked: an idle kernel thread asleep
   * takes its place. */
  if (fm_ult_netpoll_wants_poller())
    fm_ult_wake_sleeper();
  return true;
}

void fm_ult_netpoll_interrupt(void) {
  int one = 1;
  if (atomic_load(&poller_blocked) && atomic_compare_exchange_strong(&poller_blocked, &one, 0)) {
    uint64_t add = 1;
    (void)!fm_libc.write(wake_fd, &add, sizeof add);
  }
}
