/* pagein.c -- bringing far pages in, shared by the hinted path (the caller's
 * thread), the unhinted path (the control thread, from userfaultfd) and
 * read-ahead. Read faults map the page write-protected, so the first write
 * is seen (a write-protect fault) and marks it dirty; write faults map it
 * writable and dirty at once. A page never written to far memory is filled
 * with zeros locally, with no transfer.
 * Design: docs/design/fault-serving.md. */
#include "fault/pagein.h"
#include "fault/proactive.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/link.h"
#include "core/live.h"
#include "core/meta.h"
#include "core/uffd.h"
#include "backend/backend.h"
#include "memory/frames.h"
#include "memory/pool.h"
#include "memory/read_writes.h"
#include "memory/trace_budget.h"
#include "memory/write_log.h"
#include "fault/prefetch.h"
#include "fault/trace.h"

#include <errno.h>
#include <string.h>

static uint64_t mapped_word(uint64_t old, uint32_t node, bool write, unsigned prio) {
  fm_check(!(old & FM_RESIDENT));         /* a fetch maps a page that is not local */
  fm_check(!(old & FARHINT_META_LOGGED)); /* whose log it applied and freed (write_log.c) */
  uint64_t keep = FARHINT_META_REGISTERED | FARHINT_META_FAR_VALID;
  return (old & keep) | FARHINT_META_PRESENT | (write ? FARHINT_META_DIRTY : 0) |
         ((uint64_t)(prio & 0xff) << FARHINT_META_PRIO_SHIFT) |
         ((uint64_t)node << FARHINT_META_NODE_SHIFT);
}

/* A frame for page, or FM_LOCAL_NODE where trace mode keeps it local (no
 * frame from the budget); speculative: FM_NO_NODE rather than wait while
 * every candidate frame is locked. */
static uint32_t frame_for(uintptr_t page, bool speculative) {
  if (!fm_page_sampled(page))
    return FM_LOCAL_NODE;
  return speculative ? fm_frames_try_get() : fm_frames_get();
}

/* Maps [page, page + len) from src; returns the bytes mapped: all, or
 * fewer where the range is no longer registered -- ENOENT: the program
 * unmapped or moved it meanwhile with a call the runtime does not see (a
 * raw system call); ESRCH: the process is exiting. Those pages were not
 * mapped and stay absent; no thread can be waiting on them any more. Any
 * other error is a bug, and stops the program saying where. The pages
 * after the first that could not be mapped are left absent. */
static size_t copy_in(uintptr_t page, size_t len, const void *src, bool write) {
  uint64_t t0 = fm_stats_now_ns();
  size_t copied;
  int rc = fm_uffd_copy(fm.uffd, page, src, len, !write, &copied);
  fm_stats_copy_in(t0);
  if (rc >= 0)
    return len; /* rc == 1 (EEXIST) cannot happen while we hold the page lock
                   and the page is absent; if the kernel ever disagrees, the
                   write-protect handler and the dirty write-back keep the
                   data safe. */
  if (errno != ENOENT && errno != ESRCH)
    fm_log_die("UFFDIO_COPY of %zu bytes at %#lx (a page-in of far memory) failed: %s", len,
               (unsigned long)page, strerror(errno));
  /* A run that crosses into the hole maps nothing at all: the pages before
   * the hole, which a faulting thread may be waiting for, are mapped one
   * by one up to it. */
  const uint8_t *from = src;
  while (errno == ENOENT && copied < len) {
    size_t one;
    if (fm_uffd_copy(fm.uffd, page + copied, from + copied, FM_PAGE, !write, &one) < 0)
      break;
    copied += FM_PAGE;
  }
  if (copied < len && errno != ENOENT && errno != ESRCH)
    fm_log_die("UFFDIO_COPY at %#lx (a page-in of far memory) failed: %s",
               (unsigned long)(page + copied), strerror(errno));
  /* A thread waiting on a page past the hole takes its fault again. */
  fm_uffd_wake(fm.uffd, page + copied, len - copied);
  fm_stats_count(FM_C_FETCH_GONE, (len - copied) / FM_PAGE);
  return copied;
}

