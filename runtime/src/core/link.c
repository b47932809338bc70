/* link.c -- the modelled link to the memory server: its latency and
 * bandwidth (FARHINT_LINK_LATENCY, FARHINT_LINK_BANDWIDTH, or the server's),
 * waited out by a transfer on the calling thread, or pipelined for the
 * prefetch thread's transfers in flight. */
#include "core/link.h"
#include "base/state.h"
#include "base/stats.h"

uint64_t fm_link_ns(size_t bytes) {
  uint64_t ns = fm.cfg.link_latency_ns;
  if (fm.cfg.link_bandwidth_bps)
    ns += (uint64_t)((double)bytes * 8e9 / (double)fm.cfg.link_bandwidth_bps);
  return ns;
}

void fm_link_transfer(size_t bytes) {
  if (!fm.cfg.link_latency_ns && !fm.cfg.link_bandwidth_bps)
    return;
  uint64_t t0 = fm_stats_now_ns(), until = t0 + fm_link_ns(bytes);
  while (fm_stats_now_ns() < until) /* a fetch polls its completion, as RDMA does */
    __builtin_ia32_pause();
  fm_stats_time_add(FM_T_LINK, t0);
}

uint64_t fm_link_post(size_t bytes) {
  static uint64_t link_free_ns; /* when the link has sent what is posted */
  uint64_t now = fm_stats_now_ns();
  if (!fm.cfg.link_latency_ns && !fm.cfg.link_bandwidth_bps)
    return now;
  uint64_t wire = fm_link_ns(bytes) - fm.cfg.link_latency_ns;
  uint64_t start = link_free_ns > now ? link_free_ns : now;
  link_free_ns = start + wire;
  return start + wire + fm.cfg.link_latency_ns;
}
