/* madvise.h -- the program's madvise on far memory (madvise.c). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The part of [a, a + len) inside the far region, whole pages (the kernel
 * rounds len up); false when there is none or the runtime is not up. */
bool fm_madvise_far_part(uintptr_t a, size_t len, uintptr_t *lo, uintptr_t *hi);
