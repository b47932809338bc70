/* splice.c -- dirty victims written back without write-protecting them.
 * vmsplice() puts a reference to each victim's frame in a pipe; the batch
 * is then unmapped (one process_madvise, one TLB flush), and the pipe is
 * read into the far store. A write that lands before the unmap is in the
 * frame the pipe holds; one after it faults on a missing page and waits on
 * the page lock until the write-back is done. Scattered dirty victims thus
 * cost no write-protect ioctl and no TLB flush of their own
 * (docs/design/eviction.md, "Dirty victims written back through a pipe").
 * Design: docs/design/eviction.md. */
#include "memory/splice.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/sys.h"
#include "backend/backend.h"
#include "memory/runs.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

/* Pipes shared by the evicting threads, each taken for one batch; a thread
 * that finds none free write-protects as before. */
#define PIPES 4

static struct {
  int fd[PIPES][2];
  pthread_mutex_t lock[PIPES];
  unsigned pages; /* each pipe's capacity, 0: off */
} pipes = {.lock = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                    PTHREAD_MUTEX_INITIALIZER}};

/* Whether the kernel's vmsplice references the frame rather than copying
 * it: a write between the splice and the unmap must reach the pipe. */
static const char *probe(int rd, int wr) {
  char *p = fm_libc.mmap(NULL, FM_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return strerror(errno);
  const char *why = NULL;
  p[0] = 'a';
  struct iovec iov = {.iov_base = p, .iov_len = FM_PAGE};
  if (vmsplice(wr, &iov, 1, SPLICE_F_NONBLOCK) != FM_PAGE) {
    why = strerror(errno);
  } else {
    p[0] = 'b';
    fm_madvise_sys(p, FM_PAGE, MADV_DONTNEED);
    char got[FM_PAGE];
    if (fm_libc.read(rd, got, sizeof got) != FM_PAGE)
      why = "the pipe did not give the page back";
    else if (got[0] != 'b')
      why = "vmsplice copied the page instead of referencing it";
  }
  fm_libc.munmap(p, FM_PAGE);
  return why;
}

void fm_splice_init(void) {
  if (!fm.cfg.splice_writeback || fm.cfg.trace || !fm_backend_stores_fd())
    return; /* the network transports write back from local frames: write-protect first */
  const char *why = NULL;
  int made = 0;
  for (; made < PIPES && !why; made++) {
    if (pipe2(pipes.fd[made], O_CLOEXEC | O_NONBLOCK) < 0) {
      why = strerror(errno);
      break;
    }
    int size = fcntl(pipes.fd[made][1], F_SETPIPE_SZ, FM_SPLICE_MAX * FM_PAGE);
    if (size < 0)
      size = fcntl(pipes.fd[made][1], F_GETPIPE_SZ);
    unsigned pages = size > 0 ? (unsigned)size / FM_PAGE : 0;
    if (pages > FM_SPLICE_MAX)
      pages = FM_SPLICE_MAX;
    if (pages < 16)
      why = "pipes here hold fewer than 16 pages";
    else if (made == 0 || pages < pipes.pages)
      pipes.pages = pages;
  }
  if (!why)
    why = probe(pipes.fd[0][0], pipes.fd[0][1]);
  if (!why)
    return;
  for (int i = 0; i < made; i++) {
    close(pipes.fd[i][0]);
    close(pipes.fd[i][1]);
  }
  pipes.pages = 0;
  fm_log("dirty victims are write-protected before their write-back: vmsplice into a pipe "
         "cannot hold them here (%s)",
         why);
}

bool fm_splice_on(void) { return pipes.pages != 0; }

unsigned fm_splice_take(const uintptr_t *pages, unsigned n, int *pipe) {
  *pipe = -1;
  if (!pipes.pages || !n)
    return 0;
  for (int i = 0; i < PIPES && *pipe < 0; i++)
    if (fm_libc.pthread_mutex_trylock(&pipes.lock[i]) == 0)
      *pipe = i;
  if (*pipe < 0)
    return 0;
  if (n > pipes.pages)
    n = pipes.pages;
  struct iovec iov[FM_SPLICE_MAX];
  unsigned k = fm_pages_to_iov(pages, n, iov);
  ssize_t took = vmsplice(pipes.fd[*pipe][1], iov, k, SPLICE_F_NONBLOCK);
  fm_stats_count(FM_C_SPLICE_SYSCALLS, 1);
  unsigned got = took > 0 ? (unsigned)(took / FM_PAGE) : 0;
  if (took > 0 && took % FM_PAGE) /* never: a partial page cannot be written back */
    fm_log_die("vmsplice took part of a page");
  if (!got) {
    fm_libc.pthread_mutex_unlock(&pipes.lock[*pipe]);
    *pipe = -1;
  }
  return got;
}

void fm_splice_store(int pipe, const uintptr_t *pages, unsigned n) {
  fm_backend_store_fd(pipes.fd[pipe][0], pages, n); /* counts its reads */
  fm_stats_count(FM_C_SPLICE_PAGES, n);
  fm_libc.pthread_mutex_unlock(&pipes.lock[pipe]);
}
