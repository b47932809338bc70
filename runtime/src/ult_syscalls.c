/* ult_syscalls.c -- the program's system calls that wait, marked for the
 * monitor (ult_monitor.c) so a worker whose kernel thread waits in one is
 * handed to another kernel thread within CALL_HANDOFF_NS: waits on file
 * descriptors, sleeps, waits for children. Each call is made as the
 * program made it (its own file descriptors, epoll instances, flags and
 * timeouts), so it behaves as natively. A call the shim does not see (a
 * futex inside glibc, file I/O through stdio) is found blocked by the
 * monitor after a longer while. */
#include "ult_interpose.h"

#include <poll.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WAITING(type, name, params, args)                                      \
  type name params {                                                           \
    if (!ult_caller(CALLER))                                                   \
      return REAL(name) args;                                                  \
    fm_ult_call_begin();                                                       \
    type ret_ = REAL(name) args;                                               \
    fm_ult_call_end();                                                         \
    return ret_;                                                               \
  }

WAITING(ssize_t, read, (int fd, void *buf, size_t n), (fd, buf, n))
WAITING(ssize_t, write, (int fd, const void *buf, size_t n), (fd, buf, n))
WAITING(ssize_t, readv, (int fd, const struct iovec *iov, int n), (fd, iov, n))
WAITING(ssize_t, writev, (int fd, const struct iovec *iov, int n), (fd, iov, n))
WAITING(ssize_t, recv, (int fd, void *buf, size_t n, int flags), (fd, buf, n, flags))
WAITING(ssize_t, send, (int fd, const void *buf, size_t n, int flags), (fd, buf, n, flags))
WAITING(ssize_t, recvfrom,
        (int fd, void *buf, size_t n, int flags, struct sockaddr *from, socklen_t *len),
        (fd, buf, n, flags, from, len))
WAITING(ssize_t, sendto,
        (int fd, const void *buf, size_t n, int flags, const struct sockaddr *to, socklen_t len),
        (fd, buf, n, flags, to, len))
WAITING(ssize_t, recvmsg, (int fd, struct msghdr *msg, int flags), (fd, msg, flags))
WAITING(ssize_t, sendmsg, (int fd, const struct msghdr *msg, int flags), (fd, msg, flags))
WAITING(int, accept, (int fd, struct sockaddr *addr, socklen_t *len), (fd, addr, len))
WAITING(int, accept4, (int fd, struct sockaddr *addr, socklen_t *len, int flags),
        (fd, addr, len, flags))
WAITING(int, connect, (int fd, const struct sockaddr *addr, socklen_t len), (fd, addr, len))
WAITING(int, poll, (struct pollfd *fds, nfds_t n, int timeout), (fds, n, timeout))
WAITING(int, ppoll,
        (struct pollfd *fds, nfds_t n, const struct timespec *timeout, const sigset_t *mask),
        (fds, n, timeout, mask))
WAITING(int, select, (int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *timeout),
        (n, r, w, e, timeout))
WAITING(int, pselect,
        (int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *timeout,
         const sigset_t *mask),
        (n, r, w, e, timeout, mask))
WAITING(int, epoll_wait, (int epfd, struct epoll_event *ev, int n, int timeout),
        (epfd, ev, n, timeout))
WAITING(int, epoll_pwait,
        (int epfd, struct epoll_event *ev, int n, int timeout, const sigset_t *mask),
        (epfd, ev, n, timeout, mask))
WAITING(int, nanosleep, (const struct timespec *t, struct timespec *rem), (t, rem))
WAITING(int, clock_nanosleep,
        (clockid_t clock, int flags, const struct timespec *t, struct timespec *rem),
        (clock, flags, t, rem))
WAITING(unsigned, sleep, (unsigned seconds), (seconds))
WAITING(int, usleep, (useconds_t us), (us))
WAITING(int, pause, (void), ())
WAITING(pid_t, wait, (int *status), (status))
WAITING(pid_t, waitpid, (pid_t pid, int *status, int options), (pid, status, options))
WAITING(int, waitid, (idtype_t type, id_t id, siginfo_t *info, int options),
        (type, id, info, options))
