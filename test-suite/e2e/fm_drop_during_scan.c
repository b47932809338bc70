/* fm_drop_during_scan -- a range dropped while other threads scan it: two
 * threads read a far mmap page by page, round after round (their faults
 * and read-ahead lock pages ahead of them), while the main thread drops
 * it again and again with madvise(MADV_DONTNEED), which takes every page's
 * lock. Natively the readers see the data until the first drop, then
 * zeros. Under the runtime the drop must never wait for a page lock while
 * holding others (the lock order), or drop and read-ahead deadlock.
 *   fm_drop_during_scan MiB DROPS    prints "ok" */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static unsigned char *buf;
static size_t len;
static volatile int stop;

static void *scan(void *arg) {
  (void)arg;
  unsigned long bad = 0;
  while (!stop)
    for (size_t i = 0; i < len; i += 4096)
      bad += buf[i] > 1; /* 1 before a drop, 0 after it */
  return (void *)bad;
}

int main(int argc, char **argv) {
  len = (size_t)(argc > 1 ? atoi(argv[1]) : 32) << 20;
  int drops = argc > 2 ? atoi(argv[2]) : 2000;
  buf = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED)
    return 1;
  memset(buf, 1, len);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, scan, NULL);
  for (int r = 0; r < drops; r++)
    madvise(buf, len, MADV_DONTNEED);
  stop = 1;
  unsigned long bad = 0;
  for (int i = 0; i < 2; i++) {
    void *b;
    pthread_join(t[i], &b);
    bad += (unsigned long)b;
  }
  printf(bad ? "FAIL: a page read neither its data nor zeros\n" : "ok\n");
  return bad != 0;
}
