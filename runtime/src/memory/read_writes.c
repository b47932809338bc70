/* read_writes.c -- whether unhinted read faults map their pages writable.
 * Not asked in trace mode: a profile needs every write-protect fault, which
 * shows which reads are followed by writes.
 * Design: docs/design/prefetch.md. */
#include "memory/read_writes.h"

#include <stdatomic.h>
#include <stdint.h>

/* Unhinted read faults and their read-ahead: map write-protected (exact
 * dirty tracking), or -- when most read-faulted pages are written soon after
 * -- writable and dirty at once, which saves a write-protect fault or an
 * un-protect ioctl (a TLB shootdown each) at the price of writing back the
 * odd clean page. One decision in SAMPLE is always mapped write-protected
 * (a fault's page, or a read-ahead window), and the share of those pages
 * then written (a write-protect fault, or reuse in place after a free)
 * decides, with hysteresis. */
#define SAMPLE 16
/* Sampled pages per decision: four of the largest read-ahead windows, so
 * that no one window decides alone, before its pages' writes are counted. */
#define WINDOW 1024
static struct {
  _Atomic uint64_t reads;   /* decisions: read faults and read-ahead windows */
  _Atomic uint64_t sampled; /* pages mapped write-protected to measure */
  _Atomic uint64_t written; /* sampled pages then written */
  _Atomic bool writable;    /* current mode */
} read_writes;

bool fm_reads_map_writable(unsigned pages, bool *sample) {
  uint64_t n = atomic_fetch_add_explicit(&read_writes.reads, 1, memory_order_relaxed);
  *sample = n % SAMPLE == 0;
  uint64_t sampled =
      *sample ? atomic_fetch_add_explicit(&read_writes.sampled, pages, memory_order_relaxed) + pages
              : 0;
  if (sampled >= WINDOW) {
    uint64_t written = atomic_exchange(&read_writes.written, 0);
    atomic_store(&read_writes.sampled, 0);
    bool on = atomic_load(&read_writes.writable);
    if (!on && 2 * written > sampled)
      atomic_store(&read_writes.writable, true);
    else if (on && 5 * written < sampled)
      atomic_store(&read_writes.writable, false);
  }
  return !*sample && atomic_load_explicit(&read_writes.writable, memory_order_relaxed);
}

void fm_reads_written(unsigned pages) {
  atomic_fetch_add_explicit(&read_writes.written, pages, memory_order_relaxed);
}
