/* compress.c -- far pages kept compressed in the program's own memory
 * (`--backend compress[:lz4|zstd]`): the memory a page takes while it is
 * far is what it compresses to, so one machine holds more, as zswap and
 * zram make it.
 *
 * Each far page has a slot (a table over the far region, touched as pages
 * are stored): a page whose words are all one value is kept as that word, a
 * page that compresses to at most RAW_ABOVE bytes as its compressed block,
 * any other whole. Blocks come from glibc's allocator (local memory, not
 * the far heap the program's malloc, jemalloc, serves; a jemalloc arena of
 * their own would still give each runtime thread a cache from the far
 * heap, and a fault there in the middle of an eviction waits on itself).
 * With a remote tier behind (`compress,tcp://HOST:PORT`), the pool has a
 * budget, and past it its coldest blocks go on to the remote server
 * (demote); their slots say REMOTE.
 *
 * A slot is read and written only under its page's lock (a fetch and the
 * write-back that stores it both hold it: core/meta.h), so slots need no
 * lock of their own. Codec state and the buffer a fetch decompresses into
 * belong to a context, taken for one fetch (until its release) or one
 * store; the two kinds come from separate sets, so a thread that holds a
 * fetch's context and evicts cannot wait on itself.
 * Design: docs/design/backends.md, "Far memory compressed on this machine". */
#include "backend/compress.h"
#include "backend/transport.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/meta.h"

#include <errno.h>
#include <lz4.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#define ZSTD_STATIC_LINKING_ONLY /* custom allocators: exported by libzstd.so 1.5 */
#include <zstd.h>

/* A page compressed to more than this is kept whole: the size classes
 * between (3584, 4096) would save little, and every fetch would pay for
 * the decompression. */
#define RAW_ABOVE (FM_PAGE * 3 / 4)
#define ZSTD_LEVEL 1                                /* zstd's fastest: a write-back waits for it */
#define CONTEXTS 8                                  /* of each kind; threads spread over them */
#define BUF_BYTES ((size_t)FM_ZERO_PAGES * FM_PAGE) /* the largest fetch */
#define TRIM_AFTER (4ULL << 20)
#define DEMOTE_BATCH 64 /* pages sent on to the remote tier in one store */

enum slot_kind { EMPTY, SAME, WHOLE, PACKED, REMOTE };

struct slot {
  uint64_t v;   /* the block, or the word a SAME page repeats */
  uint32_t len; /* the block's bytes */
  uint16_t kind;
  uint16_t recent; /* stored since the demoting clock last passed it */
};

struct context {
  pthread_mutex_t lock;
  void *lz4_state;
  ZSTD_CCtx *cctx;
  ZSTD_DCtx *dctx;
  uint8_t *buf; /* a fetch's pages, or a store's compressed page */
};

static struct {
  enum fm_codec codec;
  struct slot *slots;
  size_t slots_bytes;
  struct context fetch[CONTEXTS], store[CONTEXTS];
  _Atomic uint64_t pages, bytes; /* held now: pages, and their blocks' bytes */
  _Atomic uint64_t freed;        /* blocks' bytes freed since the last trim */
  /* The remote tier (NULL: none), the blocks' bytes the pool may hold
   * before its coldest go there, the pages there now, and the demoting
   * clock: its hand over the slots [0, end) ever stored, its buffer and
   * codec state (one demoter at a time). */
  const struct fm_transport *remote;
  uint64_t budget;
  _Atomic uint64_t remote_pages;
  _Atomic size_t end;
  size_t hand;
  pthread_mutex_t demoting;
  uint8_t *demote_buf;
  ZSTD_DCtx *demote_dctx;
} pool;

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

static void *local_alloc(void *opaque, size_t size) {
  (void)opaque;
  return __libc_malloc(size);
}

static void local_free(void *opaque, void *p) {
  (void)opaque;
  __libc_free(p);
}

