/* prefetch.c -- asynchronous read-ahead: hints queue a window of pages
 * (rdahead) and this thread fetches them in batches, so the hinting thread
 * only waits for the page it needs now. A full queue drops requests: read-ahead
 * is a suggestion. */
#include "fm.h"

#define QUEUE 256

static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  struct req {
    uintptr_t first;
    long n;
    unsigned prio;
    bool write; /* the hinting site writes: map the pages writable */
  } q[QUEUE];
  unsigned head, tail;
} pf = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

void fm_prefetch_request(uintptr_t first, long n, unsigned prio, bool write) {
  if (first < fm.far_base || first >= fm.far_end || n <= 0)
    return;
  pthread_mutex_lock(&pf.lock);
  if (pf.tail - pf.head < QUEUE) {
    pf.q[pf.tail++ % QUEUE] = (struct req){first, n, prio, write};
    pthread_cond_signal(&pf.wake);
  }
  pthread_mutex_unlock(&pf.lock);
}

static void *prefetch_main(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&pf.lock);
    while (pf.head == pf.tail)
      pthread_cond_wait(&pf.wake, &pf.lock);
    struct req r = pf.q[pf.head++ % QUEUE];
    pthread_mutex_unlock(&pf.lock);
    uintptr_t page = r.first;
    uintptr_t end = r.first + (uintptr_t)r.n * FM_PAGE;
    if (end > fm.far_end)
      end = fm.far_end;
    while (page < end) {
      unsigned want = (unsigned)((end - page) / FM_PAGE);
      unsigned got = fm_page_in_batch(page, want, r.prio, r.write, true);
      page += (uintptr_t)(got ? got : 1) * FM_PAGE; /* skip a present/busy page */
    }
  }
  return NULL;
}

int fm_prefetch_start(void) { return fm_thread_start(prefetch_main, "farhint-ahead"); }
