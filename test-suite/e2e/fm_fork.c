/* fork() without exec under far memory: the child must see exactly the
 * parent's memory at the fork, and parent and child then write the same
 * pages, each seeing only its own writes. A second thread of the parent
 * writes another array all along, so evictions race with each fork.
 * Then EXECS children fork and exec /bin/true, as a program that starts
 * commands the old way does.
 * USAGE: fm_fork MiB ROUNDS [EXECS]   prints "ok" when every check held */
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static long *a, *b;
static size_t n;
static atomic_int stop;

static void *churn(void *arg) { /* evicts while the main thread forks */
  (void)arg;
  for (long round = 1; !atomic_load(&stop); round++)
    for (size_t i = 0; i < n && !atomic_load(&stop); i += 512)
      b[i] = round;
  return NULL;
}

static int check(const long *x, long mul, long add) {
  for (size_t i = 0; i < n; i++)
    if (x[i] != (long)i * mul + add)
      return 0;
  return 1;
}

static void fill(long *x, long mul, long add) {
  for (size_t i = 0; i < n; i++)
    x[i] = (long)i * mul + add;
}

static int child(long round) {
  if (!check(a, round, 1))
    return 1;                      /* not the parent's memory at the fork */
  fill(a, -round, 3);              /* the pages the parent writes too */
  long *c = malloc(n * sizeof *c); /* memory of its own */
  fill(c, 7, round);
  int ok = check(a, -round, 3) && check(c, 7, round);
  free(c);
  return ok ? 0 : 2;
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: %s MiB ROUNDS [EXECS]\n", argv[0]);
    return 2;
  }
  n = ((size_t)atol(argv[1]) << 20) / sizeof(long);
  int rounds = atoi(argv[2]);
  a = malloc(n * sizeof *a);
  b = calloc(n, sizeof *b);
  pthread_t t;
  pthread_create(&t, NULL, churn, NULL);
  for (long round = 1; round <= rounds; round++) {
    fill(a, round, 1);
    pid_t pid = fork();
    if (pid < 0) {
      perror("fork");
      return 1;
    }
    if (pid == 0)
      _exit(child(round));
    fill(a, round, 5); /* the same pages, after the fork */
    int status;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
      fprintf(stderr, "FAIL: round %ld: child status %#x\n", round, status);
      return 1;
    }
    if (!check(a, round, 5)) {
      fprintf(stderr, "FAIL: round %ld: the child's writes reached the parent\n", round);
      return 1;
    }
  }
  atomic_store(&stop, 1);
  pthread_join(t, NULL);
  for (int i = 0, execs = argc > 3 ? atoi(argv[3]) : 0; i < execs; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      execl("/bin/true", "true", (char *)NULL);
      _exit(127);
    }
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
      fprintf(stderr, "FAIL: fork and exec %d\n", i);
      return 1;
    }
  }
  char *args[] = {"/bin/true", NULL};
  pid_t pid;
  int status;
  if (posix_spawn(&pid, "/bin/true", NULL, NULL, args, environ) != 0 ||
      waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
    fprintf(stderr, "FAIL: posix_spawn\n");
    return 1;
  }
  puts("ok");
  return 0;
}
