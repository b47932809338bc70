/* serve_rdma.c -- the rdma transport (rdma-core: librdmacm + libibverbs).
 * Clients connect with rdma_cm, one RC queue pair per connection, and
 * speak the protocol's handshake in two-sided SEND/RECV messages: HELLO or
 * ATTACH with the token, then GROW, which registers the region up to the
 * size asked and answers with its address and the new registration's key.
 * The pages themselves move by the client's one-sided RDMA READ and WRITE
 * into the registered region: the server's CPU does not touch them, and a
 * key is only ever sent to a client that presented the token. Registering
 * pins the memory, so the region is registered a FARMEM_REG_CHUNK at a
 * time, each chunk when the client first writes to it, never all at once:
 * a program's far memory may be sparse (a big mapping far from its heap). */
#include "server.h"

#include "fh_tcp.h"

#include <errno.h>
#include <netdb.h>
#include <rdma/rdma_cma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CONNS 64

struct rconn {
  struct rdma_cm_id *id;     /* NULL: slot free */
  struct ibv_mr *mr;         /* of msgs */
  struct farmem_msg msgs[2]; /* [0] received, [1] sent */
  struct region *region;
};

static struct {
  struct rdma_event_channel *events;
  struct rdma_cm_id *listener;
  struct ibv_pd *pd;
  struct ibv_comp_channel *channel;
  struct ibv_cq *cq;
  struct rconn conns[MAX_CONNS];
} rdma;

static int post_recv(struct rconn *c) {
  struct ibv_sge sge = {(uintptr_t)&c->msgs[0], sizeof c->msgs[0], c->mr->lkey};
  struct ibv_recv_wr wr = {.wr_id = (uintptr_t)c, .sg_list = &sge, .num_sge = 1}, *bad;
  return ibv_post_recv(c->id->qp, &wr, &bad);
}

static int send_reply(struct rconn *c) {
  struct ibv_sge sge = {(uintptr_t)&c->msgs[1], sizeof c->msgs[1], c->mr->lkey};
  struct ibv_send_wr wr = {.wr_id = 0,
                           .sg_list = &sge,
                           .num_sge = 1,
                           .opcode = IBV_WR_SEND,
                           .send_flags = IBV_SEND_SIGNALED},
                     *bad;
  return ibv_post_send(c->id->qp, &wr, &bad);
}

/* The verbs objects every connection shares, made with the first (they
 * need the device, which rdma_cm picks when a client arrives). */
static int shared_verbs(struct ibv_context *verbs) {
  if (rdma.pd)
    return 0;
  rdma.pd = ibv_alloc_pd(verbs);
  rdma.channel = rdma.pd ? ibv_create_comp_channel(verbs) : NULL;
  rdma.cq = rdma.channel ? ibv_create_cq(verbs, 4 * MAX_CONNS, NULL, rdma.channel, 0) : NULL;
  if (!rdma.cq || ibv_req_notify_cq(rdma.cq, 0)) {
    fprintf(stderr, "farmem-server: cannot set up the rdma device: %s\n", strerror(errno));
    return -1;
  }
  return 0;
}

static void conn_free(struct rconn *c) {
  struct region *r = c->region;
  if (r && r->refs == 1) /* its last connection: unpin before the pages go */
    for (int k = 0; k < REGION_MRS; k++)
      if (r->mrs[k])
        ibv_dereg_mr(r->mrs[k]);
  region_put(r);
  if (c->id->qp)
    rdma_destroy_qp(c->id);
  if (c->mr)
    ibv_dereg_mr(c->mr);
  rdma_destroy_id(c->id);
  *c = (struct rconn){0};
}

static void accept_conn(struct rdma_cm_id *id) {
  struct rconn *c = NULL;
  for (int i = 0; i < MAX_CONNS && !c; i++)
    if (!rdma.conns[i].id)
      c = &rdma.conns[i];
  if (!c || shared_verbs(id->verbs) < 0) {
    rdma_reject(id, NULL, 0);
    rdma_destroy_id(id);
    return;
  }
  *c = (struct rconn){.id = id};
  id->context = c;
  struct ibv_qp_init_attr qa = {
      .send_cq = rdma.cq,
      .recv_cq = rdma.cq,
      .qp_type = IBV_QPT_RC,
      .cap = {.max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1}};
  struct rdma_conn_param param = {.responder_resources = 16, .initiator_depth = 0};
  c->mr = ibv_reg_mr(rdma.pd, c->msgs, sizeof c->msgs, IBV_ACCESS_LOCAL_WRITE);
  if (!c->mr || rdma_create_qp(id, rdma.pd, &qa) || post_recv(c) || rdma_accept(id, &param)) {
    fprintf(stderr, "farmem-server: cannot accept an rdma client: %s\n", strerror(errno));
    rdma_reject(id, NULL, 0);
    conn_free(c);
  }
}

/* Registers the chunk at offset m->arg of the region, unless it is; the
 * reply gives the region's address and the chunk's key. */
