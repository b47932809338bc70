/* kvserver -- a key-value server over TCP with an epoll loop per worker
 * thread, the shape of memcached and most event-driven servers: the main
 * thread accepts connections and gives each to a loop; a loop serves GET
 * (the key's value) and SET (a new value) from one table, here in far
 * memory. Its load generator is kvload (kvproto.h is the wire format).
 * USAGE: kvserver MiB LOOPS [PORT]
 *   Fills MiB of 1-4 KiB values (one 4 KiB slot per key), listens on
 *   127.0.0.1:PORT (0, the default: a free port), prints "kvserver
 *   listening on port P with N keys" once it serves, and serves until
 *   SIGTERM or SIGINT; then prints what it served and "checksum <hex>" of
 *   the table. */
#define _GNU_SOURCE
#include "kvproto.h"
#include "workload.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

static unsigned char *table; /* nkeys slots of KV_SLOT bytes */
static uint32_t nkeys;
static int stop_fd; /* an eventfd: readable once the server is to stop */
static _Atomic long gets, sets, connections;
#define STRIPES 1024 /* locks, each over the keys equal modulo STRIPES */
static pthread_mutex_t stripe[STRIPES];

struct loop {
  pthread_t thread;
  int ep;
};

static void stop(int sig) {
  (void)sig;
  uint64_t one = 1;
  (void)!write(stop_fd, &one, sizeof one);
}

/* One request from a ready connection; -1 when the client is gone. */
static int serve(int fd) {
  struct kv_request q;
  if (kv_io(fd, &q, sizeof q, 0))
    return -1;
  if (q.op == KV_INFO)
    return kv_io(fd, &nkeys, sizeof nkeys, 1);
  if (q.key >= nkeys)
    return -1;
  unsigned char *v = table + (size_t)q.key * KV_SLOT;
  pthread_mutex_t *lock = &stripe[q.key % STRIPES];
  if (q.op == KV_SET) {
    sets++;
    pthread_mutex_lock(lock);
    kv_fill(v, q.key, q.seed);
    pthread_mutex_unlock(lock);
    uint32_t ok = 0;
    return kv_io(fd, &ok, sizeof ok, 1);
  }
  gets++;
  uint32_t n = kv_length(q.key);
  pthread_mutex_lock(lock); /* held while the value is sent: a SET never tears it */
  int r = kv_io(fd, &n, sizeof n, 1) || kv_io(fd, v, n, 1) ? -1 : 0;
  pthread_mutex_unlock(lock);
  return r;
}

static void *loop_main(void *arg) {
  struct loop *l = arg;
  struct epoll_event evs[64];
  for (;;) {
    int n = epoll_wait(l->ep, evs, 64, -1);
    for (int i = 0; i < n; i++) {
      int fd = evs[i].data.fd;
      if (fd == stop_fd)
        return NULL;
      if (serve(fd)) {
        epoll_ctl(l->ep, EPOLL_CTL_DEL, fd, NULL);
        close(fd);
      }
    }
  }
}

static int watch(int ep, int fd) {
  struct epoll_event e = {.events = EPOLLIN, .data.fd = fd};
  return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e);
}

static int listen_on(int port) {
  int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a = {.sin_family = AF_INET,
                          .sin_port = htons((uint16_t)port),
                          .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (bind(s, (struct sockaddr *)&a, sizeof a) || listen(s, 1024)) {
    perror("kvserver: listen");
    exit(1);
  }
  return s;
}

static int bound_port(int s) {
  struct sockaddr_in a;
  socklen_t len = sizeof a;
  getsockname(s, (struct sockaddr *)&a, &len);
  return ntohs(a.sin_port);
}

/* Accepts connections, each to the next loop, until told to stop. */
static void accept_until_stopped(int listener, struct loop *loops, int nloops) {
  int ep = epoll_create1(EPOLL_CLOEXEC);
  watch(ep, listener);
  watch(ep, stop_fd);
  for (long next = 0;;) {
    struct epoll_event e;
    if (epoll_wait(ep, &e, 1, -1) != 1)
      continue;
    if (e.data.fd == stop_fd)
      break;
    int c = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
    if (c < 0)
      continue;
    int one = 1;
    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    watch(loops[next++ % nloops].ep, c);
    connections++;
  }
  close(ep);
}

int main(int argc, char **argv) {
  struct kv_server_args a = kv_server_args("kvserver MiB LOOPS [PORT]", argc - 1, argv + 1);
  int nloops = a.loops, port = a.port;
  table = kv_table_new("kvserver", a.mib, &nkeys);

  for (int i = 0; i < STRIPES; i++)
    pthread_mutex_init(&stripe[i], NULL);
  stop_fd = eventfd(0, EFD_CLOEXEC);
  struct sigaction sa = {.sa_handler = stop};
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  int listener = listen_on(port);
  struct loop *loops = calloc((size_t)nloops, sizeof *loops);
  for (int i = 0; i < nloops; i++) {
    loops[i].ep = epoll_create1(EPOLL_CLOEXEC);
    watch(loops[i].ep, stop_fd);
    pthread_create(&loops[i].thread, NULL, loop_main, &loops[i]);
  }
  printf("kvserver listening on port %d with %u keys\n", bound_port(listener), nkeys);
  fflush(stdout);

  accept_until_stopped(listener, loops, nloops);
  for (int i = 0; i < nloops; i++)
    pthread_join(loops[i].thread, NULL);
  printf("served %ld GETs and %ld SETs on %ld connections\n", (long)gets, (long)sets,
         (long)connections);
  printf("checksum %016llx\n", (unsigned long long)kv_table_checksum(table, nkeys));
  return 0;
}
