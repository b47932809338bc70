/* stats.c -- counters, timers, fault-latency histograms and runtime CPU,
 * recorded by every module and read for the report (report.c).
 * Design: docs/design/layers.md. */
#include "base/stats.h"
#include "base/libc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Log-linear buckets: 8 per power of two of nanoseconds. */
#define SUB 8
#define BUCKETS (64 * SUB)
#define MAX_THREADS 8

static struct {
  _Atomic uint64_t c[FM_C_COUNT];
  _Atomic uint64_t lat[FM_LAT_COUNT][BUCKETS];
  _Atomic uint64_t slow_path_ns, slow_path_wall_ns;
  _Atomic uint64_t time_ns[FM_T_COUNT];
  pthread_t threads[MAX_THREADS]; /* 0: ended (its CPU is in ended_cpu_ns) */
  _Atomic int nthreads;
  _Atomic uint64_t ended_cpu_ns;
  /* Copy-ins of faults that could not be timed, and those of the sample
   * timed in their stead (fm_stats_fault_timing). */
  _Atomic uint64_t untimed_copies, sampled_copies, sampled_copy_ns;
} recorded;

static __thread enum fm_fault_timing fault_timing;

static const char *const counter_names[] = {
#define COUNTER(id, name, what) name,
#include "counters.def"
#undef COUNTER
};
_Static_assert(sizeof counter_names / sizeof counter_names[0] == FM_C_COUNT,
               "a name for every counter");

uint64_t fm_stats_now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return fm_timespec_ns(&t);
}

void fm_stats_count(enum fm_counter c, uint64_t n) {
  atomic_fetch_add_explicit(&recorded.c[c], n, memory_order_relaxed);
}

uint64_t fm_stats_read(enum fm_counter c) {
  return atomic_load_explicit(&recorded.c[c], memory_order_relaxed);
}

static unsigned bucket_of(uint64_t ns) {
  if (ns < SUB)
    return (unsigned)ns;
  unsigned msb = 63 - (unsigned)__builtin_clzll(ns);
  unsigned sub = (unsigned)(ns >> (msb - 3)) & (SUB - 1);
  return (msb - 2) * SUB + sub;
}

static uint64_t bucket_value(unsigned b) { /* lower bound of the bucket */
  if (b < SUB)
    return b;
  unsigned msb = b / SUB + 2, sub = b % SUB;
  return ((uint64_t)(SUB + sub)) << (msb - 3);
}

void fm_stats_fault_timing(enum fm_fault_timing t) { fault_timing = t; }

void fm_stats_latency(bool unhinted, uint64_t ns) {
  if (fault_timing == FM_UNTIMED)
    return;
  atomic_fetch_add_explicit(
      &recorded.lat[unhinted ? FM_LAT_UNHINTED : FM_LAT_HINTED][bucket_of(ns)], 1,
      memory_order_relaxed);
}

void fm_stats_restore_latency(uint64_t ns) {
  atomic_fetch_add_explicit(&recorded.lat[FM_LAT_RESTORE][bucket_of(ns)], 1, memory_order_relaxed);
}

static const char *const timer_names[FM_T_COUNT] = {
    "copy_in",    "write_protect", "write_back",     "unmap",     "unprotect",
    "reuse_zero", "link_wait",     "page_lock_wait", "idle_spin", "move"};

void fm_stats_time_add(enum fm_timer t, uint64_t since_ns) {
  atomic_fetch_add_explicit(&recorded.time_ns[t], fm_stats_now_ns() - since_ns,
                            memory_order_relaxed);
}

void fm_stats_copy_in(uint64_t since_ns) {
  if (fault_timing == FM_UNTIMED) {
    atomic_fetch_add_explicit(&recorded.untimed_copies, 1, memory_order_relaxed);
    return;
  }
  uint64_t ns = fm_stats_now_ns() - since_ns;
  atomic_fetch_add_explicit(&recorded.time_ns[FM_T_COPY_IN], ns, memory_order_relaxed);
  if (fault_timing == FM_TIMED_SAMPLE) {
    atomic_fetch_add_explicit(&recorded.sampled_copies, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&recorded.sampled_copy_ns, ns, memory_order_relaxed);
  }
}

void fm_stats_slow_path(uint64_t cpu_ns, uint64_t wall_ns) {
  atomic_fetch_add_explicit(&recorded.slow_path_ns, cpu_ns, memory_order_relaxed);
  atomic_fetch_add_explicit(&recorded.slow_path_wall_ns, wall_ns, memory_order_relaxed);
}

uint64_t fm_stats_process_cpu_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return fm_timespec_ns(&t);
}

void fm_stats_register_thread(pthread_t t) {
  int i = atomic_fetch_add(&recorded.nthreads, 1);
  if (i < MAX_THREADS)
    recorded.threads[i] = t;
}

/* Its handle is not read after this: once the thread has ended, it may
 * name a thread of the program's. */
void fm_stats_thread_ends(void) {
  int n = recorded.nthreads < MAX_THREADS ? recorded.nthreads : MAX_THREADS;
  for (int i = 0; i < n; i++)
    if (recorded.threads[i] && pthread_equal(recorded.threads[i], fm_libc.pthread_self())) {
      struct timespec t;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
      atomic_fetch_add(&recorded.ended_cpu_ns, fm_timespec_ns(&t));
      recorded.threads[i] = 0;
    }
}

uint64_t fm_stats_percentile(enum fm_latency which, double q) {
  uint64_t total = 0, seen = 0;
  for (int b = 0; b < BUCKETS; b++)
    total += recorded.lat[which][b];
  if (!total)
    return 0;
  uint64_t rank = (uint64_t)(q * (double)(total - 1)) + 1;
  for (int b = 0; b < BUCKETS; b++) {
    seen += recorded.lat[which][b];
    if (seen >= rank)
      return bucket_value((unsigned)b);
  }
  return 0;
}

uint64_t fm_stats_runtime_cpu_ns(void) {
  uint64_t sum = recorded.slow_path_ns + recorded.ended_cpu_ns;
  int n = recorded.nthreads < MAX_THREADS ? recorded.nthreads : MAX_THREADS;
  for (int i = 0; i < n; i++) {
    clockid_t cid;
    struct timespec t;
    if (recorded.threads[i] && pthread_getcpuclockid(recorded.threads[i], &cid) == 0 &&
        clock_gettime(cid, &t) == 0)
      sum += fm_timespec_ns(&t);
  }
  return sum;
}

const char *fm_stats_counter_name(enum fm_counter c) { return counter_names[c]; }

const char *fm_stats_timer_name(enum fm_timer t) { return timer_names[t]; }

uint64_t fm_stats_time_ns(enum fm_timer t) {
  return atomic_load_explicit(&recorded.time_ns[t], memory_order_relaxed);
}

void fm_stats_slow_path_totals(uint64_t *cpu_ns, uint64_t *wall_ns) {
  *cpu_ns = recorded.slow_path_ns;
  *wall_ns = recorded.slow_path_wall_ns;
}

/* Each untimed copy-in is taken to cost what the sampled ones did. */
void fm_stats_estimate_untimed_copies(void) {
  uint64_t untimed = atomic_exchange(&recorded.untimed_copies, 0), n = recorded.sampled_copies;
  if (n)
    recorded.time_ns[FM_T_COPY_IN] += untimed * recorded.sampled_copy_ns / n;
}
