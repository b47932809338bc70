/* state.c -- the runtime state every module reads; init.c fills it.
 * Design: docs/design/layers.md. */
#include "base/state.h"

struct fm_state fm = {.uffd = -1};
