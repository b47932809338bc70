/* stats.h -- counters, timers and latency histograms every module records (stats.c; the
 * table of counters is counters.def). */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <pthread.h>
#include <time.h>

enum fm_counter {
#define COUNTER(id, name, what) FM_C_##id,
#include "counters.def"
#undef COUNTER
  FM_C_COUNT
};
void fm_stats_count(enum fm_counter c, uint64_t n);
uint64_t fm_stats_read(enum fm_counter c);
/* Where the runtime's time goes, by mechanism (--stats). */
enum fm_timer {
  FM_T_COPY_IN,       /* UFFDIO_COPY: fetches, zero-fills, prefill */
  FM_T_WRITE_PROTECT, /* eviction's write-protect of dirty victims */
  FM_T_WRITE_BACK,    /* eviction's copies to far memory */
  FM_T_UNMAP,         /* eviction's unmap */
  FM_T_UNPROTECT,     /* first writes to clean pages, reuse of freed ones */
  FM_T_REUSE_ZERO,    /* zeroing freed pages reused in place */
  FM_T_LINK,          /* waiting on the modelled link (synchronous transfers) */
  FM_T_LOCK_WAIT,     /* waiting for a page another thread holds */
  FM_T_SPIN,          /* idle runtime threads polling for work */
  FM_T_MOVE,          /* UFFDIO_MOVE of frames into and out of the pool */
  FM_T_COUNT
};
void fm_stats_time_add(enum fm_timer t, uint64_t since_ns); /* adds now - since_ns */
void fm_stats_latency(bool unhinted, uint64_t ns);          /* of a fault, hinted or not */
void fm_stats_restore_latency(uint64_t ns);                 /* of a decompression (compress.c) */
enum fm_latency { FM_LAT_HINTED, FM_LAT_UNHINTED, FM_LAT_RESTORE, FM_LAT_COUNT };
/* Whether this thread's current fault can be timed: beside a lone faulting
 * thread most cannot (control.c), and a sample of those that can stands
 * for them. */
enum fm_fault_timing { FM_TIMED, FM_TIMED_SAMPLE, FM_UNTIMED };
void fm_stats_fault_timing(enum fm_fault_timing t);
void fm_stats_copy_in(uint64_t since_ns);
/* A call into the hint slow path on a program thread: its CPU, and its
 * time less any time parked while other user-level threads ran. */
void fm_stats_slow_path(uint64_t cpu_ns, uint64_t wall_ns);
void fm_stats_register_thread(pthread_t t);
/* A registered thread that returns says so first (its CPU is kept). */
void fm_stats_thread_ends(void);
uint64_t fm_stats_process_cpu_ns(void);
/* For the report (report.c). */
const char *fm_stats_counter_name(enum fm_counter c);
const char *fm_stats_timer_name(enum fm_timer t);
uint64_t fm_stats_time_ns(enum fm_timer t);
uint64_t fm_stats_percentile(enum fm_latency which, double q); /* ns */
uint64_t fm_stats_runtime_cpu_ns(void);
void fm_stats_slow_path_totals(uint64_t *cpu_ns, uint64_t *wall_ns);
void fm_stats_estimate_untimed_copies(void);
uint64_t fm_stats_now_ns(void);
#define NS_PER_S 1000000000LL
#define NS_PER_MS 1000000LL
static inline uint64_t fm_timespec_ns(const struct timespec *t) {
  return (uint64_t)t->tv_sec * NS_PER_S + (uint64_t)t->tv_nsec;
}
static inline struct timespec fm_ns_timespec(uint64_t ns) {
  return (struct timespec){(time_t)(ns / NS_PER_S), (long)(ns % NS_PER_S)};
}
