/* syscalls.c -- the program's system calls that wait, under --ult.
 *
 * A wait on a file descriptor that is not ready, and a sleep, park the
 * thread in the poller (ult/netpoll.c), which wakes it when the descriptor
 * may be ready or the timeout passes; then the call is made as the program
 * made it (its own descriptors, epoll instances, flags), now without
 * waiting, so it behaves as natively and holds no kernel thread meanwhile.
 * Descriptors that are non-blocking, or sockets with their own timeouts
 * (SO_RCVTIMEO), are left to the call.
 *
 * A thread alone on the workers (no thread queued, no fetch in flight, no
 * other thread coming and going through the poller unless some kernel
 * thread is idle to poll for it) makes a wait in the call itself instead,
 * as a kernel thread would: one system call, and no wake-up of another
 * kernel thread when it returns.
 *
 * Every such call is also marked for the monitor (ult/monitor.c), which
 * hands the worker of a kernel thread still in one after CALL_HANDOFF_NS
 * to another kernel thread when other threads wait for the worker: a wait
 * made alone, a call the poller cannot watch (a regular file, poll() on
 * several descriptors, select, waitpid, pause), or a race (another thread
 * took the connection first). A call the shim does not see (a futex inside
 * glibc, file I/O through stdio) is found blocked by the monitor after a
 * longer while.
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/interpose.h"
#include "base/stats.h"
#include "ult/caller.h"
#include "ult/sched.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The call, made with what the program passed, marked for the monitor. */
#define MARKED(name, args)                                                                         \
  ({                                                                                               \
    fm_ult_call_begin();                                                                           \
    __typeof__(REAL(name) args) ret_ = REAL(name) args;                                            \
    fm_ult_call_end();                                                                             \
    ret_;                                                                                          \
  })

/* A call on fd that waits until fd is ready for events: it may wait
 * without bound (a blocking descriptor, no MSG_DONTWAIT, no timeout of the
 * socket's own). */
static bool waits_unbounded(int fd, short events, int msg_flags) {
  if (msg_flags & MSG_DONTWAIT)
    return false;
  int fl = fcntl(fd, F_GETFL);
  if (fl < 0 || (fl & O_NONBLOCK))
    return false;
  struct timeval tv = {0, 0};
  socklen_t len = sizeof tv;
  int opt = events == POLLIN ? SO_RCVTIMEO : SO_SNDTIMEO;
  return getsockopt(fd, SOL_SOCKET, opt, &tv, &len) < 0 || (!tv.tv_sec && !tv.tv_usec);
}

/* Nothing else for the workers to run now or soon (a thread whose worker
 * was handed on while it blocked wants one back when its call returns),
 * and no thread that parks in the poller often needs this kernel thread to
 * poll for it: a wait costs no other thread anything (threads queued
 * later have the monitor hand the worker on, which a wrong guess pays
 * for). */
static bool alone(void) {
  return !fm_ult_any_queued() && !fm_ult_fetches_pending() && !fm_ult_handed_off() &&
         (!fm_ult_netpoll_in_use() || fm_ult_any_idle());
}

/* A write of up to this much is made without a look at the descriptor
 * first: it finds room nearly always (a socket's send buffer holds 16 KiB
 * or more), and a zero-timeout poll before each would cost a system call;
 * one that does wait is handed off by the monitor. */
#define SMALL_WRITE (4 << 10)

/* A read that takes this long waited for its data (see TIMED). */
#define READ_WAITED_NS 50000

/* Parks until fd is ready for events, when the call would wait for it
 * (write_bytes: what a write writes; 0 for a read). A read of a descriptor
 * whose recent reads found their data is made without a look. */
static void until_ready(int fd, short events, int msg_flags, size_t write_bytes) {
  if ((events == POLLOUT && write_bytes <= SMALL_WRITE) || alone() ||
      (events == POLLIN && !fm_ult_netpoll_read_waits(fd)))
    return;
  for (;;) {
    struct pollfd p = {.fd = fd, .events = events};
    bool ready = REAL(poll)(&p, 1, 0) != 0;
    if (events == POLLIN)
      fm_ult_netpoll_read_waited(fd, !ready);
    if (ready || !waits_unbounded(fd, events, msg_flags) ||
        fm_ult_netpoll_wait(fd, events == POLLIN ? EPOLLIN : EPOLLOUT, 0) == NETPOLL_UNWATCHED)
      return;
  }
}

