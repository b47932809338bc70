/*
 * farhint/ult.h -- user-level threads of the libfarmem runtime (Eden §3).
 *
 * Under `farhint run --ult --cores N`, the program's main() and every thread
 * it creates run as user-level threads on N worker kernel threads. When a
 * hint misses, the thread parks while its page is fetched and the worker
 * runs another thread: far-memory latency is hidden instead of waited for
 * (`--hint-mode=block` waits in place instead, for comparison).
 *
 * Programs use either this API or plain pthreads: in --ult mode the runtime
 * interposes pthread_create/join/detach/self, mutexes, condition variables,
 * barriers and sched_yield, so an unmodified pthread program runs its
 * threads as user-level threads.
 *
 * Rules, as in any cooperative (non-preemptive) scheduler:
 *  - A thread runs until it yields, blocks on one of these primitives, or
 *    misses on a hint. A loop that does none of these keeps its worker.
 *  - A wait on a socket, pipe or epoll instance that is not ready, and a
 *    sleep, park the thread (one epoll instance of the runtime wakes it);
 *    a call's buffer in far memory is fetched first, parked. Any other
 *    call that blocks (select, waitpid, a futex, a regular file) blocks
 *    its kernel thread, and the worker's other threads move to another
 *    kernel thread within 50 us (a call the runtime does not interpose:
 *    2 ms). An unhinted page fault blocks its worker.
 *  - Each thread has its own TLS: errno, __thread variables, pthread keys
 *    and thread_local objects follow it when it moves between workers.
 *  - Signal masks (pthread_sigmask, sigprocmask) are each thread's own;
 *    sigwait and signalfd receive what every thread blocks; a handler runs
 *    on the program's first kernel thread, so it never interrupts a
 *    thread's system call (no EINTR).
 *  - These functions work only in --ult mode (they return ENOSYS, or do
 *    nothing, otherwise).
 *
 * Link with -lfarmem (libfarmem.so) and run under `farhint run --ult`.
 */
#ifndef FARHINT_ULT_H
#define FARHINT_ULT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fh_ult fh_ult_t;

/* All zeros is the initial state of each of these (static initializers). */
typedef struct {
  uint64_t opaque[3];
} fh_mutex_t;
typedef struct {
  uint64_t opaque[3];
} fh_cond_t;
typedef struct {
  uint64_t opaque[4];
} fh_barrier_t;

/* Start fn(arg) on a new user-level thread; 0 or an errno value. */
int fh_ult_spawn(fh_ult_t **thread, void *(*fn)(void *), void *arg);
/* Wait for the thread to finish and free it; *ret gets fn's result. */
int fh_ult_join(fh_ult_t *thread, void **ret);
/* Let the other runnable threads of this worker run. */
void fh_ult_yield(void);
/* The calling user-level thread, or NULL on a kernel thread. */
fh_ult_t *fh_ult_self(void);
/* Workers running user-level threads (0 outside --ult mode). */
int fh_ult_workers(void);

void fh_mutex_lock(fh_mutex_t *m);
int fh_mutex_trylock(fh_mutex_t *m); /* 0, or EBUSY */
void fh_mutex_unlock(fh_mutex_t *m);

void fh_cond_wait(fh_cond_t *c, fh_mutex_t *m);
void fh_cond_signal(fh_cond_t *c);
void fh_cond_broadcast(fh_cond_t *c);

void fh_barrier_init(fh_barrier_t *b, unsigned count);
/* 1 in exactly one of the threads of each round (the last to arrive), else 0. */
int fh_barrier_wait(fh_barrier_t *b);

#ifdef __cplusplus
}
#endif

#endif /* FARHINT_ULT_H */
