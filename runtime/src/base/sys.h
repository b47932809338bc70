/* sys.h -- system calls the runtime makes past its own interposers. */
#pragma once

#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The kernel's madvise, never the program's interposed one. */
static inline int fm_madvise_sys(void *addr, size_t len, int advice) {
  return (int)syscall(SYS_madvise, addr, len, advice);
}
