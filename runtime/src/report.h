/* report.h -- the statistics at exit (report.c). */
#pragma once

void fm_report(void);
/* Opens FARHINT_STATS_FILE at start-up, for a program that can no longer
 * open it at its end. */
void fm_report_open_early(void);
