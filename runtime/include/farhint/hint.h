/*
 * farhint/hint.h -- the hint ABI shared by hand-written code, the FarHint
 * compiler pass and the libfarmem runtime.
 *
 * A hint announces that the program is about to touch [addr, addr + size).
 * The common case -- every page of that range is already local -- is decided
 * inline at the call site from a metadata table at a fixed address, with no
 * call into the runtime. Only a miss calls farhint_hint_slow().
 *
 * Hand-written use (Eden's argument order, paper Fig. 4):
 *
 *     hint_fault(p, 1, sizeof *p, 0, 0, 0);      // p is about to be written
 *     hint_fault(&a[i], 0, 8, 16, 0, 1);         // sequential scan, read 16 ahead
 *
 * Guarantees:
 *  - A hint never changes what the program computes: it only moves pages.
 *  - A program built with hints but run without libfarmem runs correctly:
 *    without the runtime no module's live word is ever set, so every hint
 *    stops at its first test; the runtime's entry points are weak
 *    references.
 *  - Hints are suggestive: a page fetched by a hint may be evicted again
 *    before the access; the kernel fault path (userfaultfd) then serves it.
 */
#ifndef FARHINT_HINT_H
#define FARHINT_HINT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Address-space layout (fixed so the fast path uses immediates) ---- */

#define FARHINT_PAGE_SHIFT 12
#define FARHINT_PAGE_SIZE (1UL << FARHINT_PAGE_SHIFT)

/* Far memory lives in [1 << 44, 2 << 44): an address is far iff
 * (addr >> FARHINT_FAR_SHIFT) == 1. The runtime maps only the first
 * far-capacity bytes of that span; the rest stays unmapped. */
#define FARHINT_FAR_SHIFT 44
#define FARHINT_FAR_BASE (1UL << FARHINT_FAR_SHIFT)
#define FARHINT_FAR_SPAN (1UL << FARHINT_FAR_SHIFT)

/* The metadata word of the page holding addr is at
 * FARHINT_META_BIAS + (addr >> FARHINT_PAGE_SHIFT) * 8, so the table for the
 * far span starts at FARHINT_META_TABLE and the bias fits a 32-bit
 * displacement: the lookup is one shift and one memory operand. */
#define FARHINT_META_BIAS 0x40000000UL
#define FARHINT_META_TABLE (FARHINT_META_BIAS + (FARHINT_FAR_BASE >> FARHINT_PAGE_SHIFT) * 8)
#define FARHINT_META_TABLE_BYTES ((FARHINT_FAR_SPAN >> FARHINT_PAGE_SHIFT) * 8)

/* ---- Page metadata word (Eden Fig. 5), one uint64_t per far page ---- */

#define FARHINT_META_REGISTERED (1UL << 0) /* page belongs to an allocated extent */
#define FARHINT_META_PRESENT (1UL << 1)    /* mapped locally */
#define FARHINT_META_DIRTY (1UL << 2)      /* mapped writable: write back on evict */
#define FARHINT_META_LOCKED (1UL << 3)     /* a fault or eviction owns the page */
#define FARHINT_META_EVICTING (1UL << 4)   /* chosen for eviction, being written out */
#define FARHINT_META_ACCESSED (1UL << 5)   /* touched since the reclaim policy last looked */
#define FARHINT_META_FAR_VALID (1UL << 6)  /* far copy holds data (else the page is zero) */
/* Mapped, not PRESENT: a hint here starts the next read-ahead window. */
#define FARHINT_META_RA_TRIGGER (1UL << 7)
#define FARHINT_META_CORE_SHIFT 8 /* bits 8..15: core serving an outstanding fault */
#define FARHINT_META_CORE_MASK (0xffUL << FARHINT_META_CORE_SHIFT)
#define FARHINT_META_PRIO_SHIFT 16 /* bits 16..23: eviction priority class */
#define FARHINT_META_PRIO_MASK (0xffUL << FARHINT_META_PRIO_SHIFT)
/* bits 24..31: the runtime's private state; of those, bits 25 and 26 mark
 * pages that are mapped but hidden from the fast path (an access probe, a
 * prefetched page not yet used), so the next hint there runs the slow path. */
#define FARHINT_META_HIDDEN_BITS (3UL << 25)
/* Mapped: PRESENT, or hidden from the fast path (still readable). */
#define FARHINT_META_MAPPED                                                                        \
  (FARHINT_META_PRESENT | FARHINT_META_RA_TRIGGER | FARHINT_META_HIDDEN_BITS)
