/* trace.h -- trace mode (trace.c): record every fault with its stack. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <signal.h>

struct uffd_msg;
int fm_trace_init(void);
void fm_trace_finish(void);
bool fm_trace_on(void);
/* Trace mode, and recording now: not between its windows of time
 * (trace_windows.c), where every page in use is local as in a run. */
bool fm_trace_recording(void);
/* Records and serves a fault the sampling picks; false for one it skips,
 * which the caller serves as in run mode. */
bool fm_trace_unhinted(const struct uffd_msg *msg);
/* Pages read ahead of a skipped fault: each counts as the fault it saves,
 * so samples keep standing for the faults of a run without read-ahead, as
 * the recorded ones are served. */
void fm_trace_count_ahead(uintptr_t first, unsigned pages);
void fm_trace_hinted(uintptr_t addr, bool write); /* call from the slow path only */
/* Trace mode in windows (trace_windows.c): a window ends, and whether its
 * faults were recorded. */
void fm_trace_window_ends(bool recorded);
