/* frames.h -- frames and reclaim lists (frames.c). */
#pragma once

#include "base/config.h"
#include "core/meta.h"

#include <stdbool.h>
#include <stdint.h>

int fm_frames_init(uint64_t nframes, enum fm_policy policy);
/* The "frame" of a page trace mode keeps local (fm_page_sampled): none, so
 * it is never picked for eviction. Tracking, demoting or putting it does
 * nothing. */
#define FM_LOCAL_NODE 0xfffffffeu
uint32_t fm_frames_get(void); /* a free frame; reclaims when none */
/* The same, but FM_NO_NODE rather than wait while every candidate is locked. */
uint32_t fm_frames_try_get(void);
void fm_frames_put(uint32_t node);     /* give a frame back */
void fm_frames_program_threaded(void); /* it started a thread: bigger scattered batches */
void fm_frames_track(uint32_t node, uintptr_t page, unsigned prio);
/* ev_prio FARHINT_EV_KEEP as the runtime sees it (packed in 8 bits). */
#define FM_PRIO_KEEP ((unsigned)(uint8_t)FARHINT_EV_KEEP)
/* Its page is the next victim (its data is dead: freed.c). */
void fm_frames_demote(uint32_t node);
/* Pick up to max eviction victims, each returned locked with its word. */
unsigned fm_frames_pick_victims(uintptr_t *pages, uint64_t *words, unsigned max);
/* Trace mode's budget changed (trace_budget.c): the frames follow it,
 * evicting down to it before this returns. */
void fm_frames_retarget(void);
uint64_t fm_frames_free(void);
uint64_t fm_frames_total(void);
uint64_t fm_frames_low_water(void);
uint64_t fm_frames_peak_used(void); /* most frames in use at once */
uint64_t fm_frames_used(void);      /* frames in use now */
/* Proactive mode (fault/proactive.c): up to max pages idle for
 * threshold(page) looks or more, each returned locked with its word, from a
 * look at up to `scan` tracked pages from *cursor on (back to 0 after the
 * last: a pass ends). */
unsigned fm_frames_pick_idle(uintptr_t *pages, uint64_t *words, unsigned max, uint64_t *cursor,
                             uint64_t scan, unsigned (*threshold)(uintptr_t page));
/* Pages are mapped with an access probe, so a reuse after the fetch is seen
 * (clock; lru arms its probes a generation later). */
bool fm_frames_probe_at_fetch(void);
