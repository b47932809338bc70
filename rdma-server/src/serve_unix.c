/* serve_unix.c -- the shared-memory transport: each client gets its own
 * memfd of the capacity it asks for, whose pages the server allocates on
 * GROW so they are charged here, not to the client. The client reads and
 * writes the pages directly (the model of one-sided RDMA); the server only
 * manages storage. */
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

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

void serve_unix_send(struct client *c, struct farmem_msg *m) { reply(c, m, -1); }

static int hello(struct client *c, const struct farmem_msg *m) {
  if (c->memfd >= 0 || m->arg == 0 || m->arg > srv_config.max_capacity)
    return server_refuse(c, "cannot grant %llu bytes (limit %llu)", (unsigned long long)m->arg,
                         (unsigned long long)srv_config.max_capacity);
  c->memfd = memfd_create("farmem", MFD_CLOEXEC);
  if (c->memfd < 0 || ftruncate(c->memfd, (off_t)m->arg) < 0)
    return server_refuse(c, "memfd: %s", strerror(errno));
  c->capacity = m->arg;
  struct farmem_msg w = {.op = FARMEM_WELCOME,
                         .arg = m->arg,
                         .link_latency_ns = srv_config.latency_ns,
                         .link_bandwidth_bps = srv_config.bandwidth_bps};
  reply(c, &w, c->memfd);
  return 0;
}

static int grow(struct client *c, const struct farmem_msg *m) {
  if (c->memfd < 0 || m->arg > c->capacity)
    return server_refuse(c, "grow to %llu beyond capacity %llu", (unsigned long long)m->arg,
                         (unsigned long long)c->capacity);
  if (m->arg > c->grown) {
    /* Allocate here so the pages belong to this process's cgroup. */
    if (fallocate(c->memfd, 0, (off_t)c->grown, (off_t)(m->arg - c->grown)) < 0)
      return server_refuse(c, "cannot allocate %llu bytes of far memory: %s",
                           (unsigned long long)(m->arg - c->grown), strerror(errno));
    c->grown = m->arg;
  }
  struct farmem_msg g = {.op = FARMEM_GROWN, .arg = c->grown};
  reply(c, &g, -1);
  return 0;
}

int serve_unix(struct client *c) {
  struct farmem_msg m;
  ssize_t n = recv(c->sock, &m, sizeof m, 0);
  if (n == 0 || (n < 0 && errno != EINTR))
    return -1;
  if (n < 0)
    return 0;
  if (n != sizeof m || m.version != FARMEM_PROTO_VERSION)
    return server_refuse(c, "protocol version %u not supported (server speaks %u)", m.version,
                         FARMEM_PROTO_VERSION);
  switch (m.op) {
  case FARMEM_HELLO: return hello(c, &m);
  case FARMEM_GROW: return grow(c, &m);
  default: return server_refuse(c, "unknown request %u", m.op);
  }
}