/* Local, or on its way (LOCKED: a fetch or an eviction owns the page): a
 * prefetch of the page has nothing to do. */
#define FARHINT_META_LOCAL_OR_COMING (FARHINT_META_MAPPED | FARHINT_META_LOCKED)
#define FARHINT_META_NODE_SHIFT 32 /* bits 32..63: page-node index while present */

/* ---- The slow path: provided by libfarmem ---- */

/* Flags packed into the third argument of farhint_hint_slow. */
#define FARHINT_F_MUT (1U << 0) /* will write: map writable */
#define FARHINT_F_SEQ (1U << 1) /* sequential scan */
/* The section where the pass keeps the build id of the binary its profile
 * was recorded from (NUL-terminated hex, once per object that has hints). */
#define FARHINT_PROFILE_SECTION ".farhint.profile"
/* The section where the pass lists the profile's sites it hinted in an
 * object ("h3 h7 p3": hinted 3 and 7, a prefetch ahead for 3; one
 * NUL-terminated string per object), which `farhint cc` sums at the link. */
#define FARHINT_SITES_SECTION ".farhint.sites"

/* ev_prio: the eviction class of the pages a hint brings in. Under the prio
 * policy a higher class is reclaimed first; 0 is the default. FARHINT_EV_KEEP
 * marks a range the program scans again and again while it is larger than
 * local memory: under any policy the runtime keeps an evenly spread part of
 * it resident (at most FARHINT_KEEP_FRACTION of the budget), so each pass
 * finds that part local instead of evicting what the next pass needs first. */
#define FARHINT_EV_KEEP (-1)
#define FARHINT_PACK(flags, rdahead, ev_prio)                                                      \
  ((uint32_t)(flags) | ((uint32_t)(uint8_t)(ev_prio) << 8) |                                       \
   ((uint32_t)(uint16_t)(int16_t)(rdahead) << 16))
#define FARHINT_UNPACK_FLAGS(p) ((p) & 0xffU)
#define FARHINT_UNPACK_PRIO(p) (((p) >> 8) & 0xffU)
#define FARHINT_UNPACK_RDAHEAD(p) ((int)(int16_t)((p) >> 16))

/* Make every page of [addr, addr + size) present (and writable when
 * FARHINT_F_MUT is in packed), then fetch FARHINT_UNPACK_RDAHEAD(packed)
 * pages beyond the range asynchronously (before it when negative). site is
 * the pass's site id, 0 for hand-written hints. Safe on any address: a
 * non-far or unallocated address returns at once. */
void farhint_hint_slow(const void *addr, size_t size, uint32_t packed, uint32_t site)
    __attribute__((weak));
/* The same with the preserve_most calling convention (clang): every
 * general-purpose register but r11 survives the call, so a hint's cold miss
 * path adds no register pressure (spills) to the hot loop around it. What
 * the pass calls. (Not preserve_all: the vector registers it would save
 * have no unwind rules libunwind follows, and trace mode unwinds through.) */
#if defined(__clang__) && defined(__x86_64__)
#define FARHINT_PRESERVE_MOST __attribute__((preserve_most))
#else
#define FARHINT_PRESERVE_MOST
#endif
void farhint_hint_slow_preserve_most(const void *addr, size_t size, uint32_t packed, uint32_t site)
    __attribute__((weak)) FARHINT_PRESERVE_MOST;

/* Ask for the pages of [addr, addr + size) and return at once: the runtime
 * queues the request and fetches it in a batch while the caller runs on. A
 * later access to a page in flight waits only for the rest of its transfer.
 * A full queue drops the request (a prefetch is a suggestion). packed and
 * site as for farhint_hint_slow (mut maps the pages writable). The pass
 * calls it only when the first page is neither local nor coming
 * (FARHINT_META_LOCAL_OR_COMING), behind the module's live word. */
void farhint_prefetch(const void *addr, size_t size, uint32_t packed, uint32_t site)
    __attribute__((weak));
void farhint_prefetch_preserve_most(const void *addr, size_t size, uint32_t packed, uint32_t site)
    __attribute__((weak)) FARHINT_PRESERVE_MOST;

