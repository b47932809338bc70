/* control.c -- the control thread: it serves unhinted faults from the
 * userfaultfd, with read-ahead for runs in address order, and notices a
 * dead memory server.
 * Design: docs/design/fault-serving.md. */
#include "fault/control.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/spin_budget.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"
#include "core/live.h"
#include "core/meta.h"
#include "core/uffd.h"
#include "backend/backend.h"
#include "fault/colocate.h"
#include "fault/pagein.h"
#include "fault/prefetch.h"
#include "fault/readahead.h"
#include "fault/priority.h"
#include "fault/trace.h"

#include <errno.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

/* Beside a lone faulting thread (colocate.c) the control thread runs at
 * SCHED_IDLE, so the copy's wake-up lets the thread take the core at once,
 * before the page is unlocked and tracked: that is finished when the thread
 * next sleeps, most often in its next fault, which saves a wake-up call
 * per fault. Meanwhile page-lock waiters do not spin on that page (meta.c)
 * and hints do not wait for it (pagein.c): a waiter spinning there would
 * keep its owner from running (hints on pages library code has just
 * faulted in would do so at every fault). Faults in address order still
 * wake the thread last: a thread walking memory soon hands what it walked
 * back to the runtime (frees a buffer it has read back), and would wait in
 * free() for the page the control thread still held; read-ahead serves
 * most of such runs anyway. Nor can a fault whose copy wakes the thread be
 * timed, as the copy returns only when the thread sleeps again: one in
 * TIMED_EVERY wakes it last and is timed (stats.c estimates the rest from
 * these), chosen at random, since faults that evict come every few faults
 * and a fixed stride timed none of them. Write-protect faults always wake
 * it last. */
#define TIMED_EVERY 32

static bool time_this_one(void) {
  static __thread uint64_t x = 0x9e3779b97f4a7c15; /* xorshift64 */
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x % TIMED_EVERY == 0;
}

static void serve_fault_here(const struct uffd_msg *msg, bool mine) {
  bool colocated = fm_colocate_fault((pid_t)msg->arg.pagefault.feat.ptid);
  bool beside = colocated || fm_colocate_each();
  /* In trace mode the faults the sampling skips are served as in a run,
   * read-ahead and all: a profile of millions of faults then costs about
   * a run at its budget plus the recorded faults, instead of a round trip
   * per page for every fault (docs/design/profiling.md, "A sampled profile
   * weighs each record"). The
   * recorded bursts are served one page each, so the runs they show are
   * the program's, not the read-ahead's. */
  if (fm_trace_on() && fm_trace_unhinted(msg))
    return;
  fm_hints_missed();
  uintptr_t page = fm_page_of((uintptr_t)msg->arg.pagefault.address);
  uint64_t flags = msg->arg.pagefault.flags;
  /* A window of pages is mapped with the wake last: woken by the copy, the
   * thread would run while this thread, maybe at SCHED_IDLE beside it,
   * still holds the window's page locks. */
  if (!(flags & UFFD_PAGEFAULT_FLAG_WP)) {
    fm_uffd_defer_wakes(true);
    bool mapped =
        fm_trace_recording() ? fm_page_in_local_window(page) : fm_page_in_fresh_window(page);
    fm_uffd_defer_wakes(false);
    if (mapped) {
      if (!fm_trace_on())
        fm_stats_count(FM_C_FAULT_UNHINTED, 1);
      fm_uffd_wake(fm.uffd, page, FM_PAGE);
      return;
    }
  }
  if (flags & UFFD_PAGEFAULT_FLAG_WP) {
    fm_stats_count(FM_C_FAULT_WP, 1);
    fm_uffd_defer_wakes(beside);
    fm_page_make_writable(page, true);
    fm_uffd_defer_wakes(false);
    if (beside)
      fm_uffd_wake(fm.uffd, page, FM_PAGE);
    return;
  }
  bool write = flags & UFFD_PAGEFAULT_FLAG_WRITE;
  uint32_t tid = msg->arg.pagefault.feat.ptid;
  /* On its way: the copy that lands it wakes the faulting thread, so this
   * thread serves the next fault instead of waiting for the transfer. */
  uint64_t now = atomic_load_explicit(fm_meta(page), memory_order_acquire);
  bool wake = false;
  if ((now & FARHINT_META_LOCKED) && (now & FARHINT_META_IN_FLIGHT)) {
    fm_stats_count(FM_C_FAULT_IN_FLIGHT, 1);
  } else {
    bool in_order = fm_readahead_in_order(tid, page);
    bool sample = colocated && !in_order && time_this_one();
    bool wake_in_copy = colocated && !in_order && !sample;
    bool wake_last = beside && !wake_in_copy;
    fm_uffd_defer_wakes(wake_last);
    fm_stats_fault_timing(wake_in_copy ? FM_UNTIMED : sample ? FM_TIMED_SAMPLE : FM_TIMED);
    if (wake_in_copy)
      fm_page_hold_no_spin(page);
    int r = fm_page_in(page, write, 0, FM_PATH_UNHINTED);
    fm_page_hold_no_spin(0);
    fm_stats_fault_timing(FM_TIMED);
    fm_uffd_defer_wakes(false);
    if (r == FM_MAPPED && (colocated || mine))
      fm_stats_count(FM_C_FAULT_COLOCATED, 1);
    /* If another path mapped it first, fm_page_in has made it writable
     * when asked; the faulting thread still waits in the kernel. */
    wake = r != FM_MAPPED || wake_last;
  }
  /* Before the wake: woken, a thread beside this one runs until it sleeps
   * again, and read-ahead asked for after that comes a fault late. */
  fm_prefetch_after_miss(tid, page, write, 0);
  if (wake)
    fm_uffd_wake(fm.uffd, page, FM_PAGE);
}

