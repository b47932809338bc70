/* detach.c -- processes the runtime starts beside the program (the memory
 * server, the memcached reaper) must be no children of it: a program that
 * waits for its own children (wait(), waitpid(-1), SIGCHLD,
 * /proc/self/task/N/children) must see exactly those it made.
 * Design: docs/design/layers.md. */
#include "base/detach.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

/* Only at start-up, before far memory is active: glibc's fork leaves a
 * child's far pages missing, with nobody to serve them; libfarmem's own
 * fork (interpose/fork.c) makes them the child's. */
pid_t fm_fork_detached(void) {
  fm_assert(!fm.active);
  int report[2];
  if (pipe2(report, O_CLOEXEC) < 0)
    return -1;
  pid_t mid = fm_libc.fork();
  if (mid == 0) {
    /* A session of its own: a Ctrl-C or a signal to the program's process
     * group does not reach the grandchild, which is no session leader and
     * so never takes a terminal; it is reparented to init (or the nearest
     * subreaper) once this child exits. */
    setsid();
    pid_t detached = fm_libc.fork();
    if (detached == 0) {
      close(report[0]);
      close(report[1]);
      return 0;
    }
    ssize_t wrote = fm_libc.write(report[1], &detached, sizeof detached);
    fm_libc_exit(wrote == sizeof detached && detached > 0 ? 0 : 1);
  }
  close(report[1]);
  pid_t detached = -1;
  int saved = errno;
  if (mid < 0 || fm_libc.read(report[0], &detached, sizeof detached) != sizeof detached)
    detached = -1;
  else
    errno = saved;
  close(report[0]);
  /* ECHILD: the program's parent left SIGCHLD ignored, so it is reaped already. */
  while (mid > 0 && fm_libc.waitpid(mid, NULL, 0) < 0 && errno == EINTR)
    ;
  return detached;
}
