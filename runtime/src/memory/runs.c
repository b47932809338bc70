/* runs.c -- the runs of an eviction batch: victims in address order merged
 * into ranges, for one unmap or write-protect each, and the clean or absent
 * pages between dirty victims bridged into their write-protect range.
 * Design: docs/design/eviction.md. */
#include "memory/runs.h"
#include "base/state.h"
#include "core/meta.h"

#include <sys/uio.h>

unsigned fm_pages_to_iov(const uintptr_t *pages, unsigned n, struct iovec *iov) {
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    if (k && (uintptr_t)iov[k - 1].iov_base + iov[k - 1].iov_len == pages[i])
      iov[k - 1].iov_len += FM_PAGE;
    else
      iov[k++] = (struct iovec){.iov_base = (void *)pages[i], .iov_len = FM_PAGE};
  return k;
}

/* Up to this many pages between two victims may share their write-protect
 * range (one ioctl and one TLB flush instead of two). */
#define BRIDGE_PAGES 8

/* Whether the pages strictly between victims a and b can be write-protected
 * with them: each is locked here (so none turns dirty or is mapped writable
 * until the protect is done) and is absent (nothing to protect) or clean
 * (protected already). Without the locks a gap page written meanwhile would
 * be protected while marked dirty, and a thread that writes a dirty page it
 * holds locked (freed.c's reuse) would then wait on its own write-protect
 * fault forever. */
static bool bridge(uintptr_t a, uintptr_t b, struct fm_gap_pages *gap) {
  if (b - a > (BRIDGE_PAGES + 1) * FM_PAGE || gap->n + (b - a) / FM_PAGE - 1 > FM_GAP_MAX)
    return false;
  unsigned first = gap->n;
  uintptr_t p = a + FM_PAGE;
  for (uint64_t w; p < b && fm_page_trylock(p, &w); p += FM_PAGE) {
    gap->page[gap->n] = p;
    gap->word[gap->n++] = w;
    if ((w & FM_RESIDENT) && (w & FARHINT_META_DIRTY))
      break;
  }
  if (p == b) /* every gap page locked, none dirty (none at all for neighbours) */
    return true;
  while (gap->n > first) { /* not bridged: let go of this gap's pages */
    gap->n--;
    fm_page_unlock(gap->page[gap->n], gap->word[gap->n]);
  }
  return false;
}

size_t fm_runs_wp_ranges(const uintptr_t *pages, const uint64_t *words, unsigned n,
                         struct fm_range *ranges, struct fm_gap_pages *gap) {
  size_t nranges = 0;
  for (unsigned i = 0; i < n;) {
    if (!(words[i] & FARHINT_META_DIRTY)) {
      i++;
      continue;
    }
    unsigned last = i; /* the run's last dirty victim */
    for (unsigned j = i + 1; j < n && bridge(pages[j - 1], pages[j], gap); j++)
      if (words[j] & FARHINT_META_DIRTY)
        last = j;
    ranges[nranges++] = (struct fm_range){pages[i], pages[last] - pages[i] + FM_PAGE};
    i = last + 1;
  }
  return nranges;
}

void fm_runs_release_gap(struct fm_gap_pages *gap) {
  for (unsigned k = 0; k < gap->n; k++)
    fm_page_unlock(gap->page[k], gap->word[k]);
  gap->n = 0;
}
