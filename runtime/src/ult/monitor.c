/* monitor.c -- a system call that blocks never stalls a worker.
 *
 * A user-level thread that blocks in the kernel (epoll_wait in a server's
 * event loop, a sleep, a read of a pipe, a futex inside glibc) blocks its
 * kernel thread, and without more every thread queued on that worker
 * waits too: with all workers so blocked the program hangs. The monitor,
 * as Go's sysmon, gives such a worker to a spare kernel thread (started
 * when none is spare) and leaves the blocked one to finish its call; when
 * the call returns, that thread's next switch puts its user-level thread
 * back on a run queue and it becomes a spare itself.
 *
 * Blocked is: in an interposed blocking call (ult/syscalls.c) for over
 * CALL_HANDOFF_NS while work waits (a thread queued, a fetch to poll) and
 * no kernel thread is idle to take it, or, for a call the shim does not
 * see, no switch for STUCK_NS while the kernel thread used under a fifth of
 * that time in CPU. A call with nothing waiting keeps its worker, as Go's
 * sysmon leaves a P in a system call while there is nothing to run on it:
 * handing it on would cost a wake-up for nothing, on every event a server
 * waits for. Work queued while no kernel thread is idle and one is in a
 * call wakes the monitor (fm_ult_monitor_queued). A thread computing
 * without a switch keeps its worker: scheduling is cooperative.
 *
 * The monitor looks when a hand-off comes due, every STUCK_NS / 2 while
 * threads run outside calls, every CALLS_NAP_NS while they only wait in
 * calls, and sleeps while none runs. While every kernel thread is in a
 * call, none polls the threads parked in the poller (ult/netpoll.c): the
 * monitor then naps in it.
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/log.h"
#include "base/proc_task.h"
#include "base/spinlock.h"
#include "base/stats.h"
#include "base/threads.h"
#include "ult/sched.h"

#include <dlfcn.h>
#include <errno.h>
#include <linux/futex.h>
#include <stdio.h>
#include <string.h>

#define CALL_HANDOFF_NS 50000ULL
#define STUCK_NS 2000000ULL
/* The nap while threads wait only in calls (a server between requests, its
 * loops in epoll_wait or parked in the poller): queued work and events in
 * the poller wake the monitor, and only a thread that starts running and
 * blocks outside an interposed call is found up to this much later than
 * STUCK_NS. */
#define CALLS_NAP_NS 10000000ULL

static struct kthread *_Atomic all; /* every kernel thread serving workers, ever */
static struct {
  fm_spinlock_t lock;
  struct kthread *list;
} spares;
static _Atomic uint32_t wake_seq; /* futex: the monitor's, while it sleeps */
static _Atomic int handed_off;    /* kernel threads whose worker went on without them */
/* How the monitor sleeps: not (it looks again within CALL_HANDOFF_NS), for
 * STUCK_NS, or until a thread runs. */
enum { NAP_SHORT, NAP_LONG, NAP_DEEP };
static _Atomic int napping;

void fm_ult_monitor_add(struct kthread *k) {
  struct kthread *head = atomic_load(&all);
  do
    k->next_all = head;
  while (!atomic_compare_exchange_weak(&all, &head, k));
}

struct kthread *fm_ult_kthread_of(pid_t tid) {
  for (struct kthread *k = atomic_load(&all); k; k = k->next_all)
    if (k->tid == tid)
      return k;
  return NULL;
}

/* The monitor naps in its futex, or in the poller (ult/netpoll.c). */
static void wake_monitor_from(int nap) {
  int n = atomic_load(&napping);
  if (n >= nap && atomic_compare_exchange_strong(&napping, &n, NAP_SHORT)) {
    atomic_fetch_add(&wake_seq, 1);
    fm_ult_futex(&wake_seq, FUTEX_WAKE_PRIVATE, 1, NULL);
    fm_ult_netpoll_interrupt();
  }
}

void fm_ult_monitor_running(void) { wake_monitor_from(NAP_DEEP); }

