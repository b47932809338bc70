/* backend.c -- far pages on a farmem-server or a memcached cluster: connect
 * (or start a farmem-server for the default `local` backend) and hand the
 * data path to the transport: the server's shared store on this machine
 * (backend/shm.c), tcp (backend/tcp.c), rdma (backend/rdma.c) or memcached
 * (backend/memcached.c);
 * notice when the server dies (the link's model: link.c).
 * Design: docs/design/backends.md. */
#include "backend/backend.h"
#include "base/detach.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "backend/compress.h"
#include "backend/transport.h"

#include "fh_tcp.h"

#include <farmem/protocol.h>

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static struct {
  int sock;  /* unix: the control socket */
  pid_t pid; /* server we started, 0 if we connected to one */
  const struct fm_transport *transport;
} backend_state = {.sock = -1};

static int shm_fd(void) { return backend_state.sock; }

static void shm_forget(void) {
  close(backend_state.sock);
  fm_shm_forget();
}

static int no_fd(void) { return -1; }

static const struct fm_transport shm = {
    .fetch = fm_shm_fetch,
    .store = fm_shm_store,
    .store_fd = fm_shm_store_fd,
    .read_into = fm_shm_read_into,
    .forget = shm_forget,
    .fd = shm_fd,
};
static const struct fm_transport tcp = {
    .fetch = fm_tcp_fetch,
    .release = fm_tcp_release,
    .store = fm_tcp_store,
    .read_into = fm_tcp_read_into,
    .forget = fm_tcp_forget,
    .fd = fm_tcp_fd,
};
static const struct fm_transport rdma = {
    .fetch = fm_rdma_fetch,
    .release = fm_rdma_release,
    .store = fm_rdma_store,
    .read_into = NULL, /* a child's reads go through its parent (fork.c) */
    .forget = fm_rdma_forget,
    .read_start = fm_rdma_read_start,
    .read_poll = fm_rdma_read_poll,
    .read_end = fm_rdma_read_end,
    .read_wait = fm_rdma_read_wait,
    .fd = no_fd, /* a dead server is a request past its deadline */
};
static const struct fm_transport compress = {
    .fetch = fm_compress_fetch,
    .release = fm_compress_release,
    .store = fm_compress_store,
    .read_into = fm_compress_read_into,
    .forget = fm_compress_forget,
    .fd = fm_compress_fd, /* the remote tier's, if there is one */
    .discard = fm_compress_discard,
};
static const struct fm_transport memcached = {
    .fetch = fm_memcached_fetch,
    .release = fm_memcached_release,
    .store = fm_memcached_store,
    .read_into = fm_memcached_read_into,
    .forget = fm_memcached_forget,
    .fd = no_fd,
};

static int server_binary(char *out, size_t len) {
  if (*fm.cfg.server_path) {
    snprintf(out, len, "%s", fm.cfg.server_path);
    return 0;
  }
  /* Next to the library: build/lib/libfarmem.so -> build/bin/farmem-server. */
  Dl_info info;
  if (!dladdr((void *)server_binary, &info) || !info.dli_fname)
    return -1;
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s", info.dli_fname);
  char *slash = strrchr(dir, '/');
  if (!slash)
    return -1;
  *slash = 0;
  snprintf(out, len, "%s/../bin/farmem-server", dir);
  return access(out, X_OK);
}

/* The server is no child of the program (fm_fork_detached), and leaves
 * when its socket closes: when the program ends, however it ends. */
static pid_t start_detached(const char *path, char **argv, char **env, int sock) {
  pid_t server = fm_fork_detached();
  if (server == 0) {
    if (dup2(sock, 3) == 3 && close_range(4, ~0U, 0) == 0)
      fm_libc.execve(path, argv, env);
    fm_libc_exit(127);
  }
  return server;
}

static int spawn_server(void) {
  char path[PATH_MAX];
  if (server_binary(path, sizeof path) < 0) {
    fm_log("cannot find farmem-server next to libfarmem; set FARHINT_SERVER "
           "to its path, or FARHINT_BACKEND=unix:PATH to use a running server");
    return -1;
  }
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
    return -1;
  /* The server must not load the runtime itself. */
  char *env[512];
  int n = 0;
  for (char **e = environ; *e && n < 510; e++)
    if (strncmp(*e, "LD_PRELOAD=", 11) && strncmp(*e, "FARHINT_", 8))
      env[n++] = *e;
  env[n] = NULL;
  char *argv[] = {path, "--fd", "3", NULL};
  backend_state.pid = start_detached(path, argv, env, sv[1]);
  close(sv[1]);
  if (backend_state.pid <= 0) {
    fm_log("cannot start %s: %s", path, strerror(errno));
    close(sv[0]);
    return -1;
  }
  backend_state.sock = sv[0];
  return 0;
}

