/* priority.c -- the scheduling class of the threads that serve faults.
 *
 * Kernel swap serves a fault in the faulting thread's own context. Here an
 * unhinted fault is served by another thread -- the control thread, a
 * server beside a core (colocate.c), the read-ahead thread -- which the
 * scheduler may hold off while other work runs: beside one busy loop per
 * core, a fault waited for a thread at SCHED_IDLE that got ~2% of a CPU.
 *
 * So with --fault-priority auto (the default) a thread watches how much CPU
 * the machine's other processes use (/proc/stat's busy time less this
 * process's CPU time). While the machine is this program's, the servers
 * keep the classes that suit a quiet machine (colocate.c: there a server
 * at SCHED_FIFO slowed unhinted runs down, its wake-ups moving
 * the program's thread to the other core). Once others keep half a CPU
 * busy for RAISE_AFTER windows in a row (a CPU-pressure figure such as
 * PSI counts this program's own threads waiting beside each other), every
 * thread that serves faults moves to SCHED_FIFO for the rest of the run: a fault wakes its
 * server at once and no busy process can hold it off. Raised, they never
 * spin (at SCHED_FIFO a spin would take the core from the program) and
 * colocation ends. `rt` raises them from the start; `normal` never does.
 * Where the kernel refuses SCHED_FIFO (no CAP_SYS_NICE, or a cgroup with
 * no real-time budget), the servers still leave SCHED_IDLE, and the
 * runtime says so once.
 * Design: docs/design/fault-serving.md. */
#include "fault/priority.h"
#include "base/config.h"
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
#define OTHERS_RAISE 0.5       /* CPUs other processes kept busy, on average */
#define RAISE_AFTER 2          /* windows in a row */
#define MAX_SERVING 80

static struct {
  _Atomic bool raised;
  pthread_mutex_t lock; /* the tids below, and raising them */
  pid_t serving[MAX_SERVING];
  unsigned nserving;
  bool refused; /* SCHED_FIFO refused: said once */
} prio = {.lock = PTHREAD_MUTEX_INITIALIZER};

bool fm_priority_raised(void) { return atomic_load_explicit(&prio.raised, memory_order_relaxed); }

/* Under prio.lock. */
static void raise_thread(pid_t tid) {
  struct sched_param rt = {.sched_priority = 1};
  if (prio.refused || sched_setscheduler(tid, SCHED_FIFO | SCHED_RESET_ON_FORK, &rt) == 0)
    return;
  prio.refused = true;
  fm_log("fault-serving threads stay at normal priority: the kernel refuses SCHED_FIFO "
         "(%s); under CPU load an unhinted fault may wait for the scheduler",
         strerror(errno));
}

void fm_priority_serving(void) {
  pid_t tid = (pid_t)syscall(SYS_gettid);
  pthread_mutex_lock(&prio.lock);
  fm_assert(prio.nserving < MAX_SERVING);
  prio.serving[prio.nserving++] = tid;
  if (fm_priority_raised())
    raise_thread(tid);
  pthread_mutex_unlock(&prio.lock);
}

void fm_priority_confirm(void) {
  pthread_mutex_lock(&prio.lock);
  raise_thread((pid_t)syscall(SYS_gettid));
  pthread_mutex_unlock(&prio.lock);
}

static void raise_all(void) {
  pthread_mutex_lock(&prio.lock);
  atomic_store(&prio.raised, true);
  for (unsigned i = 0; i < prio.nserving; i++)
    raise_thread(prio.serving[i]);
  pthread_mutex_unlock(&prio.lock);
  fm_stats_count(FM_C_FAULT_PRIORITY_RAISED, 1);
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
  if (sscanf(buf, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &t[0], &t[1], &t[2], &t[3],
             &t[4], &t[5], &t[6], &t[7]) != 8)
    return -1;
  unsigned long long busy = t[0] + t[1] + t[2] + t[5] + t[6] + t[7];
  return (int64_t)(busy * (1000000000ULL / (unsigned long long)sysconf(_SC_CLK_TCK)));
}

static void *watch_main(void *arg) {
  int fd = (int)(intptr_t)arg;
  int64_t machine = machine_busy_ns(fd), own = (int64_t)fm_stats_process_cpu_ns();
  for (unsigned pressed = 0; pressed < RAISE_AFTER;) {
    struct timespec tick = {0, WINDOW_NS};
    fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
    nanosleep(&tick, NULL);
    int64_t machine_now = machine_busy_ns(fd), own_now = (int64_t)fm_stats_process_cpu_ns();
    int64_t others = (machine_now - machine) - (own_now - own);
    pressed = others > (int64_t)(OTHERS_RAISE * WINDOW_NS) ? pressed + 1 : 0;
    machine = machine_now;
    own = own_now;
  }
  close(fd);
  raise_all();
  fm_stats_thread_ends();
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
  if (fm.cfg.fault_priority != FM_FAULT_PRIORITY_NORMAL) {
    keep_the_right(RLIMIT_RTPRIO, 1);
    keep_the_right(RLIMIT_NICE, 20); /* 20 - nice: nice 0 */
  }
  if (fm.cfg.fault_priority == FM_FAULT_PRIORITY_RT) {
    atomic_store(&prio.raised, true);
    return 0;
  }
  if (fm.cfg.fault_priority == FM_FAULT_PRIORITY_NORMAL || fm.cfg.trace)
    return 0; /* a profile is taken as before */
  int fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
  if (fd < 0 || machine_busy_ns(fd) < 0) {
    if (fd >= 0)
      close(fd);
    fm_log("cannot read the machine's CPU use (/proc/stat): fault-serving threads keep "
           "their class under load (--fault-priority rt raises them)");
    return 0;
  }
  return fm_thread_start_arg(watch_main, (void *)(intptr_t)fd, "farhint-load", true);
}
