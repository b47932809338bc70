/* farmem-server -- the memory server. It keeps far pages for clients on
 * the same machine over shared memory (a unix socket: serve_unix.c) or for
 * clients anywhere over tcp (serve_tcp.c); this file parses the options,
 * listens, and runs the loop that hands each request to its transport.
 *
 * USAGE: farmem-server (--listen PATH | --listen tcp://HOST:PORT | --fd N)
 *                      [--token-file FILE] [--capacity SIZE]
 *                      [--link-latency 5us] [--link-bandwidth 100gbit]
 * (or --listen rdma://HOST:PORT: serve_rdma.c, its own loop's events)
 */
#include "server.h"

#include "fh_tcp.h"
#include "fh_units.h"

#include <errno.h>
#include <getopt.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_CLIENTS 64
/* A tcp client that stops in the middle of a request holds up the others
 * this long at most. */
#define TCP_DEADLINE_MS 2000

struct server_config srv_config = {
    .max_capacity = 1ULL << 40, .latency_ns = 5000, .bandwidth_bps = 100000000000ULL};

static struct {
  struct client clients[MAX_CLIENTS];
  int nclients;
  const char *unix_path; /* removed at exit */
} srv;

static void usage(FILE *to) {
  fprintf(to,
          "usage: farmem-server (--listen PATH | --listen tcp://HOST:PORT | --fd N) [options]\n"
          "  --listen PATH          serve clients on this machine over a unix socket (shared "
          "memory)\n"
          "  --listen rdma://HOST:PORT\n"
          "                         serve clients over rdma (rdma_cm on an rdma device's\n"
          "                         address; pages move by the clients' RDMA READ and WRITE)\n"
          "  --listen tcp://HOST:PORT\n"
          "                         serve clients over tcp (tcp://:PORT is the loopback only;\n"
          "                         name an address, e.g. tcp://0.0.0.0:7000, to serve others)\n"
          "  --token-file FILE      with tcp or rdma: the secret clients must present (one line, "
          "16-159\n"
          "                         characters; make one: head -c 24 /dev/urandom | base64)\n"
          "  --fd N                 serve one client on an inherited socket; exit when it leaves\n"
          "  --capacity SIZE        most far memory one client may ask for (default 1T)\n"
          "  --link-latency TIME    unix: modelled latency per transfer, 0 = off (default 5us)\n"
          "  --link-bandwidth RATE  unix: modelled bandwidth, 0 = off (default 100gbit)\n"
          "Far memory lives in this process: it does not outlive it, and a client\n"
          "whose server is gone stops with an error.\n");
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

int server_refuse(struct client *c, const char *fmt, ...) {
  struct farmem_msg m = {.op = FARMEM_ERROR};
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m.text, sizeof m.text, fmt, ap);
  va_end(ap);
  if (c->tcp)
    serve_tcp_send(c, &m);
  else
    serve_unix_send(c, &m);
  return -1;
}

static void drop(int i) {
  struct client *c = &srv.clients[i];
  if (c->tcp)
    serve_tcp_drop(c);
  close(c->sock);
  if (c->memfd >= 0)
    close(c->memfd);
  *c = srv.clients[--srv.nclients];
}

static void add_client(int sock, bool tcp) {
  if (srv.nclients == MAX_CLIENTS) {
    close(sock);
    return;
  }
  if (tcp)
    fh_tcp_tune(sock, TCP_DEADLINE_MS);
  srv.clients[srv.nclients++] = (struct client){.sock = sock, .tcp = tcp, .memfd = -1};
}

static void on_signal(int sig) {
  (void)sig;
  if (srv.unix_path)
    unlink(srv.unix_path);
  _exit(0);
}

static int listen_unix(const char *path) {
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof a.sun_path)
    die("--listen %s: path too long", path);
  strcpy(a.sun_path, path);
  unlink(path);
  int s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) < 0 || listen(s, 16) < 0)
    die("cannot listen on %s: %s", path, strerror(errno));
  srv.unix_path = path;
  return s;
}

static int listen_tcp(const char *url) {
  char host[256], port[16], why[256];
  if (fh_addr_parse(url, "tcp", host, sizeof host, port, sizeof port, why, sizeof why) < 0)
    die("--listen %s", why);
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *ai;
  int rc = getaddrinfo(host, port, &hints, &ai);
  if (rc)
    die("--listen %s: %s", url, gai_strerror(rc));
  int s = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (s < 0 || bind(s, ai->ai_addr, ai->ai_addrlen) < 0 || listen(s, 64) < 0)
    die("cannot listen on %s: %s", url, strerror(errno));
  freeaddrinfo(ai);
  return s;
}

