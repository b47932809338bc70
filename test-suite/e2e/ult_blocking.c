/* Blocking system calls in an ordinary pthread program: for each call, one
 * thread blocks in it and a thread created after it (on the same worker,
 * under `farhint run --ult --cores 1`) unblocks it 20 ms later; then each
 * call that takes a timeout is left to time out.
 * USAGE: ult_blocking     prints one "NAME ok" line per call, as natively;
 * a call that returns wrong says so and exits 1, one that never returns
 * hangs (the test's timeout). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int fds[2];   /* a pipe or a socket pair: the waiter reads fds[0] */
static int listener; /* a loopback TCP listener */
static sem_t sem;
static pid_t child;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void pause_ms(int ms) {
  struct timespec t = {0, ms * 1000000L};
  nanosleep(&t, NULL);
}

static void expect(int ok, const char *name, const char *what) {
  if (!ok) {
    printf("%s: %s (errno %d)\n", name, what, errno);
    exit(1);
  }
}

/* ---- waiters: each blocks until the waker acts ---- */

static long wait_read(void) {
  char c;
  return read(fds[0], &c, 1) == 1 && c == 'x';
}
static long wait_readv(void) {
  char c;
  struct iovec v = {&c, 1};
  return readv(fds[0], &v, 1) == 1 && c == 'x';
}
static long wait_recv(void) {
  char c;
  return recv(fds[0], &c, 1, 0) == 1 && c == 'x';
}
static long wait_recvfrom(void) {
  char c;
  return recvfrom(fds[0], &c, 1, 0, NULL, NULL) == 1;
}
static long wait_recvmsg(void) {
  char c;
  struct iovec v = {&c, 1};
  struct msghdr m = {.msg_iov = &v, .msg_iovlen = 1};
  return recvmsg(fds[0], &m, 0) == 1 && c == 'x';
}
static long wait_poll(void) {
  struct pollfd p = {fds[0], POLLIN, 0};
  return poll(&p, 1, -1) == 1 && (p.revents & POLLIN);
}
static long wait_ppoll(void) {
  struct pollfd p = {fds[0], POLLIN, 0};
  return ppoll(&p, 1, NULL, NULL) == 1;
}
static long wait_select(void) {
  fd_set r;
  FD_ZERO(&r);
  FD_SET(fds[0], &r);
  return select(fds[0] + 1, &r, NULL, NULL, NULL) == 1 && FD_ISSET(fds[0], &r);
}
static long wait_pselect(void) {
  fd_set r;
  FD_ZERO(&r);
  FD_SET(fds[0], &r);
  return pselect(fds[0] + 1, &r, NULL, NULL, NULL, NULL) == 1;
}
static long wait_epoll(void) {
  int ep = epoll_create1(0);
  struct epoll_event e = {.events = EPOLLIN, .data.u32 = 7};
  epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &e);
  struct epoll_event got;
  long ok = epoll_wait(ep, &got, 1, -1) == 1 && got.data.u32 == 7;
  close(ep);
  return ok;
}
static long wait_epoll_pwait(void) {
  int ep = epoll_create1(0);
  struct epoll_event e = {.events = EPOLLIN};
  epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &e);
  struct epoll_event got;
  long ok = epoll_pwait(ep, &got, 1, -1, NULL) == 1;
  close(ep);
  return ok;
}
static long wait_accept(void) {
  int c = accept(listener, NULL, NULL);
  close(c);
  return c >= 0;
}
static long wait_accept4(void) {
  int c = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
  close(c);
  return c >= 0;
}
/* A full pipe: the write blocks until the waker drains it. */
static long wait_write(void) {
  static char big[1 << 20];
  return write(fds[1], big, sizeof big) == (ssize_t)sizeof big;
}
static long wait_waitpid(void) {
  int status;
  return waitpid(child, &status, 0) == child && WIFEXITED(status) && !WEXITSTATUS(status);
}
static long wait_sem(void) { return sem_wait(&sem) == 0; } /* a futex inside glibc */

/* Two threads read the same pipe: both wait, each gets one byte. */
static void *read_one(void *result) {
  *(long *)result = wait_read();
  return NULL;
}
static long wait_two_readers(void) {
  pthread_t other;
  long theirs = 0;
  pthread_create(&other, NULL, read_one, &theirs);
  long mine = wait_read();
  pthread_join(other, NULL);
  return mine && theirs;
}
/* poll on several descriptors (the same one twice). */
static long wait_poll_two(void) {
  struct pollfd p[2] = {{fds[0], POLLIN, 0}, {fds[0], POLLIN, 0}};
  return poll(p, 2, -1) == 2;
}

/* ---- wakers ---- */

