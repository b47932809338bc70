/* proactive.c -- proactive mode (`farhint run --proactive [RATE]`): no
 * fixed budget. Every page stays local until it has been idle for a while,
 * then goes to the far tier (the compressed pool unless --backend names
 * another), and the while adapts so that promotions -- demand faults on
 * pages that were evicted -- stay under RATE of the pages in use a minute,
 * the measure of Google's far memory (0.2%/min). What the kernel does with
 * zswap and proactive reclaim (TMO, DAMON_RECLAIM), here under the hints.
 *
 * Idleness is the runtime's own sampling: every period the thread looks at
 * each local page (memory/frames.c); a page whose access probe was hit (a
 * hint, a first write) since the last look starts over, any other counts
 * one more idle look. Unhinted reads of a local page are not seen, so a
 * page that comes back by a fault gets hotter: it must be idle twice as
 * long (up to 2^MAX_HEAT times) before it goes again. DAMON, the kernel's
 * access monitor, would see those reads too, but through its sysfs
 * interface a process can add no monitor while another runs (the first
 * look at it says which holds here).
 * Design: docs/design/proactive.md. */
#include "fault/proactive.h"
#include "backend/backend.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"
#include "memory/evict.h"
#include "memory/frames.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define PERIOD_NS (500 * NS_PER_MS) /* a look at every local page */
#define WINDOW_LOOKS 4              /* promotions are weighed every 2 s */
#define FIRST_IDLE_LOOKS 4          /* idle for 2 s at first... */
#define MIN_IDLE_LOOKS 2            /* ...never under 1 s... */
#define MAX_IDLE_LOOKS 240          /* ...nor over 2 minutes */
#define MAX_HEAT 4

static struct {
  bool on;
  uint8_t *heat; /* a byte per far page: times it came back */
  size_t heat_len;
  _Atomic unsigned idle_looks;
  _Atomic uint64_t promotions, evicted, background_cpu_ns;
  uint64_t start_ns;
  struct fm_proactive_sample samples[FM_PROACTIVE_SAMPLES];
  _Atomic unsigned nsamples;
  unsigned stride, looks; /* samples are taken every stride looks */
} pro;

bool fm_proactive_on(void) { return pro.on; }

static unsigned threshold(uintptr_t page) {
  unsigned t = atomic_load_explicit(&pro.idle_looks, memory_order_relaxed)
               << pro.heat[(page - fm.far_base) / FM_PAGE];
  return t > UINT8_MAX ? UINT8_MAX : t;
}

void fm_proactive_promoted(uintptr_t page) {
  if (!pro.on)
    return;
  uint8_t *h = &pro.heat[(page - fm.far_base) / FM_PAGE];
  if (*h < MAX_HEAT)
    (*h)++; /* under the page's lock: no other writer */
  atomic_fetch_add_explicit(&pro.promotions, 1, memory_order_relaxed);
}

/* Why the kernel's monitor is not used: said once, at start. */
static void say_how_cold_pages_are_found(void) {
  const char *admin = "/sys/kernel/mm/damon/admin/kdamonds";
  char why[256] = "DAMON is not in this kernel (no /sys/kernel/mm/damon)";
  DIR *d = opendir(admin);
  if (d) {
    snprintf(why, sizeof why,
             "DAMON's sysfs interface is free, but this runtime reads "
             "accesses only through its own probes");
    struct dirent *e;
    while ((e = readdir(d))) {
      char path[512], state[16] = "";
      snprintf(path, sizeof path, "%s/%s/state", admin, e->d_name);
      int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        continue;
      ssize_t got = fm_libc.read(fd, state, sizeof state - 1);
      close(fd);
      if (got > 0 && !strncmp(state, "on", 2)) {
        snprintf(why, sizeof why,
                 "DAMON is in use (kdamond %s runs), and its sysfs interface adds no "
                 "monitor while one runs",
                 e->d_name);
        break;
      }
    }
    closedir(d);
  }
  fm_log("proactive mode: pages idle for %.1f s or more go to %s, the while adapting to "
         "keep promotions under %.2f%% of the pages in use a minute; idle pages are found by "
         "the runtime's own sampling (hints' access probes and faults): %s",
         FIRST_IDLE_LOOKS * PERIOD_NS / 1e9,
         fm_backend_pool(&(uint64_t){0}, &(uint64_t){0}) ? "the compressed pool" : fm.cfg.backend,
         fm.cfg.proactive_rate * 100, why);
}