/* The call, marked; a read that took long waited for its data, and the
 * next on fd looks first. */
#define TIMED(name, args, fd, events)                                                              \
  ({                                                                                               \
    uint64_t start_ = events == POLLIN ? fm_stats_now_ns() : 0;                                    \
    __typeof__(REAL(name) args) r_ = MARKED(name, args);                                           \
    if (start_ && fm_stats_now_ns() - start_ >= READ_WAITED_NS)                                    \
      fm_ult_netpoll_read_waited(fd, true);                                                        \
    r_;                                                                                            \
  })

/* The call's buffers in far memory are fetched before it, as a hinted
 * miss is (the thread parks, its worker runs others), so the call does not
 * fault in the kernel holding its kernel thread. Up to FETCH_MAX bytes:
 * past that the call may use less than it was given. */
#define FETCH_MAX (64 << 10)

static size_t fetch(const void *buf, size_t n, bool mut, size_t budget) {
  size_t take = n < budget ? n : budget;
  if (take)
    fm_ult_fetch_range(buf, take, mut);
  return budget - take;
}

static size_t iov_bytes(const struct iovec *iov, size_t n) {
  size_t bytes = 0;
  for (size_t i = 0; i < n; i++)
    bytes += iov[i].iov_len;
  return bytes;
}

static void fetch_iov(const struct iovec *iov, int n, bool mut) {
  size_t budget = FETCH_MAX;
  for (int i = 0; i < n && budget; i++)
    budget = fetch(iov[i].iov_base, iov[i].iov_len, mut, budget);
}

#define ON_FD(type, name, params, args, fd, events, flags, write_bytes, buffers)                   \
  type name params {                                                                               \
    if (!ult_caller(CALLER))                                                                       \
      return REAL(name) args;                                                                      \
    until_ready(fd, events, flags, write_bytes);                                                   \
    buffers;                                                                                       \
    return TIMED(name, args, fd, events);                                                          \
  }
#define IN(buf, n) fetch(buf, n, true, FETCH_MAX)
#define OUT(buf, n) fetch(buf, n, false, FETCH_MAX)

ON_FD(ssize_t, read, (int fd, void *buf, size_t n), (fd, buf, n), fd, POLLIN, 0, 0, IN(buf, n))
ON_FD(ssize_t, write, (int fd, const void *buf, size_t n), (fd, buf, n), fd, POLLOUT, 0, n,
      OUT(buf, n))
ON_FD(ssize_t, readv, (int fd, const struct iovec *iov, int n), (fd, iov, n), fd, POLLIN, 0, 0,
      fetch_iov(iov, n, true))
ON_FD(ssize_t, writev, (int fd, const struct iovec *iov, int n), (fd, iov, n), fd, POLLOUT, 0,
      n > 0 ? iov_bytes(iov, (size_t)n) : 0, fetch_iov(iov, n, false))
ON_FD(ssize_t, recv, (int fd, void *buf, size_t n, int flags), (fd, buf, n, flags), fd, POLLIN,
      flags, 0, IN(buf, n))
ON_FD(ssize_t, send, (int fd, const void *buf, size_t n, int flags), (fd, buf, n, flags), fd,
      POLLOUT, flags, n, OUT(buf, n))
ON_FD(ssize_t, recvfrom,
      (int fd, void *buf, size_t n, int flags, struct sockaddr *from, socklen_t *len),
      (fd, buf, n, flags, from, len), fd, POLLIN, flags, 0, IN(buf, n))
ON_FD(ssize_t, sendto,
      (int fd, const void *buf, size_t n, int flags, const struct sockaddr *to, socklen_t len),
      (fd, buf, n, flags, to, len), fd, POLLOUT, flags, n, OUT(buf, n))
ON_FD(ssize_t, recvmsg, (int fd, struct msghdr *msg, int flags), (fd, msg, flags), fd, POLLIN,
      flags, 0, fetch_iov(msg->msg_iov, (int)msg->msg_iovlen, true))