/* ---- Buffered writes (docs/design/buffered-writes.md) ----
 * A write at a site that writes pages it does not read (a scatter, an
 * atomic add whose result is unused, a histogram's +=) need not fetch its
 * page: the runtime records it in the page's log and applies the log when
 * the page comes in, or fetches, applies and stores the page back once its
 * log is long. The pass keeps the write itself where the module's live word
 * is 0 or the page is PRESENT, and calls farhint_write_slow only for a far
 * page that is not; the call does the write in every case (logged, or in
 * place if the page turned local meanwhile). kind packs the operation, the
 * size and whether it is atomic where done in place; value holds the
 * operand's bits in its low `size` bytes. */
#define FARHINT_W_STORE 0U         /* *addr = value */
#define FARHINT_W_ADD 1U           /* *addr += value, an integer (a sub adds the negation) */
#define FARHINT_W_FADD 2U          /* *addr += value, a float (size 4) or a double (size 8) */
#define FARHINT_W_ATOMIC (1U << 7) /* in place with an atomic read-modify-write */
#define FARHINT_W_KIND(op, size_log2, flags)                                                       \
  ((uint32_t)(op) | ((uint32_t)(size_log2) << 4) | (uint32_t)(flags))
#define FARHINT_W_OP(kind) ((kind) & 0xfU)
#define FARHINT_W_SIZE(kind) (1U << (((kind) >> 4) & 0x3U))
void farhint_write_slow(void *addr, uint64_t value, uint32_t kind) __attribute__((weak));
void farhint_write_slow_preserve_most(void *addr, uint64_t value, uint32_t kind)
    __attribute__((weak)) FARHINT_PRESERVE_MOST;

/* Each module that hints owns a "live" word, which the fast path tests
 * first (one RIP-relative compare). It is 0 until hints can help: until a
 * far page the program may touch is not local (the runtime has evicted, or
 * left more of a fresh allocation unmapped than it has free frames), every
 * far page holding data is here and a hint has nothing to do. So with all
 * memory local a hint costs two instructions, and without the runtime the
 * word stays 0. The module registers the word from a constructor; the
 * runtime sets it to 1 when hints go live (at once if they already are),
 * and back to 0 while they are quiet: nearly all data local and few pages
 * missing (--hints-quiet-below). A hint skipped so is safe: its access
 * faults as an unhinted one would. */
void farhint_register_live_word(volatile uint32_t *word) __attribute__((weak));

/* ---- The fast path, inlined at every hint ---- */
/* Left out where FARHINT_ABI_ONLY is defined: libfarmem, which serves hints,
 * and the pass, which emits them, need the constants but no live word. */
#ifndef FARHINT_ABI_ONLY

static inline __attribute__((always_inline)) uint64_t farhint_meta_word(uintptr_t addr) {
  const volatile uint64_t *table = (const volatile uint64_t *)FARHINT_META_BIAS;
  return table[addr >> FARHINT_PAGE_SHIFT];
}

static inline __attribute__((always_inline)) int farhint_is_far(uintptr_t addr) {
  return (addr >> FARHINT_FAR_SHIFT) == 1;
}

/* This translation unit's live word, for hand-written hints (the pass gives
 * each module its own). */
static volatile uint32_t farhint_live_word_;
static __attribute__((constructor, unused)) void farhint_register_live_word_(void) {
  if (farhint_register_live_word)
    farhint_register_live_word(&farhint_live_word_);
}

static inline __attribute__((always_inline)) int farhint_hints_live(void) {
  return farhint_live_word_ != 0;
}

/* Everything past "first page present" is out of line and cold, and keeps
 * the general-purpose registers, so the hot path needs no saved ones. Regions
 * spanning pages come here too. */
static __attribute__((noinline, cold, unused)) FARHINT_PRESERVE_MOST void
farhint_miss(uintptr_t a, size_t size, uint64_t need, uint32_t packed, uint32_t site,
             uintptr_t *seq_last) {
  uintptr_t p = a & ~(FARHINT_PAGE_SIZE - 1);
  for (; p < a + size; p += FARHINT_PAGE_SIZE)
    if (!farhint_is_far(p) || (~farhint_meta_word(p) & need) != 0)
      break;
  if (p < a + size && farhint_hint_slow)
    farhint_hint_slow((const void *)a, size, packed, site);
  if (seq_last)
    *seq_last = a >> FARHINT_PAGE_SHIFT;
}

