/* caller.h -- what the --ult interposers (ult/pthread.c,
 * ult/signal.c, ult/syscalls.c, ult/tls.c) share: each passes through to
 * glibc unless --ult is on and the caller is the program (a user-level
 * thread outside libfarmem). */
#pragma once

#include "base/self.h"
#include "backend/backend.h"
#include "ult/ult.h"

/* True when a function was called by the program from a user-level thread
 * (ret: its return address). */
static inline bool ult_caller(void *ret) {
  if (!fm_ult_on() || !fm_ult_current() || fm_in_client_library)
    return false;
  return !fm_self_called(ret);
}

#define CALLER __builtin_return_address(0)
