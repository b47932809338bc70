/* report.c -- the statistics at exit: printed with FARHINT_STATS=1
 * (--stats) and written as JSON to FARHINT_STATS_FILE, from what every
 * module recorded (stats.c) and what each says of its state. */
#include "report.h"
#include "base/config.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "backend/backend.h"
#include "core/uffd.h"
#include "memory/evict.h"
#include "memory/frames.h"
#include "memory/pool.h"
#include "fault/prefetch.h"
#include "fault/priority.h"
#include "fault/proactive.h"
#include "ult/ult.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The statistics file, opened at start-up: a program that drops root (a
 * daemon's -u USER) can no longer open it at its end. Used only if it is
 * still the same file: a program that closes descriptors it did not open
 * may have reused the number. */
static struct stats_file {
  int fd;
  dev_t dev;
  ino_t ino;
} stats_at_start = {.fd = -1};

static bool opened_at_start(void) {
  struct stat st;
  return stats_at_start.fd >= 0 && fstat(stats_at_start.fd, &st) == 0 &&
         st.st_dev == stats_at_start.dev && st.st_ino == stats_at_start.ino;
}

/* A field of /proc/self/status in KiB (0 when absent); read without stdio,
 * whose buffers are malloc'd. */
static unsigned long status_kib(const char *field) {
  char text[4096];
  int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  ssize_t got = fd < 0 ? -1 : fm_libc.read(fd, text, sizeof text - 1);
  if (fd >= 0)
    close(fd);
  if (got <= 0)
    return 0;
  text[got] = 0;
  size_t len = strlen(field);
  for (const char *line = text; line; line = strchr(line, '\n')) {
    line += *line == '\n'; /* past the newline that ended the last line */
    if (!strncmp(line, field, len) && line[len] == ':')
      return strtoul(line + len + 1, NULL, 10);
  }
  return 0;
}

/* Appends to buf with bounds; no stdio streams (their buffers are malloc'd). */
#define APPEND(...) (n += snprintf(buf + n, n < sizeof json ? sizeof json - n : 0, __VA_ARGS__))

/* Written at start-up and at exit, by one thread at a time. */
static char json[64 << 10];

/* Proactive mode's samples of memory over time, as rows
 * [ms, local pages, far pages, far bytes, promotions], appended to buf. */
static size_t append_proactive(char *buf, size_t n) {
  struct fm_proactive_state st;
  fm_proactive_state(&st);
  APPEND(",\"proactive\":{\"rate_target\":%g,\"idle_s\":%.1f,\"evicted_pages\":%lu,"
         "\"promotions\":%lu,\"background_cpu_ns\":%lu,\"samples\":[",
         fm.cfg.proactive_rate, st.idle_s, (unsigned long)st.evicted, (unsigned long)st.promotions,
         (unsigned long)st.background_cpu_ns);
  for (unsigned i = 0; i < st.nsamples; i++)
    APPEND("%s[%u,%lu,%lu,%lu,%lu]", i ? "," : "", st.samples[i].ms,
           (unsigned long)st.samples[i].local_pages, (unsigned long)st.samples[i].far_pages,
           (unsigned long)st.samples[i].far_bytes, (unsigned long)st.samples[i].promotions);
  APPEND("]}");
  return n;
}

#define MAX_WORKERS_SHOWN 64

/* Each worker's statistics (--ult), appended to buf. */
static size_t append_ult_workers(char *buf, size_t n) {
  struct fm_ult_worker_stats w[MAX_WORKERS_SHOWN];
  int nw = fm_ult_worker_stats(w, MAX_WORKERS_SHOWN);
  APPEND(",\"ult_workers\":[");
  for (int i = 0; i < nw && i < MAX_WORKERS_SHOWN; i++)
    APPEND("%s{\"switches\":%lu,\"yields\":%lu,\"parks\":%lu,\"steals\":%lu,\"idle\":%lu,"
           "\"idle_ns\":%lu,\"calls\":%lu,\"calls_ns\":%lu}",
           i ? "," : "", (unsigned long)w[i].switches, (unsigned long)w[i].yields,
           (unsigned long)w[i].parks, (unsigned long)w[i].steals, (unsigned long)w[i].idle,
           (unsigned long)w[i].idle_ns, (unsigned long)w[i].calls, (unsigned long)w[i].calls_ns);
  APPEND("]");
  return n;
}

