/* log.h -- logging (log.c): straight to fd 2, no stdio buffers. */
#pragma once

#include <stdbool.h>

void fm_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fm_log_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* An invariant of the runtime's own state: stops the program saying which. */
#define fm_assert(cond)                                                                            \
  ((cond) ? (void)0 : fm_log_die("internal error: %s is false (%s:%d)", #cond, __FILE__, __LINE__))
