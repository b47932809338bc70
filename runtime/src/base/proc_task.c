/* proc_task.c -- what the kernel says of one of this process's threads, in
 * /proc/self/task/TID: where a faulting thread stopped (trace.c), whether a
 * kernel thread the monitor watches is asleep (ult/monitor.c).
 * Design: docs/design/layers.md. */
#include "base/proc_task.h"
#include "base/libc.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

ssize_t fm_proc_task_read(pid_t tid, const char *name, char *buf, size_t size) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d/%s", (int)tid, name);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t n = fm_libc.read(fd, buf, size - 1);
  close(fd);
  if (n <= 0)
    return -1;
  buf[n] = 0;
  return n;
}
