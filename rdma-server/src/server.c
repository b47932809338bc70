/* farmem-server -- the memory server. This transport (shared memory) serves
 * clients on the same machine: each client gets its own memfd of the
 * capacity it asks for, whose pages the server allocates on GROW so they are
 * charged here, not to the client. The client reads and writes the pages
 * directly (the model of one-sided RDMA); the server only manages storage.
 *
 * USAGE: farmem-server --listen PATH | --fd N  [--capacity SIZE]
 *                      [--link-latency 5us] [--link-bandwidth 100gbit]
 */
#include "fh_units.h"
#include <farmem/protocol.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_CLIENTS 64

struct client {
  int sock;
  int memfd;
  uint64_t capacity, grown;
};

static struct {
  uint64_t max_capacity;
  uint64_t latency_ns, bandwidth_bps;
  struct client clients[MAX_CLIENTS];
  int nclients;
  const char *listen_path;
} srv = {.max_capacity = 1ULL << 40, .latency_ns = 5000, .bandwidth_bps = 100000000000ULL};

static void usage(FILE *to) {
  fprintf(
      to,
      "usage: farmem-server (--listen PATH | --fd N) [options]\n"
      "  --listen PATH          serve clients on a unix socket\n"
      "  --fd N                 serve one client on an inherited socket; exit when it leaves\n"
      "  --capacity SIZE        most far memory one client may ask for (default 1T)\n"
      "  --link-latency TIME    modelled latency per transfer, e.g. 5us, 0 = off (default 5us)\n"
      "  --link-bandwidth RATE  modelled bandwidth, e.g. 100gbit, 0 = off (default 100gbit)\n");
}

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "farmem-server: ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static uint64_t parse_option(const char *opt, const char *text, enum fh_unit kind) {
  uint64_t v;
  if (fh_units_parse(text, kind, &v) < 0)
    die("%s %s is not %s (examples: %s)", opt, text, fh_units_what(kind), fh_units_examples(kind));
  return v;
}

static void reply(struct client *c, struct farmem_msg *m, int fd) {
  m->version = FARMEM_PROTO_VERSION;
  char ctl[CMSG_SPACE(sizeof(int))] = {0};
  struct iovec iov = {.iov_base = m, .iov_len = sizeof *m};
  struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
  if (fd >= 0) {
    mh.msg_control = ctl;
    mh.msg_controllen = sizeof ctl;
    struct cmsghdr *cm = CMSG_FIRSTHDR(&mh);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cm), &fd, sizeof fd);
  }
  sendmsg(c->sock, &mh, MSG_NOSIGNAL);
}

static void error_reply(struct client *c, const char *fmt, ...) {
  struct farmem_msg m = {.op = FARMEM_ERROR};
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m.text, sizeof m.text, fmt, ap);
  va_end(ap);
  reply(c, &m, -1);
}

/* Returns 0 to keep the client, -1 to drop it. */
static int serve(struct client *c) {
  struct farmem_msg m;
  ssize_t n = recv(c->sock, &m, sizeof m, 0);
  if (n == 0 || (n < 0 && errno != EINTR))
    return -1;
  if (n != sizeof m || m.version != FARMEM_PROTO_VERSION) {
    error_reply(c, "protocol version %u not supported (server speaks %u)", m.version,
                FARMEM_PROTO_VERSION);
    return -1;
  }
  switch (m.op) {
  case FARMEM_HELLO: {
    if (c->memfd >= 0 || m.arg == 0 || m.arg > srv.max_capacity) {
      error_reply(c, "cannot grant %llu bytes (limit %llu)", (unsigned long long)m.arg,
                  (unsigned long long)srv.max_capacity);
      return -1;
    }
    c->memfd = memfd_create("farmem", MFD_CLOEXEC);
    if (c->memfd < 0 || ftruncate(c->memfd, (off_t)m.arg) < 0) {
      error_reply(c, "memfd: %s", strerror(errno));
      return -1;
    }
    c->capacity = m.arg;
    struct farmem_msg w = {.op = FARMEM_WELCOME,
                           .arg = m.arg,
                           .link_latency_ns = srv.latency_ns,
                           .link_bandwidth_bps = srv.bandwidth_bps};
    reply(c, &w, c->memfd);
    return 0;
  }
  case FARMEM_GROW: {
    if (c->memfd < 0 || m.arg > c->capacity) {
      error_reply(c, "grow to %llu beyond capacity %llu", (unsigned long long)m.arg,
                  (unsigned long long)c->capacity);
      return -1;
    }
    if (m.arg > c->grown) {
      /* Allocate here so the pages belong to this process's cgroup. */
      int rc = fallocate(c->memfd, 0, (off_t)c->grown, (off_t)(m.arg - c->grown));
      if (rc < 0) {
        error_reply(c, "cannot allocate %llu bytes of far memory: %s",
                    (unsigned long long)(m.arg - c->grown), strerror(errno));
        return -1;
      }
      c->grown = m.arg;
    }
    struct farmem_msg g = {.op = FARMEM_GROWN, .arg = c->grown};
    reply(c, &g, -1);
    return 0;
  }
  default: error_reply(c, "unknown request %u", m.op); return -1;
  }
}

