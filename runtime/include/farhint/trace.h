/*
 * farhint/trace.h -- the binary trace libfarmem writes in trace mode
 * (FARHINT_MODE=trace, FARHINT_TRACE_FILE=PATH), read by `farhint profile`.
 *
 * The file starts with the 8 bytes "FHTRACE1", then records, each a
 * struct farhint_trace_rec followed by nframes uint64_t instruction
 * pointers (innermost first; frames after the first are return addresses).
 * At exit come FARHINT_TRACE_INFO (addr: faults seen, size: faults
 * recorded), FARHINT_TRACE_EXE (the program this process ran, for a tree of
 * processes traced with FARHINT_FOLLOW_CHILDREN) and, last,
 * FARHINT_TRACE_MAPS: /proc/self/maps as text of size bytes, so addresses
 * can be symbolized. Little-endian, x86-64.
 *
 * Every fault is recorded up to FARHINT_TRACE_FULL (the environment's
 * FARHINT_TRACE_FULL overrides it, for tests); after that, bursts of
 * FARHINT_TRACE_BURST consecutive faults out of every K bursts, K growing 4x
 * per FARHINT_TRACE_FULL records, so a program that faults millions of
 * times is traced in bounded time and space with its runs intact. A
 * sampled record's weight is K: the faults it stands for. Faults between
 * bursts are served as in a run, read-ahead included; each page read ahead
 * counts as the fault it saved, so weights and "faults seen" stand for a
 * run that faults on every page, as the recorded faults are served.
 *
 * Spatial sampling (FARHINT_TRACE_SPATIAL=N > 1, a power of two): only 1
 * page in N is far, one in each aligned group of N pages (which one chosen
 * by a hash), under 1/N of the budget; the other pages stay local and their
 * faults are neither recorded nor counted. The sampled pages see the
 * faults the whole program would at the whole budget (a cache's misses
 * sampled by address, as SHARDS does), at 1/N of the cost. A
 * FARHINT_TRACE_SAMPLING record gives N (addr) and the unit sampled, a page
 * (size), for the fault records after it; weights are of the sampled pages,
 * so each stands for N times as many. Without one, N is 1. N may rise
 * during the run (FARHINT_TRACE_SPATIAL_UP_TO), each rise a new record;
 * "faults seen" is in units of the last N.
 *
 * When the budget follows the pages in use (FARHINT_TRACE_LOCAL_SHARE, or a
 * rising N), a FARHINT_TRACE_BUDGET record before INFO gives the most
 * memory in use at once (addr, bytes) and the budget at the end (size,
 * bytes), both of the whole program.
 *
 * Traced in windows of time (FARHINT_TRACE_SLOWDOWN), faults are recorded
 * in some windows only, with every page local between them; each window
 * ends with a FARHINT_TRACE_WINDOW record (flags 1 if its faults were
 * recorded, 0 if not). The first window starts at the first record. The
 * faults of a recorded window stand for those of the time from its start
 * to the next recorded window's: their weights are to be multiplied by
 * that time over its own. A trace without WINDOW records was recorded
 * throughout.
 */
#ifndef FARHINT_TRACE_H
#define FARHINT_TRACE_H

#include <stdint.h>

#define FARHINT_TRACE_MAGIC "FHTRACE1"

enum farhint_trace_kind {
  FARHINT_TRACE_FAULT = 1,    /* addr faulted; frames are its stack */
  FARHINT_TRACE_ALLOC = 2,    /* an allocation [addr, addr + size) of >= 64 KiB */
  FARHINT_TRACE_FREE = 3,     /* the allocation at addr was freed */
  FARHINT_TRACE_MAPS = 4,     /* size bytes of /proc/self/maps text follow */
  FARHINT_TRACE_INFO = 5,     /* addr: faults seen; size: faults recorded */
  FARHINT_TRACE_EXE = 6,      /* size bytes of the executable's path follow */
  FARHINT_TRACE_SAMPLING = 7, /* addr: 1 page in addr is far; size: a page's bytes */
  FARHINT_TRACE_BUDGET = 8,   /* addr: most bytes in use at once; size: the budget's bytes */
  FARHINT_TRACE_WINDOW = 9,   /* a window ended: flags 1 if its faults were recorded */
};

/* Why this many: docs/design/profiling.md, "A sampled profile". */
#define FARHINT_TRACE_FULL 20000
#define FARHINT_TRACE_BURST 1024

/* Flags of a fault record. */
#define FARHINT_TRACE_WRITE (1u << 0)   /* a write fault on an absent page */
#define FARHINT_TRACE_WP (1u << 1)      /* a write to a write-protected page */
#define FARHINT_TRACE_HINTED (1u << 2)  /* caught by a hint, not a trap */
#define FARHINT_TRACE_KERNEL (1u << 3)  /* in a system call: frames[0] is its user pc */
#define FARHINT_TRACE_NOSTACK (1u << 4) /* signal blocked: frames[0] is the pc only */

struct farhint_trace_rec {
  uint32_t kind;
  uint32_t tid;
  uint64_t time_ns; /* CLOCK_MONOTONIC */
  uint64_t addr;
  uint64_t size; /* ALLOC: bytes; MAPS, EXE: text bytes; else 0 */
  uint16_t flags;
  uint16_t nframes;
  uint32_t weight; /* FAULT: faults the record stands for, 1 unless sampled
                      (then the sampling factor); 0 in traces before it */
};

#endif /* FARHINT_TRACE_H */
