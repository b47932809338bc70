/* mmap.h -- the program's big anonymous mappings (mmap.c). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The program unmapped [lo, hi) (munmap, mremap). If lo is in a far block,
 * drops the block's pages in the range and gives the block back to the heap
 * once none is left; returns where the part handled (or, outside any block,
 * the part up to the next block) ends. */
uintptr_t fm_mmap_unmapped(uintptr_t lo, uintptr_t hi, bool *in_block);
/* A far block of len bytes, zeroed, or NULL (below the threshold, or none
 * left). */
void *fm_mmap_far(size_t len);
