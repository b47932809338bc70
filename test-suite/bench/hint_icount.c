/* A loop of N hints of one kind, for counting instructions per hint with
 * callgrind: scripts/hint-icount.sh runs it at two N and takes the difference.
 * USAGE: hint_icount bare|present|aligned|seq|outside|notlive N */
#include "fake_hint_words.h"
#include <string.h>

#define WORDS 4096
static long words[WORDS];

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s bare|present|aligned|seq|outside|notlive N\n", argv[0]);
    return 2;
  }
  const char *kind = argv[1];
  long n = atol(argv[2]);
  fake_hint_words(1 << 20, FARHINT_META_PRESENT);
  if (!strcmp(kind, "notlive"))
    fake_hint_set_live(0);
  static __thread uintptr_t last;
  long sum = 0;
/* One loop per kind, identical but for the hint; the far alias is computed
 * and kept live in every loop, so only the hint differs. */
#define LOOP(HINT)                                                                                 \
  for (long k = 0; k < n; k++) {                                                                   \
    long i = k & (WORDS - 1);                                                                      \
    const void *far = (const void *)(FARHINT_FAR_BASE + (uintptr_t)&words[i] % (1 << 20));         \
    __asm__ volatile("" : "+r"(far));                                                              \
    HINT;                                                                                          \
    sum += *(volatile long *)&words[i];                                                            \
  }
  if (!strcmp(kind, "bare"))
    LOOP((void)far)
  else if (!strcmp(kind, "present"))
    LOOP(farhint_hint(far, 8, 0, 0, 0, 0, 1, &last))
  else if (!strcmp(kind, "aligned"))
    LOOP(farhint_hint_impl(far, 8, 0, 0, 0, 0, 1, &last, 0))
  else if (!strcmp(kind, "seq"))
    LOOP(farhint_hint_impl(far, 8, 0, 16, 0, 1, 1, &last, 0))
  else if (!strcmp(kind, "outside"))
    LOOP(farhint_hint(&words[i], 8, 0, 0, 0, 0, 1, &last))
  else if (!strcmp(kind, "notlive"))
    LOOP(farhint_hint(far, 8, 0, 0, 0, 0, 1, &last))
  else {
    fprintf(stderr, "hint_icount: unknown kind %s\n", kind);
    return 2;
  }
  printf("%ld\n", sum);
  return 0;
}
