/* Fault throughput (Eden Fig. 8b): THREADS threads each read one byte from
 * every page of their own MiB-sized far region, after all regions were
 * written and pushed out to far memory, so every read is a fetch. hint
 * precedes each read with hint_fault (served on the thread, no trap); nohint
 * leaves each read to fault into userfaultfd (served by the control thread).
 * Run it under `farhint run` with a budget well below THREADS * MiB.
 * USAGE: bench_fault_rate MiB THREADS hint|nohint
 * prints "pages <n> seconds <s> faults_per_s <rate>" */
#include <farhint/hint.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PAGE 4096

static size_t pages_per_thread;
static int hinted;
static pthread_barrier_t start;
/* When the first thread passed the barrier: the clock starts there, not when
 * main passes it (a user-level main may run only after threads finished). */
static _Atomic double first_start;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *reader(void *arg) {
  const char *region = arg;
  long sum = 0;
  pthread_barrier_wait(&start);
  double none = 0;
  atomic_compare_exchange_strong(&first_start, &none, now());
  for (size_t p = 0; p < pages_per_thread; p++) {
    const char *b = region + p * PAGE;
    if (hinted)
      hint_fault(b, 0, 1, 0, 0, 0);
    sum += *(const volatile char *)b;
  }
  return (void *)sum;
}

int main(int argc, char **argv) {
  if (argc != 4 || (strcmp(argv[3], "hint") && strcmp(argv[3], "nohint"))) {
    fprintf(stderr, "usage: %s MiB THREADS hint|nohint\n", argv[0]);
    return 2;
  }
  pages_per_thread = ((size_t)atol(argv[1]) << 20) / PAGE;
  int threads = atoi(argv[2]);
  hinted = !strcmp(argv[3], "hint");
  if (pages_per_thread == 0 || threads < 1 || threads > 1024) {
    fprintf(stderr, "MiB must be > 0 and THREADS between 1 and 1024\n");
    return 2;
  }
  char **regions = malloc(threads * sizeof *regions);
  for (int t = 0; t < threads; t++) {
    regions[t] = malloc(pages_per_thread * PAGE);
    for (size_t p = 0; p < pages_per_thread; p++)
      regions[t][p * PAGE] = (char)(p + 1); /* far copy holds data */
  }
  pthread_barrier_init(&start, NULL, threads + 1);
  pthread_t *tid = malloc(threads * sizeof *tid);
  for (int t = 0; t < threads; t++)
    pthread_create(&tid[t], NULL, reader, regions[t]);
  pthread_barrier_wait(&start);
  long sum = 0;
  for (int t = 0; t < threads; t++) {
    void *r;
    pthread_join(tid[t], &r);
    sum += (long)r;
  }
  double s = now() - first_start;
  size_t pages = pages_per_thread * threads;
  printf("pages %zu seconds %.4f faults_per_s %.0f checksum %ld\n", pages, s, pages / s, sum);
  return 0;
}
