/* control.h -- the control thread: unhinted faults from userfaultfd (control.c). */
#pragma once

#include <stdbool.h>

int fm_control_start(void);
/* User-level-thread workers occupy the cores: the control thread does not
 * spin, and it runs poll (their fetches in flight) on every wake-up, within
 * a millisecond while pending says some are out. */
void fm_control_serve_workers(void (*poll)(void), bool (*pending)(void));