static void wake_write(void) { (void)!write(fds[1], "x", 1); }
static void wake_write_two(void) { (void)!write(fds[1], "xx", 2); }
static void wake_connect(void) {
  struct sockaddr_in a;
  socklen_t len = sizeof a;
  getsockname(listener, (struct sockaddr *)&a, &len);
  int s = socket(AF_INET, SOCK_STREAM, 0);
  expect(connect(s, (struct sockaddr *)&a, len) == 0, "connect", "failed");
  close(s);
}
static void wake_drain(void) {
  static char buf[1 << 16];
  size_t left = 1 << 20;
  while (left) {
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n <= 0)
      break;
    left -= (size_t)n;
  }
}
static void wake_sem(void) { sem_post(&sem); }
static void wake_none(void) {}

struct pair {
  const char *name;
  long (*waiter)(void);
  void (*waker)(void);
  enum { PIPE, SOCKETS, LISTENER, CHILD, SEMAPHORE } needs;
};

static const struct pair pairs[] = {
    {"read", wait_read, wake_write, PIPE},
    {"readv", wait_readv, wake_write, PIPE},
    {"recv", wait_recv, wake_write, SOCKETS},
    {"recvfrom", wait_recvfrom, wake_write, SOCKETS},
    {"recvmsg", wait_recvmsg, wake_write, SOCKETS},
    {"two readers", wait_two_readers, wake_write_two, PIPE},
    {"poll", wait_poll, wake_write, PIPE},
    {"poll on two", wait_poll_two, wake_write, PIPE},
    {"ppoll", wait_ppoll, wake_write, PIPE},
    {"select", wait_select, wake_write, PIPE},
    {"pselect", wait_pselect, wake_write, PIPE},
    {"epoll_wait", wait_epoll, wake_write, SOCKETS},
    {"epoll_pwait", wait_epoll_pwait, wake_write, PIPE},
    {"accept", wait_accept, wake_connect, LISTENER},
    {"accept4", wait_accept4, wake_connect, LISTENER},
    {"write", wait_write, wake_drain, PIPE},
    {"waitpid", wait_waitpid, wake_none, CHILD},
    {"sem_wait", wait_sem, wake_sem, SEMAPHORE},
};

static const struct pair *current;
static long waiter_result;

static void *waiter_main(void *arg) {
  (void)arg;
  waiter_result = current->waiter();
  return NULL;
}

static void *waker_main(void *arg) {
  (void)arg;
  pause_ms(20); /* the waiter is blocked by now */
  current->waker();
  return NULL;
}

static void set_up(int needs) {
  if (needs == PIPE)
    expect(pipe(fds) == 0, "pipe", "failed");
  if (needs == SOCKETS)
    expect(socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0, "socketpair", "failed");
  if (needs == LISTENER) {
    listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    expect(bind(listener, (struct sockaddr *)&a, sizeof a) == 0 && listen(listener, 4) == 0,
           "listen", "failed");
  }
  if (needs == CHILD) {
    char *argv[] = {"sleep", "0.05", NULL};
    expect(posix_spawnp(&child, "sleep", NULL, NULL, argv, environ) == 0, "spawn", "failed");
  }
  if (needs == SEMAPHORE)
    sem_init(&sem, 0, 0);
}

static void tear_down(int needs) {
  if (needs == PIPE || needs == SOCKETS) {
    close(fds[0]);
    close(fds[1]);
  }
  if (needs == LISTENER)
    close(listener);
}

static void run_pair(const struct pair *p) {
  set_up(p->needs);
  current = p;
  pthread_t waiter, waker;
  pthread_create(&waiter, NULL, waiter_main, NULL);
  pthread_create(&waker, NULL, waker_main, NULL);
  pthread_join(waiter, NULL);
  pthread_join(waker, NULL);
  expect(waiter_result, p->name, "returned wrong");
  tear_down(p->needs);
  printf("%s ok\n", p->name);
}

/* ---- timeouts: nothing happens, each call returns after its timeout ---- */

static void timed(const char *name, int (*call)(void)) {
  double start = now();
  int r = call();
  double took = now() - start;
  expect(r == 0, name, "did not time out");
  expect(took >= 0.049 && took < 2, name, "took the wrong time");
  printf("%s timeout ok\n", name);
}

