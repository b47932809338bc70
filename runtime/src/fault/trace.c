/* trace.c -- trace mode (`farhint profile`): every fault is recorded with
 * its instruction pointer and stack, then served.
 *
 * userfaultfd tells only the address and thread of a fault, so for a fault
 * in user mode the control thread signals the faulting thread: the signal
 * ends its wait in the kernel, and its handler -- running in that thread,
 * on the faulting context -- unwinds the stack with libunwind, records it,
 * maps the page and returns, so the instruction runs again and succeeds. A
 * fault inside a system call (a signal would interrupt the call) or in a
 * thread that blocks the signal is served by the control thread and
 * recorded with the user pc that /proc reports. Hinted faults are recorded
 * in the slow path. Allocations of 64 KiB and more are recorded through
 * jemalloc's allocation hooks, so faults can be tied to their allocation.
 * Design: docs/design/profiling.md. */
#include "fault/trace.h"
#include "base/config.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/proc_task.h"
#include "base/spinlock.h"
#include "base/stack_scan.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/meta.h"
#include "core/uffd.h"
#include "fault/pagein.h"
#include "fault/trace_windows.h"
#include "memory/trace_budget.h"

#include <farhint/trace.h>

#include <errno.h>
#include <fcntl.h>
#include <jemalloc/jemalloc.h>
#include <linux/futex.h>
#include <linux/userfaultfd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define UNW_LOCAL_ONLY
#include <libunwind.h>

#define MAX_FRAMES 48
#define SLOTS 4096
#define ALLOC_MIN (64u << 10)
#define SIGNAL_WAIT_NS 2000000 /* a thread blocking the signal: serve it after 2 ms */

enum slot_state { SLOT_FREE, SLOT_REQUESTED, SLOT_TAKEN, SLOT_ABANDONED };

/* A fault handed to the faulting thread's signal handler. */
struct slot {
  _Atomic int state;
  pid_t tid;
  uintptr_t addr;
  uint64_t flags;
  uint64_t time_ns;
  uint32_t weight;
};

static struct {
  int fd;
  int signo;
  struct slot slots[SLOTS];
  _Atomic uint64_t records;      /* fault records (allocations are recorded too) */
  _Atomic uint64_t seen;         /* faults seen, recorded or not */
  _Atomic uint64_t seen_all;     /* the same, each counted as the pages sampled when seen */
  _Atomic unsigned rate_written; /* the spatial sampling rate the trace gave last */
  uint64_t record_from_ns;       /* the end of the warm-up (farhint profile --warmup) */
  _Atomic int start_signals;     /* FARHINT_TRACE_START_SIGNAL's arrivals: 1 records */
} tracer = {.fd = -1};

/* A warm-up's faults, those before the start signal or after the one that
 * stops recording, and those between windows (trace_windows.c) are neither
 * recorded nor counted. */
static bool warming_up(void) {
  if (!fm_trace_budget_recording())
    return true;
  if (fm.cfg.trace_start_signal &&
      atomic_load_explicit(&tracer.start_signals, memory_order_relaxed) != 1)
    return true;
  return tracer.record_from_ns && fm_stats_now_ns() < tracer.record_from_ns;
}

static void on_start_signal(int signo) {
  (void)signo;
  atomic_fetch_add(&tracer.start_signals, 1);
}

/* Whether to record the next fault (see farhint/trace.h on sampling): 0
 * not to, else how many faults its record stands for (the record's weight,
 * so the profile estimates every site's faults, not only the sampled ones). */
static uint32_t sample_next(void) {
  if (warming_up())
    return 0;
  uint64_t n = atomic_fetch_add_explicit(&tracer.seen, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&tracer.seen_all, fm_trace_rate(), memory_order_relaxed);
  uint64_t full = fm.cfg.trace_full;
  if (n < full)
    return 1;
  uint64_t level = 1 + (atomic_load(&tracer.records) - full) / (full ? full : 1);
  uint64_t every = 1ULL << (2 * (level < 10 ? level : 10)); /* 4^level bursts */
  return (n / FARHINT_TRACE_BURST) % every == 0 ? (uint32_t)every : 0;
}

