/* A key-value server with an epoll loop per thread, and its clients, in one
 * pthread program (the shape that hung `farhint run --ult`: every worker
 * blocked in a loop's epoll_wait). The main thread accepts the clients'
 * connections (blocking accept) and gives each to a loop; a loop serves
 * GET (the key's 1 KiB value) and SET (a new value) from a table in far
 * memory; each client checks every value it reads.
 * USAGE: ult_server LOOPS CLIENTS REQUESTS KEYS
 * Prints what was served and a checksum of the table, as natively; a wrong
 * value is said and exits 1. */
#define _GNU_SOURCE
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#define VALUE 1024
enum { GET, SET };
struct request {
  uint32_t key, op, seed;
};

static int nloops, nclients, nrequests, nkeys;
static unsigned char *table; /* nkeys values: far memory */
static struct sockaddr_in address;
static int stop_fd; /* an eventfd every loop watches */
static _Atomic long served, checked;

static void fill(unsigned char *v, uint32_t key, uint32_t seed) {
  for (int i = 0; i < VALUE; i++)
    v[i] = (unsigned char)(key * 31 + seed * 7 + i);
}

static int io_full(int fd, void *buf, size_t n, int writing) {
  for (size_t done = 0; done < n;) {
    ssize_t r =
        writing ? write(fd, (char *)buf + done, n - done) : read(fd, (char *)buf + done, n - done);
    if (r <= 0)
      return -1;
    done += (size_t)r;
  }
  return 0;
}

/* One request from a ready connection; -1 when the client is done. */
static int serve(int fd) {
  struct request q;
  if (io_full(fd, &q, sizeof q, 0))
    return -1;
  unsigned char *v = table + (size_t)q.key * VALUE;
  served++;
  if (q.op == SET) {
    fill(v, q.key, q.seed);
    return io_full(fd, "k", 1, 1);
  }
  return io_full(fd, v, VALUE, 1);
}

static void *loop_main(void *arg) {
  int ep = (int)(intptr_t)arg;
  struct epoll_event stop = {.events = EPOLLIN, .data.fd = stop_fd};
  epoll_ctl(ep, EPOLL_CTL_ADD, stop_fd, &stop);
  for (;;) {
    struct epoll_event ev[16];
    int n = epoll_wait(ep, ev, 16, -1);
    for (int i = 0; i < n; i++) {
      int fd = ev[i].data.fd;
      if (fd == stop_fd)
        return NULL;
      if (serve(fd)) {
        epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL);
        close(fd);
      }
    }
  }
}

static void *client_main(void *arg) {
  long id = (long)arg;
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (connect(s, (struct sockaddr *)&address, sizeof address)) {
    perror("connect");
    exit(1);
  }
  /* Its own keys (id, id + CLIENTS, ...), so it knows what each holds. */
  uint32_t *seed = calloc((size_t)nkeys, sizeof *seed);
  unsigned rng = (unsigned)id + 1;
  unsigned char value[VALUE], want[VALUE];
  for (int r = 0; r < nrequests; r++) {
    int mine = (nkeys - 1 - (int)id) / nclients + 1;
    uint32_t key = (uint32_t)(id + (long)(rand_r(&rng) % mine) * nclients);
    struct request q = {key, rand_r(&rng) % 10 == 0 ? SET : GET, (uint32_t)r + 1};
    if (io_full(s, &q, sizeof q, 1)) {
      perror("send");
      exit(1);
    }
    if (q.op == SET) {
      char ack;
      if (io_full(s, &ack, 1, 0)) {
        perror("recv");
        exit(1);
      }
      seed[key] = q.seed;
      continue;
    }
    if (io_full(s, value, VALUE, 0)) {
      perror("recv");
      exit(1);
    }
    fill(want, key, seed[key]);
    if (memcmp(value, want, VALUE)) {
      printf("client %ld: key %u holds a wrong value\n", id, key);
      exit(1);
    }
    checked++;
  }
  close(s);
  free(seed);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s LOOPS CLIENTS REQUESTS KEYS\n", argv[0]);
    return 2;
  }
  nloops = atoi(argv[1]);
  nclients = atoi(argv[2]);
  nrequests = atoi(argv[3]);
  nkeys = atoi(argv[4]);
  table = malloc((size_t)nkeys * VALUE);
  for (int k = 0; k < nkeys; k++)
    fill(table + (size_t)k * VALUE, (uint32_t)k, 0);
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  address = (struct sockaddr_in){.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t len = sizeof address;
  if (bind(listener, (struct sockaddr *)&address, sizeof address) || listen(listener, nclients) ||
      getsockname(listener, (struct sockaddr *)&address, &len)) {
    perror("listen");
    return 1;
  }
  stop_fd = eventfd(0, 0);
  pthread_t *loops = malloc(sizeof *loops * (size_t)nloops);
  int *epolls = malloc(sizeof *epolls * (size_t)nloops);
  for (int i = 0; i < nloops; i++) {
    epolls[i] = epoll_create1(0);
    pthread_create(&loops[i], NULL, loop_main, (void *)(intptr_t)epolls[i]);
  }
  pthread_t *clients = malloc(sizeof *clients * (size_t)nclients);
  for (long i = 0; i < nclients; i++)
    pthread_create(&clients[i], NULL, client_main, (void *)i);
  for (int i = 0; i < nclients; i++) {
    int c = accept(listener, NULL, NULL);
    struct epoll_event e = {.events = EPOLLIN, .data.fd = c};
    epoll_ctl(epolls[i % nloops], EPOLL_CTL_ADD, c, &e);
  }
  for (int i = 0; i < nclients; i++)
    pthread_join(clients[i], NULL);
  uint64_t one = 1;
  if (write(stop_fd, &one, sizeof one) != sizeof one)
    return 1;
  for (int i = 0; i < nloops; i++)
    pthread_join(loops[i], NULL);
  uint64_t sum = 0;
  for (size_t i = 0; i < (size_t)nkeys * VALUE; i++)
    sum = sum * 31 + table[i];
  printf("served %ld requests to %d clients on %d loops, %ld values checked, table %016llx\n",
         (long)served, nclients, nloops, (long)checked, (unsigned long long)sum);
  return 0;
}
