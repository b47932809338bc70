/* rdma.c -- far pages on a farmem-server over rdma (rdma-core:
 * librdmacm + libibverbs). A few connections, each an RC queue pair with a
 * registered buffer: the handshake and GROW are two-sided messages (the
 * server checks the token before it gives out a key), the pages move by
 * one-sided RDMA READ into the buffer (then UFFDIO_COPY places them) and
 * RDMA WRITE from it. With several servers (rdma://a:7000,rdma://b:7000)
 * far memory is dealt to them in stripes (servers.c), as over tcp. Each
 * server registers its region a FARMEM_REG_CHUNK at a time, when the
 * runtime first writes to the chunk; each chunk has its own key, so a
 * transfer is split where a chunk ends. A thread that moves pages takes a free connection to the
 * server for its request; a WRITE's completion means the server's memory holds the data, so a later
 * READ on any connection reads it. A parked user-level thread's page is read on a queue pair kept
 * for such reads, which nobody waits for in place (fm_rdma_read_start). Completions are polled for
 * a while and then waited for on the completion channel; none within FARHINT_SERVER_DEADLINE is
 * the server lost.
 * Design: docs/design/backends.md. */
#include "backend/transport.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "backend/backend.h"

#include "fh_tcp.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define CONNS 4
#define SPIN_NS 50000                               /* then sleep on the completion channel */
#define BUF_BYTES ((size_t)FM_ZERO_PAGES * FM_PAGE) /* the largest fetch */
#define MAX_WRS FM_ZERO_PAGES                       /* a buffer's pages, one WRITE each at worst */
#define KEY_SET (1ULL << 32)

struct rconn {
  struct rdma_cm_id *id;
  struct ibv_comp_channel *channel;
  struct ibv_cq *cq;
  struct ibv_mr *mr;
  uint8_t *buf;            /* BUF_BYTES, then the two messages */
  struct farmem_msg *msgs; /* [0] received, [1] sent */
  pthread_mutex_t lock;
};

/* Reads started for parked user-level threads (ult/fetch.c): a queue pair
 * of their own per server, so none holds a connection while the thread is
 * parked (the pollers that finish them may need one), with a page of its
 * buffer per read in flight. */
#define READ_SLOTS 64 /* the bits of a mask */
_Static_assert(READ_SLOTS <= FM_ZERO_PAGES, "a slot is a page of the connection's buffer");
struct reads {
  struct rconn conn;
  _Atomic uint64_t free, arrived; /* slots unused; slots read and not yet ended */
  _Atomic bool polling;           /* a thread polls the completion queue */
  uint64_t started_ns[READ_SLOTS];
};

static struct rserver {
  struct fm_server_addr addr;
  struct ibv_pd *pd; /* of the device that reaches it */
  uint64_t region, capacity, remote_base;
  _Atomic uint64_t *keys; /* per FARMEM_REG_CHUNK of its region: KEY_SET | rkey, or 0 */
  pthread_mutex_t grow_lock;
  struct rconn conns[CONNS];
  struct reads reads;
} servers[FM_MAX_SERVERS];

static struct {
  unsigned n; /* servers */
  char token[FH_TOKEN_MAX + 1];
  struct rdma_event_channel *events;
} rd;

static int expect(enum rdma_cm_event_type want) {
  struct pollfd p = {.fd = rd.events->fd, .events = POLLIN};
  struct rdma_cm_event *e;
  if (fm_libc.poll(&p, 1, fm_server_deadline_ms()) <= 0 || rdma_get_cm_event(rd.events, &e)) {
    errno = errno ? errno : ETIMEDOUT;
    return -1;
  }
  bool ok = e->event == want;
  const char *what = rdma_event_str(e->event);
  int status = e->status;
  rdma_ack_cm_event(e);
  if (!ok) {
    fm_log("rdma: %s while waiting for %s (status %d)", what, rdma_event_str(want), status);
    errno = ECONNREFUSED;
    return -1;
  }
  return 0;
}

static int post_recv(struct rconn *c) {
  struct ibv_sge sge = {(uintptr_t)&c->msgs[0], sizeof c->msgs[0], c->mr->lkey};
  struct ibv_recv_wr wr = {.sg_list = &sge, .num_sge = 1}, *bad;
  return ibv_post_recv(c->id->qp, &wr, &bad);
}

