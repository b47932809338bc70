/* alloc.c -- the heap in far memory: jemalloc (linked into libfarmem, so its
 * malloc/free/new/delete interpose the program's) takes every new extent
 * from the far region through extent hooks. One arena, no oversize arena, so
 * every thread and every size is served from far memory.
 * Design: docs/design/allocation.md. */
#include "interpose/alloc.h"
#include "base/log.h"
#include "base/state.h"
#include "core/live.h"
#include "core/meta.h"
#include "memory/freed.h"
#include "fault/pagein.h"

#include <errno.h>
#include <jemalloc/jemalloc.h>
#include <string.h>

/* Read by jemalloc at its first allocation. Freed extents are given back at
 * once (no decay): under memory pressure they are decommitted (far_decommit),
 * otherwise jemalloc retains them as they are. */
const char *malloc_conf = "narenas:1,oversize_threshold:0,background_thread:false,"
                          "dirty_decay_ms:0,muzzy_decay_ms:0";

/* The last extent created on this thread: a block mmap.c takes from it
 * needs no zeroing. */
static __thread struct {
  uintptr_t base, end;
} fresh;

bool fm_alloc_fresh(uintptr_t base, size_t len) {
  return base >= fresh.base && base + len <= fresh.end;
}

/* Set on the thread that takes jemalloc's reserve from before the hooks
 * (fm_alloc_install): a request the reserve cannot serve fails instead of
 * growing. (Per thread: the runtime's threads are running.) */
static __thread bool taking_reserve;

static void *far_alloc(extent_hooks_t *h, void *new_addr, size_t size, size_t alignment, bool *zero,
                       bool *commit, unsigned arena) {
  (void)h;
  (void)arena;
  if (new_addr || taking_reserve)
    return NULL; /* we hand out fresh ranges only */
  if (alignment < FM_PAGE)
    alignment = FM_PAGE;
  uintptr_t top = atomic_load(&fm.alloc_top), base, next;
  do {
    base = (top + alignment - 1) & ~(alignment - 1);
    next = base + size;
    if (next > fm.far_end || next < base) {
      static bool said;
      if (!__atomic_exchange_n(&said, true, __ATOMIC_RELAXED))
        fm_log("far memory is full (FARHINT_FAR_SIZE=%lu bytes): allocation of "
               "%zu bytes fails; give a larger --far-size",
               (unsigned long)fm.cfg.far_bytes, size);
      return NULL;
    }
  } while (!atomic_compare_exchange_weak(&fm.alloc_top, &top, next));
  for (uintptr_t p = base; p < next; p += FM_PAGE)
    atomic_fetch_or_explicit(fm_meta(p), FARHINT_META_REGISTERED, memory_order_relaxed);
  if (fm.active) /* (not in a forked child: fork.c) */
    fm_page_prefill(base, size);
  fresh.base = base;
  fresh.end = next;
  *zero = true; /* never touched: reads as zeros */
  *commit = true;
  return (void *)base;
}

/* Opting out (returning true) makes jemalloc keep and reuse the extent. */
static bool far_dalloc(extent_hooks_t *h, void *a, size_t s, bool c, unsigned i) {
  (void)h, (void)a, (void)s, (void)c, (void)i;
  return true;
}
static void far_destroy(extent_hooks_t *h, void *a, size_t s, bool c, unsigned i) {
  (void)h, (void)a, (void)s, (void)c, (void)i;
}
/* Freed extents. Under pressure decommit them: their data is dead, so it
 * is never written back or fetched again, and their local pages wait,
 * mapped, for reuse (freed.c). With every far page local (no pressure yet)
 * a small one is declined (jemalloc then retains the extent committed, not
 * zeroed): its reuse is free, where a decommitted one is zeroed on reuse
 * (a pipeline reusing 256 KiB buffers would pay a memset each). A large
 * one is decommitted all the same: kept, its dead pages hold frames, and
 * pressure that comes later writes them back (fm_free_then_fill, 8 MiB
 * freed, then 14 MiB written at a 20 MiB budget: 832 pages written back,
 * now none), while a large buffer's reuse is rare against its use. */
#define DECOMMIT_SHARE 64 /* large: at least 1/64 of the budget */

static bool far_decommit(extent_hooks_t *h, void *a, size_t s, size_t o, size_t l, unsigned i) {
  (void)h, (void)s, (void)i;
  uintptr_t p = (uintptr_t)a + o;
  if (p < fm.far_base || p + l > fm.far_end)
    return true; /* (extents from before the hooks were installed: kept) */
  if (!fm_hints_live() && l < fm.cfg.local_bytes / DECOMMIT_SHARE)
    return true;
  fm_freed(p, l);
  return false;
}

/* Only decommitted extents are committed: jemalloc reuses one, and expects
 * zeros. */
static bool far_commit(extent_hooks_t *h, void *a, size_t s, size_t o, size_t l, unsigned i) {
  (void)h, (void)s, (void)i;
  if (fm.active)
    fm_freed_reuse((uintptr_t)a + o, l);
  else /* a forked child (fork.c): an extent its parent decommitted */
    memset((char *)a + o, 0, l);
  return false;
}
static bool far_split(extent_hooks_t *h, void *a, size_t s, size_t sa, size_t sb, bool c,
                      unsigned i) {
  (void)h, (void)a, (void)s, (void)sa, (void)sb, (void)c, (void)i;
  return false;
}
static bool far_merge(extent_hooks_t *h, void *a, size_t sa, void *b, size_t sb, bool c,
                      unsigned i) {
  (void)h, (void)a, (void)sa, (void)b, (void)sb, (void)c, (void)i;
  return false;
}

static extent_hooks_t far_hooks = {
    .alloc = far_alloc,
    .dalloc = far_dalloc,
    .destroy = far_destroy,
    .commit = far_commit,
    .decommit = far_decommit,
    .purge_lazy = NULL, /* a declined decommit keeps the pages as they are */
    .purge_forced = NULL,
    .split = far_split,
    .merge = far_merge,
};

/* jemalloc mapped its first extents before the hooks were installed (8
 * MiB, of which the runtime's start-up uses little) and keeps the rest
 * retained for its next allocations: a program's first 1 MiB `malloc` came
 * from there, outside far memory, never evicted and out of its hints'
 * reach. Each piece of it is taken here by an allocation never touched
 * (address space only: retained pages hold no memory), largest first, so
 * that every later extent comes from far_alloc. (No far extent exists yet
 * for an allocation here to reuse.) Pieces under the smallest large
 * allocation (16 KiB) are left to small allocations' slabs. */
static void take_reserve(void) {
  taking_reserve = true;
  for (size_t size = (size_t)1 << 30; size >= (16 << 10);)
    if (!mallocx(size, MALLOCX_TCACHE_NONE))
      size /= 2; /* no piece this large left */
  taking_reserve = false;
}

int fm_alloc_install(void) {
  extent_hooks_t *hooks = &far_hooks;
  int err = mallctl("arena.0.extent_hooks", NULL, NULL, &hooks, sizeof hooks);
  if (err) {
    fm_log("cannot give jemalloc the far-memory hooks: %s", strerror(err));
    return -1;
  }
  take_reserve();
  unsigned narenas = 0;
  size_t len = sizeof narenas;
  if (mallctl("opt.narenas", &narenas, &len, NULL, 0) == 0 && narenas != 1)
    fm_log("jemalloc runs %u arenas (MALLOC_CONF overrides narenas); only "
           "arena 0 is in far memory",
           narenas);
  return 0;
}
