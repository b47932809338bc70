/* self.h -- libfarmem's own code, told from the program's (self.c, call_program.S). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

void fm_self_init(void);
bool fm_self_called(const void *ret);
/* fn(a, b, c) for a function of the program's: interposed functions it
 * calls, even as a tail call, count as the program's (call_program.S). */
uintptr_t fm_call_program(const void *fn, uintptr_t a, uintptr_t b, uintptr_t c);
