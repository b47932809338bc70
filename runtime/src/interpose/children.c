/* children.c -- programs this one starts run natively unless asked. libfarmem
 * comes in through LD_PRELOAD, which children inherit: a profiled program's
 * child would write its trace over the parent's, and a user who starts a
 * shell pipeline from a program rarely means its every stage to run on far
 * memory. So once the runtime is up, its entry leaves LD_PRELOAD -- edited
 * in place, since nothing may allocate this early -- and other preloaded
 * libraries stay. With --follow-children (FARHINT_FOLLOW_CHILDREN) every
 * program exec'd below this one loads its own runtime with the same
 * settings: its own budget of --local, and its own memory server (or a
 * connection of its own to the shared one); only the statistics file is
 * left to this process, which would otherwise be overwritten by each child's
 * at its exit (children report with --stats), unless its name has "%p" in
 * it (config.c: one per process, as traces are), and children run on
 * kernel threads (a shell on user-level threads could not fork).
 * Design: docs/design/process.md. */
#include "interpose/children.h"
#include "base/interpose.h"
#include "base/log.h"
#include "base/state.h"

#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

extern char **environ;

static uint64_t children_cpu_at_start;
static pid_t own_pid; /* this process's: a vfork child shares its memory */
static uint64_t children_cpu_ns(long *max_rss_kib);

static bool is_farmem(const char *entry, size_t len) {
  static const char name[] = "libfarmem.so";
  size_t n = sizeof name - 1;
  return len >= n && memcmp(entry + len - n, name, n) == 0 &&
         (len == n || entry[len - n - 1] == '/');
}

static void run_natively(void) {
  for (char **e = environ; e && *e; e++) {
    if (strncmp(*e, "LD_PRELOAD=", 11) != 0)
      continue;
    char *out = *e + 11, *in = out;
    while (*in) { /* entries are separated by colons or spaces */
      size_t len = strcspn(in, ": ");
      if (len && !is_farmem(in, len)) {
        if (out != *e + 11)
          *out++ = ':';
        memmove(out, in, len);
        out += len;
      }
      in += len;
      in += strspn(in, ": ");
    }
    *out = '\0';
    if (out == *e + 11)
      unsetenv("LD_PRELOAD");
    return;
  }
}

void fm_children_prepare(void) {
  long rss;
  children_cpu_at_start = children_cpu_ns(&rss);
  own_pid = getpid();
  if (!fm.cfg.follow_children) {
    run_natively();
    return;
  }
  const char *stats = getenv("FARHINT_STATS_FILE");
  if (stats && !strstr(stats, "%p")) /* one per process, or the first program's */
    unsetenv("FARHINT_STATS_FILE");
  /* Kernel threads: a shell on user-level threads could not fork. */
  unsetenv("FARHINT_ULT");
  unsetenv("FARHINT_HINT_MODE");
  unsetenv("FARHINT_CORES");
}

/* ---- saying so: what runs natively is easy to miss ---- */

static _Atomic unsigned started; /* children started by fork or posix_spawn */

/* CPU time of the children reaped so far: those started any other way
 * (vfork, as shells run commands; system()) show up here. */
static uint64_t children_cpu_ns(long *max_rss_kib) {
  struct rusage r;
  if (getrusage(RUSAGE_CHILDREN, &r) < 0)
    return 0;
  *max_rss_kib = r.ru_maxrss;
  return (uint64_t)(r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1000000000ULL +
         (uint64_t)(r.ru_utime.tv_usec + r.ru_stime.tv_usec) * 1000ULL;
}

void fm_children_started(void) {
  if (fm.active && !fm.cfg.follow_children)
    atomic_fetch_add(&started, 1);
}

void fm_children_report(void) {
  long rss;
  uint64_t cpu = children_cpu_ns(&rss) - children_cpu_at_start;
  unsigned n = atomic_load(&started);
  if (fm.cfg.follow_children || (!n && cpu < 1000000))
    return;
  fm_log("children of %s ran without far memory (%.2f s of CPU, the largest %ld MiB "
         "resident): point farhint run at the program itself, or add --follow-children",
         program_invocation_short_name, cpu / 1e9, rss >> 10);
}

static void (*report_before_exec)(void);

void fm_children_on_exec(void (*report)(void)) { report_before_exec = report; }

/* The program replaces itself: the statistics so far are its, and what it
 * becomes runs natively. */
static void before_exec(const char *path) {
  if (!fm.active || fm.cfg.follow_children)
    return;
  if (getpid() != own_pid) { /* a vfork child, in its parent's memory: counted there */
    atomic_fetch_add(&started, 1);
    return;
  }
  fm_log("%s execs %s, which runs without far memory from here (the statistics below are "
         "%s's): point farhint run at %s itself, or add --follow-children",
         program_invocation_short_name, path, program_invocation_short_name, path);
  if (report_before_exec)
    report_before_exec();
}

int execve(const char *path, char *const argv[], char *const envp[]) {
  before_exec(path);
  return REAL(execve)(path, argv, envp);
}

int execv(const char *path, char *const argv[]) {
  before_exec(path);
  return REAL(execv)(path, argv);
}

int execvp(const char *file, char *const argv[]) {
  before_exec(file);
  return REAL(execvp)(file, argv);
}

int execvpe(const char *file, char *const argv[], char *const envp[]) {
  before_exec(file);
  return REAL(execvpe)(file, argv, envp);
}

int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
                const posix_spawnattr_t *attr, char *const argv[], char *const envp[]) {
  int err = REAL(posix_spawn)(pid, path, fa, attr, argv, envp);
  if (!err)
    fm_children_started();
  return err;
}

int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
                 const posix_spawnattr_t *attr, char *const argv[], char *const envp[]) {
  int err = REAL(posix_spawnp)(pid, file, fa, attr, argv, envp);
  if (!err)
    fm_children_started();
  return err;
}
