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
#include <sys/mman.h>
#include <sys/random.h>

#define MAX_REGIONS 64
#define PAGE 4096ULL

struct region {
  uint64_t id; /* 0: slot free */
  uint8_t *base;
  uint64_t capacity;
  int refs; /* connections holding it */
};

static struct region regions[MAX_REGIONS];

static int send_msg(struct client *c, struct farmem_msg *m, void *data, size_t len) {
  m->version = FARMEM_PROTO_VERSION;
  struct iovec iov[2] = {{m, sizeof *m}, {data, len}};
  return fh_tcp_sendv(c->sock, iov, len ? 2 : 1);
}

void serve_tcp_send(struct client *c, struct farmem_msg *m) { send_msg(c, m, NULL, 0); }

static struct region *region_new(uint64_t capacity) {
  for (int i = 0; i < MAX_REGIONS; i++) {
    struct region *r = &regions[i];
    if (r->id)
      continue;
    void *base = mmap(NULL, capacity, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED)
      return NULL;
    uint64_t id = 0;
    while (!id && getrandom(&id, sizeof id, 0) == sizeof id)
      ;
    *r = (struct region){.id = id, .base = base, .capacity = capacity, .refs = 1};
    return r;
  }
  errno = ENOSPC;
  return NULL;
}

static struct region *region_find(uint64_t id) {
  for (int i = 0; id && i < MAX_REGIONS; i++)
    if (regions[i].id == id)
      return &regions[i];
  return NULL;
}

void serve_tcp_drop(struct client *c) {
  struct region *r = c->region;
  c->region = NULL;
  if (r && --r->refs == 0) { /* its last connection: the pages are gone */
    munmap(r->base, r->capacity);
    *r = (struct region){0};
  }
}

static int hello(struct client *c, struct farmem_msg *m) {
  if (c->region)
    return server_refuse(c, "this connection has far memory already");
  uint64_t want = (m->arg + PAGE - 1) / PAGE * PAGE;
  if (want == 0 || want > srv_config.max_capacity)
    return server_refuse(c, "cannot grant %llu bytes (limit %llu)", (unsigned long long)m->arg,
                         (unsigned long long)srv_config.max_capacity);
  c->region = region_new(want);
  if (!c->region)
    return server_refuse(c, "cannot reserve %llu bytes: %s", (unsigned long long)want,
                         strerror(errno));
  /* The network is the link: no model on top of it. */
  struct farmem_msg w = {.op = FARMEM_WELCOME, .arg = want, .region = c->region->id};
  return send_msg(c, &w, NULL, 0);
}

static int attach(struct client *c, struct farmem_msg *m) {
  struct region *r = region_find(m->region);
  if (c->region || !r)
    return server_refuse(c,
                         "no far memory region %#llx here (the server restarted? far memory "
                         "does not outlive it)",
                         (unsigned long long)m->region);
  c->region = r;
  r->refs++;
  struct farmem_msg a = {.op = FARMEM_ATTACHED, .arg = r->capacity};
  return send_msg(c, &a, NULL, 0);
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
  if (m.version != FARMEM_PROTO_VERSION)
    return server_refuse(c, "protocol version %u not supported (server speaks %u)", m.version,
                         FARMEM_PROTO_VERSION);
  m.text[sizeof m.text - 1] = 0;
  if ((m.op == FARMEM_HELLO || m.op == FARMEM_ATTACH) && !fh_token_equal(m.text, srv_config.token))
    return server_refuse(c, "wrong token: the client's token file does not match the server's");
  switch (m.op) {
  case FARMEM_HELLO: return hello(c, &m);
  case FARMEM_ATTACH: return attach(c, &m);
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
