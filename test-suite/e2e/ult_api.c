/* The user-level thread API (farhint/ult.h) under `farhint run --ult`:
 * THREADS threads over far data many times the local budget, checking
 *  - far memory: each thread fills its own slice through hints, and after a
 *    barrier reads its own and its neighbour's (shared pages) back;
 *  - mutex: increments of one counter with yields inside the critical
 *    section, so waiters park on it;
 *  - barrier: no thread passes a round before all arrived, exactly one per
 *    round is told it was last;
 *  - condition variable: a token passed along a chain of threads in order.
 * USAGE: ult_api THREADS KiB_PER_THREAD   prints "ok <checksum>" or why not */
#include <farhint/hint.h>
#include <farhint/ult.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 3
#define CHAIN 64

static int nthreads;
static size_t slice_longs;
static long *data;
static fh_mutex_t lock;
static long counter;
static fh_barrier_t barrier;
static int *round_marks; /* [ROUNDS][nthreads] */
static long serial_count, early_passes;
static fh_cond_t turn_changed;
static int turn;
static int chain_order[CHAIN], chain_len;

static void *work(void *arg) {
  long id = (long)arg;
  long *mine = data + id * slice_longs;
  for (size_t i = 0; i < slice_longs; i++) {
    hint_fault(&mine[i], 1, sizeof(long), 0, 0, 1);
    mine[i] = id * 1000003 + (long)i;
  }
  for (int r = 0; r < ROUNDS; r++) {
    round_marks[r * nthreads + id] = 1;
    if (fh_barrier_wait(&barrier)) {
      fh_mutex_lock(&lock);
      serial_count++;
      fh_mutex_unlock(&lock);
    }
    for (int j = 0; j < nthreads; j++)
      if (!round_marks[r * nthreads + j]) {
        fh_mutex_lock(&lock);
        early_passes++;
        fh_mutex_unlock(&lock);
      }
  }
  long sum = 0;
  const long *next = data + ((id + 1) % nthreads) * slice_longs;
  for (size_t i = 0; i < slice_longs; i++) {
    hint_fault(&mine[i], 0, sizeof(long), 0, 0, 1);
    hint_fault(&next[i], 0, sizeof(long), 0, 0, 1);
    if (mine[i] != id * 1000003 + (long)i)
      return (void *)-1L; /* a lost or torn write */
    sum += next[i];
  }
  for (int k = 0; k < 10; k++) {
    fh_mutex_lock(&lock);
    long c = counter;
    fh_ult_yield(); /* others queue on the lock meanwhile */
    counter = c + 1;
    fh_mutex_unlock(&lock);
  }
  if (id < CHAIN) {
    fh_mutex_lock(&lock);
    while (turn != id)
      fh_cond_wait(&turn_changed, &lock);
    chain_order[chain_len++] = (int)id;
    turn++;
    fh_cond_broadcast(&turn_changed);
    fh_mutex_unlock(&lock);
  }
  return (void *)sum;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s THREADS KiB_PER_THREAD\n", argv[0]);
    return 2;
  }
  nthreads = atoi(argv[1]);
  slice_longs = (size_t)atol(argv[2]) * 1024 / sizeof(long);
  if (fh_ult_workers() == 0) {
    fprintf(stderr, "not running as user-level threads: use farhint run --ult\n");
    return 2;
  }
  data = malloc(nthreads * slice_longs * sizeof(long));
  round_marks = calloc((size_t)ROUNDS * nthreads, sizeof *round_marks);
  fh_barrier_init(&barrier, (unsigned)nthreads);
  fh_ult_t **t = calloc(nthreads, sizeof *t);
  for (long i = 0; i < nthreads; i++)
    if (fh_ult_spawn(&t[i], work, (void *)i) != 0) {
      fprintf(stderr, "spawn failed\n");
      return 1;
    }
  long total = 0;
  int bad = 0;
  for (int i = 0; i < nthreads; i++) {
    void *r;
    fh_ult_join(t[i], &r);
    bad |= (long)r == -1L;
    total += (long)r;
  }
  int chain_ok = chain_len == (nthreads < CHAIN ? nthreads : CHAIN);
  for (int i = 0; i < chain_len; i++)
    chain_ok &= chain_order[i] == i;
  if (bad || counter != 10L * nthreads || serial_count != ROUNDS || early_passes || !chain_ok) {
    printf("FAILED: corrupt %d counter %ld serial %ld early %ld chain %d\n", bad, counter,
           serial_count, early_passes, chain_ok);
    return 1;
  }
  printf("ok %ld\n", total);
  return 0;
}