static pid_t fm_gettid(void) { return (pid_t)syscall(SYS_gettid); }

static void write_or_die(const void *data, size_t len) {
  /* One write per record: appends from many threads do not interleave. */
  if (fm_libc.write(tracer.fd, data, len) != (ssize_t)len)
    fm_log_die("cannot write the trace (FARHINT_TRACE_FILE): %s", strerror(errno));
}

/* The spatial sampling rate, before the first fault record and before the
 * first after each rise (a fault record is weighed by the rate the last
 * one gave). */
static void note_rate(void) {
  unsigned rate = fm_trace_rate(), written = atomic_load(&tracer.rate_written);
  if (rate == written || !atomic_compare_exchange_strong(&tracer.rate_written, &written, rate))
    return;
  struct farhint_trace_rec r = {
      .kind = FARHINT_TRACE_SAMPLING, .time_ns = fm_stats_now_ns(), .addr = rate, .size = FM_PAGE};
  write_or_die(&r, sizeof r);
}

static void write_record(uint32_t kind, pid_t tid, uint64_t time, uintptr_t addr, uint64_t size,
                         uint16_t flags, uint32_t weight, const uint64_t *frames,
                         unsigned nframes) {
  if (kind == FARHINT_TRACE_FAULT)
    note_rate();
  struct {
    struct farhint_trace_rec h;
    uint64_t frames[MAX_FRAMES];
  } r = {.h = {kind, (uint32_t)tid, time, addr, size, flags, (uint16_t)nframes, weight}};
  if (nframes)
    memcpy(r.frames, frames, nframes * sizeof *frames);
  write_or_die(&r, sizeof r.h + nframes * sizeof *frames);
  if (kind == FARHINT_TRACE_FAULT) /* "N of M faults recorded" counts faults only */
    atomic_fetch_add_explicit(&tracer.records, 1, memory_order_relaxed);
}

static unsigned unwind(unw_context_t *ctx, int init_flags, unsigned skip, uint64_t *frames) {
  unw_cursor_t c;
  if (unw_init_local2(&c, ctx, init_flags) < 0)
    return 0;
  unsigned n = 0;
  do {
    unw_word_t ip;
    if (unw_get_reg(&c, UNW_REG_IP, &ip) < 0 || ip == 0)
      break;
    if (skip)
      skip--;
    else
      frames[n++] = ip;
  } while (n < MAX_FRAMES && unw_step(&c) > 0);
  return n;
}

static void serve(uintptr_t addr, uint64_t flags) {
  uintptr_t page = fm_page_of(addr);
  if (flags & FARHINT_TRACE_WP)
    fm_page_make_writable(page, false);
  else
    fm_page_in(page, flags & FARHINT_TRACE_WRITE, 0, FM_PATH_UNHINTED);
}

/* Serves a fault whose thread still waits in the kernel (served by the
 * control thread, not by its own signal handler). Un-protecting wakes it. */
static void serve_waiting(uintptr_t addr, uint64_t flags) {
  serve(addr, flags);
  if (!(flags & FARHINT_TRACE_WP))
    fm_uffd_wake(fm.uffd, fm_page_of(addr), FM_PAGE);
}

static void on_trace_signal(int signo, siginfo_t *si, void *uc) {
  (void)signo;
  (void)si;
  int saved_errno = errno;
  pid_t tid = fm_gettid();
  struct slot *s = &tracer.slots[tid % SLOTS];
  int want = SLOT_REQUESTED;
  /* A thread holding a runtime lock is not at the fault: another thread
   * served it (a fetch's copy wakes every thread waiting on the page) and
   * this one ran on into the runtime before the signal came. Serving here
   * would wait for a lock this thread holds; the control thread serves the
   * request when its wait for the handler ends. */
  bool in_runtime = fm_page_locks_held() || fm_spinlocks_held();
  if (!in_runtime && s->tid == tid &&
      atomic_compare_exchange_strong(&s->state, &want, SLOT_TAKEN)) {
    syscall(SYS_futex, &s->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0); /* the control thread */
    uint64_t frames[MAX_FRAMES];
    unsigned n = unwind((unw_context_t *)uc, UNW_INIT_SIGNAL_FRAME, 0, frames);
    write_record(FARHINT_TRACE_FAULT, tid, s->time_ns, s->addr, 0, (uint16_t)s->flags, s->weight,
                 frames, n);
    serve(s->addr, s->flags);
    atomic_store(&s->state, SLOT_FREE);
  }
  errno = saved_errno;
}

