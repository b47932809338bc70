/* anon_streamer -- the process-pager's streaming workload: an anonymous
 * buffer of MiB, written once; the program then streams (reads, and
 * writes back what each word must hold) over its last quarter, the live
 * window, again and again for SECONDS, while the rest stays as it was
 * written. The data, and the checksum, do not depend on how many passes ran.
 * USAGE: anon_streamer MiB SECONDS   prints units_per_s (MiB streamed) and "checksum <hex>" */
#include "workload.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>

int main(int argc, char **argv) {
  size_t mib;
  double seconds;
  workload_size_and_time(argc, argv, &mib, &seconds);
  size_t n = mib << 17, live = n - n / 4;
  uint64_t *buf =
      mmap(NULL, n * sizeof *buf, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED) {
    perror("mmap");
    return 1;
  }
  for (size_t i = 0; i < n; i++)
    buf[i] = small_value(i);
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  uint64_t sink = 0;
  double streamed = 0;
  while (workload_seconds(&start) < seconds) {
    for (size_t i = live; i < n; i++) {
      sink += buf[i];
      buf[i] = small_value(i);
    }
    streamed += (double)(n - live) * sizeof *buf / 1048576.0;
  }
  double took = workload_seconds(&start);
  workload_finish(streamed / took, sink, workload_checksum(0, buf, n));
  return 0;
}
