/* What the hint fast path reads besides the address -- the live words and
 * the page-metadata table -- provided without the runtime, for tests and
 * benchmarks of the inlined fast path alone. Include in one file per program:
 * it stands in for libfarmem's farhint_register_live_word. */
#ifndef FAKE_HINT_WORDS_H
#define FAKE_HINT_WORDS_H

#include <farhint/hint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#ifdef __cplusplus
extern "C" {
#endif

static volatile uint32_t *fake_live_words[64];
static unsigned fake_n_live_words;

void farhint_register_live_word(volatile uint32_t *word) {
  if (fake_n_live_words == 64) {
    fprintf(stderr, "fake_hint_words.h: more than 64 live words\n");
    exit(1);
  }
  fake_live_words[fake_n_live_words++] = word;
}

#ifdef __cplusplus
}
#endif

static inline void fake_hint_set_live(int live) {
  for (unsigned i = 0; i < fake_n_live_words; i++)
    *fake_live_words[i] = live ? 1 : 0;
}

/* Maps a table for the first far_bytes of far memory with every word set to
 * meta, sets the live words, and returns the table. */
static inline uint64_t *fake_hint_words(size_t far_bytes, uint64_t meta) {
  size_t words = far_bytes >> FARHINT_PAGE_SHIFT;
  size_t table_bytes = (words * 8 + FARHINT_PAGE_SIZE - 1) & ~(FARHINT_PAGE_SIZE - 1);
  void *p = mmap((void *)FARHINT_META_TABLE, table_bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p != (void *)FARHINT_META_TABLE) {
    perror("cannot map the fake page-metadata table");
    exit(1);
  }
  uint64_t *table = (uint64_t *)p;
  for (size_t i = 0; i < words; i++)
    table[i] = meta;
  fake_hint_set_live(1);
  return table;
}

#endif /* FAKE_HINT_WORDS_H */
