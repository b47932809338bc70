/* priority.h -- the scheduling class of fault-serving threads (priority.c). */
#pragma once

#include <stdbool.h>

int fm_priority_start(void);
/* The calling thread serves faults: raised with the others. */
void fm_priority_serving(void);
/* Fault-serving threads run at SCHED_FIFO (or were meant to): none spins. */
bool fm_priority_raised(void);
/* Other processes keep the CPUs busy: no server sits beside the program's
 * threads (colocate.c), where the scheduler would hold it off. */
bool fm_priority_shared(void);
/* Changes each time the verdict does: a serving thread that sees it change
 * takes its class again (fm_priority_confirm) and pauses or resumes
 * colocation. */
unsigned fm_priority_moves(void);
/* The calling thread takes the class the verdict gives, SCHED_FIFO or
 * normal, after any change under way. */
void fm_priority_confirm(void);
/* Counts the time raised so far, for the report. */
void fm_priority_settle(void);
