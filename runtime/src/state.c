/* state.c -- the runtime state every module reads; init.c fills it. */
#include "fm.h"

struct fm_state fm = {.uffd = -1};