#define FM_HIDDEN (FARHINT_META_RA_TRIGGER | FARHINT_META_HIDDEN_BITS)

/* A page hidden from the fast path (read-ahead trigger, access probe or
 * unused prefetch) becomes an ordinary present, accessed page; true if this
 * call claimed a trigger. */
static bool claim_hidden(uintptr_t page) {
  uint64_t w = fm_page_lock(page);
  bool trigger = w & FARHINT_META_RA_TRIGGER;
  if (w & FARHINT_META_PREFETCHED)
    fm_prefetch_used(w);
  if (w & FARHINT_META_PROBE)
    w |= FARHINT_META_ACCESSED;
  if (w & FM_HIDDEN)
    w = (w & ~FM_HIDDEN) | FARHINT_META_PRESENT;
  fm_page_unlock(page, w);
  return trigger;
}

/* Whether fetching the page takes its only copy from far memory: a backend
 * that keeps far pages in this machine's memory drops what it fetched
 * (fm_backend_drops_fetched), and the page is mapped writable and dirty, to
 * be written again when it goes. */
static bool taken_from_far(uint64_t w) {
  return (w & FARHINT_META_FAR_VALID) && fm_backend_drops_fetched();
}

/* Maps the locked, absent page from its far copy (data, where a read in
 * flight brought it and no write-back made it stale since) or zeros, with
 * its log applied first (and then freed from *w); returns the bytes mapped
 * (copy_in). The caller maps a page with a log writable (dirty): it
 * differs from its far copy. */
static size_t map_data(uintptr_t page, uint64_t *w, bool write, enum fm_path path, const void *data,
                       const _Atomic bool *stale) {
  struct fm_far_src src = {.conn = -1};
  if (*w & FARHINT_META_FAR_VALID) {
    if (path != FM_PATH_HINTED_ASYNC) /* else its link time has passed */
      fm_link_transfer(FM_PAGE);
    /* Under the page lock: a write-back of the page, which takes its lock,
     * has marked a read begun before it stale. */
    if (data && atomic_load(stale)) {
      fm_stats_count(FM_C_ULT_STALE_READS, 1);
      data = NULL;
    }
    if (!data)
      data = fm_backend_fetch(page, FM_PAGE, &src);
    fm_proactive_promoted(page);
  } else {
    fm_stats_count(FM_C_ZERO_PAGES, 1);
    data = fm_zero_pages_storage;
  }
  _Alignas(64) uint8_t with_log[FM_PAGE];
  if (*w & FARHINT_META_LOGGED) /* the writes waiting for it land before anyone sees it */
    data = fm_write_log_apply(page, *w, data, with_log);
  size_t mapped = copy_in(page, FM_PAGE, data, write);
  fm_backend_release(&src);
  *w = fm_write_log_mapped(page, *w);
  return mapped;
}

