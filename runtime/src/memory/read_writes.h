/* read_writes.h -- whether unhinted read faults map pages writable (read_writes.c). */
#pragma once

#include <stdbool.h>

/* Whether what an unhinted read fault maps (its page, or the window read
 * ahead of it) is mapped writable and dirty at once; *sample: mapped
 * write-protected instead, to measure, and marked FARHINT_META_WP_SAMPLE. */
bool fm_reads_map_writable(unsigned pages, bool *sample);
/* Sampled pages written: a write-protect fault, or reuse after a free. */
void fm_reads_written(unsigned pages);
