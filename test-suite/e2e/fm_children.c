/* fm_children.c -- a program that starts others, as programs do: a pipeline
 * through system(), a command read through popen(), with its own heap
 * filled before and checked after. Its children run natively: they do not
 * see libfarmem in LD_PRELOAD.
 * Usage: fm_children MiB   prints the children's output and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  size_t bytes = (argc > 1 ? strtoull(argv[1], NULL, 0) : 8) << 20;
  unsigned char *a = malloc(bytes);
  if (!a)
    return 2;
  for (size_t i = 0; i < bytes; i++) /* the profile's site */
    a[i] = (unsigned char)(i * 7);
  fflush(stdout);
  int rc = system("printf 'x\\ny\\n' | wc -l");
  FILE *p = popen("echo popen $(echo a b c | wc -w); "
                  "case \"$LD_PRELOAD\" in *libfarmem*) echo runtime in child;; "
                  "*) echo child runs natively;; esac",
                  "r");
  if (!p)
    return 2;
  char line[256];
  while (fgets(line, sizeof line, p))
    fputs(line, stdout);
  int prc = pclose(p);
  unsigned long sum = 0;
  for (size_t i = 0; i < bytes; i++)
    sum += a[i] ^ (unsigned char)(i * 7);
  printf("system %d, pclose %d, checksum %lu\n", rc, prc, sum);
  return 0;
}
