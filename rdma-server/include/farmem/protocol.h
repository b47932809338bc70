/* farmem/protocol.h -- the control protocol between libfarmem and
 * farmem-server. Shared-memory transport: the server hands the client a
 * memfd holding the far pages (the client then reads and writes it directly,
 * like one-sided RDMA READ/WRITE into a registered region) and allocates its
 * pages on GROW, so they are charged to the server's memory cgroup, never to
 * the application's. Messages are fixed-size SOCK_SEQPACKET datagrams. */
#ifndef FARMEM_PROTOCOL_H
#define FARMEM_PROTOCOL_H

#include <stdint.h>

#define FARMEM_PROTO_VERSION 1
#define FARMEM_GROW_CHUNK (64ULL << 20)

enum farmem_op {
  FARMEM_HELLO = 1, /* client: arg = capacity wanted (bytes) */
  FARMEM_WELCOME,   /* server: arg = capacity granted; memfd attached */
  FARMEM_GROW,      /* client: arg = bytes of storage needed from offset 0 */
  FARMEM_GROWN,     /* server: arg = bytes now allocated */
  FARMEM_ERROR,     /* server: text says why */
};

struct farmem_msg {
  uint32_t op;
  uint32_t version;
  uint64_t arg;
  uint64_t link_latency_ns; /* WELCOME: the modelled link */
  uint64_t link_bandwidth_bps;
  char text[160];
};

#endif /* FARMEM_PROTOCOL_H */
