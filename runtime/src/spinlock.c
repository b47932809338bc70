/* spinlock.c -- the runtime's short spinlock (the user-level threads' run
 * queues and sync objects, the fetches in flight). */
#include "fm.h"

#include <sched.h>

void fm_spin_lock(fm_spinlock_t *l) {
  for (unsigned spins = 0; atomic_exchange_explicit(&l->held, 1, memory_order_acquire); spins++)
    if (spins < 200)
      __builtin_ia32_pause();
    else
      sched_yield(); /* the holder may be descheduled: on 2 cores, let it run */
}

void fm_spin_unlock(fm_spinlock_t *l) { atomic_store_explicit(&l->held, 0, memory_order_release); }
