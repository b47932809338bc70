/* trace_windows.h -- trace mode in windows of time (trace_windows.c). */
#pragma once

#include <stdbool.h>

/* Whether trace mode records in windows of time (FARHINT_TRACE_SLOWDOWN). */
bool fm_trace_windows_on(void);
/* Starts the thread that switches windows, with FARHINT_TRACE_SLOWDOWN
 * (before the heap moves to far memory, as every runtime thread); 0 when
 * not in windows. */
int fm_trace_windows_start(void);
/* At exit: the window in progress ends (its trace record), and no other
 * starts. */
void fm_trace_windows_finish(void);