/* What glibc takes for a block of len bytes: a chunk with an 8-byte
 * header, 16-byte aligned, 32 bytes at least. */
static uint64_t chunk_bytes(size_t len) {
  uint64_t c = (len + 8 + 15) & ~(uint64_t)15;
  return c < 32 ? 32 : c;
}

static const ZSTD_customMem local_mem = {local_alloc, local_free, NULL};

const char *fm_codec_name(enum fm_codec c) { return c == FM_CODEC_ZSTD ? "zstd" : "lz4"; }

int fm_compress_parse(const char *spec, enum fm_codec *codec, const char **remote) {
  const char *comma = strchr(spec, ',');
  size_t len = comma ? (size_t)(comma - spec) : strlen(spec);
  if ((len == 8 || len == 12) && !strncmp(spec, "compress:lz4", len))
    *codec = FM_CODEC_LZ4;
  else if (len == 13 && !strncmp(spec, "compress:zstd", len))
    *codec = FM_CODEC_ZSTD;
  else
    return -1;
  *remote = comma ? comma + 1 : NULL;
  return 0;
}

int fm_compress_open(enum fm_codec codec, const struct fm_transport *remote, uint64_t budget) {
  pool.codec = codec;
  pool.remote = remote;
  pool.budget = budget;
  fm_libc.pthread_mutex_init(&pool.demoting, NULL);
  /* One glibc arena (only the runtime's own allocations use glibc's
   * malloc): blocks freed by one evicting thread are reused by another,
   * where an arena per thread held a third more than the pool's blocks. */
  mallopt(M_ARENA_MAX, 1);
  pool.slots_bytes = fm.cfg.far_bytes / FM_PAGE * sizeof(struct slot);
  pool.slots = fm_libc.mmap(NULL, pool.slots_bytes, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (pool.slots == MAP_FAILED) {
    fm_log("cannot map the compressed pool's table (%zu bytes): %s", pool.slots_bytes,
           strerror(errno));
    return -1;
  }
  for (int i = 0; i < CONTEXTS; i++) {
    fm_libc.pthread_mutex_init(&pool.fetch[i].lock, NULL);
    fm_libc.pthread_mutex_init(&pool.store[i].lock, NULL);
  }
  return 0;
}

static struct slot *slot_of(uintptr_t page) {
  fm_check(page >= fm.far_base && page < fm.far_end && page % FM_PAGE == 0);
  return &pool.slots[(page - fm.far_base) / FM_PAGE];
}

/* A context of the set, locked, its state made on first use. */
static struct context *take(struct context *set, bool compressing) {
  struct context *c = &set[fm_conn_take(&set[0].lock, sizeof set[0], CONTEXTS)];
  if (!c->buf) {
    c->buf = local_alloc(NULL, compressing ? FM_PAGE : BUF_BYTES);
    if (compressing && pool.codec == FM_CODEC_LZ4)
      c->lz4_state = local_alloc(NULL, (size_t)LZ4_sizeofState());
    else if (compressing)
      c->cctx = ZSTD_createCCtx_advanced(local_mem);
    else if (pool.codec == FM_CODEC_ZSTD)
      c->dctx = ZSTD_createDCtx_advanced(local_mem);
    if (!c->buf || (compressing && !c->lz4_state && !c->cctx) ||
        (!compressing && pool.codec == FM_CODEC_ZSTD && !c->dctx))
      fm_log_die("the compressed pool cannot allocate its codec's state: out of memory");
  }
  return c;
}

static bool same_filled(const uint64_t *w) {
  for (unsigned i = 1; i < FM_PAGE / sizeof *w; i++)
    if (w[i] != w[0])
      return false;
  return true;
}

/* The page s holds, into dst; dctx: NULL where lz4 decompresses (it needs
 * no state). A fetch's restores are counted and timed, a demotion's not. */
static void restore(uintptr_t page, const struct slot *s, void *dst, ZSTD_DCtx *dctx, bool fetch) {
  switch (s->kind) {
  case SAME: {
    uint64_t *w = dst;
    for (unsigned i = 0; i < FM_PAGE / sizeof *w; i++)
      w[i] = s->v;
    return;
  }
  case WHOLE: memcpy(dst, (const void *)s->v, FM_PAGE); return;
  case PACKED: {
    uint64_t t0 = fm_stats_now_ns();
    size_t got = pool.codec == FM_CODEC_LZ4
                     ? (size_t)LZ4_decompress_safe((const char *)s->v, dst, (int)s->len, FM_PAGE)
                     : ZSTD_decompressDCtx(dctx, dst, FM_PAGE, (const void *)s->v, s->len);
    if (got != FM_PAGE)
      fm_log_die("a page of the compressed pool does not decompress (%s): its data is lost",
                 fm_codec_name(pool.codec));
    if (fetch) {
      fm_stats_restore_latency(fm_stats_now_ns() - t0);
      fm_stats_count(FM_C_RESTORED_PAGES, 1);
    }
    return;
  }
  case REMOTE: {
    fm_check(fetch);
    struct fm_far_src src = {.conn = -1};
    memcpy(dst, pool.remote->fetch(page, FM_PAGE, &src), FM_PAGE);
    if (pool.remote->release)
      pool.remote->release(&src);
    fm_stats_count(FM_C_REMOTE_TIER_PAGES, 1);
    return;
  }
  default: /* only pages stored are fetched (FAR_VALID) */
    fm_log_die("internal error: a far page that was never stored is fetched from the pool");
  }
}

const void *fm_compress_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  fm_check(len <= BUF_BYTES);
  struct context *c = take(pool.fetch, false);
  src->conn = (int)(c - pool.fetch);
  for (size_t off = 0; off < len; off += FM_PAGE)
    restore(page + off, slot_of(page + off), c->buf + off, c->dctx, true);
  return c->buf;
}

