/* write_log.c -- buffered writes: a write to a far page that is not local
 * goes into the page's log, a list of chunks, instead of bringing the page
 * in (Beamer et al.'s propagation blocking, with pages for bins). The log is
 * applied where the page's data is next put together: by whatever maps the
 * page (pagein.c), before anyone can see it; or, once the log is as large
 * as the page, or the logs have filled their budget, by a fetch, apply and
 * store that leaves the page far. Every change to a page's log is made
 * under the page's lock, which every fetch of the page holds, so a fetch
 * finds the log complete and in the order it was written.
 * Design: docs/design/buffered-writes.md. */
#include "memory/write_log.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/spinlock.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/link.h"
#include "core/meta.h"
#include "core/store_writes.h"
#include "core/uffd.h"
#include "backend/backend.h"
#include "memory/frames.h"

#include <string.h>
#include <sys/mman.h>

#define CHUNK_BYTES 256
#define CHUNKS_PER_FRAME (FM_PAGE / CHUNK_BYTES)
/* A page's log as large as the page costs more to keep than fetching,
 * applying and storing the page does. */
#define PAGE_LOG_CHUNKS CHUNKS_PER_FRAME
#define NONE UINT32_MAX
#define WRITE_BATCH 64 /* pages make_room writes at once */
#define LOG_BITS (FARHINT_META_LOGGED | (~0ULL << FARHINT_META_NODE_SHIFT))

/* Entries of one kind: cap values, then cap 16-bit offsets in the page. A
 * forked child reads the entries below n and the chunks linked so far, so
 * both are published after what they cover (release). */
struct chunk {
  _Atomic uint32_t next; /* the page log's next chunk, or NONE */
  _Atomic uint16_t n;
  uint8_t kind; /* FARHINT_W_KIND of all its entries, less FARHINT_W_ATOMIC */
  uint8_t cap;
  uint8_t data[CHUNK_BYTES - 8];
};
_Static_assert(sizeof(struct chunk) == CHUNK_BYTES, "chunks tile a frame");

struct page_log {
  _Atomic uintptr_t page; /* 0: free; the page whose lock guards the rest */
  uint32_t head, tail;    /* chunks */
  uint32_t entries, chunks;
};

static struct {
  struct chunk *chunks;
  struct page_log *logs;
  uint32_t nchunks, nlogs;          /* the budget */
  fm_spinlock_t lock;               /* the free lists and the counts */
  uint32_t free_chunk, fresh_chunk; /* a list through next; never used from fresh on */
  uint32_t free_log, fresh_log;     /* a list through head */
  uint32_t chunks_used, logs_used;
  _Atomic uint32_t cursor; /* where make_room looks next */
  /* The frames the chunks in use take from the local budget: only the
   * thread that set `settling` changes them. */
  _Atomic bool settling;
  uint32_t *nodes, nodes_held;
} wl;

int fm_write_log_init(uint64_t budget) {
  wl.nchunks = (uint32_t)(budget / CHUNK_BYTES);
  if (wl.nchunks < 2 * CHUNKS_PER_FRAME)
    return 0;                   /* off: every write is done in place */
  wl.nlogs = wl.nchunks + 1024; /* a log briefly without a chunk (write_page) */
  size_t chunk_bytes = (size_t)wl.nchunks * CHUNK_BYTES;
  size_t log_bytes = (size_t)wl.nlogs * sizeof(struct page_log);
  size_t node_bytes = (size_t)(wl.nchunks / CHUNKS_PER_FRAME + 1) * sizeof(uint32_t);
  void *m = fm_libc.mmap(NULL, chunk_bytes + log_bytes + node_bytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED)
    return -1;
  wl.chunks = m;
  wl.logs = (struct page_log *)((char *)m + chunk_bytes);
  wl.nodes = (uint32_t *)((char *)wl.logs + log_bytes);
  wl.free_chunk = wl.free_log = NONE;
  return 0;
}

/* Frames the chunks in use want beyond those held (negative: held too
 * many), one a CHUNKS_PER_FRAME chunks. */
static int32_t frames_owed(void) {
  fm_spin_lock(&wl.lock);
  uint32_t want = (wl.chunks_used + CHUNKS_PER_FRAME - 1) / CHUNKS_PER_FRAME;
  fm_spin_unlock(&wl.lock);
  return (int32_t)want - (int32_t)wl.nodes_held;
}

