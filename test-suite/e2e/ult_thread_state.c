/* Per-thread state of an ordinary pthread program, checked as each thread
 * parks and yields many times (under `farhint run --ult` it moves between
 * workers): its __thread variables, errno, pthread keys (and their
 * destructors), pthread_self(), thread_local objects with destructors, and
 * glibc's per-thread ctype tables.
 * USAGE: ult_thread_state THREADS ROUNDS KiB_PER_THREAD
 * Prints "ok THREADS ..." with the totals; differs from the native run's
 * output, or exits 1 with the first mismatch, if any state leaked. */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int __cxa_thread_atexit_impl(void (*fn)(void *), void *obj, void *dso);
extern void *__dso_handle;

static __thread long mine = -1;
static __thread char buffer[256] = "initial";
static pthread_key_t key;
static long *slots, destructed, thread_local_ends;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t round_done;
static int nthreads, rounds;
static size_t slice;
static unsigned char *data;
static _Atomic long moves; /* kernel-thread changes seen (stderr only) */

static void key_destructor(void *value) {
  pthread_mutex_lock(&lock);
  destructed += *(long *)value;
  pthread_mutex_unlock(&lock);
}

static void thread_local_end(void *obj) {
  pthread_mutex_lock(&lock);
  thread_local_ends += *(long *)obj;
  pthread_mutex_unlock(&lock);
}

static void check(int ok, long id, int round, const char *what) {
  if (!ok) {
    printf("thread %ld, round %d: %s is another thread's\n", id, round, what);
    exit(1);
  }
}

static void *work(void *arg) {
  long id = (long)arg;
  pthread_t me = pthread_self();
  check(mine == -1 && buffer[0] == 'i', id, -1, "the initial TLS image");
  check(isalpha('a') && toupper('b') == 'B', id, -1, "ctype");
  mine = id;
  snprintf(buffer, sizeof buffer, "thread %ld", id);
  slots[id] = id + 1;
  pthread_setspecific(key, &slots[id]);
  __cxa_thread_atexit_impl(thread_local_end, &slots[id], &__dso_handle);
  unsigned char *far = data + id * slice;
  pid_t tid = (pid_t)syscall(SYS_gettid);
  for (int r = 0; r < rounds; r++) {
    errno = (int)(id + 1000);
    for (size_t i = 0; i < slice; i += 4096)
      far[i] = (unsigned char)(id + r);
    /* Park until every thread is done with the round, then yield. */
    pthread_barrier_wait(&round_done);
    sched_yield();
    pid_t now = (pid_t)syscall(SYS_gettid);
    if (now != tid)
      moves++;
    tid = now;
    check(errno == id + 1000, id, r, "errno");
    check(mine == id, id, r, "a __thread variable");
    char want[32];
    snprintf(want, sizeof want, "thread %ld", id);
    for (int i = 0; want[i]; i++)
      check(buffer[i] == want[i], id, r, "a __thread buffer");
    check(pthread_getspecific(key) == &slots[id], id, r, "a pthread key's value");
    check(pthread_equal(pthread_self(), me), id, r, "pthread_self()");
    for (size_t i = 0; i < slice; i += 4096)
      check(far[i] == (unsigned char)(id + r), id, r, "far data");
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s THREADS ROUNDS KiB_PER_THREAD\n", argv[0]);
    return 2;
  }
  nthreads = atoi(argv[1]);
  rounds = atoi(argv[2]);
  slice = (size_t)atol(argv[3]) * 1024;
  slots = calloc((size_t)nthreads, sizeof *slots);
  data = malloc((size_t)nthreads * slice);
  pthread_key_create(&key, key_destructor);
  pthread_barrier_init(&round_done, NULL, (unsigned)nthreads);
  mine = -2; /* main's own, not its threads' */
  pthread_t *t = malloc((size_t)nthreads * sizeof *t);
  for (long i = 0; i < nthreads; i++)
    pthread_create(&t[i], NULL, work, (void *)i);
  for (int i = 0; i < nthreads; i++)
    pthread_join(t[i], NULL);
  long want = (long)nthreads * (nthreads + 1) / 2;
  printf("ok %d threads x %d rounds: main's __thread %ld, key destructors %s, "
         "thread_local destructors %s\n",
         nthreads, rounds, mine, destructed == want ? "all ran" : "missing",
         thread_local_ends == want ? "all ran" : "missing");
  fprintf(stderr, "threads moved between kernel threads %ld times\n", (long)moves);
  return 0;
}