/* Which signals end the server: none while it serves one inherited
 * client (--fd), which it leaves with, never before -- a Ctrl-C or a
 * SIGTERM to the whole process group must let the program finish its own
 * shutdown, which may still read far memory. */
static void set_signals(bool one_client) {
  signal(SIGTERM, one_client ? SIG_IGN : on_signal);
  signal(SIGINT, one_client ? SIG_IGN : on_signal);
  if (one_client)
    signal(SIGHUP, SIG_IGN);
  signal(SIGPIPE, SIG_IGN);
}

/* Serves until its one client leaves (listener < 0), or for ever. */
static int serve_until_done(int listener, bool rdma, bool tcp) {
  for (;;) {
    struct pollfd p[MAX_CLIENTS + 2];
    int n = 0;
    if (rdma) {
      p[0] = (struct pollfd){.fd = listener, .events = POLLIN};
      p[1] = (struct pollfd){.fd = serve_rdma_completion_fd(), .events = POLLIN};
      if (poll(p, 2, -1) > 0)
        serve_rdma(p[0].revents & POLLIN, p[1].revents & POLLIN);
      continue;
    }
    for (int i = 0; i < srv.nclients; i++)
      p[n++] = (struct pollfd){.fd = srv.clients[i].sock, .events = POLLIN};
    if (listener >= 0)
      p[n++] = (struct pollfd){.fd = listener, .events = POLLIN};
    if (poll(p, n, -1) < 0) {
      if (errno == EINTR)
        continue;
      die("poll: %s", strerror(errno));
    }
    for (int i = srv.nclients - 1; i >= 0; i--) {
      struct client *c = &srv.clients[i];
      if (p[i].revents && (c->tcp ? serve_tcp(c) : serve_unix(c)) < 0)
        drop(i);
    }
    if (listener >= 0 && (p[n - 1].revents & POLLIN)) {
      int s = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
      if (s >= 0)
        add_client(s, tcp);
    }
    if (listener < 0 && srv.nclients == 0)
      return 0; /* our one client left */
  }
}

int main(int argc, char **argv) {
  static const struct option opts[] = {{"listen", required_argument, 0, 'l'},
                                       {"fd", required_argument, 0, 'f'},
                                       {"token-file", required_argument, 0, 't'},
                                       {"capacity", required_argument, 0, 'c'},
                                       {"link-latency", required_argument, 0, 'L'},
                                       {"link-bandwidth", required_argument, 0, 'B'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  int fd = -1, o;
  const char *listen_at = NULL, *token_file = NULL;
  while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (o) {
    case 'l': listen_at = optarg; break;
    case 'f': fd = atoi(optarg); break;
    case 't': token_file = optarg; break;
    case 'c': srv_config.max_capacity = parse_option("--capacity", optarg, FH_UNIT_SIZE); break;
    case 'L': srv_config.latency_ns = parse_option("--link-latency", optarg, FH_UNIT_TIME); break;
    case 'B':
      srv_config.bandwidth_bps = parse_option("--link-bandwidth", optarg, FH_UNIT_RATE);
      break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if ((fd < 0) == !listen_at) {
    usage(stderr);
    return 2;
  }
  bool tcp = listen_at && !strncmp(listen_at, "tcp://", 6);
  bool rdma = listen_at && !strncmp(listen_at, "rdma://", 7);
  static char token[FH_TOKEN_MAX + 1];
  if (tcp || rdma) {
    char why[512];
    if (!token_file)
      die("--listen %s needs --token-file FILE: network clients must present a shared secret",
          listen_at);
    if (fh_token_read(token_file, token, sizeof token, why, sizeof why) < 0)
      die("%s", why);
    srv_config.token = token;
  }
  set_signals(fd >= 0);
  int listener = -1;
  if (listen_at) {
    listener = rdma  ? serve_rdma_listen(listen_at)
               : tcp ? listen_tcp(listen_at)
                     : listen_unix(listen_at);
    if (listener < 0)
      return 2;
    fprintf(stderr, "farmem-server: listening on %s\n", listen_at);
  } else {
    add_client(fd, false);
  }

  return serve_until_done(listener, rdma, tcp);
}
