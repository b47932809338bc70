/* tls.c -- each user-level thread's own thread control block and TLS,
 * so errno, __thread variables, pthread keys and C++ thread_local objects
 * are per thread and follow it from worker to worker.
 *
 * glibc lays a thread out as [static TLS blocks][struct pthread], the
 * thread pointer (%fs base) pointing at the struct, whose head (tcbhead_t:
 * itself, the DTV, the stack and pointer guards the program's code reads)
 * comes first. We build the same at the top of each thread's stack mapping
 * with glibc's own _dl_allocate_tls (it installs a DTV and copies each
 * module's initial TLS image), copy the head from the creating thread (the
 * guards must match), and switch %fs with the thread: wrfsbase where the
 * CPU and kernel allow it, else arch_prctl. The rest of struct pthread
 * starts zeroed as in a new thread (no cancellation, no key set), which
 * glibc's own pthread_getspecific/setspecific work on unchanged. What
 * glibc's start_thread does around a thread's function is done here too:
 * the ctype tables at its start, C++ thread_local destructors and
 * pthread-key destructors at its end. These are glibc internals (version
 * GLIBC_PRIVATE), looked up at start; --ult stops with a message on a libc
 * without them.
 * Design: docs/design/ult.md. */
#include "ult/ult.h"
#include "base/interpose.h"
#include "base/log.h"
#include "base/self.h"
#include "base/state.h"

#include <asm/prctl.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef HWCAP2_FSGSBASE
#define HWCAP2_FSGSBASE (1 << 1)
#endif
#define RSEQ_CPU_ID_REGISTRATION_FAILED (-2)

/* The first three words of glibc's tcbhead_t (x86-64). */
struct tcb_head {
  void *tcb; /* the thread pointer itself */
  void *dtv;
  void *self; /* the struct pthread: the same address */
};

static struct {
  void *(*allocate)(void *tcb);
  void (*deallocate)(void *tcb, bool free_tcb);
  void (*ctype_init)(void);
  void (*call_tls_dtors)(void);
  size_t head_bytes;          /* tcbhead_t: everything before struct pthread's list */
  size_t pthread_bytes;       /* struct pthread */
  size_t tid_at;              /* its tid */
  ptrdiff_t rseq_at;          /* its rseq area, from the thread pointer */
  size_t static_bytes, align; /* all static TLS, struct pthread included */
  size_t area_bytes;
  bool wrfsbase;
} glibc_tls;

/* libthread_db's descriptors of struct pthread: {bits, count, offset}. */
static const uint32_t *db_descriptor(const char *name) { return dlsym(RTLD_DEFAULT, name); }

int fm_ult_tls_init(void) {
  void (*static_info)(size_t *, size_t *) = dlsym(RTLD_DEFAULT, "_dl_get_tls_static_info");
  glibc_tls.allocate = dlsym(RTLD_DEFAULT, "_dl_allocate_tls");
  glibc_tls.deallocate = dlsym(RTLD_DEFAULT, "_dl_deallocate_tls");
  glibc_tls.ctype_init = dlsym(RTLD_DEFAULT, "__ctype_init");
  glibc_tls.call_tls_dtors = dlsym(RTLD_DEFAULT, "__call_tls_dtors");
  const uint32_t *size = db_descriptor("_thread_db_sizeof_pthread");
  const uint32_t *list = db_descriptor("_thread_db_pthread_list");
  const uint32_t *tid = db_descriptor("_thread_db_pthread_tid");
  const ptrdiff_t *rseq = dlsym(RTLD_DEFAULT, "__rseq_offset");
  if (!static_info || !glibc_tls.allocate || !glibc_tls.deallocate || !glibc_tls.ctype_init ||
      !glibc_tls.call_tls_dtors || !size || !list || !tid || !rseq) {
    fm_log("user-level threads need glibc 2.35 or later (its thread-control-block "
           "functions are missing here); run the program without --ult");
    return -1;
  }
  glibc_tls.pthread_bytes = size[0];
  glibc_tls.head_bytes = list[2];
  glibc_tls.tid_at = tid[2];
  glibc_tls.rseq_at = *rseq;
  static_info(&glibc_tls.static_bytes, &glibc_tls.align);
  /* Room for the blocks below the aligned thread pointer, whole pages. */
  glibc_tls.area_bytes =
      (glibc_tls.static_bytes + glibc_tls.align + FM_PAGE - 1) & ~(size_t)(FM_PAGE - 1);
  glibc_tls.wrfsbase = getauxval(AT_HWCAP2) & HWCAP2_FSGSBASE;
  return 0;
}

