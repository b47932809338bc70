/* ult.c -- user-level threads (farhint/ult.h): one worker kernel thread per
 * core given (FARHINT_CORES), each with a run queue; an idle worker steals
 * from the others. Scheduling is cooperative: a thread runs until it
 * yields, parks (a lock, a join, a hinted miss) or ends.
 *
 * Parking without losing a wake-up: a thread marks itself PARKING while it
 * still holds the lock of the list it waits on, then switches to its
 * worker's scheduler, which turns PARKING into PARKED. A waker that comes
 * first finds PARKING and leaves WAKE_PENDING instead, and the scheduler
 * requeues the thread at once.
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/libc.h"
#include "base/self.h"
#include "base/spinlock.h"
#include "base/state.h"
#include "base/stats.h"
#include "base/threads.h"
#include "backend/backend.h"
#include "fault/control.h"
#include "ult/sched.h"

#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void fm_ctx_switch(void **save_sp, void *load_sp);
void fm_ctx_entry(void);
void fm_ult_start(void) __attribute__((noreturn, used));

enum { T_RUNNABLE, T_RUNNING, T_PARKING, T_PARKED, T_WAKE_PENDING, T_DONE };
enum { AFTER_YIELD, AFTER_PARK, AFTER_EXIT };

static struct worker *workers;
static int nworkers;
static __thread struct kthread *self;
static _Atomic uint32_t work_seq; /* futex: bumped whenever work is queued */
static _Atomic int sleepers;
static _Atomic int idlers; /* kernel threads looking for work */

/* Stacks (each with a guard page at the bottom, then the thread's TLS and
 * its fh_ult at the top) are kept for reuse: mapping and unmapping cost TLB
 * shootdowns. */
static struct {
  fm_spinlock_t lock;
  struct fh_ult *list;
  unsigned n;
} spare;
#define SPARE_MAX 4096

bool fm_ult_on(void) { return workers != NULL; }

/* The kernel thread running the caller, read afresh: each user-level
 * thread has its own TLS, where the scheduler writes `self` when it runs
 * it, and it may resume on another kernel thread, so no address of `self`
 * may be kept across a switch. */
__attribute__((noinline)) struct kthread *fm_ult_kthread(void) {
  __asm__ volatile("" ::: "memory");
  return self;
}

__attribute__((noinline)) static void set_self(struct kthread *k) {
  __asm__ volatile("" ::: "memory");
  self = k;
}

struct fh_ult *fm_ult_current(void) {
  struct kthread *k = fm_ult_kthread();
  return k ? k->current : NULL;
}

void fm_ult_enqueue(struct fm_ult_queue *q, struct fh_ult *t) {
  t->next = NULL;
  if (q->tail)
    q->tail->next = t;
  else
    q->head = t;
  q->tail = t;
}

struct fh_ult *fm_ult_dequeue(struct fm_ult_queue *q) {
  struct fh_ult *t = q->head;
  if (t) {
    q->head = t->next;
    if (!q->head)
      q->tail = NULL;
  }
  return t;
}

static void notify(void) {
  atomic_fetch_add(&work_seq, 1);
  fm_ult_netpoll_interrupt();
  if (atomic_load(&sleepers))
    fm_ult_futex(&work_seq, FUTEX_WAKE_PRIVATE, 1, NULL);
}

/* Queues t; tell_others: another kernel thread may have to run it (false
 * when the caller looks for work next and will). */
static void enqueue(struct worker *w, struct fh_ult *t, bool tell_others) {
  fm_spin_lock(&w->lock);
  fm_ult_enqueue(&w->runq, t);
  fm_spin_unlock(&w->lock);
  if (!tell_others)
    return;
  notify();
  if (!atomic_load(&idlers))
    fm_ult_monitor_queued();
}

static void push(struct worker *w, struct fh_ult *t) { enqueue(w, t, true); }

static struct fh_ult *pop(struct worker *w) {
  if (!w->runq.head) /* racy peek: a miss is retried by the idle loop */
    return NULL;
  fm_spin_lock(&w->lock);
  struct fh_ult *t = fm_ult_dequeue(&w->runq);
  fm_spin_unlock(&w->lock);
  return t;
}

