/* farmem/protocol.h -- the protocol between libfarmem and farmem-server.
 *
 * Shared-memory transport (unix sockets, SOCK_SEQPACKET): the server hands
 * the client a memfd holding the far pages (the client then reads and
 * writes it directly, like one-sided RDMA READ/WRITE into a registered
 * region) and allocates its pages on GROW, so they are charged to the
 * server's memory cgroup, never to the application's.
 *
 * TCP transport (a byte stream): the same messages, plus READ and WRITE,
 * which carry pages after the message. HELLO creates a region on the server
 * and WELCOME names it; further connections of the same client (one per
 * runtime thread that moves pages) ATTACH to it. Both carry the server's
 * token in `text`. A region lives while a connection holds it: far memory
 * is not durable. Requests on one connection are served in order. */
#ifndef FARMEM_PROTOCOL_H
#define FARMEM_PROTOCOL_H

#include <stdint.h>

#define FARMEM_PROTO_VERSION 2
#define FARMEM_GROW_CHUNK (64ULL << 20)
/* rdma: the bytes of a region one registration covers. Registering pins
 * (and, under emulation, takes about a second per 64 MiB): a chunk must
 * register well within a request's deadline. */
#define FARMEM_REG_CHUNK (16ULL << 20)
#define FARMEM_MAX_TRANSFER (4ULL << 20) /* bytes of one READ or WRITE */

enum farmem_op {
  FARMEM_HELLO = 1, /* client: arg = capacity wanted (bytes); tcp: text = token */
  FARMEM_WELCOME,   /* server: arg = capacity granted; memfd attached (unix) or
                       region = its id (tcp) */
  FARMEM_GROW,      /* unix client: arg = bytes of storage needed from offset 0;
                       rdma client: arg = offset of the FARMEM_REG_CHUNK to register */
  FARMEM_GROWN,     /* server: arg = bytes now allocated (unix), or the region's
                       address, region = the chunk's key (rdma) */
  FARMEM_ERROR,     /* server: text says why */
  FARMEM_ATTACH,    /* tcp client: region = the id WELCOME gave, text = token */
  FARMEM_ATTACHED,  /* server: arg = the region's capacity */
  FARMEM_READ,      /* tcp client: arg = offset, len = bytes (page-aligned) */
  FARMEM_DATA,      /* server: len bytes follow */
  FARMEM_WRITE,     /* tcp client: arg = offset, len = bytes; the bytes follow */
  FARMEM_WRITTEN,   /* server: stored */
};

struct farmem_msg {
  uint32_t op;
  uint32_t version;
  uint64_t arg;
  uint64_t len;
  uint64_t region;
  uint64_t link_latency_ns; /* WELCOME: the modelled link (0 over tcp: the link is real) */
  uint64_t link_bandwidth_bps;
  char text[160];
};

#endif /* FARMEM_PROTOCOL_H */
