/* evict.c -- reclaim: write back dirty victims and unmap the batch. Runs of
 * neighbouring victims move into the frame pool (pool.c) and are written
 * back from there. Other dirty pages are write-protected before they are
 * copied out. Either way a write racing the eviction waits (in the control
 * thread, on the page lock) and then retries against the refetched page: no
 * write is lost. Unmapping uses one process_madvise(MADV_DONTNEED) over an
 * iovec when the kernel allows it.
 * Design: docs/design/eviction.md. */
#include "memory/evict.h"
#include "memory/write_log.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/sys.h"
#include "core/link.h"
#include "core/live.h"
#include "core/meta.h"
#include "core/store_writes.h"
#include "core/uffd.h"
#include "backend/backend.h"
#include "memory/frames.h"
#include "memory/freed.h"
#include "memory/pool.h"
#include "memory/runs.h"
#include "memory/splice.h"

#include "fh_iov.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_process_madvise
#define SYS_process_madvise 440
#endif

static int self_pidfd = -1;
static bool vectorized;

static long process_madvise_dontneed(const struct iovec *iov, size_t n) {
  return syscall(SYS_process_madvise, self_pidfd, iov, n, MADV_DONTNEED, 0);
}

int fm_evict_init(void) {
  self_pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
  const char *why = NULL;
  if (self_pidfd < 0) {
    why = strerror(errno);
  } else {
    /* Probe on a scratch page: older kernels refuse MADV_DONTNEED here. */
    void *p =
        fm_libc.mmap(NULL, FM_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return -1;
    *(volatile char *)p = 1;
    struct iovec iov = {.iov_base = p, .iov_len = FM_PAGE};
    if (process_madvise_dontneed(&iov, 1) != FM_PAGE)
      why = strerror(errno);
    else if (*(volatile char *)p != 0)
      why = "the page kept its contents";
    fm_libc.munmap(p, FM_PAGE);
  }
  vectorized = why == NULL;
  if (!vectorized)
    fm_log("process_madvise(MADV_DONTNEED) on this process is not available "
           "(%s); evicting with one madvise per page instead",
           why);
  return 0;
}

bool fm_evict_vectorized(void) { return vectorized; }

/* One madvise a range. ENOMEM: nothing is mapped there any more (the
 * program unmapped it with a call the runtime does not see): nothing to do. */
static unsigned unmap_each(const struct iovec *iov, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (fm_madvise_sys(iov[i].iov_base, iov[i].iov_len, MADV_DONTNEED) < 0 && errno != ENOMEM)
      fm_log_die("madvise(MADV_DONTNEED) of %zu bytes at %p (an eviction) failed: %s",
                 iov[i].iov_len, iov[i].iov_base, strerror(errno));
  return (unsigned)n;
}

/* Each call one TLB flush. */
static void unmap_pages(const uintptr_t *pages, unsigned n) {
  uint64_t t0 = fm_stats_now_ns();
  struct iovec iov[1024];
  unsigned k = fm_pages_to_iov(pages, n, iov);
  unsigned calls = 0;
  if (vectorized) {
    struct iovec *at = iov;
    size_t left = k;
    while (left) {
      long done = process_madvise_dontneed(at, left);
      calls++;
      if (done < 0 && (errno == EAGAIN || errno == EINTR))
        continue;
      if (done < 0 && errno == ENOMEM) { /* a range is no longer mapped: find it */
        calls += unmap_each(at, left);
        break;
      }
      if (done < 0)
        fm_log_die("process_madvise(MADV_DONTNEED) of %zu ranges (an eviction) failed: %s", left,
                   strerror(errno));
      at = fh_iov_advance(at, &left, (size_t)done);
    }
  } else {
    calls += unmap_each(iov, k);
  }
  fm_stats_count(FM_C_UNMAP_SYSCALLS, calls);
  fm_stats_time_add(FM_T_UNMAP, t0);
}

/* Victims in address order, so neighbours share one write-protect and one
 * unmap range. Insertion sort: batches are small, and libc's qsort may
 * allocate (this runs on runtime threads, which must never touch the heap). */
static void sort_by_address(uintptr_t *pages, uint64_t *words, unsigned n) {
  for (unsigned i = 1; i < n; i++) {
    uintptr_t p = pages[i];
    uint64_t w = words[i];
    unsigned j = i;
    for (; j > 0 && pages[j - 1] > p; j--) {
      pages[j] = pages[j - 1];
      words[j] = words[j - 1];
    }
    pages[j] = p;
    words[j] = w;
  }
}

/* Write-protects the dirty victims, neighbours and victims a few clean or
 * absent pages apart sharing one range (runs.c): one ioctl for all where
 * the kernel has UFFDIO_WRITEPROTECT_VEC (kernel-patch/), else one per
 * range (scattered dirty victims: nearly one a victim). */
static void write_protect_dirty(const uintptr_t *pages, const uint64_t *words, unsigned n) {
  uint64_t t0 = fm_stats_now_ns();
  unsigned calls = 0;
  struct fm_range ranges[1024];
  struct fm_gap_pages gap = {.n = 0};
  size_t nranges = fm_runs_wp_ranges(pages, words, n, ranges, &gap);
  if (fm_uffd_has_wp_vec() && nranges) {
    if (fm_uffd_writeprotect_vec(fm.uffd, ranges, nranges) < 0)
      fm_log_die("UFFDIO_WRITEPROTECT_VEC of %zu ranges failed: %s", nranges, strerror(errno));
    calls++;
  } else {
    for (size_t r = 0; r < nranges; r++, calls++)
      if (fm_uffd_writeprotect(fm.uffd, ranges[r].start, ranges[r].len, true) < 0)
        fm_log_die("UFFDIO_WRITEPROTECT at %#lx failed: %s", (unsigned long)ranges[r].start,
                   strerror(errno));
  }
  fm_runs_release_gap(&gap);
  fm_stats_count(FM_C_WP_SYSCALLS, calls);
  fm_stats_time_add(FM_T_WRITE_PROTECT, t0);
}

/* Runs of neighbouring victims per evicted page over recent batches, in
 * 1/256ths (a moving average; racy updates from several evicting threads
 * only blur it): about 1 when the program touches pages at random, 1/32
 * when it scans. */
static _Atomic unsigned runs_per_page;

static void note_runs(const uintptr_t *pages, unsigned n) {
  unsigned runs = 0;
  for (unsigned i = 0; i < n; i++)
    runs += i == 0 || pages[i] != pages[i - 1] + FM_PAGE;
  unsigned avg = atomic_load_explicit(&runs_per_page, memory_order_relaxed);
  unsigned now = runs * 256 / n;
  atomic_store_explicit(&runs_per_page, avg - avg / 8 + now / 8, memory_order_relaxed);
}

bool fm_evict_scattered(void) {
  return atomic_load_explicit(&runs_per_page, memory_order_relaxed) > 128;
}

/* Moves runs of at least FM_POOL_MIN_RUN neighbouring victims, frames and
 * all, into the pool: gone from the program's view at once, so a racing
 * write faults and waits instead of being lost, with no write-protect and
 * no unmap. from[i] becomes the pool slot page i is written back from, or
 * stays 0 (the usual path). Returns the pool chunks held, in runs[] (n:
 * the frames moved in); the caller checks them in once the batch is
 * written back. */
static unsigned move_runs_to_pool(const uintptr_t *pages, unsigned n, uintptr_t *from,
                                  struct fm_pool_run *runs, unsigned max_runs) {
  unsigned held = 0;
  for (unsigned i = 0; i < n;) {
    unsigned j = i + 1;
    while (j < n && pages[j] == pages[j - 1] + FM_PAGE)
      j++;
    while (j - i >= FM_POOL_MIN_RUN && held < max_runs && fm_pool_room(j - i, &runs[held])) {
      struct fm_pool_run *r = &runs[held++];
      unsigned want = r->n;
      r->n = (unsigned)fm_pool_move(r->first, pages[i], want);
      for (unsigned k = 0; k < r->n; k++)
        from[i + k] = r->first + (uintptr_t)k * FM_PAGE;
      i += r->n;
      if (r->n < want) /* refused (a frame a child shares, a locked range) */
        break;
    }
    i = j > i ? j : i;
  }
  return held;
}

/* Pages whose data the program freed are dropped unwritten: their count. */
static unsigned drop_freed(uint64_t *words, unsigned n) {
  unsigned freed = 0;
  for (unsigned i = 0; i < n; i++)
    if (words[i] & FARHINT_META_FREED) {
      words[i] &= ~FARHINT_META_DIRTY;
      freed++;
    }
  return freed;
}

/* Unlocks n evicted pages, far copies valid where they were written,
 * REGISTERED turned into NO_ACCESS when no_access, and gives their frames
 * back. */
static void unlock_evicted(const uintptr_t *pages, const uint64_t *words, unsigned n,
                           bool no_access) {
  for (unsigned i = 0; i < n; i++) {
    uint32_t node = (uint32_t)(words[i] >> FARHINT_META_NODE_SHIFT);
    if (words[i] & FARHINT_META_PREFETCHED)
      fm_stats_count(FM_C_PREFETCH_WASTED, 1);
    uint64_t w = words[i] & (FARHINT_META_REGISTERED | FARHINT_META_FAR_VALID);
    if (words[i] & FARHINT_META_DIRTY)
      w |= FARHINT_META_FAR_VALID;
    if (no_access && (w & FARHINT_META_REGISTERED))
      w = (w & ~FARHINT_META_REGISTERED) | FARHINT_META_NO_ACCESS;
    fm_page_unlock(pages[i], w);
    fm_frames_put(node);
  }
}

/* Writes back the dirty ones of n locked local pages and unmaps them all;
 * each is unlocked with its far copy valid if it was written, REGISTERED
 * turned into NO_ACCESS when no_access. */
static void evict_locked(uintptr_t *pages, uint64_t *words, unsigned n, bool no_access) {
  fm_hints_go_live(); /* from now on a far page may hold data not here */
  unsigned freed = drop_freed(words, n);
  sort_by_address(pages, words, n);
  note_runs(pages, n);
  uintptr_t from[1024] = {0};
  struct fm_pool_run runs[1024 / FM_POOL_MIN_RUN];
  unsigned held = 0;
  if (fm_pool_on())
    held = move_runs_to_pool(pages, n, from, runs, sizeof runs / sizeof runs[0]);
  /* The rest's dirty pages go into a pipe (splice.c), or are write-protected
   * where there is none; all are written back and unmapped. */
  uint64_t t0 = fm_stats_now_ns();
  uintptr_t piped[FM_SPLICE_MAX];
  unsigned npiped = 0;
  int pipe = -1;
  if (fm_splice_on()) {
    for (unsigned i = 0; i < n && npiped < FM_SPLICE_MAX; i++)
      if (!from[i] && (words[i] & FARHINT_META_DIRTY))
        piped[npiped++] = pages[i];
    npiped = fm_splice_take(piped, npiped, &pipe);
  }
  bool in_pipe[1024] = {false};
  uintptr_t rest[1024];
  uint64_t rest_words[1024];
  unsigned nrest = 0;
  for (unsigned i = 0, k = 0; i < n; i++) {
    if (from[i])
      continue;
    in_pipe[i] = k < npiped && piped[k] == pages[i];
    k += in_pipe[i];
    rest[nrest] = pages[i];
    rest_words[nrest++] = in_pipe[i] ? words[i] & ~FARHINT_META_DIRTY : words[i];
  }
  fm_stats_time_add(FM_T_WRITE_BACK, t0);
  write_protect_dirty(rest, rest_words, nrest);
  uintptr_t dirty[1024], dirty_from[1024];
  unsigned written = 0;
  t0 = fm_stats_now_ns();
  for (unsigned i = 0; i < n; i++)
    if ((words[i] & FARHINT_META_DIRTY) && !in_pipe[i]) { /* clean: the far copy matches */
      dirty[written] = pages[i];
      dirty_from[written++] = from[i] ? from[i] : pages[i];
    }
  fm_backend_store(dirty, dirty_from, written);
  fm_stats_time_add(FM_T_WRITE_BACK, t0);
  for (unsigned k = 0; k < held; k++) /* their frames may be refilled now */
    fm_pool_filled(&runs[k], runs[k].n);
  if (nrest)
    unmap_pages(rest, nrest);
  if (npiped) { /* unmapped: a racing write now waits, and the pipe holds the rest */
    t0 = fm_stats_now_ns();
    fm_splice_store(pipe, piped, npiped);
    fm_stats_time_add(FM_T_WRITE_BACK, t0);
  }
  written += npiped;
  if (written)
    fm_link_transfer((size_t)written * FM_PAGE); /* one batched write-back */
  unlock_evicted(pages, words, n, no_access);
  fm_stats_count(FM_C_EVICT_PAGES, n);
  fm_stats_count(FM_C_WRITEBACK_PAGES, written);
  fm_stats_count(FM_C_DISCARD_PAGES, freed);
  fm_stats_count(FM_C_EVICT_BATCHES, 1);
}

unsigned fm_evict_batch(unsigned max) {
  uintptr_t pages[1024];
  uint64_t words[1024];
  if (max > 1024)
    max = 1024;
  fm_freed_age();
  fm_store_writes_begin(); /* a fork waits for this batch (fork.c) */
  unsigned n = fm_frames_pick_victims(pages, words, max);
  for (unsigned i = 0; i < n; i++) /* each locked by the pick, and local */
    fm_check((words[i] & FM_RESIDENT) && (atomic_load(fm_meta(pages[i])) & FARHINT_META_LOCKED));
  if (n)
    evict_locked(pages, words, n, false);
  fm_store_writes_end();
  return n;
}

bool fm_evict_idle(unsigned (*threshold)(uintptr_t page), uint64_t *evicted) {
  static uint64_t cursor; /* one caller: the proactive thread */
  uintptr_t pages[64];
  uint64_t words[64];
  uint64_t before = cursor;
  fm_store_writes_begin();
  unsigned n = fm_frames_pick_idle(pages, words, 64, &cursor, 4096, threshold);
  if (n)
    evict_locked(pages, words, n, false);
  fm_store_writes_end();
  *evicted += n;
  return cursor < before || (cursor == 0 && before == 0);
}

void fm_evict_set_access(uintptr_t base, size_t len, bool accessible) {
  uintptr_t pages[512];
  uint64_t words[512];
  fm_store_writes_begin();
  for (uintptr_t p = base, end = base + len; p < end;) {
    unsigned n = 0;
    for (; p < end && n < 512; p += FM_PAGE) {
      uint64_t w;
      if (!fm_page_trylock(p, &w)) { /* being fetched or evicted: wait holding none */
        if (n)
          evict_locked(pages, words, n, true);
        n = 0;
        w = fm_page_lock(p);
      }
      if (!accessible && (w & FM_RESIDENT)) {
        pages[n] = p;
        words[n++] = w;
      } else if (!accessible && (w & FARHINT_META_REGISTERED)) {
        fm_page_unlock(p, (w & ~FARHINT_META_REGISTERED) | FARHINT_META_NO_ACCESS);
      } else if (accessible && (w & FARHINT_META_NO_ACCESS)) {
        fm_page_unlock(p, (w & ~FARHINT_META_NO_ACCESS) | FARHINT_META_REGISTERED);
      } else {
        fm_page_unlock(p, w);
      }
    }
    if (n)
      evict_locked(pages, words, n, true);
  }
  fm_store_writes_end();
}

/* The program dropped far memory (madvise DONTNEED or FREE, mremap, munmap):
 * as the kernel would, local pages are unmapped without being written back
 * and far copies are forgotten, so the next touch reads zeros, with no
 * transfer. */
/* Unmaps the locked resident pages of a dropped range and frees their frames. */
static void discard_locked(const uintptr_t *pages, const uint64_t *words, unsigned n,
                           uint64_t keep) {
  if (n)
    unmap_pages(pages, n);
  for (unsigned i = 0; i < n; i++) {
    if (words[i] & FARHINT_META_PREFETCHED)
      fm_stats_count(FM_C_PREFETCH_WASTED, 1);
    if (words[i] & FARHINT_META_FAR_VALID)
      fm_backend_discard(pages[i]);
    fm_page_unlock(pages[i], words[i] & keep);
    fm_frames_put((uint32_t)(words[i] >> FARHINT_META_NODE_SHIFT));
  }
  fm_stats_count(FM_C_DROPPED_PAGES, n);
}

void fm_evict_discard(uintptr_t base, size_t len, bool unregister) {
  uintptr_t pages[512];
  uint64_t words[512];
  uint64_t keep = unregister ? 0 : FARHINT_META_REGISTERED | FARHINT_META_NO_ACCESS;
  for (uintptr_t p = base, end = base + len; p < end;) {
    unsigned n = 0;
    fm_store_writes_begin(); /* not while mlockall has the region locked (mlock.c) */
    for (; p < end && n < 512; p += FM_PAGE) {
      uint64_t w;
      if (!fm_page_trylock(p, &w)) { /* being fetched or evicted: wait holding none */
        discard_locked(pages, words, n, keep);
        n = 0;
        w = fm_page_lock(p);
      }
      if (w & FM_RESIDENT) {
        pages[n] = p;
        words[n++] = w;
      } else {
        if (w & FARHINT_META_FAR_VALID)
          fm_backend_discard(p);
        w = fm_write_log_free(p, w); /* the writes waiting for it die with it */
        fm_page_unlock(p, w & ~(FARHINT_META_FAR_VALID |
                                ((FARHINT_META_REGISTERED | FARHINT_META_NO_ACCESS) & ~keep)));
      }
    }
    discard_locked(pages, words, n, keep);
    fm_store_writes_end();
  }
}
