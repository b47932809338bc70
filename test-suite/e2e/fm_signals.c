/* fm_signals.c -- signals under the runtime, as programs use them.
 *   alarm MiB: a SIGALRM timer whose handler writes heap memory (far pages,
 *     so the handler itself faults) while main writes a buffer of MiB until
 *     the handler has run 50 times; prints "handled" when every handler
 *     call is accounted for, then a checksum of main's buffer.
 *   sigwait: signals are blocked and a thread takes SIGUSR1 then SIGTERM with
 *     sigwait(), as servers shut down; prints what it received.
 *   signalfd: the same through a signalfd a thread reads.
 *   masks: raise() runs its handler before it returns, and a thread's mask
 *     is its own (a signal it blocks is not blocked in main).
 *   graceful MiB: fills MiB, prints "ready", and on SIGTERM takes its time
 *     to read everything back (a save) and print its sum before exiting 0. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sched.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/time.h>
#include <unistd.h>

static uint64_t *tally; /* heap: far memory */
static size_t tally_words;
static volatile sig_atomic_t calls;

static void on_alarm(int sig) {
  (void)sig;
  tally[(calls * 4099) % tally_words] += 1; /* a different page each time */
  calls++;
}

static int alarm_mode(size_t mib) {
  size_t words = (mib << 20) / 8;
  tally_words = words / 4;
  tally = calloc(tally_words, 8);
  uint64_t *data = malloc(words * 8);
  if (!tally || !data)
    return 2;
  struct sigaction sa = {0};
  sa.sa_handler = on_alarm;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &sa, NULL);
  struct itimerval every_ms = {{0, 1000}, {0, 1000}};
  setitimer(ITIMER_REAL, &every_ms, NULL);
  /* Passes until the handler has run 50 times; each pass writes the same,
   * so the result does not depend on how many there were. */
  for (int pass = 0; pass < 2 || calls < 50; pass++)
    for (size_t i = 0; i < words; i++)
      data[i] = i * 0x9e3779b97f4a7c15ULL + 7;
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  uint64_t counted = 0;
  for (size_t i = 0; i < tally_words; i++)
    counted += tally[i];
  if (counted != (uint64_t)calls) {
    printf("lost: %lu handler calls, %lu counted\n", (unsigned long)calls, (unsigned long)counted);
    return 1;
  }
  /* main's work does not depend on how often the handler ran */
  uint64_t check = 0;
  for (size_t i = 0; i < words; i++)
    check = check * 1000003 + data[i];
  printf("handled\nchecksum %lx\n", (unsigned long)check);
  return 0;
}

static void *waiter(void *arg) {
  sigset_t *set = arg;
  for (int got = 0; got < 2;) {
    int sig;
    if (sigwait(set, &sig) == 0) {
      printf("received %s\n", sig == SIGUSR1 ? "SIGUSR1" : sig == SIGTERM ? "SIGTERM" : "other");
      fflush(stdout);
      got++;
    }
  }
  return NULL;
}

static int sigwait_mode(void) {
  static sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  pthread_t t;
  pthread_create(&t, NULL, waiter, &set);
  kill(getpid(), SIGUSR1); /* to the process: any thread that does not block it */
  usleep(20000);
  kill(getpid(), SIGTERM);
  pthread_join(t, NULL);
  printf("clean exit\n");
  return 0;
}

/* As sigwait_mode, through a signalfd read by a thread of its own, as an
 * event loop takes them. */
static void *signalfd_reader(void *arg) {
  int fd = *(int *)arg;
  for (int got = 0; got < 2;) {
    struct signalfd_siginfo si;
    if (read(fd, &si, sizeof si) == (ssize_t)sizeof si) {
      printf("received %s\n", si.ssi_signo == SIGUSR1   ? "SIGUSR1"
                              : si.ssi_signo == SIGTERM ? "SIGTERM"
                                                        : "other");
      fflush(stdout);
      got++;
    }
  }
  return NULL;
}

static int signalfd_mode(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  static int fd;
  fd = signalfd(-1, &set, SFD_CLOEXEC);
  pthread_t t;
  pthread_create(&t, NULL, signalfd_reader, &fd);
  kill(getpid(), SIGUSR1);
  usleep(20000);
  kill(getpid(), SIGTERM);
  pthread_join(t, NULL);
  printf("clean exit\n");
  return 0;
}

/* Each thread has its own mask, and raise() runs the handler before it
 * returns. */
static volatile sig_atomic_t raised;
static void on_usr2(int sig) {
  (void)sig;
  raised++;
}

static void *blocks_usr1(void *arg) {
  (void)arg;
  sigset_t set, now;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  sched_yield(); /* let main run, maybe where this thread ran */
  pthread_sigmask(SIG_BLOCK, NULL, &now);
  printf("thread blocks SIGUSR1: %s\n", sigismember(&now, SIGUSR1) ? "yes" : "no");
  return NULL;
}

static int masks_mode(void) {
  signal(SIGUSR2, on_usr2);
  raise(SIGUSR2);
  printf("handled by raise: %d\n", (int)raised);
  pthread_t t;
  pthread_create(&t, NULL, blocks_usr1, NULL);
  pthread_join(t, NULL);
  sigset_t now;
  pthread_sigmask(SIG_BLOCK, NULL, &now);
  printf("main blocks SIGUSR1: %s\n", sigismember(&now, SIGUSR1) ? "yes" : "no");
  return 0;
}

static volatile sig_atomic_t terminated;
static void on_term(int sig) {
  (void)sig;
  terminated = 1;
}

static int graceful_mode(size_t mib) {
  size_t words = (mib << 20) / 8;
  uint64_t *data = malloc(words * 8);
  if (!data)
    return 2;
  for (size_t i = 0; i < words; i++)
    data[i] = i;
  signal(SIGTERM, on_term);
  printf("ready\n");
  fflush(stdout);
  while (!terminated)
    usleep(1000);
  usleep(300000); /* a slow shutdown: the memory server must still be there */
  uint64_t sum = 0;
  for (size_t i = 0; i < words; i++)
    sum += data[i];
  printf("saved %lu\n", (unsigned long)sum);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "graceful") == 0)
    return graceful_mode(strtoull(argv[2], NULL, 0));
  if (argc >= 3 && strcmp(argv[1], "alarm") == 0)
    return alarm_mode(strtoull(argv[2], NULL, 0));
  if (argc == 2 && strcmp(argv[1], "sigwait") == 0)
    return sigwait_mode();
  if (argc == 2 && strcmp(argv[1], "signalfd") == 0)
    return signalfd_mode();
  if (argc == 2 && strcmp(argv[1], "masks") == 0)
    return masks_mode();
  fprintf(stderr, "usage: %s alarm MiB | sigwait | signalfd | masks | graceful MiB\n", argv[0]);
  return 2;
}
