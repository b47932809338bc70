/* memcached_reaper.c -- deletes the program's items from memcached once it
 * has ended. It may end anywhere -- killed, or in stdio's last flush at
 * exit, which reads a far page after every destructor has run -- so a
 * process of its own does it: forked at start-up, before any thread, and
 * orphaned (no child of the program: its wait() never sees it), it waits
 * for the end of a pipe the program and its children hold.
 *
 * A program killed mid-write-back leaves sets in flight on its connections,
 * which memcached may serve after deletes on another connection. So the
 * reaper first waits until no server lists any of the program's
 * connections (`stats conns`, by the client port it saw; memcached serves a
 * connection's requests in order and drops it at the end of its stream),
 * then deletes every key up to the highest page the program was storing,
 * which it keeps in a page they share.
 * Design: docs/design/backends.md. */
#include "backend/transport.h"
#include "base/detach.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "backend/memcached.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PORTS_MAX 256
#define WAIT_FOR_CLOSE_MS 10000

static struct shared {
  _Atomic uint64_t stored_end; /* far offset past the highest page stored */
  unsigned nports;
  uint16_t ports[PORTS_MAX]; /* local ports of the program's connections */
} *shared;

static uint16_t ports_before[PORTS_MAX];
static unsigned nports_before;

/* The local ports of the process's connected TCP sockets, at most max;
 * how many. Reads /proc/self/fd with getdents64: opendir would allocate
 * from the program's heap. */
static unsigned connected_ports(uint16_t *ports, unsigned max) {
  int dir = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  unsigned n = 0;
  char buf[4096];
  long got;
  while (dir >= 0 && (got = syscall(SYS_getdents64, dir, buf, sizeof buf)) > 0)
    for (long at = 0; at < got;) {
      struct dirent64 *d = (struct dirent64 *)(buf + at);
      at += d->d_reclen;
      int fd = atoi(d->d_name), proto;
      struct sockaddr_storage sa;
      socklen_t len = sizeof proto;
      if (d->d_name[0] == '.' || fd == dir ||
          getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &proto, &len) < 0 || proto != IPPROTO_TCP)
        continue;
      len = sizeof sa;
      if (getpeername(fd, (struct sockaddr *)&sa, &len) < 0 || n == max)
        continue;
      len = sizeof sa;
      if (getsockname(fd, (struct sockaddr *)&sa, &len) == 0)
        ports[n++] = ntohs(sa.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&sa)->sin6_port
                                                    : ((struct sockaddr_in *)&sa)->sin_port);
    }
  if (dir >= 0)
    close(dir);
  return n;
}

static bool listed(const uint16_t *ports, unsigned n, unsigned port) {
  for (unsigned i = 0; i < n; i++)
    if (ports[i] == port)
      return true;
  return false;
}

int fm_mc_reaper_record_connections(void) {
  uint16_t now[PORTS_MAX];
  unsigned n = connected_ports(now, PORTS_MAX);
  for (unsigned i = 0; i < n; i++)
    if (!listed(ports_before, nports_before, now[i]) && shared->nports < PORTS_MAX)
      shared->ports[shared->nports++] = now[i];
  if (shared->nports)
    return 0;
  fm_log("memcached backend: cannot find its own connections in /proc/self/fd");
  return -1;
}

void fm_mc_reaper_storing(uint64_t end) {
  uint64_t seen = atomic_load(&shared->stored_end);
  while (seen < end && !atomic_compare_exchange_weak(&shared->stored_end, &seen, end))
    ;
}

/* `stats conns` lists "FD:addr" as "tcp:HOST:PORT" for every connection,
 * the listening socket's with the server's own port. */
static memcached_return_t count_program_conn(const memcached_instance_st *sv, const char *key,
                                             size_t klen, const char *value, size_t vlen,
                                             void *open) {
  if (klen < 5 || memcmp(key + klen - 5, ":addr", 5))
    return MEMCACHED_SUCCESS;
  const char *colon = memrchr(value, ':', vlen);
  unsigned port = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
  if (port != memcached_server_port(sv) && listed(shared->ports, shared->nports, port))
    ++*(unsigned *)open;
  return MEMCACHED_SUCCESS;
}

static void wait_for_program_conns_to_close(void) {
  static memcached_st stats_st;
  memcached_st *mc = fm_mc_replying_clone(&stats_st);
  uint64_t deadline = fm_stats_now_ns() + WAIT_FOR_CLOSE_MS * 1000000ULL;
  unsigned open = 1;
  while (mc && fm_stats_now_ns() < deadline) {
    open = 0;
    if (memcached_stat_execute(mc, "conns", count_program_conn, &open) != MEMCACHED_SUCCESS ||
        !open)
      break;
    fm_libc.nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
  }
  if (open)
    fm_log("warning: memcached still serves the ended program's connections after %d s; its "
           "items are deleted anyway, and a set still in flight may leave an item behind",
           WAIT_FOR_CLOSE_MS / 1000);
  memcached_free(mc);
}

static void reap(int gone) {
  char c;
  while (fm_libc.read(gone, &c, 1) < 0 && errno == EINTR)
    ;
  wait_for_program_conns_to_close();
  static memcached_st reaper_st;
  memcached_st *mc = memcached_clone(&reaper_st, fm_mc_proto);
  uint64_t end = mc ? atomic_load(&shared->stored_end) : 0;
  for (uint64_t off = 0; off < end; off += FM_PAGE) {
    char key[FM_MC_KEY_MAX];
    memcached_return_t rc = memcached_delete(mc, key, (size_t)fm_mc_key_of(key, off), 0);
    if (rc != MEMCACHED_SUCCESS && rc != MEMCACHED_BUFFERED)
      break;
  }
  if (!mc || !fm_mc_barrier(mc, NULL))
    fm_log("warning: could not delete the far pages of the program from memcached (%s); on a "
           "server still up they stay until it restarts",
           mc ? memcached_last_error_message(mc) : "out of memory");
  fm_libc_exit(0);
}

int fm_mc_reaper_start(void) {
  shared =
      fm_libc.mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  int gone[2];
  if (shared == MAP_FAILED || pipe2(gone, O_CLOEXEC) < 0) {
    fm_log("memcached backend: cannot set up the clean-up at exit: %s", strerror(errno));
    return -1;
  }
  nports_before = connected_ports(ports_before, PORTS_MAX);
  pid_t pid = fm_fork_detached();
  if (pid == 0) {
    prctl(PR_SET_NAME, "farhint-reaper"); /* not the program's name: `pkill PROGRAM` spares it */
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    close_range(3, (unsigned)gone[0] - 1, 0);
    close_range((unsigned)gone[0] + 1, ~0U, 0);
    reap(gone[0]);
  }
  close(gone[0]);
  if (pid < 0) {
    close(gone[1]);
    fm_log("memcached backend: cannot start the clean-up at exit: %s", strerror(errno));
    return -1;
  }
  return 0; /* gone[1] stays open until the program ends */
}
