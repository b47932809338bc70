/* config.c -- reads the runtime's configuration once, from FARHINT_*
 * environment variables (set by `farhint run` from its flags). */
#include "fm.h"

#include <farhint/trace.h>

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

const char *fm_policy_name(enum fm_policy p) {
  switch (p) {
  case FM_POLICY_FIFO: return "fifo";
  case FM_POLICY_CLOCK: return "clock";
  case FM_POLICY_LRU: return "lru";
  case FM_POLICY_PRIO: return "prio";
  }
  return "?";
}

const char *fm_reclaim_name(enum fm_reclaim r) {
  switch (r) {
  case FM_RECLAIM_AUTO: return "auto";
  case FM_RECLAIM_BACKGROUND: return "background";
  case FM_RECLAIM_INLINE: return "inline";
  }
  return "?";
}

/* "512M", "2g", "4096" -> bytes; "5us", "1ms", "200" (ns) -> ns;
 * "100gbit", "25Gbit", "1e9" (bit/s) -> bit/s. mult_table maps suffixes. */
struct suffix {
  const char *name;
  double mult;
};
static const struct suffix size_suffixes[] = {
    {"", 1}, {"b", 1}, {"k", 1 << 10}, {"kb", 1 << 10}, {"kib", 1 << 10},
    {"m", 1 << 20}, {"mb", 1 << 20}, {"mib", 1 << 20}, {"g", 1 << 30},
    {"gb", 1 << 30}, {"gib", 1 << 30}, {"t", 1ULL << 40}, {NULL, 0}};
