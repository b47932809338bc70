/* qsort -- quicksort of a large random array of 64-bit keys, the PFA
 * evaluation's Qsort benchmark: recursive, in place, median of three.
 * USAGE: qsort MiB [SEED]     prints "checksum <hex>" of the sorted array
 * Exits 1 if the result is not sorted. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void swap(uint64_t *a, uint64_t *b) {
  uint64_t t = *a;
  *a = *b;
  *b = t;
}

static void insertion(uint64_t *a, long n) {
  for (long i = 1; i < n; i++)
    for (long j = i; j > 0 && a[j - 1] > a[j]; j--)
      swap(&a[j - 1], &a[j]);
}

static void quicksort(uint64_t *a, long n) {
  while (n > 16) {
    long mid = n / 2;
    if (a[mid] < a[0])
      swap(&a[mid], &a[0]);
    if (a[n - 1] < a[0])
      swap(&a[n - 1], &a[0]);
    if (a[n - 1] < a[mid])
      swap(&a[n - 1], &a[mid]);
    uint64_t pivot = a[mid];
    long i = 0, j = n - 1;
    for (;;) {
      while (a[i] < pivot)
        i++;
      while (a[j] > pivot)
        j--;
      if (i >= j)
        break;
      swap(&a[i++], &a[j--]);
    }
    /* Recurse into the smaller part, loop on the larger: bounded stack. */
    if (j + 1 < n - j - 1) {
      quicksort(a, j + 1);
      a += j + 1;
      n -= j + 1;
    } else {
      quicksort(a + j + 1, n - j - 1);
      n = j + 1;
    }
  }
  insertion(a, n);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MiB [SEED]\n", argv[0]);
    return 2;
  }
  long n = (atol(argv[1]) << 20) / (long)sizeof(uint64_t);
  uint64_t x = argc > 2 ? strtoull(argv[2], NULL, 0) : 88172645463325252ULL;
  uint64_t *a = malloc(n * sizeof *a);
  if (!a) {
    perror("qsort: malloc");
    return 2;
  }
  for (long i = 0; i < n; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    a[i] = x;
  }
  quicksort(a, n);
  uint64_t sum = 0;
  for (long i = 0; i < n; i++) {
    if (i && a[i - 1] > a[i]) {
      fprintf(stderr, "qsort: not sorted at %ld\n", i);
      return 1;
    }
    sum = sum * 31 + a[i];
  }
  printf("checksum %016llx\n", (unsigned long long)sum);
  free(a);
  return 0;
}
