/* fh_tcp.c -- the tcp transport's address form, token and whole-message
 * I/O, shared by farmem-server and libfarmem (fh_tcp.h). */
#include "fh_tcp.h"
#include "fh_iov.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

int fh_addr_parse(const char *url, const char *scheme, char *host, size_t host_len, char *port,
                  size_t port_len, char *why, size_t why_len) {
  size_t sl = strlen(scheme);
  if (strncmp(url, scheme, sl) || strncmp(url + sl, "://", 3)) {
    snprintf(why, why_len, "%s is not %s://HOST:PORT", url, scheme);
    return -1;
  }
  const char *h = url + sl + 3, *colon;
  size_t hl;
  if (*h == '[') { /* [v6 address]:port */
    const char *close = strchr(h, ']');
    if (!close || close[1] != ':') {
      snprintf(why, why_len, "%s: an IPv6 address is written [ADDR]:PORT", url);
      return -1;
    }
    h++;
    hl = (size_t)(close - h);
    colon = close + 1;
  } else {
    colon = strrchr(h, ':');
    if (!colon) {
      snprintf(why, why_len, "%s has no port (%s://HOST:PORT)", url, scheme);
      return -1;
    }
    hl = (size_t)(colon - h);
  }
  const char *p = colon + 1;
  char *end;
  long n = strtol(p, &end, 10);
  if (!*p || *end || n < 1 || n > 65535) {
    snprintf(why, why_len, "%s: the port must be 1..65535", url);
    return -1;
  }
  if (hl == 0) { /* the loopback unless told otherwise */
    h = "127.0.0.1";
    hl = strlen(h);
  }
  if (hl >= host_len || strlen(p) >= port_len) {
    snprintf(why, why_len, "%s is too long", url);
    return -1;
  }
  memcpy(host, h, hl);
  host[hl] = 0;
  snprintf(port, port_len, "%s", p);
  return 0;
}

int fh_token_read(const char *path, char *token, size_t len, char *why, size_t why_len) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    snprintf(why, why_len, "cannot read the token file %s: %s", path, strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && (st.st_mode & 077))
    fprintf(stderr, "warning: the token file %s is readable by others (chmod 600 it)\n", path);
  char buf[FH_TOKEN_MAX + 2];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n < 0)
    n = 0;
  buf[n] = 0;
  buf[strcspn(buf, "\r\n")] = 0;
  size_t got = strlen(buf);
  if (got < FH_TOKEN_MIN || got > FH_TOKEN_MAX || got >= len) {
    snprintf(why, why_len,
             "the token in %s must be one line of %d to %d characters (make one with: "
             "head -c 24 /dev/urandom | base64 > %s)",
             path, FH_TOKEN_MIN, FH_TOKEN_MAX, path);
    return -1;
  }
  memcpy(token, buf, got + 1);
  return 0;
}

int fh_token_equal(const char *a, const char *b) {
  unsigned char diff = 0;
  size_t la = strnlen(a, FH_TOKEN_MAX + 1), lb = strnlen(b, FH_TOKEN_MAX + 1);
  for (size_t i = 0; i <= FH_TOKEN_MAX; i++)
    diff |= (unsigned char)((i < la ? a[i] : 0) ^ (i < lb ? b[i] : 0));
  return diff == 0 && la == lb;
}

int fh_tcp_sendv(int sock, struct iovec *iov, int n) {
  size_t left = n > 0 ? (size_t)n : 0;
  while (left > 0) {
    struct msghdr mh = {.msg_iov = iov, .msg_iovlen = left < 1024 ? left : 1024};
    ssize_t done = sendmsg(sock, &mh, MSG_NOSIGNAL);
    if (done < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    iov = fh_iov_advance(iov, &left, (size_t)done);
  }
  return 0;
}

int fh_tcp_recv(int sock, void *buf, size_t len) {
  for (size_t got = 0; got < len;) {
    ssize_t n = recv(sock, (char *)buf + got, len - got, MSG_WAITALL);
    if (n == 0) {
      errno = 0;
      return -1;
    }
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    got += (size_t)n;
  }
  return 0;
}

void fh_tcp_tune(int sock, unsigned ms) {
  int one = 1;
  setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  setsockopt(sock, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
  setsockopt(sock, IPPROTO_TCP, TCP_USER_TIMEOUT, &ms, sizeof ms);
  struct timeval tv = {.tv_sec = ms / 1000, .tv_usec = (ms % 1000) * 1000};
  setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(sock, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}
