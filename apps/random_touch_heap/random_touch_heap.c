/* random_touch_heap -- the process-pager's random-access workload: a heap
 * of objects of 64 B-4 KiB (MiB in all); touches of random objects for
 * SECONDS, nine in ten among the tenth of them that is hot, the rest among
 * the next two fifths; the other half was allocated and filled, and is not
 * used again until the end. A touch reads the object and writes back what it holds, so
 * the data, and the checksum, do not depend on how many touches ran.
 * USAGE: random_touch_heap MiB SECONDS   prints units_per_s (touches) and "checksum <hex>" */
#include "workload.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct object {
  uint32_t len; /* words */
  uint64_t w[];
};

int main(int argc, char **argv) {
  size_t mib;
  double seconds;
  workload_size_and_time(argc, argv, &mib, &seconds);
  size_t cap = (mib << 20) / 512, count = 0, bytes = 0;
  struct object **objs = malloc(cap * sizeof *objs);
  while (bytes < mib << 20 && count < cap) {
    uint32_t len = 8 + (uint32_t)(small_value(count) % 505); /* 64 B .. 4 KiB */
    struct object *o = malloc(sizeof *o + len * sizeof o->w[0]);
    o->len = len;
    for (uint32_t k = 0; k < len; k++)
      o->w[k] = small_value(count * 512 + k);
    objs[count++] = o;
    bytes += sizeof *o + len * sizeof o->w[0];
  }
  size_t hot = count / 10 ? count / 10 : 1;
  if (count < 2)
    return 1;
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  uint64_t rng = 0x2545f4914f6cdd1dULL, units = 0, sink = 0;
  while (workload_seconds(&start) < seconds) {
    for (int t = 0; t < 1024; t++) {
      uint64_t r = xorshift(&rng);
      /* hot: every 10th object of the first half; warm: the rest of it */
      size_t i = r % 10 ? (r >> 8) % hot * 5 % (count / 2) : (r >> 8) % (count / 2);
      struct object *o = objs[i];
      uint32_t k = (uint32_t)(r >> 40) % o->len;
      sink += o->w[k];
      o->w[k] = small_value(i * 512 + k);
    }
    units += 1024;
  }
  double took = workload_seconds(&start);
  uint64_t check = 0;
  for (size_t i = 0; i < count; i++)
    check = workload_checksum(check, objs[i]->w, objs[i]->len);
  workload_finish((double)units / took, sink, check);
  return 0;
}