static int connect_server(const char *path) {
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof a.sun_path) {
    fm_log("memory server socket path too long: %s", path);
    return -1;
  }
  strcpy(a.sun_path, path);
  backend_state.sock = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (backend_state.sock < 0 ||
      fm_libc.connect(backend_state.sock, (struct sockaddr *)&a, sizeof a) < 0) {
    fm_log("cannot reach the memory server at unix:%s (%s); is farmem-server "
           "running with --listen %s?",
           path, strerror(errno), path);
    return -1;
  }
  return 0;
}

int fm_conn_take(pthread_mutex_t *first, size_t stride, int n) {
  static _Atomic unsigned next;
  static __thread int mine = -1; /* one for every set: taken modulo the set's size */
  if (mine < 0)
    mine = (int)(atomic_fetch_add(&next, 1) % 64);
  for (int k = 0; k < n; k++) {
    int i = (mine + k) % n;
    if (fm_libc.pthread_mutex_trylock((pthread_mutex_t *)((char *)first + (size_t)i * stride)) == 0)
      return i;
  }
  fm_libc.pthread_mutex_lock((pthread_mutex_t *)((char *)first + (size_t)(mine % n) * stride));
  return mine % n;
}

int fm_backend_token(const char *url, const char *token_file, char *token, size_t len) {
  char why[512];
  if (!*token_file) {
    fm_log("the backend %s needs the server's token: farhint run --token-file FILE "
           "(FARHINT_TOKEN_FILE), the file given to farmem-server --token-file",
           url);
    return -1;
  }
  if (fh_token_read(token_file, token, len, why, sizeof why) < 0) {
    fm_log("%s", why);
    return -1;
  }
  return 0;
}

void fm_link_is_the_network(void) {
  if (!getenv("FARHINT_LINK_LATENCY"))
    fm.cfg.link_latency_ns = 0;
  if (!getenv("FARHINT_LINK_BANDWIDTH"))
    fm.cfg.link_bandwidth_bps = 0;
}

