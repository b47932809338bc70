/* threads.c -- starting the runtime's own threads, and the program's kernel
 * threads under --ult, with the signal mask each needs.
 * Design: docs/design/layers.md. */
#include "base/threads.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/stats.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

/* A runtime thread takes no signals: the kernel gives a process-directed
 * signal to any thread that does not block it, and a handler run on the
 * thread that serves faults would wait forever on its own first fault; a
 * program that blocks a signal to sigwait() for it would instead be killed
 * through ours. The thread inherits the mask it is created with. */
int fm_thread_start_arg(void *(*fn)(void *), void *arg, const char *name, bool runtime_thread) {
  pthread_t t;
  sigset_t all, old;
  sigfillset(&all);
  if (runtime_thread)
    fm_libc.pthread_sigmask(SIG_SETMASK, &all, &old);
  int err = fm_libc.pthread_create(&t, NULL, fn, arg);
  if (runtime_thread)
    fm_libc.pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (err) {
    fm_log("cannot start the %s thread: %s", name, strerror(err));
    return -1;
  }
  pthread_setname_np(t, name); /* at most 15 characters */
  if (runtime_thread)
    fm_stats_register_thread(t);
  return 0;
}

int fm_thread_start(void *(*fn)(void *), const char *name) {
  return fm_thread_start_arg(fn, NULL, name, true);
}
