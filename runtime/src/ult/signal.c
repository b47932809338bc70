/* signal.c -- signals under `farhint run --ult`. The kernel gives a
 * process-directed signal to any kernel thread that does not block it, but
 * a user-level thread's mask is not a kernel thread's: a worker runs many
 * user-level threads, one after another. So:
 *
 * - each user-level thread's mask is kept in its fh_ult: pthread_sigmask
 *   and sigprocmask from one change it, a new thread starts with its
 *   creator's, as natively;
 * - workers block every asynchronous signal (synchronous ones -- SIGSEGV,
 *   SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS -- are the running thread's);
 * - the program's first kernel thread, which waits for main() to end, takes
 *   the signals instead: it waits with the signals every user-level thread
 *   blocks blocked, so a signal some thread accepts runs its handler (or
 *   its default action) there, and one every thread blocks stays pending
 *   for sigwait() or a signalfd, as natively. A change of that set reaches
 *   it before the pthread_sigmask that made it returns;
 * - sigwait, sigwaitinfo and sigtimedwait look for a pending signal and
 *   yield to other threads instead of blocking a worker;
 * - raise() runs the handler before it returns, under the thread's mask.
 *
 * - glibc makes set*id process-wide by signalling every kernel thread it
 *   knows (SIGSETXID); its handler marks the thread done in the struct
 *   pthread its thread pointer names. A worker may be running a user-level
 *   thread, whose thread pointer is not the worker's: the handler is
 *   wrapped to run on the worker's own, or glibc would signal it for ever.
 *
 * What differs from kernel threads: a handler runs on the first kernel
 * thread rather than on a thread of the program, so a signal never
 * interrupts a thread's blocking system call (EINTR), and sigsuspend blocks
 * its kernel thread (the monitor hands its worker on: ult/monitor.c).
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/interpose.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/spinlock.h"
#include "base/stats.h"
#include "ult/caller.h"
#include "ult/sched.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#define BIT(sig) (1ULL << ((sig) - 1))
/* The kernel ignores these in a mask, and glibc its own two (32, 33). */
#define UNBLOCKABLE (BIT(SIGKILL) | BIT(SIGSTOP) | BIT(32) | BIT(33))
#define SYNCHRONOUS                                                                                \
  (BIT(SIGSEGV) | BIT(SIGBUS) | BIT(SIGFPE) | BIT(SIGILL) | BIT(SIGTRAP) | BIT(SIGSYS))

static struct {
  fm_spinlock_t lock;
  unsigned blocked_by[65];        /* user-level threads blocking each signal */
  unsigned live;                  /* user-level threads */
  uint64_t first_mask;            /* the first kernel thread's mask at the start */
  _Atomic uint64_t wanted, taken; /* mask changes made, and seen by the taker */
  /* main(), while the first kernel thread takes signals until it ends */
  struct fh_ult *_Atomic awaited;
  int wake_fd;
} sig = {.wake_fd = -1};

static uint64_t to_bits(const sigset_t *s) {
  uint64_t b;
  memcpy(&b, s, sizeof b); /* glibc keeps signal n at bit n - 1, as the kernel */
  return b;
}

static void from_bits(uint64_t b, sigset_t *s) {
  sigemptyset(s);
  memcpy(s, &b, sizeof b);
}

/* Under sig.lock. */
static uint64_t blocked_by_all(void) {
  if (!sig.live)
    return sig.first_mask;
  uint64_t m = 0;
  for (int s = 1; s <= 64; s++)
    if (sig.blocked_by[s] == sig.live)
      m |= BIT(s);
  return m;
}

static void count(uint64_t mask, int delta) {
  for (int s = 1; s <= 64; s++)
    if (mask & BIT(s))
      sig.blocked_by[s] += delta;
}

static void poke_taker(void) {
  uint64_t one = 1;
  ssize_t unused = fm_libc.write(sig.wake_fd, &one, sizeof one);
  (void)unused;
}

/* A thread's mask goes from *from to *to (NULL: it did not exist, or no
 * longer does). If the set every thread blocks changed, the taker is told;
 * with wait, this returns once it waits with the new set. */