/* With a server beside every core, the fault of a thread on another core
 * is served at normal priority (colocate.c); every fault wakes its thread
 * last, as a server preempted by the woken thread then holds nothing. */
static void serve_fault(const struct uffd_msg *msg) {
  bool each = fm_colocate_each();
  bool mine = each && fm_colocate_mine((pid_t)msg->arg.pagefault.feat.ptid);
  if (each && !mine)
    fm_colocate_priority(true);
  serve_fault_here(msg, mine);
  if (each && !mine && fm_colocate_each()) /* else the control thread has just left */
    fm_colocate_priority(false);
}

/* Serves what the userfaultfd holds now; false when it held nothing. */
static bool serve_pending(void) {
  struct uffd_msg msgs[32];
  fm_stats_count(FM_C_UFFD_READ_SYSCALLS, 1);
  ssize_t got = fm_libc.read(fm.uffd, msgs, sizeof msgs);
  if (got < 0) {
    if (errno == EAGAIN || errno == EINTR)
      return false;
    fm_log_die("control thread: reading the userfaultfd failed: %s", strerror(errno));
  }
  for (size_t i = 0; i < (size_t)got / sizeof msgs[0]; i++)
    if (msgs[i].event == UFFD_EVENT_PAGEFAULT)
      serve_fault(&msgs[i]);
  return got > 0;
}

/* After serving a fault the thread polls the (non-blocking) userfaultfd
 * for SPIN_NS before sleeping in poll(): faults come in bursts, and waking
 * a sleeping thread costs tens of microseconds (Eden gives the control
 * thread a core of its own for the same reason). Only when faults have come
 * closer together than that lately (struct fm_spin): where read-ahead
 * serves most pages, faults are far apart and the spins were wasted. Not
 * with user-level threads: their workers occupy the cores, and the spin
 * would take CPU from them (docs/design/fault-serving.md, "The control thread
 * spins briefly"), nor beside a lone faulting thread (colocate.c). */
#define SPIN_NS 50000
/* While spinning, the userfaultfd is read this often: a fault waits half of
 * it on average, and the empty reads (each a system call) stay a fraction of
 * the system calls per page moved. */
#define SPIN_READ_EVERY_NS 2000
#define POLL_EVERY 64

/* Set when user-level-thread workers occupy the cores (ult/fetch.c): the
 * control thread does not spin, and it finishes their fetches in flight
 * (poll) while any is out (pending) when every worker is busy running
 * threads (fault stealing). */
static struct {
  void (*_Atomic poll)(void);
  bool (*_Atomic pending)(void);
} workers;

void fm_control_serve_workers(void (*poll)(void), bool (*pending)(void)) {
  atomic_store(&workers.pending, pending);
  atomic_store(&workers.poll, poll);
}

