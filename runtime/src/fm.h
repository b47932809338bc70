/* fm.h -- libfarmem's internal interfaces: the one runtime state struct and
 * the functions each source file owns. Nothing here allocates with malloc:
 * the runtime's own memory must never be far (its threads would fault on
 * themselves), so every table is mmap'd. */
#ifndef FM_H
#define FM_H

#define FARHINT_ABI_ONLY /* hint.h: no fast path, no live word here */
#include <farhint/hint.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define FM_PAGE FARHINT_PAGE_SIZE
#define FM_NO_NODE 0xffffffffu
/* Bits 24..31 are the runtime's own. A read fault mapped write-protected to
 * measure how often reads are followed by writes (pagein.c): */
#define FARHINT_META_WP_SAMPLE (1UL << 24)
/* An access probe: the page is mapped but PRESENT is cleared, so the next
 * hint on it runs the slow path, which marks it ACCESSED (frames.c). This is
 * how the reclaim policies see accesses without the fast path writing. */
#define FARHINT_META_PROBE (1UL << 25)
/* Mapped by a prefetch and not used yet: hidden from the fast path, so the
 * hint at the access runs the slow path once, which counts the use
 * (prefetch accuracy, prefetch.c). */
#define FARHINT_META_PREFETCHED (1UL << 26)
/* With LOCKED: the prefetch thread owns the page while its transfer is in
 * flight; the UFFDIO_COPY that lands it wakes any thread faulting on it. */
#define FARHINT_META_IN_FLIGHT (1UL << 27)
/* Freed heap memory still mapped (freed.c): its data is dead, so eviction
 * drops it unwritten; reuse zeroes it in place. */
#define FARHINT_META_FREED (1UL << 28)
/* With LOCKED: a thread sleeps until the page is unlocked (meta.c). */
#define FARHINT_META_WAITERS (1UL << 29)
/* Instead of REGISTERED while the program has made the page inaccessible
 * (mprotect PROT_NONE): not local, and out of the runtime's view, so no
 * read-ahead maps it where neither it nor the runtime could read it. */
#define FARHINT_META_NO_ACCESS (1UL << 30)
_Static_assert((FARHINT_META_PROBE | FARHINT_META_PREFETCHED) == FARHINT_META_HIDDEN_BITS,
               "hint.h's hidden bits are the probe and prefetched bits");
/* Mapped locally: PRESENT, or hidden from the fast path (a read-ahead
 * trigger, an access probe or an unused prefetch) so the next hint there
 * runs the slow path. */
#define FM_RESIDENT FARHINT_META_MAPPED

/* ---- configuration (config.c): every setting is a row of
 * farhint/settings.def, which gives its name in the environment
 * (FARHINT_<NAME>), its `farhint run` option and its default ---- */
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
  char token_file[512];
  uint64_t server_deadline_ns;
  char server_path[512];
  bool trace;
  char trace_file[512];
  uint64_t trace_full;
  uint64_t trace_spatial;
  uint64_t mmap_threshold;
  uint64_t trace_warmup_ns;
  int trace_start_signal;
  bool stats;
  char stats_file[512];
  bool ult;
  unsigned cores;
  bool hint_block;
  uint64_t ult_stack_bytes;
};

/* The file name of /proc/self/task/TID, NUL-terminated in buf (at most
 * size - 1 bytes of it); its length, or -1 (proc_task.c). */
ssize_t fm_proc_task_read(pid_t tid, const char *name, char *buf, size_t size);
/* Return addresses found on a stack above sp, at most max (stack_scan.c). */
unsigned fm_stack_scan(uintptr_t sp, uint64_t *out, unsigned max);

/* The signal trace mode's control thread sends a faulting thread (trace.c). */
#define FM_TRACE_SIGNAL (SIGRTMIN + 8)

/* ---- configuration (config.c, by the table in farhint/settings.def) ---- */
int fm_config_load(struct fm_config *c); /* 0, or -1 after printing why */
/* Every setting as name=value, or as the members of a JSON object. */
size_t fm_config_describe(const struct fm_config *c, bool json, char *buf, size_t len);

/* A process that is no child of the program (detach.c): 0 in it, its pid
 * in the caller, -1 (errno) if it could not be started. */
pid_t fm_fork_detached(void);