/* The frames held follow the chunks in use. may_get: the caller may wait
 * for a frame (reclaim); else it only gives frames back. One thread at a
 * time moves them; a change made while it did is looked at again after. */
static void settle_frames(bool may_get) {
  int32_t owed;
  while (((owed = frames_owed()) < 0 || (owed > 0 && may_get)) &&
         !atomic_exchange_explicit(&wl.settling, true, memory_order_acquire)) {
    for (; owed < 0 || (owed > 0 && may_get); owed = frames_owed())
      if (owed > 0)
        wl.nodes[wl.nodes_held++] = fm_frames_get();
      else
        fm_frames_put(wl.nodes[--wl.nodes_held]);
    atomic_store_explicit(&wl.settling, false, memory_order_release);
  }
}

static uint32_t chunk_alloc(uint8_t kind) {
  fm_spin_lock(&wl.lock);
  uint32_t c = wl.free_chunk;
  if (c != NONE)
    wl.free_chunk = atomic_load_explicit(&wl.chunks[c].next, memory_order_relaxed);
  else if (wl.fresh_chunk < wl.nchunks)
    c = wl.fresh_chunk++;
  if (c != NONE)
    wl.chunks_used++;
  fm_spin_unlock(&wl.lock);
  if (c == NONE)
    return NONE;
  struct chunk *k = &wl.chunks[c];
  unsigned size = FARHINT_W_SIZE(kind);
  k->kind = kind;
  k->cap = (uint8_t)(sizeof k->data / (size + sizeof(uint16_t)));
  atomic_store_explicit(&k->n, 0, memory_order_relaxed);
  atomic_store_explicit(&k->next, NONE, memory_order_relaxed);
  return c;
}

static uint32_t log_alloc(uintptr_t page) {
  fm_spin_lock(&wl.lock);
  uint32_t i = wl.free_log;
  if (i != NONE)
    wl.free_log = wl.logs[i].head;
  else if (wl.fresh_log < wl.nlogs)
    i = wl.fresh_log++;
  if (i != NONE)
    wl.logs_used++;
  fm_spin_unlock(&wl.lock);
  if (i != NONE) {
    struct page_log *l = &wl.logs[i];
    l->head = l->tail = NONE;
    l->entries = l->chunks = 0;
    atomic_store_explicit(&l->page, page, memory_order_release);
  }
  return i;
}

static struct page_log *log_of(uintptr_t page, uint64_t w) {
  fm_check(w & FARHINT_META_LOGGED);
  struct page_log *l = &wl.logs[w >> FARHINT_META_NODE_SHIFT];
  fm_check(atomic_load_explicit(&l->page, memory_order_relaxed) == page);
  return l;
}

/* Appends to l, whose page the caller has locked; false if the logs have no
 * chunk to spare. *grew: it took a new chunk. */
static bool append(struct page_log *l, uint16_t offset, uint64_t value, uint8_t kind, bool *grew) {
  struct chunk *t = l->tail == NONE ? NULL : &wl.chunks[l->tail];
  uint16_t n = t ? atomic_load_explicit(&t->n, memory_order_relaxed) : 0;
  if (!t || t->kind != kind || n == t->cap) {
    uint32_t c = chunk_alloc(kind);
    if (c == NONE)
      return false;
    *grew = true;
    if (t)
      atomic_store_explicit(&t->next, c, memory_order_release);
    else
      l->head = c;
    l->tail = c;
    l->chunks++;
    t = &wl.chunks[c];
    n = 0;
  }
  unsigned size = FARHINT_W_SIZE(kind);
  memcpy(t->data + (size_t)n * size, &value, size); /* little-endian: the low bytes */
  memcpy(t->data + (size_t)t->cap * size + (size_t)n * sizeof(uint16_t), &offset, sizeof offset);
  atomic_store_explicit(&t->n, (uint16_t)(n + 1), memory_order_release);
  l->entries++;
  return true;
}

/* *p += the float (or double) whose bits v holds: with a compare-and-swap
 * where atomic. */
