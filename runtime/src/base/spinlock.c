/* spinlock.c -- the runtime's short lock (the user-level threads' run
 * queues and sync objects, the fetches in flight). It spins a little, for
 * a holder running on another core, then sleeps on a futex: a holder that
 * the scheduler has taken off its core (a busy machine, or more threads
 * than cores) gets the waiter's CPU instead of a waiter spinning through
 * its time slice. held: 0 free, 1 held, 2 held with waiters asleep (the
 * futex mutex of Drepper's "Futexes Are Tricky").
 * Design: docs/design/layers.md. */
#include "base/spinlock.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SPINS 200

/* Spinlocks the calling thread holds (fm_spinlocks_held). */
static __thread unsigned held_here;

unsigned fm_spinlocks_held(void) { return held_here; }

void fm_spin_lock(fm_spinlock_t *l) {
  held_here++;
  int c = 0;
  for (unsigned spins = 0; spins < SPINS; spins++) {
    c = 0;
    if (atomic_compare_exchange_weak_explicit(&l->held, &c, 1, memory_order_acquire,
                                              memory_order_relaxed))
      return;
    __builtin_ia32_pause();
  }
  /* From here the lock is taken as "held with waiters": the unlock that
   * follows wakes the next sleeper, if any. */
  if (c != 2)
    c = atomic_exchange_explicit(&l->held, 2, memory_order_acquire);
  while (c != 0) {
    syscall(SYS_futex, &l->held, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    c = atomic_exchange_explicit(&l->held, 2, memory_order_acquire);
  }
}

void fm_spin_unlock(fm_spinlock_t *l) {
  held_here--;
  if (atomic_exchange_explicit(&l->held, 0, memory_order_release) == 2)
    syscall(SYS_futex, &l->held, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
