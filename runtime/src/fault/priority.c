/* priority.c -- the scheduling class of the threads that serve faults.
 *
 * Kernel swap serves a fault in the faulting thread's own context. Here an
 * unhinted fault is served by another thread -- the control thread, a
 * server beside a core (colocate.c), the read-ahead thread -- which the
 * scheduler may hold off while other work runs: beside one busy loop per
 * core, a fault waited for a thread at SCHED_IDLE that got ~2% of a CPU.
 *
 * So a thread watches how much CPU the machine's other processes use
 * (/proc/stat's busy time less this process's CPU time) and gives a
 * verdict, shared or quiet. Once others keep half a CPU busy for
 * SHARED_AFTER windows in a row (a CPU-pressure figure such as PSI counts
 * this program's own threads waiting beside each other), the machine is
 * shared: no server sits beside the program's threads at SCHED_IDLE
 * (colocation pauses), and with --fault-priority auto (the default) every
 * thread that serves faults moves to SCHED_FIFO, so a fault wakes its
 * server at once and no busy process can hold it off. Raised, they never
 * spin (at SCHED_FIFO a spin would take the core from the program). Once
 * others keep under a quarter of a CPU busy for a second (longer each time
 * the machine soon got busy again: bursts do not flip it every window),
 * the machine is quiet again: the threads go back to normal and colocation
 * resumes, since a server at SCHED_FIFO beside a thread is what a quiet
 * machine cannot afford -- its wake-up of the thread finds the thread's
 * core busy and moves the thread to the idle one, every fault.
 * `rt` keeps the threads raised from the start and for the whole run and
 * still follows the verdict for colocation; `normal` never raises them nor
 * watches. Where the kernel refuses SCHED_FIFO (no CAP_SYS_NICE, or a
 * cgroup with no real-time budget), the servers still leave SCHED_IDLE, and
 * the runtime says so once.
 * Design: docs/design/fault-serving.md. */
#include "fault/priority.h"
#include "base/config.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define WINDOW_NS 200000000ULL /* 200 ms: /proc/stat counts in ticks of 10 ms */
#define OTHERS_SHARED 0.5      /* CPUs other processes kept busy, on average */
#define OTHERS_QUIET 0.25
#define SHARED_AFTER 2 /* windows in a row */
#define QUIET_AFTER 5  /* windows in a row: a second, at first */
#define QUIET_AFTER_MAX 50
#define SOON_NS 5000000000ULL /* shared again this soon after quiet: wait longer next time */
#define MAX_SERVING 80

static struct {
  _Atomic bool raised; /* fault-serving threads at SCHED_FIFO */
  _Atomic bool shared; /* others keep the CPUs busy: no colocation */
  _Atomic unsigned moves;
  pthread_mutex_t lock; /* the tids below, the classes, the verdict's changes */
  pid_t serving[MAX_SERVING];
  unsigned nserving;
  bool refused;       /* SCHED_FIFO refused: said once */
  uint64_t raised_at; /* while raised: since when */
} prio = {.lock = PTHREAD_MUTEX_INITIALIZER};

bool fm_priority_raised(void) { return atomic_load_explicit(&prio.raised, memory_order_relaxed); }

bool fm_priority_shared(void) { return atomic_load_explicit(&prio.shared, memory_order_relaxed); }

unsigned fm_priority_moves(void) { return atomic_load_explicit(&prio.moves, memory_order_acquire); }

/* Under prio.lock: the class the verdict gives (0: the calling thread). */
static void set_thread_class(pid_t tid) {
  struct sched_param rt = {.sched_priority = 1}, none = {0};
  if (!fm_priority_raised()) {
    sched_setscheduler(tid, SCHED_OTHER | SCHED_RESET_ON_FORK, &none);
    return;
  }
  if (prio.refused || sched_setscheduler(tid, SCHED_FIFO | SCHED_RESET_ON_FORK, &rt) == 0)
    return;
  prio.refused = true;
  fm_log("fault-serving threads stay at normal priority: the kernel refuses SCHED_FIFO "
         "(%s); under CPU load an unhinted fault may wait for the scheduler",
         strerror(errno));
}

void fm_priority_serving(void) {
  pid_t tid = (pid_t)syscall(SYS_gettid);
  fm_libc.pthread_mutex_lock(&prio.lock);
  fm_assert(prio.nserving < MAX_SERVING);
  prio.serving[prio.nserving++] = tid;
  if (fm_priority_raised())
    set_thread_class(tid);
  fm_libc.pthread_mutex_unlock(&prio.lock);
}

void fm_priority_confirm(void) {
  fm_libc.pthread_mutex_lock(&prio.lock);
  set_thread_class(0);
  fm_libc.pthread_mutex_unlock(&prio.lock);
}

/* Under prio.lock, while raised: counts the time since raised_at. */
static void count_raised_time(void) {
  uint64_t now = fm_stats_now_ns();
  fm_stats_count(FM_C_FAULT_PRIORITY_RAISED_NS, now - prio.raised_at);
  prio.raised_at = now;
}

/* Under prio.lock. */
static void set_raised(bool raised) {
  if (raised == fm_priority_raised())
    return;
  if (raised) {
    prio.raised_at = fm_stats_now_ns();
    fm_stats_count(FM_C_FAULT_PRIORITY_RAISED, 1);
  } else {
    count_raised_time();
    fm_stats_count(FM_C_FAULT_PRIORITY_LOWERED, 1);
  }
  atomic_store(&prio.raised, raised);
  for (unsigned i = 0; i < prio.nserving; i++)
    set_thread_class(prio.serving[i]);
}

