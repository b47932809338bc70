/* madvise.c -- the program's madvise on far memory behaves as on ordinary
 * anonymous memory. The kernel alone would get it wrong: DONTNEED would
 * unmap a page the runtime thinks is local (its next touch faults on a page
 * the runtime considers mapped), and an evicted page would come back with
 * its old data instead of zeros. So DONTNEED and FREE drop the pages in the
 * runtime (evict.c's fm_evict_discard), WILLNEED fetches them ahead, and every
 * other advice goes to the kernel. Outside the far region nothing changes.
 * Design: docs/design/allocation.md. */
#include "interpose/madvise.h"
#include "base/state.h"
#include "base/sys.h"
#include "memory/evict.h"
#include "memory/frames.h"
#include "fault/prefetch.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

bool fm_madvise_far_part(uintptr_t a, size_t len, uintptr_t *lo, uintptr_t *hi) {
  uintptr_t end = fm_page_round_up(a + len);
  *lo = a > fm.far_base ? a : fm.far_base;
  *hi = end < fm.far_end ? end : fm.far_end;
  return fm.active && *lo < *hi;
}

int madvise(void *addr, size_t len, int advice) {
  uintptr_t a = (uintptr_t)addr, lo, hi;
  bool ours = advice == MADV_DONTNEED || advice == MADV_FREE || advice == MADV_WILLNEED;
  if (!ours || (a & (FM_PAGE - 1)) || !fm_madvise_far_part(a, len, &lo, &hi))
    return fm_madvise_sys(addr, len, advice); /* the kernel's checks and errors */
  /* Outside the far region, the kernel does it. */
  if (a < lo && fm_madvise_sys(addr, lo - a, advice) < 0)
    return -1;
  uintptr_t end = fm_page_round_up(a + len);
  if (hi < end && fm_madvise_sys((void *)hi, end - hi, advice) < 0)
    return -1;
  if (advice == MADV_WILLNEED) { /* no more than half the budget: it would evict itself */
    uint64_t pages = (hi - lo) / FM_PAGE, cap = fm_frames_total() / 2;
    fm_prefetch_request(lo, (long)(pages < cap ? pages : cap), 0, false);
  } else /* FREE's contents are undefined until written: zeros will do */
    fm_evict_discard(lo, hi - lo, false);
  return 0;
}