static void take_sample(void) {
  if (++pro.looks % pro.stride)
    return;
  unsigned n = atomic_load(&pro.nsamples);
  if (n == FM_PROACTIVE_SAMPLES) { /* full: keep every other, sample half as often */
    for (unsigned i = 0; i < n / 2; i++)
      pro.samples[i] = pro.samples[2 * i];
    n /= 2;
    pro.stride *= 2;
  }
  uint64_t pool_pages = 0, pool_bytes = 0;
  fm_backend_pool(&pool_pages, &pool_bytes);
  pro.samples[n] = (struct fm_proactive_sample){
      .ms = (uint32_t)((fm_stats_now_ns() - pro.start_ns) / NS_PER_MS),
      .local_pages = fm_frames_used(),
      .far_pages = pool_pages,
      .far_bytes = pool_bytes,
      .promotions = atomic_load(&pro.promotions),
  };
  atomic_store(&pro.nsamples, n + 1);
}

/* Promotions over the last window against the target: idle longer when
 * over it, shorter when well under. */
static void adapt(uint64_t *promoted_before) {
  uint64_t now = atomic_load(&pro.promotions), in_use = fm_frames_used();
  double minutes = WINDOW_LOOKS * PERIOD_NS / 60e9;
  double rate = (double)(now - *promoted_before) / minutes / (double)(in_use ? in_use : 1);
  *promoted_before = now;
  unsigned t = atomic_load(&pro.idle_looks);
  if (rate > fm.cfg.proactive_rate)
    t *= 2;
  else if (rate < fm.cfg.proactive_rate / 4)
    t -= t / 4 ? t / 4 : 1;
  atomic_store(&pro.idle_looks, t < MIN_IDLE_LOOKS   ? MIN_IDLE_LOOKS
                                : t > MAX_IDLE_LOOKS ? MAX_IDLE_LOOKS
                                                     : t);
}

static void *proactive_main(void *arg) {
  (void)arg;
  say_how_cold_pages_are_found();
  uint64_t promoted_before = 0;
  for (unsigned look = 1;; look++) {
    struct timespec ts = fm_ns_timespec(PERIOD_NS);
    fm_libc.nanosleep(&ts, NULL);
    uint64_t evicted = 0;
    while (!fm_evict_idle(threshold, &evicted))
      ;
    fm_backend_trim();
    atomic_fetch_add(&pro.evicted, evicted);
    fm_stats_count(FM_C_PROACTIVE_EVICTED, evicted);
    if (look % WINDOW_LOOKS == 0)
      adapt(&promoted_before);
    take_sample();
    struct timespec cpu;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    atomic_store(&pro.background_cpu_ns, fm_timespec_ns(&cpu));
  }
  return NULL;
}

int fm_proactive_start(void) {
  if (fm.cfg.proactive_rate <= 0)
    return 0;
  pro.heat_len = fm.cfg.far_bytes / FM_PAGE;
  pro.heat = fm_libc.mmap(NULL, pro.heat_len, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (pro.heat == MAP_FAILED)
    return -1;
  atomic_store(&pro.idle_looks, FIRST_IDLE_LOOKS);
  pro.start_ns = fm_stats_now_ns();
  pro.stride = 1;
  pro.on = true;
  return fm_thread_start(proactive_main, "farhint-cold");
}

void fm_proactive_state(struct fm_proactive_state *s) {
  s->idle_s = atomic_load(&pro.idle_looks) * (PERIOD_NS / 1e9);
  s->evicted = atomic_load(&pro.evicted);
  s->promotions = atomic_load(&pro.promotions);
  s->background_cpu_ns = atomic_load(&pro.background_cpu_ns);
  s->nsamples = atomic_load(&pro.nsamples);
  s->samples = pro.samples;
}
