/* live.c -- the live words of hinting modules (hint.h): each module
 * registers one from a constructor; all are set when hints go live. Until
 * then the program's hints stop at their first test. */
#include "fm.h"

#include <pthread.h>

#define FM_MAX_LIVE_WORDS 1024

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile uint32_t *live_words[FM_MAX_LIVE_WORDS];
static unsigned n_live_words;
static _Atomic bool live;

void farhint_register_live_word(volatile uint32_t *word) {
  pthread_mutex_lock(&live_lock);
  if (atomic_load(&live) || n_live_words == FM_MAX_LIVE_WORDS)
    *word = 1; /* live already, or too many modules to track: hint from now */
  else
    live_words[n_live_words++] = word;
  pthread_mutex_unlock(&live_lock);
}

bool fm_hints_live(void) { return atomic_load_explicit(&live, memory_order_relaxed); }

void fm_hints_go_live(void) {
  if (atomic_load_explicit(&live, memory_order_relaxed))
    return;
  pthread_mutex_lock(&live_lock);
  if (!atomic_load(&live)) {
    atomic_store(&live, true);
    for (unsigned i = 0; i < n_live_words; i++)
      *live_words[i] = 1;
  }
  pthread_mutex_unlock(&live_lock);
}

/* A forked child holds all of its memory (fork.c): its hints stop at their
 * first test again. (No lock: the child has one thread.) */
void fm_hints_go_dead(void) {
  atomic_store(&live, false);
  for (unsigned i = 0; i < n_live_words; i++)
    *live_words[i] = 0;
}