static void write_json(uint64_t cpu_ns) {
  uint64_t slow, wall;
  fm_stats_slow_path_totals(&slow, &wall);
  char *buf = json;
  size_t n = 0;
  APPEND("{\"format\":\"farhint-stats\",\"version\":2,\"config\":{");
  n += fm_config_describe(&fm.cfg, true, buf + n, n < sizeof json ? sizeof json - n : 0);
  APPEND(",\"vectorized_unmap\":%s,\"vectorized_write_protect\":%s},\"counters\":{",
         fm_evict_vectorized() ? "true" : "false", fm_uffd_has_wp_vec() ? "true" : "false");
  for (int i = 0; i < FM_C_COUNT; i++)
    APPEND("%s\"%s\":%lu", i ? "," : "", fm_stats_counter_name(i), (unsigned long)fm_stats_read(i));
  APPEND("},\"latency_ns\":{");
  static const char *const latencies[FM_LAT_COUNT] = {"hinted", "unhinted", "restore"};
  for (int w = 0; w < FM_LAT_COUNT; w++)
    APPEND("%s\"%s\":{\"p50\":%lu,\"p95\":%lu,\"p99\":%lu,\"p999\":%lu}", w ? "," : "",
           latencies[w], (unsigned long)fm_stats_percentile(w, 0.5),
           (unsigned long)fm_stats_percentile(w, 0.95), (unsigned long)fm_stats_percentile(w, 0.99),
           (unsigned long)fm_stats_percentile(w, 0.999));
  uint64_t pool_pages = 0, pool_bytes = 0;
  if (fm_backend_pool(&pool_pages, &pool_bytes))
    APPEND("},\"compressed_pool\":{\"pages\":%lu,\"bytes\":%lu,\"remote_pages\":%lu",
           (unsigned long)pool_pages, (unsigned long)pool_bytes,
           (unsigned long)fm_backend_pool_remote_pages());
  struct fm_prefetch_site sites[32];
  unsigned nsites = fm_prefetch_sites(sites, 32);
  APPEND("},\"prefetch_sites\":[");
  for (unsigned i = 0; i < nsites; i++)
    APPEND("%s{\"site\":%u,\"issued\":%lu,\"used\":%lu}", i ? "," : "", sites[i].site,
           (unsigned long)sites[i].issued, (unsigned long)sites[i].used);
  APPEND("],\"time_ns\":{");
  for (int i = 0; i < FM_T_COUNT; i++)
    APPEND("%s\"%s\":%lu", i ? "," : "", fm_stats_timer_name(i),
           (unsigned long)fm_stats_time_ns(i));
  /* the process's memory as the kernel counts it (a far store shared with
   * a memory server included: report_kernel_view) */
  APPEND("},\"runtime_cpu_ns\":%lu,\"process_cpu_ns\":%lu,\"hint_slow_path_ns\":{\"cpu\":%lu,"
         "\"wall\":%lu},\"peak_resident_pages\":%lu,\"rss_anon_kib\":%lu,\"vm_hwm_kib\":%lu",
         (unsigned long)cpu_ns, (unsigned long)fm_stats_process_cpu_ns(), (unsigned long)slow,
         (unsigned long)wall, (unsigned long)fm_frames_peak_used(), status_kib("RssAnon"),
         status_kib("VmHWM"));
  if (fm_proactive_on())
    n = append_proactive(buf, n);
  if (fm_ult_on())
    n = append_ult_workers(buf, n);
  APPEND("}\n");
  int fd = open(fm.cfg.stats_file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 && opened_at_start() && ftruncate(stats_at_start.fd, 0) == 0)
    fd = dup(stats_at_start.fd);
  if (fd < 0) {
    fm_log("cannot write FARHINT_STATS_FILE=%s: %s", fm.cfg.stats_file, strerror(errno));
    return;
  }
  ssize_t unused = pwrite(fd, buf, n < sizeof json ? n : sizeof json, 0);
  (void)unused;
  close(fd);
}

void fm_report_open_early(void) {
  if (!*fm.cfg.stats_file)
    return;
  struct stat st;
  int fd = open(fm.cfg.stats_file, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    fm_log("cannot write FARHINT_STATS_FILE=%s: %s", fm.cfg.stats_file, strerror(errno));
    return;
  }
  if (fstat(fd, &st) < 0) {
    close(fd);
    return;
  }
  stats_at_start = (struct stats_file){fd, st.st_dev, st.st_ino};
  write_json(0); /* never an empty file: a process that ends without a word
                    (exec, SIGKILL) leaves its statistics at the start */
}

