/* link.h -- the modelled link (link.c). */
#pragma once

#include <stddef.h>
#include <stdint.h>

void fm_link_transfer(size_t bytes); /* model one round trip */
/* Post a transfer among others in flight (the prefetch thread's): latency
 * overlaps, the link carries one transfer at a time at its bandwidth.
 * Returns when it lands (fm_stats_now_ns clock). */
uint64_t fm_link_post(size_t bytes);
uint64_t fm_link_ns(size_t bytes); /* how long one takes */
