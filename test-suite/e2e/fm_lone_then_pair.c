/* One thread faults alone, then a second thread faults while the first
 * computes without faulting. Under farhint run the control thread moves
 * beside the lone thread to serve its faults, and must not slow it down;
 * once there are two, it must serve the second thread's as promptly.
 * USAGE: fm_lone_then_pair MiB
 * prints "sum <value> lone_ms <ms> second_ms <ms>": the times of the lone
 * thread's pass and of the second thread's, each reading every page. */
#include <farhint/hint.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define PAGE_LONGS (4096 / sizeof(long))

static long *buf;
static size_t pages;
static atomic_bool second_done;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Each page is touched without a hint (a fault the control thread
 * serves), then through one, as code the pass hints next to library code
 * it cannot does: the hint must not find the page still held by the
 * fault's service. */
static long read_every_page(void) {
  long sum = 0;
  for (size_t p = 0; p < pages; p++) {
    sum += ((const volatile long *)buf)[p * PAGE_LONGS];
    hint_fault(&buf[p * PAGE_LONGS + 1], 0, sizeof(long), 0, 0, 0);
    sum += buf[p * PAGE_LONGS + 1];
  }
  return sum;
}

static void *second(void *out) {
  *(long *)out = read_every_page();
  atomic_store(&second_done, true);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s MiB\n", argv[0]);
    return 2;
  }
  pages = ((size_t)atol(argv[1]) << 20) / 4096;
  buf = malloc(pages * 4096);
  for (size_t p = 0; p < pages; p++) { /* more than fits: the first pages go far */
    buf[p * PAGE_LONGS] = (long)p;
    buf[p * PAGE_LONGS + 1] = 1;
  }
  double t0 = now_ms();
  long sum = read_every_page();
  double lone_ms = now_ms() - t0;

  long second_sum = 0;
  pthread_t t;
  t0 = now_ms();
  if (pthread_create(&t, NULL, second, &second_sum) != 0)
    return 1;
  volatile unsigned long spin = 0; /* the first thread keeps its core busy */
  while (!atomic_load(&second_done))
    spin++;
  double second_ms = now_ms() - t0;
  pthread_join(t, NULL);
  printf("sum %ld lone_ms %.0f second_ms %.0f\n", sum + second_sum, lone_ms, second_ms);
  return 0;
}
