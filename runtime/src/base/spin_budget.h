/* spin_budget.h -- spinning before sleeping (the control and prefetch threads). */
#pragma once

#include <stdint.h>

/* Work comes in bursts and waking a sleeping thread costs tens of
 * microseconds here, so an idle runtime thread polls a while first -- but
 * only when work has lately come sooner than the spin would last: where it
 * does not, a spin only takes a core from the program (this machine has 2). */
struct fm_spin {
  uint64_t max_ns;
  uint64_t last_ns; /* when the thread last had work */
  uint64_t gap_ns;  /* average time from there to the next work */
};
/* Work came at now, caught by the spin or after a sleep. */
static inline void fm_spin_work_came(struct fm_spin *s, uint64_t now) {
  if (s->last_ns)
    s->gap_ns = s->gap_ns - s->gap_ns / 4 + (now - s->last_ns) / 4;
}
/* How long to poll after the last work: the whole spin, or a short one for
 * bursts when work lately came later than that. */
static inline uint64_t fm_spin_budget(const struct fm_spin *s) {
  return s->gap_ns < s->max_ns ? s->max_ns : s->max_ns / 16;
}
