/* fm_wait -- a program that reaps its own children, as shells, servers and
 * build tools do: whatever runs beside it, wait() must see exactly the
 * children it made.
 *
 *   fm_wait forks N    fork N children that write to pipes (after touching
 *                      far memory), read them, then wait() until ECHILD
 *   fm_wait spawns N   posix_spawn N children, count SIGCHLD, list
 *                      /proc/self/task/TID/children, reap with waitpid(-1)
 *   fm_wait none       wait() with no children: -1 ECHILD at once
 *   fm_wait hold S     touch far memory, print "holding", sleep S seconds
 * Prints "ok ..." or "FAIL: ..." (exit 1). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define DATA (32u << 20)

extern char **environ;

static int fail(const char *what) {
  printf("FAIL: %s\n", what);
  return 1;
}

/* Children of the calling thread's process: the pids in
 * /proc/self/task/TID/children of every task. */
static int children_listed(void) {
  char path[64], buf[4096];
  snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)gettid());
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  int n = 0;
  while (fscanf(f, "%4095s", buf) == 1)
    n++;
  fclose(f);
  return n;
}

static int reap_all(void) {
  int st, reaped = 0;
  while (wait(&st) > 0)
    reaped++;
  return errno == ECHILD ? reaped : -1;
}

static int forks(int n) {
  char *data = malloc(DATA);
  memset(data, 7, DATA);
  for (int i = 0; i < n; i++) {
    int fds[2];
    if (pipe(fds) < 0)
      return fail("pipe");
    pid_t pid = fork();
    if (pid < 0)
      return fail("fork");
    if (pid == 0) {
      long sum = 0;
      for (unsigned j = 0; j < DATA; j += 4096)
        sum += data[j];
      dprintf(fds[1], "%ld\n", sum);
      _exit(0);
    }
    close(fds[1]);
    char line[64] = {0};
    if (read(fds[0], line, sizeof line - 1) <= 0 || atol(line) != 7L * (DATA / 4096))
      return fail("a child read other data than its parent wrote");
    close(fds[0]);
  }
  int reaped = reap_all();
  if (reaped != n) {
    printf("FAIL: wait() reaped %d children, not the %d made\n", reaped, n);
    return 1;
  }
  printf("ok reaped %d\n", reaped);
  return 0;
}

static volatile sig_atomic_t sigchld;
static void on_child(int sig) {
  (void)sig;
  sigchld++;
}

static int spawns(int n) {
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGCHLD);
  signal(SIGCHLD, on_child);
  sigprocmask(SIG_BLOCK, &block, &old);
  for (int i = 0; i < n; i++) {
    pid_t pid;
    char *argv[] = {"sleep", "0.3", NULL};
    if (posix_spawnp(&pid, "sleep", NULL, NULL, argv, environ) != 0)
      return fail("posix_spawn");
  }
  int listed = children_listed();
  if (listed != n) {
    printf("FAIL: /proc lists %d children, not the %d made\n", listed, n);
    return 1;
  }
  int st, reaped = 0;
  while (waitpid(-1, &st, 0) > 0)
    reaped++;
  if (errno != ECHILD || reaped != n) {
    printf("FAIL: waitpid(-1) reaped %d children, not the %d made\n", reaped, n);
    return 1;
  }
  sigprocmask(SIG_SETMASK, &old, NULL); /* pending SIGCHLDs arrive: one at least */
  if (sigchld < 1)
    return fail("no SIGCHLD");
  printf("ok reaped %d, SIGCHLD seen\n", reaped);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return fail("usage: fm_wait forks N | spawns N | none | hold S");
  int n = argc > 2 ? atoi(argv[2]) : 0;
  if (!strcmp(argv[1], "forks"))
    return forks(n);
  if (!strcmp(argv[1], "spawns"))
    return spawns(n);
  if (!strcmp(argv[1], "hold")) {
    char *data = malloc(DATA);
    memset(data, 7, DATA);
    printf("holding\n");
    fflush(stdout);
    sleep((unsigned)n);
    return data[n % DATA] == 7 ? 0 : 1;
  }
  errno = 0;
  if (wait(NULL) != -1 || errno != ECHILD)
    return fail("wait() with no children did not return ECHILD");
  if (children_listed() != 0)
    return fail("/proc lists a child the program never made");
  printf("ok ECHILD\n");
  return 0;
}