/* A call this old has likely blocked; a younger one most likely returns at
 * once, as most do, and is no reason to wake the monitor. */
#define CALL_YOUNG_NS 10000ULL

void fm_ult_monitor_queued(void) {
  uint64_t now = 0;
  for (struct kthread *k = atomic_load(&all); k; k = k->next_all) {
    uint64_t since = atomic_load_explicit(&k->call_since, memory_order_relaxed);
    if (!since || !atomic_load_explicit(&k->worker, memory_order_relaxed))
      continue;
    if (!now)
      now = fm_stats_now_ns();
    if (now - since >= CALL_YOUNG_NS) {
      wake_monitor_from(NAP_LONG);
      return;
    }
  }
}

/* No wake-up of the monitor here: a call that returns at once would pay
 * for it. One that blocks while work waits is found by the next look
 * (within STUCK_NS / 2), or at once when work is queued after it began
 * (fm_ult_monitor_queued). */
void fm_ult_call_begin(void) {
  struct kthread *k = fm_ult_kthread();
  if (k)
    atomic_store(&k->call_since, fm_stats_now_ns());
}

void fm_ult_call_end(void) {
  struct kthread *k = fm_ult_kthread();
  if (!k)
    return;
  uint64_t since = atomic_load(&k->call_since);
  atomic_store(&k->call_since, 0); /* then the worker: a hand-off made meanwhile shows */
  struct worker *w = atomic_load(&k->worker);
  if (w) { /* still its worker's: the call counts there */
    fm_ult_tally(&w->stats.calls, 1);
    fm_ult_tally(&w->stats.calls_ns, fm_stats_now_ns() - since);
  } else { /* handed off: back on a run queue, and
              this kernel thread becomes a spare */
    int saved = errno;
    fh_ult_yield();
    errno = saved;
  }
}

bool fm_ult_handed_off(void) { return atomic_load_explicit(&handed_off, memory_order_relaxed); }

struct worker *fm_ult_wait_for_worker(struct kthread *k) {
  atomic_fetch_sub(&handed_off, 1); /* its thread is back on a run queue */
  fm_spin_lock(&spares.lock);
  k->next_spare = spares.list;
  spares.list = k;
  fm_spin_unlock(&spares.lock);
  for (;;) {
    uint32_t seq = atomic_load(&k->assigned);
    struct worker *w = atomic_load(&k->worker);
    if (w)
      return w;
    fm_ult_futex(&k->assigned, FUTEX_WAIT_PRIVATE, seq, NULL);
  }
}

static struct kthread *take_spare(void) {
  fm_spin_lock(&spares.lock);
  struct kthread *s = spares.list;
  if (s)
    spares.list = s->next_spare;
  fm_spin_unlock(&spares.lock);
  return s;
}

static void hand_off(struct kthread *k, struct worker *w) {
  struct kthread *s = take_spare();
  atomic_fetch_add(&handed_off, 1); /* before k can see its worker gone */
  if (s) {
    atomic_store(&k->worker, NULL);
    atomic_store(&s->worker, w);
    atomic_fetch_add(&s->assigned, 1);
    fm_ult_futex(&s->assigned, FUTEX_WAKE_PRIVATE, 1, NULL);
  } else {
    /* Tried once: the monitor looks again soon while work waits, and each
     * failed start would be said again. */
    static bool cannot_start;
    if (cannot_start || !fm_ult_kthread_start(w)) {
      if (!cannot_start)
        fm_log("cannot start a kernel thread to run user-level threads while one "
               "blocks in a system call; threads on its worker wait for the call");
      cannot_start = true;
      atomic_fetch_sub(&handed_off, 1);
      return;
    }
    atomic_store(&k->worker, NULL);
  }
  fm_stats_count(FM_C_ULT_HANDOFFS, 1);
}

static uint64_t cpu_ns(struct kthread *k) {
  clockid_t clock;
  struct timespec ts;
  if (pthread_getcpuclockid(k->thread, &clock) || clock_gettime(clock, &ts))
    return UINT64_MAX; /* cannot tell: counts as busy */
  return fm_timespec_ns(&ts);
}

