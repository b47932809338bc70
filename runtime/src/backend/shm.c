/* shm.c -- far pages in the memfd a farmem-server on this machine
 * shares: reads and writes are copies into its mapping (the model of
 * one-sided RDMA into a registered region), and its storage grows, charged
 * to the server, before the first write to it.
 * Design: docs/design/backends.md. */
#include "backend/transport.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "backend/backend.h"

#include "fh_iov.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

static struct {
  uint8_t *base;
  int fd; /* the memfd, kept for a forked child's reads */
  uint64_t capacity;
  uint64_t grown;
  pthread_mutex_t lock;
} store = {.fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER};

int fm_shm_attach(int memfd, uint64_t capacity) {
  store.capacity = capacity;
  store.base =
      fm_libc.mmap(NULL, capacity, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, memfd, 0);
  if (store.base == MAP_FAILED) {
    fm_log("cannot map the server's memory: %s", strerror(errno));
    close(memfd);
    return -1;
  }
  store.fd = memfd;
  return 0;
}

const void *fm_shm_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  (void)len, (void)src;
  return store.base + (page - fm.far_base);
}

/* A forked child's copy of its parent's far pages: read from the memfd,
 * not the mapping, so the store's pages are not mapped into the child and
 * counted as its memory (its ru_maxrss, which the parent reports). The
 * copy through the mapping remains for a program that closed the fd. */
void fm_shm_read_into(uintptr_t page, void *dst, size_t len) {
  off_t off = (off_t)(page - fm.far_base);
  for (size_t done = 0; done < len;) {
    ssize_t got = pread(store.fd, (char *)dst + done, len - done, off + (off_t)done);
    if (got <= 0) {
      memcpy((char *)dst + done, store.base + off + done, len - done);
      return;
    }
    done += (size_t)got;
  }
}

/* Grows the server's storage to cover [far_base, page_end). */
static void ensure(uintptr_t page_end) {
  uint64_t need = page_end - fm.far_base;
  if (__atomic_load_n(&store.grown, __ATOMIC_ACQUIRE) >= need)
    return;
  fm_libc.pthread_mutex_lock(&store.lock);
  int rc = 0;
  if (store.grown < need) {
    uint64_t want = (need + FARMEM_GROW_CHUNK - 1) / FARMEM_GROW_CHUNK * FARMEM_GROW_CHUNK;
    if (want > store.capacity)
      want = store.capacity;
    struct farmem_msg req = {.op = FARMEM_GROW, .arg = want}, rep;
    if (fm_backend_call(&req, &rep, NULL) < 0 || rep.op != FARMEM_GROWN || rep.arg < need)
      rc = -1;
    else
      __atomic_store_n(&store.grown, rep.arg, __ATOMIC_RELEASE);
  }
  fm_libc.pthread_mutex_unlock(&store.lock);
  if (rc < 0)
    fm_backend_lost();
}

/* A page written back is not read again until it is fetched, long after:
 * stores that bypass the cache neither read the destination's lines first
 * nor evict the program's (4 KiB pages in runs of 32: 0.25 us a page
 * against memcpy's 0.44 on this VM). Fenced before the caller unlocks. */
static void store_page(void *dst, const void *src) {
#if defined(__x86_64__)
  __m128i *d = dst;
  const __m128i *s = src;
  for (unsigned i = 0; i < FM_PAGE / sizeof *d; i += 4) {
    __m128i a = _mm_load_si128(s + i), b = _mm_load_si128(s + i + 1);
    __m128i c = _mm_load_si128(s + i + 2), e = _mm_load_si128(s + i + 3);
    _mm_stream_si128(d + i, a);
    _mm_stream_si128(d + i + 1, b);
    _mm_stream_si128(d + i + 2, c);
    _mm_stream_si128(d + i + 3, e);
  }
#else
  memcpy(dst, src, FM_PAGE);
#endif
}

void fm_shm_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  if (n)
    ensure(pages[n - 1] + FM_PAGE);
  for (unsigned i = 0; i < n; i++)
    store_page(store.base + (pages[i] - fm.far_base), (const void *)srcs[i]);
#if defined(__x86_64__)
  _mm_sfence();
#endif
}

/* The pages a pipe holds, in order (splice.c), read straight into the
 * store: the write-back's one copy. */
void fm_shm_store_fd(int fd, const uintptr_t *pages, unsigned n) {
  if (!n)
    return;
  ensure(pages[n - 1] + FM_PAGE);
  struct iovec iov[256];
  for (unsigned done = 0; done < n;) {
    unsigned k = n - done < 256 ? n - done : 256;
    for (unsigned i = 0; i < k; i++)
      iov[i] = (struct iovec){store.base + (pages[done + i] - fm.far_base), FM_PAGE};
    struct iovec *at = iov;
    size_t left = k;
    while (left) {
      ssize_t got = fm_libc.readv(fd, at, (int)left);
      fm_stats_count(FM_C_SPLICE_SYSCALLS, 1);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0) /* the pipe holds every page spliced: never */
        fm_log_die("reading back spliced pages failed: %s", got ? strerror(errno) : "empty pipe");
      at = fh_iov_advance(at, &left, (size_t)got);
    }
    done += k;
  }
}

void fm_shm_forget(void) {
  fm_libc.munmap(store.base, store.capacity);
  store.base = NULL;
  close(store.fd);
  store.fd = -1;
}

void fm_shm_unlock(void) { munlock(store.base, store.capacity); }