/* The faulting thread's user pc and sp, and whether it is inside a system
 * call, from /proc/self/task/TID/syscall ("-1 sp pc" when not in one). */
static bool thread_pc(pid_t tid, uint64_t *pc, uint64_t *sp, bool *in_syscall) {
  char buf[256];
  if (fm_proc_task_read(tid, "syscall", buf, sizeof buf) < 0)
    return false;
  *in_syscall = buf[0] != '-';
  char *last = strrchr(buf, ' ');
  if (!last)
    return false;
  *pc = strtoull(last + 1, NULL, 16);
  *last = 0;
  char *before = strrchr(buf, ' ');
  *sp = before ? strtoull(before + 1, NULL, 16) : 0;
  return true;
}

bool fm_trace_on(void) { return tracer.fd >= 0; }

bool fm_trace_recording(void) { return fm_trace_on() && fm_trace_budget_recording(); }

void fm_trace_count_ahead(uintptr_t first, unsigned pages) {
  if (warming_up())
    return;
  unsigned far = 0;
  for (unsigned i = 0; i < pages; i++)
    far += fm_page_sampled(first + (uintptr_t)i * FM_PAGE);
  atomic_fetch_add_explicit(&tracer.seen, far, memory_order_relaxed);
  atomic_fetch_add_explicit(&tracer.seen_all, (uint64_t)far * fm_trace_rate(),
                            memory_order_relaxed);
}

bool fm_trace_unhinted(const struct uffd_msg *msg) {
  uintptr_t addr = (uintptr_t)msg->arg.pagefault.address;
  if (!fm_page_sampled(fm_page_of(addr)))
    return false;
  uint32_t weight = sample_next();
  if (!weight)
    return false;
  pid_t tid = (pid_t)msg->arg.pagefault.feat.ptid;
  uint64_t fl = msg->arg.pagefault.flags;
  uint64_t flags = (fl & UFFD_PAGEFAULT_FLAG_WP)      ? FARHINT_TRACE_WP
                   : (fl & UFFD_PAGEFAULT_FLAG_WRITE) ? FARHINT_TRACE_WRITE
                                                      : 0;
  uint64_t now = fm_stats_now_ns(), frames[MAX_FRAMES] = {0}, sp = 0;
  unsigned nframes = 0;
  bool in_syscall = false;
  if (!thread_pc(tid, &frames[0], &sp, &in_syscall))
    in_syscall = true; /* cannot tell: do not risk interrupting a call */
  struct slot *s = &tracer.slots[tid % SLOTS];
  int free_state = SLOT_FREE;
  if (!in_syscall && atomic_compare_exchange_strong(&s->state, &free_state, SLOT_ABANDONED)) {
    s->tid = tid;
    s->addr = addr;
    s->flags = flags;
    s->time_ns = now;
    s->weight = weight;
    atomic_store(&s->state, SLOT_REQUESTED);
    syscall(SYS_tgkill, getpid(), tid, tracer.signo);
    for (uint64_t waited; atomic_load(&s->state) == SLOT_REQUESTED &&
                          (waited = fm_stats_now_ns() - now) < SIGNAL_WAIT_NS;) {
      struct timespec left = fm_ns_timespec(SIGNAL_WAIT_NS - waited);
      syscall(SYS_futex, &s->state, FUTEX_WAIT_PRIVATE, SLOT_REQUESTED, &left, NULL, 0);
    }
    int requested = SLOT_REQUESTED;
    if (!atomic_compare_exchange_strong(&s->state, &requested, SLOT_ABANDONED))
      return true; /* the thread's handler took it */
    flags |= FARHINT_TRACE_NOSTACK;
    atomic_store(&s->state, SLOT_FREE); /* a late signal finds nothing to do */
  } else {
    flags |= in_syscall ? FARHINT_TRACE_KERNEL : FARHINT_TRACE_NOSTACK;
  }
  if (frames[0])
    nframes = 1 + (in_syscall && sp ? fm_stack_scan(sp, frames + 1, MAX_FRAMES - 1) : 0);
  write_record(FARHINT_TRACE_FAULT, tid, now, addr, 0, (uint16_t)flags, weight, frames, nframes);
  serve_waiting(addr, flags);
  return true;
}

