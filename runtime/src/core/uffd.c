/* uffd.c -- the userfaultfd calls the runtime makes: open with a probe of
 * the features it needs, register the far region, and the ioctls that map,
 * move, protect and wake pages.
 * Design: docs/design/locking.md. */
#include "core/uffd.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"

#include <fh_uffd_move.h>
#include <fh_uffd_wp_vec.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

uint8_t fm_zero_pages_storage[FM_ZERO_PAGES * FM_PAGE] __attribute__((aligned(4096)));

#ifndef USERFAULTFD_IOC_NEW /* Linux 6.1 headers lack /dev/userfaultfd's ioctl */
#define USERFAULTFD_IOC_NEW _IO(0xAA, 0x00)
#endif

static int open_fd(char *why, size_t why_len) {
  int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    int first = errno;
    int dev = open("/dev/userfaultfd", O_RDWR | O_CLOEXEC);
    if (dev >= 0) {
      fd = ioctl(dev, USERFAULTFD_IOC_NEW, O_CLOEXEC | O_NONBLOCK);
      close(dev);
    }
    if (fd < 0) {
      snprintf(why, why_len, "userfaultfd is not available (%s)%s", strerror(first),
               first == EPERM ? ": run as root, or set "
                                "vm.unprivileged_userfaultfd=1, or give access "
                                "to /dev/userfaultfd"
                              : ": this kernel lacks CONFIG_USERFAULTFD");
      return -1;
    }
  }
  return fd;
}

static bool wp_vec; /* the kernel has UFFDIO_WRITEPROTECT_VEC (kernel-patch/) */

int fm_uffd_open(char *why, size_t why_len, bool *can_move) {
  int fd = open_fd(why, why_len);
  if (fd < 0)
    return -1;
  /* THREAD_ID: trace mode needs to know which thread faulted. MOVE (Linux
   * 6.8) lets frames be recycled (pool.c); a kernel without it refuses the
   * whole request, and an fd takes UFFDIO_API once, so ask again anew. */
  struct uffdio_api api = {.api = UFFD_API, .features = UFFD_FEATURE_THREAD_ID | UFFD_FEATURE_MOVE};
  *can_move = ioctl(fd, UFFDIO_API, &api) == 0;
  if (!*can_move) {
    close(fd);
    if ((fd = open_fd(why, why_len)) < 0)
      return -1;
    api = (struct uffdio_api){.api = UFFD_API, .features = UFFD_FEATURE_THREAD_ID};
    if (ioctl(fd, UFFDIO_API, &api) < 0) {
      snprintf(why, why_len, "UFFDIO_API failed: %s", strerror(errno));
      close(fd);
      return -1;
    }
  }
  if (!(api.features & UFFD_FEATURE_PAGEFAULT_FLAG_WP)) {
    snprintf(why, why_len,
             "userfaultfd lacks write-protect support (features 0x%llx); "
             "dirty tracking needs Linux 5.7 or later",
             (unsigned long long)api.features);
    close(fd);
    return -1;
  }
  return fd;
}

int fm_uffd_register(int uffd, void *base, size_t len, bool wp) {
  struct uffdio_register reg = {
      .range = {.start = (uintptr_t)base, .len = len},
      .mode = UFFDIO_REGISTER_MODE_MISSING | (wp ? UFFDIO_REGISTER_MODE_WP : 0),
  };
  if (ioctl(uffd, UFFDIO_REGISTER, &reg) < 0)
    return -1;
  uint64_t need = (1ULL << _UFFDIO_COPY) | (1ULL << _UFFDIO_WAKE) |
                  (wp ? 1ULL << _UFFDIO_WRITEPROTECT : 1ULL << _UFFDIO_MOVE);
  if ((reg.ioctls & need) != need) {
    errno = ENOTSUP;
    return -1;
  }
  if (wp)
    wp_vec = reg.ioctls & 1ULL << _UFFDIO_WRITEPROTECT_VEC;
  return 0;
}

bool fm_uffd_has_wp_vec(void) { return wp_vec && fm.cfg.vectorized_wp; }

long fm_uffd_writeprotect_vec(int uffd, const struct fm_range *ranges, size_t n) {
  _Static_assert(sizeof(struct fm_range) == sizeof(struct uffdio_range), "the kernel's layout");
  size_t done = 0;
  while (done < n) {
    size_t part = n - done < UFFDIO_WRITEPROTECT_VEC_MAX ? n - done : UFFDIO_WRITEPROTECT_VEC_MAX;
    struct uffdio_writeprotect_vec v = {
        .ranges = (uintptr_t)(ranges + done), .count = part, .mode = UFFDIO_WRITEPROTECT_MODE_WP};
    int rc = ioctl(uffd, UFFDIO_WRITEPROTECT_VEC, &v);
    if (v.done > 0)
      done += (size_t)v.done;
    if (rc < 0 && errno != EAGAIN)
      return -1;
  }
  return (long)done;
}

static __thread bool defer_wakes;