/* Waits for n completions on c: polls for SPIN_NS, then sleeps on the
 * completion channel; -1 if one failed or none came within FARHINT_SERVER_DEADLINE. */
static int complete(struct rconn *c, int n) {
  uint64_t start = fm_stats_now_ns();
  bool armed = false;
  struct ibv_wc wc[8];
  for (;;) {
    int got = ibv_poll_cq(c->cq, 8, wc);
    if (got < 0)
      return -1;
    for (int i = 0; i < got; i++)
      if (wc[i].status != IBV_WC_SUCCESS) {
        fm_log("rdma: %s", ibv_wc_status_str(wc[i].status));
        return -1;
      }
    if ((n -= got) <= 0)
      return 0;
    uint64_t waited = fm_stats_now_ns() - start;
    if (got || waited < SPIN_NS)
      continue;
    if (waited > fm.cfg.server_deadline_ns)
      return -1;
    if (!armed) { /* then look once more: a completion may have come first */
      if (ibv_req_notify_cq(c->cq, 0))
        return -1;
      armed = true;
      continue;
    }
    struct pollfd p = {.fd = c->channel->fd, .events = POLLIN};
    struct ibv_cq *cq;
    void *ctx;
    if (fm_libc.poll(&p, 1, fm_server_deadline_ms()) <= 0 ||
        ibv_get_cq_event(c->channel, &cq, &ctx))
      return -1;
    ibv_ack_cq_events(cq, 1);
    armed = false;
  }
}

/* One message and its reply; -1 on a broken connection. */
static int call(struct rconn *c, const struct farmem_msg *req, struct farmem_msg *rep) {
  c->msgs[1] = *req;
  c->msgs[1].version = FARMEM_PROTO_VERSION;
  struct ibv_sge sge = {(uintptr_t)&c->msgs[1], sizeof c->msgs[1], c->mr->lkey};
  struct ibv_send_wr wr = {.sg_list = &sge,
                           .num_sge = 1,
                           .opcode = IBV_WR_SEND,
                           .send_flags = IBV_SEND_SIGNALED},
                     *bad;
  if (ibv_post_send(c->id->qp, &wr, &bad) || complete(c, 2) < 0)
    return -1;
  *rep = c->msgs[0];
  rep->text[sizeof rep->text - 1] = 0;
  return post_recv(c) ? -1 : 0;
}

