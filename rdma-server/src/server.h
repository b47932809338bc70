/* server.h -- farmem-server's parts: the main loop (server.c) owns the
 * clients; each transport serves its clients' requests (serve_unix.c,
 * serve_tcp.c). */
#ifndef FARMEM_SERVER_H
#define FARMEM_SERVER_H

#include <farmem/protocol.h>
#include <stdbool.h>
#include <stdint.h>

/* Far memory held for one network client (region.c). An rdma region is
 * registered a FARMEM_REG_CHUNK at a time, each chunk when the client
 * first writes to it: REGION_MRS of them cover 256 GiB, four times the
 * runtime's default far size. */
#define REGION_MRS 16384
struct region {
  uint64_t id; /* 0: slot free */
  uint8_t *base;
  uint64_t capacity;
  int refs;              /* connections holding it */
  void *mrs[REGION_MRS]; /* rdma: each chunk's registration (struct ibv_mr), or NULL */
};
struct region *region_new(uint64_t capacity); /* NULL with errno */
struct region *region_find(uint64_t id);
bool region_put(struct region *r); /* drops a reference; whether it was the last */
/* Answers HELLO (a new region) or ATTACH (to m->region) after checking the
 * version and the token: 0 with *held set, or -1 with an ERROR reply. */
int region_handshake(struct region **held, struct farmem_msg *m, struct farmem_msg *reply);

struct client {
  int sock;
  bool tcp;
  int memfd;                /* unix: the far pages, once HELLO made them */
  uint64_t capacity, grown; /* unix */
  struct region *region;    /* tcp: the pages this connection reads and writes */
};

struct server_config {
  uint64_t max_capacity;
  uint64_t latency_ns, bandwidth_bps;
  const char *token; /* tcp clients must present it */
};
extern struct server_config srv_config;

/* Each returns 0 to keep the client, -1 to drop it (after an error reply). */
int serve_unix(struct client *c);
int serve_tcp(struct client *c);
/* Sends an ERROR saying why over the client's transport; returns -1. */
int server_refuse(struct client *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void serve_unix_send(struct client *c, struct farmem_msg *m);
void serve_tcp_send(struct client *c, struct farmem_msg *m);
void serve_tcp_drop(struct client *c); /* releases its region */

/* rdma://HOST:PORT (serve_rdma.c): the listener's event fd, or -1 after
 * saying why; then the completion fd (-1 until the first client), and
 * serve_rdma() for what either of them reported. */
int serve_rdma_listen(const char *url);
int serve_rdma_completion_fd(void);
void serve_rdma(bool cm_event, bool completion);

#endif /* FARMEM_SERVER_H */
