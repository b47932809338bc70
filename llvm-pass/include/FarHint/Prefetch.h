//===-- FarHint/Prefetch.h - prefetches ahead of indirect accesses --------===//
//
// FILE: llvm-pass/include/FarHint/Prefetch.h
//
// DESCRIPTION: A hint at an access fetches its page when the access is
// reached, so on random access every iteration waits a link round trip. For
// an access whose address comes from loads indexed by the loop (a[b[i]],
// a[b[c[i]]], p[i]->f through an array of pointers, a[e[i].u] through a
// field of each element, a[fetch_add(&n[e[i].u], 1)] through an atomic's
// value, each by an index or an iterator), the address D
// iterations ahead can be computed now: the index address is affine, so its
// value D iterations ahead is a constant offset away; the loads along the
// chain are repeated there, and the page of the resulting address is asked
// for with farhint_prefetch (hint.h), which returns at once. This is the
// software-prefetching scheme for indirect accesses (Ainsworth and Jones,
// CGO 2017) with a distance sized for microseconds of link latency.
//
// Safety: a load ahead reads only a far page that is mapped (its metadata
// word says so), so it never faults, never blocks, and never reads outside
// the program's allocated heap; when the loop's trip count is known to
// ScalarEvolution, the index address is also clamped to the last one the
// loop reads. Where a load ahead's page is not mapped, the prefetch asks
// for that page instead (the index stream). Without the runtime none of it
// runs: it sits behind the module's live word, as hints do.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_PREFETCH_H
#define FARHINT_PREFETCH_H

#include "FarHint/HintEmitter.h"

#include <optional>
#include <string>

namespace llvm {
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace farhint {

constexpr unsigned DefaultPrefetchDistance = 32; // iterations ahead
constexpr unsigned MaxChainLoads = 2;            // a[b[c[i]]] at most

// What an access's prefetch would be.
struct IndirectShape {
  unsigned Loads = 0;          // loads between the affine index and the address
  bool Bounded = false;        // the index is clamped to the loop's last one
  bool FieldOfElement = false; // a load reads a field of each element (a[e[i].u])
  bool AtomicValue = false;    // through an atomic add's value (a[fetch_add(&n[i], 1)])
  bool ByIterator = false;     // the loop steps a pointer (an iterator), not an index
};

// The shape of A's address if a prefetch ahead can compute it, else why not
// (in Why).
std::optional<IndirectShape> indirectShape(const Access &A, llvm::ScalarEvolution &SE,
                                           llvm::LoopInfo &LI, unsigned Distance, std::string &Why);

// Inserts the prefetch for A, Distance iterations ahead, before A.Inst.
// TestLive as for HintEmitter::emit. False (nothing inserted) if the
// address's shape no longer allows it.
bool emitIndirectPrefetch(const Access &A, const HintParams &P, unsigned Distance, bool TestLive,
                          llvm::ScalarEvolution &SE, llvm::LoopInfo &LI, HintEmitter &Emitter);

} // namespace farhint

#endif
