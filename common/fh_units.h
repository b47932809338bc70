/* fh_units.h -- sizes, times and rates as users type them ("512M", "5us",
 * "100gbit"): the one parser of the runtime and the memory server. Its
 * cases are common/units-cases.tsv, which the Python CLI's parser
 * (profile-tools/farhint/units.py) is tested on as well. */
#ifndef FH_UNITS_H
#define FH_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum fh_unit {
  FH_UNIT_SIZE,  /* bytes: 4096, 512K, 2G, 1.5GiB, 1t (binary multiples) */
  FH_UNIT_TIME,  /* nanoseconds: 200, 200ns, 5us, 1.5ms, 2s */
  FH_UNIT_RATE,  /* bits per second: 1e9, 100gbit, 25Gbit, 800mbit */
  FH_UNIT_COUNT, /* a whole number: 32, 1e3 */
};

/* 0 with *out set, or -1 when text is not a value of that kind: a number
 * (digits, an optional fraction and exponent), then one of the kind's
 * suffixes in any case, spaces allowed around; never negative, never past
 * 2^64 - 1. */
int fh_units_parse(const char *text, enum fh_unit kind, uint64_t *out);

/* v as text: with the largest suffix that divides it exactly ("256M",
 * "5us", "100gbit"), or the bare number when bare is set. */
void fh_units_format(uint64_t v, enum fh_unit kind, bool bare, char *buf, size_t len);

/* What the kind is called and examples of it, for messages:
 * "a size", "512M, 2G, 1048576". */
const char *fh_units_what(enum fh_unit kind);
const char *fh_units_examples(enum fh_unit kind);

#ifdef __cplusplus
}
#endif

#endif
