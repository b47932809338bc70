/* The callers of a thread that faulted inside a system call, for the
 * profile. Such a thread is in the kernel, not in a signal handler, so it
 * cannot be unwound: the trace has only its user pc (the system call's
 * wrapper in libc), and the fault would be blamed on write() instead of
 * the program's line that called it. So the words of its stack above its
 * sp are scanned for return addresses, as stack-scanning unwinders do when
 * frames cannot be walked: a word counts when the bytes just before it are
 * a call instruction. The first ones above a wrapper's sp are its callers;
 * a stale one further up can slip in, and a data word that happens to
 * follow a call-like byte points outside any code and is dropped when
 * symbolized. The stack and the code are read with process_vm_readv, so
 * an address that is not mapped is an error, never a crash; a word in far
 * memory is never read (its fault would wait for the control thread, the
 * one reading).
 * Design: docs/design/layers.md. */
#include "base/stack_scan.h"
#include "base/state.h"

#include <sys/uio.h>
#include <unistd.h>

#define SCAN_WORDS 512 /* 4 KiB of stack: a few frames of libc and the caller's */

static bool read_self(uintptr_t addr, void *buf, size_t len) {
  struct iovec local = {buf, len}, remote = {(void *)addr, len};
  return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)len;
}

/* Whether the 7 bytes before a return address (b[6] the last) end in a
 * call: e8 rel32, or ff /2 through a register, [reg+disp8], [rip+disp32]
 * or [reg+disp32]. */
static bool follows_call(const unsigned char b[7]) {
  return b[2] == 0xe8 || (b[5] == 0xff && (b[6] & 0xf8) == 0xd0) ||
         (b[4] == 0xff && (b[5] & 0xf8) == 0x50 && (b[5] & 7) != 4) ||
         (b[1] == 0xff && (b[2] == 0x15 || ((b[2] & 0xf8) == 0x90 && (b[2] & 7) != 4)));
}

unsigned fm_stack_scan(uintptr_t sp, uint64_t *out, unsigned max) {
  uint64_t words[SCAN_WORDS];
  size_t got = 0;
  if (sp + SCAN_WORDS * 8 > fm.far_base && sp < fm.far_end)
    return 0; /* stacks are never far (mmap.c leaves MAP_STACK alone), but be sure */
  /* A partial read at the stack's top: read page by page up to it. */
  while (got < SCAN_WORDS) {
    uintptr_t at = sp + got * 8;
    size_t to_page = (FM_PAGE - (at & (FM_PAGE - 1))) / 8, n = SCAN_WORDS - got;
    n = n < to_page ? n : to_page;
    if (!read_self(at, words + got, n * 8))
      break;
    got += n;
  }
  unsigned found = 0;
  for (size_t i = 0; i < got && found < max; i++) {
    uint64_t w = words[i];
    unsigned char before[7];
    if (w < FM_PAGE || w >> 47 || (w >= sp && w < sp + SCAN_WORDS * 8) ||
        (w + 8 > fm.far_base && w - 8 < fm.far_end))
      continue; /* not a user address, a pointer into this stack, or data */
    if (read_self(w - 7, before, sizeof before) && follows_call(before))
      out[found++] = w;
  }
  return found;
}
