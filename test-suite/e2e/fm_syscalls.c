/* System calls into far memory: write(2) from and read(2) into buffers whose
 * pages have been evicted (the kernel's own accesses fault through
 * userfaultfd). USAGE: fm_syscalls MiB DIR ; prints "ok" or what failed. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned char pattern(size_t i, int salt) {
  return (unsigned char)(i * 131 + salt + (i >> 12));
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s MiB DIR\n", argv[0]);
    return 2;
  }
  size_t n = (size_t)atol(argv[1]) << 20;
  unsigned char *a = malloc(n), *b = malloc(n);
  for (size_t i = 0; i < n; i++)
    a[i] = pattern(i, 1);
  memset(b, 0, n); /* evicts most of a */
  char path[4096];
  snprintf(path, sizeof path, "%s/fm_syscalls.dat", argv[1 + 1]);
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) {
    perror(path);
    return 2;
  }
  for (size_t off = 0; off < n;) { /* write(2) from evicted pages */
    ssize_t w = write(fd, a + off, n - off);
    if (w <= 0) {
      perror("write");
      return 1;
    }
    off += (size_t)w;
  }
  for (size_t i = 0; i < n; i++) /* touch a again: evicts b */
    if (a[i] != pattern(i, 1)) {
      fprintf(stderr, "FAIL: a[%zu] changed\n", i);
      return 1;
    }
  if (lseek(fd, 0, SEEK_SET) != 0) {
    perror("lseek");
    return 1;
  }
  for (size_t off = 0; off < n;) { /* read(2) into evicted pages */
    ssize_t r = read(fd, b + off, n - off);
    if (r <= 0) {
      perror("read");
      return 1;
    }
    off += (size_t)r;
  }
  close(fd);
  unlink(path);
  for (size_t i = 0; i < n; i++)
    if (b[i] != pattern(i, 1)) {
      fprintf(stderr, "FAIL: b[%zu] = %u after read(2)\n", i, b[i]);
      return 1;
    }
  puts("ok");
  return 0;
}
