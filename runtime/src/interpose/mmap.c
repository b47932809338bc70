/* mmap.c -- the program's big anonymous mappings in far memory. Programs
 * with their own allocators (arenas, pools, big buffers) take memory from
 * mmap, not malloc. A private anonymous read-write mapping of at least
 * --mmap-threshold bytes (FARHINT_MMAP_THRESHOLD, default 1 MiB, 0: none),
 * without an address or flags that ask for something else, is a far block
 * instead: page-aligned memory from the far heap (jemalloc), reading as
 * zeros. munmap and mremap of a block's pages drop them (never written back;
 * a program that touches them after reads zeros, where the kernel would
 * have killed it), and the block goes back to the heap when its last page
 * is unmapped, so the common trim of an over-sized mapping to an aligned one
 * works. MAP_FIXED over far memory with an anonymous private mapping drops
 * the pages it replaces, as the kernel would. Calls from libfarmem itself
 * (jemalloc's own mappings, the runtime's stacks and tables) and every other
 * mapping go to the kernel.
 * Design: docs/design/allocation.md. */
#include "interpose/mmap.h"
#include "base/log.h"
#include "base/self.h"
#include "base/spinlock.h"
#include "base/state.h"
#include "base/stats.h"
#include "core/meta.h"
#include "memory/evict.h"
#include "interpose/alloc.h"
#include "interpose/madvise.h"

#include <errno.h>
#include <jemalloc/jemalloc.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_BLOCKS 4096

static struct block {
  uintptr_t start, end; /* end: start + the length asked for, page-rounded */
} blocks[MAX_BLOCKS];
static unsigned nblocks;
static fm_spinlock_t lock;

static void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}

/* The pages of [lo, hi) the program still has mapped (registered, or made
 * inaccessible: mprotect.c). */
static size_t mapped_pages(uintptr_t lo, uintptr_t hi) {
  size_t n = 0;
  for (uintptr_t p = lo; p < hi; p += FM_PAGE)
    n += (atomic_load_explicit(fm_meta(p), memory_order_relaxed) &
          (FARHINT_META_REGISTERED | FARHINT_META_NO_ACCESS)) != 0;
  return n;
}

static void set_registered(uintptr_t lo, uintptr_t hi) {
  for (uintptr_t p = lo; p < hi; p += FM_PAGE)
    atomic_fetch_or_explicit(fm_meta(p), FARHINT_META_REGISTERED, memory_order_relaxed);
}

void *fm_mmap_far(size_t len) {
  if (!fm.active || !fm.cfg.mmap_threshold || len < fm.cfg.mmap_threshold)
    return NULL;
  len = fm_page_round_up(len);
  void *p = mallocx(len, MALLOCX_ALIGN(FM_PAGE));
  if (!p)
    return NULL;
  uintptr_t a = (uintptr_t)p;
  if (a < fm.far_base || a + len > fm.far_end) { /* from an extent made before the far heap */
    dallocx(p, 0);
    return NULL;
  }
  fm_spin_lock(&lock);
  bool room = nblocks < MAX_BLOCKS;
  if (room)
    blocks[nblocks++] = (struct block){a, a + len};
  fm_spin_unlock(&lock);
  if (!room) {
    dallocx(p, 0);
    static bool said;
    if (!__atomic_exchange_n(&said, true, __ATOMIC_RELAXED))
      fm_log("more than %d big mmaps alive: the next ones are ordinary memory, not far",
             MAX_BLOCKS);
    return NULL;
  }
  if (!fm_alloc_fresh(a, len)) /* reused heap memory: zeros, without a write */
    fm_evict_discard(a, len, false);
  fm_stats_count(FM_C_MMAP_BLOCKS, 1);
  return p;
}

uintptr_t fm_mmap_unmapped(uintptr_t lo, uintptr_t hi, bool *in_block) {
  fm_spin_lock(&lock);
  uintptr_t next = hi; /* the start of the next block, if lo is in none */
  unsigned i = 0;
  for (; i < nblocks && !(lo >= blocks[i].start && lo < blocks[i].end); i++)
    if (blocks[i].start > lo && blocks[i].start < next)
      next = blocks[i].start;
  *in_block = i < nblocks;
  if (!*in_block) {
    fm_spin_unlock(&lock);
    return next;
  }
  struct block b = blocks[i];
  if (hi > b.end)
    hi = b.end;
  fm_evict_discard(lo, hi - lo, true);
  bool last = mapped_pages(b.start, b.end) == 0;
  if (last)
    blocks[i] = blocks[--nblocks];
  fm_spin_unlock(&lock);
  if (last) { /* back to the heap whole: in the runtime's view, read-write again */
    syscall(SYS_mprotect, b.start, b.end - b.start, PROT_READ | PROT_WRITE);
    set_registered(b.start, b.end);
    dallocx((void *)b.start, 0);
  }
  return hi;
}

static bool far_candidate(void *addr, size_t len, int prot, int flags, int fd) {
  return !addr && fd == -1 && prot == (PROT_READ | PROT_WRITE) &&
         (flags & MAP_TYPE) == MAP_PRIVATE && (flags & MAP_ANONYMOUS) &&
         !(flags & (MAP_FIXED | MAP_FIXED_NOREPLACE | MAP_GROWSDOWN | MAP_STACK | MAP_HUGETLB |
                    MAP_LOCKED)) &&
         len >= fm.cfg.mmap_threshold;
}

/* MAP_FIXED over far memory. An anonymous private read-write mapping there
 * is the region as it is, emptied; anything else would take the pages out
 * of far memory under the runtime, which does not follow (EINVAL, said). */
static void *fixed_over_far(void *addr, size_t len, int prot, int flags, int fd) {
  uintptr_t a = (uintptr_t)addr, lo, hi;
  if (!fm_madvise_far_part(a, len, &lo, &hi))
    return NULL;
  bool anonymous = fd == -1 && (flags & MAP_ANONYMOUS) && (flags & MAP_TYPE) == MAP_PRIVATE;
  if (anonymous && prot == (PROT_READ | PROT_WRITE) && lo == a && hi >= a + len) {
    fm_evict_discard(lo, hi - lo, false);
    return addr;
  }
  fm_log("mmap(MAP_FIXED) at %p over far memory with %s is not supported: far memory "
         "stays anonymous read-write memory; map it elsewhere",
         addr, anonymous ? "another protection, or past its end" : "a file or shared memory");
  errno = EINVAL;
  return MAP_FAILED;
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  if (fm.active && !fm_self_called(__builtin_return_address(0))) {
    if (flags & MAP_FIXED) {
      void *r = fixed_over_far(addr, len, prot, flags, fd);
      if (r)
        return r;
    } else if (far_candidate(addr, len, prot, flags, fd)) {
      void *p = fm_mmap_far(len);
      if (p)
        return p;
    }
  }
  return sys_mmap(addr, len, prot, flags, fd, off);
}
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
    __attribute__((alias("mmap")));
