/* reclaim.c -- the reclaim thread, which keeps FARHINT_FREE_FRACTION of the
 * frames free (FARHINT_RECLAIM), and the kick that wakes it.
 * Design: docs/design/eviction.md. */
#include "memory/reclaim.h"
#include "base/config.h"
#include "base/libc.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"
#include "memory/evict.h"
#include "memory/frames.h"

#include <pthread.h>
#include <time.h>

static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  bool kicked;
} reclaimer = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false};

/* The reclaim thread's TLB flushes interrupt the cores running the program.
 * When recent batches needed about one flush a page (scattered dirty
 * victims), evicting on the faulting thread when no frame is left costs less
 * than evicting ahead on another core, so auto leaves it to them
 * (fm_frames_get; docs/design/eviction.md, "Who evicts"). */
void fm_reclaim_kick(void) {
  if (fm.cfg.reclaim == FM_RECLAIM_INLINE ||
      (fm.cfg.reclaim == FM_RECLAIM_AUTO && fm_evict_scattered()))
    return;
  if (__atomic_load_n(&reclaimer.kicked, __ATOMIC_RELAXED))
    return;
  fm_libc.pthread_mutex_lock(&reclaimer.lock);
  reclaimer.kicked = true;
  fm_stats_count(FM_C_WAKE_SYSCALLS, 1);
  fm_libc.pthread_cond_signal(&reclaimer.wake);
  fm_libc.pthread_mutex_unlock(&reclaimer.lock);
}

static void *reclaim_main(void *arg) {
  (void)arg;
  for (;;) {
    fm_libc.pthread_mutex_lock(&reclaimer.lock);
    while (!reclaimer.kicked) {
      fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
      fm_libc.pthread_cond_wait(&reclaimer.wake, &reclaimer.lock);
    }
    fm_libc.pthread_mutex_unlock(&reclaimer.lock);
    /* Refill one batch past the low-water mark, so kicks come in bursts. */
    while (fm_frames_free() < fm_frames_low_water() + fm.cfg.evict_batch) {
      if (fm_evict_batch(fm.cfg.evict_batch) == 0) {
        struct timespec ts = {0, 50000};
        fm_stats_count(FM_C_SLEEP_SYSCALLS, 1);
        fm_libc.nanosleep(&ts, NULL); /* all candidates busy: let faults finish */
      }
    }
    __atomic_store_n(&reclaimer.kicked, false, __ATOMIC_RELAXED);
  }
  return NULL;
}

int fm_reclaim_start(void) { return fm_thread_start(reclaim_main, "farhint-reclaim"); }
