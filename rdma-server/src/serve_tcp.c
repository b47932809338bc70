/* serve_tcp.c -- the tcp transport: the server holds each client's far
 * pages in a region of its own memory and moves them on READ and WRITE.
 * Every request is checked (token, region, alignment, bounds) before a
 * byte moves; a bad one gets an error and the connection is closed, since
 * the stream cannot be trusted after it. */
#include "server.h"

#include "fh_tcp.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define PAGE 4096ULL

static int send_msg(struct client *c, struct farmem_msg *m, void *data, size_t len) {
  m->version = FARMEM_PROTO_VERSION;
  struct iovec iov[2] = {{m, sizeof *m}, {data, len}};
  return fh_tcp_sendv(c->sock, iov, len ? 2 : 1);
}

void serve_tcp_send(struct client *c, struct farmem_msg *m) { send_msg(c, m, NULL, 0); }

void serve_tcp_drop(struct client *c) {
  region_put(c->region);
  c->region = NULL;
}

/* The bytes a READ or WRITE names, or NULL after refusing it. */
static uint8_t *span(struct client *c, const struct farmem_msg *m) {
  struct region *r = c->region;
  if (!r) {
    server_refuse(c, "no far memory on this connection yet (HELLO or ATTACH first)");
    return NULL;
  }
  if (m->arg % PAGE || m->len % PAGE || m->len == 0 || m->len > FARMEM_MAX_TRANSFER ||
      m->arg > r->capacity || m->len > r->capacity - m->arg) {
    server_refuse(c, "bad transfer of %llu bytes at %llu (pages, at most %llu, within %llu)",
                  (unsigned long long)m->len, (unsigned long long)m->arg,
                  (unsigned long long)FARMEM_MAX_TRANSFER, (unsigned long long)r->capacity);
    return NULL;
  }
  return r->base + m->arg;
}

int serve_tcp(struct client *c) {
  struct farmem_msg m;
  if (fh_tcp_recv(c->sock, &m, sizeof m) < 0)
    return -1; /* gone, or silent past the deadline */
  if (m.version != FARMEM_PROTO_VERSION || m.op == FARMEM_HELLO || m.op == FARMEM_ATTACH) {
    struct farmem_msg reply;
    int rc = region_handshake(&c->region, &m, &reply);
    return send_msg(c, &reply, NULL, 0) < 0 ? -1 : rc;
  }
  switch (m.op) {
  case FARMEM_READ: {
    uint8_t *p = span(c, &m);
    struct farmem_msg d = {.op = FARMEM_DATA, .arg = m.arg, .len = m.len};
    return p ? send_msg(c, &d, p, m.len) : -1;
  }
  case FARMEM_WRITE: {
    uint8_t *p = span(c, &m);
    if (!p || fh_tcp_recv(c->sock, p, m.len) < 0)
      return -1;
    struct farmem_msg w = {.op = FARMEM_WRITTEN, .arg = m.arg, .len = m.len};
    return send_msg(c, &w, NULL, 0);
  }
  default: return server_refuse(c, "unknown request %u", m.op);
  }
}
