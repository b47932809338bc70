/* tcp.c -- far pages on farmem-servers over tcp. With several
 * servers (tcp://a:7000,tcp://b:7000) far memory is dealt to them in
 * stripes (servers.c), so a program can outgrow one server and its
 * transfers spread over all. Each server holds one region for this
 * program, reached over a few connections (the first makes it, the others
 * attach), each with a buffer for what it reads; a thread that moves pages
 * takes a free connection for one request and its reply. A write-back
 * returns once the server has acknowledged it, so a fetch of the same page
 * on another connection, which waits for the page's lock, reads what was
 * written. Any failure or a reply later than FARHINT_SERVER_DEADLINE
 * (--server-deadline, 10 s) is the server lost: the program stops with
 * that error rather than run on without its pages.
 * Design: docs/design/backends.md. */
#include "backend/transport.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "backend/backend.h"

#include "fh_tcp.h"

#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#define CONNS 4
#define BUF_BYTES ((size_t)FM_ZERO_PAGES * FM_PAGE) /* the largest fetch */

struct conn {
  int sock;
  pthread_mutex_t lock;
  uint8_t *buf;
};

static struct server {
  struct fm_server_addr addr;
  uint64_t region, capacity;
  struct conn conns[CONNS];
  int child_sock; /* a forked child's own connection (fm_tcp_read_into) */
} servers[FM_MAX_SERVERS];

static struct {
  unsigned n; /* servers */
  char token[FH_TOKEN_MAX + 1];
} tcp;

/* The server holding far offset off, and where in its region. */
static struct server *server_of(uint64_t off, uint64_t *local) {
  return &servers[fm_stripe_of(off, tcp.n, local)];
}

static int dial(const struct server *sv) {
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai;
  int rc = getaddrinfo(sv->addr.host, sv->addr.port, &hints, &ai);
  if (rc) {
    fm_log("cannot resolve the memory server %s: %s", sv->addr.url, gai_strerror(rc));
    return -1;
  }
  int s = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (s >= 0)
    fh_tcp_tune(s, fm_server_deadline_ms());
  if (s < 0 || fm_libc.connect(s, ai->ai_addr, ai->ai_addrlen) < 0) {
    fm_log("cannot reach the memory server at %s (%s); is farmem-server running with "
           "--listen %s?",
           sv->addr.url, strerror(errno), sv->addr.url);
    if (s >= 0)
      close(s);
    s = -1;
  }
  freeaddrinfo(ai);
  return s;
}

/* One request and its reply's header; -1 on a broken connection. */
static int exchange(int sock, struct farmem_msg *req, struct farmem_msg *rep) {
  req->version = FARMEM_PROTO_VERSION;
  struct iovec iov = {req, sizeof *req};
  if (fh_tcp_sendv(sock, &iov, 1) < 0 || fh_tcp_recv(sock, rep, sizeof *rep) < 0)
    return -1;
  rep->text[sizeof rep->text - 1] = 0;
  return 0;
}

/* HELLO (a new region) or ATTACH (to sv->region) on a new connection. */
static int open_conn(struct server *sv, bool hello) {
  int s = dial(sv);
  if (s < 0)
    return -1;
  struct farmem_msg req = fm_handshake_request(hello, sv->capacity, sv->region, tcp.token), rep;
  bool ok = false;
  if (exchange(s, &req, &rep) < 0)
    fm_log("the memory server at %s did not answer the handshake (%s)", sv->addr.url,
           errno ? strerror(errno) : "it closed the connection");
  else
    ok = fm_handshake_accepted(sv->addr.url, hello, sv->capacity, &rep);
  if (!ok) {
    close(s);
    return -1;
  }
  if (hello)
    sv->region = rep.region;
  return s;
}

