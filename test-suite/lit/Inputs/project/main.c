#include <stdio.h>
#include <stdlib.h>
long scan(const long *a, long n);
int main(void) {
  long *a = calloc(4096, sizeof *a);
  a[7] = 42;
  printf("%ld\n", scan(a, 4096));
  return 0;
}