void fm_compress_release(struct fm_far_src *src) {
  fm_check(src->conn >= 0 && src->conn < CONTEXTS);
  fm_libc.pthread_mutex_unlock(&pool.fetch[src->conn].lock);
}

/* In a forked child, which holds a copy of the pool: its own codec state,
 * since a context's lock may have been held by a thread of the parent's. */
void fm_compress_read_into(uintptr_t page, void *dst, size_t len) {
  ZSTD_DCtx *dctx = pool.codec == FM_CODEC_ZSTD ? ZSTD_createDCtx_advanced(local_mem) : NULL;
  if (pool.codec == FM_CODEC_ZSTD && !dctx)
    fm_log_die("a forked child cannot decompress its parent's far pages: out of memory");
  for (size_t off = 0; off < len; off += FM_PAGE) {
    const struct slot *s = slot_of(page + off);
    if (s->kind == REMOTE)
      pool.remote->read_into(page + off, (uint8_t *)dst + off, FM_PAGE);
    else
      restore(page + off, s, (uint8_t *)dst + off, dctx, false);
  }
  ZSTD_freeDCtx(dctx);
}

static void drop(struct slot *s) {
  if (s->kind == WHOLE || s->kind == PACKED) {
    atomic_fetch_sub(&pool.bytes, chunk_bytes(s->len));
    atomic_fetch_add(&pool.freed, chunk_bytes(s->len));
    local_free(NULL, (void *)s->v);
  }
  if (s->kind == REMOTE)
    atomic_fetch_sub(&pool.remote_pages, 1);
  else if (s->kind != EMPTY)
    atomic_fetch_sub(&pool.pages, 1);
  s->kind = EMPTY;
}

void fm_compress_discard(uintptr_t page) { drop(slot_of(page)); }

static void reserve(uint64_t bytes);

