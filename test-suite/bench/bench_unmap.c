/* Vectorized unmap against per-page madvise: DONTNEED of B scattered pages
 * (every other page, so no two merge into one range) with one
 * process_madvise over an iovec, or with B madvise calls. Both are measured
 * alternately in one run; pages are re-touched (untimed) between rounds.
 * With "busy", a sibling thread spins on another core in the same address
 * space, as the runtime's and the program's threads do: every unmap must
 * then shoot down that core's TLB, which one vectorized call does once.
 * USAGE: bench_unmap [ROUNDS] [busy]   prints pages/s for each and the ratio. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static volatile int stop;
static void *spin(void *arg) {
  volatile long *x = arg;
  while (!stop)
    (*x)++;
  return NULL;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 2000;
  int busy = argc > 2 && !strcmp(argv[2], "busy");
  static long counter;
  pthread_t sibling;
  if (busy)
    pthread_create(&sibling, NULL, spin, &counter);
  int pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
  char *region =
      mmap(NULL, 2 * 64 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pidfd < 0 || region == MAP_FAILED) {
    perror("bench_unmap: setup");
    return 1;
  }
  madvise(region, 2 * 64 * PAGE, MADV_NOHUGEPAGE);
  static const int batches[] = {1, 8, 16, 32, 64};
  printf("%6s %16s %16s %8s\n", "batch", "madvise pages/s", "vector pages/s", "ratio");
  for (unsigned b = 0; b < sizeof batches / sizeof *batches; b++) {
    int n = batches[b];
    struct iovec iov[64];
    for (int i = 0; i < n; i++)
      iov[i] = (struct iovec){region + 2 * i * PAGE, PAGE};
    double t_single = 0, t_vector = 0;
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < n; i++)
        region[2 * i * PAGE] = 1;
      double t0 = now();
      for (int i = 0; i < n; i++)
        madvise(iov[i].iov_base, PAGE, MADV_DONTNEED);
      t_single += now() - t0;
      for (int i = 0; i < n; i++)
        region[2 * i * PAGE] = 1;
      t0 = now();
      if (syscall(SYS_process_madvise, pidfd, iov, n, MADV_DONTNEED, 0) != (long)n * PAGE) {
        perror("process_madvise");
        return 1;
      }
      t_vector += now() - t0;
    }
    double pages = (double)n * rounds;
    printf("%6d %16.0f %16.0f %8.2f\n", n, pages / t_single, pages / t_vector, t_single / t_vector);
  }
  stop = 1;
  if (busy)
    pthread_join(sibling, NULL);
  return 0;
}