ON_FD(ssize_t, sendmsg, (int fd, const struct msghdr *msg, int flags), (fd, msg, flags), fd,
      POLLOUT, flags, iov_bytes(msg->msg_iov, msg->msg_iovlen),
      fetch_iov(msg->msg_iov, (int)msg->msg_iovlen, false))
ON_FD(int, accept, (int fd, struct sockaddr *addr, socklen_t *len), (fd, addr, len), fd, POLLIN, 0,
      0, (void)0)
ON_FD(int, accept4, (int fd, struct sockaddr *addr, socklen_t *len, int flags),
      (fd, addr, len, flags), fd, POLLIN, 0, 0, (void)0)

/* ---- waits with a timeout: tried without waiting, parked between tries ---- */

/* The call with a timeout in ns (-1: none); made with 0 to try. */
typedef int try_fn(void *call, int64_t timeout_ns);

/* The wait made in the call itself, marked for the monitor. */
static int wait_in_call(try_fn *try, void *call, int64_t timeout_ns) {
  fm_ult_call_begin();
  int r = try(call, timeout_ns);
  fm_ult_call_end();
  return r;
}

/* Parked on fd (events) between tries until the call reports something or
 * timeout_ns passes; a descriptor the poller cannot watch, or nfds other
 * than one, leaves the rest of the wait to the call itself, and so does a
 * thread alone. */
static int wait_parked(try_fn *try, void *call, int fd, uint32_t events, int64_t timeout_ns) {
  if (timeout_ns != 0 && alone())
    return wait_in_call(try, call, timeout_ns);
  uint64_t deadline = timeout_ns > 0 ? fm_stats_now_ns() + (uint64_t)timeout_ns : 0;
  for (;;) {
    int r = try(call, 0);
    if (r != 0 || timeout_ns == 0)
      return r;
    uint64_t now = fm_stats_now_ns();
    if (deadline && now >= deadline)
      return 0;
    if (fd < 0 || fm_ult_netpoll_wait(fd, events, deadline) == NETPOLL_UNWATCHED)
      return wait_in_call(try, call, deadline ? (int64_t)(deadline - now) : -1);
  }
}

static int64_t ms_to_ns(int ms) { return ms < 0 ? -1 : ms * NS_PER_MS; }
static int ns_to_ms(int64_t ns) { return ns < 0 ? -1 : (int)((ns + NS_PER_MS - 1) / NS_PER_MS); }

static int64_t timespec_ns(const struct timespec *t) { return t ? (int64_t)fm_timespec_ns(t) : -1; }

static bool valid(const struct timespec *t) {
  return t->tv_sec >= 0 && t->tv_nsec >= 0 && t->tv_nsec < NS_PER_S;
}

static void sleep_ns(int64_t ns) {
  if (ns <= 0)
    fh_ult_yield();
  else
    fm_ult_sleep_until(fm_stats_now_ns() + (uint64_t)ns);
}

struct poll_call {
  struct pollfd *fds;
  nfds_t n;
};

static int try_poll(void *call, int64_t timeout_ns) {
  struct poll_call *c = call;
  if (timeout_ns < 0)
    return REAL(ppoll)(c->fds, c->n, NULL, NULL);
  struct timespec ts = fm_ns_timespec((uint64_t)timeout_ns);
  return REAL(ppoll)(c->fds, c->n, &ts, NULL);
}

static uint32_t epoll_events(short poll_events) {
  return (poll_events & (POLLIN | POLLPRI) ? EPOLLIN | EPOLLPRI : 0) |
         (poll_events & POLLOUT ? EPOLLOUT : 0);
}

static int poll_parked(struct pollfd *fds, nfds_t n, int64_t timeout_ns) {
  if (n == 0 && timeout_ns >= 0) { /* a sleep */
    sleep_ns(timeout_ns);
    return 0;
  }
  struct poll_call c = {fds, n};
  int fd = n == 1 ? fds[0].fd : -1;
  return wait_parked(try_poll, &c, fd, n == 1 ? epoll_events(fds[0].events) : 0, timeout_ns);
}

