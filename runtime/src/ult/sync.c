/* sync.c -- mutex, condition variable and barrier for user-level
 * threads (farhint/ult.h): a waiter parks, so its worker runs another
 * thread. Each object's state fits the opaque words of its public type (and
 * the pthread type it stands in for under the pthread shim); all zeros is
 * the initial state. A mutex is handed straight to the waiter it wakes.
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/libc.h"
#include "base/spinlock.h"

#include <errno.h>
#include <time.h>

struct umutex {
  _Atomic int locked;
  fm_spinlock_t guard;
  struct fm_ult_queue waiters;
};
struct ucond {
  fm_spinlock_t guard;
  int unused;
  struct fm_ult_queue waiters;
};
struct ubarrier {
  fm_spinlock_t guard;
  unsigned count, arrived, round;
  struct fm_ult_queue waiters;
};
_Static_assert(sizeof(struct umutex) <= sizeof(fh_mutex_t), "fh_mutex_t too small");
_Static_assert(sizeof(struct ucond) <= sizeof(fh_cond_t), "fh_cond_t too small");
_Static_assert(sizeof(struct ubarrier) <= sizeof(fh_barrier_t), "fh_barrier_t too small");

/* A kernel thread (no user-level thread to park) waits by sleeping a
 * moment between looks: its wait is rare, and a yield in a loop would take
 * the CPU the holder needs. */
static void kernel_thread_nap(void) {
  struct timespec nap = {0, 50000};
  fm_libc.nanosleep(&nap, NULL);
}

int fh_mutex_trylock(fh_mutex_t *m) {
  struct umutex *u = (struct umutex *)m;
  int expected = 0;
  return atomic_compare_exchange_strong(&u->locked, &expected, 1) ? 0 : EBUSY;
}

void fh_mutex_lock(fh_mutex_t *m) {
  struct umutex *u = (struct umutex *)m;
  if (fh_mutex_trylock(m) == 0)
    return;
  struct fh_ult *me = fm_ult_current();
  if (!me) { /* a kernel thread */
    while (fh_mutex_trylock(m) != 0)
      kernel_thread_nap();
    return;
  }
  fm_spin_lock(&u->guard);
  if (fh_mutex_trylock(m) == 0) {
    fm_spin_unlock(&u->guard);
    return;
  }
  fm_ult_enqueue(&u->waiters, me);
  fm_ult_prepare_park();
  fm_spin_unlock(&u->guard);
  fm_ult_park(); /* woken owning the mutex */
}

void fh_mutex_unlock(fh_mutex_t *m) {
  struct umutex *u = (struct umutex *)m;
  fm_spin_lock(&u->guard);
  struct fh_ult *next = fm_ult_dequeue(&u->waiters);
  if (!next)
    atomic_store(&u->locked, 0);
  fm_spin_unlock(&u->guard);
  if (next)
    fm_ult_wake(next);
}

void fh_cond_wait(fh_cond_t *c, fh_mutex_t *m) {
  struct ucond *u = (struct ucond *)c;
  struct fh_ult *me = fm_ult_current();
  if (!me) { /* no thread to park: behave as a spurious wake-up */
    fh_mutex_unlock(m);
    kernel_thread_nap();
    fh_mutex_lock(m);
    return;
  }
  fm_spin_lock(&u->guard);
  fm_ult_enqueue(&u->waiters, me);
  fm_ult_prepare_park();
  fm_spin_unlock(&u->guard);
  fh_mutex_unlock(m);
  fm_ult_park();
  fh_mutex_lock(m);
}

static void cond_wake(fh_cond_t *c, bool all) {
  struct ucond *u = (struct ucond *)c;
  fm_spin_lock(&u->guard);
  struct fm_ult_queue woken = u->waiters;
  if (all) {
    u->waiters = (struct fm_ult_queue){0};
  } else if (woken.head) {
    fm_ult_dequeue(&u->waiters);
    woken.tail = woken.head;
  }
  fm_spin_unlock(&u->guard);
  for (struct fh_ult *t = woken.head, *next; t; t = next) {
    next = t == woken.tail ? NULL : t->next; /* read before t may run again */
    fm_ult_wake(t);
  }
}

void fh_cond_signal(fh_cond_t *c) { cond_wake(c, false); }
void fh_cond_broadcast(fh_cond_t *c) { cond_wake(c, true); }

void fh_barrier_init(fh_barrier_t *b, unsigned count) {
  struct ubarrier *u = (struct ubarrier *)b;
  *u = (struct ubarrier){.count = count};
}

int fh_barrier_wait(fh_barrier_t *b) {
  struct ubarrier *u = (struct ubarrier *)b;
  struct fh_ult *me = fm_ult_current();
  fm_spin_lock(&u->guard);
  if (++u->arrived == u->count) {
    struct fm_ult_queue woken = u->waiters;
    u->waiters = (struct fm_ult_queue){0};
    u->arrived = 0;
    u->round++;
    fm_spin_unlock(&u->guard);
    for (struct fh_ult *t = woken.head, *next; t; t = next) {
      next = t->next;
      fm_ult_wake(t);
    }
    return 1;
  }
  if (!me) { /* a kernel thread: wait for the round to end */
    unsigned round = u->round;
    fm_spin_unlock(&u->guard);
    while (__atomic_load_n(&u->round, __ATOMIC_ACQUIRE) == round)
      kernel_thread_nap();
    return 0;
  }
  fm_ult_enqueue(&u->waiters, me);
  fm_ult_prepare_park();
  fm_spin_unlock(&u->guard);
  fm_ult_park();
  return 0;
}