static int dial(struct rserver *sv, struct rconn *c) {
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai;
  int rc = getaddrinfo(sv->addr.host, sv->addr.port, &hints, &ai);
  if (rc) {
    fm_log("cannot resolve the memory server %s: %s", sv->addr.url, gai_strerror(rc));
    return -1;
  }
  errno = 0;
  int ok = !rdma_create_id(rd.events, &c->id, NULL, RDMA_PS_TCP) &&
           !rdma_resolve_addr(c->id, NULL, ai->ai_addr, fm_server_deadline_ms()) &&
           !expect(RDMA_CM_EVENT_ADDR_RESOLVED) &&
           !rdma_resolve_route(c->id, fm_server_deadline_ms()) &&
           !expect(RDMA_CM_EVENT_ROUTE_RESOLVED);
  freeaddrinfo(ai);
  if (ok && !sv->pd)
    ok = (sv->pd = ibv_alloc_pd(c->id->verbs)) != NULL;
  struct ibv_qp_init_attr qa = {
      .qp_type = IBV_QPT_RC,
      .sq_sig_all = 1,
      .cap = {.max_send_wr = MAX_WRS + 2, .max_recv_wr = 2, .max_send_sge = 1, .max_recv_sge = 1}};
  c->buf = fm_libc.mmap(NULL, BUF_BYTES + FM_PAGE, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  c->msgs = (struct farmem_msg *)(c->buf + BUF_BYTES);
  ok = ok && c->buf != MAP_FAILED && (c->channel = ibv_create_comp_channel(c->id->verbs)) &&
       (c->cq = ibv_create_cq(c->id->verbs, 2 * MAX_WRS + 4, NULL, c->channel, 0)) &&
       (c->mr = ibv_reg_mr(sv->pd, c->buf, BUF_BYTES + FM_PAGE, IBV_ACCESS_LOCAL_WRITE));
  qa.send_cq = qa.recv_cq = c->cq;
  struct rdma_conn_param param = {.initiator_depth = 16, .retry_count = 7, .rnr_retry_count = 7};
  ok = ok && !rdma_create_qp(c->id, sv->pd, &qa) && !post_recv(c) && !rdma_connect(c->id, &param) &&
       !expect(RDMA_CM_EVENT_ESTABLISHED);
  if (!ok)
    fm_log("cannot reach the memory server at %s (%s); is farmem-server running with --listen "
           "%s, on an rdma device's address?",
           sv->addr.url, errno ? strerror(errno) : "refused", sv->addr.url);
  fm_libc.pthread_mutex_init(&c->lock, NULL);
  return ok ? 0 : -1;
}

/* A connection with HELLO (a new region) or ATTACH (to sv->region). */
static int open_conn(struct rserver *sv, struct rconn *c, bool hello) {
  if (dial(sv, c) < 0)
    return -1;
  struct farmem_msg req = fm_handshake_request(hello, sv->capacity, sv->region, rd.token), rep;
  if (call(c, &req, &rep) < 0) {
    fm_log("the memory server at %s did not answer the handshake", sv->addr.url);
    return -1;
  }
  if (!fm_handshake_accepted(sv->addr.url, hello, sv->capacity, &rep))
    return -1;
  if (hello)
    sv->region = rep.region;
  return 0;
}

int fm_rdma_connect(const char *list, const char *token_file) {
  struct fm_server_addr addrs[FM_MAX_SERVERS];
  int n = fm_servers_parse(list, "rdma", addrs, FM_MAX_SERVERS);
  if (n < 0 || fm_backend_token(list, token_file, rd.token, sizeof rd.token) < 0)
    return -1;
  rd.n = (unsigned)n;
  if (!(rd.events = rdma_create_event_channel())) {
    fm_log("rdma backend: %s (is rdma-core installed, with a device? `rdma link` lists them)",
           strerror(errno));
    return -1;
  }
  for (unsigned k = 0; k < rd.n; k++) {
    struct rserver *sv = &servers[k];
    sv->addr = addrs[k];
    sv->capacity = fm_stripe_share(rd.n);
    fm_libc.pthread_mutex_init(&sv->grow_lock, NULL);
    size_t chunks = (sv->capacity + FARMEM_REG_CHUNK - 1) / FARMEM_REG_CHUNK;
    sv->keys = fm_libc.mmap(NULL, chunks * sizeof *sv->keys, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (sv->keys == MAP_FAILED) {
      fm_log("rdma backend: %s", strerror(errno));
      return -1;
    }
    for (int i = 0; i < CONNS; i++)
      if (open_conn(sv, &sv->conns[i], i == 0) < 0)
        return -1;
    if (open_conn(sv, &sv->reads.conn, false) < 0)
      return -1;
    /* Several threads may sleep on its completions: none may block in
     * ibv_get_cq_event for an event another took. */
    int fd = sv->reads.conn.channel->fd;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    sv->reads.free = ~0ULL;
  }
  fm_link_is_the_network();
  return 0;
}

static struct rconn *take(struct rserver *sv) {
  return &sv->conns[fm_conn_take(&sv->conns[0].lock, sizeof sv->conns[0], CONNS)];
}

/* The chunk of sv's region at offset local registered, asked for on c. */
static void ensure(struct rserver *sv, struct rconn *c, uint64_t local) {
  _Atomic uint64_t *key = &sv->keys[local / FARMEM_REG_CHUNK];
  if (atomic_load(key))
    return;
  fm_libc.pthread_mutex_lock(&sv->grow_lock);
  if (!atomic_load(key)) {
    struct farmem_msg req = {.op = FARMEM_GROW, .arg = local}, rep = {0};
    if (call(c, &req, &rep) < 0 || rep.op != FARMEM_GROWN) {
      fm_log("the memory server at %s could not hold more far memory%s%s", sv->addr.url,
             rep.op == FARMEM_ERROR ? ": " : " (no answer)",
             rep.op == FARMEM_ERROR ? rep.text : "");
      fm_backend_lost();
    }
    sv->remote_base = rep.arg;
    atomic_store(key, KEY_SET | (uint32_t)rep.region);
  }
  fm_libc.pthread_mutex_unlock(&sv->grow_lock);
}

/* Every transfer lies in one stripe (a fetch is split where its stripe
 * ends, a write-back's runs too), so in one registration. */
_Static_assert(FARMEM_REG_CHUNK % FM_STRIPE == 0 && BUF_BYTES <= FM_STRIPE,
               "a stripe lies in one registration");

/* Posts one READ or WRITE of [off, off + len) of sv's region, in one
 * stripe, at local; -1 if it could not. */
static int post_rw(struct rserver *sv, struct rconn *c, enum ibv_wr_opcode op, uint64_t off,
                   uint8_t *local, size_t len) {
  struct ibv_sge sge = {(uintptr_t)local, (uint32_t)len, c->mr->lkey};
  struct ibv_send_wr wr = {.wr_id = (uintptr_t)local, .sg_list = &sge, .num_sge = 1, .opcode = op},
                     *bad;
  wr.wr.rdma.remote_addr = sv->remote_base + off;
  wr.wr.rdma.rkey = (uint32_t)atomic_load(&sv->keys[off / FARMEM_REG_CHUNK]);
  return ibv_post_send(c->id->qp, &wr, &bad) ? -1 : 0;
}

static void lost(const struct rserver *sv) {
  fm_log("the memory server at %s stopped answering rdma requests", sv->addr.url);
  fm_backend_lost();
}

/* len bytes at offset local of sv's region into dst, a part of the
 * buffer of c, a connection to sv. */
static void read_far(struct rserver *sv, struct rconn *c, uint64_t local, uint8_t *dst,
                     size_t len) {
  if (post_rw(sv, c, IBV_WR_RDMA_READ, local, dst, len) < 0 || complete(c, 1) < 0)
    lost(sv);
}

const void *fm_rdma_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  uint64_t off = page - fm.far_base, local;
  struct rserver *sv = &servers[fm_stripe_of(off, rd.n, &local)];
  struct rconn *c = take(sv);
  src->conn = (int)(sv - servers) * CONNS + (int)(c - sv->conns);
  size_t first = fm_stripe_part(off, len);
  read_far(sv, c, local, c->buf, first);
  if (first < len) { /* the rest is the next stripe's, on the next server */
    struct rserver *next = &servers[fm_stripe_of(off + first, rd.n, &local)];
    struct rconn *d = next == sv ? c : take(next);
    read_far(next, d, local, d == c ? c->buf + first : d->buf, len - first);
    if (d != c) { /* c's buffer may not be registered with d's device */
      memcpy(c->buf + first, d->buf, len - first);
      fm_libc.pthread_mutex_unlock(&d->lock);
    }
  }
  return c->buf;
}

void fm_rdma_release(struct fm_far_src *src) {
  fm_libc.pthread_mutex_unlock(&servers[src->conn / CONNS].conns[src->conn % CONNS].lock);
  src->conn = -1;
}

/* sv's share of the pages, copied into a connection's buffer a buffer-full
 * at a time, each run of neighbours in one stripe one WRITE; returns once
 * sv's memory holds them. */
static void store_on(struct rserver *sv, const uintptr_t *pages, const uintptr_t *srcs,
                     unsigned n) {
  struct rconn *c = NULL;
  unsigned last = n; /* sv's last page */
  uint64_t local;
  /* The chunks it writes to registered first: a GROW is a message on c,
   * whose completions must not mix with the WRITEs'. */
  for (unsigned i = 0; i < n; i++)
    if (&servers[fm_stripe_of(pages[i] - fm.far_base, rd.n, &local)] == sv) {
      if (!c)
        c = take(sv);
      ensure(sv, c, local);
      last = i;
    }
  if (!c)
    return;
  for (unsigned i = 0; i <= last;) {
    int posted = 0;
    for (unsigned used = 0; i <= last && used < FM_ZERO_PAGES;) {
      uint64_t off = pages[i] - fm.far_base;
      if (&servers[fm_stripe_of(off, rd.n, &local)] != sv) {
        i++;
        continue;
      }
      unsigned j = i;
      do
        memcpy(c->buf + (size_t)(used + j - i) * FM_PAGE, (const void *)srcs[j], FM_PAGE);
      while (++j <= last && used + j - i < FM_ZERO_PAGES && pages[j] == pages[j - 1] + FM_PAGE &&
             (pages[j] - fm.far_base) % FM_STRIPE);
      if (post_rw(sv, c, IBV_WR_RDMA_WRITE, local, c->buf + (size_t)used * FM_PAGE,
                  (size_t)(j - i) * FM_PAGE) < 0)
        lost(sv);
      posted++;
      used += j - i;
      i = j;
    }
    if (posted && complete(c, posted) < 0)
      lost(sv);
  }
  fm_libc.pthread_mutex_unlock(&c->lock);
}

void fm_rdma_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  for (unsigned k = 0; k < rd.n; k++)
    store_on(&servers[k], pages, srcs, n);
}

