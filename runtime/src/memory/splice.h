/* splice.h -- dirty victims written back through a pipe (splice.c). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define FM_SPLICE_MAX 256  /* pages a pipe holds: 1 MiB, the default pipe-max-size */
void fm_splice_init(void); /* probes vmsplice; off, saying why, where it cannot */
bool fm_splice_on(void);
/* Puts references to the frames of the first of n <= FM_SPLICE_MAX local
 * pages (ascending) into a free pipe, *pipe; returns how many (0, *pipe -1:
 * none free). Once
 * the caller has unmapped them, fm_splice_store writes them back and frees
 * the pipe. */
unsigned fm_splice_take(const uintptr_t *pages, unsigned n, int *pipe);
void fm_splice_store(int pipe, const uintptr_t *pages, unsigned n);
