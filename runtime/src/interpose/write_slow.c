/* write_slow.c -- the entry of buffered writes (hint.h's farhint_write_slow):
 * the pass calls it for a write whose far page is not local.
 * Design: docs/design/buffered-writes.md. */
#include "core/meta.h" /* hint.h, the ABI only */
#include "memory/write_log.h"

void farhint_write_slow(void *addr, uint64_t value, uint32_t kind) {
  fm_write_log_write((uintptr_t)addr, value, kind);
}

void farhint_write_slow_preserve_most(void *addr, uint64_t value, uint32_t kind) {
  fm_write_log_write((uintptr_t)addr, value, kind);
}