/* Per page moved (fetched or evicted), by kind: what the data path costs. */
static void report_syscalls(const unsigned long *c) {
  static const enum fm_counter kinds[] = {
      FM_C_COPY_SYSCALLS,      FM_C_UNMAP_SYSCALLS,     FM_C_WP_SYSCALLS,
      FM_C_UNPROTECT_SYSCALLS, FM_C_UFFD_READ_SYSCALLS, FM_C_WAKE_SYSCALLS,
      FM_C_SLEEP_SYSCALLS,     FM_C_MOVE_SYSCALLS,      FM_C_SPLICE_SYSCALLS};
  uint64_t moved = c[FM_C_FETCH_PAGES] + c[FM_C_EVICT_PAGES], all = 0;
  if (!moved)
    return;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    all += c[kinds[i]];
  double m = (double)moved;
  fm_log("system calls per page moved: %.3f (copy %.3f, unmap %.3f, write-protect %.3f, "
         "un-protect %.3f, userfaultfd read %.3f, wake %.3f, sleep %.3f, move %.3f, splice %.3f)",
         all / m, c[FM_C_COPY_SYSCALLS] / m, c[FM_C_UNMAP_SYSCALLS] / m, c[FM_C_WP_SYSCALLS] / m,
         c[FM_C_UNPROTECT_SYSCALLS] / m, c[FM_C_UFFD_READ_SYSCALLS] / m, c[FM_C_WAKE_SYSCALLS] / m,
         c[FM_C_SLEEP_SYSCALLS] / m, c[FM_C_MOVE_SYSCALLS] / m, c[FM_C_SPLICE_SYSCALLS] / m);
}

/* Accuracy: of the pages prefetched ahead, the share a hint found before
 * they were evicted; per site, the busiest first. */
static void report_prefetch(const unsigned long *c) {
  uint64_t issued = c[FM_C_PREFETCH_PAGES];
  fm_log("prefetch ahead: %lu pages in %lu transfers (with read-ahead), used %lu (%.1f%%), "
         "evicted or freed unused %lu, requests dropped (queue full) %lu; unhinted faults "
         "on a page in flight %lu",
         (unsigned long)issued, c[FM_C_LINK_BATCHES], c[FM_C_PREFETCH_USED],
         issued ? 100.0 * (double)c[FM_C_PREFETCH_USED] / (double)issued : 0.0,
         c[FM_C_PREFETCH_WASTED], c[FM_C_PREFETCH_DROPPED], c[FM_C_FAULT_IN_FLIGHT]);
  struct fm_prefetch_site sites[8];
  unsigned n = fm_prefetch_sites(sites, 8);
  for (unsigned i = 0; i < n; i++)
    fm_log("  site %u: %lu pages prefetched, %lu used (%.1f%%)", sites[i].site,
           (unsigned long)sites[i].issued, (unsigned long)sites[i].used,
           sites[i].issued ? 100.0 * (double)sites[i].used / (double)sites[i].issued : 0.0);
}

static void report_keep(const unsigned long *c) {
  if (c[FM_C_KEEP_ADMITTED])
    fm_log(
        "kept part of re-scanned ranges (ev_prio keep): %lu pages admitted, %lu sent back "
        "(out of the sample or the re-scans ended), %lu evicted (no other victim), at most %.0f%% "
        "of the budget",
        c[FM_C_KEEP_ADMITTED], c[FM_C_KEEP_RELEASED], c[FM_C_KEEP_EVICTED],
        100 * fm.cfg.keep_fraction);
}

/* The kernel's own figures beside the budget, so a user can check that it
 * holds: the far store is mapped into the program (shared with the memory
 * server), so VmRSS and VmHWM count it; RssAnon does not. */
static void report_kernel_view(void) {
  uint64_t local = (fm_frames_total() - fm_frames_free()) * FM_PAGE;
  char store[400];
  snprintf(store, sizeof store, "far pages are on the memory server, %s", fm.cfg.backend);
  uint64_t pool_pages, pool_bytes;
  if (fm_backend_pool(&pool_pages, &pool_bytes))
    snprintf(store, sizeof store,
             "far pages are in the compressed pool, %lu MiB of this process's memory%s",
             (unsigned long)(pool_bytes >> 20),
             fm_backend_pool_remote_pages() ? ", and on the remote tier behind it" : "");
  else if (!strcmp(fm.cfg.backend, "local") || !strncmp(fm.cfg.backend, "unix:", 5))
    snprintf(store, sizeof store,
             "RssShmem %lu MiB is the far store shared with the memory server, not local memory",
             status_kib("RssShmem") >> 10);
  fm_log("kernel's view at exit: RssAnon %lu MiB (far-memory pages local now %lu MiB, "
         "peak %lu MiB, budget %lu MiB; the rest is stacks, static data and the runtime's "
         "own heap); %s",
         status_kib("RssAnon") >> 10, (unsigned long)(local >> 20),
         (unsigned long)(fm_frames_peak_used() * FM_PAGE >> 20),
         (unsigned long)(fm.cfg.local_bytes >> 20), store);
}

