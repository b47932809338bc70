/* priority.h -- the scheduling class of fault-serving threads (priority.c). */
#pragma once

#include <stdbool.h>

int fm_priority_start(void);
/* The calling thread serves faults: raised with the others. */
void fm_priority_serving(void);
/* Fault-serving threads run at SCHED_FIFO (or were meant to): none spins. */
bool fm_priority_raised(void);
/* A raised thread that may have changed its own class meanwhile takes
 * SCHED_FIFO again. */
void fm_priority_confirm(void);
