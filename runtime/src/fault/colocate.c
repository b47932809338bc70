/* colocate.c -- faults answered from the faulting thread's core. A core
 * whose only thread waits on a fault halts, and on a VM waking a halted
 * core from another goes through the host, which costs more than serving
 * the fault (docs/design/fault-serving.md).
 *
 * While the recent unhinted faults all come from the program's main
 * thread, the control thread pins itself to the core that thread last ran
 * on -- read from the thread's rseq area, which the kernel keeps current,
 * so no system call -- and answers without spinning: the fault puts the
 * thread to sleep, the control thread runs on its core at once, and the
 * copy that maps the page lets the thread run again where it slept
 * (control.c finishes the fault when the thread next sleeps).
 *
 * Once a second thread faults, a server waits beside every core instead:
 * the control thread on the first, a server thread pinned to each other,
 * all at SCHED_IDLE and all reading the one userfaultfd, so the fault of a
 * thread asleep on a core is read and answered there, and the wake-up is
 * local. A server that reads the fault of a thread elsewhere (it ran
 * because its core's thread slept for another reason, or in the small
 * share SCHED_IDLE gets) serves it at normal priority, so it is not
 * preempted holding the page for as long as that core stays busy. Which
 * core a thread is on comes from its rseq area, found through the thread
 * start the runtime wraps. Only the runtime's own threads are pinned; the
 * program's placement is its own (docs/design/fault-serving.md, "The control
 * thread sits beside a lone faulting thread", "A server beside every
 * core").
 * Design: docs/design/fault-serving.md. */
#include "fault/colocate.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"

#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Faults from the main thread before the control thread moves beside it:
 * the first ones come while the program starts. */
#define LONE_AFTER 64

/* Only the control thread reads or writes this, after init. */
static struct {
  bool on; /* until a second thread faults */
  pid_t main_tid;
  const volatile struct rseq *main_rseq; /* the main thread's: cpu_id is current */
  cpu_set_t allowed;                     /* the control thread's mask when not pinned */
  unsigned streak;                       /* faults so far from the main thread */
  int cpu;                               /* where it is pinned, or -1 */
  int first_cpu;                         /* the first allowed: the control thread's when spread */
  bool paused;                           /* by the machine's load: resumes when it is quiet */
  bool paused_spread;                    /* and it was a server beside every core */
} co = {.cpu = -1};

/* The program's threads by tid, each with its rseq area (where it last
 * ran): a server tells the faults of the thread asleep on its own core
 * from others'. A tid's slot is shared with others of the same remainder;
 * the last to start has it, and the rest count as elsewhere. */
#define TRACKED 4096
static struct {
  _Atomic pid_t tid;
  const volatile struct rseq *_Atomic rseq;
} seen[TRACKED];

/* The program's threads alive that started through the wrapped start,
 * and the main thread. */
static _Atomic int live_threads;

/* The core this thread serves beside, or -1. */
static __thread int server_cpu = -1;

static uintptr_t thread_pointer(void) {
#if defined(__x86_64__)
  uintptr_t tp;
  __asm__("mov %%fs:0, %0" : "=r"(tp)); /* the TCB points at itself */
  return tp;
#else
  return (uintptr_t)__builtin_thread_pointer();
#endif
}

static const volatile struct rseq *own_rseq(void) {
  return (const volatile struct rseq *)(thread_pointer() + (uintptr_t)__rseq_offset);
}

static void track_this_thread(void) {
  pid_t tid = gettid();
  unsigned i = (unsigned)tid % TRACKED;
  atomic_store_explicit(&seen[i].rseq, own_rseq(), memory_order_relaxed);
  atomic_store_explicit(&seen[i].tid, tid, memory_order_release);
}

static int last_cpu(pid_t tid) {
  unsigned i = (unsigned)tid % TRACKED;
  if (atomic_load_explicit(&seen[i].tid, memory_order_acquire) != tid)
    return -1;
  return (int)atomic_load_explicit(&seen[i].rseq, memory_order_relaxed)->cpu_id;
}

struct tracked_start {
  void *(*fn)(void *);
  void *arg;
};

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

/* At the thread's exit (a return or pthread_exit): its rseq area goes
 * with it, so its slot must not lead there. */
static pthread_key_t tracked_key;

static void untrack(void *slot) {
  pid_t tid = (pid_t)(intptr_t)slot;
  pid_t expected = tid;
  atomic_fetch_sub(&live_threads, 1);
  atomic_compare_exchange_strong(&seen[(unsigned)tid % TRACKED].tid, &expected, 0);
}

static void *tracked_main(void *p) {
  struct tracked_start s = *(struct tracked_start *)p;
  __libc_free(p);
  track_this_thread();
  atomic_fetch_add(&live_threads, 1);
  pthread_setspecific(tracked_key, (void *)(intptr_t)gettid());
  return s.fn(s.arg);
}

void *fm_colocate_wrap_start(void *(**fn)(void *), void **arg) {
  if (!co.main_rseq)
    return NULL;
  struct tracked_start *s = __libc_malloc(sizeof *s);
  if (!s)
    return NULL;
  *s = (struct tracked_start){*fn, *arg};
  *fn = tracked_main;
  *arg = s;
  return s;
}

void fm_colocate_unwrap_start(void *wrapped) { __libc_free(wrapped); }

