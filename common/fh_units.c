/* fh_units.c -- see fh_units.h. */
#include "fh_units.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct suffix {
  const char *name;
  double mult;
};

/* Any case is taken; the first of each multiple is how values are shown. */
static const struct suffix sizes[] = {
    {"B", 1},        {"", 1},        {"K", 0x1p10},   {"KB", 0x1p10},  {"KiB", 0x1p10},
    {"M", 0x1p20},   {"MB", 0x1p20}, {"MiB", 0x1p20}, {"G", 0x1p30},   {"GB", 0x1p30},
    {"GiB", 0x1p30}, {"T", 0x1p40},  {"TB", 0x1p40},  {"TiB", 0x1p40}, {NULL, 0}};
static const struct suffix times[] = {{"ns", 1},   {"", 1},    {"us", 1e3},
                                      {"ms", 1e6}, {"s", 1e9}, {NULL, 0}};
static const struct suffix rates[] = {{"bit", 1},    {"", 1},       {"kbit", 1e3},
                                      {"mbit", 1e6}, {"gbit", 1e9}, {NULL, 0}};
static const struct suffix counts[] = {{"", 1}, {NULL, 0}};

static const struct {
  const struct suffix *suffixes;
  const char *what, *examples;
} kinds[] = {
    [FH_UNIT_SIZE] = {sizes, "a size", "512M, 2G, 1048576"},
    [FH_UNIT_TIME] = {times, "a time", "5us, 200ns, 0"},
    [FH_UNIT_RATE] = {rates, "a rate", "100gbit, 25gbit, 0"},
    [FH_UNIT_COUNT] = {counts, "a whole number", "32, 1024"},
};

static const char *skip_digits(const char *p) {
  while (isdigit((unsigned char)*p))
    p++;
  return p;
}

/* The end of the number at p, or p itself when none starts there. */
static const char *number_end(const char *p) {
  const char *q = skip_digits(p);
  if (q == p)
    return p;
  if (*q == '.')
    q = skip_digits(q + 1);
  const char *e = q + 1 + (q[1] == '+' || q[1] == '-');
  if ((*q == 'e' || *q == 'E') && isdigit((unsigned char)*e))
    q = skip_digits(e);
  return q;
}

int fh_units_parse(const char *text, enum fh_unit kind, uint64_t *out) {
  const char *p = text;
  while (isspace((unsigned char)*p))
    p++;
  const char *end = number_end(p);
  if (end == p)
    return -1;
  double value = strtod(p, NULL); /* the runtime reads it before main: the C locale */
  while (isspace((unsigned char)*end))
    end++;
  size_t len = strlen(end);
  while (len && isspace((unsigned char)end[len - 1]))
    len--;
  /* A time with no unit would be read as nanoseconds, which nobody means by
   * "10": only 0 goes without one. */
  if (kind == FH_UNIT_TIME && !len && value != 0)
    return -1;
  for (const struct suffix *s = kinds[kind].suffixes; s->name; s++) {
    if (strlen(s->name) != len || strncasecmp(end, s->name, len))
      continue;
    double v = value * s->mult;
    if (!(v < 0x1p64) || (kind == FH_UNIT_COUNT && (double)(uint64_t)v != v))
      return -1;
    *out = (uint64_t)v;
    return 0;
  }
  return -1;
}

void fh_units_format(uint64_t v, enum fh_unit kind, bool bare, char *buf, size_t len) {
  const struct suffix *best = NULL;
  for (const struct suffix *s = kinds[kind].suffixes; s->name && !bare && v; s++) {
    uint64_t mult = (uint64_t)s->mult;
    if (v % mult == 0 && (!best || mult > (uint64_t)best->mult))
      best = s;
  }
  snprintf(buf, len, "%llu%s", (unsigned long long)(best ? v / (uint64_t)best->mult : v),
           best ? best->name : "");
}

const char *fh_units_what(enum fh_unit kind) { return kinds[kind].what; }

const char *fh_units_examples(enum fh_unit kind) { return kinds[kind].examples; }
