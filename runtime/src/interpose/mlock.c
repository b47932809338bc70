/* mlock.c -- memory locking of a program whose heap is far memory. The
 * kernel refuses to unmap a locked page (MADV_DONTNEED on VM_LOCKED is
 * EINVAL), so a locked far page could never be evicted, and
 * mlockall(MCL_CURRENT) would populate the whole far region and the
 * server's store. Far memory is never locked: mlock of it succeeds without
 * locking (said once), the rest of the range is locked by the kernel, and
 * mlockall locks everything else as it is touched (MCL_ONFAULT), with the
 * far region and the store unlocked again before any eviction can see them
 * locked. munlock and munlockall need nothing: unlocking is harmless.
 * Design: docs/design/allocation.md. */
#include "base/log.h"
#include "base/state.h"
#include "core/store_writes.h"
#include "backend/backend.h"
#include "memory/pool.h"
#include "interpose/madvise.h"

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void say_once(_Atomic bool *said, const char *call, const char *rest) {
  if (!atomic_exchange(said, true))
    fm_log("%s: far memory is never locked in memory (the runtime must be able to evict "
           "it); %s",
           call, rest);
}

/* Locks the parts of [addr, addr + len) outside the far region. */
static int lock_outside_far(const char *call, void *addr, size_t len, unsigned flags) {
  uintptr_t a = (uintptr_t)addr & ~(uintptr_t)(FM_PAGE - 1), lo, hi;
  uintptr_t end = fm_page_round_up((uintptr_t)addr + len);
  if (!fm_madvise_far_part(a, end - a, &lo, &hi))
    return (int)syscall(SYS_mlock2, addr, len, flags); /* the kernel's checks and errors */
  static _Atomic bool said;
  say_once(&said, call, "the rest of the range is locked");
  if (a < lo && syscall(SYS_mlock2, a, lo - a, flags) < 0)
    return -1;
  if (hi < end && syscall(SYS_mlock2, hi, end - hi, flags) < 0)
    return -1;
  return 0;
}

int mlock(const void *addr, size_t len) { return lock_outside_far("mlock", (void *)addr, len, 0); }

int mlock2(const void *addr, size_t len, unsigned int flags) {
  return lock_outside_far("mlock2", (void *)addr, len, flags);
}

int mlockall(int flags) {
  if (!fm.active || !(flags & MCL_CURRENT))
    return (int)syscall(SYS_mlockall, flags); /* new mappings are never far memory */
  static _Atomic bool said;
  say_once(&said, "mlockall", "the rest is locked as it is touched (MCL_ONFAULT)");
  fm_store_writes_stop(); /* no eviction while the far region is locked */
  int rc = (int)syscall(SYS_mlockall, flags | MCL_ONFAULT);
  if (rc == 0) {
    syscall(SYS_munlock, fm.far_base, fm.far_end - fm.far_base);
    fm_backend_unlock_store();
    fm_pool_unlock();
  }
  fm_store_writes_resume();
  return rc;
}
