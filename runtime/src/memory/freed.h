/* freed.h -- freed memory (freed.c): jemalloc's decommit and commit. */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Local pages stay mapped with dead data, far copies are forgotten. */
void fm_freed(uintptr_t base, size_t len);
/* Reused: the pages still local are zeroed in place, the others zero-fill. */
void fm_freed_reuse(uintptr_t base, size_t len);
/* Before picking victims: pages freed a while ago and not reused go first. */
void fm_freed_age(void);