static void *keep(const void *data, size_t len) {
  void *b = local_alloc(NULL, len);
  if (!b)
    fm_log_die("the compressed pool cannot hold more pages: out of memory");
  memcpy(b, data, len);
  reserve(chunk_bytes(len));
  return b;
}

/* The demoting clock's range [0, end) takes in slot s. */
static void clock_covers(const struct slot *s) {
  size_t end = (size_t)(s - pool.slots) + 1, e = atomic_load(&pool.end);
  while (e < end && !atomic_compare_exchange_weak(&pool.end, &e, end))
    ;
}

static void store_one(struct context *c, struct slot *s, const void *data) {
  drop(s);
  atomic_fetch_add(&pool.pages, 1);
  s->recent = 1;
  clock_covers(s);
  if (same_filled(data)) {
    *s = (struct slot){.v = *(const uint64_t *)data, .kind = SAME};
    fm_stats_count(FM_C_SAME_FILLED_PAGES, 1);
    return;
  }
  size_t n = pool.codec == FM_CODEC_LZ4
                 ? (size_t)LZ4_compress_fast_extState(c->lz4_state, data, (char *)c->buf, FM_PAGE,
                                                      RAW_ABOVE, 1)
                 : ZSTD_compressCCtx(c->cctx, c->buf, RAW_ABOVE, data, FM_PAGE, ZSTD_LEVEL);
  /* lz4 says 0 and zstd an error code when the page does not fit RAW_ABOVE */
  if (n == 0 || (pool.codec == FM_CODEC_ZSTD && ZSTD_isError(n))) {
    *s = (struct slot){.v = (uintptr_t)keep(data, FM_PAGE), .len = FM_PAGE, .kind = WHOLE};
    fm_stats_count(FM_C_INCOMPRESSIBLE_PAGES, 1);
    return;
  }
  *s = (struct slot){.v = (uintptr_t)keep(c->buf, n), .len = (uint32_t)n, .kind = PACKED};
  fm_stats_count(FM_C_COMPRESSED_PAGES, 1);
}

/* Takes the locks of up to DEMOTE_BATCH far pages the clock finds with a
 * block not stored since it last passed, and restores them into the
 * demoter's buffer; a page whose lock is held is passed over (the caller
 * holds its own batch's): nothing waits. */
static unsigned pick_cold(uintptr_t *pages, uint64_t *words, size_t *budget_of_looks) {
  size_t end = atomic_load(&pool.end);
  unsigned n = 0;
  for (; n < DEMOTE_BATCH && *budget_of_looks; (*budget_of_looks)--) {
    size_t i = pool.hand++ % end;
    struct slot *s = &pool.slots[i];
    uint16_t kind = __atomic_load_n(&s->kind, __ATOMIC_RELAXED); /* a hint: checked locked */
    uintptr_t page = fm.far_base + i * FM_PAGE;
    if ((kind != PACKED && kind != WHOLE) || !fm_page_trylock(page, &words[n]))
      continue;
    bool far = (words[n] & FARHINT_META_FAR_VALID) && !(words[n] & FM_RESIDENT);
    if (!far || (s->kind != PACKED && s->kind != WHOLE) || s->recent) {
      s->recent = 0;
      fm_page_unlock(page, words[n]);
      continue;
    }
    restore(page, s, pool.demote_buf + (size_t)n * FM_PAGE, pool.demote_dctx, false);
    pages[n++] = page;
  }
  return n;
}

/* The pool over its budget: its coldest blocks -- a clock over the slots,
 * which passes once over those stored since it last came by -- go on to
 * the remote tier until the pool is an eighth under budget with room for
 * `need` bytes, or the clock has gone twice round. One thread at a time,
 * holding pool.demoting. Returns the pages demoted. */
