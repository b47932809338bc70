/* How a page read over rdma can be placed in a far region (issue 18: as
 * few copies as the kernel allows). The runtime reads into a registered
 * buffer and maps the page with UFFDIO_COPY (one copy). Zero-copy would
 * move the buffer's page into place with UFFDIO_MOVE -- but a registered
 * page is pinned, which UFFDIO_MOVE refuses -- or register each page it
 * reads into, paying a registration per fetch. This measures whether
 * UFFDIO_MOVE takes a page pinned as a registration pins it (long-term
 * FOLL_PIN: here by io_uring's registered buffers, which need no device),
 * and the cost per 4 KiB page of UFFDIO_COPY, of UFFDIO_MOVE from an
 * unpinned page (Linux 6.8+), and, on the first rdma device, of
 * ibv_reg_mr + ibv_dereg_mr of one page. What the kernel lacks is said.
 * USAGE: bench_rdma_place [ITERATIONS] */
#include <fh_uffd_move.h>

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <linux/io_uring.h>
#include <linux/userfaultfd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096UL

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static void *map(size_t len) {
  void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  return p;
}

/* A userfaultfd over area, with UFFDIO_MOVE if the kernel has it. */
static int uffd_over(void *area, size_t len, bool *can_move) {
  int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC);
  struct uffdio_api api = {.api = UFFD_API, .features = UFFD_FEATURE_MOVE};
  *can_move = fd >= 0 && ioctl(fd, UFFDIO_API, &api) == 0;
  if (!*can_move) {
    close(fd);
    fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC);
    api = (struct uffdio_api){.api = UFFD_API};
    if (fd < 0 || ioctl(fd, UFFDIO_API, &api)) {
      perror("userfaultfd");
      exit(1);
    }
  }
  struct uffdio_register reg = {.range = {(uintptr_t)area, len},
                                .mode = UFFDIO_REGISTER_MODE_MISSING};
  if (ioctl(fd, UFFDIO_REGISTER, &reg)) {
    perror("UFFDIO_REGISTER");
    exit(1);
  }
  return fd;
}

/* Pins page long-term, as ibv_reg_mr does, for the rest of the run. */
static void pin(void *page) {
  struct io_uring_params params = {0};
  int ring = (int)syscall(__NR_io_uring_setup, 1, &params);
  struct iovec iov = {page, PAGE};
  if (ring < 0 || syscall(__NR_io_uring_register, ring, IORING_REGISTER_BUFFERS, &iov, 1) < 0) {
    perror("io_uring registered buffer");
    exit(1);
  }
}

static int move_page(int uffd, void *dst, void *src) {
  struct uffdio_move m = {.dst = (uintptr_t)dst, .src = (uintptr_t)src, .len = PAGE};
  return ioctl(uffd, UFFDIO_MOVE, &m);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000;
  uint8_t *dst = map((size_t)n * PAGE), *src = map((size_t)n * PAGE);
  bool can_move;
  int uffd = uffd_over(dst, (size_t)n * PAGE, &can_move);
  memset(src, 1, (size_t)n * PAGE);

  if (can_move) { /* a pinned page: can UFFDIO_MOVE take it? */
    uint8_t *pinned = map(PAGE);
    memset(pinned, 1, PAGE);
    pin(pinned); /* for the rest of the run */
    int rc = move_page(uffd, dst, pinned);
    printf("move_pinned %s\n", rc == 0 ? "moved" : strerror(errno));
    if (rc == 0)
      madvise(dst, PAGE, MADV_DONTNEED);
  } else {
    printf("move_pinned no UFFDIO_MOVE in this kernel (6.8+)\n");
  }

  double t0 = now_us();
  for (int i = 0; i < n; i++) {
    struct uffdio_copy c = {
        .dst = (uintptr_t)dst + (uintptr_t)i * PAGE, .src = (uintptr_t)src, .len = PAGE};
    if (ioctl(uffd, UFFDIO_COPY, &c)) {
      perror("UFFDIO_COPY");
      return 1;
    }
  }
  printf("copy_us %.2f\n", (now_us() - t0) / n);
  madvise(dst, (size_t)n * PAGE, MADV_DONTNEED);

  if (can_move) {
    t0 = now_us();
    for (int i = 0; i < n; i++)
      if (move_page(uffd, dst + (size_t)i * PAGE, src + (size_t)i * PAGE)) {
        perror("UFFDIO_MOVE");
        return 1;
      }
    printf("move_us %.2f\n", (now_us() - t0) / n);
  }

  struct ibv_device **devs = ibv_get_device_list(NULL);
  struct ibv_context *ctx = devs && devs[0] ? ibv_open_device(devs[0]) : NULL;
  struct ibv_pd *pd = ctx ? ibv_alloc_pd(ctx) : NULL;
  if (!pd) {
    printf("register_us no rdma device\n");
    return 0;
  }
  uint8_t *buf = map((size_t)n * PAGE);
  memset(buf, 1, (size_t)n * PAGE);
  t0 = now_us();
  for (int i = 0; i < n; i++) {
    struct ibv_mr *m = ibv_reg_mr(pd, buf + (size_t)i * PAGE, PAGE, IBV_ACCESS_LOCAL_WRITE);
    if (!m || ibv_dereg_mr(m)) {
      perror("ibv_reg_mr");
      return 1;
    }
  }
  printf("register_us %.2f\n", (now_us() - t0) / n);
  return 0;
}