static int page_in(uintptr_t page, bool write, unsigned prio, enum fm_path path, const void *data,
                   const _Atomic bool *stale) {
  _Atomic uint64_t *m = fm_meta(page);
  uint64_t t0 = fm_stats_now_ns();
  uint64_t w;
  for (;;) {
    w = atomic_load_explicit(m, memory_order_acquire);
    /* A locked page may be on its way out (eviction): wait for it below. */
    if ((w & FM_RESIDENT) && !(w & FARHINT_META_LOCKED)) {
      int r = (w & FM_HIDDEN) && claim_hidden(page) ? FM_TRIGGERED : 0;
      if (write && !(w & FARHINT_META_DIRTY))
        fm_page_make_writable(page, false);
      return r;
    }
    /* The page the thread's last fault mapped, which the control thread
     * beside it holds until the thread sleeps again (control.c): a hint
     * does not wait for it. The access that follows finds it mapped. */
    if (path == FM_PATH_HINTED && (w & FARHINT_META_LOCKED) && fm_page_no_spin(page))
      return 0;
    w = fm_page_lock(page); /* waits while another path serves this page */
    if (!(w & FM_RESIDENT))
      break;
    fm_page_unlock(page, w);
  }
  bool sample = false;
  if (!write && path == FM_PATH_UNHINTED && !fm_trace_on() && fm_reads_map_writable(1, &sample))
    write = true;
  uint32_t node = frame_for(page, false);
  if (node == FM_LOCAL_NODE)
    write = true; /* never evicted: whether it is dirty does not matter */
  bool taken = taken_from_far(w);
  if (taken || (w & FARHINT_META_LOGGED)) /* a page with a log differs from its far copy */
    write = true;
  size_t mapped = map_data(page, &w, write, path, data, stale);
  if (!mapped) { /* its range is gone: nothing to map it for */
    fm_frames_put(node);
    fm_page_unlock(page, w);
    return 0;
  }
  if (taken) {
    fm_backend_discard(page);
    w &= ~FARHINT_META_FAR_VALID;
  }
  fm_frames_track(node, page, prio);
  uint64_t word = mapped_word(w, node, write, prio) | (sample ? FARHINT_META_WP_SAMPLE : 0);
  if (fm_frames_probe_at_fetch()) /* see the next access, not this one */
    word = (word & ~FARHINT_META_PRESENT) | FARHINT_META_PROBE;
  fm_page_unlock(page, word);
  fm_stats_count(path == FM_PATH_UNHINTED ? FM_C_FAULT_UNHINTED : FM_C_FAULT_HINTED, 1);
  fm_stats_count(FM_C_FETCH_PAGES, 1);
  if (path != FM_PATH_READAHEAD)
    fm_stats_latency(path == FM_PATH_UNHINTED, fm_stats_now_ns() - t0);
  return FM_MAPPED;
}

int fm_page_in(uintptr_t page, bool write, unsigned prio, enum fm_path path) {
  return page_in(page, write, prio, path, NULL, NULL);
}

int fm_page_in_read(uintptr_t page, bool write, unsigned prio, const void *data,
                    const _Atomic bool *stale) {
  return page_in(page, write, prio, FM_PATH_HINTED_ASYNC, data, stale);
}

void fm_page_make_writable(uintptr_t page, bool from_kernel_fault) {
  uint64_t w = fm_page_lock(page);
  if (!(w & FM_RESIDENT)) {
    /* Evicted meanwhile: the writer retries and takes a missing fault. */
    fm_page_unlock(page, w);
    if (from_kernel_fault)
      fm_uffd_wake(fm.uffd, page, FM_PAGE);
    else
      fm_page_in(page, true, (w & FARHINT_META_PRIO_MASK) >> FARHINT_META_PRIO_SHIFT,
                 FM_PATH_HINTED);
    return;
  }
  if (w & FARHINT_META_WP_SAMPLE) {
    fm_reads_written(1);
    w &= ~FARHINT_META_WP_SAMPLE;
  }
  /* Un-protecting also wakes a thread waiting on this page. */
  if (!(w & FARHINT_META_DIRTY) || from_kernel_fault)
    fm_uffd_unprotect(page, FM_PAGE);
  fm_page_unlock(page,
                 w | FARHINT_META_DIRTY | (w & FARHINT_META_PROBE ? FARHINT_META_ACCESSED : 0));
}

bool fm_page_lock_absent(uintptr_t page, uint64_t *word) {
  if (page < fm.far_base || page >= fm.far_end || !fm_page_trylock(page, word))
    return false;
  if ((*word & FM_RESIDENT) || !(*word & FARHINT_META_REGISTERED)) {
    fm_page_unlock(page, *word);
    return false;
  }
  return true;
}

/* Whether f[j] continues f[j - 1]'s UFFDIO_COPY: the next page, the same
 * source (far copy or zeros) and protection, and no log to apply. */