size_t fm_ult_tls_area_bytes(void) { return glibc_tls.area_bytes; }

void *fm_ult_thread_pointer(void) {
  void *tp;
  __asm__ volatile("mov %%fs:0, %0" : "=r"(tp));
  return tp;
}

void *fm_ult_tls_create(void *area) {
  memset(area, 0, glibc_tls.area_bytes);
  uintptr_t end = (uintptr_t)area + glibc_tls.area_bytes;
  char *tp = (char *)((end - glibc_tls.pthread_bytes) & ~(uintptr_t)(glibc_tls.align - 1));
  memcpy(tp, fm_ult_thread_pointer(), glibc_tls.head_bytes);
  if (!glibc_tls.allocate(tp)) /* its DTV could not be allocated */
    return NULL;
  struct tcb_head *head = (struct tcb_head *)tp;
  head->tcb = head->self = tp;
  /* No rseq area is registered at this address: glibc's sched_getcpu
   * then asks the kernel. */
  int32_t *rseq_cpu = (int32_t *)(tp + glibc_tls.rseq_at + sizeof(uint32_t));
  *rseq_cpu = RSEQ_CPU_ID_REGISTRATION_FAILED;
  return tp;
}

void fm_ult_tls_destroy(void *tp) { glibc_tls.deallocate(tp, false); }

__attribute__((target("fsgsbase"))) static void write_fs_base(void *tp) {
  __builtin_ia32_wrfsbase64((uintptr_t)tp);
}

void fm_ult_tls_enter(void *tp, pid_t tid) {
  /* glibc's functions that signal or name "this thread" read its tid. */
  *(pid_t *)((char *)tp + glibc_tls.tid_at) = tid;
  if (glibc_tls.wrfsbase)
    write_fs_base(tp);
  else
    syscall(SYS_arch_prctl, ARCH_SET_FS, tp);
}

/* ---- at a thread's start and end, on its own TLS ---- */

void fm_ult_tls_thread_start(void) { glibc_tls.ctype_init(); }

/* The destructor of each pthread key (the program's, and jemalloc's for
 * its per-thread cache). */
static void (*destructors[PTHREAD_KEYS_MAX])(void *);
static _Atomic unsigned keys_used; /* above the highest key created */

extern int __pthread_key_create(pthread_key_t *key, void (*destructor)(void *));

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
  int err = __pthread_key_create(key, destructor);
  if (err || *key >= PTHREAD_KEYS_MAX)
    return err;
  destructors[*key] = destructor;
  unsigned used = atomic_load(&keys_used);
  while (used <= *key && !atomic_compare_exchange_weak(&keys_used, &used, *key + 1))
    ;
  return 0;
}

int pthread_key_delete(pthread_key_t key) {
  if (key < PTHREAD_KEYS_MAX)
    destructors[key] = NULL;
  return REAL(pthread_key_delete)(key);
}

/* As glibc's __nptl_deallocate_tsd: rounds until no destructed key holds a
 * value again. */
static void run_key_destructors(void) {
  for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
    bool ran = false;
    unsigned used = atomic_load(&keys_used);
    for (pthread_key_t k = 0; k < used; k++) {
      void (*destructor)(void *) = destructors[k];
      if (!destructor)
        continue;
      void *value = pthread_getspecific(k);
      if (!value)
        continue;
      pthread_setspecific(k, NULL);
      fm_call_program(destructor, (uintptr_t)value, 0, 0);
      ran = true;
    }
    if (!ran)
      return;
  }
}

/* Not for main(): exit() runs its thread_local destructors and no key
 * destructor, on main's TLS, which the first kernel thread takes over. */
void fm_ult_tls_thread_end(void) {
  glibc_tls.call_tls_dtors();
  run_key_destructors();
}
