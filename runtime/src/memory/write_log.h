/* write_log.h -- writes to far pages kept in a log per page instead of
 * fetching the page (write_log.c).
 * Design: docs/design/buffered-writes.md. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* The log may take up to budget bytes of the local budget (its chunks take
 * frames as they fill). */
int fm_write_log_init(uint64_t budget);
/* The write (a hint.h FARHINT_W_* kind) to addr: in place if its page is
 * local or not far memory, else into the page's log. */
void fm_write_log_write(uintptr_t addr, uint64_t value, uint32_t kind);
/* page is locked by the caller and absent, with word w: copies its data
 * as far memory holds it (its far copy, or zeros) from `from` into dst and
 * applies its log there, in the order it was written, if it has one;
 * returns dst. */
void *fm_write_log_apply(uintptr_t page, uint64_t w, const void *from, void *dst);
/* Then, once dst is mapped (a forked child goes by whether the log is
 * still there): frees the log, counting the page; returns w without it. */
uint64_t fm_write_log_mapped(uintptr_t page, uint64_t w);
/* Frees the log of a page the program dropped: its writes die with it.
 * Returns w without the log. */
uint64_t fm_write_log_free(uintptr_t page, uint64_t w);
/* In a forked child, after it copied the far pages it had not: the logs of
 * the pages it has not got written into them (fork.c). child_has as there. */
void fm_write_log_apply_in_child(bool (*child_has)(uintptr_t page, uint64_t w));