static void remask(const uint64_t *from, const uint64_t *to, bool wait) {
  fm_spin_lock(&sig.lock);
  uint64_t before = blocked_by_all();
  if (from) {
    count(*from, -1);
    sig.live--;
  }
  if (to) {
    count(*to, 1);
    sig.live++;
  }
  bool changed = blocked_by_all() != before;
  uint64_t ticket = changed ? atomic_fetch_add(&sig.wanted, 1) + 1 : 0;
  fm_spin_unlock(&sig.lock);
  if (!changed || !atomic_load(&sig.awaited))
    return;
  poke_taker();
  while (wait && atomic_load(&sig.taken) < ticket && atomic_load(&sig.awaited))
    fh_ult_yield();
}

/* glibc's internal signals (its SIGCANCEL and SIGSETXID), which sigaction()
 * refuses to touch: the kernel's own struct and call. */
#define GLIBC_SIGSETXID 33
struct kernel_sigaction {
  void (*handler)(int, siginfo_t *, void *);
  unsigned long flags;
  void (*restorer)(void);
  uint64_t mask;
};
static void (*glibc_setxid_handler)(int, siginfo_t *, void *);

static void on_setxid(int signo, siginfo_t *info, void *ctx) {
  struct kthread *k = fm_ult_kthread_of((pid_t)syscall(SYS_gettid));
  void *was = fm_ult_thread_pointer();
  bool borrowed = k && k->tp && was != k->tp;
  if (borrowed)
    fm_ult_tls_enter(k->tp, k->tid);
  glibc_setxid_handler(signo, info, ctx);
  if (borrowed)
    fm_ult_tls_enter(was, k->tid);
}

static void wrap_setxid(void) {
  struct kernel_sigaction glibc, mine;
  if (syscall(SYS_rt_sigaction, GLIBC_SIGSETXID, NULL, &glibc, sizeof glibc.mask) < 0 ||
      !(glibc.flags & SA_SIGINFO))
    fm_log_die("--ult: cannot find glibc's handler for set*id (signal %d): this glibc "
               "is not one --ult knows; run without --ult",
               GLIBC_SIGSETXID);
  glibc_setxid_handler = glibc.handler;
  mine = glibc;
  mine.handler = on_setxid;
  if (syscall(SYS_rt_sigaction, GLIBC_SIGSETXID, &mine, NULL, sizeof mine.mask) < 0)
    fm_log_die("--ult: cannot wrap glibc's handler for set*id: %s", strerror(errno));
}

void fm_ult_signals_start(void) {
  wrap_setxid();
  /* Until the first kernel thread waits for signals with the right set
   * (fm_ult_take_signals_until), it takes none: main() may block a signal
   * and send it before then. Threads started from here inherit this. */
  sigset_t all, now;
  sigfillset(&all);
  fm_libc.pthread_sigmask(SIG_SETMASK, &all, &now);
  sig.first_mask = to_bits(&now);
  sig.wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (sig.wake_fd < 0)
    fm_log_die("cannot create an eventfd for signals under --ult: %s", strerror(errno));
}

void fm_ult_signals_worker(void) {
  sigset_t async;
  from_bits(~(SYNCHRONOUS | UNBLOCKABLE), &async);
  fm_libc.pthread_sigmask(SIG_SETMASK, &async, NULL);
}

void fm_ult_signals_spawned(struct fh_ult *t) {
  struct fh_ult *creator = fm_ult_current();
  if (creator) {
    t->sigmask = creator->sigmask;
  } else { /* main(), from the first kernel thread */
    t->sigmask = sig.first_mask & ~UNBLOCKABLE;
  }
  remask(NULL, &t->sigmask, false);
}

void fm_ult_signals_exited(struct fh_ult *t) {
  remask(&t->sigmask, NULL, false);
  if (t == sig.awaited)
    poke_taker();
}

void fm_ult_take_signals_until(struct fh_ult *t) {
  sigset_t waiting; /* every signal is blocked here, but in ppoll below */
  atomic_store(&sig.awaited, t);
  while (!fm_ult_done(t)) {
    uint64_t seen = atomic_load(&sig.wanted);
    fm_spin_lock(&sig.lock);
    from_bits(blocked_by_all(), &waiting);
    fm_spin_unlock(&sig.lock);
    atomic_store(&sig.taken, seen);
    struct pollfd p = {.fd = sig.wake_fd, .events = POLLIN};
    fm_libc.ppoll(&p, 1, NULL, &waiting); /* returns for a poke, or after a handler ran */
    uint64_t pokes;
    ssize_t unused = fm_libc.read(sig.wake_fd, &pokes, sizeof pokes);
    (void)unused;
  }
  atomic_store(&sig.awaited, NULL);
  from_bits(sig.first_mask, &waiting);
  fm_libc.pthread_sigmask(SIG_SETMASK, &waiting, NULL);
}

