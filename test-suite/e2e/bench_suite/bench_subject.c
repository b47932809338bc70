/* A program for farhint bench's tests: fills MIB MiB, sums it over PASSES
 * passes and writes the sum to out.txt in its working folder. Its MODE says
 * what else goes into the output:
 *   plain     nothing: the same output natively and under the runtime
 *   preload   whether the runtime's library is mapped: differs under the
 *             runtime, which a bench must report as a wrong output
 *   pid       the process id: differs on every run, which a bench must
 *             refuse to check
 * Usage: bench_subject MIB PASSES MODE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether a mapping of this process names `what`. */
static int maps_name(const char *what) {
  char line[4096];
  int found = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  while (maps && !found && fgets(line, sizeof line, maps))
    found = strstr(line, what) != NULL;
  if (maps)
    fclose(maps);
  return found;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s MIB PASSES plain|preload|pid\n", argv[0]);
    return 2;
  }
  size_t n = (size_t)atol(argv[1]) << 17; /* 8-byte words */
  int passes = atoi(argv[2]);
  uint64_t *a = malloc(n * sizeof *a);
  if (!a)
    return 1;
  for (size_t i = 0; i < n; i++)
    a[i] = i * 2654435761u;
  uint64_t sum = 0;
  for (int p = 0; p < passes; p++)
    for (size_t i = 0; i < n; i++)
      sum += a[i] ^ (uint64_t)p;
  FILE *out = fopen("out.txt", "w");
  if (!out)
    return 1;
  fprintf(out, "sum %llu\n", (unsigned long long)sum);
  if (!strcmp(argv[3], "preload"))
    fprintf(out, "preloaded %d\n", maps_name("libfarmem"));
  else if (!strcmp(argv[3], "pid"))
    fprintf(out, "pid %d\n", (int)getpid());
  fclose(out);
  printf("done in some time\n");
  return 0;
}