__attribute__((noinline)) void fm_trace_hinted(uintptr_t addr, bool write) {
  if (!fm_page_sampled(fm_page_of(addr)))
    return;
  uint32_t weight = sample_next();
  if (!weight)
    return;
  unw_context_t ctx;
  uint64_t frames[MAX_FRAMES];
  unw_getcontext(&ctx);
  /* Skip this function and the slow path's entry point (hint_slow.c):
   * frame 0 is the hint site. */
  unsigned n = unwind(&ctx, 0, 2, frames);
  write_record(FARHINT_TRACE_FAULT, fm_gettid(), fm_stats_now_ns(), addr, 0,
               FARHINT_TRACE_HINTED | (write ? FARHINT_TRACE_WRITE : 0), weight, frames, n);
}

void fm_trace_window_ends(bool recorded) {
  struct farhint_trace_rec r = {
      .kind = FARHINT_TRACE_WINDOW, .time_ns = fm_stats_now_ns(), .flags = recorded};
  write_or_die(&r, sizeof r);
}

/* jemalloc's experimental hooks (include/jemalloc/internal/hook.h in 5.3):
 * four pointers; only the alloc and dalloc hooks are used. */
struct je_hooks {
  void (*alloc)(void *extra, int type, void *result, uintptr_t raw, uintptr_t args[3]);
  void (*dalloc)(void *extra, int type, void *address, uintptr_t args[3]);
  void (*expand)(void *extra, int type, void *address, size_t old_usize, size_t new_usize,
                 uintptr_t raw, uintptr_t args[4]);
  void *extra;
};

static void on_alloc(void *extra, int type, void *result, uintptr_t raw, uintptr_t args[3]) {
  (void)extra, (void)type, (void)raw, (void)args;
  if (!result)
    return;
  size_t size = malloc_usable_size(result);
  if (size >= ALLOC_MIN)
    write_record(FARHINT_TRACE_ALLOC, fm_gettid(), fm_stats_now_ns(), (uintptr_t)result, size, 0, 0,
                 NULL, 0);
}

static void on_dalloc(void *extra, int type, void *address, uintptr_t args[3]) {
  (void)extra, (void)type, (void)args;
  if (address && malloc_usable_size(address) >= ALLOC_MIN)
    write_record(FARHINT_TRACE_FREE, fm_gettid(), fm_stats_now_ns(), (uintptr_t)address, 0, 0, 0,
                 NULL, 0);
}

static void install_alloc_hooks(void) {
  const char *version = NULL;
  size_t len = sizeof version;
  if (mallctl("version", &version, &len, NULL, 0) || strncmp(version, "5.3.", 4)) {
    fm_log("trace: jemalloc %s has no known allocation hooks; allocation sizes "
           "are not recorded",
           version ? version : "?");
    return;
  }
  static struct je_hooks hooks = {on_alloc, on_dalloc, NULL, NULL};
  void *handle = NULL;
  len = sizeof handle;
  if (mallctl("experimental.hooks.install", &handle, &len, &hooks, sizeof hooks))
    fm_log("trace: cannot install jemalloc's allocation hooks; allocation "
           "sizes are not recorded");
}