static struct fh_ult *steal(struct worker *w) {
  for (int i = 1; i < nworkers; i++) {
    struct fh_ult *t = pop(&workers[(w->index + i) % nworkers]);
    if (t)
      return t;
  }
  return NULL;
}

/* Back to this kernel thread's scheduler; returns when the thread runs
 * again. */
static void switch_out(struct fh_ult *t, int after) {
  struct kthread *k = fm_ult_kthread();
  k->after = after;
  fm_ctx_switch(&t->sp, k->sched_sp);
}

void fm_ult_prepare_park(void) { atomic_store(&fm_ult_current()->state, T_PARKING); }

void fm_ult_park(void) {
  struct fh_ult *t = fm_ult_current();
  switch_out(t, AFTER_PARK);
}

void fm_ult_wake_as(struct fh_ult *t, bool tell_others) {
  for (;;) {
    int s = atomic_load(&t->state);
    if (s == T_PARKED) {
      if (atomic_compare_exchange_weak(&t->state, &s, T_RUNNABLE)) {
        enqueue(&workers[t->home], t, tell_others);
        return;
      }
    } else if (s == T_PARKING) {
      if (atomic_compare_exchange_weak(&t->state, &s, T_WAKE_PENDING))
        return;
    } else {
      return; /* running or queued already */
    }
  }
}

void fm_ult_wake(struct fh_ult *t) { fm_ult_wake_as(t, true); }

void fh_ult_yield(void) {
  struct fh_ult *t = fm_ult_current();
  if (t)
    switch_out(t, AFTER_YIELD);
  else
    fm_libc.sched_yield();
}

bool fm_ult_any_idle(void) { return atomic_load(&idlers) > 0; }

bool fm_ult_any_queued(void) {
  for (int i = 0; i < nworkers; i++)
    if (workers[i].runq.head) /* racy peek: a hint, not a promise */
      return true;
  return false;
}

fh_ult_t *fh_ult_self(void) { return fm_ult_current(); }
int fh_ult_workers(void) { return nworkers; }

/* ---- thread life ---- */

/* The thread's TLS sits between its stack and its fh_ult. */
static char *tls_area(struct fh_ult *t) { return (char *)t - fm_ult_tls_area_bytes(); }

