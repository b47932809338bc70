/* libc.h -- the libc functions the runtime calls for itself (libc.c).
 *
 * libfarmem defines mmap, read, pthread_mutex_lock and the rest of what it
 * interposes on the program (interpose/, ult/, init.c), and a call by that
 * name from inside libfarmem binds to its own definition -- a call from a
 * lower layer up into the interposers, which the layers cannot show. The
 * runtime calls glibc's instead, through this table: fm_libc.mmap(...).
 * A name the runtime calls that libfarmem also defines belongs in
 * libc.def; the layer check (scripts/check-layers.py) fails on a call of
 * one by its own name from below the layer that defines it.
 * Design: docs/design/layers.md. */
#pragma once

#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <stdatomic.h>
#include <stdbool.h>

struct fm_libc_fns {
#define LIBC(name) __typeof__(name) *name;
#include "base/libc.def"
#undef LIBC
};

extern struct fm_libc_fns fm_libc_found;
extern _Atomic bool fm_libc_ready;
void fm_libc_find(void);

/* Looked up at the first call, whenever that is: a hinted library's
 * constructor registers its live word (core/live.c) before libfarmem's
 * constructors have run, since a preloaded library starts after the
 * libraries the program links. */
static inline const struct fm_libc_fns *fm_libc_table(void) {
  if (__builtin_expect(!atomic_load_explicit(&fm_libc_ready, memory_order_acquire), 0))
    fm_libc_find();
  return &fm_libc_found;
}
#define fm_libc (*fm_libc_table())

/* Ends the process at once: glibc's _exit, no atexit handler, no
 * destructor, no report (libfarmem's own _exit reports). */
__attribute__((noreturn)) static inline void fm_libc_exit(int status) {
  fm_libc._exit(status);
  __builtin_unreachable();
}
