/* children.c -- programs this one starts run natively unless asked. libfarmem
 * comes in through LD_PRELOAD, which children inherit: a profiled program's
 * child would write its trace over the parent's, and a user who starts a
 * shell pipeline from a program rarely means its every stage to run on far
 * memory. So once the runtime is up, its entry leaves LD_PRELOAD -- edited
 * in place, since nothing may allocate this early -- and other preloaded
 * libraries stay. With --follow-children (FARHINT_FOLLOW_CHILDREN) every
 * program exec'd below this one loads its own runtime with the same
 * settings: its own budget of --local, and its own memory server (or a
 * connection of its own to the shared one); only the statistics file is
 * left to this process, which would otherwise be overwritten by each child's
 * at its exit (children report with --stats), unless its name has "%p" in
 * it (config.c: one per process, as traces are), and children run on
 * kernel threads (a shell on user-level threads could not fork). */
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

static void run_natively(void) {
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

void fm_children_prepare(void) {
  if (!fm.cfg.follow_children) {
    run_natively();
    return;
  }
  const char *stats = getenv("FARHINT_STATS_FILE");
  if (stats && !strstr(stats, "%p")) /* one per process, or the first program's */
    unsetenv("FARHINT_STATS_FILE");
  /* Kernel threads: a shell on user-level threads could not fork. */
  unsetenv("FARHINT_ULT");
  unsetenv("FARHINT_HINT_MODE");
  unsetenv("FARHINT_CORES");
}