#define DEFINE_FADD(FLOAT, BITS)                                                                   \
  static void fadd_##FLOAT(void *p, uint64_t v, bool atomic) {                                     \
    BITS add_bits = (BITS)v, old = __atomic_load_n((BITS *)p, __ATOMIC_RELAXED), sum;              \
    FLOAT add, x;                                                                                  \
    memcpy(&add, &add_bits, sizeof add);                                                           \
    do {                                                                                           \
      memcpy(&x, &old, sizeof x);                                                                  \
      x += add;                                                                                    \
      memcpy(&sum, &x, sizeof sum);                                                                \
    } while (atomic && !__atomic_compare_exchange_n((BITS *)p, &old, sum, true, __ATOMIC_SEQ_CST,  \
                                                    __ATOMIC_RELAXED));                            \
    if (!atomic)                                                                                   \
      *(BITS *)p = sum;                                                                            \
  }
DEFINE_FADD(float, uint32_t)
DEFINE_FADD(double, uint64_t)

/* An integer add of v's low bytes at p, atomic or not. */
#define ADD_AS(BITS)                                                                               \
  (atomic ? (void)__atomic_fetch_add((BITS *)p, (BITS)v, __ATOMIC_SEQ_CST)                         \
          : (void)(*(BITS *)p += (BITS)v))

/* The write at p, in a page nobody else can see (a buffer: no atomics), or
 * in place. */
static void apply_one(void *p, uint64_t v, uint32_t kind, bool atomic) {
  unsigned size = FARHINT_W_SIZE(kind);
  switch (FARHINT_W_OP(kind)) {
  case FARHINT_W_STORE: /* an aligned store is atomic as it is */
    switch (size) {
    case 1: *(volatile uint8_t *)p = (uint8_t)v; return;
    case 2: *(volatile uint16_t *)p = (uint16_t)v; return;
    case 4: *(volatile uint32_t *)p = (uint32_t)v; return;
    default: *(volatile uint64_t *)p = v; return;
    }
  case FARHINT_W_ADD:
    switch (size) {
    case 1: ADD_AS(uint8_t); return;
    case 2: ADD_AS(uint16_t); return;
    case 4: ADD_AS(uint32_t); return;
    default: ADD_AS(uint64_t); return;
    }
  default:
    fm_check(FARHINT_W_OP(kind) == FARHINT_W_FADD && (size == 4 || size == 8));
    if (size == 4)
      fadd_float(p, v, atomic);
    else
      fadd_double(p, v, atomic);
  }
}

static void apply_chunk(uint8_t *page, const struct chunk *c) {
  unsigned size = FARHINT_W_SIZE(c->kind);
  uint16_t n = atomic_load_explicit(&c->n, memory_order_acquire);
  const uint8_t *offsets = c->data + (size_t)c->cap * size;
  for (uint16_t i = 0; i < n; i++) {
    uint16_t off;
    uint64_t v = 0;
    memcpy(&off, offsets + (size_t)i * sizeof off, sizeof off);
    memcpy(&v, c->data + (size_t)i * size, size);
    fm_check(off % size == 0 && off + size <= FM_PAGE);
    apply_one(page + off, v, c->kind, false);
  }
}

/* Applies l's chunks to dst in order; returns the entries, *chunks the
 * chunks. */
static uint32_t apply_log(const struct page_log *l, uint8_t *dst, uint32_t *chunks) {
  uint32_t entries = 0;
  *chunks = 0;
  for (uint32_t c = l->head; c != NONE;
       c = atomic_load_explicit(&wl.chunks[c].next, memory_order_acquire)) {
    apply_chunk(dst, &wl.chunks[c]);
    entries += atomic_load_explicit(&wl.chunks[c].n, memory_order_relaxed);
    ++*chunks;
  }
  return entries;
}

void *fm_write_log_apply(uintptr_t page, uint64_t w, const void *from, void *dst) {
  memcpy(dst, from, FM_PAGE);
  if (w & FARHINT_META_LOGGED) {
    const struct page_log *l = log_of(page, w);
    uint32_t chunks, entries = apply_log(l, dst, &chunks);
    fm_check(entries == l->entries && chunks == l->chunks); /* the log is whole */
  }
  return dst;
}

/* Frees the log of page, whose word is w; returns w without it. The caller
 * settles the frames. */