int fm_rdma_read_start(uintptr_t page) {
  uint64_t off = page - fm.far_base, local;
  unsigned k = fm_stripe_of(off, rd.n, &local);
  struct reads *r = &servers[k].reads;
  uint64_t free = atomic_load(&r->free);
  unsigned slot;
  do {
    if (!free)
      return -1;
    slot = (unsigned)__builtin_ctzll(free);
  } while (!atomic_compare_exchange_weak(&r->free, &free, free & ~(1ULL << slot)));
  r->started_ns[slot] = fm_stats_now_ns();
  if (post_rw(&servers[k], &r->conn, IBV_WR_RDMA_READ, local, r->conn.buf + slot * FM_PAGE,
              FM_PAGE) < 0)
    lost(&servers[k]);
  return (int)(k * READ_SLOTS + slot);
}

/* Takes the completions that have come (one thread at a time; the others
 * find their slot marked by it). */
static void reap(struct rserver *sv) {
  struct reads *r = &sv->reads;
  if (atomic_exchange(&r->polling, true))
    return;
  struct ibv_wc wc[16];
  int got = ibv_poll_cq(r->conn.cq, 16, wc);
  for (int i = 0; i < got; i++) {
    if (wc[i].status != IBV_WC_SUCCESS) {
      fm_log("rdma: %s", ibv_wc_status_str(wc[i].status));
      lost(sv);
    }
    atomic_fetch_or(&r->arrived, 1ULL << ((wc[i].wr_id - (uintptr_t)r->conn.buf) / FM_PAGE));
  }
  atomic_store(&r->polling, false);
  if (got < 0)
    lost(sv);
}