static const struct suffix time_suffixes[] = {
    {"", 1}, {"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}, {NULL, 0}};
static const struct suffix rate_suffixes[] = {
    {"", 1}, {"bit", 1}, {"kbit", 1e3}, {"mbit", 1e6}, {"gbit", 1e9}, {NULL, 0}};

static int parse_with_suffix(const char *name, const char *text,
                             const struct suffix *table, uint64_t *out) {
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  if (errno || end == text || v < 0)
    goto bad;
  while (isspace((unsigned char)*end))
    end++;
  for (const struct suffix *s = table; s->name; s++) {
    if (strcasecmp(end, s->name) == 0) {
      *out = (uint64_t)(v * s->mult);
      return 0;
    }
  }
bad:
  fm_log("FARHINT_%s=%s is not a valid value (examples:%s)", name, text,
         table == size_suffixes   ? " 512M, 2G, 1048576"
         : table == time_suffixes ? " 5us, 0, 200ns"
                                  : " 100gbit, 25gbit, 0");
  return -1;
}

static int env_u64(const char *name, const struct suffix *table,
                   uint64_t *out) {
  char key[64] = "FARHINT_";
  strncat(key, name, sizeof key - 9);
  const char *v = getenv(key);
  if (!v || !*v)
    return 0;
  return parse_with_suffix(name, v, table, out);
}

/* A fraction in [0, max]; 0 if unset, -1 after saying why. */
static int env_fraction(const char *name, double max, double example, double *out) {
  char key[64] = "FARHINT_";
  strncat(key, name, sizeof key - 9);
  const char *v = getenv(key);
  if (!v || !*v)
    return 0;
  char *end;
  double f = strtod(v, &end);
  if (*end || end == v || !(f >= 0 && f <= max)) {
    fm_log("%s=%s must be a fraction in [0, %g], e.g. %g", key, v, max, example);
    return -1;
  }
  *out = f;
  return 0;
}

static void env_str(const char *name, char *dst, size_t len) {
  char key[64] = "FARHINT_";
  strncat(key, name, sizeof key - 9);
  const char *v = getenv(key);
  if (v && *v) {
    strncpy(dst, v, len - 1);
    dst[len - 1] = 0;
  }
}

/* A file each process of a followed tree writes: "%p" in its name becomes
 * the process id (children inherit the name with "%p" still in it). */
static void per_process(char *path, size_t len) {
  char *at = strstr(path, "%p");
  if (!at)
    return;
  char rest[sizeof ((struct fm_config *)0)->trace_file];
  snprintf(rest, sizeof rest, "%s", at + 2);
  snprintf(at, len - (size_t)(at - path), "%d%s", (int)getpid(), rest);
}

int fm_config_load(struct fm_config *c) {
  memset(c, 0, sizeof *c);
  c->local_bytes = 1ULL << 30;
  c->far_bytes = 64ULL << 30;
  c->policy = FM_POLICY_FIFO;
  c->lru_lists = 4;
  c->cores = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
  c->ult_stack_bytes = 256 << 10;
  /* A flush per call costs ~6 us with the program running: 32 neighbours
   * share it at ~0.4 us a page, and 64 measured no faster (bench_primitives,
   * docs/results/primitives-2026-11-23). */
  c->evict_batch = 32;
  c->free_fraction = 0.01;
  c->keep_fraction = 0.75;
  c->trace_full = FARHINT_TRACE_FULL;
  c->mmap_threshold = 1 << 20;
  c->link_latency_ns = 5000;
  c->link_bandwidth_bps = 100000000000ULL;
  strcpy(c->backend, "local");

  uint64_t batch = c->evict_batch, lru_lists = c->lru_lists, cores = c->cores;
  uint64_t start_signal = 0;
  char policy[32] = "", stats[16] = "", mode[16] = "";
  char ult[16] = "", hint_mode[16] = "", reclaim[16] = "", unhinted_ra[16] = "";
  char follow[16] = "";
  if (env_u64("LOCAL", size_suffixes, &c->local_bytes) ||
      env_u64("FAR_SIZE", size_suffixes, &c->far_bytes) ||
      env_u64("EVICT_BATCH", size_suffixes, &batch) ||
      env_u64("LRU_LISTS", size_suffixes, &lru_lists) ||
      env_u64("CORES", size_suffixes, &cores) ||
      env_u64("ULT_STACK", size_suffixes, &c->ult_stack_bytes) ||
      env_u64("TRACE_FULL", size_suffixes, &c->trace_full) ||
      env_u64("MMAP_THRESHOLD", size_suffixes, &c->mmap_threshold) ||
      env_u64("TRACE_WARMUP", time_suffixes, &c->trace_warmup_ns) ||
      env_u64("TRACE_START_SIGNAL", size_suffixes, &start_signal) ||
      env_u64("LINK_LATENCY", time_suffixes, &c->link_latency_ns) ||
      env_u64("LINK_BANDWIDTH", rate_suffixes, &c->link_bandwidth_bps) ||
      env_fraction("FREE_FRACTION", 0.5, 0.01, &c->free_fraction) ||
      env_fraction("KEEP_FRACTION", 0.9, 0.75, &c->keep_fraction))
    return -1;
  env_str("POLICY", policy, sizeof policy);
  env_str("BACKEND", c->backend, sizeof c->backend);
  env_str("SERVER", c->server_path, sizeof c->server_path);
  env_str("STATS", stats, sizeof stats);
  env_str("STATS_FILE", c->stats_file, sizeof c->stats_file);
  env_str("MODE", mode, sizeof mode);
  env_str("TRACE_FILE", c->trace_file, sizeof c->trace_file);
  env_str("ULT", ult, sizeof ult);
  env_str("HINT_MODE", hint_mode, sizeof hint_mode);
  env_str("FOLLOW_CHILDREN", follow, sizeof follow);
  c->follow_children = *follow && strcmp(follow, "0") != 0;
  env_str("UNHINTED_READAHEAD", unhinted_ra, sizeof unhinted_ra);
  c->unhinted_readahead = strcmp(unhinted_ra, "0") != 0;
  env_str("RECLAIM", reclaim, sizeof reclaim);
  c->reclaim = FM_RECLAIM_AUTO;
  if (*reclaim) {
    enum fm_reclaim r = FM_RECLAIM_AUTO;
    while (r <= FM_RECLAIM_INLINE && strcmp(reclaim, fm_reclaim_name(r)))
      r++;
    if (r > FM_RECLAIM_INLINE) {
      fm_log("FARHINT_RECLAIM=%s is not a reclaim mode (choose auto, background or "
             "inline)", reclaim);
      return -1;
    }
    c->reclaim = r;
  }
  c->ult = *ult && strcmp(ult, "0") != 0;
  if (*hint_mode && strcmp(hint_mode, "switch") && strcmp(hint_mode, "block")) {
    fm_log("FARHINT_HINT_MODE=%s is not a hint mode (choose switch or block)", hint_mode);
    return -1;
  }
  c->hint_block = !strcmp(hint_mode, "block");
  if (cores < 1 || cores > 256) {
    fm_log("FARHINT_CORES=%lu must be between 1 and 256", (unsigned long)cores);
    return -1;
  }
  c->cores = (unsigned)cores;
  if (c->ult_stack_bytes < (16 << 10) || c->ult_stack_bytes > (1ULL << 30)) {
    fm_log("FARHINT_ULT_STACK must be between 16K and 1G");
    return -1;
  }
  if (*mode && strcmp(mode, "run") && strcmp(mode, "trace")) {
    fm_log("FARHINT_MODE=%s is not a mode (choose run or trace)", mode);
    return -1;
  }
  c->trace = !strcmp(mode, "trace");
  if (c->ult && c->trace) {
    fm_log("FARHINT_ULT and trace mode do not go together: profile with kernel threads");
    return -1;
  }
  if (c->follow_children && c->trace && !strstr(c->trace_file, "%p")) {
    fm_log("FARHINT_FOLLOW_CHILDREN in trace mode needs %%p (the process id) in "
           "FARHINT_TRACE_FILE: each process writes a trace of its own");
    return -1;
  }
  if (start_signal && (start_signal > (uint64_t)SIGRTMAX || start_signal == SIGKILL ||
                       start_signal == SIGSTOP || start_signal == SIGSEGV ||
                       start_signal == SIGBUS || start_signal == (uint64_t)FM_TRACE_SIGNAL)) {
    fm_log("FARHINT_TRACE_START_SIGNAL=%lu is not a signal the recorder can take (give "
           "one the program does not use, e.g. %d for SIGUSR2)", (unsigned long)start_signal,
           SIGUSR2);
    return -1;
  }
  c->trace_start_signal = (int)start_signal;
  per_process(c->trace_file, sizeof c->trace_file);
  per_process(c->stats_file, sizeof c->stats_file);

  if (*policy) {
    if (!strcmp(policy, "fifo") || !strcmp(policy, "default"))
      c->policy = FM_POLICY_FIFO;
    else if (!strcmp(policy, "clock") || !strcmp(policy, "second-chance"))
      c->policy = FM_POLICY_CLOCK;
    else if (!strcmp(policy, "lru"))
      c->policy = FM_POLICY_LRU;
    else if (!strcmp(policy, "prio") || !strcmp(policy, "priority"))
      c->policy = FM_POLICY_PRIO;
    else {
      fm_log("FARHINT_POLICY=%s is not a policy (choose fifo, clock, lru or prio)", policy);
      return -1;
    }
  }
  if (batch < 1 || batch > 1024) {
    fm_log("FARHINT_EVICT_BATCH=%lu must be between 1 and 1024 pages", (unsigned long)batch);
    return -1;
  }
  c->evict_batch = (unsigned)batch;
  if (lru_lists < 2 || lru_lists > FM_MAX_LISTS) {
    fm_log("FARHINT_LRU_LISTS=%lu must be between 2 and %d", (unsigned long)lru_lists,
           FM_MAX_LISTS);
    return -1;
  }
  c->lru_lists = (unsigned)lru_lists;
  c->stats = *stats && strcmp(stats, "0") != 0;
  if (c->far_bytes > FARHINT_FAR_SPAN || c->far_bytes < (16u << 20)) {
    fm_log("FARHINT_FAR_SIZE must be between 16M and 16T");
    return -1;
  }
  c->far_bytes &= ~(uint64_t)(FM_PAGE - 1);
  /* A budget the machine cannot hold would only end in the OOM killer (and
   * one past far memory is meaningless): refuse it before the program runs. */
  uint64_t machine = (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
  if (c->local_bytes > machine || c->local_bytes > c->far_bytes) {
    fm_log("FARHINT_LOCAL=%lu MiB is more than %s (%lu MiB): give a smaller --local",
           (unsigned long)(c->local_bytes >> 20),
           c->local_bytes > machine ? "this machine's memory" : "far memory (--far-size)",
           (unsigned long)((c->local_bytes > machine ? machine : c->far_bytes) >> 20));
    return -1;
  }
  /* The smallest budget that can work: the pages one hint or fault can hold
   * locked at once plus an eviction batch, with room to spare. */
  uint64_t min_pages = 4ULL * c->evict_batch + FM_ZERO_PAGES;
  if (c->local_bytes / FM_PAGE < min_pages) {
    fm_log("FARHINT_LOCAL=%lu bytes is below the smallest budget this runtime "
           "can work with (%lu pages = %lu KiB with FARHINT_EVICT_BATCH=%u); "
           "give more local memory or a smaller batch",
           (unsigned long)c->local_bytes, (unsigned long)min_pages,
           (unsigned long)(min_pages * FM_PAGE / 1024), c->evict_batch);
    return -1;
  }
  return 0;
}
