/* log.h -- logging (log.c): straight to fd 2, no stdio buffers. */
#pragma once

#include <stdbool.h>

void fm_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fm_log_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* An invariant of the runtime's own state: stops the program saying which. */
#define fm_assert(cond)                                                                            \
  ((cond) ? (void)0 : fm_log_die("internal error: %s is false (%s:%d)", #cond, __FILE__, __LINE__))
/* An invariant checked on the fault and eviction paths, in the checked
 * runtime only (FM_CHECKED: build/checked/lib/libfarmem.so, which make
 * test's stress tests run): too often for a production run. */
#ifdef FM_CHECKED
#define fm_check(cond) fm_assert(cond)
#else
#define fm_check(cond) ((void)sizeof(cond))
#endif
