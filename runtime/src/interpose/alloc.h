/* alloc.h -- allocation (alloc.c). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int fm_alloc_install(void);
/* The extent far_alloc created last on this thread (fresh: reads as zeros). */
bool fm_alloc_fresh(uintptr_t base, size_t len);
