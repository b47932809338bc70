/* children.c -- programs this one starts run natively. libfarmem comes in
 * through LD_PRELOAD, which children inherit: a shell started by system()
 * or popen() would load its own runtime and then be refused the fork it
 * needs for a pipeline ("sh: Cannot fork"), and a profiled program's child
 * would write its trace over the parent's. So once the runtime is up, its
 * entry leaves LD_PRELOAD -- edited in place, since nothing may allocate
 * this early -- and other preloaded libraries stay. */
#include "fm.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static bool is_farmem(const char *entry, size_t len) {
  static const char name[] = "libfarmem.so";
  size_t n = sizeof name - 1;
  return len >= n && memcmp(entry + len - n, name, n) == 0 &&
         (len == n || entry[len - n - 1] == '/');
}

void fm_children_run_natively(void) {
  for (char **e = environ; e && *e; e++) {
    if (strncmp(*e, "LD_PRELOAD=", 11) != 0)
      continue;
    char *out = *e + 11, *in = out;
    while (*in) { /* entries are separated by colons or spaces */
      size_t len = strcspn(in, ": ");
      if (len && !is_farmem(in, len)) {
        if (out != *e + 11)
          *out++ = ':';
        memmove(out, in, len);
        out += len;
      }
      in += len;
      in += strspn(in, ": ");
    }
    *out = '\0';
    if (out == *e + 11)
      unsetenv("LD_PRELOAD");
    return;
  }
}