/* ---- logging (log.c): straight to fd 2, no stdio buffers ---- */
void fm_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fm_log_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* An invariant of the runtime's own state: stops the program saying which. */
#define fm_assert(cond)                                                                            \
  ((cond) ? (void)0 : fm_log_die("internal error: %s is false (%s:%d)", #cond, __FILE__, __LINE__))

/* ---- the scheduling class of fault-serving threads (priority.c) ---- */
int fm_priority_start(void);
/* The calling thread serves faults: raised with the others. */
void fm_priority_serving(void);
/* Fault-serving threads run at SCHED_FIFO (or were meant to): none spins. */
bool fm_priority_raised(void);
/* A raised thread that may have changed its own class meanwhile takes
 * SCHED_FIFO again. */
void fm_priority_confirm(void);

/* ---- userfaultfd (uffd.c) ---- */
/* fd, or -1 with why filled; can_move: UFFDIO_MOVE is available */
int fm_uffd_open(char *why, size_t why_len, bool *can_move);
/* wp: missing and write-protect faults (the far region); else missing
 * faults only, and UFFDIO_MOVE must be allowed (the frame pool). */
int fm_uffd_register(int uffd, void *base, size_t len, bool wp);
/* Bytes moved from src to dst (all of len, or fewer before an error), or -1. */
long fm_uffd_move(int uffd, uintptr_t dst, uintptr_t src, size_t len);
/* 0, 1 for EEXIST, or -1 with errno; *copied: the bytes mapped from dst. */
int fm_uffd_copy(int uffd, uintptr_t dst, const void *src, size_t len, bool wp, size_t *copied);
int fm_uffd_writeprotect(int uffd, uintptr_t addr, size_t len, bool wp);
/* Makes [addr, addr + len) writable on fm.uffd (waking a thread waiting on
 * it, unless wakes are deferred); dies saying why if the kernel refuses.
 * Counted and timed as an un-protect. */
void fm_uffd_unprotect(uintptr_t addr, size_t len);
/* Write-protects n ranges with one call (and one TLB flush) where the
 * kernel has UFFDIO_WRITEPROTECT_VEC (kernel-patch/); returns n, or -1. */
struct fm_range {
  uint64_t start, len;
};
bool fm_uffd_has_wp_vec(void);
long fm_uffd_writeprotect_vec(int uffd, const struct fm_range *ranges, size_t n);
int fm_uffd_wake(int uffd, uintptr_t addr, size_t len);
/* While on, this thread's copies, moves and un-protects wake no waiting
 * thread: the caller wakes it once it holds no lock (control.c). */
void fm_uffd_defer_wakes(bool on);

/* ---- metadata words (inline, shared by every file) ---- */
static inline _Atomic uint64_t *fm_meta(uintptr_t addr) {
  return (_Atomic uint64_t *)(FARHINT_META_BIAS + (addr >> FARHINT_PAGE_SHIFT) * 8);
}
static inline uintptr_t fm_page_of(uintptr_t addr) { return addr & ~(FM_PAGE - 1); }
static inline uintptr_t fm_page_round_up(uintptr_t n) {
  return (n + FM_PAGE - 1) & ~(uintptr_t)(FM_PAGE - 1);
}
/* Lock a page; returns the word as it was, with neither LOCKED nor WAITERS
 * set in it. */
uint64_t fm_page_lock(uintptr_t page);
/* Try once; true with *old filled on success. */
bool fm_page_trylock(uintptr_t page, uint64_t *old);
void fm_page_unlock(uintptr_t page, uint64_t new_word_without_lock);
/* A page locked by a thread that cannot run while a waiter spins on its
 * core (0: none): its waiters sleep at once, and a hint does not wait. */
void fm_page_hold_no_spin(uintptr_t page);
bool fm_page_no_spin(uintptr_t page);

/* ---- the modules' live words (live.c, hint.h) ---- */
/* A far page the program may touch is not local: from now on hints run. */
void fm_hints_go_live(void);
bool fm_hints_live(void);    /* that has happened: local memory is short */
void fm_hints_go_dead(void); /* in a forked child, which holds all its memory */
/* The thread that quiets hints while few pages are missing (live.c). */
int fm_hints_watch_start(void);
void fm_hints_missed(void); /* a fault: hints quiet come back at once if many */

/* ---- frames and reclaim lists (frames.c) ---- */
int fm_frames_init(uint64_t nframes, enum fm_policy policy);
/* The "frame" of a page trace mode keeps local (fm_trace_far): none, so
 * it is never picked for eviction. Tracking, demoting or putting it does
 * nothing. */
#define FM_LOCAL_NODE 0xfffffffeu
uint32_t fm_frames_get(void); /* a free frame; reclaims when none */
/* The same, but FM_NO_NODE rather than wait while every candidate is locked. */
uint32_t fm_frames_try_get(void);
void fm_frames_put(uint32_t node);          /* give a frame back */
void fm_frames_program_threaded(void);      /* it started a thread: bigger scattered batches */
void fm_frames_track(uint32_t node, uintptr_t page, unsigned prio);
/* ev_prio FARHINT_EV_KEEP as the runtime sees it (packed in 8 bits). */
#define FM_PRIO_KEEP ((unsigned)(uint8_t)FARHINT_EV_KEEP)
/* Its page is the next victim (its data is dead: freed.c). */
void fm_frames_demote(uint32_t node);
/* Pick up to max eviction victims, each returned locked with its word. */
unsigned fm_frames_pick_victims(uintptr_t *pages, uint64_t *words, unsigned max);
uint64_t fm_frames_free(void);
uint64_t fm_frames_total(void);
uint64_t fm_frames_low_water(void);
uint64_t fm_frames_peak_used(void); /* most frames in use at once */
/* Pages are mapped with an access probe, so a reuse after the fetch is seen
 * (clock; lru arms its probes a generation later). */
bool fm_frames_probe_at_fetch(void);

/* ---- eviction (evict.c) ---- */
int fm_evict_init(void);               /* probes process_madvise */
unsigned fm_evict_batch(unsigned max); /* pages evicted */
bool fm_evict_vectorized(void);
/* Recent batches needed a TLB flush for more than one page in 2 (scattered
 * dirty victims). */
bool fm_evict_scattered(void);
/* The program dropped these pages (madvise, mremap): local ones are unmapped
 * unwritten, far copies forgotten; they read as zeros. unregister (munmap):
 * they also leave the runtime's view, in the same pass, so no read-ahead
 * maps into the hole before the kernel unmaps it. */
void fm_evict_discard(uintptr_t base, size_t len, bool unregister);
/* The program makes [base, base + len) inaccessible (accessible false:
 * before mprotect PROT_NONE) or accessible again (after): local pages are
 * evicted first, written back when dirty, since the runtime could not read
 * them to evict them later. */
void fm_evict_set_access(uintptr_t base, size_t len, bool accessible);

/* Merges n ascending pages into iov, neighbours into one range; returns
 * the entries written (at most n). */
struct iovec;
unsigned fm_pages_to_iov(const uintptr_t *pages, unsigned n, struct iovec *iov);

/* ---- dirty victims written back through a pipe (splice.c) ---- */
#define FM_SPLICE_MAX 256  /* pages a pipe holds: 1 MiB, the default pipe-max-size */
void fm_splice_init(void); /* probes vmsplice; off, saying why, where it cannot */
bool fm_splice_on(void);
/* Puts references to the frames of the first of n <= FM_SPLICE_MAX local
 * pages (ascending) into a free pipe, *pipe; returns how many (0, *pipe -1:
 * none free). Once
 * the caller has unmapped them, fm_splice_store writes them back and frees
 * the pipe. */
unsigned fm_splice_take(const uintptr_t *pages, unsigned n, int *pipe);
void fm_splice_store(int pipe, const uintptr_t *pages, unsigned n);

/* ---- the frame pool (pool.c): frames recycled with UFFDIO_MOVE ---- */
/* Reserves the pool; returns the frames it takes from the budget (0: off,
 * as where the kernel lacks UFFDIO_MOVE). */
uint64_t fm_pool_init(bool can_move, uint64_t budget_frames);
bool fm_pool_on(void);
uint64_t fm_pool_frames(void);
void fm_pool_unlock(void); /* after the program's mlockall (mlock.c) */
/* Runs shorter than this are fetched with UFFDIO_COPY and evicted with
 * write-protect and unmap: a move costs a TLB flush per call whatever its
 * length, the others less per page at one or a few pages
 * (docs/results/primitives-2026-11-23). */
#define FM_POOL_MIN_RUN 16
/* n contiguous slots from first, in a chunk checked out until
 * fm_pool_took/fm_pool_filled. */
struct fm_pool_run {
  int chunk;
  uintptr_t first;
  unsigned n;
};
/* Up to want frames to fill and move out; false if the pool has none. */
bool fm_pool_take(unsigned want, struct fm_pool_run *r);
void fm_pool_took(const struct fm_pool_run *r, unsigned moved);
/* Room for up to want frames moved in; false if the pool is full. */
bool fm_pool_room(unsigned want, struct fm_pool_run *r);
void fm_pool_filled(const struct fm_pool_run *r, unsigned moved);
/* Moves pages frames from src to dst; returns how many moved (a move is
 * refused for a frame a forked child shares, or between a locked and an
 * unlocked mapping: the caller falls back for the rest). */
long fm_pool_move(uintptr_t dst, uintptr_t src, unsigned pages);

/* ---- children (children.c) ---- */
/* Programs this one starts run without the runtime (LD_PRELOAD edited), or,
 * with follow_children, each with its own. */
void fm_children_prepare(void);
/* report runs before the program execs what runs natively from there. */
void fm_children_on_exec(void (*report)(void));
/* A child was started (fork, posix_spawn): it runs natively unless
 * --follow-children; said once at the end (fm_children_report). */
void fm_children_started(void);
void fm_children_report(void);

/* ---- the program's madvise on far memory (madvise.c) ---- */
/* The kernel's madvise, never the program's interposed one. */
static inline int fm_madvise_sys(void *addr, size_t len, int advice) {
  return (int)syscall(SYS_madvise, addr, len, advice);
}
/* The part of [a, a + len) inside the far region, whole pages (the kernel
 * rounds len up); false when there is none or the runtime is not up. */
bool fm_madvise_far_part(uintptr_t a, size_t len, uintptr_t *lo, uintptr_t *hi);

/* ---- freed memory (freed.c): jemalloc's decommit and commit ---- */
/* Local pages stay mapped with dead data, far copies are forgotten. */
void fm_freed(uintptr_t base, size_t len);
/* Reused: the pages still local are zeroed in place, the others zero-fill. */
void fm_freed_reuse(uintptr_t base, size_t len);
/* Before picking victims: pages freed a while ago and not reused go first. */
void fm_freed_age(void);

/* ---- page-in (pagein.c) ---- */
/* HINTED_ASYNC: a hinted miss of a user-level thread, whose link time has
 * passed while other threads ran (ult_fetch.c). */
enum fm_path { FM_PATH_HINTED, FM_PATH_UNHINTED, FM_PATH_READAHEAD, FM_PATH_HINTED_ASYNC };
/* Make the page present (writable if write). Returns FM_MAPPED if this call
 * mapped it (waking kernel waiters), FM_TRIGGERED if it was a read-ahead
 * trigger (now present: the caller may start the next window), 0 if it was
 * already there. */
enum { FM_MAPPED = 1, FM_TRIGGERED = 2 };
int fm_page_in(uintptr_t page, bool write, unsigned prio, enum fm_path path);
/* fm_page_in of a user-level thread's parked miss, with the far copy
 * already read into data (a read that was in flight), used unless *stale
 * says the far copy was written meanwhile; data NULL: fetched here. */
int fm_page_in_read(uintptr_t page, bool write, unsigned prio, const void *data,
                    const _Atomic bool *stale);
/* A page locked for a fetch, and how to map it. */
enum fm_mark {
  FM_MARK_PLAIN,      /* as a fault maps: an access probe if the policy watches */
  FM_MARK_AHEAD,      /* read-ahead: present */
  FM_MARK_TRIGGER,    /* read-ahead: the next window starts here */
  FM_MARK_PREFETCHED, /* a prefetch ahead: hidden until used */
};
struct fm_fetch {
  uintptr_t page;
  uint64_t word; /* as it was when locked */
  uint32_t site; /* FM_MARK_PREFETCHED: the prefetching site */
  uint8_t prio, mark;
  bool write;
  bool wp_sample; /* mapped for reading to measure whether it is written */
};
/* Lock page for a fetch if it is allocated and neither local nor locked. */
bool fm_page_lock_absent(uintptr_t page, uint64_t *word);
/* Map locked absent pages (in address order: neighbours with the same
 * source share one UFFDIO_COPY) and unlock them; the link time is the
 * caller's. speculative (read-ahead, prefetches): where no frame can be had
 * without waiting, the rest are unlocked unmapped instead. */
void fm_page_map_locked(const struct fm_fetch *f, unsigned n, bool speculative);
/* Map a fresh extent's first pages as zeros while frames are free beyond
 * the reclaim reserve (alloc.c). */
void fm_page_prefill(uintptr_t base, size_t bytes);
/* A missing fault on a fresh page (never written far) while frames are free
 * beyond the reclaim reserve maps every absent fresh page of its aligned
 * window of FM_ZERO_PAGES at once, writable. True if the page is mapped now. */
bool fm_page_in_fresh_window(uintptr_t page);
/* Trace mode's spatial sampling: a missing fault on a page kept local
 * (fm_trace_far) maps every absent local page of its aligned window of
 * FM_ZERO_PAGES at once, as a fresh extent is mapped in runs: they are
 * never evicted, so one round trip serves many first touches. True if the
 * page is mapped now. */
bool fm_page_in_local_window(uintptr_t page);
void fm_page_make_writable(uintptr_t page, bool from_kernel_fault);
/* Whether what an unhinted read fault maps (its page, or the window read
 * ahead of it) is mapped writable and dirty at once; *sample: mapped
 * write-protected instead, to measure, and marked FARHINT_META_WP_SAMPLE. */
bool fm_reads_map_writable(unsigned pages, bool *sample);
/* Sampled pages written: a write-protect fault, or reuse after a free. */
void fm_reads_written(unsigned pages);

/* ---- backend (backend.c): far pages on the memory server, over shared
 * memory (backend_shm.c) or tcp (backend_tcp.c) ---- */
int fm_backend_connect(void);
/* The far copy of [page, page + len) (len at most FM_ZERO_PAGES pages), to
 * read until fm_backend_release(src): a pointer into the shared store, or
 * a buffer the transfer filled. */
struct fm_far_src {
  int conn; /* the tcp connection whose buffer holds it, or -1 */
};
const void *fm_backend_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_backend_release(struct fm_far_src *src);
/* Stores the local pages (ascending addresses, FM_PAGE each) as their far
 * copies, reading page i from srcs[i] (NULL: from the pages themselves);
 * returns once the server holds them. */
void fm_backend_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
/* In a forked child, before fm_backend_forget: copies the far copy of
 * [page, page + len) into dst, over a connection of its own (fork.c);
 * false if the transport cannot give a child one (rdma: the kernel lets
 * only the process that opened a device use it), and the parent must read
 * for it. */
bool fm_backend_read_into(uintptr_t page, void *dst, size_t len);
/* Whether the transport can store pages straight from a pipe, and doing it:
 * the n pages fd holds, in order, become the far copies of pages[]. */
bool fm_backend_stores_fd(void);
void fm_backend_store_fd(int fd, const uintptr_t *pages, unsigned n);
/* A read of one far page that nobody waits for in place (a parked
 * user-level thread's, ult_fetch.c): start returns a ticket, or -1 when the
 * transport cannot (only rdma can: its READ runs while the caller goes on)
 * or has no room; poll gives the page once it has arrived, else NULL; end
 * gives the ticket back. */
bool fm_backend_reads_in_flight(void); /* whether the transport has such reads */
int fm_backend_read_start(uintptr_t page);
const void *fm_backend_read_poll(int ticket);
void fm_backend_read_end(int ticket);
/* Sleeps until the read may have arrived, at most a millisecond: an idle
 * thread that spun instead would hold off a software transport's (soft-RoCE)
 * work on the same core. */
void fm_backend_read_wait(int ticket);
/* overwritten is told of the pages each store writes, before it writes
 * them (a read in flight of one of them is stale: ult_fetch.c). */
void fm_backend_on_store(void (*overwritten)(const uintptr_t *pages, unsigned n));
int fm_backend_fd(void); /* to poll for server death */
int fm_backend_pid(void);
void fm_backend_lost(void) __attribute__((noreturn));
/* In a forked child: drop the connection and the store (fork.c). */
void fm_backend_forget(void);
void fm_backend_unlock_store(void); /* after the program's mlockall (mlock.c) */
/* Set while this thread is in a client library a transport calls
 * (libmemcached): the calls it makes are the runtime's, not the program's. */
extern __thread bool fm_in_client_library;

/* ---- fork (fork.c) ---- */
/* Evictions write the store and unmap pages between these, drops unmap;
 * a fork, or mlockall, stops them while it works. */
void fm_store_writes_begin(void);
void fm_store_writes_end(void);
void fm_store_writes_stop(void);
void fm_store_writes_resume(void);
pid_t fm_fork(pid_t (*real_fork)(void));
extern uint8_t fm_zero_pages_storage[]; /* FM_ZERO_PAGES zeroed pages, for first touch */
/* Fresh pages are copied from zeros, 64 per UFFDIO_COPY (where its cost per
 * page stops falling), not mapped with UFFDIO_ZEROPAGE: the shared zero page
 * is read-only, so the first write would take a kernel fault as well
 * (docs/results/primitives-2026-11-23). */
#define FM_ZERO_PAGES 64

/* ---- threads (threads.c, control.c, reclaim.c, prefetch.c) ---- */
/* Starts a runtime thread (before the heap moves to far memory). */
int fm_thread_start(void *(*fn)(void *), const char *name);
/* The same, with an argument. runtime_thread: it blocks every signal and its
 * CPU counts as the runtime's (not so the workers that run the program's
 * user-level threads). */
int fm_thread_start_arg(void *(*fn)(void *), void *arg, const char *name, bool runtime_thread);
int fm_control_start(void);
/* User-level-thread workers occupy the cores: the control thread does not
 * spin, and it runs poll (their fetches in flight) on every wake-up, within
 * a millisecond while pending says some are out. */
void fm_control_serve_workers(void (*poll)(void), bool (*pending)(void));
/* The control thread beside a lone faulting thread (colocate.c): init on
 * the main thread before the control thread starts; per unhinted fault,
 * from the control thread, whether it now serves from the faulting
 * thread's core (and so must not spin there). */
void fm_colocate_init(void);
bool fm_colocate_fault(pid_t tid);
bool fm_colocated(void);
/* For the rest of the run: the control thread serves apart, unpinned, and
 * the servers park (fault-serving threads were raised: priority.c). */
void fm_colocate_stop(void);
bool fm_colocate_each(void);
bool fm_colocate_mine(pid_t tid);
void fm_colocate_priority(bool normal);
void *fm_colocate_wrap_start(void *(**fn)(void *), void **arg);
void fm_colocate_unwrap_start(void *wrapped);
void fm_colocate_server(int cpu);
unsigned fm_colocate_server_cpus(int *cpus, unsigned max);
int fm_prefetch_start(void);
/* Read-ahead: fetch npages from first_page without waiting (a window at
 * least 4 pages long gets a trigger in its middle). */
void fm_prefetch_request(uintptr_t first_page, long npages, unsigned prio, bool write);
/* Read-ahead of an unhinted fault; wp_sample: fm_reads_map_writable's sample. */
void fm_prefetch_read_ahead(uintptr_t first_page, long npages, bool write, bool wp_sample);
/* A prefetch ahead of an access (the pass's farhint_prefetch): the pages are
 * mapped hidden, so their use is counted per site. */
void fm_prefetch_ahead(uintptr_t first_page, long npages, unsigned prio, bool write, uint32_t site);
/* A hint found a prefetched page (claimed in the slow path), or an unused
 * one was evicted or dropped: counts toward its site's accuracy. */
void fm_prefetch_landed(uint32_t node, uint32_t site); /* before its page is unlocked */
void fm_prefetch_used(uint64_t word);
/* The prefetch counters of each site, for the stats. */
struct fm_prefetch_site {
  uint32_t site;
  uint64_t issued, used;
};
unsigned fm_prefetch_sites(struct fm_prefetch_site *out, unsigned max);
void fm_reclaim_kick(void);
int fm_reclaim_start(void);

/* ---- the modelled link (link.c) ---- */
void fm_link_transfer(size_t bytes); /* model one round trip */
/* Post a transfer among others in flight (the prefetch thread's): latency
 * overlaps, the link carries one transfer at a time at its bandwidth.
 * Returns when it lands (fm_stats_now_ns clock). */
uint64_t fm_link_post(size_t bytes);
uint64_t fm_link_ns(size_t bytes); /* how long one takes */

/* ---- trace mode (trace.c): record every fault with its stack ---- */
struct uffd_msg;
int fm_trace_init(void);
void fm_trace_finish(void);
bool fm_trace_on(void);
/* Records and serves a fault the sampling picks; false for one it skips,
 * which the caller serves as in run mode. */
bool fm_trace_unhinted(const struct uffd_msg *msg);
/* Pages read ahead of a skipped fault: each counts as the fault it saves,
 * so samples keep standing for the faults of a run without read-ahead, as
 * the recorded ones are served. */
void fm_trace_count_ahead(uintptr_t first, unsigned pages);
/* Whether trace mode keeps the page far (all are, unless the trace samples
 * space: FARHINT_TRACE_SPATIAL); the others stay local, with no frame from
 * the budget (FM_LOCAL_NODE), and are neither recorded nor counted. */
bool fm_trace_far(uintptr_t page);
void fm_trace_hinted(uintptr_t addr, bool write); /* call from the slow path only */

/* ---- user-level threads (ult.c, ult_sync.c, ult_fetch.c, ult_pthread.c) ---- */
#include <farhint/ult.h>

typedef struct {
  _Atomic int held;
} fm_spinlock_t;
void fm_spin_lock(fm_spinlock_t *l);
void fm_spin_unlock(fm_spinlock_t *l);

struct fh_ult {
  void *sp; /* saved stack pointer while not running */
  void *(*fn)(void *);
  void *arg, *ret;
  _Atomic int state;
  int home;            /* worker it last ran on */
  struct fh_ult *next; /* link in a run queue or a wait list */
  fm_spinlock_t join_lock;
  struct fh_ult *joiner;
  bool detached;
  bool is_main;   /* main(): exit() ends it, on its TLS */
  void *tp;       /* its thread pointer (ult_tls.c) */
  void *map_base; /* guard page + stack + TLS + this struct */
  size_t map_bytes, stack_bytes;
  uint64_t sigmask; /* signals it blocks (bit n - 1: signal n) */
};
struct fm_ult_queue {
  struct fh_ult *head, *tail;
};
void fm_ult_enqueue(struct fm_ult_queue *q, struct fh_ult *t);
struct fh_ult *fm_ult_dequeue(struct fm_ult_queue *q);

bool fm_ult_on(void); /* workers are running (--ult) */
int fm_ult_start_workers(void);
struct fh_ult *fm_ult_current(void); /* NULL on a kernel thread */
int fm_ult_spawn(struct fh_ult **out, void *(*fn)(void *), void *arg, size_t stack_bytes);
int fm_ult_join(struct fh_ult *t, void **ret);
/* main() as a user-level thread, and the first kernel thread waiting for it
 * to end, then taking over its TLS for exit(); returns main's result. */
int fm_ult_spawn_main(struct fh_ult **out, void *(*fn)(void *), void *arg);
void *fm_ult_join_main(struct fh_ult *t);
int fm_ult_detach(struct fh_ult *t);
void fm_ult_exit(void *ret) __attribute__((noreturn));
bool fm_ult_done(struct fh_ult *t); /* it returned (not yet joined) */
/* Signals (ult_signal.c): set up before the first thread, each worker's
 * mask, each thread's start and end, and the first kernel thread taking
 * process-directed signals until t (main) ends. */
void fm_ult_signals_start(void);
void fm_ult_signals_worker(void);
void fm_ult_signals_spawned(struct fh_ult *t);
void fm_ult_signals_exited(struct fh_ult *t);
void fm_ult_take_signals_until(struct fh_ult *t);
/* Each thread's TLS (ult_tls.c): laid out at the top of its stack mapping
 * (fm_ult_tls_area_bytes), created at spawn, entered at each switch, with
 * glibc's start and end of a thread run on it. */
int fm_ult_tls_init(void);
size_t fm_ult_tls_area_bytes(void);
void *fm_ult_tls_create(void *area); /* its thread pointer, or NULL */
void fm_ult_tls_destroy(void *tp);
void fm_ult_tls_enter(void *tp, pid_t tid);
void *fm_ult_thread_pointer(void);
void fm_ult_tls_thread_start(void);
void fm_ult_tls_thread_end(void);
/* Around a blocking system call of the program's (ult_syscalls.c): the
 * monitor (ult_monitor.c) hands a worker whose thread is in one to another
 * kernel thread soon. */
void fm_ult_call_begin(void);
void fm_ult_call_end(void);
/* Parking: mark the current thread PARKING while holding the lock of the
 * list it was put on, release that lock, then park. */
void fm_ult_prepare_park(void);
void fm_ult_park(void);
void fm_ult_wake(struct fh_ult *t);
/* Some user-level thread waits in a run queue (a parking thread would let
 * it run; an idle worker would take it). */
bool fm_ult_any_queued(void);
/* A hinted miss on a user-level thread: park until the page is mapped,
 * adding the time parked (other threads ran) to *parked_ns.
 * false (nothing done) on a kernel thread, in --hint-mode=block, or when too
 * many fetches are in flight. */
bool fm_ult_fetch(uintptr_t page, bool write, unsigned prio, uint64_t *parked_ns);
void fm_ult_poll_fetches(void);
/* Sleeps (fm_backend_read_wait) if the next fetch due is a read in flight;
 * false if it is not, and the caller may spin. */
bool fm_ult_fetches_wait(void);
/* The far copies of these pages are being written: reads of them in
 * flight are stale. */
void fm_ult_fetches_overwritten(const uintptr_t *pages, unsigned n);
bool fm_ult_fetches_pending(void);

/* ---- allocation (alloc.c) ---- */
int fm_alloc_install(void);
/* The extent far_alloc created last on this thread (fresh: reads as zeros). */
bool fm_alloc_fresh(uintptr_t base, size_t len);

/* ---- the program's big anonymous mappings (mmap.c) ---- */
/* The program unmapped [lo, hi) (munmap, mremap). If lo is in a far block,
 * drops the block's pages in the range and gives the block back to the heap
 * once none is left; returns where the part handled (or, outside any block,
 * the part up to the next block) ends. */
uintptr_t fm_mmap_unmapped(uintptr_t lo, uintptr_t hi, bool *in_block);
/* A far block of len bytes, zeroed, or NULL (below the threshold, or none
 * left). */
void *fm_mmap_far(size_t len);

/* ---- libfarmem's own code (self.c) ---- */
void fm_self_init(void);
bool fm_self_called(const void *ret);
/* fn(a, b, c) for a function of the program's: interposed functions it
 * calls, even as a tail call, count as the program's (call_program.S). */
uintptr_t fm_call_program(const void *fn, uintptr_t a, uintptr_t b, uintptr_t c);

/* ---- statistics (stats.c) ---- */
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
void fm_stats_latency(enum fm_path path, uint64_t ns);
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
uint64_t fm_stats_percentile(bool unhinted, double q); /* fault latency (ns) */
uint64_t fm_stats_runtime_cpu_ns(void);
void fm_stats_slow_path_totals(uint64_t *cpu_ns, uint64_t *wall_ns);
void fm_stats_estimate_untimed_copies(void);
/* ---- the report at exit (report.c) ---- */
void fm_report(void);
/* Opens FARHINT_STATS_FILE at start-up, for a program that can no longer
 * open it at its end. */
void fm_report_open_early(void);
uint64_t fm_stats_now_ns(void);
#define NS_PER_S 1000000000LL
#define NS_PER_MS 1000000LL
static inline uint64_t fm_timespec_ns(const struct timespec *t) {
  return (uint64_t)t->tv_sec * NS_PER_S + (uint64_t)t->tv_nsec;
}
static inline struct timespec fm_ns_timespec(uint64_t ns) {
  return (struct timespec){(time_t)(ns / NS_PER_S), (long)(ns % NS_PER_S)};
}

/* ---- spinning before sleeping (control and prefetch threads) ---- */
/* Work comes in bursts and waking a sleeping thread costs tens of
 * microseconds here, so an idle runtime thread polls a while first -- but
 * only when work has lately come sooner than the spin would last: where it
 * does not, a spin only takes a core from the program (this machine has 2). */
struct fm_spin {
  uint64_t max_ns;
  uint64_t last_ns; /* when the thread last had work */
  uint64_t gap_ns;  /* average time from there to the next work */
};
/* Work came at now, caught by the spin or after a sleep. */
static inline void fm_spin_work_came(struct fm_spin *s, uint64_t now) {
  if (s->last_ns)
    s->gap_ns = s->gap_ns - s->gap_ns / 4 + (now - s->last_ns) / 4;
}
/* How long to poll after the last work: the whole spin, or a short one for
 * bursts when work lately came later than that. */
static inline uint64_t fm_spin_budget(const struct fm_spin *s) {
  return s->gap_ns < s->max_ns ? s->max_ns : s->max_ns / 16;
}

/* ---- the runtime state, owned by init.c ---- */
struct fm_state {
  struct fm_config cfg;
  int uffd;
  uintptr_t far_base, far_end; /* mapped far region */
  _Atomic uintptr_t alloc_top; /* bump pointer for new extents */
  bool active;
};
extern struct fm_state fm;

#endif /* FM_H */