/* One request, one reply (and maybe an fd). */
int fm_backend_call(struct farmem_msg *req, struct farmem_msg *rep, int *fd) {
  req->version = FARMEM_PROTO_VERSION;
  if (fm_libc.send(backend_state.sock, req, sizeof *req, MSG_NOSIGNAL) != sizeof *req)
    return -1;
  char ctl[CMSG_SPACE(sizeof(int))];
  struct iovec iov = {.iov_base = rep, .iov_len = sizeof *rep};
  struct msghdr mh = {
      .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
  ssize_t got;
  do
    got = fm_libc.recvmsg(backend_state.sock, &mh, MSG_CMSG_CLOEXEC);
  while (got < 0 && errno == EINTR);
  if (got != sizeof *rep)
    return -1;
  struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
  if (fd && c && c->cmsg_type == SCM_RIGHTS)
    memcpy(fd, CMSG_DATA(c), sizeof(int));
  if (rep->op == FARMEM_ERROR) {
    fm_log("memory server: %.*s", (int)sizeof rep->text, rep->text);
    return -1;
  }
  return 0;
}

/* The network backends: scheme, and whether its server wants the token. */
static const struct {
  const char *scheme;
  bool token;
} networked[] = {{"tcp", true}, {"rdma", true}, {"memcached", false}};

/* A networked backend's spec (its scheme, servers and token): 0, or -1
 * after saying why; 1 if b names no networked scheme. */
static int check_networked(const char *b) {
  for (size_t i = 0; i < sizeof networked / sizeof networked[0]; i++) {
    size_t sl = strlen(networked[i].scheme);
    if (strncmp(b, networked[i].scheme, sl) || strncmp(b + sl, "://", 3))
      continue;
    struct fm_server_addr addrs[FM_MAX_SERVERS];
    char token[FH_TOKEN_MAX + 1];
    if (fm_servers_parse(b, networked[i].scheme, addrs, FM_MAX_SERVERS) < 0)
      return -1;
    return networked[i].token ? fm_backend_token(b, fm.cfg.token_file, token, sizeof token) : 0;
  }
  return 1;
}

/* compress[:CODEC][,REMOTE]: the remote tier is tcp or memcached (an rdma
 * device serves only the process that opened it, and a forked child reads
 * the pool's far pages itself). */
static int check_compress(const char *b, const char *remote) {
  if (remote && strncmp(remote, "tcp://", 6) && strncmp(remote, "memcached://", 12)) {
    fm_log("FARHINT_BACKEND=%s: the tier behind the compressed pool is tcp://HOST:PORT or "
           "memcached://HOST:PORT%s",
           b, strncmp(remote, "rdma://", 7) ? "" : " (rdma is not supported behind it)");
    return -1;
  }
  if (!remote && fm.cfg.pool_bytes) {
    fm_log("--pool-size (FARHINT_POOL_SIZE) bounds the compressed pool in front of a remote "
           "tier: use --backend compress,tcp://HOST:PORT, or leave --pool-size out (alone, "
           "the pool takes what its pages compress to)");
    return -1;
  }
  return remote ? check_networked(remote) : 0;
}

int fm_backend_check(void) {
  const char *b = fm.cfg.backend, *remote;
  enum fm_codec codec;
  if (!strcmp(b, "local") || (!strncmp(b, "unix:", 5) && b[5]))
    return 0;
  if (!fm_compress_parse(b, &codec, &remote))
    return check_compress(b, remote);
  if (!strncmp(b, "compress", 8)) {
    fm_log("FARHINT_BACKEND=%s: the compressed backend is compress, compress:lz4 or "
           "compress:zstd, optionally followed by ,tcp://HOST:PORT or ,memcached://HOST:PORT",
           b);
    return -1;
  }
  int rc = check_networked(b);
  if (rc <= 0)
    return rc;
  fm_log("FARHINT_BACKEND=%s is not a backend: use local, unix:PATH, compress[:lz4|zstd], "
         "tcp://HOST:PORT, rdma://HOST:PORT, memcached://HOST:PORT or "
         "compress[:lz4|zstd],tcp://HOST:PORT",
         b);
  return -1;
}

/* The compressed pool, and the remote tier behind it if b names one. */
static int connect_compress(enum fm_codec codec, const char *remote) {
  backend_state.transport = &compress;
  fm_link_is_the_network(); /* the pool's cost is real: no model on top */
  if (!remote)
    return fm_compress_open(codec, NULL, 0);
  bool over_tcp = !strncmp(remote, "tcp://", 6); /* else memcached: fm_backend_check */
  const struct fm_transport *tier = over_tcp ? &tcp : &memcached;
  int rc = over_tcp ? fm_tcp_connect(remote, fm.cfg.token_file) : fm_memcached_connect(remote);
  if (!fm.cfg.pool_bytes)
    fm.cfg.pool_bytes = fm.cfg.local_bytes / 4 > (1 << 20) ? fm.cfg.local_bytes / 4 : 1 << 20;
  return rc < 0 ? -1 : fm_compress_open(codec, tier, fm.cfg.pool_bytes);
}

int fm_backend_connect(void) {
  const char *b = fm.cfg.backend;
  const char *remote;
  enum fm_codec codec;
  int rc;
  if (!fm_compress_parse(b, &codec, &remote))
    return connect_compress(codec, remote);
  if (!strcmp(b, "local"))
    rc = spawn_server();
  else if (!strncmp(b, "unix:", 5))
    rc = connect_server(b + 5);
  else if (!strncmp(b, "tcp://", 6)) {
    backend_state.transport = &tcp;
    return fm_tcp_connect(b, fm.cfg.token_file);
  } else if (!strncmp(b, "rdma://", 7)) {
    backend_state.transport = &rdma;
    return fm_rdma_connect(b, fm.cfg.token_file);
  } else if (!strncmp(b, "memcached://", 12)) {
    backend_state.transport = &memcached;
    return fm_memcached_connect(b);
  } else {
    fm_assert(!"fm_backend_check passed an unknown backend");
  }
  backend_state.transport = &shm;
  if (rc < 0)
    return -1;
  struct farmem_msg req = {.op = FARMEM_HELLO, .arg = fm.cfg.far_bytes}, rep;
  int fd = -1;
  if (fm_backend_call(&req, &rep, &fd) < 0 || rep.op != FARMEM_WELCOME || fd < 0) {
    fm_log("the memory server did not answer the handshake");
    return -1;
  }
  if (rep.arg < fm.cfg.far_bytes) {
    fm_log("the memory server grants %lu bytes, less than FARHINT_FAR_SIZE=%lu",
           (unsigned long)rep.arg, (unsigned long)fm.cfg.far_bytes);
    return -1;
  }
  if (fm_shm_attach(fd, fm.cfg.far_bytes) < 0) /* keeps fd */
    return -1;
  /* The link is the server's unless the program's settings name one (link.c). */
  if (!getenv("FARHINT_LINK_LATENCY"))
    fm.cfg.link_latency_ns = rep.link_latency_ns;
  if (!getenv("FARHINT_LINK_BANDWIDTH"))
    fm.cfg.link_bandwidth_bps = rep.link_bandwidth_bps;
  return 0;
}

const void *fm_backend_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  src->conn = -1;
  return backend_state.transport->fetch(page, len, src);
}