/* The verdict changes: the threads' classes first, then the word the
 * serving threads watch (each then redoes its own class under the lock,
 * after this, and pauses or resumes colocation: control.c). */
static void set_shared(bool shared) {
  fm_libc.pthread_mutex_lock(&prio.lock);
  atomic_store(&prio.shared, shared);
  if (fm.cfg.fault_priority == FM_FAULT_PRIORITY_AUTO)
    set_raised(shared);
  atomic_fetch_add_explicit(&prio.moves, 1, memory_order_release);
  fm_libc.pthread_mutex_unlock(&prio.lock);
}

void fm_priority_settle(void) {
  fm_libc.pthread_mutex_lock(&prio.lock);
  if (fm_priority_raised())
    count_raised_time();
  fm_libc.pthread_mutex_unlock(&prio.lock);
}

/* CPU time the whole machine has spent busy since boot, in ns (user,
 * system, interrupts, and steal: a hypervisor's other guests), or -1. */
static int64_t machine_busy_ns(int fd) {
  char buf[512];
  ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0)
    return -1;
  buf[n] = 0;
  unsigned long long t[8] = {0}; /* user nice system idle iowait irq softirq steal */
  if (sscanf(buf, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &t[0], &t[1], &t[2], &t[3], &t[4],
             &t[5], &t[6], &t[7]) != 8)
    return -1;
  unsigned long long busy = t[0] + t[1] + t[2] + t[5] + t[6] + t[7];
  return (int64_t)(busy * (1000000000ULL / (unsigned long long)sysconf(_SC_CLK_TCK)));
}

/* How long the machine must stay quiet before the verdict says so: longer
 * each time it was soon busy again. */
struct quiet_rule {
  unsigned windows;
  uint64_t quiet_since; /* the last quiet verdict, or 0 */
};

static void note_shared(struct quiet_rule *q, uint64_t now) {
  bool soon = q->quiet_since && now - q->quiet_since < SOON_NS;
  q->windows =
      soon ? (q->windows * 2 < QUIET_AFTER_MAX ? q->windows * 2 : QUIET_AFTER_MAX) : QUIET_AFTER;
}

static void *watch_main(void *arg) {
  int fd = (int)(intptr_t)arg;
  int64_t machine = machine_busy_ns(fd), own = (int64_t)fm_stats_process_cpu_ns();
  struct quiet_rule quiet = {.windows = QUIET_AFTER};
  for (unsigned streak = 0;;) {
    struct timespec tick = {0, WINDOW_NS};
    fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
    fm_libc.nanosleep(&tick, NULL);
    int64_t machine_now = machine_busy_ns(fd), own_now = (int64_t)fm_stats_process_cpu_ns();
    int64_t others = (machine_now - machine) - (own_now - own);
    machine = machine_now;
    own = own_now;
    bool shared = fm_priority_shared();
    bool against = shared ? (others < (int64_t)(OTHERS_QUIET * WINDOW_NS))
                          : (others > (int64_t)(OTHERS_SHARED * WINDOW_NS));
    streak = against ? streak + 1 : 0;
    if (streak < (shared ? quiet.windows : SHARED_AFTER))
      continue;
    streak = 0;
    uint64_t now = fm_stats_now_ns();
    if (shared)
      quiet.quiet_since = now;
    else
      note_shared(&quiet, now);
    set_shared(!shared);
  }
  return NULL;
}

/* A daemon drops root (setuid) before the machine gets busy, and with it
 * the right to SCHED_FIFO. Limits keep it: a real-time priority limit of 1
 * (all the raise takes), and a nice limit of 0, which a thread needs to
 * leave SCHED_IDLE (colocate.c) unprivileged. */
static void keep_the_right(int resource, rlim_t at_least) {
  struct rlimit r;
  if (getrlimit(resource, &r) == 0 && r.rlim_cur < at_least) {
    r.rlim_cur = at_least;
    if (r.rlim_max < at_least)
      r.rlim_max = at_least;
    setrlimit(resource, &r); /* refused without the right: nothing to keep */
  }
}

int fm_priority_start(void) {
  enum fm_fault_priority mode = fm.cfg.fault_priority;
  if (mode != FM_FAULT_PRIORITY_NORMAL) {
    keep_the_right(RLIMIT_RTPRIO, 1);
    keep_the_right(RLIMIT_NICE, 20); /* 20 - nice: nice 0 */
  }
  if (mode == FM_FAULT_PRIORITY_RT) /* before any serving thread starts */
    set_raised(true);
  if (mode == FM_FAULT_PRIORITY_NORMAL || fm.cfg.trace)
    return 0; /* a profile is taken as before */
  int fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
  if (fd < 0 || machine_busy_ns(fd) < 0) {
    if (fd >= 0)
      close(fd);
    fm_log("cannot read the machine's CPU use (/proc/stat): fault-serving threads keep "
           "their class under load%s",
           mode == FM_FAULT_PRIORITY_RT ? "" : " (--fault-priority rt raises them)");
    return 0;
  }
  return fm_thread_start_arg(watch_main, (void *)(intptr_t)fd, "farhint-load", true);
}
