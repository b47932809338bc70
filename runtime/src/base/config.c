/* config.c -- reads the runtime's configuration once, from FARHINT_*
 * environment variables (set by `farhint run` from its flags), by the table
 * of settings in farhint/settings.def, and describes it for the statistics.
 * Design: docs/design/settings.md. */
#include "base/config.h"
#include "base/log.h"
#include "base/state.h"

#include "fh_units.h"
#include <farhint/trace.h>

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum kind {
  SIZE = FH_UNIT_SIZE,
  TIME = FH_UNIT_TIME,
  RATE = FH_UNIT_RATE,
  COUNT = FH_UNIT_COUNT,
  FRACTION,
  FLAG,
  CHOICE,
  TEXT,
};

struct setting {
  const char *name; /* FARHINT_<name> */
  enum kind kind;
  const char *def, *min, *max;
  const char *choices; /* CHOICE: the names, separated by spaces */
  size_t offset, size; /* the field in struct fm_config */
};

#define FIELD_SIZE(field) sizeof(((struct fm_config *)0)->field)
static const struct setting settings[] = {
#define SETTING(NAME, field, KIND, def, min, max, option, choices, help)                           \
  {#NAME, KIND, def, min, max, choices, offsetof(struct fm_config, field), FIELD_SIZE(field)},
#include <farhint/settings.def>
#undef SETTING
};
#define NSETTINGS (sizeof settings / sizeof settings[0])

/* Numbers of every width a setting's field has (bool, unsigned/enum, uint64_t). */
static void store(struct fm_config *c, const struct setting *s, uint64_t v) {
  char *p = (char *)c + s->offset;
  if (s->size == sizeof(uint64_t))
    *(uint64_t *)p = v;
  else if (s->size == sizeof(unsigned))
    *(unsigned *)p = (unsigned)v;
  else
    *(bool *)p = v != 0;
}

static uint64_t load(const struct fm_config *c, const struct setting *s) {
  const char *p = (const char *)c + s->offset;
  return s->size == sizeof(uint64_t)   ? *(const uint64_t *)p
         : s->size == sizeof(unsigned) ? *(const unsigned *)p
                                       : *(const bool *)p;
}

/* The index-th of a space-separated list of names, copied into buf. */
static const char *nth_name(const char *names, unsigned index, char *buf, size_t len) {
  for (; index && *names; names++)
    index -= *names == ' ';
  size_t n = strcspn(names, " ");
  snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), names);
  return buf;
}

static int parse_choice(const struct setting *s, const char *text, uint64_t *out) {
  char name[32];
  for (unsigned i = 0; *nth_name(s->choices, i, name, sizeof name); i++)
    if (!strcmp(text, name)) {
      *out = i;
      return 0;
    }
  return -1;
}

static int parse_fraction(const char *text, double *out) {
  char *end;
  errno = 0;
  *out = strtod(text, &end);
  return errno || end == text || *end || !(*out >= 0) ? -1 : 0;
}

/* A bound of the setting, as its values are written; false when the table
 * itself is wrong (said, so a typo in settings.def never drops a bound). */
static bool bound_of(const struct setting *s, const char *text, uint64_t *v, double *f) {
  if (s->kind == FRACTION ? parse_fraction(text, f) == 0
                          : fh_units_parse(text, (enum fh_unit)s->kind, v) == 0)
    return true;
  fm_log("farhint/settings.def: FARHINT_%s's bound '%s' is not a value of its kind", s->name, text);
  return false;
}

/* Whether v (f for a fraction) lies within the setting's bounds. */
static bool within(const struct setting *s, uint64_t v, double f) {
  uint64_t lo = 0, hi = 0;
  double flo = 0, fhi = 0;
  if (*s->min && (!bound_of(s, s->min, &lo, &flo) || (s->kind == FRACTION ? f < flo : v < lo)))
    return false;
  if (*s->max && (!bound_of(s, s->max, &hi, &fhi) || (s->kind == FRACTION ? f > fhi : v > hi)))
    return false;
  return true;
}