static void report_latency(void) {
  double us[2][4];
  static const double q[4] = {.5, .95, .99, .999};
  for (int w = 0; w < 2; w++)
    for (int i = 0; i < 4; i++)
      us[w][i] = fm_stats_percentile(w ? FM_LAT_UNHINTED : FM_LAT_HINTED, q[i]) / 1e3;
  fm_log("fault latency (us): hinted p50 %.1f p95 %.1f p99 %.1f p99.9 %.1f; unhinted p50 %.1f "
         "p95 %.1f p99 %.1f p99.9 %.1f",
         us[0][0], us[0][1], us[0][2], us[0][3], us[1][0], us[1][1], us[1][2], us[1][3]);
}

/* The compressed pool (--backend compress): what it holds, what that
 * takes, and what a restore costs. */
static void report_pool(const unsigned long *c) {
  uint64_t pages, bytes;
  if (!fm_backend_pool(&pages, &bytes))
    return;
  fm_log("compressed pool (%s): %lu pages in %.1f MiB (%.2fx); stored compressed %lu, "
         "same-filled %lu, whole %lu; restored %lu, restore (us) p50 %.1f p95 %.1f p99 %.1f",
         fm.cfg.backend, (unsigned long)pages, bytes / 1048576.0,
         bytes ? (double)pages * FM_PAGE / (double)bytes : 0.0, c[FM_C_COMPRESSED_PAGES],
         c[FM_C_SAME_FILLED_PAGES], c[FM_C_INCOMPRESSIBLE_PAGES], c[FM_C_RESTORED_PAGES],
         fm_stats_percentile(FM_LAT_RESTORE, .5) / 1e3,
         fm_stats_percentile(FM_LAT_RESTORE, .95) / 1e3,
         fm_stats_percentile(FM_LAT_RESTORE, .99) / 1e3);
  if (c[FM_C_POOL_DEMOTED_PAGES] || fm_backend_pool_remote_pages())
    fm_log("remote tier behind the pool: %lu pages there now; the pool sent on %lu (its "
           "coldest, over its %lu MiB budget), fetched back %lu",
           (unsigned long)fm_backend_pool_remote_pages(), c[FM_C_POOL_DEMOTED_PAGES],
           (unsigned long)(fm.cfg.pool_bytes >> 20), c[FM_C_REMOTE_TIER_PAGES]);
}

/* User-level threads: what their scheduler did, in all and per worker. */
static void report_ult(const unsigned long *c) {
  if (!fm_ult_on())
    return;
  fm_log("user-level threads: %lu started on %d workers; %lu hinted misses parked "
         "for %.1f ms in all (%s), %lu of them while the server's read was in flight; workers "
         "found nothing to run %lu times, for %.1f ms; "
         "waits on descriptors and sleeps parked in the poller: %lu, for %.1f ms; workers "
         "handed to another kernel thread while theirs blocked: %lu",
         c[FM_C_ULT_SPAWNS], fh_ult_workers(), c[FM_C_ULT_PARKED_MISSES],
         c[FM_C_ULT_PARKED_NS] / 1e6,
         fm.cfg.hint_block ? "--hint-mode=block: misses wait in place" : "switching",
         c[FM_C_ULT_PARKED_READS], c[FM_C_ULT_IDLE], c[FM_C_ULT_IDLE_NS] / 1e6,
         c[FM_C_ULT_POLLER_PARKS], c[FM_C_ULT_POLLER_PARK_NS] / 1e6, c[FM_C_ULT_HANDOFFS]);
  struct fm_ult_worker_stats w[MAX_WORKERS_SHOWN];
  int nw = fm_ult_worker_stats(w, MAX_WORKERS_SHOWN);
  for (int i = 0; i < nw && i < MAX_WORKERS_SHOWN; i++)
    fm_log("  worker %d: ran threads %lu times (came back yielding %lu, parked %lu; taken "
           "from other workers %lu); idle %lu times, %.1f ms; system calls %lu, %.1f ms "
           "(%.2f us each)",
           i, (unsigned long)w[i].switches, (unsigned long)w[i].yields, (unsigned long)w[i].parks,
           (unsigned long)w[i].steals, (unsigned long)w[i].idle, w[i].idle_ns / 1e6,
           (unsigned long)w[i].calls, w[i].calls_ns / 1e6,
           w[i].calls ? w[i].calls_ns / 1e3 / (double)w[i].calls : 0.0);
}