static void grow(struct rconn *c, const struct farmem_msg *m, struct farmem_msg *reply) {
  struct region *r = c->region;
  uint64_t k = m->arg / FARMEM_REG_CHUNK, at = k * FARMEM_REG_CHUNK;
  if (m->arg >= r->capacity || k >= REGION_MRS) {
    *reply = (struct farmem_msg){.op = FARMEM_ERROR};
    snprintf(reply->text, sizeof reply->text, "offset %llu is beyond the region (%llu bytes)",
             (unsigned long long)m->arg, (unsigned long long)r->capacity);
    return;
  }
  uint64_t len = r->capacity - at < FARMEM_REG_CHUNK ? r->capacity - at : FARMEM_REG_CHUNK;
  if (!r->mrs[k])
    r->mrs[k] =
        ibv_reg_mr(rdma.pd, r->base + at, len,
                   IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE);
  if (!r->mrs[k]) {
    *reply = (struct farmem_msg){.op = FARMEM_ERROR};
    snprintf(reply->text, sizeof reply->text, "cannot register %llu bytes: %s",
             (unsigned long long)len, strerror(errno));
    return;
  }
  *reply = (struct farmem_msg){
      .op = FARMEM_GROWN, .arg = (uintptr_t)r->base, .region = ((struct ibv_mr *)r->mrs[k])->rkey};
}

/* One request received on c; -1 to drop the connection. */
static int serve_request(struct rconn *c) {
  struct farmem_msg m = c->msgs[0], *reply = &c->msgs[1];
  int rc = 0;
  if (m.op == FARMEM_HELLO || m.op == FARMEM_ATTACH || m.version != FARMEM_PROTO_VERSION)
    rc = region_handshake(&c->region, &m, reply);
  else if (m.op == FARMEM_GROW && c->region)
    grow(c, &m, reply);
  else {
    *reply = (struct farmem_msg){.op = FARMEM_ERROR};
    snprintf(reply->text, sizeof reply->text, "request %u not served over rdma%s", m.op,
             c->region ? "" : " before HELLO or ATTACH");
  }
  reply->version = FARMEM_PROTO_VERSION;
  if (reply->op == FARMEM_ERROR)
    rc = -1;
  if (post_recv(c) || send_reply(c))
    return -1;
  return rc;
}

static void serve_completions(void) {
  struct ibv_cq *cq;
  void *ctx;
  if (ibv_get_cq_event(rdma.channel, &cq, &ctx) == 0) {
    ibv_ack_cq_events(cq, 1);
    ibv_req_notify_cq(cq, 0);
  }
  struct ibv_wc wc[16];
  int n;
  while ((n = ibv_poll_cq(rdma.cq, 16, wc)) > 0)
    for (int i = 0; i < n; i++) {
      struct rconn *c = (struct rconn *)(uintptr_t)wc[i].wr_id;
      if (!c || !c->id) /* a reply sent, or a connection already gone */
        continue;
      if (wc[i].status != IBV_WC_SUCCESS || serve_request(c) < 0)
        rdma_disconnect(c->id); /* freed at its DISCONNECTED event */
    }
}

static void serve_cm_event(void) {
  struct rdma_cm_event *e;
  if (rdma_get_cm_event(rdma.events, &e))
    return;
  struct rdma_cm_id *id = e->id;
  enum rdma_cm_event_type type = e->event;
  rdma_ack_cm_event(e);
  if (type == RDMA_CM_EVENT_CONNECT_REQUEST)
    accept_conn(id);
  else if ((type == RDMA_CM_EVENT_DISCONNECTED || type == RDMA_CM_EVENT_REJECTED ||
            type == RDMA_CM_EVENT_CONNECT_ERROR || type == RDMA_CM_EVENT_UNREACHABLE) &&
           id->context)
    conn_free(id->context);
}

int serve_rdma_listen(const char *url) {
  char host[256], port[16], why[256];
  if (fh_addr_parse(url, "rdma", host, sizeof host, port, sizeof port, why, sizeof why) < 0) {
    fprintf(stderr, "farmem-server: --listen %s\n", why);
    return -1;
  }
  struct addrinfo hints = {.ai_flags = AI_PASSIVE}, *ai;
  int rc = getaddrinfo(host, port, &hints, &ai);
  if (rc) {
    fprintf(stderr, "farmem-server: --listen %s: %s\n", url, gai_strerror(rc));
    return -1;
  }
  rdma.events = rdma_create_event_channel();
  if (!rdma.events || rdma_create_id(rdma.events, &rdma.listener, NULL, RDMA_PS_TCP) ||
      rdma_bind_addr(rdma.listener, ai->ai_addr) || rdma_listen(rdma.listener, 16)) {
    fprintf(stderr,
            "farmem-server: cannot listen on %s: %s (an rdma device on that address? "
            "`rdma link` lists them)\n",
            url, strerror(errno));
    freeaddrinfo(ai);
    return -1;
  }
  freeaddrinfo(ai);
  return rdma.events->fd;
}

int serve_rdma_completion_fd(void) { return rdma.channel ? rdma.channel->fd : -1; }

void serve_rdma(bool cm_event, bool completion) {
  if (cm_event)
    serve_cm_event();
  if (completion)
    serve_completions();
}