static int timed_poll(void) {
  struct pollfd p = {fds[0], POLLIN, 0};
  return poll(&p, 1, 50);
}
static int timed_ppoll(void) {
  struct pollfd p = {fds[0], POLLIN, 0};
  struct timespec t = {0, 50000000L};
  return ppoll(&p, 1, &t, NULL);
}
static int timed_poll_none(void) { return poll(NULL, 0, 50); } /* a sleep */
static int timed_select(void) {
  fd_set r;
  FD_ZERO(&r);
  FD_SET(fds[0], &r);
  struct timeval t = {0, 50000};
  return select(fds[0] + 1, &r, NULL, NULL, &t);
}
static int timed_epoll(void) {
  int ep = epoll_create1(0);
  struct epoll_event e = {.events = EPOLLIN}, got;
  epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &e);
  int n = epoll_wait(ep, &got, 1, 50);
  close(ep);
  return n;
}
static int timed_epoll_pwait(void) {
  int ep = epoll_create1(0);
  struct epoll_event e = {.events = EPOLLIN}, got;
  epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &e);
  sigset_t all;
  sigfillset(&all);
  int n = epoll_pwait(ep, &got, 1, 50, &all);
  close(ep);
  return n;
}
/* A socket with its own receive timeout: EAGAIN after it. */
static int timed_rcvtimeo(void) {
  int s[2];
  expect(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0, "socketpair", "failed");
  struct timeval t = {0, 50000};
  setsockopt(s[0], SOL_SOCKET, SO_RCVTIMEO, &t, sizeof t);
  char c;
  int r = recv(s[0], &c, 1, 0) == -1 && errno == EAGAIN ? 0 : -1;
  close(s[0]);
  close(s[1]);
  return r;
}
static int timed_nanosleep(void) {
  pause_ms(50);
  return 0;
}
static int timed_usleep(void) { return usleep(50000); }
static int timed_clock_nanosleep(void) {
  struct timespec t = {0, 50000000L};
  return clock_nanosleep(CLOCK_MONOTONIC, 0, &t, NULL);
}
static struct timespec realtime_in_50ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  t.tv_nsec += 50000000L;
  if (t.tv_nsec >= 1000000000L) {
    t.tv_sec++;
    t.tv_nsec -= 1000000000L;
  }
  return t;
}
static int timed_clock_nanosleep_abs(void) {
  struct timespec t = realtime_in_50ms();
  return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &t, NULL);
}
static int timed_sem(void) {
  struct timespec t = realtime_in_50ms();
  return sem_timedwait(&sem, &t) == -1 && errno == ETIMEDOUT ? 0 : -1;
}

/* ---- calls that must not wait: each returns at once ---- */

static void at_once(const char *name, int ok) {
  expect(ok, name, "returned wrong");
  printf("%s at once ok\n", name);
}

static void no_waits(void) {
  double start = now();
  char c;
  int s[2];
  expect(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0, "socketpair", "failed");
  at_once("recv MSG_DONTWAIT", recv(s[0], &c, 1, MSG_DONTWAIT) == -1 && errno == EAGAIN);
  int flags = fcntl(fds[0], F_GETFL);
  fcntl(fds[0], F_SETFL, flags | O_NONBLOCK);
  at_once("read O_NONBLOCK", read(fds[0], &c, 1) == -1 && errno == EAGAIN);
  fcntl(fds[0], F_SETFL, flags);
  struct pollfd p = {fds[0], POLLIN, 0};
  at_once("poll 0", poll(&p, 1, 0) == 0);
  at_once("nanosleep 0", nanosleep(&(struct timespec){0, 0}, NULL) == 0);
  at_once("nanosleep invalid",
          nanosleep(&(struct timespec){0, 2000000000L}, NULL) == -1 && errno == EINVAL);
  close(s[0]);
  close(s[1]);
  expect(now() - start < 0.5, "calls that must not wait", "waited");
}

static void *timeouts_main(void *arg) {
  (void)arg;
  expect(pipe(fds) == 0, "pipe", "failed");
  sem_init(&sem, 0, 0);
  no_waits();
  timed("poll", timed_poll);
  timed("ppoll", timed_ppoll);
  timed("poll without descriptors", timed_poll_none);
  timed("epoll_pwait with a mask", timed_epoll_pwait);
  timed("SO_RCVTIMEO recv", timed_rcvtimeo);
  timed("clock_nanosleep TIMER_ABSTIME", timed_clock_nanosleep_abs);
  timed("select", timed_select);
  timed("epoll_wait", timed_epoll);
  timed("nanosleep", timed_nanosleep);
  timed("usleep", timed_usleep);
  timed("clock_nanosleep", timed_clock_nanosleep);
  timed("sem_timedwait", timed_sem);
  return NULL;
}

/* Another thread keeps its worker busy meanwhile: a timed-out call must
 * come back even so. */
static _Atomic int timeouts_done;
static void *busy_main(void *arg) {
  (void)arg;
  while (!timeouts_done)
    sched_yield();
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  if (argc != 1) {
    fprintf(stderr, "usage: ult_blocking\n");
    return 2;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  signal(SIGPIPE, SIG_IGN);
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    run_pair(&pairs[i]);
  pthread_t t, busy;
  pthread_create(&t, NULL, timeouts_main, NULL);
  pthread_create(&busy, NULL, busy_main, NULL);
  pthread_join(t, NULL);
  timeouts_done = 1;
  pthread_join(busy, NULL);
  return 0;
}