/* The hint. may_straddle is 0 only when the caller knows the region lies in
 * one page (an access whose alignment is at least its size: the pass proves
 * that and drops the page-crossing test). seq_last is the site's
 * thread-local last page, read only when seq is set. */
static inline __attribute__((always_inline)) void
farhint_hint_impl(const void *addr, size_t size, int mut, int rdahead, int ev_prio, int seq,
                  uint32_t site, uintptr_t *seq_last, int may_straddle) {
  uintptr_t a = (uintptr_t)addr;
  uintptr_t page = a >> FARHINT_PAGE_SHIFT;
  uint64_t need = FARHINT_META_PRESENT | (mut ? FARHINT_META_DIRTY : 0);
  uint32_t packed =
      FARHINT_PACK((mut ? FARHINT_F_MUT : 0) | (seq ? FARHINT_F_SEQ : 0), rdahead, ev_prio);
  if (!farhint_hints_live() || !farhint_is_far(a) || size == 0)
    return;
  if (seq && *seq_last == page)
    return; /* same page as this site's last hint: skip (Eden's seq) */
  if ((may_straddle && (a & (FARHINT_PAGE_SIZE - 1)) + size > FARHINT_PAGE_SIZE) ||
      __builtin_expect((~farhint_meta_word(a) & need) != 0, 0)) {
    farhint_miss(a, size, need, packed, site, seq ? seq_last : 0);
    return;
  }
  if (seq)
    *seq_last = page;
}

static inline __attribute__((always_inline)) void farhint_hint(const void *addr, size_t size,
                                                               int mut, int rdahead, int ev_prio,
                                                               int seq, uint32_t site,
                                                               uintptr_t *seq_last) {
  farhint_hint_impl(addr, size, mut, rdahead, ev_prio, seq, site, seq_last, 1);
}

/* A prefetch by hand: the pages of [addr, addr + size) are wanted soon. */
static inline __attribute__((always_inline)) void
farhint_prefetch_ahead(const void *addr, size_t size, int mut, uint32_t site) {
  uintptr_t a = (uintptr_t)addr;
  if (!farhint_hints_live() || !farhint_is_far(a) || size == 0 ||
      (farhint_meta_word(a) & FARHINT_META_LOCAL_OR_COMING) != 0)
    return;
  if (farhint_prefetch)
    farhint_prefetch(addr, size, FARHINT_PACK(mut ? FARHINT_F_MUT : 0, 0, 0), site);
}

/* A buffered write by hand (the pass emits the same): the store of an
 * integer, or an integer add (atomic where done in place), to addr, which
 * is aligned to its size. */
static inline __attribute__((always_inline)) int farhint_write_logs(const void *addr) {
  uintptr_t a = (uintptr_t)addr;
  return farhint_hints_live() && farhint_is_far(a) &&
         !(farhint_meta_word(a) & FARHINT_META_PRESENT) && farhint_write_slow;
}
#define farhint_store_buffered(p, v)                                                               \
  do {                                                                                             \
    if (farhint_write_logs(p))                                                                     \
      farhint_write_slow((void *)(p), (uint64_t)(v),                                               \
                         FARHINT_W_KIND(FARHINT_W_STORE, __builtin_ctz(sizeof *(p)), 0));          \
    else                                                                                           \
      *(p) = (v);                                                                                  \
  } while (0)
#define farhint_add_buffered(p, v)                                                                 \
  do {                                                                                             \
    if (farhint_write_logs(p))                                                                     \
      farhint_write_slow(                                                                          \
          (void *)(p), (uint64_t)(v),                                                              \
          FARHINT_W_KIND(FARHINT_W_ADD, __builtin_ctz(sizeof *(p)), FARHINT_W_ATOMIC));            \
    else                                                                                           \
      __atomic_fetch_add((p), (v), __ATOMIC_SEQ_CST);                                              \
  } while (0)

/* Eden's hint API. Each expansion owns a thread-local last page for seq. */
#define hint_fault(addr, mut, size, rdahead, ev_prio, seq)                                         \
  do {                                                                                             \
    static __thread uintptr_t farhint_seq_last_;                                                   \
    farhint_hint((addr), (size), (mut), (rdahead), (ev_prio), (seq), 0, &farhint_seq_last_);       \
  } while (0)

#endif /* FARHINT_ABI_ONLY */

#ifdef __cplusplus
}
#endif

#endif /* FARHINT_HINT_H */
