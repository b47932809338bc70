/* region.c -- the far memory the server holds for one client over the
 * network (tcp or rdma): reserved at HELLO, named by a random id that
 * further connections ATTACH to, gone with its last connection. */
#include "server.h"

#include "fh_tcp.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>

#define MAX_REGIONS 64
#define PAGE 4096ULL

static struct region regions[MAX_REGIONS];

struct region *region_new(uint64_t capacity) {
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

struct region *region_find(uint64_t id) {
  for (int i = 0; id && i < MAX_REGIONS; i++)
    if (regions[i].id == id)
      return &regions[i];
  return NULL;
}

bool region_put(struct region *r) {
  if (!r || --r->refs > 0)
    return false;
  munmap(r->base, r->capacity); /* its last connection: the pages are gone */
  *r = (struct region){0};
  return true;
}

static int refuse(struct farmem_msg *reply, const char *why, unsigned long long a,
                  unsigned long long b) {
  *reply = (struct farmem_msg){.op = FARMEM_ERROR, .version = FARMEM_PROTO_VERSION};
  snprintf(reply->text, sizeof reply->text, why, a, b);
  return -1;
}

int region_handshake(struct region **held, struct farmem_msg *m, struct farmem_msg *reply) {
  if (m->version != FARMEM_PROTO_VERSION)
    return refuse(reply, "protocol version %llu not supported (server speaks %llu)", m->version,
                  FARMEM_PROTO_VERSION);
  m->text[sizeof m->text - 1] = 0;
  if (!fh_token_equal(m->text, srv_config.token))
    return refuse(reply, "wrong token: the client's token file does not match the server's", 0, 0);
  if (*held)
    return refuse(reply, "this connection has far memory already", 0, 0);
  struct region *r;
  if (m->op == FARMEM_HELLO) {
    uint64_t want = (m->arg + PAGE - 1) / PAGE * PAGE;
    if (want == 0 || want > srv_config.max_capacity)
      return refuse(reply, "cannot grant %llu bytes (limit %llu)", m->arg, srv_config.max_capacity);
    if (!(r = region_new(want)))
      return refuse(reply, "cannot reserve %llu bytes: no memory or too many clients", want, 0);
    /* The network is the link: no model on top of it. */
    *reply = (struct farmem_msg){.op = FARMEM_WELCOME, .arg = want, .region = r->id};
  } else {
    if (!(r = region_find(m->region)))
      return refuse(reply,
                    "no far memory region %#llx here (the server restarted? far memory does not "
                    "outlive it)",
                    m->region, 0);
    r->refs++;
    *reply = (struct farmem_msg){.op = FARMEM_ATTACHED, .arg = r->capacity};
  }
  reply->version = FARMEM_PROTO_VERSION;
  *held = r;
  return 0;
}
