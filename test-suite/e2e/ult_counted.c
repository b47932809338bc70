/* ult_counted -- a program whose scheduling under --ult is known, to check
 * the scheduler's statistics against: THREADS threads each yield YIELDS
 * times and sleep SLEEPS times (each sleep parks in the poller), then two
 * threads pass a byte back and forth over a pair of pipes ROUNDS times
 * (each read that finds nothing parks, each read and write is a call).
 *   ult_counted THREADS YIELDS SLEEPS ROUNDS     prints "ok" */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int yields, sleeps, rounds;
static int ping[2], pong[2];

static void *yield_and_sleep(void *a) {
  (void)a;
  for (int i = 0; i < yields; i++)
    sched_yield();
  for (int i = 0; i < sleeps; i++)
    usleep(100);
  return NULL;
}

/* Reads one byte from in and writes it to out, rounds times. */
static void *relay(void *a) {
  int *fds = a; /* in, out */
  char b;
  for (int i = 0; i < rounds; i++)
    if (read(fds[0], &b, 1) != 1 || write(fds[1], &b, 1) != 1)
      return (void *)1;
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: ult_counted THREADS YIELDS SLEEPS ROUNDS\n");
    return 2;
  }
  int threads = atoi(argv[1]);
  yields = atoi(argv[2]), sleeps = atoi(argv[3]), rounds = atoi(argv[4]);
  pthread_t t[threads];
  for (int i = 0; i < threads; i++)
    pthread_create(&t[i], NULL, yield_and_sleep, NULL);
  for (int i = 0; i < threads; i++)
    pthread_join(t[i], NULL);

  if (pipe(ping) || pipe(pong))
    return 1;
  int back[2] = {pong[0], ping[1]}, forth[2] = {ping[0], pong[1]};
  pthread_t echo;
  pthread_create(&echo, NULL, relay, forth);
  char b = 'x';
  if (write(ping[1], &b, 1) != 1)
    return 1;
  void *failed = relay(back); /* the last round's byte comes back once more */
  pthread_join(echo, NULL);
  puts(failed ? "relay failed" : "ok");
  return failed != NULL;
}
