/* libc.c -- glibc's definitions of the functions libfarmem both interposes
 * and calls (libc.h), looked up once, at the first call.
 * Design: docs/design/layers.md. */
#include "base/libc.h"

#include <dlfcn.h>
#include <string.h>
#include <sys/syscall.h>

struct fm_libc_fns fm_libc_found;
_Atomic bool fm_libc_ready;

/* Without one of them the runtime cannot run, nor log through it. */
static void missing(const char *name) {
  static const char what[] = "farhint: glibc defines no ";
  syscall(SYS_write, 2, what, sizeof what - 1);
  syscall(SYS_write, 2, name, strlen(name));
  syscall(SYS_write, 2, "\n", 1);
  syscall(SYS_exit_group, 70);
}

/* RTLD_NEXT: the definition after libfarmem's own, glibc's (or that of a
 * library the program put between). */
static void find(void) {
#define LIBC(name)                                                                                 \
  if (!(fm_libc_found.name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)))                         \
    missing(#name);
#include "base/libc.def"
#undef LIBC
}

void fm_libc_find(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, find);
  atomic_store_explicit(&fm_libc_ready, true, memory_order_release);
}
