/* fm_gone -- far memory unmapped behind the runtime's back: a program that
 * maps a buffer with mmap and unmaps part of it with a raw system call (as
 * a language runtime may), then scans what is left up to the hole. The
 * hole was written first, so it is all far when it goes; read-ahead of the
 * scan then reaches into it, where the kernel refuses to map pages
 * (ENOENT): the runtime must drop those pages and go on, not stop.
 *
 *   fm_gone MIB
 * Prints "ok SUM" or "FAIL: ...". */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv) {
  size_t len = (size_t)(argc > 1 ? atoi(argv[1]) : 32) << 20, half = len / 2;
  unsigned char *buf = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED)
    return 1;
  for (size_t i = len; i > 0; i -= 4096) /* the hole first, then the rest */
    buf[i - 4096] = (unsigned char)((i - 4096) >> 12);
  if (syscall(SYS_munmap, buf + half, len - half) != 0) {
    perror("FAIL: munmap");
    return 1;
  }
  unsigned long sum = 0, want = 0;
  for (int pass = 0; pass < 3; pass++)
    for (size_t i = 0; i < half; i += 4096) {
      sum += buf[i];
      want += (unsigned char)(i >> 12);
    }
  if (sum != want) {
    printf("FAIL: the scan found %lu, not %lu\n", sum, want);
    return 1;
  }
  printf("ok %lu\n", sum);
  return 0;
}
