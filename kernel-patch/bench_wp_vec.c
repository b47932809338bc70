/* Pages per second write-protected and unmapped, vectorized against one
 * call per page, at batch sizes 1..64 (Eden's Fig. 8a), in a kernel with
 * the patches of this directory. A second thread keeps the process
 * running on another CPU, so every TLB flush is a shootdown of that CPU,
 * as in a multi-threaded program. Batches are scattered: every other page.
 * USAGE: bench_wp_vec [ROUNDS]   prints one line per kind and batch size */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096L
#define MAX_BATCH 64
#define SPAN (2 * MAX_BATCH) /* pages a batch is scattered over */

static int uffd, pidfd;
static char *area;
static volatile bool stop;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void die(const char *what) {
  fprintf(stderr, "bench_wp_vec: %s: %s\n", what, strerror(errno));
  exit(1);
}

static void *other_cpu(void *arg) {
  volatile long *x = arg;
  while (!stop)
    (*x)++;
  return NULL;
}

static void protect(uintptr_t start, long len, bool wp) {
  struct uffdio_writeprotect w = {.range = {start, (uint64_t)len},
                                  .mode = wp ? UFFDIO_WRITEPROTECT_MODE_WP : 0};
  if (ioctl(uffd, UFFDIO_WRITEPROTECT, &w))
    die("UFFDIO_WRITEPROTECT");
}

/* Seconds to write-protect the batch's pages, vectorized or one by one. */
static double write_protect(int batch, bool vectorized) {
  struct uffdio_range r[MAX_BATCH];
  for (int i = 0; i < batch; i++)
    r[i] = (struct uffdio_range){(uintptr_t)area + 2 * i * PAGE, PAGE};
  double t0 = now_s();
  if (vectorized) {
    struct uffdio_writeprotect_vec v = {
        .ranges = (uintptr_t)r, .count = (uint64_t)batch, .mode = UFFDIO_WRITEPROTECT_MODE_WP};
    if (ioctl(uffd, UFFDIO_WRITEPROTECT_VEC, &v))
      die("UFFDIO_WRITEPROTECT_VEC");
  } else {
    for (int i = 0; i < batch; i++)
      protect(r[i].start, PAGE, true);
  }
  double took = now_s() - t0;
  protect((uintptr_t)area, SPAN * PAGE, false);
  return took;
}

/* Seconds to unmap the batch's pages, vectorized or one by one. */
static double unmap(int batch, bool vectorized) {
  struct iovec iov[MAX_BATCH];
  for (int i = 0; i < batch; i++) {
    iov[i] = (struct iovec){area + 2 * i * PAGE, PAGE};
    *(volatile char *)iov[i].iov_base = 1; /* mapped again */
  }
  double t0 = now_s();
  if (vectorized) {
    if (syscall(SYS_process_madvise, pidfd, iov, batch, MADV_DONTNEED, 0) != batch * PAGE)
      die("process_madvise(MADV_DONTNEED)");
  } else {
    for (int i = 0; i < batch; i++)
      if (madvise(iov[i].iov_base, PAGE, MADV_DONTNEED))
        die("madvise");
  }
  return now_s() - t0;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 200;
  uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC);
  pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
  struct uffdio_api api = {.api = UFFD_API};
  if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api))
    die("userfaultfd");
  area = mmap(NULL, SPAN * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memset(area, 1, SPAN * PAGE);
  struct uffdio_register reg = {.range = {(uintptr_t)area, SPAN * PAGE},
                                .mode = UFFDIO_REGISTER_MODE_WP};
  if (ioctl(uffd, UFFDIO_REGISTER, &reg))
    die("UFFDIO_REGISTER");
  if (!(reg.ioctls & (1ULL << _UFFDIO_WRITEPROTECT_VEC))) {
    fprintf(stderr, "bench_wp_vec: this kernel has no UFFDIO_WRITEPROTECT_VEC\n");
    return 1;
  }
  long spin = 0;
  pthread_t t;
  pthread_create(&t, NULL, other_cpu, &spin);
  usleep(10000);
  static const int batches[] = {1, 8, 16, 32, 64};
  for (unsigned b = 0; b < sizeof batches / sizeof batches[0]; b++) {
    int n = batches[b];
    double wp[2] = {0, 0}, un[2] = {0, 0};
    for (int r = 0; r < rounds; r++)
      for (int v = 0; v < 2; v++) {
        wp[v] += write_protect(n, v);
        un[v] += unmap(n, v);
      }
    double pages = (double)n * rounds;
    printf("batch %d write_protect per_page %.0f vectorized %.0f pages/s (x%.2f) "
           "unmap per_page %.0f vectorized %.0f pages/s (x%.2f)\n",
           n, pages / wp[0], pages / wp[1], wp[0] / wp[1], pages / un[0], pages / un[1],
           un[0] / un[1]);
  }
  stop = true;
  pthread_join(t, NULL);
  return 0;
}