void fm_backend_release(struct fm_far_src *src) {
  if (src->conn >= 0)
    backend_state.transport->release(src);
}

/* Told of the pages a store overwrites before it writes them (a read in
 * flight of one of them is stale). */
static void (*_Atomic on_store)(const uintptr_t *pages, unsigned n);

void fm_backend_on_store(void (*overwritten)(const uintptr_t *pages, unsigned n)) {
  atomic_store(&on_store, overwritten);
}

static void overwriting(const uintptr_t *pages, unsigned n) {
  void (*fn)(const uintptr_t *, unsigned) = atomic_load_explicit(&on_store, memory_order_acquire);
  if (fn)
    fn(pages, n);
}

void fm_backend_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  overwriting(pages, n);
  backend_state.transport->store(pages, srcs ? srcs : pages, n);
}

bool fm_backend_stores_fd(void) { return backend_state.transport->store_fd != NULL; }

void fm_backend_store_fd(int fd, const uintptr_t *pages, unsigned n) {
  overwriting(pages, n);
  backend_state.transport->store_fd(fd, pages, n);
}

bool fm_backend_read_into(uintptr_t page, void *dst, size_t len) {
  if (!backend_state.transport->read_into)
    return false;
  backend_state.transport->read_into(page, dst, len);
  return true;
}

bool fm_backend_reads_in_flight(void) { return backend_state.transport->read_start != NULL; }
int fm_backend_read_start(uintptr_t page) { return backend_state.transport->read_start(page); }

const void *fm_backend_read_poll(int ticket) { return backend_state.transport->read_poll(ticket); }
void fm_backend_read_end(int ticket) { backend_state.transport->read_end(ticket); }
void fm_backend_read_wait(int ticket) { backend_state.transport->read_wait(ticket); }

void fm_backend_forget(void) {
  backend_state.transport->forget();
  backend_state.sock = -1;
  backend_state.pid = 0; /* the parent's server: not ours to stop or wait for */
}

void fm_backend_unlock_store(void) {
  if (backend_state.transport == &shm)
    fm_shm_unlock();
}

int fm_backend_fd(void) { return backend_state.transport->fd(); }

bool fm_backend_pool(uint64_t *pages, uint64_t *bytes) {
  if (backend_state.transport != &compress)
    return false;
  fm_compress_held(pages, bytes);
  return true;
}

uint64_t fm_backend_pool_remote_pages(void) {
  return backend_state.transport == &compress ? fm_compress_remote_pages() : 0;
}

void fm_backend_trim(void) {
  if (backend_state.transport == &compress)
    fm_compress_trim();
}

bool fm_backend_drops_fetched(void) { return backend_state.transport->discard != NULL; }

void fm_backend_discard(uintptr_t page) {
  if (backend_state.transport->discard)
    backend_state.transport->discard(page);
}

int fm_backend_pid(void) { return backend_state.pid; }

void fm_backend_lost(void) {
  if (backend_state.pid)
    fm_log_die("the memory server (farmem-server, pid %d) is gone: the far pages "
               "it held are lost, so the program cannot go on correctly; stopping",
               (int)backend_state.pid);
  const char *server = fm.cfg.backend, *remote = NULL;
  enum fm_codec codec;
  if (!fm_compress_parse(server, &codec, &remote) && remote)
    server = remote;
  fm_log_die("the connection to the memory server (%s%s) is lost: the far pages it "
             "held are gone, so the program cannot go on correctly; stopping",
             server, remote ? ", the tier behind the compressed pool" : "");
}
