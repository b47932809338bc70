/* pthread.c -- `farhint run --ult`: the program's main() runs as a
 * user-level thread, and the pthread functions a program commonly uses are
 * interposed so its threads are user-level threads too (farhint/ult.h).
 *
 * Each interposed function passes through to glibc unless --ult is on and
 * the caller is the program (a user-level thread outside libfarmem):
 * jemalloc, linked into libfarmem, and the runtime's own threads keep real
 * pthread locks, which never park. A pthread object's storage holds the
 * user-level object's state (all zeros is the initial state of both).
 * What has no user-level meaning here stops the program with a message
 * instead of misbehaving: recursive or error-checking mutexes, timed
 * waits, thread attributes other than the stack size, pthread_cancel.
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/interpose.h"
#include "base/log.h"
#include "base/self.h"
#include "base/state.h"
#include "backend/backend.h"
#include "memory/frames.h"
#include "fault/colocate.h"
#include "ult/caller.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static void unsupported(const char *what) {
  fm_log_die("%s is not supported for user-level threads (farhint run --ult); run the "
             "program without --ult",
             what);
}

/* ---- main() as a user-level thread ---- */

typedef int (*main_fn)(int, char **, char **);
static main_fn program_main;
struct main_args {
  int argc;
  char **argv, **envp;
};

static void *run_main(void *arg) {
  struct main_args *a = arg;
  return (void *)fm_call_program(program_main, (uintptr_t)a->argc, (uintptr_t)a->argv,
                                 (uintptr_t)a->envp);
}

static int ult_main(int argc, char **argv, char **envp) {
  fm_ult_signals_start();
  if (fm_ult_start_workers() < 0)
    fm_log_die("cannot start the user-level thread workers");
  struct main_args a = {argc, argv, envp};
  struct fh_ult *t;
  if (fm_ult_spawn_main(&t, run_main, &a) != 0)
    fm_log_die("cannot start main() as a user-level thread");
  fm_ult_take_signals_until(t); /* this thread takes the program's signals */
  return (int)(intptr_t)fm_ult_join_main(t);
}

int __libc_start_main(main_fn main, int argc, char **argv, void (*init)(void), void (*fini)(void),
                      void (*rtld_fini)(void), void *stack_end) {
  __typeof__(__libc_start_main) *real = dlsym(RTLD_NEXT, "__libc_start_main");
  program_main = main;
  bool ult = fm.active && fm.cfg.ult;
  return real(ult ? ult_main : main, argc, argv, init, fini, rtld_fini, stack_end);
}

/* ---- threads ---- */

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *), void *arg) {
  if (!ult_caller(CALLER)) {
    /* The program's threads are tracked (colocate.c), not the runtime's. */
    bool program = !fm_self_called(CALLER) && !fm_in_client_library;
    if (program)
      fm_frames_program_threaded();
    void *wrapped = program ? fm_colocate_wrap_start(&fn, &arg) : NULL;
    int err = REAL(pthread_create)(thread, attr, fn, arg);
    if (err && wrapped)
      fm_colocate_unwrap_start(wrapped);
    return err;
  }
  size_t stack = 0;
  if (attr) {
    int detach = PTHREAD_CREATE_JOINABLE;
    pthread_attr_getdetachstate(attr, &detach);
    if (detach != PTHREAD_CREATE_JOINABLE)
      unsupported("pthread_create with a detached attribute");
    pthread_attr_getstacksize(attr, &stack);
  }
  if (fh_ult_workers() > 1) /* its user-level threads run on every core */
    fm_frames_program_threaded();
  struct fh_ult *t;
  int err = fm_ult_spawn(&t, fn, arg, stack);
  if (!err)
    *thread = (pthread_t)t;
  return err;
}

int pthread_join(pthread_t thread, void **ret) {
  if (!ult_caller(CALLER))
    return REAL(pthread_join)(thread, ret);
  return fm_ult_join((struct fh_ult *)thread, ret);
}

int pthread_detach(pthread_t thread) {
  if (!ult_caller(CALLER))
    return REAL(pthread_detach)(thread);
  return fm_ult_detach((struct fh_ult *)thread);
}

pthread_t pthread_self(void) {
  if (!ult_caller(CALLER))
    return REAL(pthread_self)();
  return (pthread_t)fm_ult_current();
}

void pthread_exit(void *ret) {
  if (!ult_caller(CALLER))
    REAL(pthread_exit)(ret);
  fm_ult_exit(ret);
}