/* Buffered writes (memory/write_log.c): how many waited in a page's log,
 * and how their pages got them. */
static void report_write_log(const unsigned long *c) {
  if (!c[FM_C_LOGGED_WRITES] && !c[FM_C_LOG_APPLIED_PAGES] && !c[FM_C_LOG_WRITTEN_PAGES])
    return;
  fm_log("buffered writes: %lu logged instead of fetching their pages (counted as logs "
         "end); logs applied as their pages were mapped %lu, pages fetched, given their log "
         "and stored back %lu (%.1f writes a page moved)",
         c[FM_C_LOGGED_WRITES], c[FM_C_LOG_APPLIED_PAGES], c[FM_C_LOG_WRITTEN_PAGES],
         c[FM_C_LOG_APPLIED_PAGES] + c[FM_C_LOG_WRITTEN_PAGES]
             ? (double)c[FM_C_LOGGED_WRITES] /
                   (double)(c[FM_C_LOG_APPLIED_PAGES] + c[FM_C_LOG_WRITTEN_PAGES])
             : 0.0);
}

/* Proactive mode: what it evicted, what came back, what it saved. */
static void report_proactive(uint64_t cpu) {
  if (!fm_proactive_on())
    return;
  struct fm_proactive_state st;
  fm_proactive_state(&st);
  uint64_t pool_pages = 0, pool_bytes = 0, local = fm_frames_used() * FM_PAGE;
  bool pool = fm_backend_pool(&pool_pages, &pool_bytes);
  uint64_t native = local + pool_pages * FM_PAGE;
  double saved = 0, mean_saved = 0;
  if (pool && native)
    saved = 1 - (double)(local + pool_bytes) / (double)native;
  for (unsigned i = 0; i < st.nsamples; i++) {
    uint64_t nat = (st.samples[i].local_pages + st.samples[i].far_pages) * FM_PAGE;
    if (nat)
      mean_saved +=
          1 - (double)(st.samples[i].local_pages * FM_PAGE + st.samples[i].far_bytes) / (double)nat;
  }
  if (st.nsamples)
    mean_saved /= st.nsamples;
  fm_log("proactive: %lu pages evicted for being idle (idle for %.1f s now, hotter pages "
         "longer), %lu promotions back; local %.1f MiB now%s; memory saved now %.1f%%, "
         "%.1f%% on average over the run; CPU %.1f ms looking for idle pages and evicting "
         "them, %.1f ms in the rest of the runtime",
         (unsigned long)st.evicted, st.idle_s, (unsigned long)st.promotions, local / 1048576.0,
         pool ? "" : " (far pages elsewhere: saved on this machine is local alone)", 100 * saved,
         100 * mean_saved, st.background_cpu_ns / 1e6,
         (cpu > st.background_cpu_ns ? cpu - st.background_cpu_ns : 0) / 1e6);
}

