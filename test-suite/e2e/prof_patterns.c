/* Deliberate faulting loops at known lines, for the profiler's tests: each
 * line marked SITE:<name> is where its pattern's faults must land.
 * USAGE: prof_patterns scan|rescan|list|memcpy|hash|flip|syscall|phases|warmup MiB
 *   prints a checksum */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct node {
  struct node *next;
  long value;
  char pad[4096 - 2 * sizeof(long)]; /* one node per page */
};

static long scan(long n) {
  long *a = malloc(n * sizeof *a), s = 0;
  for (long i = 0; i < n; i++)
    a[i] = i; /* SITE:array_write */
  for (long i = 0; i < n; i++)
    s += a[i]; /* SITE:array_read */
  free(a);
  return s;
}

static long rescan(long n) { /* a range read again and again */
  long *a = malloc(n * sizeof *a), s = 0;
  for (long i = 0; i < n; i++)
    a[i] = i;
  for (int pass = 0; pass < 4; pass++)
    for (long i = 0; i < n; i++)
      s += a[i]; /* SITE:rescan_read */
  free(a);
  return s;
}

static long list(long n) {
  struct node *nodes = malloc(n * sizeof *nodes), *head = NULL;
  long *order = malloc(n * sizeof *order), s = 0;
  for (long i = 0; i < n; i++)
    order[i] = i;
  for (long i = n - 1; i > 0; i--) { /* shuffle: the walk jumps around */
    long j = (i * 7919 + 13) % (i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (long i = 0; i < n; i++) {
    struct node *x = &nodes[order[i]];
    x->value = i; /* SITE:list_build */
    x->next = head;
    head = x;
  }
  for (struct node *p = head; p; p = p->next)
    s += p->value; /* SITE:list_walk */
  free(order);
  free(nodes);
  return s;
}

static long copy(long bytes, int fill) {
  char *a = malloc(bytes), *b = malloc(bytes);
  memset(a, fill, bytes); /* SITE:memset */
  a[bytes / 3] = 1;
  memcpy(b, a, bytes); /* SITE:memcpy */
  long s = b[bytes / 2] + b[bytes / 3];
  free(a);
  free(b);
  return s;
}

/* Buffers the kernel reads (write) and writes (read): their faults are
 * taken inside the system calls, and blamed on the lines calling them. */
static long through_kernel(long bytes) {
  char *a = malloc(bytes), *b = malloc(bytes);
  memset(a, 7, bytes); /* SITE:syscall_fill */
  int fd = memfd_create("prof_patterns", 0);
  long s = 0, chunk = 1 << 16;
  for (long off = 0; off < bytes; off += chunk)
    s += write(fd, a + off, chunk); /* SITE:syscall_write */
  lseek(fd, 0, SEEK_SET);
  for (long off = 0; off < bytes; off += chunk)
    s += read(fd, b + off, chunk); /* SITE:syscall_read */
  close(fd);
  s += b[bytes / 2];
  free(a);
  free(b);
  return s;
}

static long flip(long n) {
  long *a = malloc(n * sizeof *a), s = 0;
  for (long i = 0; i < n; i++)
    a[i] = i + 1;                     /* SITE:flip_fill */
  for (long i = 0; i < n; i += 512) { /* a read, then a write by another line */
    long v = a[i];                    /* SITE:flip_peek */
    if (v > 0)
      a[i + 1] = -v; /* SITE:flip_store */
    s += v;
  }
  free(a);
  return s;
}

static long hash(long n) {
  long *table = malloc(n * sizeof *table), s = 0;
  memset(table, 0, n * sizeof *table); /* SITE:hash_clear */
  unsigned long x = 88172645463325252UL;
  for (long k = 0; k < n / 64; k++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    s += table[x % n]; /* SITE:hash_probe */
  }
  free(table);
  return s;
}

/* A short phase, then a long one: a profile that keeps only the start of
 * the run, or counts a sample of the rest as if it were all, shows the
 * first phase far bigger than it is. With a pause between them, a warm-up
 * (farhint profile --warmup) can leave the first out. */
static long phases(long n, unsigned pause_s) {
  long *a = malloc(n * sizeof *a), s = 0;
  for (long i = 0; i < n; i++)
    a[i] = i; /* SITE:phase_fill */
  sleep(pause_s);
  for (int pass = 0; pass < 20; pass++)
    for (long i = 0; i < n; i += 512)
      s += a[i]; /* SITE:phase_scan */
  free(a);
  return s;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr,
            "usage: %s scan|rescan|list|memcpy|hash|flip|syscall|phases|warmup|scan-abort MiB\n",
            argv[0]);
    return 2;
  }
  long bytes = atol(argv[2]) << 20;
  if (!strcmp(argv[1], "scan-abort")) { /* a program that crashes after its work */
    printf("%ld\n", scan(bytes / sizeof(long)));
    fflush(stdout);
    abort();
  }
  long r = !strcmp(argv[1], "scan")      ? scan(bytes / sizeof(long))
           : !strcmp(argv[1], "rescan")  ? rescan(bytes / sizeof(long))
           : !strcmp(argv[1], "list")    ? list(bytes / sizeof(struct node))
           : !strcmp(argv[1], "memcpy")  ? copy(bytes, argc)
           : !strcmp(argv[1], "hash")    ? hash(bytes / sizeof(long))
           : !strcmp(argv[1], "flip")    ? flip(bytes / sizeof(long))
           : !strcmp(argv[1], "syscall") ? through_kernel(bytes)
           : !strcmp(argv[1], "phases")  ? phases(bytes / sizeof(long), 0)
           : !strcmp(argv[1], "warmup")  ? phases(bytes / sizeof(long), 2)
                                         : -1;
  printf("%ld\n", r);
  return r == -1;
}