static void drop(int i) {
  close(srv.clients[i].sock);
  if (srv.clients[i].memfd >= 0)
    close(srv.clients[i].memfd);
  srv.clients[i] = srv.clients[--srv.nclients];
}

static void add_client(int sock) {
  if (srv.nclients == MAX_CLIENTS) {
    close(sock);
    return;
  }
  srv.clients[srv.nclients++] = (struct client){.sock = sock, .memfd = -1};
}

static void on_signal(int sig) {
  (void)sig;
  if (srv.listen_path)
    unlink(srv.listen_path);
  _exit(0);
}

int main(int argc, char **argv) {
  static const struct option opts[] = {{"listen", required_argument, 0, 'l'},
                                       {"fd", required_argument, 0, 'f'},
                                       {"capacity", required_argument, 0, 'c'},
                                       {"link-latency", required_argument, 0, 'L'},
                                       {"link-bandwidth", required_argument, 0, 'B'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  int fd = -1, o;
  while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (o) {
    case 'l': srv.listen_path = optarg; break;
    case 'f': fd = atoi(optarg); break;
    case 'c': srv.max_capacity = parse_option("--capacity", optarg, FH_UNIT_SIZE); break;
    case 'L': srv.latency_ns = parse_option("--link-latency", optarg, FH_UNIT_TIME); break;
    case 'B': srv.bandwidth_bps = parse_option("--link-bandwidth", optarg, FH_UNIT_RATE); break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if ((fd < 0) == !srv.listen_path) {
    usage(stderr);
    return 2;
  }
  if (fd >= 0) {
    /* One client's server leaves with it, never before: a Ctrl-C or a
     * SIGTERM to the whole process group must let the program finish its
     * own shutdown, which may still read far memory. */
    signal(SIGTERM, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
  } else {
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
  }
  signal(SIGPIPE, SIG_IGN);

  int listener = -1;
  if (srv.listen_path) {
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    if (strlen(srv.listen_path) >= sizeof a.sun_path)
      die("--listen %s: path too long", srv.listen_path);
    strcpy(a.sun_path, srv.listen_path);
    unlink(srv.listen_path);
    listener = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (listener < 0 || bind(listener, (struct sockaddr *)&a, sizeof a) < 0 ||
        listen(listener, 16) < 0)
      die("cannot listen on %s: %s", srv.listen_path, strerror(errno));
    fprintf(stderr, "farmem-server: listening on %s\n", srv.listen_path);
  } else {
    add_client(fd);
  }

  for (;;) {
    struct pollfd p[MAX_CLIENTS + 1];
    int n = 0;
    for (int i = 0; i < srv.nclients; i++)
      p[n++] = (struct pollfd){.fd = srv.clients[i].sock, .events = POLLIN};
    if (listener >= 0)
      p[n++] = (struct pollfd){.fd = listener, .events = POLLIN};
    if (poll(p, n, -1) < 0) {
      if (errno == EINTR)
        continue;
      die("poll: %s", strerror(errno));
    }
    for (int i = srv.nclients - 1; i >= 0; i--)
      if (p[i].revents && serve(&srv.clients[i]) < 0)
        drop(i);
    if (listener >= 0 && (p[n - 1].revents & POLLIN)) {
      int s = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
      if (s >= 0)
        add_client(s);
    }
    if (listener < 0 && srv.nclients == 0)
      return 0; /* our one client left */
  }
}