const void *fm_rdma_read_poll(int ticket) {
  struct rserver *sv = &servers[ticket / READ_SLOTS];
  unsigned slot = (unsigned)ticket % READ_SLOTS;
  if (!(atomic_load(&sv->reads.arrived) & 1ULL << slot))
    reap(sv);
  if (atomic_load(&sv->reads.arrived) & 1ULL << slot)
    return sv->reads.conn.buf + slot * FM_PAGE;
  if (fm_stats_now_ns() - sv->reads.started_ns[slot] > fm.cfg.server_deadline_ns)
    lost(sv);
  return NULL;
}

void fm_rdma_read_wait(int ticket) {
  struct rserver *sv = &servers[ticket / READ_SLOTS];
  struct reads *r = &sv->reads;
  uint64_t bit = 1ULL << (unsigned)ticket % READ_SLOTS;
  if (ibv_req_notify_cq(r->conn.cq, 0))
    lost(sv);
  reap(sv); /* what came before the notification was asked for */
  if (atomic_load(&r->arrived) & bit)
    return;
  struct pollfd p = {.fd = r->conn.channel->fd, .events = POLLIN};
  struct ibv_cq *cq;
  void *ctx;
  if (fm_libc.poll(&p, 1, 1) > 0 && !ibv_get_cq_event(r->conn.channel, &cq, &ctx))
    ibv_ack_cq_events(cq, 1);
}

void fm_rdma_read_end(int ticket) {
  struct reads *r = &servers[ticket / READ_SLOTS].reads;
  uint64_t bit = 1ULL << (unsigned)ticket % READ_SLOTS;
  atomic_fetch_and(&r->arrived, ~bit);
  atomic_fetch_or(&r->free, bit);
}

/* In a forked child done with far memory. Nothing is destroyed: the verbs
 * objects are the parent's too, and destroying them here would end its
 * connections. */
void fm_rdma_forget(void) {}