/* Whether the kernel has k asleep (S or D in /proc): a thread that is only
 * waiting for a CPU (R: the machine is busy) gets it back without a
 * hand-off, and on a loaded 2-core machine a socket write often waits so
 * for over CALL_HANDOFF_NS. Read only when a hand-off is being decided. */
static bool asleep(struct kthread *k) {
  char stat[512];
  if (fm_proc_task_read(k->tid, "stat", stat, sizeof stat) < 0)
    return true;                        /* cannot tell: as before, by time alone */
  const char *end = strrchr(stat, ')'); /* the name may hold spaces and parentheses */
  return !end || end[1] != ' ' || end[2] != 'R';
}

/* A kernel thread with no switch since the monitor's last look, and little
 * CPU used meanwhile, is blocked in the kernel. */
static bool stuck(struct kthread *k, uint64_t now) {
  uint64_t switches = atomic_load(&k->switches);
  if (switches != k->seen_switches || !k->seen_at) {
    k->seen_switches = switches;
    k->seen_at = now;
    k->seen_cpu_ns = cpu_ns(k);
    return false;
  }
  if (now - k->seen_at < STUCK_NS)
    return false;
  uint64_t cpu = cpu_ns(k);
  bool blocked = cpu != UINT64_MAX && cpu - k->seen_cpu_ns < (now - k->seen_at) / 5;
  k->seen_at = now;
  k->seen_cpu_ns = cpu;
  return blocked;
}

/* The watchdog: a worker that has run one user-level thread for
 * WATCHDOG_NS without a switch is said once, with where it is -- the
 * system call it keeps making and the function it makes it from, or that it
 * runs in user space. A user-level thread runs until it blocks, waits or
 * yields, so a loop that does none (or a spin in a library that expected
 * a kernel thread) holds its worker, and the threads queued there wait. */
#define WATCHDOG_NS 10000000000ULL

static void say_where(struct kthread *k, uint64_t ran_ns) {
  char sys[256], where[256] = "running in user space (a loop that does not yield?)";
  unsigned long nr, a[6], sp, pc;
  Dl_info info;
  if (fm_proc_task_read(k->tid, "syscall", sys, sizeof sys) > 0 &&
      sscanf(sys, "%lu %lx %lx %lx %lx %lx %lx %lx %lx", &nr, &a[0], &a[1], &a[2], &a[3], &a[4],
             &a[5], &sp, &pc) == 9) {
    if (dladdr((void *)pc, &info) && info.dli_sname)
      snprintf(where, sizeof where, "in system call %lu from %s+%#lx (%s)", nr, info.dli_sname,
               pc - (unsigned long)info.dli_saddr, info.dli_fname);
    else
      snprintf(where, sizeof where, "in system call %lu from %#lx", nr, pc);
  }
  fm_log("watchdog: kernel thread %d has run one user-level thread for %.0f s without a "
         "switch, %s; threads queued on its worker wait until it blocks, waits or yields",
         (int)k->tid, ran_ns / 1e9, where);
}

static void watch(struct kthread *k, uint64_t now) {
  uint64_t switches = atomic_load(&k->switches);
  if (switches != k->watched_switches || !k->watched_since) {
    k->watched_switches = switches;
    k->watched_since = now;
    k->told = false;
  } else if (!k->told && now - k->watched_since >= WATCHDOG_NS) {
    k->told = true;
    say_where(k, now - k->watched_since);
  }
}

/* What a look found, the most pressing last: nothing running, threads
 * only in calls with some kernel thread idle, threads running outside
 * calls, every kernel thread in a call, a hand-off that may come due
 * soon. */
enum look { NOTHING_RUNS, CALLS_BESIDE_IDLE, THREADS_RUN, ALL_IN_CALLS, HANDOFF_DUE };

