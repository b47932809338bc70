/* pool.c -- local frames recycled with UFFDIO_MOVE (Linux 6.8). A run of
 * evicted pages is moved, frames and all, into the pool and written back
 * from there; a fetched run takes frames from the pool, is filled there and
 * moved into place. Each move is one ioctl and one TLB flush for the run,
 * and it skips what UFFDIO_COPY and the unmap cost beyond the copy itself:
 * the kernel's page allocation, memcg charge and LRU insertion on the way
 * in; the write-protect ioctl, the unmap and the freeing on the way out
 * (docs/design/eviction.md, "Frames recycled through a pool").
 *
 * The pool is a mapping of CHUNKS chunks of CHUNK_PAGES slots, registered
 * with the userfaultfd (a move's destination must be). A chunk holds its
 * frames at slots [0, n), and one thread at a time checks it out, so a run
 * moves in or out of contiguous slots. Its frames come out of the budget.
 * Nothing ever touches a slot without a frame: it is registered, so the
 * touch would be a fault nobody serves. Off in trace mode (a profile needs
 * every fault the usual way) and with --no-frame-pool.
 * Design: docs/design/eviction.md. */
#include "memory/pool.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/sys.h"
#include "core/uffd.h"

#include <string.h>
#include <sys/mman.h>

#define CHUNK_PAGES 64
#define MAX_CHUNKS 8

static struct {
  pthread_mutex_t lock;
  uint8_t *base;
  unsigned chunks;
  uint8_t frames[MAX_CHUNKS]; /* slots [0, frames) hold a frame */
  bool busy[MAX_CHUNKS];      /* checked out by a thread */
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* One chunk for every 64 chunks' worth of budget (1.5%), at most
 * MAX_CHUNKS (2 MiB): room for a few runs in flight; a larger share costs
 * workloads whose working set just fits the budget. */
uint64_t fm_pool_init(bool can_move, uint64_t budget_frames) {
  unsigned chunks = (unsigned)(budget_frames / (64 * CHUNK_PAGES));
  if (chunks > MAX_CHUNKS)
    chunks = MAX_CHUNKS;
  if (!fm.cfg.frame_pool || fm.cfg.trace || chunks == 0)
    return 0;
  if (!can_move) {
    fm_log("this kernel lacks UFFDIO_MOVE (Linux 6.8): fetching and evicting without a "
           "frame pool");
    return 0;
  }
  size_t bytes = (size_t)chunks * CHUNK_PAGES * FM_PAGE;
  void *p = fm_libc.mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return 0;
  /* 4 KiB frames (a move refuses parts of a huge page); a forked child
   * gets no pool, so the parent's frames stay its own (a move refuses a
   * shared frame). */
  fm_madvise_sys(p, bytes, MADV_NOHUGEPAGE);
  if (fm_madvise_sys(p, bytes, MADV_DONTFORK) < 0 ||
      fm_uffd_register(fm.uffd, p, bytes, false) < 0) {
    fm_log("UFFDIO_MOVE is not usable here; fetching and evicting without a frame pool");
    fm_libc.munmap(p, bytes);
    return 0;
  }
  pool.base = p;
  pool.chunks = chunks;
  return (uint64_t)chunks * CHUNK_PAGES;
}

bool fm_pool_on(void) { return pool.chunks != 0; }
uint64_t fm_pool_frames(void) { return (uint64_t)pool.chunks * CHUNK_PAGES; }

void fm_pool_unlock(void) {
  if (pool.chunks)
    munlock(pool.base, (size_t)pool.chunks * CHUNK_PAGES * FM_PAGE);
}

static uintptr_t slot(int chunk, unsigned i) {
  return (uintptr_t)pool.base + ((size_t)chunk * CHUNK_PAGES + i) * FM_PAGE;
}

/* Checks out the idle chunk with the most frames (fetching) or the most
 * room (evicting); -1 if none has any. */
static int check_out(bool want_frames) {
  int best = -1;
  unsigned best_have = 0;
  fm_libc.pthread_mutex_lock(&pool.lock);
  for (int c = 0; c < (int)pool.chunks; c++) {
    unsigned have = want_frames ? pool.frames[c] : CHUNK_PAGES - pool.frames[c];
    if (!pool.busy[c] && have > best_have) {
      best = c;
      best_have = have;
    }
  }
  if (best >= 0)
    pool.busy[best] = true;
  fm_libc.pthread_mutex_unlock(&pool.lock);
  return best;
}

static void check_in(int chunk, unsigned frames) {
  fm_libc.pthread_mutex_lock(&pool.lock);
  pool.frames[chunk] = (uint8_t)frames;
  pool.busy[chunk] = false;
  fm_libc.pthread_mutex_unlock(&pool.lock);
}

bool fm_pool_take(unsigned want, struct fm_pool_run *r) {
  int c = check_out(true);
  if (c < 0)
    return false;
  unsigned have = pool.frames[c];
  r->chunk = c;
  r->n = want < have ? want : have;
  r->first = slot(c, have - r->n); /* the top ones: the rest stay contiguous */
  return true;
}

void fm_pool_took(const struct fm_pool_run *r, unsigned moved) {
  unsigned have = pool.frames[r->chunk];
  if (moved < r->n) /* a failed move: drop the frames it left, not to leave a hole */
    fm_madvise_sys((void *)(r->first + (uintptr_t)moved * FM_PAGE),
                   (size_t)(r->n - moved) * FM_PAGE, MADV_DONTNEED);
  check_in(r->chunk, have - r->n);
  fm_stats_count(FM_C_POOL_OUT_PAGES, moved);
}

bool fm_pool_room(unsigned want, struct fm_pool_run *r) {
  int c = check_out(false);
  if (c < 0)
    return false;
  unsigned room = CHUNK_PAGES - pool.frames[c];
  r->chunk = c;
  r->n = want < room ? want : room;
  r->first = slot(c, pool.frames[c]);
  return true;
}

void fm_pool_filled(const struct fm_pool_run *r, unsigned moved) {
  check_in(r->chunk, pool.frames[r->chunk] + moved);
  fm_stats_count(FM_C_POOL_IN_PAGES, moved);
}

long fm_pool_move(uintptr_t dst, uintptr_t src, unsigned pages) {
  uint64_t t0 = fm_stats_now_ns();
  long moved = fm_uffd_move(fm.uffd, dst, src, (size_t)pages * FM_PAGE);
  fm_stats_time_add(FM_T_MOVE, t0);
  return moved < 0 ? 0 : moved / (long)FM_PAGE;
}
