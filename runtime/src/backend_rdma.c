/* backend_rdma.c -- far pages on a farmem-server over rdma (rdma-core:
 * librdmacm + libibverbs). A few connections, each an RC queue pair with a
 * registered buffer: the handshake and GROW are two-sided messages (the
 * server checks the token before it gives out a key), the pages move by
 * one-sided RDMA READ into the buffer (then UFFDIO_COPY places them) and
 * RDMA WRITE from it. The server registers its region in FARMEM_GROW_CHUNK
 * steps as far memory grows; each step has its own key, so a transfer is
 * split where a step ends. A thread that moves pages takes a free
 * connection for its request; a WRITE's completion means the server's
 * memory holds the data, so a later READ on any connection reads it.
 * Completions are polled for a while and then waited for on the completion
 * channel; none within DEADLINE_MS is the server lost. */
#include "backend.h"

#include "fh_tcp.h"

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define CONNS 4
#define DEADLINE_MS 1000
#define SPIN_NS 50000                               /* then sleep on the completion channel */
#define BUF_BYTES ((size_t)FM_ZERO_PAGES * FM_PAGE) /* the largest fetch */
#define MAX_WRS FM_ZERO_PAGES                       /* a buffer's pages, one WRITE each at worst */

struct rconn {
  struct rdma_cm_id *id;
  struct ibv_comp_channel *channel;
  struct ibv_cq *cq;
  struct ibv_mr *mr;
  uint8_t *buf;            /* BUF_BYTES, then the two messages */
  struct farmem_msg *msgs; /* [0] received, [1] sent */
  pthread_mutex_t lock;
};

static struct {
  char host[256], port[16];
  char token[FH_TOKEN_MAX + 1];
  struct rdma_event_channel *events;
  struct ibv_pd *pd;
  uint64_t region, remote_base;
  _Atomic uint64_t grown;
  uint32_t *rkeys; /* per FARMEM_GROW_CHUNK of far memory */
  pthread_mutex_t grow_lock;
  struct rconn conns[CONNS];
} rd = {.grow_lock = PTHREAD_MUTEX_INITIALIZER};

