/* ult.h -- user-level threads (ult.c, sync.c, fetch.c, pthread.c, signal.c, tls.c,
 * syscalls.c).
 * Design: docs/design/ult.md. */
#pragma once

#include "base/spinlock.h"

#include <farhint/ult.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdatomic.h>
#include <sys/types.h>

struct fh_ult {
  void *sp; /* saved stack pointer while not running */
  void *(*fn)(void *);
  void *arg, *ret;
  _Atomic int state;
  int home;            /* worker it last ran on */
  struct fh_ult *next; /* link in a run queue or a wait list */
  fm_spinlock_t join_lock;
  struct fh_ult *joiner;
  bool detached;
  bool is_main;   /* main(): exit() ends it, on its TLS */
  void *tp;       /* its thread pointer (ult/tls.c) */
  void *map_base; /* guard page + stack + TLS + this struct */
  size_t map_bytes, stack_bytes;
  uint64_t sigmask; /* signals it blocks (bit n - 1: signal n) */
};
struct fm_ult_queue {
  struct fh_ult *head, *tail;
};
void fm_ult_enqueue(struct fm_ult_queue *q, struct fh_ult *t);
struct fh_ult *fm_ult_dequeue(struct fm_ult_queue *q);

bool fm_ult_on(void); /* workers are running (--ult) */

/* What a worker did (--stats), counted by the kernel thread serving it. */
struct fm_ult_worker_stats {
  uint64_t switches; /* threads run */
  uint64_t yields;   /* of which came back yielding */
  uint64_t parks;    /* ... parked (a miss, a lock, a wait in the poller) */
  uint64_t steals;   /* threads taken from another worker's queue */
  uint64_t idle;     /* times it found nothing to run */
  uint64_t idle_ns;  /* time it spent so */
  uint64_t calls;    /* the program's system calls made from its threads */
  uint64_t calls_ns; /* time in them */
};
/* The workers' statistics into out (at most n); returns how many workers. */
int fm_ult_worker_stats(struct fm_ult_worker_stats *out, int n);
int fm_ult_start_workers(void);
struct fh_ult *fm_ult_current(void); /* NULL on a kernel thread */
int fm_ult_spawn(struct fh_ult **out, void *(*fn)(void *), void *arg, size_t stack_bytes);
int fm_ult_join(struct fh_ult *t, void **ret);
/* main() as a user-level thread, and the first kernel thread waiting for it
 * to end, then taking over its TLS for exit(); returns main's result. */
int fm_ult_spawn_main(struct fh_ult **out, void *(*fn)(void *), void *arg);
void *fm_ult_join_main(struct fh_ult *t);
int fm_ult_detach(struct fh_ult *t);
void fm_ult_exit(void *ret) __attribute__((noreturn));
bool fm_ult_done(struct fh_ult *t); /* it returned (not yet joined) */
/* Signals (ult/signal.c): set up before the first thread, each worker's
 * mask, each thread's start and end, and the first kernel thread taking
 * process-directed signals until t (main) ends. */
void fm_ult_signals_start(void);
void fm_ult_signals_worker(void);
void fm_ult_signals_spawned(struct fh_ult *t);
void fm_ult_signals_exited(struct fh_ult *t);
void fm_ult_take_signals_until(struct fh_ult *t);
/* Each thread's TLS (ult/tls.c): laid out at the top of its stack mapping
 * (fm_ult_tls_area_bytes), created at spawn, entered at each switch, with
 * glibc's start and end of a thread run on it. */
int fm_ult_tls_init(void);
size_t fm_ult_tls_area_bytes(void);
void *fm_ult_tls_create(void *area); /* its thread pointer, or NULL */
void fm_ult_tls_destroy(void *tp);
void fm_ult_tls_enter(void *tp, pid_t tid);
void *fm_ult_thread_pointer(void);
void fm_ult_tls_thread_start(void);
void fm_ult_tls_thread_end(void);
/* Around a blocking system call of the program's (ult/syscalls.c): the
 * monitor (ult/monitor.c) hands a worker whose thread is in one to another
 * kernel thread soon. */
void fm_ult_call_begin(void);
void fm_ult_call_end(void);
/* Parking: mark the current thread PARKING while holding the lock of the
 * list it was put on, release that lock, then park. */
void fm_ult_prepare_park(void);
void fm_ult_park(void);
void fm_ult_wake(struct fh_ult *t);
/* The same; !tell_others: the caller is a kernel thread that looks for work
 * next and runs t itself, so no other is woken for it. */
void fm_ult_wake_as(struct fh_ult *t, bool tell_others);
/* Some user-level thread waits in a run queue (a parking thread would let
 * it run; an idle worker would take it). */
bool fm_ult_any_queued(void);
/* A hinted miss on a user-level thread: park until the page is mapped,
 * adding the time parked (other threads ran) to *parked_ns.
 * false (nothing done) on a kernel thread, in --hint-mode=block, or when too
 * many fetches are in flight. */
bool fm_ult_fetch(uintptr_t page, bool write, unsigned prio, uint64_t *parked_ns);
/* Brings in what of [buf, buf + n) is far before a system call uses it. */
void fm_ult_fetch_range(const void *buf, size_t n, bool write);
void fm_ult_poll_fetches(void);
/* Sleeps (fm_backend_read_wait) if the next fetch due is a read in flight;
 * false if it is not, and the caller may spin. */
bool fm_ult_fetches_wait(void);
/* The far copies of these pages are being written: reads of them in
 * flight are stale. */
void fm_ult_fetches_overwritten(const uintptr_t *pages, unsigned n);
bool fm_ult_fetches_pending(void);
