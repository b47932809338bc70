/* stack_scan.h -- return addresses on a stack (stack_scan.c). */
#pragma once

#include <stdint.h>

/* Return addresses found on a stack above sp, at most max (stack_scan.c). */
unsigned fm_stack_scan(uintptr_t sp, uint64_t *out, unsigned max);
