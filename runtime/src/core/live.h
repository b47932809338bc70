/* live.h -- the modules' live words (live.c, farhint/hint.h). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* A far page the program may touch is not local: from now on hints run. */
void fm_hints_go_live(void);
bool fm_hints_live(void);    /* that has happened: local memory is short */
void fm_hints_go_dead(void); /* in a forked child, which holds all its memory */
/* The thread that quiets hints while few pages are missing (live.c). */
int fm_hints_watch_start(void);
void fm_hints_missed(void); /* a fault: hints quiet come back at once if many */
/* One tick of the watcher that quiets hints: misses this tick (below
 * per_tick is a calm tick, counted in *calm), whether hints are quiet now,
 * the pages whose data is only far and the budget in pages. Quiet after
 * enough calm ticks while under an eighth of the budget is only far; live
 * again at the first tick with many misses. */
enum fm_quiet_step { FM_QUIET_STAY, FM_QUIET_ON, FM_QUIET_OFF };
enum fm_quiet_step fm_hints_quiet_tick(unsigned *calm, bool quiet, uint64_t misses,
                                       uint64_t per_tick, int64_t only_far, uint64_t budget);
