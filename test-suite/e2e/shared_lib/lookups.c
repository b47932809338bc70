/* Looks up random values through libvalues.so: the faults are the
 * library's. USAGE: lookups VALUES LOOKUPS; prints a checksum. */
#include "values.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: lookups VALUES LOOKUPS\n");
    return 2;
  }
  size_t n = strtoul(argv[1], NULL, 0), lookups = strtoul(argv[2], NULL, 0);
  struct values *v = values_new(n);
  if (!v) {
    perror("values_new");
    return 1;
  }
  unsigned long long checksum = 0, x = 88172645463325252ULL;
  for (size_t i = 0; i < lookups; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
    checksum += values_sum(v, (size_t)(x % n)) * (i + 1);
  }
  printf("checksum %llu\n", checksum);
  return 0;
}
