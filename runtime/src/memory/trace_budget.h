/* trace_budget.h -- trace mode's budget and sampled pages, for a profile
 * taken in one run (trace_budget.c). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* cap: the most frames the table holds (FARHINT_LOCAL's). */
void fm_trace_budget_init(uint64_t cap);
/* Whether the budget or the sampling rate follows the pages in use. */
bool fm_trace_budget_follows(void);
/* Whether trace mode keeps this page far (sampled): all are, unless the
 * trace samples space; the others stay local, with no frame from the
 * budget (FM_LOCAL_NODE), and are neither recorded nor counted. Every page
 * outside trace mode, whose level stays 0. */
bool fm_page_sampled(uintptr_t page);
/* 1 page in this many is sampled now. */
unsigned fm_trace_rate(void);
/* The frames the budget holds first. */
uint64_t fm_trace_budget_start(void);
/* Under the frame table's lock, with the frames in use: notes the pages in
 * use, and returns true if the sampling rate should double now (the caller
 * releases the frames of the pages it turns local, then calls
 * fm_trace_budget_doubled). */
bool fm_trace_budget_note(uint64_t used);
void fm_trace_budget_doubled(void);
/* Traced in windows of time (fault/trace_windows.c): whether faults are
 * recorded now, at the budget; between windows the budget is every frame
 * (the caller then has the frames follow: fm_frames_retarget). */
bool fm_trace_budget_recording(void);
void fm_trace_budget_window(bool recording);
/* Under the frame table's lock: the frames the budget holds now. */
uint64_t fm_trace_budget_frames(void);
/* The most pages in use at once, of the whole program (estimated from the
 * sampled ones), and the budget now, as the whole program's pages. */
uint64_t fm_trace_budget_peak_pages(void);
uint64_t fm_trace_budget_local_pages(void);
