/* transport.h -- the transports behind fm_backend_* (backend.c): the shared
 * store of a farmem-server on this machine (backend/shm.c), a farmem-server
 * over tcp (backend/tcp.c) or rdma (backend/rdma.c), a memcached cluster
 * (backend/memcached.c), and a compressed pool in the program's own memory
 * (backend/compress.c).
 * Design: docs/design/backends.md. */
#include "base/state.h"
#include "backend/backend.h"

#ifndef FM_BACKEND_H
#define FM_BACKEND_H

/* FARHINT_SERVER_DEADLINE in milliseconds, for calls that take them. */
static inline int fm_server_deadline_ms(void) {
  uint64_t ms = fm.cfg.server_deadline_ns / 1000000;
  return ms > INT32_MAX ? INT32_MAX : ms ? (int)ms : 1;
}

#include <farmem/protocol.h>
#include <pthread.h>

/* What a transport does for fm_backend_* (backend/backend.h says what each means). */
struct fm_transport {
  const void *(*fetch)(uintptr_t page, size_t len, struct fm_far_src *src);
  void (*release)(struct fm_far_src *src); /* NULL: nothing to give back */
  void (*store)(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
  void (*read_into)(uintptr_t page, void *dst, size_t len);     /* NULL: not in a child */
  void (*store_fd)(int fd, const uintptr_t *pages, unsigned n); /* NULL: no pipes */
  void (*forget)(void);
  int (*fd)(void);                   /* polled for the server's death; -1: none */
  int (*read_start)(uintptr_t page); /* NULL: no reads in flight (backend/backend.h) */
  const void *(*read_poll)(int ticket);
  void (*read_end)(int ticket);
  void (*read_wait)(int ticket);
  /* Drops a far copy (its page locked): a transport whose copies take this
   * machine's memory; NULL: a copy stays until it is overwritten. */
  void (*discard)(uintptr_t page);
};

/* A memory server's address, one of FARHINT_BACKEND's list (servers.c). */
struct fm_server_addr {
  char url[256], host[256], port[16];
};
#define FM_MAX_SERVERS 16

/* Splits list ("S://h:p,S://h:p"; the scheme may be left out after the
 * first) into at most max servers of scheme S: how many, or -1 after
 * saying why. */
int fm_servers_parse(const char *list, const char *scheme, struct fm_server_addr *out,
                     unsigned max);

/* Far memory dealt to n farmem-servers in stripes of FM_STRIPE bytes,
 * larger than any one fetch, so a fetch spans two servers at most: the
 * server holding far offset off, and where in its region (*local); the part
 * of [off, off + len) in off's stripe; the far memory each server holds. */
#define FM_STRIPE (2ULL << 20)
unsigned fm_stripe_of(uint64_t off, unsigned n, uint64_t *local);
size_t fm_stripe_part(uint64_t off, size_t len);
uint64_t fm_stripe_share(unsigned n);
/* A new connection's handshake (servers.c): HELLO (a new region of capacity
 * bytes) or ATTACH (to region), with the token; and whether the server's
 * answer lets the connection be used (else it says why). */
struct farmem_msg fm_handshake_request(bool hello, uint64_t capacity, uint64_t region,
                                       const char *token);
bool fm_handshake_accepted(const char *url, bool hello, uint64_t capacity,
                           const struct farmem_msg *rep);

/* A network transport's connections, n structures `stride` bytes apart,
 * each with a lock at `first` and after: locks one for a request and its
 * reply -- the caller's own first (threads are spread over them), else any
 * free one, else it waits for its own -- and returns its index. n is the
 * same on every call. */
int fm_conn_take(pthread_mutex_t *first, size_t stride, int n);

/* The server's token for a network backend (url) from token_file; 0, or
 * -1 after saying why. */
int fm_backend_token(const char *url, const char *token_file, char *token, size_t len);

/* Over a network the network is the link: no model on top, unless the
 * program's settings ask for one. */
void fm_link_is_the_network(void);

/* One request and its reply on the unix control socket, with the fd the
 * reply may carry (backend.c). */
int fm_backend_call(struct farmem_msg *req, struct farmem_msg *rep, int *fd);

int fm_shm_attach(int memfd, uint64_t capacity);
const void *fm_shm_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_shm_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
void fm_shm_read_into(uintptr_t page, void *dst, size_t len);
void fm_shm_store_fd(int fd, const uintptr_t *pages, unsigned n);
void fm_shm_forget(void);
void fm_shm_unlock(void);

/* 0, or -1 after saying why. Set the link model to none: it is real. */
int fm_tcp_connect(const char *url, const char *token_file);
const void *fm_tcp_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_tcp_release(struct fm_far_src *src);
void fm_tcp_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
void fm_tcp_read_into(uintptr_t page, void *dst, size_t len);
int fm_tcp_fd(void);
void fm_tcp_forget(void);

int fm_rdma_connect(const char *url, const char *token_file);
const void *fm_rdma_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_rdma_release(struct fm_far_src *src);
void fm_rdma_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
void fm_rdma_forget(void);
int fm_rdma_read_start(uintptr_t page);
const void *fm_rdma_read_poll(int ticket);
void fm_rdma_read_end(int ticket);
void fm_rdma_read_wait(int ticket);

const void *fm_compress_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_compress_release(struct fm_far_src *src);
void fm_compress_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
void fm_compress_read_into(uintptr_t page, void *dst, size_t len);
void fm_compress_forget(void);
void fm_compress_discard(uintptr_t page);
int fm_compress_fd(void); /* the remote tier's, or -1 */

int fm_memcached_connect(const char *url);
const void *fm_memcached_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_memcached_release(struct fm_far_src *src);
void fm_memcached_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
void fm_memcached_read_into(uintptr_t page, void *dst, size_t len);
void fm_memcached_forget(void);

#endif /* FM_BACKEND_H */
