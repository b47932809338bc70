/* config.h -- configuration (config.c): every setting is a row of farhint/settings.def,
 * which gives its name in the environment (FARHINT_<NAME>), its `farhint run` option and its
 * default. */
#pragma once

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* In the order of POLICY's choices in farhint/settings.def, as RECLAIM's below. */
enum fm_policy { FM_POLICY_FIFO, FM_POLICY_CLOCK, FM_POLICY_LRU, FM_POLICY_PRIO };
/* Reclaim lists: priority classes or LRU lists (LRU_LISTS's maximum in
 * farhint/settings.def). */
#define FM_MAX_LISTS 8
/* Who evicts: the reclaim thread ahead of need, the faulting threads when
 * no frame is free, or (auto) the first unless recent batches were scattered
 * (reclaim.c). */
enum fm_reclaim { FM_RECLAIM_AUTO, FM_RECLAIM_BACKGROUND, FM_RECLAIM_INLINE };
enum fm_fault_priority { FM_FAULT_PRIORITY_AUTO, FM_FAULT_PRIORITY_RT, FM_FAULT_PRIORITY_NORMAL };

/* One field per row of farhint/settings.def, which says what each holds,
 * its FARHINT_<NAME>, default and bounds. */
struct fm_config {
  uint64_t local_bytes;
  uint64_t far_bytes;
  enum fm_policy policy;
  unsigned lru_lists;
  unsigned evict_batch;
  double free_fraction;
  double keep_fraction;
  uint64_t hints_quiet_below;
  enum fm_reclaim reclaim;
  bool unhinted_readahead;
  bool frame_pool;
  bool splice_writeback;
  bool vectorized_wp;
  bool colocate;
  enum fm_fault_priority fault_priority;
  bool follow_children;
  uint64_t link_latency_ns;
  uint64_t link_bandwidth_bps;
  char backend[256];
  uint64_t pool_bytes; /* two tiers: the pool's budget (0 until connected: a quarter of local) */
  uint64_t write_log_bytes; /* buffered writes' logs (0: a quarter of local) */
  char token_file[512];
  uint64_t server_deadline_ns;
  char server_path[512];
  bool trace;
  char trace_file[512];
  uint64_t trace_full;
  uint64_t trace_spatial;
  uint64_t trace_spatial_up_to;
  double trace_local_share;
  double proactive_rate;
  uint64_t mmap_threshold;
  uint64_t trace_warmup_ns;
  double trace_slowdown;
  uint64_t trace_window_ns;
  int trace_start_signal;
  bool stats;
  char stats_file[512];
  bool ult;
  unsigned cores;
  bool hint_block;
  uint64_t ult_stack_bytes;
};

int fm_config_load(struct fm_config *c); /* 0, or -1 after printing why */
/* Every setting as name=value, or as the members of a JSON object. */
size_t fm_config_describe(const struct fm_config *c, bool json, char *buf, size_t len);

/* The signal trace mode's control thread sends a faulting thread (trace.c):
 * not one the program may give as FARHINT_TRACE_START_SIGNAL. */
#define FM_TRACE_SIGNAL (SIGRTMIN + 8)
