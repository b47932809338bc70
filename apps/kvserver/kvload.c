/* kvload -- the load generator of kvserver: CONNS connections, each a
 * closed loop (one request in flight) of REQUESTS requests, 90% GET and 10%
 * SET, on keys drawn Zipf(0.99) (hot keys scattered over the table) or
 * uniformly. It checks every value it reads: each connection SETs only the
 * keys it owns (key % CONNS == its index), so a GET of one it has SET must
 * return its own last SET, and any other value must be whole. The same
 * arguments make the same requests, so the table ends the same in every
 * run.
 * USAGE: kvload PORT CONNS REQUESTS zipf|uniform
 *   Prints requests, throughput (ops/s) and latency p50/p99/p99.9 (us) on
 *   one line, then "checked N values, W wrong"; exits 1 on a wrong value
 *   or a lost connection. */
#define _GNU_SOURCE
#include "kvproto.h"
#include "workload.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

static int port, nconns, nrequests;
static uint32_t nkeys;
static struct zipf zipf; /* NULL cdf: uniform keys */
static pthread_barrier_t start;
static _Atomic long checked, wrong, lost;
static uint64_t started_ns;

struct conn {
  pthread_t thread;
  int index;
  uint32_t *latency_ns; /* of each request */
  uint64_t ended_ns;
};

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static int dial(void) {
  int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  struct sockaddr_in a = {.sin_family = AF_INET,
                          .sin_port = htons((uint16_t)port),
                          .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (connect(s, (struct sockaddr *)&a, sizeof a)) {
    perror("kvload: connect");
    exit(1);
  }
  int one = 1;
  setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return s;
}

static uint32_t draw_key(uint64_t *rng) {
  if (!zipf.cdf)
    return (uint32_t)(xorshift(rng) % nkeys);
  return (uint32_t)(mix(zipf_draw(&zipf, rng)) % nkeys); /* hot keys scattered */
}

/* The nearest key to key that connection c owns. */
static uint32_t owned(uint32_t key, int c) {
  uint32_t k = key - key % (uint32_t)nconns + (uint32_t)c;
  return k < nkeys ? k : k - (uint32_t)nconns;
}

/* One GET, its value checked against what this connection last SET. */
static int get(int s, uint32_t key, const uint32_t *last_set, int c) {
  static __thread unsigned char value[KV_SLOT];
  struct kv_request q = {KV_GET, key, 0};
  uint32_t n;
  if (kv_io(s, &q, sizeof q, 1) || kv_io(s, &n, sizeof n, 0) || n > KV_SLOT ||
      kv_io(s, value, n, 0))
    return -1;
  int64_t seed = kv_check(value, n, key);
  /* 0: not SET in this run (an earlier run may have) */
  uint32_t mine = key % (uint32_t)nconns == (uint32_t)c ? last_set[key / (uint32_t)nconns] : 0;
  if (seed < 0 || (mine && (uint32_t)seed != mine)) {
    if (wrong++ < 5)
      fprintf(stderr, "kvload: key %u: wrong value (seed %lld)\n", key, (long long)seed);
  }
  checked++;
  return 0;
}

static int set(int s, uint32_t key, uint32_t *last_set) {
  uint32_t seed = ++last_set[key / (uint32_t)nconns];
  struct kv_request q = {KV_SET, key, seed};
  uint32_t ok;
  return kv_io(s, &q, sizeof q, 1) || kv_io(s, &ok, sizeof ok, 0) || ok ? -1 : 0;
}

static void *conn_main(void *arg) {
  struct conn *c = arg;
  int s = dial();
  uint32_t *last_set = calloc(nkeys / (uint32_t)nconns + 1, sizeof *last_set);
  uint64_t rng = mix((uint64_t)c->index + 1) | 1;
  pthread_barrier_wait(&start);
  for (int i = 0; i < nrequests; i++) {
    uint32_t key = draw_key(&rng);
    int is_set = xorshift(&rng) % 10 == 0;
    uint64_t t0 = now_ns();
    int r = is_set ? set(s, owned(key, c->index), last_set) : get(s, key, last_set, c->index);
    if (r) {
      lost++;
      break;
    }
    c->latency_ns[i] = (uint32_t)(now_ns() - t0);
  }
  c->ended_ns = now_ns();
  close(s);
  free(last_set);
  return NULL;
}

static uint32_t info(void) {
  int s = dial();
  struct kv_request q = {KV_INFO, 0, 0};
  uint32_t n = 0;
  if (kv_io(s, &q, sizeof q, 1) || kv_io(s, &n, sizeof n, 0) || !n) {
    fprintf(stderr, "kvload: no answer from port %d\n", port);
    exit(1);
  }
  close(s);
  return n;
}

static int by_value(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 5 || (strcmp(argv[4], "zipf") && strcmp(argv[4], "uniform"))) {
    fprintf(stderr, "usage: kvload PORT CONNS REQUESTS zipf|uniform\n");
    return 2;
  }
  port = atoi(argv[1]), nconns = atoi(argv[2]), nrequests = atoi(argv[3]);
  if (port < 1 || port > 65535 || nconns < 1 || nrequests < 1) {
    fprintf(stderr, "kvload: PORT 1-65535, CONNS and REQUESTS positive\n");
    return 2;
  }
  nkeys = info();
  if (nkeys < (uint32_t)nconns) {
    fprintf(stderr, "kvload: the server has %u keys, fewer than %d connections\n", nkeys, nconns);
    return 2;
  }
  if (!strcmp(argv[4], "zipf"))
    zipf_init(&zipf, nkeys, 0.99);
  struct conn *conns = calloc((size_t)nconns, sizeof *conns);
  uint32_t *latency = calloc((size_t)nconns * (size_t)nrequests, sizeof *latency);
  pthread_barrier_init(&start, NULL, (unsigned)nconns + 1);
  for (int i = 0; i < nconns; i++) {
    conns[i] = (struct conn){.index = i, .latency_ns = latency + (size_t)i * nrequests};
    pthread_create(&conns[i].thread, NULL, conn_main, &conns[i]);
  }
  pthread_barrier_wait(&start);
  started_ns = now_ns();
  uint64_t ended = started_ns;
  for (int i = 0; i < nconns; i++) {
    pthread_join(conns[i].thread, NULL);
    if (conns[i].ended_ns > ended)
      ended = conns[i].ended_ns;
  }
  size_t total = (size_t)nconns * (size_t)nrequests;
  qsort(latency, total, sizeof *latency, by_value);
  double secs = (double)(ended - started_ns) / 1e9;
  printf("kvload: %zu requests on %d connections (%s keys) in %.3f s: %.0f ops/s; "
         "latency us p50 %.1f p99 %.1f p99.9 %.1f\n",
         total, nconns, argv[4], secs, (double)total / secs, latency[total / 2] / 1e3,
         latency[total * 99 / 100] / 1e3, latency[total * 999 / 1000] / 1e3);
  printf("checked %ld values, %ld wrong\n", (long)checked, (long)wrong);
  if (lost)
    fprintf(stderr, "kvload: %ld connections lost\n", (long)lost);
  return wrong || lost ? 1 : 0;
}