static bool same_copy(const struct fm_fetch *a, const struct fm_fetch *b) {
  return b->page == a->page + FM_PAGE && b->write == a->write &&
         (b->word & FARHINT_META_FAR_VALID) == (a->word & FARHINT_META_FAR_VALID) &&
         !((a->word | b->word) & FARHINT_META_LOGGED); /* a page with a log is copied alone */
}

static uint64_t fetched_word(const struct fm_fetch *f, uint32_t node) {
  uint64_t word = mapped_word(f->word, node, f->write, f->prio) |
                  (f->wp_sample && !f->write ? FARHINT_META_WP_SAMPLE : 0);
  uint64_t hidden = f->mark == FM_MARK_TRIGGER      ? FARHINT_META_RA_TRIGGER
                    : f->mark == FM_MARK_PREFETCHED ? FARHINT_META_PREFETCHED
                    : f->mark == FM_MARK_PLAIN && fm_frames_probe_at_fetch() ? FARHINT_META_PROBE
                                                                             : 0;
  return hidden ? (word & ~FARHINT_META_PRESENT) | hidden : word;
}

/* Maps the first pages of the run [page, page + pages * FM_PAGE) with frames
 * from the pool, filled from data, and returns how many. A page mapped for
 * reading must end write-protected, but a move maps it writable: it is
 * protected after the move, and a write that came in between is found by
 * comparing it with data (a page that differs is dirty[]; one written with
 * what it held is as good as clean). */
static unsigned map_from_pool(uintptr_t page, unsigned pages, const uint8_t *data, bool write,
                              bool *dirty) {
  unsigned done = 0;
  struct fm_pool_run r;
  while (pages - done >= FM_POOL_MIN_RUN && fm_pool_take(pages - done, &r)) {
    uint64_t t0 = fm_stats_now_ns();
    memcpy((void *)r.first, data + (size_t)done * FM_PAGE, (size_t)r.n * FM_PAGE);
    fm_stats_time_add(FM_T_COPY_IN, t0);
    uintptr_t at = page + (uintptr_t)done * FM_PAGE;
    unsigned moved = (unsigned)fm_pool_move(at, r.first, r.n);
    fm_pool_took(&r, moved);
    if (moved && !write) {
      t0 = fm_stats_now_ns();
      if (fm_uffd_writeprotect(fm.uffd, at, (size_t)moved * FM_PAGE, true) < 0)
        fm_log_die("UFFDIO_WRITEPROTECT at %#lx failed: %s", (unsigned long)at, strerror(errno));
      fm_stats_count(FM_C_WP_SYSCALLS, 1);
      fm_stats_time_add(FM_T_WRITE_PROTECT, t0);
      for (unsigned k = 0; k < moved; k++) {
        uintptr_t p = at + (uintptr_t)k * FM_PAGE;
        dirty[done + k] =
            memcmp((const void *)p, data + (size_t)(done + k) * FM_PAGE, FM_PAGE) != 0;
        /* A dirty page is writable everywhere else: freed.c's reuse zeroes
         * one under its lock, and a protect fault there would wait on that
         * lock forever (the large pipeline's hinted build hung so). */
        if (dirty[done + k])
          fm_uffd_unprotect(p, FM_PAGE);
      }
    }
    done += moved;
    if (moved < r.n)
      break;
  }
  return done;
}

/* Speculative pages whose fetch is given up (no frame without waiting):
 * unlocked as they were, and a thread that faulted on one meanwhile, whose
 * wake the copy was to be, takes its fault again. */
static void give_up(const struct fm_fetch *f, unsigned n) {
  for (unsigned k = 0; k < n; k++) {
    fm_page_unlock(f[k].page, f[k].word);
    fm_uffd_wake(fm.uffd, f[k].page, FM_PAGE);
  }
  fm_stats_count(FM_C_PREFETCH_DROPPED, n);
}

