/* An ordinary pthread program, for comparing its output with and without
 * `farhint run --ult`: THREADS threads fill far slices, meet at a barrier,
 * add what they read into a histogram under a mutex, and report done
 * through a condition variable that main waits on.
 * USAGE: ult_pthreads THREADS KiB_PER_THREAD   prints the histogram */
#include <farhint/hint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nthreads, done;
static size_t slice;
static unsigned char *data;
static long histogram[16];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_done = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t filled;

static void *work(void *arg) {
  long id = (long)arg;
  unsigned char *mine = data + id * slice;
  for (size_t i = 0; i < slice; i += 64) {
    hint_fault(&mine[i], 1, 1, 0, 0, 1);
    mine[i] = (unsigned char)(id * 31 + i / 64);
  }
  pthread_barrier_wait(&filled);
  long local[16] = {0};
  const unsigned char *other = data + ((id + 7) % nthreads) * slice;
  for (size_t i = 0; i < slice; i += 64) {
    hint_fault(&other[i], 0, 1, 0, 0, 1);
    local[other[i] % 16]++;
  }
  pthread_mutex_lock(&lock);
  for (int b = 0; b < 16; b++)
    histogram[b] += local[b];
  if (++done == nthreads)
    pthread_cond_signal(&all_done);
  pthread_mutex_unlock(&lock);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s THREADS KiB_PER_THREAD\n", argv[0]);
    return 2;
  }
  nthreads = atoi(argv[1]);
  slice = (size_t)atol(argv[2]) * 1024;
  data = malloc(nthreads * slice);
  pthread_barrier_init(&filled, NULL, (unsigned)nthreads);
  pthread_t *t = malloc(nthreads * sizeof *t);
  for (long i = 0; i < nthreads; i++)
    pthread_create(&t[i], NULL, work, (void *)i);
  pthread_mutex_lock(&lock);
  while (done < nthreads)
    pthread_cond_wait(&all_done, &lock);
  pthread_mutex_unlock(&lock);
  for (int i = 0; i < nthreads; i++)
    pthread_join(t[i], NULL);
  for (int b = 0; b < 16; b++)
    printf("%d %ld\n", b, histogram[b]);
  return 0;
}
