/* values.h -- the library of values.c. */
#pragma once
#include <stddef.h>

#define VALUE_BYTES 1024

struct values;
struct values *values_new(size_t n);
unsigned values_sum(const struct values *v, size_t key);
