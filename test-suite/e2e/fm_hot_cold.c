/* A hot set reused every round next to a cold scan that is never reused:
 * the workload a recency policy exists for. The hot pages are read through
 * hints (so the runtime counts their faults as hinted), the cold pages
 * without (unhinted faults), so the statistics tell how often the policy
 * evicted the hot set.
 * USAGE: fm_hot_cold HOT_MiB COLD_MiB_PER_ROUND ROUNDS
 * prints "sum <value>" */
#include <farhint/hint.h>
#include <stdio.h>
#include <stdlib.h>

#define PAGE_LONGS (4096 / sizeof(long))

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s HOT_MiB COLD_MiB_PER_ROUND ROUNDS\n", argv[0]);
    return 2;
  }
  size_t hot_pages = ((size_t)atol(argv[1]) << 20) / 4096;
  size_t cold_pages = ((size_t)atol(argv[2]) << 20) / 4096;
  int rounds = atoi(argv[3]);
  long *hot = malloc(hot_pages * 4096);
  long *cold = malloc(cold_pages * rounds * 4096);
  for (size_t p = 0; p < hot_pages; p++)
    hot[p * PAGE_LONGS] = (long)p;
  long sum = 0;
  for (int r = 0; r < rounds; r++) {
    const long *chunk = cold + (size_t)r * cold_pages * PAGE_LONGS;
    for (size_t p = 0; p < cold_pages; p++)
      sum += ((const volatile long *)chunk)[p * PAGE_LONGS];
    for (size_t p = 0; p < hot_pages; p++) {
      hint_fault(&hot[p * PAGE_LONGS], 0, sizeof(long), 0, 0, 0);
      sum += hot[p * PAGE_LONGS];
    }
  }
  printf("sum %ld\n", sum);
  return 0;
}
