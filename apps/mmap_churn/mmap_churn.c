/* mmap_churn -- the process-pager's mapping-churn workload: short-lived
 * anonymous mappings of 1-4 MiB, at most MiB of them live at once; each is
 * mapped, filled, summed and unmapped, oldest first, for SECONDS. The
 * checksum is of a last mapping of fixed size and contents, so it does
 * not depend on how many ran.
 * USAGE: mmap_churn MiB SECONDS   prints units_per_s (mappings) and "checksum <hex>" */
#include "workload.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>

#define LIVE_MAX 64

struct mapping {
  uint64_t *p;
  size_t words;
};

static struct mapping map_and_fill(size_t words, uint64_t seed) {
  uint64_t *p = mmap(NULL, words * 8, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  for (size_t i = 0; i < words; i++)
    p[i] = small_value(seed + i);
  return (struct mapping){p, words};
}

int main(int argc, char **argv) {
  size_t mib;
  double seconds;
  workload_size_and_time(argc, argv, &mib, &seconds);
  struct mapping live[LIVE_MAX];
  size_t nlive = 0, first = 0, live_bytes = 0;
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  uint64_t rng = 0x853c49e6748fea9bULL, units = 0, sink = 0;
  while (workload_seconds(&start) < seconds) {
    size_t words = ((1 + xorshift(&rng) % 4) << 20) / 8;
    while (nlive && (live_bytes + words * 8 > mib << 20 || nlive == LIVE_MAX)) {
      struct mapping *m = &live[first];
      for (size_t i = 0; i < m->words; i += 512)
        sink += m->p[i];
      munmap(m->p, m->words * 8);
      live_bytes -= m->words * 8;
      first = (first + 1) % LIVE_MAX, nlive--;
    }
    live[(first + nlive++) % LIVE_MAX] = map_and_fill(words, units);
    live_bytes += words * 8;
    units++;
  }
  double took = workload_seconds(&start);
  struct mapping last = map_and_fill((2 << 20) / 8, 42);
  workload_finish((double)units / took, sink, workload_checksum(0, last.p, last.words));
  return 0;
}
