/* spinlock.h -- a lock held for a few instructions (spinlock.c). */
#pragma once

#include <stdatomic.h>

typedef struct {
  _Atomic int held;
} fm_spinlock_t;
void fm_spin_lock(fm_spinlock_t *l);
void fm_spin_unlock(fm_spinlock_t *l);
/* How many the calling thread holds (a signal handler must not take one). */
unsigned fm_spinlocks_held(void);
