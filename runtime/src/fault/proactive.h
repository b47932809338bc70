/* proactive.h -- proactive mode: no fixed budget, idle pages evicted
 * (proactive.c).
 * Design: docs/design/proactive.md. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

int fm_proactive_start(void); /* with FARHINT_PROACTIVE set: its thread */
bool fm_proactive_on(void);
/* A demand fault fetched this far page (under its lock): a promotion. */
void fm_proactive_promoted(uintptr_t page);

/* Memory over time, for the statistics: a sample every few periods. */
#define FM_PROACTIVE_SAMPLES 256
struct fm_proactive_sample {
  uint32_t ms;                   /* since the start */
  uint64_t local_pages;          /* frames in use */
  uint64_t far_pages, far_bytes; /* the compressed pool's pages and their bytes */
  uint64_t promotions;           /* so far */
};
struct fm_proactive_state {
  double idle_s; /* how long a page must be idle now (before its heat) */
  uint64_t evicted, promotions, background_cpu_ns;
  unsigned nsamples;
  const struct fm_proactive_sample *samples;
};
void fm_proactive_state(struct fm_proactive_state *s);