int fm_trace_init(void) {
  if (!*fm.cfg.trace_file) {
    fm_log("FARHINT_MODE=trace needs FARHINT_TRACE_FILE (where to write the trace)");
    return -1;
  }
  tracer.fd = open(fm.cfg.trace_file, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (tracer.fd < 0) {
    fm_log("cannot create FARHINT_TRACE_FILE=%s: %s", fm.cfg.trace_file, strerror(errno));
    return -1;
  }
  if (fm_libc.write(tracer.fd, FARHINT_TRACE_MAGIC, 8) != 8)
    return -1;
  atomic_store(&tracer.rate_written, 1); /* a trace without SAMPLING is of every page */
  note_rate();
  if (fm.cfg.trace_warmup_ns)
    tracer.record_from_ns = fm_stats_now_ns() + fm.cfg.trace_warmup_ns;
  tracer.signo = FM_TRACE_SIGNAL;
  struct sigaction sa = {.sa_sigaction = on_trace_signal, .sa_flags = SA_SIGINFO | SA_RESTART};
  sigemptyset(&sa.sa_mask);
  if (sigaction(tracer.signo, &sa, NULL) < 0)
    return -1;
  if (fm.cfg.trace_start_signal) {
    struct sigaction start = {.sa_handler = on_start_signal, .sa_flags = SA_RESTART};
    sigemptyset(&start.sa_mask);
    if (sigaction(fm.cfg.trace_start_signal, &start, NULL) < 0)
      return -1;
  }
  install_alloc_hooks();
  return 0;
}

void fm_trace_finish(void) {
  if (tracer.fd < 0)
    return;
  /* The maps, so addresses can be symbolized (PIE and libraries move). */
  static char buf[1 << 18];
  size_t len = 0;
  int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  ssize_t n;
  while (fd >= 0 && len < sizeof buf && (n = fm_libc.read(fd, buf + len, sizeof buf - len)) > 0)
    len += (size_t)n;
  if (fd >= 0)
    close(fd);
  char exe[4096];
  ssize_t exe_len = readlink("/proc/self/exe", exe, sizeof exe);
  if (exe_len < 0)
    exe_len = 0;
  fm_trace_windows_finish();
  uint64_t recorded = tracer.records;
  note_rate();
  if (fm_trace_budget_follows()) {
    struct farhint_trace_rec budget = {FARHINT_TRACE_BUDGET,
                                       0,
                                       fm_stats_now_ns(),
                                       fm_trace_budget_peak_pages() * FM_PAGE,
                                       fm_trace_budget_local_pages() * FM_PAGE,
                                       0,
                                       0,
                                       0};
    write_or_die(&budget, sizeof budget);
  }
  struct farhint_trace_rec info = {FARHINT_TRACE_INFO,
                                   0,
                                   fm_stats_now_ns(),
                                   tracer.seen_all / fm_trace_rate(),
                                   recorded,
                                   0,
                                   0,
                                   0};
  struct farhint_trace_rec x = {
      FARHINT_TRACE_EXE, 0, fm_stats_now_ns(), 0, (uint64_t)exe_len, 0, 0, 0};
  struct farhint_trace_rec h = {FARHINT_TRACE_MAPS, 0, fm_stats_now_ns(), 0, len, 0, 0, 0};
  if (fm_libc.write(tracer.fd, &info, sizeof info) != sizeof info ||
      fm_libc.write(tracer.fd, &x, sizeof x) != sizeof x ||
      fm_libc.write(tracer.fd, exe, (size_t)exe_len) != exe_len ||
      fm_libc.write(tracer.fd, &h, sizeof h) != sizeof h ||
      fm_libc.write(tracer.fd, buf, len) != (ssize_t)len)
    fm_log("cannot finish the trace: %s", strerror(errno));
  /* With spatial sampling the faults seen are those on the pages sampled
   * when each came, at rates that may have risen during the run: the
   * whole run's estimate counts each as the pages it stood for. */
  bool windows = fm_trace_windows_on();
  const char *in_windows = windows ? ", in its recording windows" : "";
  if (tracer.seen_all == tracer.seen)
    fm_log("trace: %lu of %lu faults recorded in %s%s", (unsigned long)recorded,
           (unsigned long)tracer.seen, fm.cfg.trace_file, in_windows);
  else
    fm_log("trace: %lu of %lu faults recorded in %s%s (the faults on the sampled pages, 1 page "
           "in %u at the end: about %lu faults in the whole %s)",
           (unsigned long)recorded, (unsigned long)tracer.seen, fm.cfg.trace_file, in_windows,
           fm_trace_rate(), (unsigned long)tracer.seen_all, windows ? "of those windows" : "run");
}