void fm_page_map_locked(const struct fm_fetch *f, unsigned n, bool speculative) {
  uint32_t nodes[FM_ZERO_PAGES];
  bool dirty[FM_ZERO_PAGES];
  for (unsigned i = 0; i < n;) {
    unsigned j = i + 1;
    while (j < n && j - i < FM_ZERO_PAGES && same_copy(&f[j - 1], &f[j]))
      j++;
    for (unsigned k = i; k < j; k++) {
      nodes[k - i] = frame_for(f[k].page, speculative);
      if (nodes[k - i] == FM_NO_NODE) { /* never wait for a frame holding these */
        give_up(&f[k], n - k);
        n = j = k;
        break;
      }
    }
    if (j == i)
      break;
    bool valid = f[i].word & FARHINT_META_FAR_VALID, taken = taken_from_far(f[i].word);
    bool logged = f[i].word & FARHINT_META_LOGGED;
    bool write = f[i].write || taken || logged;
    size_t len = (size_t)(j - i) * FM_PAGE;
    struct fm_far_src src = {.conn = -1};
    const uint8_t *data = valid ? fm_backend_fetch(f[i].page, len, &src) : fm_zero_pages_storage;
    _Alignas(64) uint8_t with_log[FM_PAGE];
    if (logged) {
      fm_assert(j == i + 1);
      data = fm_write_log_apply(f[i].page, f[i].word, data, with_log);
    }
    memset(dirty, 0, sizeof dirty);
    unsigned pooled = fm_pool_on() ? map_from_pool(f[i].page, j - i, data, write, dirty) : 0;
    unsigned mapped = j - i;
    if (pooled < j - i)
      mapped = pooled + (unsigned)(copy_in(f[i].page + (uintptr_t)pooled * FM_PAGE,
                                           len - (size_t)pooled * FM_PAGE,
                                           data + (size_t)pooled * FM_PAGE, write) /
                                   FM_PAGE);
    fm_backend_release(&src);
    if (!valid)
      fm_stats_count(FM_C_ZERO_PAGES, j - i);
    uint64_t first_word = fm_write_log_mapped(f[i].page, f[i].word);
    for (unsigned k = i + mapped; k < j; k++) { /* their range is gone */
      fm_frames_put(nodes[k - i]);
      fm_page_unlock(f[k].page, k == i ? first_word : f[k].word);
    }
    for (unsigned k = i; k < i + mapped; k++) {
      if (f[k].mark == FM_MARK_PREFETCHED)
        fm_prefetch_landed(nodes[k - i], f[k].site);
      fm_frames_track(nodes[k - i], f[k].page, f[k].prio);
      struct fm_fetch fetched = f[k];
      if (k == i) {
        fetched.word = first_word;
        fetched.write = write;
      }
      if (taken) {
        fm_backend_discard(fetched.page);
        fetched.word &= ~FARHINT_META_FAR_VALID;
        fetched.write = true;
      }
      uint64_t word = fetched_word(&fetched, nodes[k - i]);
      fm_page_unlock(f[k].page, dirty[k - i] ? word | FARHINT_META_DIRTY : word);
    }
    i = j;
  }
  fm_stats_count(FM_C_FETCH_PAGES, n);
}

/* Maps up to n consecutive absent pages from first, writable, in one batch;
 * stops at the first busy one, or with fresh_only at the first that holds
 * data far. Returns the pages mapped. */
static unsigned prefill_run(uintptr_t first, unsigned n, bool fresh_only) {
  struct fm_fetch f[FM_ZERO_PAGES];
  if (n > FM_ZERO_PAGES)
    n = FM_ZERO_PAGES;
  unsigned got = 0;
  size_t far_bytes = 0;
  for (; got < n; got++) {
    uintptr_t page = first + (uintptr_t)got * FM_PAGE;
    f[got] = (struct fm_fetch){.page = page, .write = true, .mark = FM_MARK_PLAIN};
    if (!fm_page_lock_absent(page, &f[got].word))
      break;
    if (f[got].word & FARHINT_META_FAR_VALID) {
      if (fresh_only) {
        fm_page_unlock(page, f[got].word);
        break;
      }
      far_bytes += FM_PAGE;
    }
  }
  if (far_bytes)
    fm_link_transfer(far_bytes); /* one transfer for all */
  fm_page_map_locked(f, got, false);
  fm_stats_count(FM_C_PREFILL_PAGES, got);
  return got;
}