static struct fh_ult *alloc_ult(size_t stack_bytes) {
  stack_bytes = (stack_bytes + FM_PAGE - 1) & ~(FM_PAGE - 1);
  if (stack_bytes == fm.cfg.ult_stack_bytes) {
    fm_spin_lock(&spare.lock);
    struct fh_ult *t = spare.list;
    if (t) {
      spare.list = t->next;
      spare.n--;
    }
    fm_spin_unlock(&spare.lock);
    if (t)
      return t;
  }
  size_t tls = fm_ult_tls_area_bytes();
  size_t total = FM_PAGE + stack_bytes + tls + FM_PAGE; /* guard, stack, TLS, thread */
  char *base = fm_libc.mmap(NULL, total, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (base == MAP_FAILED)
    return NULL;
  fm_libc.mprotect(base, FM_PAGE, PROT_NONE);
  struct fh_ult *t = (struct fh_ult *)(base + FM_PAGE + stack_bytes + tls);
  t->map_base = base;
  t->map_bytes = total;
  t->stack_bytes = stack_bytes;
  return t;
}

static void free_ult(struct fh_ult *t) {
  fm_ult_tls_destroy(t->tp);
  if (t->stack_bytes == fm.cfg.ult_stack_bytes) {
    fm_spin_lock(&spare.lock);
    bool keep = spare.n < SPARE_MAX;
    if (keep) {
      t->next = spare.list;
      spare.list = t;
      spare.n++;
    }
    fm_spin_unlock(&spare.lock);
    if (keep)
      return;
  }
  fm_libc.munmap(t->map_base, t->map_bytes);
}

static int spawn(struct fh_ult **out, void *(*fn)(void *), void *arg, size_t stack_bytes,
                 bool is_main) {
  if (!fm_ult_on())
    return ENOSYS;
  struct fh_ult *t = alloc_ult(stack_bytes ? stack_bytes : fm.cfg.ult_stack_bytes);
  if (!t)
    return EAGAIN;
  /* Everything else starts at zero; the mapping is the same. */
  *t = (struct fh_ult){.fn = fn,
                       .arg = arg,
                       .is_main = is_main,
                       .map_base = t->map_base,
                       .map_bytes = t->map_bytes,
                       .stack_bytes = t->stack_bytes};
  t->tp = fm_ult_tls_create(tls_area(t));
  if (!t->tp) {
    fm_libc.munmap(t->map_base, t->map_bytes);
    return EAGAIN;
  }
  /* The first switch to t pops this frame (see ult/switch.S): the control
   * words, six callee-saved registers, then returns to fm_ctx_entry. */
  uint64_t *sp = (uint64_t *)((uintptr_t)tls_area(t) & ~(uintptr_t)15);
  *--sp = 0;
  *--sp = (uint64_t)(uintptr_t)fm_ctx_entry;
  for (int i = 0; i < 6; i++)
    *--sp = 0;
  *--sp = 0x1f80 | (0x037fULL << 32); /* default MXCSR and x87 control word */
  t->sp = sp;
  struct kthread *k = fm_ult_kthread();
  struct worker *w = k ? atomic_load(&k->worker) : NULL;
  static _Atomic unsigned next_home;
  t->home = w ? w->index : (int)(atomic_fetch_add(&next_home, 1) % (unsigned)nworkers);
  fm_ult_signals_spawned(t);
  atomic_store(&t->state, T_RUNNABLE);
  fm_stats_count(FM_C_ULT_SPAWNS, 1);
  *out = t;
  push(&workers[t->home], t);
  return 0;
}

int fm_ult_spawn(struct fh_ult **out, void *(*fn)(void *), void *arg, size_t stack_bytes) {
  return spawn(out, fn, arg, stack_bytes, false);
}

int fm_ult_spawn_main(struct fh_ult **out, void *(*fn)(void *), void *arg) {
  return spawn(out, fn, arg, 8 << 20, true); /* as big as a process's usual stack */
}

int fh_ult_spawn(fh_ult_t **thread, void *(*fn)(void *), void *arg) {
  return fm_ult_spawn(thread, fn, arg, 0);
}

void fm_ult_exit(void *ret) {
  struct fh_ult *t = fm_ult_current();
  if (!t->is_main)
    fm_ult_tls_thread_end();
  t->ret = ret;
  switch_out(t, AFTER_EXIT);
  __builtin_unreachable();
}

void fm_ult_start(void) {
  struct fh_ult *t = fm_ult_current();
  fm_ult_tls_thread_start();
  fm_ult_exit((void *)fm_call_program(t->fn, (uintptr_t)t->arg, 0, 0));
  __builtin_unreachable();
}

/* On the scheduler's stack, after the thread's last switch. */
static void finish(struct fh_ult *t) {
  fm_spin_lock(&t->join_lock);
  atomic_store(&t->state, T_DONE);
  struct fh_ult *joiner = t->joiner;
  bool detached = t->detached;
  fm_spin_unlock(&t->join_lock);
  fm_ult_signals_exited(t);
  fm_ult_futex((_Atomic uint32_t *)&t->state, FUTEX_WAKE_PRIVATE, INT32_MAX, NULL);
  if (joiner)
    fm_ult_wake(joiner);
  if (detached)
    free_ult(t);
}

/* Waits for t to end; the scheduler may still be in finish() after. */
static void wait_done(struct fh_ult *t) {
  struct fh_ult *me = fm_ult_current();
  if (me) {
    fm_spin_lock(&t->join_lock);
    if (atomic_load(&t->state) != T_DONE) {
      t->joiner = me;
      fm_ult_prepare_park();
      fm_spin_unlock(&t->join_lock);
      fm_ult_park();
    } else {
      fm_spin_unlock(&t->join_lock);
    }
  } else { /* a kernel thread (the program's first one, waiting for main) */
    int s;
    while ((s = atomic_load(&t->state)) != T_DONE)
      fm_ult_futex((_Atomic uint32_t *)&t->state, FUTEX_WAIT_PRIVATE, (uint32_t)s, NULL);
  }
  fm_spin_lock(&t->join_lock);
  fm_spin_unlock(&t->join_lock);
}

int fm_ult_join(struct fh_ult *t, void **ret) {
  if (t == fm_ult_current())
    return EDEADLK;
  wait_done(t);
  if (ret)
    *ret = t->ret;
  free_ult(t);
  return 0;
}

void *fm_ult_join_main(struct fh_ult *t) {
  wait_done(t);
  /* exit() runs on main's TLS, as natively (its thread_local destructors,
   * errno, what atexit handlers read); this is no longer a worker's. */
  fm_ult_tls_enter(t->tp, gettid());
  set_self(NULL);
  return t->ret;
}

int fh_ult_join(fh_ult_t *thread, void **ret) { return fm_ult_join(thread, ret); }

bool fm_ult_done(struct fh_ult *t) { return atomic_load(&t->state) == T_DONE; }

int fm_ult_detach(struct fh_ult *t) {
  fm_spin_lock(&t->join_lock);
  bool done = atomic_load(&t->state) == T_DONE;
  t->detached = true;
  fm_spin_unlock(&t->join_lock);
  if (done)
    free_ult(t);
  return 0;
}

/* ---- kernel threads serving workers ---- */

/* The waits of an idle kernel thread in the kernel, at most: the
 * poller's a bound only, as whatever makes work wakes it; a sleeper's not
 * yet (see wait_for_work). */
#define IDLE_POLL_NS 100000000ULL
#define IDLE_SLEEP_NS 1000000L

void fm_ult_wake_sleeper(void) {
  if (atomic_load(&sleepers)) {
    atomic_fetch_add(&work_seq, 1);
    fm_ult_futex(&work_seq, FUTEX_WAKE_PRIVATE, 1, NULL);
  }
}

/* Nothing to run: poll outstanding fetches and the poller (their
 * completions make threads runnable), spin a little -- sleeping instead
 * while the next fetch due is a read in flight -- then sleep until work is
 * queued: in the poller, if threads are parked there. */
static void wait_for_work(void) {
  uint32_t seq = atomic_load(&work_seq);
  uint64_t start = fm_stats_now_ns();
  /* Once at once: a thread that parked on a descriptor another just wrote
   * (two threads passing data) runs without waiting for the next poll. */
  fm_ult_netpoll_poll(true, true);
  while (fm_stats_now_ns() - start < 20000 || fm_ult_fetches_pending()) {
    fm_ult_poll_fetches();
    fm_ult_netpoll_poll(false, true);
    if (atomic_load(&work_seq) != seq || fm_ult_any_queued())
      return;
    if (fm_stats_now_ns() - start < 20000 || !fm_ult_fetches_wait())
      __builtin_ia32_pause();
  }
  /* Then in the kernel until work comes, without spinning again: one idle
   * kernel thread in the poller (an event, a deadline or queued work wakes
   * it), the others in a futex that queued work wakes, and so does a
   * thread that parks in the poller while none waits there, or a poller
   * that leaves threads parked. A sleeper counts itself before it looks
   * whether a poller is wanted, a waker looks for sleepers after it parked
   * (or left the poller), and changes work_seq before its futex wake: no
   * wake-up is lost between the look and the wait. A sleep still ends
   * after IDLE_SLEEP_NS: some path that makes work for an idle kernel
   * thread does not wake it yet (docs/design/ult.md). */
  while (!fm_ult_any_queued() && !fm_ult_fetches_pending()) {
    seq = atomic_load(&work_seq);
    if (fm_ult_netpoll_block(IDLE_POLL_NS, &work_seq, seq, true))
      continue;
    atomic_fetch_add(&sleepers, 1);
    struct timespec ts = {0, IDLE_SLEEP_NS};
    if (!fm_ult_netpoll_wants_poller())
      fm_ult_futex(&work_seq, FUTEX_WAIT_PRIVATE, seq, &ts);
    atomic_fetch_sub(&sleepers, 1);
  }
}

static void idle(struct worker *w) {
  uint64_t start = fm_stats_now_ns();
  atomic_fetch_add(&idlers, 1);
  wait_for_work();
  atomic_fetch_sub(&idlers, 1);
  uint64_t ns = fm_stats_now_ns() - start;
  fm_stats_count(FM_C_ULT_IDLE, 1);
  fm_stats_count(FM_C_ULT_IDLE_NS, ns);
  fm_ult_tally(&w->stats.idle, 1);
  fm_ult_tally(&w->stats.idle_ns, ns);
}

int fm_ult_worker_stats(struct fm_ult_worker_stats *out, int n) {
  for (int i = 0; i < nworkers && i < n; i++)
    out[i] = workers[i].stats; /* each field whole; the set a moment's */
  return nworkers;
}

/* Run t until it switches back, on its own TLS. */
static void run(struct kthread *k, struct fh_ult *t) {
  atomic_store(&k->current, t);
  fm_ult_monitor_running();
  atomic_store(&t->state, T_RUNNING);
  fm_ult_tls_enter(t->tp, k->tid);
  set_self(k);
  fm_ctx_switch(&k->sched_sp, t->sp);
  fm_ult_tls_enter(k->tp, k->tid); /* before anything reads TLS */
  atomic_store(&k->current, NULL);
  atomic_fetch_add(&k->switches, 1);
}

static void after_run(struct fh_ult *t, int after) {
  struct worker *home = &workers[t->home];
  int s = T_PARKING;
  fm_ult_tally(&home->stats.switches, 1);
  switch (after) {
  case AFTER_YIELD:
    fm_ult_tally(&home->stats.yields, 1);
    atomic_store(&t->state, T_RUNNABLE);
    push(home, t);
    break;
  case AFTER_PARK:
    fm_ult_tally(&home->stats.parks, 1);
    if (!atomic_compare_exchange_strong(&t->state, &s, T_PARKED)) {
      atomic_store(&t->state, T_RUNNABLE); /* woken before it was off its stack */
      push(home, t);
    }
    break;
  case AFTER_EXIT: finish(t); break;
  }
}

static void *kthread_main(void *arg) {
  struct kthread *k = arg;
  k->tp = fm_ult_thread_pointer();
  k->tid = gettid();
  k->thread = fm_libc.pthread_self();
  self = k;
  fm_ult_signals_worker();
  for (;;) {
    struct worker *w = atomic_load(&k->worker);
    if (!w) /* its worker went to another kernel thread while it blocked */
      w = fm_ult_wait_for_worker(k);
    fm_ult_poll_fetches();
    /* Between threads the next one run may be one queued here already: a
     * thread the poll wakes is told to the others, not kept. */
    fm_ult_netpoll_poll(false, false);
    struct fh_ult *t = pop(w);
    if (!t && (t = steal(w)))
      fm_ult_tally(&w->stats.steals, 1);
    if (!t) {
      idle(w);
      continue;
    }
    t->home = w->index;
    run(k, t);
    after_run(t, k->after);
  }
  return NULL;
}

struct kthread *fm_ult_kthread_start(struct worker *w) {
  struct kthread *k =
      fm_libc.mmap(NULL, sizeof *k, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (k == MAP_FAILED)
    return NULL;
  atomic_store(&k->worker, w);
  char name[16];
  static _Atomic unsigned started;
  snprintf(name, sizeof name, "farhint-ult%u", atomic_fetch_add(&started, 1));
  if (fm_thread_start_arg(kthread_main, k, name, false) < 0) {
    fm_libc.munmap(k, sizeof *k);
    return NULL;
  }
  fm_ult_monitor_add(k);
  return k;
}

int fm_ult_start_workers(void) {
  if (fm_ult_tls_init() < 0)
    return -1;
  fm_control_serve_workers(fm_ult_poll_fetches, fm_ult_fetches_pending);
  fm_backend_on_store(fm_ult_fetches_overwritten);
  fm_ult_netpoll_start();
  int n = (int)fm.cfg.cores;
  workers = fm_libc.mmap(NULL, sizeof *workers * (size_t)n, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (workers == MAP_FAILED) {
    workers = NULL;
    return -1;
  }
  nworkers = n;
  for (int i = 0; i < n; i++) {
    workers[i].index = i;
    if (!fm_ult_kthread_start(&workers[i]))
      return -1;
  }
  return fm_ult_monitor_start();
}