static int expect(enum rdma_cm_event_type want) {
  struct pollfd p = {.fd = rd.events->fd, .events = POLLIN};
  struct rdma_cm_event *e;
  if (poll(&p, 1, DEADLINE_MS) <= 0 || rdma_get_cm_event(rd.events, &e)) {
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
 * completion channel; -1 if one failed or none came within DEADLINE_MS. */
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
    if (waited > DEADLINE_MS * 1000000ULL)
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
    if (poll(&p, 1, DEADLINE_MS) <= 0 || ibv_get_cq_event(c->channel, &cq, &ctx))
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

static int dial(struct rconn *c) {
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai;
  int rc = getaddrinfo(rd.host, rd.port, &hints, &ai);
  if (rc) {
    fm_log("cannot resolve the memory server %s: %s", fm.cfg.backend, gai_strerror(rc));
    return -1;
  }
  errno = 0;
  int ok = !rdma_create_id(rd.events, &c->id, NULL, RDMA_PS_TCP) &&
           !rdma_resolve_addr(c->id, NULL, ai->ai_addr, DEADLINE_MS) &&
           !expect(RDMA_CM_EVENT_ADDR_RESOLVED) && !rdma_resolve_route(c->id, DEADLINE_MS) &&
           !expect(RDMA_CM_EVENT_ROUTE_RESOLVED);
  freeaddrinfo(ai);
  if (ok && !rd.pd)
    ok = (rd.pd = ibv_alloc_pd(c->id->verbs)) != NULL;
  struct ibv_qp_init_attr qa = {
      .qp_type = IBV_QPT_RC,
      .sq_sig_all = 1,
      .cap = {.max_send_wr = MAX_WRS + 2, .max_recv_wr = 2, .max_send_sge = 1, .max_recv_sge = 1}};
  c->buf =
      mmap(NULL, BUF_BYTES + FM_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  c->msgs = (struct farmem_msg *)(c->buf + BUF_BYTES);
  ok = ok && c->buf != MAP_FAILED && (c->channel = ibv_create_comp_channel(c->id->verbs)) &&
       (c->cq = ibv_create_cq(c->id->verbs, 2 * MAX_WRS + 4, NULL, c->channel, 0)) &&
       (c->mr = ibv_reg_mr(rd.pd, c->buf, BUF_BYTES + FM_PAGE, IBV_ACCESS_LOCAL_WRITE));
  qa.send_cq = qa.recv_cq = c->cq;
  struct rdma_conn_param param = {.initiator_depth = 16, .retry_count = 7, .rnr_retry_count = 7};
  ok = ok && !rdma_create_qp(c->id, rd.pd, &qa) && !post_recv(c) && !rdma_connect(c->id, &param) &&
       !expect(RDMA_CM_EVENT_ESTABLISHED);
  if (!ok)
    fm_log("cannot reach the memory server at %s (%s); is farmem-server running with --listen "
           "%s, on an rdma device's address?",
           fm.cfg.backend, errno ? strerror(errno) : "refused", fm.cfg.backend);
  pthread_mutex_init(&c->lock, NULL);
  return ok ? 0 : -1;
}

/* A connection with HELLO (a new region) or ATTACH (to rd.region). */
static int open_conn(struct rconn *c, bool hello) {
  if (dial(c) < 0)
    return -1;
  struct farmem_msg req = {.op = hello ? FARMEM_HELLO : FARMEM_ATTACH,
                           .arg = fm.cfg.far_bytes,
                           .region = rd.region},
                    rep;
  snprintf(req.text, sizeof req.text, "%s", rd.token);
  if (call(c, &req, &rep) < 0) {
    fm_log("the memory server at %s did not answer the handshake", fm.cfg.backend);
    return -1;
  }
  if (rep.op == FARMEM_ERROR) {
    fm_log("the memory server at %s refused: %s", fm.cfg.backend, rep.text);
    return -1;
  }
  if (hello && (rep.op != FARMEM_WELCOME || rep.arg < fm.cfg.far_bytes)) {
    fm_log("the memory server at %s grants %lu bytes, less than FARHINT_FAR_SIZE=%lu",
           fm.cfg.backend, (unsigned long)rep.arg, (unsigned long)fm.cfg.far_bytes);
    return -1;
  }
  if (hello)
    rd.region = rep.region;
  return 0;
}

int fm_rdma_connect(const char *url, const char *token_file) {
  char why[512];
  if (strchr(url, ',')) {
    fm_log("FARHINT_BACKEND=%s: one rdma server for now (tcp:// stripes over several)", url);
    return -1;
  }
  if (fh_addr_parse(url, "rdma", rd.host, sizeof rd.host, rd.port, sizeof rd.port, why,
                    sizeof why) < 0) {
    fm_log("FARHINT_BACKEND: %s", why);
    return -1;
  }
  if (fm_backend_token(url, token_file, rd.token, sizeof rd.token) < 0)
    return -1;
  size_t chunks = (fm.cfg.far_bytes + FARMEM_GROW_CHUNK - 1) / FARMEM_GROW_CHUNK;
  rd.rkeys = mmap(NULL, chunks * sizeof *rd.rkeys, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (rd.rkeys == MAP_FAILED || !(rd.events = rdma_create_event_channel())) {
    fm_log("rdma backend: %s (is rdma-core installed, with a device? `rdma link` lists them)",
           strerror(errno));
    return -1;
  }
  for (int i = 0; i < CONNS; i++)
    if (open_conn(&rd.conns[i], i == 0) < 0)
      return -1;
  fm_link_is_the_network();
  return 0;
}

static struct rconn *take(void) {
  return &rd.conns[fm_conn_take(&rd.conns[0].lock, sizeof rd.conns[0], CONNS)];
}

/* The server's region registered up to far offset need, asked for on c. */
static void ensure(struct rconn *c, uint64_t need) {
  if (atomic_load(&rd.grown) >= need)
    return;
  pthread_mutex_lock(&rd.grow_lock);
  while (atomic_load(&rd.grown) < need) {
    struct farmem_msg req = {.op = FARMEM_GROW, .arg = need}, rep;
    uint64_t from = atomic_load(&rd.grown);
    if (call(c, &req, &rep) < 0 || rep.op != FARMEM_GROWN || rep.len < need) {
      fm_log("the memory server at %s could not hold more far memory%s%s", fm.cfg.backend,
             rep.op == FARMEM_ERROR ? ": " : "", rep.op == FARMEM_ERROR ? rep.text : "");
      fm_backend_lost();
    }
    rd.remote_base = rep.arg;
    for (uint64_t k = from / FARMEM_GROW_CHUNK; k < rep.len / FARMEM_GROW_CHUNK; k++)
      rd.rkeys[k] = (uint32_t)rep.region;
    atomic_store(&rd.grown, rep.len);
  }
  pthread_mutex_unlock(&rd.grow_lock);
}

/* Posts one READ or WRITE of [off, off + len) of far memory at local,
 * split where a registration ends; how many were posted. */
static int post_rw(struct rconn *c, enum ibv_wr_opcode op, uint64_t off, uint8_t *local,
                   size_t len) {
  int posted = 0;
  while (len) {
    size_t part = FARMEM_GROW_CHUNK - off % FARMEM_GROW_CHUNK;
    part = part < len ? part : len;
    struct ibv_sge sge = {(uintptr_t)local, (uint32_t)part, c->mr->lkey};
    struct ibv_send_wr wr = {.sg_list = &sge, .num_sge = 1, .opcode = op}, *bad;
    wr.wr.rdma.remote_addr = rd.remote_base + off;
    wr.wr.rdma.rkey = rd.rkeys[off / FARMEM_GROW_CHUNK];
    if (ibv_post_send(c->id->qp, &wr, &bad))
      return -1;
    posted++;
    off += part, local += part, len -= part;
  }
  return posted;
}

static void lost(void) {
  fm_log("the memory server at %s stopped answering rdma requests", fm.cfg.backend);
  fm_backend_lost();
}

static void read_far(struct rconn *c, uint64_t off, void *dst, size_t len) {
  int n = post_rw(c, IBV_WR_RDMA_READ, off, dst, len);
  if (n < 0 || complete(c, n) < 0)
    lost();
}

const void *fm_rdma_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  struct rconn *c = take();
  src->conn = (int)(c - rd.conns);
  read_far(c, page - fm.far_base, c->buf, len);
  return c->buf;
}

void fm_rdma_release(struct fm_far_src *src) {
  pthread_mutex_unlock(&rd.conns[src->conn].lock);
  src->conn = -1;
}

/* The pages, copied into the buffer a buffer-full at a time, each run of
 * neighbours one WRITE; returns once the server's memory holds them. */
void fm_rdma_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  if (!n)
    return;
  struct rconn *c = take();
  ensure(c, pages[n - 1] + FM_PAGE - fm.far_base); /* pages ascend */
  for (unsigned i = 0; i < n;) {
    int posted = 0;
    for (unsigned used = 0; i < n && used < FM_ZERO_PAGES;) {
      unsigned j = i;
      do
        memcpy(c->buf + (size_t)(used + j - i) * FM_PAGE, (const void *)srcs[j], FM_PAGE);
      while (++j < n && used + j - i < FM_ZERO_PAGES && pages[j] == pages[j - 1] + FM_PAGE);
      int k = post_rw(c, IBV_WR_RDMA_WRITE, pages[i] - fm.far_base, c->buf + (size_t)used * FM_PAGE,
                      (size_t)(j - i) * FM_PAGE);
      if (k < 0)
        lost();
      posted += k;
      used += j - i;
      i = j;
    }
    if (complete(c, posted) < 0)
      lost();
  }
  pthread_mutex_unlock(&c->lock);
}

/* In a forked child done with far memory. Nothing is destroyed: the verbs
 * objects are the parent's too, and destroying them here would end its
 * connections. */
void fm_rdma_forget(void) {}
