/* ult_calls -- glibc calls that reach other threads, as a program makes
 * them natively, for --ult: pthread_kill to another thread (its handler
 * runs, the thread sees it), a library with TLS loaded by dlopen (each
 * thread its own copy, from its initial value), pthread_cancel (under --ult:
 * a clear stop, never a hang).
 *   ult_calls kill-and-tls LIBRARY   prints three "ok" lines
 *   ult_calls cancel                 cancels a sleeping thread
 *   ult_calls spin SECONDS           computes that long without a system call */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;
static void on_usr1(int s) {
  (void)s;
  got++;
}

static void *wait_for_signal(void *a) {
  (void)a;
  while (!got)
    usleep(1000);
  return (void *)1;
}

static void *sleep_for_ever(void *a) {
  (void)a;
  for (;;)
    sleep(1);
  return NULL;
}

static int (*bump)(void);
static void *bump_twice(void *a) {
  (void)a;
  int first = bump();
  return (void *)(long)(first * 100 + bump());
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  if (argc > 2 && !strcmp(argv[1], "spin")) {
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0); /* the vDSO: no system call */
    do
      clock_gettime(CLOCK_MONOTONIC, &t);
    while (t.tv_sec - t0.tv_sec < atoi(argv[2]));
    printf("spun\n");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "cancel")) {
    pthread_t t;
    pthread_create(&t, NULL, sleep_for_ever, NULL);
    usleep(10000);
    void *r;
    printf("cancel %d\n", pthread_cancel(t));
    printf("joined %d canceled %d\n", pthread_join(t, &r), r == PTHREAD_CANCELED);
    return 0;
  }
  if (argc < 3)
    return 2;
  signal(SIGUSR1, on_usr1);
  pthread_t t;
  pthread_create(&t, NULL, wait_for_signal, NULL);
  usleep(10000);
  int e = pthread_kill(t, SIGUSR1);
  void *r;
  pthread_join(t, &r);
  printf("%s pthread_kill\n", e == 0 && got == 1 && r == (void *)1 ? "ok" : "FAIL");
  void *h = dlopen(argv[2], RTLD_NOW);
  if (!h || !(bump = (int (*)(void))dlsym(h, "bump"))) {
    printf("FAIL dlopen: %s\n", dlerror());
    return 1;
  }
  int a = bump(), b = bump();
  pthread_create(&t, NULL, bump_twice, NULL);
  pthread_join(t, &r);
  printf("%s dlopen TLS here\n", a == 42 && b == 43 ? "ok" : "FAIL");
  printf("%s dlopen TLS in a new thread\n", (long)r == 4243 ? "ok" : "FAIL");
  return 0;
}
