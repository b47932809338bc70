/* log.c -- messages to stderr without stdio or malloc, safe on any thread
 * of the runtime (a stdio buffer could itself live in far memory).
 * Design: docs/design/layers.md. */
#include "base/log.h"
#include "base/libc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static void vlog(const char *fmt, va_list ap) {
  char buf[1024];
  int n = snprintf(buf, sizeof buf, "farhint: ");
  n += vsnprintf(buf + n, sizeof buf - n, fmt, ap);
  if (n >= (int)sizeof buf - 1)
    n = sizeof buf - 2;
  buf[n++] = '\n';
  ssize_t unused = fm_libc.write(2, buf, n);
  (void)unused;
}

void fm_log(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog(fmt, ap);
  va_end(ap);
}

void fm_log_die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog(fmt, ap);
  va_end(ap);
  /* EX_SOFTWARE, by the system call: libc's _exit is the runtime's own
   * (init.c), which finishes the trace and reports -- code that may wait on
   * the very state that failed (a lost server, a broken invariant, a lock
   * held in the fault that died). No atexit handler, no report. */
  syscall(SYS_exit_group, 70);
  __builtin_unreachable();
}
