/* mremap.c -- the program's mremap and munmap of far memory. mremap keeps
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
 * unmaps. Anything outside the far region goes to the kernel. */
#include "fm.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4
#endif

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
  if (!fm.active || a < fm.far_base || a >= fm.far_end || (a & (FM_PAGE - 1)) ||
      !old_size || !new_size || a + old_size > fm.far_end)
    return (void *)syscall(SYS_mremap, old, old_size, new_size, flags, new_addr);
  bool move = flags & (MREMAP_FIXED | MREMAP_DONTUNMAP);
  if (!move && new_size <= old_size) { /* shrink in place */
    if (new_size < old_size)
      fm_discard(a + new_size, old_size - new_size, false);
    return old;
  }
  if (!(flags & MREMAP_MAYMOVE)) {
    errno = ENOMEM;
    return MAP_FAILED;
  }
  void *to = mmap(new_addr, new_size, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | (new_addr ? MAP_FIXED : 0), -1, 0);
  if (to == MAP_FAILED)
    return MAP_FAILED;
  memcpy(to, old, old_size < new_size ? old_size : new_size);
  fm_discard(a, old_size, false); /* the old range reads as zeros, as after DONTUNMAP */
  return to;
}

int munmap(void *addr, size_t len) {
  uintptr_t a = (uintptr_t)addr, lo, hi;
  if (!(a & (FM_PAGE - 1)) && fm_far_part(a, len, &lo, &hi))
    fm_discard(lo, hi - lo, true);
  return (int)syscall(SYS_munmap, addr, len);
}
