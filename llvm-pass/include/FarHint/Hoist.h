//===-- FarHint/Hoist.h - one hint before the loops, not one per access ---===//
//
// FILE: llvm-pass/include/FarHint/Hoist.h
//
// DESCRIPTION: An access whose address does not move in its loop, or moves
// over a few bytes only (an affine address over a constant trip count that
// spans at most MaxHoistSpan bytes: a point's coordinates, a row of a small
// matrix), is hinted once, for the whole range, in the preheader of the
// outermost loop the range does not move in. A hint in the loop would run
// its check every iteration and keep the loop from being vectorized
// (docs/design/pass.md, "The pass hoists hints"). A hoisted hint that comes
// too early is only a hint: if the page is evicted before the access, the
// access faults and is served like any other.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_HOIST_H
#define FARHINT_HOIST_H

#include "FarHint/SiteMatcher.h"

#include <optional>

namespace llvm {
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace farhint {

constexpr uint64_t MaxHoistSpan = 4096;

struct Hoisted {
  Access Range;        // the range's first byte and size, before the preheader's end
  unsigned Levels = 0; // loops hoisted out of
};

// Where the access's hint can go instead, with its address computed there;
// nothing when it must stay before the access.
std::optional<Hoisted> hoistOutOfLoops(const Access &A, llvm::ScalarEvolution &SE,
                                       llvm::LoopInfo &LI);

} // namespace farhint

#endif