/* How much later than CALL_HANDOFF_NS a call is looked at. It grows while
 * the calls found due are waiting for a CPU, not asleep: the machine is
 * busy, a hand-off would not run the work sooner, and each look (a wake-up
 * and a read of /proc) takes CPU from the threads that wait for one. Back
 * to none at a hand-off. */
#define PATIENCE_MAX_NS 1000000ULL
static uint64_t patience_ns;

/* Hands on the workers whose kernel threads block while work waits; what
 * it found, and for HANDOFF_DUE when the first such hand-off comes due. */
static enum look look_once(uint64_t *due) {
  uint64_t now = fm_stats_now_ns();
  /* An idle kernel thread polls fetches and the poller, and takes what is
   * queued: then no call holds up work. */
  bool idle = fm_ult_any_idle(), runs = false, outside_calls = false;
  bool work_waits = !idle && (fm_ult_any_queued() || fm_ult_fetches_pending());
  *due = UINT64_MAX;
  for (struct kthread *k = atomic_load(&all); k; k = k->next_all) {
    struct worker *w = atomic_load(&k->worker);
    if (!w || !atomic_load(&k->current)) {
      k->seen_at = k->watched_since = 0;
      continue;
    }
    runs = true;
    uint64_t since = atomic_load(&k->call_since);
    if (!since) {
      outside_calls = true;
      watch(k, now);
    }
    bool waited = since && work_waits;
    uint64_t due_at = since + CALL_HANDOFF_NS + patience_ns;
    bool due_now = since ? waited && now >= due_at : stuck(k, now);
    if (due_now && asleep(k)) {
      hand_off(k, w);
      patience_ns = 0;
      continue;
    }
    if (due_now && since) { /* waiting for a CPU */
      patience_ns = patience_ns * 2 + CALL_HANDOFF_NS;
      if (patience_ns > PATIENCE_MAX_NS)
        patience_ns = PATIENCE_MAX_NS;
      due_at = now + patience_ns;
    }
    if (waited && now - since >= CALL_YOUNG_NS && due_at < *due)
      *due = due_at;
  }
  if (*due != UINT64_MAX)
    return HANDOFF_DUE;
  if (!runs)
    return NOTHING_RUNS;
  return outside_calls ? THREADS_RUN : idle ? CALLS_BESIDE_IDLE : ALL_IN_CALLS;
}

/* Naps until woken (wake_seq moves from seq) or ns pass (0: no bound); in
 * the poller while every kernel thread is in a call, when none polls it. */
static void nap(enum look seen, uint32_t seq, uint64_t ns) {
  if (seen == ALL_IN_CALLS && fm_ult_netpoll_block(ns, &wake_seq, seq, false))
    return;
  struct timespec ts = fm_ns_timespec(ns);
  fm_ult_futex(&wake_seq, FUTEX_WAIT_PRIVATE, seq, ns ? &ts : NULL);
}

static void *monitor_main(void *arg) {
  (void)arg;
  for (;;) {
    uint32_t seq = atomic_load(&wake_seq);
    uint64_t due, due_again;
    enum look seen = look_once(&due);
    int how = seen == HANDOFF_DUE ? NAP_SHORT : seen == NOTHING_RUNS ? NAP_DEEP : NAP_LONG;
    atomic_store(&napping, how);
    /* A thread that started, or a call that began, after the look and
     * before napping was set is seen by this second look. */
    if (how != NAP_SHORT && look_once(&due_again) != seen) {
      atomic_store(&napping, NAP_SHORT);
      continue;
    }
    uint64_t now = fm_stats_now_ns();
    uint64_t short_ns = due > now + 2000 ? due - now : 2000;
    uint64_t long_ns = seen == THREADS_RUN ? STUCK_NS / 2 : CALLS_NAP_NS;
    nap(seen, seq, how == NAP_SHORT ? short_ns : how == NAP_LONG ? long_ns : 0);
    atomic_store(&napping, NAP_SHORT);
  }
  return NULL;
}

int fm_ult_monitor_start(void) { return fm_thread_start(monitor_main, "farhint-ultmon"); }
