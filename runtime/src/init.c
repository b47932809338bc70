/* init.c -- start-up and shut-down of libfarmem (loaded with LD_PRELOAD by
 * `farhint run`): read the configuration, reserve the far region and its
 * metadata table, connect the memory server, start the runtime threads and
 * only then point malloc at far memory.
 * Design: docs/design/process.md. */
#include "base/config.h"
#include "base/interpose.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/self.h"
#include "base/state.h"
#include "base/sys.h"
#include "core/live.h"
#include "core/meta.h"
#include "core/uffd.h"
#include "backend/backend.h"
#include "memory/evict.h"
#include "memory/frames.h"
#include "memory/pool.h"
#include "memory/reclaim.h"
#include "memory/splice.h"
#include "memory/write_log.h"
#include "fault/colocate.h"
#include "fault/control.h"
#include "fault/prefetch.h"
#include "fault/priority.h"
#include "fault/proactive.h"
#include "fault/trace.h"
#include "fault/trace_windows.h"
#include "interpose/alloc.h"
#include "interpose/children.h"
#include "interpose/fork.h"
#include "report.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void *map_fixed(uintptr_t addr, size_t len, const char *what) {
  void *p = fm_libc.mmap((void *)addr, len, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED || p != (void *)addr)
    fm_log_die("cannot reserve the %s at %#lx (%zu bytes): %s", what, (unsigned long)addr, len,
               p == MAP_FAILED ? strerror(errno) : "address taken");
  return p;
}

static void finish_on_fatal_signals(void);
static void fm_fini(void);
static pid_t own_pid; /* a vfork child shares its memory and runtime state */

