/* mremap.c -- the program's mremap and munmap of far memory. Far blocks
 * (the program's big mmaps, mmap.c) stay mapped when unmapped, emptied, until
 * the whole block is. Otherwise: mremap keeps
 * every byte. The kernel would move only the pages mapped now: evicted ones
 * have no page table entry to move, and their data stays behind in far
 * memory under the old address. So a far block is moved by copying: a fresh anonymous mapping
 * (ordinary memory, as a new mmap would be) receives the old contents -- the
 * copy's reads fetch what is far -- and the old range is dropped as after
 * MADV_DONTNEED. Shrinking in place drops the tail. Growing in place is
 * refused as the kernel refuses it when the next pages are taken (they are:
 * the far region continues there). munmap first drops the pages in the
 * runtime and takes them out of its view (no read-ahead or eviction may
 * touch a hole in the far region: the kernel would refuse the ioctl), then
 * unmaps. Anything outside the far region goes to the kernel.
 * Design: docs/design/allocation.md. */
#include "interpose/mmap.h"
#include "base/state.h"
#include "base/stats.h"
#include "memory/evict.h"
#include "interpose/madvise.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4
#endif

/* [lo, hi) of far memory left the program's view: a block's pages are
 * unmapped (mmap.c). Other pages are dropped; with unmap (munmap) they also
 * leave the runtime's view first, so no read-ahead maps into the hole, and
 * the kernel unmaps them; without (mremap: heap memory jemalloc still owns)
 * they read as zeros, as after MREMAP_DONTUNMAP. Returns -1 if the kernel
 * refused an unmap. */
static int drop(uintptr_t lo, uintptr_t hi, bool unmap) {
  long rc = 0;
  for (uintptr_t p = lo, q; p < hi; p = q) {
    bool in_block;
    q = fm_mmap_unmapped(p, hi, &in_block);
    if (in_block)
      continue;
    fm_evict_discard(p, q - p, unmap);
    if (unmap)
      rc |= syscall(SYS_munmap, p, q - p);
  }
  return rc ? -1 : 0;
}

void *mremap(void *old, size_t old_size, size_t new_size, int flags, ...) {
  void *new_addr = NULL;
  if (flags & MREMAP_FIXED) {
    va_list ap;
    va_start(ap, flags);
    new_addr = va_arg(ap, void *);
    va_end(ap);
  }
  uintptr_t a = (uintptr_t)old;
  old_size = fm_page_round_up(old_size);
  new_size = fm_page_round_up(new_size);
  if (!fm.active || a < fm.far_base || a >= fm.far_end || (a & (FM_PAGE - 1)) || !old_size ||
      !new_size || a + old_size > fm.far_end)
    return (void *)syscall(SYS_mremap, old, old_size, new_size, flags, new_addr);
  bool move = flags & (MREMAP_FIXED | MREMAP_DONTUNMAP);
  if (!move && new_size <= old_size) { /* shrink in place */
    if (new_size < old_size)
      drop(a + new_size, a + old_size, false);
    return old;
  }
  if (!(flags & MREMAP_MAYMOVE)) {
    errno = ENOMEM;
    return MAP_FAILED;
  }
  void *to = new_addr ? NULL : fm_mmap_far(new_size);
  if (!to)
    to = (void *)syscall(SYS_mmap, new_addr, new_size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | (new_addr ? MAP_FIXED : 0), -1, 0);
  if (to == MAP_FAILED)
    return MAP_FAILED;
  memcpy(to, old, old_size < new_size ? old_size : new_size);
  drop(a, a + old_size, false);
  return to;
}

int munmap(void *addr, size_t len) {
  uintptr_t a = (uintptr_t)addr, lo, hi;
  if ((a & (FM_PAGE - 1)) || !fm_madvise_far_part(a, len, &lo, &hi))
    return (int)syscall(SYS_munmap, addr, len);
  uintptr_t end = fm_page_round_up(a + len);
  long rc = 0;
  if (a < lo)
    rc |= syscall(SYS_munmap, addr, lo - a);
  if (hi < end)
    rc |= syscall(SYS_munmap, hi, end - hi);
  rc |= drop(lo, hi, true);
  fm_stats_count(FM_C_MUNMAP_BLOCKS, 1);
  return rc ? -1 : 0;
}
