/* uffd.c -- the userfaultfd calls the runtime makes: open with a probe of
 * the features it needs, register the far region, and the three ioctls that
 * map, protect and wake pages. */
#include "fm.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef USERFAULTFD_IOC_NEW /* Linux 6.1 headers lack /dev/userfaultfd's ioctl */
#define USERFAULTFD_IOC_NEW _IO(0xAA, 0x00)
#endif

int fm_uffd_open(char *why, size_t why_len) {
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
  /* THREAD_ID: trace mode needs to know which thread faulted. */
  struct uffdio_api api = {.api = UFFD_API, .features = UFFD_FEATURE_THREAD_ID};
  if (ioctl(fd, UFFDIO_API, &api) < 0) {
    snprintf(why, why_len, "UFFDIO_API failed: %s", strerror(errno));
    close(fd);
    return -1;
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

int fm_uffd_register(int uffd, void *base, size_t len) {
  struct uffdio_register reg = {
      .range = {.start = (uintptr_t)base, .len = len},
      .mode = UFFDIO_REGISTER_MODE_MISSING | UFFDIO_REGISTER_MODE_WP,
  };
  if (ioctl(uffd, UFFDIO_REGISTER, &reg) < 0)
    return -1;
  uint64_t need = (1ULL << _UFFDIO_COPY) | (1ULL << _UFFDIO_WRITEPROTECT) | (1ULL << _UFFDIO_WAKE);
  if ((reg.ioctls & need) != need) {
    errno = ENOTSUP;
    return -1;
  }
  return 0;
}

/* Returns 0 when mapped here, 1 when another path had mapped it (EEXIST),
 * -1 on error. EAGAIN means the mm changed under us (e.g. a concurrent
 * unmap): retry the rest. */
int fm_uffd_copy(int uffd, uintptr_t dst, const void *src, size_t len, bool wp) {
  size_t done = 0;
  while (done < len) {
    struct uffdio_copy c = {
        .dst = dst + done,
        .src = (uintptr_t)src + done,
        .len = len - done,
        .mode = wp ? UFFDIO_COPY_MODE_WP : 0,
    };
    fm_stats_count(FM_C_COPY_SYSCALLS, 1);
    if (ioctl(uffd, UFFDIO_COPY, &c) == 0)
      return 0;
    if (errno == EEXIST)
      return 1;
    if (errno != EAGAIN)
      return -1;
    if (c.copy > 0)
      done += (size_t)c.copy;
  }
  return 0;
}

int fm_uffd_writeprotect(int uffd, uintptr_t addr, size_t len, bool wp) {
  struct uffdio_writeprotect w = {
      .range = {.start = addr, .len = len},
      .mode = wp ? UFFDIO_WRITEPROTECT_MODE_WP : 0,
  };
  while (ioctl(uffd, UFFDIO_WRITEPROTECT, &w) < 0) {
    if (errno != EAGAIN)
      return -1;
  }
  return 0;
}

int fm_uffd_wake(int uffd, uintptr_t addr, size_t len) {
  struct uffdio_range r = {.start = addr, .len = len};
  fm_stats_count(FM_C_WAKE_SYSCALLS, 1);
  return ioctl(uffd, UFFDIO_WAKE, &r);
}
