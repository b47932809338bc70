/* A shared library that holds a program's values and reads them, as
 * libevent's buffers or a database's pages: the program's far memory is
 * touched here, in code the program only calls. */
#include "values.h"

#include <stdlib.h>
#include <string.h>

struct values {
  size_t n;
  unsigned char *data; /* n values of VALUE_BYTES */
};

struct values *values_new(size_t n) {
  struct values *v = malloc(sizeof *v);
  if (!v)
    return NULL;
  v->n = n;
  v->data = malloc(n * VALUE_BYTES);
  if (!v->data) {
    free(v);
    return NULL;
  }
  for (size_t i = 0; i < n; i++)
    for (size_t b = 0; b < VALUE_BYTES; b++)
      v->data[i * VALUE_BYTES + b] = (unsigned char)(i * 31 + b);
  return v;
}

/* The sum of value key's bytes: the read that misses. */
unsigned values_sum(const struct values *v, size_t key) {
  const unsigned char *p = v->data + key % v->n * VALUE_BYTES;
  unsigned sum = 0;
  for (size_t b = 0; b < VALUE_BYTES; b++)
    sum += p[b];
  return sum;
}
