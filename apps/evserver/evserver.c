/* evserver -- a key-value server built on libevent the way daemons are:
 * an event loop per worker thread (each accepting on the port with
 * SO_REUSEPORT, serving its connections through bufferevents), started as
 * root and dropping privileges once its threads run (-u USER: setgroups,
 * setgid, setuid, as memcached's -u does), stopped by SIGTERM or SIGINT.
 * It speaks kvserver's protocol (../kvserver/kvproto.h), so kvload is its
 * load generator and checks every value it reads.
 * USAGE: evserver [-u USER] MiB LOOPS [PORT]
 *   Fills MiB of 1-4 KiB values (one 4 KiB slot per key), listens on
 *   127.0.0.1:PORT (0, the default: a free port), prints "evserver
 *   listening on port P with N keys" once it serves, and serves until
 *   SIGTERM or SIGINT; then prints what it served and "checksum <hex>" of
 *   the table. -u is ignored when not started as root. */
#define _GNU_SOURCE
#include "../kvserver/kvproto.h"
#include "workload.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <grp.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

static unsigned char *table; /* nkeys slots of KV_SLOT bytes */
static uint32_t nkeys;
static _Atomic long gets, sets, connections;
#define STRIPES 1024 /* locks, each over the keys equal modulo STRIPES */
static pthread_mutex_t stripe[STRIPES];

struct worker {
  pthread_t thread;
  struct event_base *base;
  struct evconnlistener *listener;
};

/* Every whole request in the connection's input; false when it must close. */
static bool serve(struct bufferevent *bev) {
  struct evbuffer *in = bufferevent_get_input(bev), *out = bufferevent_get_output(bev);
  struct kv_request q;
  while (evbuffer_get_length(in) >= sizeof q) {
    evbuffer_remove(in, &q, sizeof q);
    if (q.op == KV_INFO) {
      evbuffer_add(out, &nkeys, sizeof nkeys);
      continue;
    }
    if (q.key >= nkeys || (q.op != KV_GET && q.op != KV_SET))
      return false;
    unsigned char *v = table + (size_t)q.key * KV_SLOT;
    pthread_mutex_t *lock = &stripe[q.key % STRIPES];
    pthread_mutex_lock(lock);
    if (q.op == KV_SET) {
      kv_fill(v, q.key, q.seed);
      pthread_mutex_unlock(lock);
      uint32_t ok = 0;
      evbuffer_add(out, &ok, sizeof ok);
      sets++;
      continue;
    }
    uint32_t n = kv_length(q.key);
    evbuffer_add(out, &n, sizeof n);
    evbuffer_add(out, v, n); /* copied under the lock: a SET never tears it */
    pthread_mutex_unlock(lock);
    gets++;
  }
  return true;
}

static void on_read(struct bufferevent *bev, void *arg) {
  (void)arg;
  if (!serve(bev))
    bufferevent_free(bev);
}

static void on_event(struct bufferevent *bev, short what, void *arg) {
  (void)arg;
  if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR))
    bufferevent_free(bev);
}

static void on_accept(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *a, int len,
                      void *arg) {
  (void)l, (void)a, (void)len;
  struct worker *w = arg;
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct bufferevent *bev = bufferevent_socket_new(w->base, fd, BEV_OPT_CLOSE_ON_FREE);
  bufferevent_setcb(bev, on_read, NULL, on_event, NULL);
  bufferevent_enable(bev, EV_READ | EV_WRITE);
  connections++;
}

static void *worker_main(void *arg) {
  struct worker *w = arg;
  event_base_dispatch(w->base);
  return NULL;
}

static struct evconnlistener *listen_on(struct worker *w, int port) {
  struct sockaddr_in a = {.sin_family = AF_INET,
                          .sin_port = htons((uint16_t)port),
                          .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  return evconnlistener_new_bind(w->base, on_accept, w,
                                 LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE |
                                     LEV_OPT_REUSEABLE_PORT | LEV_OPT_CLOSE_ON_EXEC,
                                 1024, (struct sockaddr *)&a, sizeof a);
}

static int bound_port(struct evconnlistener *l) {
  struct sockaddr_in a;
  socklen_t len = sizeof a;
  getsockname(evconnlistener_get_fd(l), (struct sockaddr *)&a, &len);
  return ntohs(a.sin_port);
}

/* As memcached's -u: only when started as root; every thread then runs as
 * the user (glibc repeats each call on every thread). */
static void drop_privileges(const char *user) {
  if (!user || geteuid() != 0)
    return;
  struct passwd *pw = getpwnam(user);
  if (!pw) {
    fprintf(stderr, "evserver: no user %s\n", user);
    exit(1);
  }
  if (setgroups(0, NULL) || setgid(pw->pw_gid) || setuid(pw->pw_uid)) {
    perror("evserver: dropping privileges");
    exit(1);
  }
}

static struct worker *workers;
static int nworkers;

static void on_stop(evutil_socket_t sig, short what, void *arg) {
  (void)sig, (void)what;
  for (int i = 0; i < nworkers; i++)
    event_base_loopexit(workers[i].base, NULL);
  event_base_loopexit(arg, NULL);
}

int main(int argc, char **argv) {
  const char *user = NULL;
  int o;
  while ((o = getopt(argc, argv, "u:")) != -1)
    if (o == 'u')
      user = optarg;
    else
      return 2;
  struct kv_server_args a =
      kv_server_args("evserver [-u USER] MiB LOOPS [PORT]", argc - optind, argv + optind);
  nworkers = a.loops;
  int port = a.port;
  table = kv_table_new("evserver", a.mib, &nkeys);
  for (int i = 0; i < STRIPES; i++)
    pthread_mutex_init(&stripe[i], NULL);
  signal(SIGPIPE, SIG_IGN);
  evthread_use_pthreads(); /* other threads stop a worker's loop */

  workers = calloc((size_t)nworkers, sizeof *workers);
  for (int i = 0; i < nworkers; i++) {
    workers[i].base = event_base_new();
    workers[i].listener = listen_on(&workers[i], port);
    if (!workers[i].listener) {
      perror("evserver: listen");
      return 1;
    }
    port = bound_port(workers[i].listener); /* the others share the first's */
  }
  for (int i = 0; i < nworkers; i++)
    pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]);
  drop_privileges(user);

  struct event_base *main_base = event_base_new();
  struct event *term = evsignal_new(main_base, SIGTERM, on_stop, main_base);
  struct event *intr = evsignal_new(main_base, SIGINT, on_stop, main_base);
  event_add(term, NULL);
  event_add(intr, NULL);
  printf("evserver listening on port %d with %u keys\n", port, nkeys);
  fflush(stdout);
  event_base_dispatch(main_base);

  for (int i = 0; i < nworkers; i++)
    pthread_join(workers[i].thread, NULL);
  printf("served %ld GETs and %ld SETs on %ld connections\n", (long)gets, (long)sets,
         (long)connections);
  printf("checksum %016llx\n", (unsigned long long)kv_table_checksum(table, nkeys));
  return 0;
}