void fm_uffd_defer_wakes(bool on) { defer_wakes = on; }

/* Returns 0 when mapped here, 1 when another path had mapped it (EEXIST),
 * -1 on error. EAGAIN means the mm changed under us (e.g. a concurrent
 * unmap): retry the rest. */
int fm_uffd_copy(int uffd, uintptr_t dst, const void *src, size_t len, bool wp, size_t *copied) {
  size_t done = 0;
  *copied = 0;
  while (done < len) {
    struct uffdio_copy c = {
        .dst = dst + done,
        .src = (uintptr_t)src + done,
        .len = len - done,
        .mode = (wp ? UFFDIO_COPY_MODE_WP : 0) | (defer_wakes ? UFFDIO_COPY_MODE_DONTWAKE : 0),
    };
    fm_stats_count(FM_C_COPY_SYSCALLS, 1);
    if (ioctl(uffd, UFFDIO_COPY, &c) == 0) {
      *copied = len;
      return 0;
    }
    if (c.copy > 0)
      done += (size_t)c.copy;
    *copied = done;
    if (errno == EEXIST)
      return 1;
    if (errno != EAGAIN)
      return -1;
  }
  return 0;
}

/* How many bytes at the start of a move's ranges did move: each page mapped
 * at dst and gone from src. */
static size_t moved_prefix(uintptr_t dst, uintptr_t src, size_t len) {
  unsigned char at_dst[64], at_src[64];
  size_t pages = 0, want = len / FM_PAGE;
  while (pages < want) {
    size_t n = want - pages < sizeof at_dst ? want - pages : sizeof at_dst;
    size_t off = pages * FM_PAGE;
    if (mincore((void *)(dst + off), n * FM_PAGE, at_dst) < 0 ||
        mincore((void *)(src + off), n * FM_PAGE, at_src) < 0)
      return off;
    for (size_t i = 0; i < n; i++, pages++)
      if (!(at_dst[i] & 1) || (at_src[i] & 1))
        return pages * FM_PAGE;
  }
  return len;
}

/* Returns the bytes moved, or -1 when none were. On a short move, what is
 * mapped at dst and gone from src is counted as moved (dst was empty): the
 * kernel has been seen to fail a move it had done (Linux 6.18: an eviction
 * run's pages all in the pool, none reported moved), and an evicting thread
 * that believed it would fault on its own locked victim and wait forever. */
long fm_uffd_move(int uffd, uintptr_t dst, uintptr_t src, size_t len) {
  size_t done = 0;
  int err = 0;
  while (done < len) {
    struct uffdio_move m = {.dst = dst + done,
                            .src = src + done,
                            .len = len - done,
                            .mode = defer_wakes ? UFFDIO_MOVE_MODE_DONTWAKE : 0};
    fm_stats_count(FM_C_MOVE_SYSCALLS, 1);
    if (ioctl(uffd, UFFDIO_MOVE, &m) == 0)
      return (long)len;
    if (m.move > 0)
      done += (size_t)m.move;
    else if ((err = errno) != EAGAIN)
      break;
  }
  size_t arrived = moved_prefix(dst + done, src + done, len - done);
  if (arrived) {
    static _Atomic bool said;
    if (!atomic_exchange(&said, true))
      fm_log("UFFDIO_MOVE failed (%s) after moving %zu more bytes than it reported; "
             "counting them from mincore()",
             strerror(err), arrived);
    done += arrived;
  }
  return done ? (long)done : -1;
}

int fm_uffd_writeprotect(int uffd, uintptr_t addr, size_t len, bool wp) {
  struct uffdio_writeprotect w = {
      .range = {.start = addr, .len = len},
      .mode = wp            ? UFFDIO_WRITEPROTECT_MODE_WP
              : defer_wakes ? UFFDIO_WRITEPROTECT_MODE_DONTWAKE
                            : 0,
  };
  while (ioctl(uffd, UFFDIO_WRITEPROTECT, &w) < 0) {
    if (errno == ENOENT || errno == ESRCH)
      return 0; /* the range is gone (unmapped, or the process exits): no write can come */
    if (errno != EAGAIN)
      return -1;
  }
  return 0;
}

void fm_uffd_unprotect(uintptr_t addr, size_t len) {
  uint64_t t0 = fm_stats_now_ns();
  if (fm_uffd_writeprotect(fm.uffd, addr, len, false) < 0)
    fm_log_die("UFFDIO_WRITEPROTECT (clear) at %#lx failed: %s", (unsigned long)addr,
               strerror(errno));
  fm_stats_count(FM_C_UNPROTECT_SYSCALLS, 1);
  fm_stats_time_add(FM_T_UNPROTECT, t0);
}

int fm_uffd_wake(int uffd, uintptr_t addr, size_t len) {
  struct uffdio_range r = {.start = addr, .len = len};
  fm_stats_count(FM_C_WAKE_SYSCALLS, 1);
  return ioctl(uffd, UFFDIO_WAKE, &r);
}
