/* backend_tcp.c -- far pages on a farmem-server over tcp. A few
 * connections to one region of the server (the first makes it, the others
 * attach), each with a buffer for what it reads; a thread that moves pages
 * takes a free connection for one request and its reply. A write-back
 * returns once the server has acknowledged it, so a fetch of the same page
 * on another connection, which waits for the page's lock, reads what was
 * written. Any failure or a reply later than DEADLINE_MS is the server
 * lost: the program stops with that error rather than run on without its
 * pages. */
#include "backend.h"

#include "fh_tcp.h"

#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#define CONNS 4
#define DEADLINE_MS 1000
#define BUF_BYTES ((size_t)FM_ZERO_PAGES * FM_PAGE) /* the largest fetch */

static struct conn {
  int sock;
  pthread_mutex_t lock;
  uint8_t *buf;
} conns[CONNS];

static struct {
  char host[256], port[16];
  char token[FH_TOKEN_MAX + 1];
  uint64_t region;
  _Atomic unsigned next; /* spreads threads over the connections */
  int child_sock;        /* a forked child's own connection (fm_tcp_read_into) */
} tcp = {.child_sock = -1};

static __thread int my_conn = -1;

static int dial(void) {
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai;
  int rc = getaddrinfo(tcp.host, tcp.port, &hints, &ai);
  if (rc) {
    fm_log("cannot resolve the memory server %s: %s", fm.cfg.backend, gai_strerror(rc));
    return -1;
  }
  int s = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (s >= 0)
    fh_tcp_tune(s, DEADLINE_MS);
  if (s < 0 || connect(s, ai->ai_addr, ai->ai_addrlen) < 0) {
    fm_log("cannot reach the memory server at %s (%s); is farmem-server running with "
           "--listen %s?",
           fm.cfg.backend, strerror(errno), fm.cfg.backend);
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

/* HELLO (a new region) or ATTACH (to tcp.region) on a new connection. */
static int open_conn(bool hello) {
  int s = dial();
  if (s < 0)
    return -1;
  struct farmem_msg req = {.op = hello ? FARMEM_HELLO : FARMEM_ATTACH,
                           .arg = fm.cfg.far_bytes,
                           .region = tcp.region},
                    rep;
  snprintf(req.text, sizeof req.text, "%s", tcp.token);
  if (exchange(s, &req, &rep) < 0) {
    fm_log("the memory server at %s did not answer the handshake (%s)", fm.cfg.backend,
           errno ? strerror(errno) : "it closed the connection");
    close(s);
    return -1;
  }
  if (rep.op == FARMEM_ERROR) {
    fm_log("the memory server at %s refused: %s", fm.cfg.backend, rep.text);
    close(s);
    return -1;
  }
  if (hello) {
    if (rep.op != FARMEM_WELCOME || rep.arg < fm.cfg.far_bytes) {
      fm_log("the memory server at %s grants %lu bytes, less than FARHINT_FAR_SIZE=%lu",
             fm.cfg.backend, (unsigned long)rep.arg, (unsigned long)fm.cfg.far_bytes);
      close(s);
      return -1;
    }
    tcp.region = rep.region;
  }
  return s;
}

int fm_tcp_connect(const char *url, const char *token_file) {
  char why[512];
  if (fh_tcp_parse(url, tcp.host, sizeof tcp.host, tcp.port, sizeof tcp.port, why, sizeof why) <
      0) {
    fm_log("FARHINT_BACKEND: %s", why);
    return -1;
  }
  if (!*token_file) {
    fm_log("the tcp backend %s needs the server's token: farhint run --token-file FILE "
           "(FARHINT_TOKEN_FILE), the file given to farmem-server --token-file",
           url);
    return -1;
  }
  if (fh_token_read(token_file, tcp.token, sizeof tcp.token, why, sizeof why) < 0) {
    fm_log("%s", why);
    return -1;
  }
  for (int i = 0; i < CONNS; i++) {
    conns[i].sock = open_conn(i == 0);
    conns[i].buf =
        mmap(NULL, BUF_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    pthread_mutex_init(&conns[i].lock, NULL);
    if (conns[i].sock < 0 || conns[i].buf == MAP_FAILED)
      return -1;
  }
  /* The network is the link: no model on top, unless asked for. */
  if (!getenv("FARHINT_LINK_LATENCY"))
    fm.cfg.link_latency_ns = 0;
  if (!getenv("FARHINT_LINK_BANDWIDTH"))
    fm.cfg.link_bandwidth_bps = 0;
  return 0;
}

/* A connection of the caller's own, free now if any is. */
static struct conn *take(void) {
  if (my_conn < 0)
    my_conn = (int)(atomic_fetch_add(&tcp.next, 1) % CONNS);
  for (int k = 0; k < CONNS; k++) {
    struct conn *c = &conns[(my_conn + k) % CONNS];
    if (pthread_mutex_trylock(&c->lock) == 0)
      return c;
  }
  pthread_mutex_lock(&conns[my_conn].lock);
  return &conns[my_conn];
}

static void broken(const struct farmem_msg *rep) {
  if (rep && rep->op == FARMEM_ERROR)
    fm_log("the memory server at %s: %s", fm.cfg.backend, rep->text);
  fm_backend_lost();
}

/* READ [page, page + len) into buf on sock. */
static void read_span(int sock, uintptr_t page, void *buf, size_t len) {
  struct farmem_msg req = {.op = FARMEM_READ, .arg = page - fm.far_base, .len = len}, rep = {0};
  if (exchange(sock, &req, &rep) < 0 || rep.op != FARMEM_DATA || rep.len != len ||
      fh_tcp_recv(sock, buf, len) < 0)
    broken(&rep);
}

const void *fm_tcp_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  struct conn *c = take();
  src->conn = (int)(c - conns);
  read_span(c->sock, page, c->buf, len);
  return c->buf;
}

void fm_tcp_release(struct fm_far_src *src) {
  pthread_mutex_unlock(&conns[src->conn].lock);
  src->conn = -1;
}

/* Each run of neighbouring pages is one WRITE, sent from the pages
 * themselves; all are sent before the acknowledgements are read. */
void fm_tcp_store(const uintptr_t *pages, unsigned n) {
  struct conn *c = take();
  unsigned sent = 0;
  for (unsigned i = 0; i < n;) {
    struct farmem_msg req = {.op = FARMEM_WRITE, .version = FARMEM_PROTO_VERSION};
    struct iovec iov[1 + FARMEM_MAX_TRANSFER / FM_PAGE] = {{&req, sizeof req}};
    unsigned j = i;
    do
      iov[1 + j - i] = (struct iovec){(void *)pages[j], FM_PAGE};
    while (++j < n && pages[j] == pages[j - 1] + FM_PAGE && j - i < FARMEM_MAX_TRANSFER / FM_PAGE);
    req.arg = pages[i] - fm.far_base;
    req.len = (uint64_t)(j - i) * FM_PAGE;
    if (fh_tcp_sendv(c->sock, iov, (int)(1 + j - i)) < 0)
      broken(NULL);
    sent++;
    i = j;
  }
  for (; sent; sent--) {
    struct farmem_msg rep = {0};
    if (fh_tcp_recv(c->sock, &rep, sizeof rep) < 0 || rep.op != FARMEM_WRITTEN)
      broken(&rep);
  }
  pthread_mutex_unlock(&c->lock);
}

/* The parent's connections stay the parent's: their streams may be in the
 * middle of its requests. */
void fm_tcp_read_into(uintptr_t page, void *dst, size_t len) {
  if (tcp.child_sock < 0 && (tcp.child_sock = open_conn(false)) < 0)
    fm_backend_lost();
  for (size_t done = 0; done < len;) {
    size_t part = len - done < FARMEM_MAX_TRANSFER ? len - done : FARMEM_MAX_TRANSFER;
    read_span(tcp.child_sock, page + done, (uint8_t *)dst + done, part);
    done += part;
  }
}

int fm_tcp_fd(void) { return conns[0].sock; }

void fm_tcp_forget(void) {
  if (tcp.child_sock >= 0)
    close(tcp.child_sock);
  tcp.child_sock = -1;
  for (int i = 0; i < CONNS; i++) {
    close(conns[i].sock);
    conns[i].sock = -1;
    munmap(conns[i].buf, BUF_BYTES);
  }
}