static void poll_workers(void) {
  void (*poll)(void) = atomic_load_explicit(&workers.poll, memory_order_acquire);
  if (poll)
    poll();
}

static bool workers_pending(void) {
  bool (*pending)(void) = atomic_load_explicit(&workers.pending, memory_order_acquire);
  return pending && pending();
}

/* The machine's verdict changed (priority.c): the class it gives, and
 * colocation paused while others keep the CPUs busy, resumed when they
 * stop. A server's own class beside its core is SCHED_IDLE again. */
static void follow_the_machine(int server_cpu) {
  bool shared = fm_priority_shared();
  if (server_cpu < 0 && shared)
    fm_colocate_pause(); /* the servers park; this thread serves, unpinned */
  fm_priority_confirm();
  if (server_cpu < 0 && !shared)
    fm_colocate_resume();
  else if (server_cpu >= 0 && !shared && fm_colocate_each())
    fm_colocate_server(server_cpu);
}

/* The control thread (arg NULL), or a server for core arg - 1, which
 * waits until servers beside every core are wanted (colocate.c). */
static void *control_main(void *arg) {
  int server_cpu = (int)(intptr_t)arg - 1; /* -1: the control thread */
  fm_priority_serving();
  /* Changes of the verdict followed: none yet (the one it starts with, quiet,
   * gave this thread its class as it registered). */
  unsigned moves = 0;
  if (server_cpu >= 0)
    fm_colocate_server(server_cpu);
  struct pollfd p[2] = {
      {.fd = fm.uffd, .events = POLLIN},
      {.fd = fm_backend_fd(), .events = POLLRDHUP},
  };
  struct fm_spin spin = {.max_ns = SPIN_NS};
  unsigned unpolled = 0;
  for (;;) {
    /* Beside the faulting threads this thread runs only while the one on
     * its core sleeps, most often in its next fault: read it without a
     * poll first. Every POLL_EVERY reads the poll comes anyway, to see the
     * memory server's socket. */
    if (server_cpu >= 0 && !fm_colocate_each())
      fm_colocate_server(server_cpu); /* parked: the control thread serves */
    if (fm_colocated() && unpolled < POLL_EVERY && serve_pending()) {
      unpolled++;
      continue;
    }
    unpolled = 0;
    poll_workers();
    fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
    if (fm_libc.poll(p, server_cpu >= 0 ? 1 : 2, workers_pending() ? 1 : -1) < 0) {
      if (errno == EINTR)
        continue;
      fm_log_die("control thread: poll failed: %s", strerror(errno));
    }
    if (p[1].revents & (POLLHUP | POLLRDHUP | POLLERR))
      fm_backend_lost();
    if (moves != fm_priority_moves()) {
      moves = fm_priority_moves();
      follow_the_machine(server_cpu);
    }
    if (!(p[0].revents & POLLIN) || (server_cpu >= 0 && !fm_colocate_each()))
      continue;
    uint64_t now = fm_stats_now_ns();
    fm_spin_work_came(&spin, now); /* slept through the gap */
    spin.last_ns = now;
    serve_pending();
    /* Beside the faulting thread, a spin would only keep it off its core. */
    bool no_spin = atomic_load_explicit(&workers.poll, memory_order_relaxed) || fm_colocated();
    uint64_t budget = no_spin || fm_priority_raised() ? 0 : fm_spin_budget(&spin);
    while ((now = fm_stats_now_ns()) - spin.last_ns < budget) {
      if (serve_pending()) {
        fm_spin_work_came(&spin, now);
        spin.last_ns = fm_stats_now_ns();
      } else { /* an empty read is a system call: look again in a while */
        uint64_t next = now + SPIN_READ_EVERY_NS;
        while (fm_stats_now_ns() < next)
          __builtin_ia32_pause();
        fm_stats_time_add(FM_T_SPIN, now);
      }
      poll_workers();
    }
  }
  return NULL;
}

int fm_control_start(void) {
  if (fm_thread_start(control_main, "farhint-control") < 0)
    return -1;
  int cpus[64];
  unsigned n = fm_colocate_server_cpus(cpus, sizeof cpus / sizeof cpus[0]);
  for (unsigned i = 0; i < n; i++)
    if (fm_thread_start_arg(control_main, (void *)(intptr_t)(cpus[i] + 1), "farhint-server", true) <
        0)
      return -1;
  return 0;
}