static uint64_t demote_locked(uint64_t need) {
  if (!pool.demote_buf) {
    pool.demote_buf = local_alloc(NULL, (size_t)DEMOTE_BATCH * FM_PAGE);
    if (pool.codec == FM_CODEC_ZSTD)
      pool.demote_dctx = ZSTD_createDCtx_advanced(local_mem);
    if (!pool.demote_buf || (pool.codec == FM_CODEC_ZSTD && !pool.demote_dctx))
      fm_log_die("the compressed pool cannot allocate its demoter's buffer: out of memory");
  }
  uint64_t demoted = 0, slack = pool.budget / 8 > need ? pool.budget / 8 : need;
  uint64_t goal = pool.budget > slack ? pool.budget - slack : 0;
  size_t looks = 2 * atomic_load(&pool.end);
  while (atomic_load(&pool.bytes) > goal && looks) {
    uintptr_t pages[DEMOTE_BATCH], srcs[DEMOTE_BATCH];
    uint64_t words[DEMOTE_BATCH];
    unsigned n = pick_cold(pages, words, &looks);
    for (unsigned k = 0; k < n; k++)
      srcs[k] = (uintptr_t)(pool.demote_buf + (size_t)k * FM_PAGE);
    if (n)
      pool.remote->store(pages, srcs, n);
    for (unsigned k = 0; k < n; k++) {
      struct slot *s = slot_of(pages[k]);
      drop(s);
      s->kind = REMOTE;
      atomic_fetch_add(&pool.remote_pages, 1);
      fm_page_unlock(pages[k], words[k]);
    }
    fm_stats_count(FM_C_POOL_DEMOTED_PAGES, n);
    demoted += n;
  }
  return demoted;
}

/* Whether the pool has room for `bytes` more, or was given some: the
 * caller waits while another thread demotes, or demotes itself. */
static bool make_room(uint64_t bytes) {
  fm_libc.pthread_mutex_lock(&pool.demoting);
  bool room = atomic_load(&pool.bytes) + bytes <= pool.budget || demote_locked(bytes) > 0;
  fm_libc.pthread_mutex_unlock(&pool.demoting);
  return room;
}

/* A block of `bytes` joins the pool. With a remote tier behind it the pool
 * keeps to its budget: a store that would pass it makes room first, and
 * passes only when the clock finds nothing to send on (every block locked
 * or just stored, or none in a budget smaller than the block). */
static void reserve(uint64_t bytes) {
  uint64_t held = atomic_load(&pool.bytes);
  for (;;) {
    if (pool.remote && held + bytes > pool.budget && make_room(bytes)) {
      held = atomic_load(&pool.bytes);
      continue;
    }
    if (atomic_compare_exchange_weak(&pool.bytes, &held, held + bytes))
      return;
  }
}

void fm_compress_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  if (!n)
    return;
  struct context *c = take(pool.store, true);
  for (unsigned i = 0; i < n; i++)
    store_one(c, slot_of(pages[i]), (const void *)srcs[i]);
  fm_libc.pthread_mutex_unlock(&c->lock);
}

int fm_compress_fd(void) { return pool.remote ? pool.remote->fd() : -1; }

/* A forked child is native from here: its copy of the table goes (the
 * blocks it shares with the parent until either writes them stay). */
void fm_compress_forget(void) {
  fm_libc.munmap(pool.slots, pool.slots_bytes);
  pool.slots = NULL;
  if (pool.remote)
    pool.remote->forget();
}

/* glibc keeps freed chunks for reuse and returns only the top of its heap:
 * once the pool has shrunk by a few MiB (pages fetched and not evicted
 * again), the whole pages among its free chunks go back to the kernel. */
void fm_compress_trim(void) {
  if (atomic_load(&pool.freed) < TRIM_AFTER)
    return;
  atomic_store(&pool.freed, 0);
  malloc_trim(0);
}

void fm_compress_held(uint64_t *pages, uint64_t *bytes) {
  *pages = atomic_load(&pool.pages);
  *bytes = atomic_load(&pool.bytes);
}

uint64_t fm_compress_remote_pages(void) { return atomic_load(&pool.remote_pages); }
