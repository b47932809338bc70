/* bench_churn.c -- the allocation pattern of a pipeline (issue 22): buffers
 * are allocated, filled once, read back once some hundreds of megabytes later
 * and freed. A ring of LIVE buffers: each step frees the oldest after checking
 * its contents, then allocates and fills a new one.
 *
 * Usage: bench_churn TOTAL_MIB [BUF_KIB [LIVE]]   (defaults 4096, 256, 1024)
 * Prints the bytes churned, a checksum of everything read back, and the time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t word(uint64_t buf, uint64_t i) { return (buf * 0x9E3779B97F4A7C15ull) ^ i; }

static void fill(uint64_t *b, size_t words, uint64_t id) {
  for (size_t i = 0; i < words; i++)
    b[i] = word(id, i);
}

/* Sums the buffer and checks every word: a lost write is an error, not a
 * different checksum. */
static uint64_t check(const uint64_t *b, size_t words, uint64_t id) {
  uint64_t sum = 0;
  for (size_t i = 0; i < words; i++) {
    if (b[i] != word(id, i)) {
      fprintf(stderr, "bench_churn: buffer %lu word %zu is %#lx, expected %#lx\n",
              (unsigned long)id, i, (unsigned long)b[i], (unsigned long)word(id, i));
      exit(1);
    }
    sum += b[i];
  }
  return sum;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4) {
    fprintf(stderr, "usage: %s TOTAL_MIB [BUF_KIB [LIVE]]\n", argv[0]);
    return 2;
  }
  uint64_t total = strtoull(argv[1], NULL, 0) << 20;
  size_t buf_bytes = (argc > 2 ? strtoull(argv[2], NULL, 0) : 256) << 10;
  size_t live = argc > 3 ? strtoull(argv[3], NULL, 0) : 1024;
  size_t words = buf_bytes / sizeof(uint64_t);
  uint64_t nbufs = total / buf_bytes;
  if (!words || !live || nbufs < live) {
    fprintf(stderr, "bench_churn: TOTAL_MIB must hold at least LIVE buffers\n");
    return 2;
  }
  uint64_t **ring = calloc(live, sizeof *ring);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t sum = 0;
  for (uint64_t id = 0; id < nbufs; id++) {
    size_t slot = id % live;
    if (ring[slot]) {
      sum += check(ring[slot], words, id - live);
      free(ring[slot]);
    }
    ring[slot] = malloc(buf_bytes);
    fill(ring[slot], words, id);
  }
  for (uint64_t id = nbufs - live; id < nbufs; id++) {
    sum += check(ring[id % live], words, id);
    free(ring[id % live]);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("churned %lu MiB in %zu KiB buffers, %zu live\nchecksum %#lx\nseconds %.3f\n",
         (unsigned long)(total >> 20), buf_bytes >> 10, live, (unsigned long)sum,
         (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  free(ring);
  return 0;
}