/* A signal to one user-level thread: its own runs the handler in place, as
 * raise() does; another's is taken as the process's signals are, on the
 * first kernel thread (ult/signal.c): a handler then never interrupts the
 * target's blocking call. */
int pthread_kill(pthread_t thread, int sig) {
  if (!ult_caller(CALLER))
    return REAL(pthread_kill)(thread, sig);
  struct fh_ult *t = (struct fh_ult *)thread;
  if (fm_ult_done(t))
    return ESRCH;
  if (sig == 0)
    return 0;
  if (t == fm_ult_current())
    return raise(sig) ? errno : 0;
  return kill(getpid(), sig) ? errno : 0;
}

/* Deferred cancellation would need the cancellation points of every
 * blocking call and an unwind of the thread's stack under its own TLS:
 * stopping with a message beats a thread that never ends. */
int pthread_cancel(pthread_t thread) {
  if (!ult_caller(CALLER))
    return REAL(pthread_cancel)(thread);
  unsupported("pthread_cancel");
  return ENOSYS;
}

int sched_yield(void) {
  if (!ult_caller(CALLER))
    return REAL(sched_yield)();
  fh_ult_yield();
  return 0;
}

/* ---- mutexes, condition variables, barriers ---- */

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr) {
  if (!ult_caller(CALLER))
    return REAL(pthread_mutex_init)(m, attr);
  int type = PTHREAD_MUTEX_NORMAL;
  if (attr)
    pthread_mutexattr_gettype(attr, &type);
  if (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_DEFAULT)
    unsupported("a recursive or error-checking mutex");
  *(fh_mutex_t *)m = (fh_mutex_t){0};
  return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *m) {
  if (!ult_caller(CALLER))
    return REAL(pthread_mutex_destroy)(m);
  return 0;
}

int pthread_mutex_lock(pthread_mutex_t *m) {
  if (!ult_caller(CALLER))
    return REAL(pthread_mutex_lock)(m);
  fh_mutex_lock((fh_mutex_t *)m);
  return 0;
}

int pthread_mutex_trylock(pthread_mutex_t *m) {
  if (!ult_caller(CALLER))
    return REAL(pthread_mutex_trylock)(m);
  return fh_mutex_trylock((fh_mutex_t *)m);
}

int pthread_mutex_unlock(pthread_mutex_t *m) {
  if (!ult_caller(CALLER))
    return REAL(pthread_mutex_unlock)(m);
  fh_mutex_unlock((fh_mutex_t *)m);
  return 0;
}

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr) {
  if (!ult_caller(CALLER))
    return REAL(pthread_cond_init)(c, attr);
  *(fh_cond_t *)c = (fh_cond_t){0};
  return 0;
}

int pthread_cond_destroy(pthread_cond_t *c) {
  if (!ult_caller(CALLER))
    return REAL(pthread_cond_destroy)(c);
  return 0;
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
  if (!ult_caller(CALLER))
    return REAL(pthread_cond_wait)(c, m);
  fh_cond_wait((fh_cond_t *)c, (fh_mutex_t *)m);
  return 0;
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t) {
  if (!ult_caller(CALLER))
    return REAL(pthread_cond_timedwait)(c, m, t);
  unsupported("pthread_cond_timedwait");
  return EINVAL;
}

int pthread_cond_signal(pthread_cond_t *c) {
  if (!ult_caller(CALLER))
    return REAL(pthread_cond_signal)(c);
  fh_cond_signal((fh_cond_t *)c);
  return 0;
}

int pthread_cond_broadcast(pthread_cond_t *c) {
  if (!ult_caller(CALLER))
    return REAL(pthread_cond_broadcast)(c);
  fh_cond_broadcast((fh_cond_t *)c);
  return 0;
}

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr, unsigned count) {
  if (!ult_caller(CALLER))
    return REAL(pthread_barrier_init)(b, attr, count);
  fh_barrier_init((fh_barrier_t *)b, count);
  return 0;
}

int pthread_barrier_wait(pthread_barrier_t *b) {
  if (!ult_caller(CALLER))
    return REAL(pthread_barrier_wait)(b);
  return fh_barrier_wait((fh_barrier_t *)b) ? PTHREAD_BARRIER_SERIAL_THREAD : 0;
}

int pthread_barrier_destroy(pthread_barrier_t *b) {
  if (!ult_caller(CALLER))
    return REAL(pthread_barrier_destroy)(b);
  return 0;
}
