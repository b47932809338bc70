/* live.h -- the modules' live words (live.c, farhint/hint.h). */
#pragma once

#include <stdbool.h>

/* A far page the program may touch is not local: from now on hints run. */
void fm_hints_go_live(void);
bool fm_hints_live(void);    /* that has happened: local memory is short */
void fm_hints_go_dead(void); /* in a forked child, which holds all its memory */
/* The thread that quiets hints while few pages are missing (live.c). */
int fm_hints_watch_start(void);
void fm_hints_missed(void); /* a fault: hints quiet come back at once if many */