/* The configuration, or the program does not start. */
static void load_config(void) {
  if (fm_config_load(&fm.cfg) == 0) {
    /* On its own, proactive mode saves memory on this machine: the pool. */
    if (fm.cfg.proactive_rate > 0 && !getenv("FARHINT_BACKEND"))
      snprintf(fm.cfg.backend, sizeof fm.cfg.backend, "compress");
    /* ...and has no budget but the machine's memory, unless one is given. */
    if (fm.cfg.proactive_rate > 0 && !getenv("FARHINT_LOCAL"))
      fm.cfg.local_bytes = (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
    if (fm_backend_check() == 0)
      return;
  }
  fm_log("configuration error: not starting the program");
  fm_libc_exit(2);
}

/* The page-metadata table and the far region, registered with a new
 * userfaultfd (*can_move: it can move pages, UFFDIO_MOVE). */
static void map_far_region(bool *can_move) {
  char why[256];
  fm.uffd = fm_uffd_open(why, sizeof why, can_move);
  if (fm.uffd < 0)
    fm_log_die("%s", why);
  size_t table = (fm.cfg.far_bytes >> FARHINT_PAGE_SHIFT) * 8;
  table = (table + FM_PAGE - 1) & ~(FM_PAGE - 1);
  map_fixed(FARHINT_META_TABLE, table, "page-metadata table");
  fm.far_base = FARHINT_FAR_BASE;
  fm.far_end = FARHINT_FAR_BASE + fm.cfg.far_bytes;
  atomic_store(&fm.alloc_top, fm.far_base);
  void *far = map_fixed(fm.far_base, fm.cfg.far_bytes, "far-memory region");
  fm_madvise_sys(far, fm.cfg.far_bytes, MADV_NOHUGEPAGE); /* page-granular faults */
  if (fm_uffd_register(fm.uffd, far, fm.cfg.far_bytes, true) < 0)
    fm_log_die("cannot register the far region with userfaultfd: %s", strerror(errno));
}

/* Local memory's tables and the memory server. */
static void start_memory(bool can_move) {
  /* Trace mode's spatial sampling keeps 1 page in N far: under 1/N of
   * the budget, as the whole program would be under all of it (a rate that
   * rises divides it as it rises: memory/trace_budget.c). */
  bool fixed_rate = fm.cfg.trace && fm.cfg.trace_spatial_up_to <= 1;
  uint64_t frames = fm.cfg.local_bytes / FM_PAGE / (fixed_rate ? fm.cfg.trace_spatial : 1);
  frames -= fm_pool_init(can_move, frames);
  uint64_t write_log = fm.cfg.write_log_bytes ? fm.cfg.write_log_bytes : frames * FM_PAGE / 4;
  if (fm_frames_init(frames, fm.cfg.policy) < 0 || fm_evict_init() < 0 ||
      fm_write_log_init(write_log) < 0)
    fm_log_die("cannot allocate the runtime's tables: %s", strerror(errno));
  if (fm_backend_connect() < 0)
    fm_log_die("no memory server: cannot run with far memory");
  fm_splice_init();
}

__attribute__((constructor)) static void fm_init(void) {
  if (getenv("FARHINT_DISABLE"))
    return;
  fm_self_init();
  load_config();
  bool can_move = false;
  map_far_region(&can_move);
  start_memory(can_move);
  fm_colocate_init(); /* here, on the main thread */
  /* Threads first: their stacks and TLS must come from local memory. */
  if (fm_priority_start() < 0 || fm_control_start() < 0 || fm_reclaim_start() < 0 ||
      fm_prefetch_start() < 0 || fm_hints_watch_start() < 0 || fm_trace_windows_start() < 0 ||
      fm_proactive_start() < 0)
    fm_log_die("cannot start the runtime threads");
  own_pid = getpid();
  fm.active = true;
  if (fm_alloc_install() < 0)
    fm_log_die("cannot put the heap in far memory");
  if (fm.cfg.trace && fm_trace_init() < 0)
    fm_log_die("cannot start trace mode");
  finish_on_fatal_signals();
  fm_children_prepare();
  fm_children_on_exec(fm_report);
  fm_report_open_early(); /* before main() can drop root */
}

__attribute__((destructor)) static void fm_fini(void) {
  static _Atomic bool done;
  if (!fm.active || atomic_exchange(&done, true))
    return;
  fm_trace_finish();
  fm_report();
  fm_children_report();
}

/* A program that crashes, or is stopped (Ctrl-C, SIGTERM: how a server's
 * profile run ends), still leaves its trace and statistics: a profile of
 * the run up to there, and the peak it had reached. The handler finishes
 * once, then the signal ends the program as it would have; should
 * finishing hang (the signal came while a lock it needs was held), the
 * alarm ends it anyway. Only where the program has not installed its own
 * handler (it may later). */
#define FINISH_LIMIT_S 10
static const int stopping[] = {SIGTERM, SIGINT, SIGHUP};

static void set_disposition(int sig, void (*handler)(int)) {
  struct sigaction sa = {.sa_handler = handler};
  sigaction(sig, &sa, NULL);
}

static bool is_stopping(int sig) {
  for (size_t i = 0; i < sizeof stopping / sizeof stopping[0]; i++)
    if (stopping[i] == sig)
      return true;
  return false;
}

/* A second stopping signal while the first one's finish runs is ignored:
 * farhint profile passes on a Ctrl-C or kill that the program may also
 * have had from the terminal or its process group, and the second one
 * would end the program before its trace was complete. The handler stays
 * installed until then (no SA_RESETHAND, whose reset to the default let a
 * second signal in before the handler could ignore it), so the second may
 * run it on another thread, and returns there. A crash while finishing
 * ends the program. */
static void on_fatal(int sig) {
  static _Atomic bool finishing;
  if (atomic_exchange(&finishing, true)) {
    if (is_stopping(sig))
      return;
    set_disposition(sig, SIG_DFL);
    fm_libc.raise(sig);
    return;
  }
  for (size_t i = 0; i < sizeof stopping / sizeof stopping[0]; i++)
    set_disposition(stopping[i], SIG_IGN);
  alarm(FINISH_LIMIT_S);
  fm_fini();
  set_disposition(sig, SIG_DFL);
  fm_libc.raise(sig);
}

static void finish_on_fatal_signals(void) {
  static const int fatal[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTERM, SIGINT, SIGHUP};
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
    struct sigaction old, sa = {.sa_handler = on_fatal, .sa_flags = SA_NODEFER};
    if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
      sigaction(fatal[i], &sa, NULL);
  }
}

/* fork.c makes the child's memory its own; user-level threads cannot be
 * forked (the caller is one of many running on a worker's stack). */
pid_t fork(void) {
  if (!fm.active)
    return REAL(fork)();
  if (fm.cfg.ult) {
    fm_log("fork() is not supported with user-level threads (--ult); run "
           "without --ult, or use posix_spawn or vfork+exec");
    errno = ENOSYS;
    return -1;
  }
  pid_t pid = fm_fork(REAL(fork));
  if (pid > 0)
    fm_children_started();
  return pid;
}

/* A program that ends with _exit (a shell does, as do programs that must
 * not run their atexit handlers) runs no destructor: its statistics and
 * trace are written here instead. Not in a vfork child, which shares the
 * parent's memory, nor in a forked one (native: inactive). */
__attribute__((noreturn)) void _exit(int status) {
  if (fm.active && getpid() == own_pid)
    fm_fini();
  REAL(_exit)(status);
  __builtin_unreachable();
}

__attribute__((noreturn)) void _Exit(int status) { _exit(status); }
