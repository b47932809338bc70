/* A program built with hints but not linked with libfarmem runs correctly:
 * the slow path is an unresolved weak symbol and no program address is far. */
#include <farhint/hint.h>
#include <stdio.h>
#include <stdlib.h>

static long global_array[4096];

int main(void) {
  if (farhint_hint_slow != NULL) {
    fprintf(stderr, "FAIL: farhint_hint_slow resolved without the runtime\n");
    return 1;
  }
  long *heap = malloc(sizeof global_array);
  long sum = 0;
  for (int i = 0; i < 4096; i++) {
    hint_fault(&heap[i], 1, sizeof heap[i], 16, 0, 1);
    heap[i] = i;
    hint_fault(&global_array[i], 0, sizeof global_array[i], 0, 0, 0);
    sum += heap[i] + global_array[i];
  }
  free(heap);
  if (sum != 4095L * 4096 / 2) {
    fprintf(stderr, "FAIL: sum %ld\n", sum);
    return 1;
  }
  puts("ok");
  return 0;
}
