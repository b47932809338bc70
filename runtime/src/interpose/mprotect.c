/* mprotect.c -- the program's mprotect of far memory (a guard page in an
 * arena, a read-only table). The kernel applies every protection; read-only
 * and executable pages need nothing more (the runtime still reads them to
 * evict them, and the kernel stops a write before any fault reaches the
 * runtime). PROT_NONE pages could not be read by the runtime either, so
 * their local copies are evicted first and they leave the runtime's view
 * until the program makes them accessible again (evict.c's fm_evict_set_access).
 * A thread touching pages while another protects them races natively too;
 * here a page it faults in between could be left local and unreadable.
 * Design: docs/design/allocation.md. */
#include "base/state.h"
#include "memory/evict.h"
#include "interpose/madvise.h"

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int mprotect(void *addr, size_t len, int prot) {
  uintptr_t a = (uintptr_t)addr, lo, hi;
  if ((a & (FM_PAGE - 1)) || !fm_madvise_far_part(a, len, &lo, &hi))
    return (int)syscall(SYS_mprotect, addr, len, prot);
  if (prot == PROT_NONE)
    fm_evict_set_access(lo, hi - lo, false);
  int rc = (int)syscall(SYS_mprotect, addr, len, prot);
  if (prot != PROT_NONE ? rc == 0 : rc != 0) /* (a refused PROT_NONE changed nothing) */
    fm_evict_set_access(lo, hi - lo, true);
  return rc;
}