/* Sets the setting's field from text; -1 after saying why. */
static int set(struct fm_config *c, const struct setting *s, const char *text) {
  uint64_t v = 0;
  double f = 0;
  switch (s->kind) {
  case SIZE:
  case TIME:
  case RATE:
  case COUNT:
    if (fh_units_parse(text, (enum fh_unit)s->kind, &v) < 0 ||
        (s->size < sizeof v && v > UINT32_MAX)) {
      fm_log("FARHINT_%s=%s is not %s (examples: %s)", s->name, text,
             fh_units_what((enum fh_unit)s->kind), fh_units_examples((enum fh_unit)s->kind));
      return -1;
    }
    break;
  case FRACTION:
    if (parse_fraction(text, &f) < 0) {
      fm_log("FARHINT_%s=%s is not a fraction (e.g. %s)", s->name, text, s->def);
      return -1;
    }
    break;
  case FLAG: store(c, s, *text && strcmp(text, "0") != 0); return 0;
  case CHOICE:
    if (parse_choice(s, text, &v) < 0) {
      fm_log("FARHINT_%s=%s is not one of: %s", s->name, text, s->choices);
      return -1;
    }
    store(c, s, v);
    return 0;
  case TEXT:
    if (strlen(text) >= s->size) {
      fm_log("FARHINT_%s is longer than %zu bytes", s->name, s->size - 1);
      return -1;
    }
    strcpy((char *)c + s->offset, text);
    return 0;
  }
  if (!within(s, v, f)) {
    if (*s->max)
      fm_log("FARHINT_%s=%s must be between %s and %s", s->name, text, *s->min ? s->min : "0",
             s->max);
    else
      fm_log("FARHINT_%s=%s must be at least %s", s->name, text, s->min);
    return -1;
  }
  if (s->kind == FRACTION)
    *(double *)((char *)c + s->offset) = f;
  else
    store(c, s, v);
  return 0;
}

/* Every setting from its default, then from the environment where set. */
static int read_table(struct fm_config *c) {
  for (const struct setting *s = settings; s < settings + NSETTINGS; s++) {
    char key[64];
    snprintf(key, sizeof key, "FARHINT_%s", s->name);
    const char *env = getenv(key);
    if ((*s->def && set(c, s, s->def) < 0) || (env && *env && set(c, s, env) < 0))
      return -1;
  }
  return 0;
}

/* A file each process of a followed tree writes: "%p" in its name becomes
 * the process id (children inherit the name with "%p" still in it). */
static void per_process(char *path, size_t len) {
  char *at = strstr(path, "%p");
  if (!at)
    return;
  char rest[sizeof((struct fm_config *)0)->trace_file];
  snprintf(rest, sizeof rest, "%s", at + 2);
  snprintf(at, len - (size_t)(at - path), "%d%s", (int)getpid(), rest);
}

/* What the table cannot say: settings that go together or not, and the
 * budget against this machine. */
