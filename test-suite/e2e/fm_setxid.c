/* fm_setxid -- a daemon's start: threads already running, then the program
 * drops root (setgroups, setresgid, setresuid to nobody), as servers
 * started with -u USER do. glibc makes each call process-wide by having
 * every thread repeat it: afterwards every thread of the process, the
 * runtime's included, must run as the new user, and the threads must go on
 * reading and writing far memory.
 *
 *   fm_setxid THREADS MIB
 * Prints "ok ..." or "FAIL: ..." (exit 1). Must start as root. */
#define _GNU_SOURCE
#include <dirent.h>
#include <grp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOBODY 65534

static pthread_barrier_t dropped;
static size_t chunk;

static void *worker(void *arg) {
  unsigned char *mine = arg;
  for (size_t i = 0; i < chunk; i += 4096)
    mine[i] = 1;
  pthread_barrier_wait(&dropped); /* main drops root meanwhile */
  pthread_barrier_wait(&dropped);
  unsigned long sum = 0;
  for (size_t i = 0; i < chunk; i += 4096) {
    sum += mine[i];
    mine[i] = 2;
  }
  return (void *)sum;
}

/* The kernel threads of this process not yet running as nobody. */
static int tasks_still_root(void) {
  DIR *d = opendir("/proc/self/task");
  struct dirent *e;
  int root = 0;
  while (d && (e = readdir(d))) {
    char path[300], line[256];
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "/proc/self/task/%s/status", e->d_name);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
      if (!strncmp(line, "Uid:", 4) || !strncmp(line, "Gid:", 4)) {
        unsigned r, eff, saved;
        if (sscanf(line + 4, "%u %u %u", &r, &eff, &saved) == 3 &&
            (r != NOBODY || eff != NOBODY || saved != NOBODY))
          root++;
      }
    if (f)
      fclose(f);
  }
  if (d)
    closedir(d);
  return root;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  chunk = (size_t)(argc > 2 ? atoi(argv[2]) : 8) << 20;
  pthread_barrier_init(&dropped, NULL, n + 1);
  pthread_t *t = calloc(n, sizeof *t);
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], NULL, worker, malloc(chunk));
  pthread_barrier_wait(&dropped);
  if (setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
      setresuid(NOBODY, NOBODY, NOBODY)) {
    perror("FAIL: dropping root");
    return 1;
  }
  int root = tasks_still_root();
  pthread_barrier_wait(&dropped);
  unsigned long sum = 0;
  for (int i = 0; i < n; i++) {
    void *r;
    pthread_join(t[i], &r);
    sum += (unsigned long)r;
  }
  if (root) {
    printf("FAIL: %d ids of the process's threads are still root's\n", root);
    return 1;
  }
  if (sum != n * (chunk / 4096)) {
    printf("FAIL: the threads read %lu pages of 1, not %zu\n", sum, n * (chunk / 4096));
    return 1;
  }
  printf("ok %d threads dropped root, %lu pages read back\n", n, sum);
  return 0;
}