int fm_tcp_connect(const char *list, const char *token_file) {
  struct fm_server_addr addrs[FM_MAX_SERVERS];
  int n = fm_servers_parse(list, "tcp", addrs, FM_MAX_SERVERS);
  if (n < 0 || fm_backend_token(list, token_file, tcp.token, sizeof tcp.token) < 0)
    return -1;
  tcp.n = (unsigned)n;
  for (unsigned k = 0; k < tcp.n; k++) {
    struct server *sv = &servers[k];
    sv->addr = addrs[k];
    sv->child_sock = -1;
    sv->capacity = fm_stripe_share(tcp.n);
    for (int i = 0; i < CONNS; i++) {
      struct conn *c = &sv->conns[i];
      c->sock = open_conn(sv, i == 0);
      c->buf =
          fm_libc.mmap(NULL, BUF_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      fm_libc.pthread_mutex_init(&c->lock, NULL);
      if (c->sock < 0 || c->buf == MAP_FAILED)
        return -1;
    }
  }
  fm_link_is_the_network();
  return 0;
}

static struct conn *take(struct server *sv) {
  return &sv->conns[fm_conn_take(&sv->conns[0].lock, sizeof sv->conns[0], CONNS)];
}

static void broken(const struct server *sv, const struct farmem_msg *rep) {
  fm_log("the memory server at %s %s%s", sv->addr.url,
         rep && rep->op == FARMEM_ERROR ? "refused: " : "stopped answering",
         rep && rep->op == FARMEM_ERROR ? rep->text : "");
  fm_backend_lost();
}

/* READ len bytes at the server's offset local into buf, on sock. */
static void read_span(struct server *sv, int sock, uint64_t local, void *buf, size_t len) {
  struct farmem_msg req = {.op = FARMEM_READ, .arg = local, .len = len}, rep = {0};
  if (exchange(sock, &req, &rep) < 0 || rep.op != FARMEM_DATA || rep.len != len ||
      fh_tcp_recv(sock, buf, len) < 0)
    broken(sv, &rep);
}

const void *fm_tcp_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  uint64_t off = page - fm.far_base, local;
  struct server *sv = server_of(off, &local);
  struct conn *c = take(sv);
  src->conn = (int)(sv - servers) * CONNS + (int)(c - sv->conns);
  size_t first = fm_stripe_part(off, len);
  read_span(sv, c->sock, local, c->buf, first);
  if (first < len) { /* the rest is the next stripe's, on the next server */
    struct server *next = server_of(off + first, &local);
    struct conn *d = next == sv ? c : take(next); /* one server: the same stream */
    read_span(next, d->sock, local, c->buf + first, len - first);
    if (d != c)
      fm_libc.pthread_mutex_unlock(&d->lock);
  }
  return c->buf;
}

void fm_tcp_release(struct fm_far_src *src) {
  fm_libc.pthread_mutex_unlock(&servers[src->conn / CONNS].conns[src->conn % CONNS].lock);
  src->conn = -1;
}

/* Sends sv's share of the pages, each run of neighbours in one stripe as
 * one WRITE from the pages themselves, all before the acknowledgements are
 * read. */
static void store_on(struct server *sv, const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  struct conn *c = NULL;
  unsigned sent = 0;
  for (unsigned i = 0; i < n;) {
    uint64_t off = pages[i] - fm.far_base, local;
    if (server_of(off, &local) != sv) {
      i++;
      continue;
    }
    if (!c)
      c = take(sv);
    struct farmem_msg req = {.op = FARMEM_WRITE, .version = FARMEM_PROTO_VERSION, .arg = local};
    struct iovec iov[1 + FM_STRIPE / FM_PAGE] = {{&req, sizeof req}};
    unsigned j = i;
    do
      iov[1 + j - i] = (struct iovec){(void *)srcs[j], FM_PAGE};
    while (++j < n && pages[j] == pages[j - 1] + FM_PAGE && (pages[j] - fm.far_base) % FM_STRIPE &&
           j - i < FARMEM_MAX_TRANSFER / FM_PAGE);
    req.len = (uint64_t)(j - i) * FM_PAGE;
    if (fh_tcp_sendv(c->sock, iov, (int)(1 + j - i)) < 0)
      broken(sv, NULL);
    sent++;
    i = j;
  }
  for (; sent; sent--) {
    struct farmem_msg rep = {0};
    if (fh_tcp_recv(c->sock, &rep, sizeof rep) < 0 || rep.op != FARMEM_WRITTEN)
      broken(sv, &rep);
  }
  if (c)
    fm_libc.pthread_mutex_unlock(&c->lock);
}

void fm_tcp_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  for (unsigned k = 0; k < tcp.n; k++)
    store_on(&servers[k], pages, srcs, n);
}

/* The parent's connections stay the parent's: their streams may be in the
 * middle of its requests. */
void fm_tcp_read_into(uintptr_t page, void *dst, size_t len) {
  uint64_t off = page - fm.far_base;
  for (size_t done = 0; done < len;) {
    uint64_t local;
    struct server *sv = server_of(off + done, &local);
    if (sv->child_sock < 0 && (sv->child_sock = open_conn(sv, false)) < 0)
      fm_backend_lost();
    size_t part = fm_stripe_part(off + done, len - done);
    read_span(sv, sv->child_sock, local, (uint8_t *)dst + done, part);
    done += part;
  }
}

int fm_tcp_fd(void) { return servers[0].conns[0].sock; }

void fm_tcp_forget(void) {
  for (unsigned k = 0; k < tcp.n; k++) {
    struct server *sv = &servers[k];
    if (sv->child_sock >= 0)
      close(sv->child_sock);
    sv->child_sock = -1;
    for (int i = 0; i < CONNS; i++) {
      close(sv->conns[i].sock);
      sv->conns[i].sock = -1;
      fm_libc.munmap(sv->conns[i].buf, BUF_BYTES);
    }
  }
}