int poll(struct pollfd *fds, nfds_t n, int timeout) {
  if (!ult_caller(CALLER))
    return REAL(poll)(fds, n, timeout);
  return poll_parked(fds, n, ms_to_ns(timeout));
}

int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *timeout, const sigset_t *mask) {
  if (!ult_caller(CALLER))
    return REAL(ppoll)(fds, n, timeout, mask);
  if (mask || (timeout && !valid(timeout))) /* a mask to take while waiting: the call's */
    return MARKED(ppoll, (fds, n, timeout, mask));
  return poll_parked(fds, n, timespec_ns(timeout));
}

struct epoll_call {
  int epfd, n;
  struct epoll_event *ev;
};

static int try_epoll(void *call, int64_t timeout_ns) {
  struct epoll_call *c = call;
  return REAL(epoll_wait)(c->epfd, c->ev, c->n, ns_to_ms(timeout_ns));
}

/* The program's epoll instance is itself a descriptor, readable while it
 * has events: the poller watches it. */
static int epoll_parked(int epfd, struct epoll_event *ev, int n, int timeout) {
  struct epoll_call c = {epfd, n, ev};
  return wait_parked(try_epoll, &c, epfd, EPOLLIN, ms_to_ns(timeout));
}

int epoll_wait(int epfd, struct epoll_event *ev, int n, int timeout) {
  if (!ult_caller(CALLER))
    return REAL(epoll_wait)(epfd, ev, n, timeout);
  return epoll_parked(epfd, ev, n, timeout);
}

int epoll_pwait(int epfd, struct epoll_event *ev, int n, int timeout, const sigset_t *mask) {
  if (!ult_caller(CALLER))
    return REAL(epoll_pwait)(epfd, ev, n, timeout, mask);
  if (mask)
    return MARKED(epoll_pwait, (epfd, ev, n, timeout, mask));
  return epoll_parked(epfd, ev, n, timeout);
}

/* ---- sleeps: parked until their deadline ---- */

int nanosleep(const struct timespec *t, struct timespec *rem) {
  if (!ult_caller(CALLER) || !t || !valid(t))
    return REAL(nanosleep)(t, rem);
  sleep_ns(timespec_ns(t));
  return 0;
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *t, struct timespec *rem) {
  if (!ult_caller(CALLER) || !t || !valid(t))
    return REAL(clock_nanosleep)(clock, flags, t, rem);
  if (clock != CLOCK_MONOTONIC && clock != CLOCK_REALTIME) /* CPU-time clocks: the call's */
    return MARKED(clock_nanosleep, (clock, flags, t, rem));
  int64_t ns = timespec_ns(t);
  if (flags & TIMER_ABSTIME) {
    struct timespec now;
    clock_gettime(clock, &now);
    ns -= timespec_ns(&now);
  }
  sleep_ns(ns);
  return 0;
}

unsigned sleep(unsigned seconds) {
  if (!ult_caller(CALLER))
    return REAL(sleep)(seconds);
  sleep_ns(seconds * NS_PER_S);
  return 0;
}

int usleep(useconds_t us) {
  if (!ult_caller(CALLER))
    return REAL(usleep)(us);
  sleep_ns((int64_t)us * 1000);
  return 0;
}

/* ---- waits the poller cannot watch: marked for the monitor only ---- */

#define WAITING(type, name, params, args)                                                          \
  type name params {                                                                               \
    if (!ult_caller(CALLER))                                                                       \
      return REAL(name) args;                                                                      \
    return MARKED(name, args);                                                                     \
  }

WAITING(int, connect, (int fd, const struct sockaddr *addr, socklen_t len), (fd, addr, len))
WAITING(int, select, (int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *timeout),
        (n, r, w, e, timeout))
WAITING(int, pselect,
        (int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *timeout,
         const sigset_t *mask),
        (n, r, w, e, timeout, mask))
WAITING(int, pause, (void), ())
WAITING(pid_t, wait, (int *status), (status))
WAITING(pid_t, waitpid, (pid_t pid, int *status, int options), (pid, status, options))
WAITING(int, waitid, (idtype_t type, id_t id, siginfo_t *info, int options),
        (type, id, info, options))
