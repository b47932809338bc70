/* reclaim.h -- the reclaim thread (reclaim.c). */
#pragma once

void fm_reclaim_kick(void);
int fm_reclaim_start(void);