/* Not with user-level threads: their workers own the cores. Nor while
 * profiling: a sampled profile estimates the faults read-ahead saved from
 * when faults meet pages in flight, and beside the thread that estimate
 * came out 13-15% low in 1 run of 3 (test_profile's weighs-each-record
 * test; within 5% from either core), so profiles are taken as before. */
void fm_colocate_init(void) {
  if (!fm.cfg.colocate || fm.cfg.ult || fm.cfg.trace)
    return;
  if (__rseq_size == 0) {
    fm_log("rseq is not registered (glibc.pthread.rseq=0?): the control thread serves "
           "faults from any core");
    return;
  }
  if (sched_getaffinity(0, sizeof co.allowed, &co.allowed) < 0 || CPU_COUNT(&co.allowed) < 2)
    return; /* one core: everything runs beside everything already */
  if (fm_libc.pthread_key_create(&tracked_key, untrack) != 0)
    return;
  co.main_rseq = own_rseq();
  co.main_tid = gettid();
  track_this_thread();
  atomic_store(&live_threads, 1);
  while (!CPU_ISSET(co.first_cpu, &co.allowed))
    co.first_cpu++;
  co.on = true;
}

/* The classes below suit a quiet machine, the only one colocation runs on
 * (fm_colocate_pause). */
static void set_class(int policy) {
  struct sched_param none = {0};
  sched_setscheduler(0, policy, &none);
}

/* Beside the main thread, the control thread runs at SCHED_IDLE: a core
 * whose only running thread is SCHED_IDLE counts as idle when the kernel
 * places a woken thread, so the wake-up leaves the main thread on this core
 * (at normal priority the kernel moved it to the other, idle one after
 * nearly every fault, and the control thread after it). It also keeps the
 * control thread from taking time from the program there. */
static void pin(int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(0, sizeof one, &one) < 0)
    return;
  if (co.cpu < 0)
    set_class(SCHED_IDLE);
  co.cpu = cpu;
  server_cpu = cpu;
  fm_stats_count(FM_C_COLOCATE_MOVES, 1);
}

/* Once a second thread faults, a server beside every core: each waits,
 * started with the runtime's other threads (a thread started later could
 * take its stack or its allocator's cache from far memory, and fault on
 * it while the one thread serving faults is the one starting it). Not
 * while the program has more threads than cores, besides its main one:
 * a SCHED_IDLE server then waits behind a runnable thread on its core, so
 * the control thread serves apart, at normal priority. */
static _Atomic uint32_t spread_out; /* 1: servers beside every core */

static bool few_threads(void) { return atomic_load(&live_threads) <= CPU_COUNT(&co.allowed) + 1; }

static void spread(void) {
  co.on = false;
  atomic_store(&spread_out, 1);
  syscall(SYS_futex, &spread_out, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
  if (co.cpu != co.first_cpu)
    pin(co.first_cpu);
}

/* The servers park at their next wake-up. */
static void leave(void) {
  co.on = false;
  atomic_store(&spread_out, 0);
  if (co.cpu < 0)
    return;
  set_class(SCHED_OTHER);
  sched_setaffinity(0, sizeof co.allowed, &co.allowed);
  co.cpu = -1;
  server_cpu = -1;
}

unsigned fm_colocate_server_cpus(int *cpus, unsigned max) {
  unsigned n = 0;
  if (!co.on)
    return 0;
  for (int c = co.first_cpu + 1; c < CPU_SETSIZE && n < max; c++)
    if (CPU_ISSET(c, &co.allowed))
      cpus[n++] = c;
  return n;
}

void fm_colocate_server(int cpu) {
  while (!atomic_load(&spread_out))
    syscall(SYS_futex, &spread_out, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  sched_setaffinity(0, sizeof one, &one);
  set_class(SCHED_IDLE);
  server_cpu = cpu;
}

bool fm_colocate_each(void) { return atomic_load_explicit(&spread_out, memory_order_relaxed); }

bool fm_colocate_mine(pid_t tid) { return server_cpu >= 0 && last_cpu(tid) == server_cpu; }

void fm_colocate_priority(bool normal) { set_class(normal ? SCHED_OTHER : SCHED_IDLE); }

void fm_colocate_pause(void) {
  if (!co.on && co.cpu < 0 && !fm_colocate_each())
    return; /* off, or left for good: threads outnumber the cores */
  co.paused = true;
  co.paused_spread = fm_colocate_each();
  leave();
}

/* As it was: beside the lone thread from its next fault, or a server beside
 * every core while the threads do not outnumber them. */
void fm_colocate_resume(void) {
  if (!co.paused)
    return;
  co.paused = false;
  if (!co.paused_spread)
    co.on = true;
  else if (few_threads())
    spread();
}

bool fm_colocate_fault(pid_t tid) {
  if (fm_colocate_each() && server_cpu == co.first_cpu && !few_threads())
    leave(); /* the control thread, once threads outnumber the cores */
  if (!co.on)
    return false;
  if (tid != co.main_tid) {
    if (few_threads())
      spread();
    else
      leave();
    return false;
  }
  if (co.streak < LONE_AFTER) {
    co.streak++;
    return false;
  }
  int cpu = (int)co.main_rseq->cpu_id; /* negative while unregistered */
  if (cpu != co.cpu && cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET(cpu, &co.allowed))
    pin(cpu);
  return co.cpu >= 0;
}

bool fm_colocated(void) { return co.cpu >= 0 || fm_colocate_each(); }