/* ---- the program's calls, from user-level threads ---- */

/* Natively a pending signal a mask change unblocks is handled before the
 * change returns: a thread that unblocks SIGCHLD after its children ended
 * finds its handler has counted them. Here the taker handles it: wait until
 * it is no longer pending, then until the taker has come round once more
 * (its ppoll returns only after the handler ran). */
static uint64_t pending_now(void) {
  sigset_t pending;
  return sigpending(&pending) == 0 ? to_bits(&pending) : 0;
}

static void handle_unblocked(uint64_t was_pending) {
  if (!was_pending || !atomic_load(&sig.awaited))
    return;
  while (atomic_load(&sig.awaited) && (pending_now() & was_pending))
    fh_ult_yield();
  uint64_t ticket = atomic_fetch_add(&sig.wanted, 1) + 1;
  poke_taker();
  while (atomic_load(&sig.taken) < ticket && atomic_load(&sig.awaited))
    fh_ult_yield();
}

static int change_mask(int how, const sigset_t *set, sigset_t *old) {
  struct fh_ult *t = fm_ult_current();
  uint64_t was = t->sigmask, now = was;
  if (set) {
    uint64_t bits = to_bits(set) & ~UNBLOCKABLE;
    if (how == SIG_BLOCK)
      now = was | bits;
    else if (how == SIG_UNBLOCK)
      now = was & ~bits;
    else if (how == SIG_SETMASK)
      now = bits;
    else
      return EINVAL;
  }
  if (old)
    from_bits(was, old);
  if (now != was) {
    uint64_t unblocked_pending = was & ~now ? pending_now() & was & ~now : 0;
    t->sigmask = now;
    remask(&was, &now, true);
    handle_unblocked(unblocked_pending);
  }
  return 0;
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  if (!ult_caller(CALLER))
    return REAL(pthread_sigmask)(how, set, old);
  return change_mask(how, set, old);
}

int sigprocmask(int how, const sigset_t *set, sigset_t *old) {
  if (!ult_caller(CALLER))
    return REAL(sigprocmask)(how, set, old);
  int err = change_mask(how, set, old);
  if (err)
    errno = err;
  return err ? -1 : 0;
}

/* A pending signal of set, taken without holding a worker: looks, and
 * yields while other threads want to run; waits in the kernel (up to a
 * millisecond, a signal ends it at once) only when none does. */
static int take_pending(const sigset_t *set, siginfo_t *info, const struct timespec *timeout) {
  uint64_t deadline = timeout ? fm_stats_now_ns() + fm_timespec_ns(timeout) : UINT64_MAX;
  for (;;) {
    uint64_t now = fm_stats_now_ns(), left = deadline > now ? deadline - now : 0;
    uint64_t wait_ns = fm_ult_any_queued() ? 0 : left < 1000000 ? left : 1000000;
    struct timespec w = fm_ns_timespec(wait_ns);
    int got = REAL(sigtimedwait)(set, info, &w);
    if (got > 0 || errno != EAGAIN)
      return got;
    if (!left)
      return -1; /* EAGAIN, as natively */
    fh_ult_yield();
  }
}

int sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *timeout) {
  if (!ult_caller(CALLER))
    return REAL(sigtimedwait)(set, info, timeout);
  return take_pending(set, info, timeout);
}

int sigwaitinfo(const sigset_t *set, siginfo_t *info) {
  if (!ult_caller(CALLER))
    return REAL(sigwaitinfo)(set, info);
  return take_pending(set, info, NULL);
}

int sigwait(const sigset_t *set, int *got) {
  if (!ult_caller(CALLER))
    return REAL(sigwait)(set, got);
  int s;
  while ((s = take_pending(set, NULL, NULL)) < 0 && errno == EINTR)
    ; /* sigwait is not interrupted */
  if (s < 0)
    return errno;
  *got = s;
  return 0;
}

int raise(int signo) {
  if (!ult_caller(CALLER))
    return REAL(raise)(signo);
  sigset_t mine, worker;
  from_bits(fm_ult_current()->sigmask, &mine);
  REAL(pthread_sigmask)(SIG_SETMASK, &mine, &worker);
  int rc = REAL(raise)(signo); /* the handler runs before it returns */
  REAL(pthread_sigmask)(SIG_SETMASK, &worker, NULL);
  return rc;
}