static int check_combinations(const struct fm_config *c) {
  if (c->ult && c->trace) {
    fm_log("FARHINT_ULT and trace mode do not go together: profile with kernel threads");
    return -1;
  }
  /* Spatial sampling's sets are nested by powers of two (core/meta.h). */
  if (c->trace_spatial & (c->trace_spatial - 1) ||
      c->trace_spatial_up_to & (c->trace_spatial_up_to - 1)) {
    fm_log("FARHINT_TRACE_SPATIAL=%lu, FARHINT_TRACE_SPATIAL_UP_TO=%lu: spatial sampling "
           "takes 1 page in a power of two (1, 2, 4 ... 1024)",
           (unsigned long)c->trace_spatial, (unsigned long)c->trace_spatial_up_to);
    return -1;
  }
  if (c->trace_spatial > 1 && c->trace_spatial_up_to > 1) {
    fm_log("FARHINT_TRACE_SPATIAL and FARHINT_TRACE_SPATIAL_UP_TO do not go together: a "
           "fixed rate, or one rising from 1 page in 1");
    return -1;
  }
  if (c->follow_children && c->trace && !strstr(c->trace_file, "%p")) {
    fm_log("FARHINT_FOLLOW_CHILDREN in trace mode needs %%p (the process id) in "
           "FARHINT_TRACE_FILE: each process writes a trace of its own");
    return -1;
  }
  if (c->trace_slowdown > 0 && (c->trace_slowdown <= 1 || c->trace_local_share <= 0)) {
    fm_log("FARHINT_TRACE_SLOWDOWN=%g: give a slowdown above 1, with a budget that follows "
           "the memory in use (FARHINT_TRACE_LOCAL_SHARE): between windows every page is local",
           c->trace_slowdown);
    return -1;
  }
  int sig = c->trace_start_signal;
  if (sig && (sig > SIGRTMAX || sig == SIGKILL || sig == SIGSTOP || sig == SIGSEGV ||
              sig == SIGBUS || sig == FM_TRACE_SIGNAL)) {
    fm_log("FARHINT_TRACE_START_SIGNAL=%d is not a signal the recorder can take (give "
           "one the program does not use, e.g. %d for SIGUSR2)",
           sig, SIGUSR2);
    return -1;
  }
  /* A budget the machine cannot hold would only end in the OOM killer (and
   * one past far memory is meaningless): refuse it before the program runs. */
  uint64_t machine = (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
  if (c->local_bytes > machine || c->local_bytes > c->far_bytes) {
    fm_log("FARHINT_LOCAL=%lu MiB is more than %s (%lu MiB): give a smaller --local",
           (unsigned long)(c->local_bytes >> 20),
           c->local_bytes > machine ? "this machine's memory" : "far memory (--far-size)",
           (unsigned long)((c->local_bytes > machine ? machine : c->far_bytes) >> 20));
    return -1;
  }
  /* The smallest budget that can work: the pages one hint or fault can hold
   * locked at once plus an eviction batch, with room to spare. */
  uint64_t min_pages = 4ULL * c->evict_batch + FM_ZERO_PAGES;
  if (c->local_bytes / FM_PAGE < min_pages) {
    fm_log("FARHINT_LOCAL=%lu bytes is below the smallest budget this runtime "
           "can work with (%lu pages = %lu KiB with FARHINT_EVICT_BATCH=%u); "
           "give more local memory or a smaller batch",
           (unsigned long)c->local_bytes, (unsigned long)min_pages,
           (unsigned long)(min_pages * FM_PAGE / 1024), c->evict_batch);
    return -1;
  }
  return 0;
}

/* 64 pages: a run of neighbouring victims then fills a chunk of the frame
 * pool with one move. At most an eighth of the budget, so a small one is
 * not evicted in large bites. */
static unsigned default_evict_batch(uint64_t local_bytes) {
  uint64_t eighth = local_bytes / FM_PAGE / 8;
  return eighth < 1 ? 1 : eighth < 64 ? (unsigned)eighth : 64;
}

int fm_config_load(struct fm_config *c) {
  memset(c, 0, sizeof *c);
  c->cores = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
  c->trace_full = FARHINT_TRACE_FULL;
  if (read_table(c) < 0)
    return -1;
  if (!c->evict_batch) /* not given */
    c->evict_batch = default_evict_batch(c->local_bytes);
  if (check_combinations(c) < 0)
    return -1;
  c->far_bytes &= ~(uint64_t)(FM_PAGE - 1);
  per_process(c->trace_file, sizeof c->trace_file);
  per_process(c->stats_file, sizeof c->stats_file);
  return 0;
}

static void lowercase(const char *name, char *buf, size_t len) {
  size_t i = 0;
  for (; name[i] && i + 1 < len; i++)
    buf[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
  buf[i] = 0;
}

/* One setting's value as the statistics show it: with its unit, or as JSON. */
static void describe_value(const struct fm_config *c, const struct setting *s, bool json, char *buf,
                           size_t len) {
  const char *p = (const char *)c + s->offset;
  char choice[32];
  switch (s->kind) {
  case SIZE:
  case TIME:
  case RATE:
  case COUNT: fh_units_format(load(c, s), (enum fh_unit)s->kind, json, buf, len); return;
  case FRACTION: snprintf(buf, len, "%g", *(const double *)p); return;
  case FLAG: snprintf(buf, len, "%s", load(c, s) ? "true" : "false"); return;
  case CHOICE: p = nth_name(s->choices, (unsigned)load(c, s), choice, sizeof choice); break;
  case TEXT: break;
  }
  snprintf(buf, len, json ? "\"%s\"" : "%s", p);
}

/* Writes each setting as name=value (json: "name":value) into buf; the
 * length written, as snprintf counts it. Empty texts are left out of the
 * plain form. */
size_t fm_config_describe(const struct fm_config *c, bool json, char *buf, size_t len) {
  size_t n = 0;
  for (const struct setting *s = settings; s < settings + NSETTINGS; s++) {
    if (s->kind == TEXT && !*((const char *)c + s->offset) && !json)
      continue;
    char name[32], value[600];
    lowercase(s->name, name, sizeof name);
    describe_value(c, s, json, value, sizeof value);
    n += snprintf(buf + n, n < len ? len - n : 0, json ? "%s\"%s\":%s" : "%s%s=%s",
                  n == 0 ? ""
                  : json ? ","
                         : " ",
                  name, value);
  }
  return n;
}
