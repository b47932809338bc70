/* self.c -- where libfarmem's own code lies, so an interposed function can
 * tell the program's calls from libfarmem's: jemalloc (linked in) and the
 * runtime call the same mmap and pthread functions the program does, and
 * must get the kernel's and glibc's.
 * Design: docs/design/layers.md. */
#include "base/self.h"

#include <link.h>

static uintptr_t self_lo, self_hi;

static int find_self(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  uintptr_t probe = (uintptr_t)data;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && probe >= lo && probe < hi) {
      self_lo = lo;
      self_hi = hi;
      return 1;
    }
  }
  return 0;
}

void fm_self_init(void) { dl_iterate_phdr(find_self, (void *)(uintptr_t)find_self); }

extern const char fm_program_return[]; /* call_program.S */

bool fm_self_called(const void *ret) {
  uintptr_t r = (uintptr_t)ret;
  return r >= self_lo && r < self_hi && r != (uintptr_t)fm_program_return;
}
