/* fork.c -- fork() of a program whose heap is in far memory. The child gets
 * no runtime (its threads do not survive a fork, and the userfaultfd stays
 * with the parent's address space), so it must hold every page itself: it
 * copies in, from the memory server's store, each far page the parent did
 * not have local at the fork, then runs with all of its memory local, as it
 * would natively. The parent holds back evictions -- the only writes to the
 * store -- from just before the fork until the child has copied, so the
 * store is the far half of the parent's memory at the fork, exactly.
 * Design: docs/design/process.md. */
#include "interpose/fork.h"
#include "base/log.h"
#include "base/state.h"
#include "core/live.h"
#include "core/meta.h"
#include "core/store_writes.h"
#include "backend/backend.h"
#include "memory/write_log.h"

#include "fh_tcp.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

/* Whether the child has page p: the parent had it mapped at the fork. A page
 * locked then was in the middle of a fetch (evictions were held back):
 * whether it landed before the fork, the child's page table tells. */
static bool child_has(uintptr_t p, uint64_t w) {
  if (!(w & FARHINT_META_LOCKED))
    return w & FM_RESIDENT;
  unsigned char in_core = 0;
  return mincore((void *)p, FM_PAGE, &in_core) == 0 && (in_core & 1);
}

/* Whether the child must copy in page p: it has data far and not here. */
static bool needs_copy(uintptr_t p) {
  uint64_t w = atomic_load_explicit(fm_meta(p), memory_order_relaxed);
  return (w & (FARHINT_META_REGISTERED | FARHINT_META_FAR_VALID | FARHINT_META_FREED)) ==
             (FARHINT_META_REGISTERED | FARHINT_META_FAR_VALID) &&
         !child_has(p, w);
}

/* A child's read of [page, page + len) through its parent, for a transport
 * a child cannot use: the request on `parent`, then the bytes. */
struct child_read {
  uintptr_t page;
  size_t len;
};

static bool read_through_parent(int parent, uintptr_t page, size_t len) {
  struct child_read r = {page, len};
  struct iovec iov = {&r, sizeof r};
  return fh_tcp_sendv(parent, &iov, 1) == 0 && fh_tcp_recv(parent, (void *)page, len) == 0;
}

/* In the parent, until the child has copied (it closes its end). */
static void serve_child_reads(int child) {
  struct child_read r;
  while (fh_tcp_recv(child, &r, sizeof r) == 0)
    for (size_t done = 0; done < r.len;) {
      size_t part = r.len - done < (size_t)FM_ZERO_PAGES * FM_PAGE
                        ? r.len - done
                        : (size_t)FM_ZERO_PAGES * FM_PAGE;
      struct fm_far_src src;
      struct iovec iov = {(void *)fm_backend_fetch(r.page + done, part, &src), part};
      int sent = fh_tcp_sendv(child, &iov, 1);
      fm_backend_release(&src);
      if (sent < 0)
        return;
      done += part;
    }
}

/* In the child: every far page with data becomes its own, runs of
 * neighbours in one read. */
static void take_over_far_pages(int parent) {
  uintptr_t top = atomic_load(&fm.alloc_top);
  for (uintptr_t p = fm.far_base; p < top; p += FM_PAGE) {
    if (!needs_copy(p))
      continue;
    uintptr_t end = p + FM_PAGE;
    while (end < top && end - p < (1u << 20) && needs_copy(end))
      end += FM_PAGE;
    if (!fm_backend_read_into(p, (void *)p, end - p) && !read_through_parent(parent, p, end - p))
      fm_log_die("a forked child could not copy its parent's far pages (the parent is gone?)");
    p = end - FM_PAGE;
  }
}

static void become_native(void) {
  fm.active = false; /* hints, prefetches and interposers pass through */
  fm_hints_go_dead();
  close(fm.uffd); /* it serves the parent's address space */
  fm.uffd = -1;
  fm_backend_forget();
}

pid_t fm_fork(pid_t (*real_fork)(void)) {
  int link[2]; /* the child reads through it, if it must, and closes it once it has copied */
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, link) < 0)
    return -1;
  fm_store_writes_stop();
  pid_t pid = real_fork();
  if (pid == 0) {
    close(link[0]);
    take_over_far_pages(link[1]);
    fm_write_log_apply_in_child(child_has);
    become_native();
    close(link[1]);
    return 0;
  }
  int saved = errno;
  close(link[1]);
  if (pid > 0)
    serve_child_reads(link[0]);
  close(link[0]);
  fm_store_writes_resume();
  errno = saved;
  return pid;
}
