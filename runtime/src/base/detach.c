/* detach.c -- processes the runtime starts beside the program (the memory
 * server, the memcached reaper) must be no children of it: a program that
 * waits for its own children (wait(), waitpid(-1), SIGCHLD,
 * /proc/self/task/N/children) must see exactly those it made.
 * Design: docs/design/layers.md. */
#include "base/detach.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t fm_fork_detached(void) {
  int report[2];
  if (pipe2(report, O_CLOEXEC) < 0)
    return -1;
  pid_t mid = fork();
  if (mid == 0) {
    /* A session of its own: a Ctrl-C or a signal to the program's process
     * group does not reach the grandchild, which is no session leader and
     * so never takes a terminal; it is reparented to init (or the nearest
     * subreaper) once this child exits. */
    setsid();
    pid_t detached = fork();
    if (detached == 0) {
      close(report[0]);
      close(report[1]);
      return 0;
    }
    ssize_t wrote = write(report[1], &detached, sizeof detached);
    _exit(wrote == sizeof detached && detached > 0 ? 0 : 1);
  }
  close(report[1]);
  pid_t detached = -1;
  int saved = errno;
  if (mid < 0 || read(report[0], &detached, sizeof detached) != sizeof detached)
    detached = -1;
  else
    errno = saved;
  close(report[0]);
  /* ECHILD: the program's parent left SIGCHLD ignored, so it is reaped already. */
  while (mid > 0 && waitpid(mid, NULL, 0) < 0 && errno == EINTR)
    ;
  return detached;
}
