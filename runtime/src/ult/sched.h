/* sched.h -- the user-level thread scheduler's structures, shared by
 * ult.c (threads and scheduling) and ult/monitor.c (a worker whose kernel
 * thread blocks in a system call is handed to another kernel thread).
 *
 * A worker is a run queue: one of the N places (--cores N) where threads
 * run. A kernel thread serves one worker at a time, or none while spare:
 * when its thread blocks in the kernel, the monitor gives its worker to a
 * spare kernel thread, as Go's scheduler hands a P to another M. */
#pragma once

#include "base/spinlock.h"
#include "ult/ult.h"

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct worker {
  int index;
  fm_spinlock_t lock;
  struct fm_ult_queue runq;
  /* Written by the kernel thread serving it, one at a time (a handoff
   * orders them); read by the report. */
  struct fm_ult_worker_stats stats;
} __attribute__((aligned(64)));

/* One more in a worker's statistic: a plain add, seen whole by a reader. */
static inline void fm_ult_tally(uint64_t *stat, uint64_t n) {
  __atomic_store_n(stat, __atomic_load_n(stat, __ATOMIC_RELAXED) + n, __ATOMIC_RELAXED);
}

struct kthread {
  void *sched_sp; /* its scheduler's context while a thread runs */
  struct fh_ult *_Atomic current;
  int after;                     /* what the running thread asked the scheduler for */
  struct worker *_Atomic worker; /* served; NULL while spare */
  _Atomic uint32_t assigned;     /* futex: bumped when given a worker */
  _Atomic uint64_t switches;     /* threads it has run */
  _Atomic uint64_t call_since;   /* in an interposed blocking call since (ns), or 0 */
  void *tp;                      /* its own thread pointer */
  pid_t tid;
  pthread_t thread;
  struct kthread *next_spare, *next_all;
  /* The monitor's view: progress seen at its last look. */
  uint64_t seen_switches, seen_cpu_ns, seen_at;
  /* The watchdog's: the switches count and since when it has not moved. */
  uint64_t watched_switches, watched_since;
  bool told;
} __attribute__((aligned(64)));

static inline long fm_ult_futex(_Atomic uint32_t *addr, int op, uint32_t val,
                                const struct timespec *ts) {
  return syscall(SYS_futex, addr, op, val, ts, NULL, 0);
}

struct kthread *fm_ult_kthread(void); /* NULL outside the workers */
bool fm_ult_any_idle(void);           /* a kernel thread looks for work */
/* Start a kernel thread serving w; NULL when none can be started. */
struct kthread *fm_ult_kthread_start(struct worker *w);
/* A kernel thread left without a worker waits to be given one. */
struct worker *fm_ult_wait_for_worker(struct kthread *k);

/* ult/monitor.c */
int fm_ult_monitor_start(void);
/* A kernel thread is about to run a user-level thread: the monitor,
 * asleep while none runs, looks again. */
void fm_ult_monitor_running(void);
void fm_ult_monitor_add(struct kthread *k);
/* Work was queued while no kernel thread is idle: if one has been in a
 * blocking call for a while, the monitor looks. */
void fm_ult_monitor_queued(void);
/* The kernel thread serving workers with this tid, NULL if none
 * (async-signal-safe: the list only grows). */
struct kthread *fm_ult_kthread_of(pid_t tid);
/* Some thread's worker went to another kernel thread while it blocked: it
 * will want one back. */
bool fm_ult_handed_off(void);

/* ult/netpoll.c: a thread that waits on a descriptor or sleeps parks, and
 * one epoll instance wakes it. */
enum { NETPOLL_UNWATCHED = -1, NETPOLL_READY = 1, NETPOLL_TIMEOUT = 2 };
void fm_ult_netpoll_start(void); /* says so when it cannot: calls then block */
/* Parks the caller until fd may be ready for events (EPOLLIN/EPOLLOUT) or
 * deadline (fm_stats_now_ns, 0 for none) passes; NETPOLL_UNWATCHED at once when
 * epoll cannot watch fd (a regular file): the caller blocks in the call. */
int fm_ult_netpoll_wait(int fd, uint32_t events, uint64_t deadline);
void fm_ult_sleep_until(uint64_t deadline);
/* Another thread than the caller parked here within the last millisecond
 * and threads are parked: they come and go, and want a kernel thread to
 * poll for them. (One parked long ago, as a server's accept loop, does
 * not count: while no kernel thread is idle the monitor polls for it.) */
bool fm_ult_netpoll_in_use(void);
/* Whether a read of fd is likely to wait: a guess kept per descriptor
 * number (a closed and reused one inherits it) from its recent reads, so
 * that a read that finds its data, as an event loop's after epoll_wait, is
 * made without a look first. Only the cost of a call depends on it. */
bool fm_ult_netpoll_read_waits(int fd);
void fm_ult_netpoll_read_waited(int fd, bool waited);
/* A kernel thread looking for work wakes the threads whose descriptors
 * are ready (at most every few tens of microseconds unless now); with
 * runs_next, an idle one that runs the first itself next ... */
void fm_ult_netpoll_poll(bool now, bool runs_next);
/* ... and, idle, waits for them up to max_ns unless work_seq moves from
 * seq; false when it did not wait (nothing parked, or another waits).
 * runs_next: the caller runs the first thread woken (a worker's kernel
 * thread, not the monitor). */
bool fm_ult_netpoll_block(uint64_t max_ns, _Atomic uint32_t *work_seq, uint32_t seq,
                          bool runs_next);
/* Work was queued: the idle kernel thread waiting in epoll looks. */
void fm_ult_netpoll_interrupt(void);
/* Threads are parked in the poller and no kernel thread waits in it ... */
bool fm_ult_netpoll_wants_poller(void);
/* ... then an idle kernel thread asleep (ult.c) is woken to poll: when a
 * thread parks, or a poller leaves (netpoll.c). */
void fm_ult_wake_sleeper(void);