/* Maps the absent pages of page's aligned window of FM_ZERO_PAGES that
 * local(p) accepts, in runs; true if page is mapped now. */
static bool map_window(uintptr_t page, bool (*local)(uintptr_t p), bool fresh_only) {
  uintptr_t window = (uintptr_t)FM_ZERO_PAGES * FM_PAGE;
  uintptr_t end = (page & ~(window - 1)) + window;
  for (uintptr_t p = page & ~(window - 1); p < end;) {
    unsigned n = 0; /* the run of accepted pages from p */
    while (p + (uintptr_t)n * FM_PAGE < end && local(p + (uintptr_t)n * FM_PAGE))
      n++;
    unsigned got = n ? prefill_run(p, n, fresh_only) : 0;
    p += (uintptr_t)(got ? got : 1) * FM_PAGE; /* skip a rejected page, or one someone holds */
  }
  return atomic_load(fm_meta(page)) & FM_RESIDENT;
}

static bool not_sampled(uintptr_t page) { return !fm_page_sampled(page); }

bool fm_page_in_local_window(uintptr_t page) {
  return !fm_page_sampled(page) && map_window(page, not_sampled, false);
}

static bool any_page(uintptr_t page) {
  (void)page;
  return true;
}

/* Room for a window of fresh pages beyond the reclaim reserve: mapping
 * them never evicts. */
static bool fresh_window_fits(void) {
  return fm_frames_free() >= fm_frames_low_water() + 2 * FM_ZERO_PAGES;
}

bool fm_page_in_fresh_window(uintptr_t page) {
  /* Trace mode must see every first touch, but between its windows. */
  if (fm_trace_recording() || !fresh_window_fits())
    return false;
  uint64_t w = atomic_load_explicit(fm_meta(page), memory_order_acquire);
  if ((w & (FARHINT_META_FAR_VALID | FM_RESIDENT)) || !(w & FARHINT_META_REGISTERED))
    return false;
  return map_window(page, any_page, true);
}

/* A first touch of a never-used page costs a userfaultfd round trip, many
 * times the kernel's own zero-fill (docs/design/allocation.md, "Fresh
 * memory is mapped a window at a time while frames are free"). So while frames
 * are free beyond the reclaim reserve, the first touch of a fresh page maps
 * its whole aligned window of FM_ZERO_PAGES as zeros, writable (one
 * UFFDIO_COPY; fm_page_in_fresh_window), and a fresh extent's first window
 * is mapped here at once. Not the whole extent: what a program allocates
 * and never touches (a vector's spare capacity, an allocator's growth)
 * would cost a copy a page and a frame. It never evicts to make room for
 * pages not yet touched. Not in trace mode, which must see every first
 * touch. Writable and dirty: a fresh allocation is written. When the
 * extent is larger than the free frames, its first touches will evict, so
 * from then on hints are worth their check (the live words, hint.h). */
void fm_page_prefill(uintptr_t base, size_t bytes) {
  if (fm_trace_on()) {
    fm_hints_go_live();
    return;
  }
  /* Only an extent the free frames cannot hold: one that fits them does
   * not make hints worth their check, even if a small tail of it stays
   * unmapped. What the program will touch is its request, which jemalloc
   * rounded up to a page-size class (four a doubling: a class is under 5/4
   * of any request it serves), so the extent counts for 4/5 of its size.
   * (jemalloc's heap also grows by ever larger extents, so a late small
   * request can come as a large one: hints then go live early, and go
   * quiet again while nothing misses.) */
  if (bytes / FM_PAGE * 4 / 5 > fm_frames_free()) {
    fm_hints_go_live();
    return;
  }
  if (fresh_window_fits())
    prefill_run(base, (unsigned)(bytes / FM_PAGE < FM_ZERO_PAGES ? bytes / FM_PAGE : FM_ZERO_PAGES),
                true);
}