static uint64_t free_log(uintptr_t page, uint64_t w) {
  struct page_log *l = log_of(page, w);
  uint32_t index = (uint32_t)(w >> FARHINT_META_NODE_SHIFT);
  atomic_store_explicit(&l->page, 0, memory_order_release);
  fm_spin_lock(&wl.lock);
  if (l->head != NONE) {
    atomic_store_explicit(&wl.chunks[l->tail].next, wl.free_chunk, memory_order_relaxed);
    wl.free_chunk = l->head;
  }
  wl.chunks_used -= l->chunks;
  l->head = wl.free_log;
  wl.free_log = index;
  wl.logs_used--;
  fm_spin_unlock(&wl.lock);
  fm_stats_count(FM_C_LOGGED_WRITES, l->entries);
  return w & ~LOG_BITS;
}

uint64_t fm_write_log_free(uintptr_t page, uint64_t w) {
  if (!(w & FARHINT_META_LOGGED))
    return w;
  w = free_log(page, w);
  settle_frames(false);
  return w;
}

uint64_t fm_write_log_mapped(uintptr_t page, uint64_t w) {
  if (!(w & FARHINT_META_LOGGED))
    return w;
  fm_stats_count(FM_C_LOG_APPLIED_PAGES, 1);
  return fm_write_log_free(page, w);
}

/* A write that goes with a page's log to the page (there was no room to
 * log it). */
struct extra {
  uintptr_t addr;
  uint64_t value;
  uint32_t kind;
};

/* The pages' data (n ascending pages, each locked by the caller, absent),
 * with its log applied, and x on the first if given, become their far
 * copies, put together in bufs (n pages); the pages stay far. One transfer
 * reads them and one stores them. The words in the table say so before
 * the store may be copied by a fork (which waits for store writes):
 * FAR_VALID, and no log; words[] are updated to match. */
static void write_pages(const uintptr_t *pages, uint64_t *words, unsigned n, uint8_t *bufs,
                        const struct extra *x) {
  uintptr_t from[WRITE_BATCH];
  fm_store_writes_begin();
  size_t far = 0;
  for (unsigned i = 0; i < n; i++)
    far += words[i] & FARHINT_META_FAR_VALID ? FM_PAGE : 0;
  if (far)
    fm_link_transfer(far);
  for (unsigned i = 0; i < n; i++) {
    uint8_t *buf = bufs + (size_t)i * FM_PAGE;
    from[i] = (uintptr_t)buf;
    struct fm_far_src src = {.conn = -1};
    fm_write_log_apply(pages[i], words[i],
                       words[i] & FARHINT_META_FAR_VALID ? fm_backend_fetch(pages[i], FM_PAGE, &src)
                                                         : fm_zero_pages_storage,
                       buf);
    fm_backend_release(&src);
  }
  if (x)
    apply_one(bufs + (x->addr - pages[0]), x->value, x->kind, false);
  fm_link_transfer((size_t)n * FM_PAGE);
  fm_backend_store(pages, from, n);
  for (unsigned i = 0; i < n; i++) {
    _Atomic uint64_t *m = fm_meta(pages[i]);
    atomic_fetch_or_explicit(m, FARHINT_META_FAR_VALID, memory_order_release);
    atomic_fetch_and_explicit(m, ~LOG_BITS, memory_order_release);
    if (words[i] & FARHINT_META_LOGGED)
      words[i] = free_log(pages[i], words[i]);
    words[i] |= FARHINT_META_FAR_VALID;
  }
  fm_store_writes_end();
  fm_stats_count(FM_C_LOG_WRITTEN_PAGES, n);
  settle_frames(false);
}

static uint64_t write_page(uintptr_t page, uint64_t w, const struct extra *x) {
  _Alignas(64) uint8_t buf[FM_PAGE];
  write_pages(&page, &w, 1, buf, x);
  return w;
}

/* Writes the longest logs (the average chunks or more) to their pages, a
 * batch at a time, until a 32nd of the chunks is free or every log was
 * looked at once; passes over pages whose lock is held, and mine, whose
 * lock the caller holds. */
