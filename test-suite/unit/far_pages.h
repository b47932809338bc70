// far_pages.h -- metadata words for the first pages of far memory, mapped
// where the runtime keeps them, for unit tests of the mechanisms that read
// and lock them (the runtime maps the whole table; a test maps a few pages).
#pragma once

#include <farhint/hint.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sys/mman.h>

namespace far_pages {

constexpr unsigned kPages = 4096;

// The word of far page i (mapped on first use, all zero: never allocated).
inline volatile uint64_t &word(unsigned i) {
  static uint64_t *table = [] {
    void *p = mmap(reinterpret_cast<void *>(FARHINT_META_TABLE), kPages * 8, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p != reinterpret_cast<void *>(FARHINT_META_TABLE)) {
      perror("far_pages.h: cannot map the page-metadata table");
      exit(1);
    }
    return static_cast<uint64_t *>(p);
  }();
  return table[i];
}

inline uintptr_t page(unsigned i) { return FARHINT_FAR_BASE + uintptr_t{i} * FARHINT_PAGE_SIZE; }

} // namespace far_pages
