/* interactive_burst -- the process-pager's phase-structured workload: an
 * application that loaded its state (half of MiB, read once at start and
 * checked at the end) serves bursts of work on its session data (the other
 * half): 50 ms of random read-modify-writes, then 50 ms idle, for SECONDS.
 * Each write stores what its word must hold, so the data, and the
 * checksum, do not depend on how much work was done.
 * USAGE: interactive_burst MiB SECONDS   prints units_per_s and "checksum <hex>" */
#include "workload.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  size_t mib;
  double seconds;
  workload_size_and_time(argc, argv, &mib, &seconds);
  size_t n = mib << 17, half = n / 2; /* 64-bit words */
  uint64_t *data = malloc(n * sizeof *data);
  if (!data) {
    perror("malloc");
    return 1;
  }
  for (size_t i = 0; i < n; i++)
    data[i] = small_value(i);
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  uint64_t rng = 88172645463325252ULL, units = 0, sink = 0;
  while (workload_seconds(&start) < seconds) {
    struct timespec burst;
    clock_gettime(CLOCK_MONOTONIC, &burst);
    while (workload_seconds(&burst) < 0.05) {
      for (int k = 0; k < 256; k++) {
        size_t i = half + xorshift(&rng) % (n - half);
        sink += data[i];
        data[i] = small_value(i); /* what it held: the work leaves the data as it was */
      }
      units += 256;
    }
    struct timespec idle = {0, 50 * 1000 * 1000};
    nanosleep(&idle, NULL);
  }
  double took = workload_seconds(&start);
  workload_finish((double)units / took, sink, workload_checksum(0, data, n));
  return 0;
}
