/* colocate.c -- the control thread answers a lone faulting thread from that
 * thread's core. A core whose only thread waits on a fault halts, and on a
 * VM waking a halted core from another goes through the host: here that
 * costs more than serving the fault (bench_rmw, unhinted: 23-45 us an
 * access with the control thread on the other core, 11 with both on one).
 * So while the recent unhinted faults all come from the program's main
 * thread, the control thread pins itself to the core that thread last ran
 * on -- read from the thread's rseq area, which the kernel keeps current,
 * so no system call -- and answers without spinning: the fault puts the
 * thread to sleep, the control thread runs on its core at once, and the
 * copy that maps the page lets the thread run again where it slept
 * (control.c finishes the fault when the thread next sleeps). Only the
 * runtime's own thread is pinned; the program's placement is its own
 * (docs/design-notes.md, "The control thread sits beside a lone faulting
 * thread"). */
#include "fm.h"

#include <sched.h>
#include <sys/rseq.h>
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
} co = {.cpu = -1};

/* The page whose fault the control thread is serving with the thread's
 * wake in the copy: it stays locked until the thread sleeps again
 * (control.c), and nothing should spin or wait on it meanwhile (meta.c,
 * pagein.c). 0 when none. */
static _Atomic uintptr_t held;

static uintptr_t thread_pointer(void) {
#if defined(__x86_64__)
  uintptr_t tp;
  __asm__("mov %%fs:0, %0" : "=r"(tp)); /* the TCB points at itself */
  return tp;
#else
  return (uintptr_t)__builtin_thread_pointer();
#endif
}

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
  co.main_rseq = (const volatile struct rseq *)(thread_pointer() + (uintptr_t)__rseq_offset);
  co.main_tid = gettid();
  co.on = true;
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
  struct sched_param none = {0};
  if (co.cpu < 0)
    sched_setscheduler(0, SCHED_IDLE, &none);
  co.cpu = cpu;
  fm_stats_count(FM_C_COLOCATE_MOVES, 1);
}

/* Once a second thread faults, the control thread could wait behind the
 * main thread on its core (as SCHED_IDLE, for up to a scheduler slice,
 * some milliseconds) while the other's faults wait on it: colocation ends,
 * for the rest of the run. */
static void leave(void) {
  co.on = false;
  if (co.cpu < 0)
    return;
  struct sched_param none = {0};
  sched_setscheduler(0, SCHED_OTHER, &none);
  sched_setaffinity(0, sizeof co.allowed, &co.allowed);
  co.cpu = -1;
}

bool fm_colocate_fault(pid_t tid) {
  if (!co.on)
    return false;
  if (tid != co.main_tid) {
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

bool fm_colocated(void) { return co.cpu >= 0; }

void fm_colocate_hold(uintptr_t page) { atomic_store_explicit(&held, page, memory_order_relaxed); }

bool fm_colocate_holds(uintptr_t page) {
  return atomic_load_explicit(&held, memory_order_relaxed) == page;
}