void fm_report(void) {
  fm_stats_estimate_untimed_copies();
  fm_priority_settle();
  uint64_t cpu = fm_stats_runtime_cpu_ns();
  if (*fm.cfg.stats_file)
    write_json(cpu);
  if (!fm.cfg.stats)
    return;
  /* unsigned long, as %lu prints it (64 bits here) */
  _Static_assert(sizeof(unsigned long) == sizeof(uint64_t), "counters print as %lu");
  unsigned long c[FM_C_COUNT];
  for (int i = 0; i < FM_C_COUNT; i++)
    c[i] = fm_stats_read(i);
  char config[2048];
  fm_config_describe(&fm.cfg, false, config, sizeof config);
  fm_log("config: %s unmap=%s write_protect=%s frame_pool=%lu frames (%lu mmaps far)", config,
         fm_evict_vectorized() ? "process_madvise" : "madvise",
         fm_uffd_has_wp_vec() ? "vectorized" : "per-range", (unsigned long)fm_pool_frames(),
         c[FM_C_MMAP_BLOCKS]);
  fm_log("faults: hinted %lu, unhinted %lu (served from the faulting thread's core %lu, "
         "moves there %lu), write-protect %lu; hint slow-path calls %lu "
         "(all present %lu); read-ahead pages %lu, fresh pages mapped ahead of touches %lu; "
         "hints quiet %lu times, %.2f s in all (under %lu missing pages a second)",
         c[FM_C_FAULT_HINTED], c[FM_C_FAULT_UNHINTED], c[FM_C_FAULT_COLOCATED],
         c[FM_C_COLOCATE_MOVES], c[FM_C_FAULT_WP], c[FM_C_HINT_SLOW_CALLS], c[FM_C_HINT_HIT],
         c[FM_C_READAHEAD_PAGES], c[FM_C_PREFILL_PAGES], c[FM_C_HINTS_QUIETED],
         c[FM_C_HINTS_QUIET_NS] / 1e9, (unsigned long)fm.cfg.hints_quiet_below);
  fm_log("pages: fetched %lu (zero-filled %lu), evicted %lu (written back %lu) in %lu "
         "batches; freed %lu (reused in place %lu, dropped unwritten %lu); %lu unmap, %lu "
         "write-protect and %lu un-protect "
         "syscalls; reclaims by faulting threads %lu; frames recycled through the pool: %lu "
         "evicted into it, %lu fetched from it; dirty victims written back through a pipe %lu",
         c[FM_C_FETCH_PAGES], c[FM_C_ZERO_PAGES], c[FM_C_EVICT_PAGES], c[FM_C_WRITEBACK_PAGES],
         c[FM_C_EVICT_BATCHES], c[FM_C_FREED_PAGES], c[FM_C_REUSED_PAGES], c[FM_C_DISCARD_PAGES],
         c[FM_C_UNMAP_SYSCALLS], c[FM_C_WP_SYSCALLS], c[FM_C_UNPROTECT_SYSCALLS],
         c[FM_C_RECLAIM_SYNC], c[FM_C_POOL_IN_PAGES], c[FM_C_POOL_OUT_PAGES], c[FM_C_SPLICE_PAGES]);
  report_syscalls(c);
  fm_log("fault-serving threads: raised to SCHED_FIFO %lu times, lowered %lu times, %.2f s "
         "raised in all",
         c[FM_C_FAULT_PRIORITY_RAISED], c[FM_C_FAULT_PRIORITY_LOWERED],
         c[FM_C_FAULT_PRIORITY_RAISED_NS] / 1e9);
  report_ult(c);
  if (c[FM_C_PREFETCH_PAGES] || c[FM_C_PREFETCH_DROPPED] || c[FM_C_FAULT_IN_FLIGHT])
    report_prefetch(c);
  report_keep(c);
  report_latency();
  report_pool(c);
  report_write_log(c);
  uint64_t wall, slow;
  fm_stats_slow_path_totals(&slow, &wall);
  fm_log("runtime CPU: %.1f ms of the process's %.1f ms (the runtime's threads' CPU clocks, and "
         "the program threads' CPU in hint slow paths); program threads spent %.1f ms in hint "
         "slow paths, %.1f ms of it waiting (transfers, page locks, the scheduler)",
         cpu / 1e6, fm_stats_process_cpu_ns() / 1e6, wall / 1e6,
         (wall > slow ? wall - slow : 0) / 1e6);
  report_kernel_view();
  report_proactive(cpu);
  fm_log("time by mechanism (ms, all threads): copy-in %.1f, write-protect %.1f, write-back "
         "%.1f, unmap %.1f, un-protect %.1f, zeroing reused pages %.1f, link waits %.1f, "
         "page-lock waits %.1f, idle spinning %.1f, moves through the frame pool %.1f",
         fm_stats_time_ns(FM_T_COPY_IN) / 1e6, fm_stats_time_ns(FM_T_WRITE_PROTECT) / 1e6,
         fm_stats_time_ns(FM_T_WRITE_BACK) / 1e6, fm_stats_time_ns(FM_T_UNMAP) / 1e6,
         fm_stats_time_ns(FM_T_UNPROTECT) / 1e6, fm_stats_time_ns(FM_T_REUSE_ZERO) / 1e6,
         fm_stats_time_ns(FM_T_LINK) / 1e6, fm_stats_time_ns(FM_T_LOCK_WAIT) / 1e6,
         fm_stats_time_ns(FM_T_SPIN) / 1e6, fm_stats_time_ns(FM_T_MOVE) / 1e6);
}
