/* server.h -- farmem-server's parts: the main loop (server.c) owns the
 * clients; each transport serves its clients' requests (serve_unix.c,
 * serve_tcp.c). */
#ifndef FARMEM_SERVER_H
#define FARMEM_SERVER_H

#include <farmem/protocol.h>
#include <stdbool.h>
#include <stdint.h>

struct region; /* serve_tcp.c */

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

#endif /* FARMEM_SERVER_H */