static void make_room(uintptr_t mine) {
  static __thread uint8_t *bufs; /* WRITE_BATCH pages, this thread's */
  if (!bufs) {
    void *m = fm_libc.mmap(NULL, (size_t)WRITE_BATCH * FM_PAGE, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
      return; /* the caller writes its own page */
    bufs = m;
  }
  fm_spin_lock(&wl.lock);
  uint32_t top = wl.fresh_log;
  uint32_t average = wl.chunks_used / (wl.logs_used ? wl.logs_used : 1);
  fm_spin_unlock(&wl.lock);
  uint32_t freed = 0, looked = 0;
  while (looked < top && freed < wl.nchunks / 32 + 1) {
    uintptr_t pages[WRITE_BATCH];
    uint64_t words[WRITE_BATCH];
    unsigned n = 0;
    for (; looked < top && n < WRITE_BATCH; looked++) {
      uint32_t i = atomic_fetch_add_explicit(&wl.cursor, 1, memory_order_relaxed) % top;
      struct page_log *l = &wl.logs[i];
      uintptr_t p = atomic_load_explicit(&l->page, memory_order_acquire);
      if (!p || p == mine || l->chunks < average || !fm_page_trylock(p, &words[n]))
        continue;
      /* Under its lock, the log is the page's, whole. */
      if ((words[n] & FARHINT_META_LOGGED) && (words[n] >> FARHINT_META_NODE_SHIFT) == i) {
        freed += l->chunks;
        pages[n++] = p;
      } else {
        fm_page_unlock(p, words[n]);
      }
    }
    /* Sorted for the store (insertion: no libc call that could allocate
     * far memory), their words with them. */
    for (unsigned k = 1; k < n; k++)
      for (unsigned j = k; j > 0 && pages[j - 1] > pages[j]; j--) {
        uintptr_t p = pages[j];
        uint64_t w = words[j];
        pages[j] = pages[j - 1], words[j] = words[j - 1];
        pages[j - 1] = p, words[j - 1] = w;
      }
    if (n)
      write_pages(pages, words, n, bufs, NULL);
    for (unsigned k = 0; k < n; k++)
      fm_page_unlock(pages[k], words[k]);
  }
}

void fm_write_log_write(uintptr_t addr, uint64_t value, uint32_t kind) {
  unsigned size = FARHINT_W_SIZE(kind);
  uintptr_t page = fm_page_of(addr);
  if (!fm.active || !wl.nchunks || addr < fm.far_base || addr >= fm.far_end ||
      (addr & (size - 1))) {
    apply_one((void *)addr, value, kind, kind & FARHINT_W_ATOMIC);
    return;
  }
  uint64_t w = fm_page_lock(page);
  if ((w & (FM_RESIDENT | FARHINT_META_NO_ACCESS)) || !(w & FARHINT_META_REGISTERED)) {
    /* Local now, or not the runtime's to log: the write faults as a plain
     * store would. */
    fm_check(!(w & FARHINT_META_LOGGED)); /* a mapped page has no log */
    fm_page_unlock(page, w);
    apply_one((void *)addr, value, kind, kind & FARHINT_W_ATOMIC);
    return;
  }
  uint8_t log_kind = (uint8_t)(kind & ~FARHINT_W_ATOMIC);
  if (!(w & FARHINT_META_LOGGED)) {
    uint32_t i = log_alloc(page);
    if (i != NONE)
      w |= FARHINT_META_LOGGED | (uint64_t)i << FARHINT_META_NODE_SHIFT;
  }
  bool done = false, grew = false;
  if (w & FARHINT_META_LOGGED) {
    struct page_log *l = log_of(page, w);
    done = append(l, (uint16_t)(addr - page), value, log_kind, &grew);
    if (!done) {
      make_room(page);
      done = append(l, (uint16_t)(addr - page), value, log_kind, &grew);
    }
    if (done && l->chunks >= PAGE_LOG_CHUNKS)
      w = write_page(page, w, NULL);
  }
  if (!done) /* no room left even so: this write goes with the log to the page */
    w = write_page(page, w, &(struct extra){addr, value, log_kind});
  fm_page_unlock(page, w);
  if (grew) /* a new chunk: the frames follow */
    settle_frames(true);
}

void fm_write_log_apply_in_child(bool (*child_has)(uintptr_t page, uint64_t w)) {
  for (uint32_t i = 0; i < wl.fresh_log; i++) {
    uintptr_t p = atomic_load_explicit(&wl.logs[i].page, memory_order_acquire);
    if (!p)
      continue;
    uint64_t w = atomic_load_explicit(fm_meta(p), memory_order_relaxed);
    /* A log whose page the child has was applied to it before the fork
     * mapped it; one freed after is its page's no more. */
    if (!(w & FARHINT_META_LOGGED) || (w >> FARHINT_META_NODE_SHIFT) != i || child_has(p, w))
      continue;
    uint32_t chunks;
    apply_log(&wl.logs[i], (uint8_t *)p, &chunks); /* a prefix, if an append was cut short */
  }
}
