//===-- FarHint/AccessPattern.h - loop shape of an access, and the hint ---===//
//
// FILE: llvm-pass/include/FarHint/AccessPattern.h
//
// DESCRIPTION: With ScalarEvolution, whether an access's address is affine
// in its loop (start + i * step), and from that and the profile's
// suggestion, the hint's parameters. The rules:
//   - mut when the access writes, or it is a load at a site where the
//     profile saw writes or suggests mut (a read-modify-write line, or a
//     scan whose pages another line writes next: mapping writable at the
//     load saves a write-protect fault or un-protect call per page);
//   - the profile's seq/rdahead/ev_prio when it suggests them;
//   - an affine access with |step| < one page gets seq, and read-ahead of
//     16 pages in the step's direction (fewer if the loop's trip count
//     covers fewer pages) when the profile suggests none;
//   - |step| >= one page: no seq (every access is a new page).
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_ACCESSPATTERN_H
#define FARHINT_ACCESSPATTERN_H

#include "FarHint/HintEmitter.h"

#include <optional>
#include <string>

namespace llvm {
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace farhint {

struct LoopPattern {
  bool InLoop = false;
  bool Affine = false;
  int64_t StepBytes = 0;
  std::optional<uint64_t> TripCount;
};

LoopPattern analyzeAccess(const Access &A, llvm::ScalarEvolution &SE, llvm::LoopInfo &LI);

// The hint for an access; Why gets a short human reason.
HintParams decideHint(const Site *S, const Access &A, const LoopPattern &LP, std::string &Why);

constexpr int DefaultReadAhead = 16;
// Faults a profile must have seen at a site before its "not sequential"
// outweighs an affine loop around the access (the profile suggests seq
// only from 4 faults on; a few dozen more make a miss of it unlikely).
constexpr uint64_t MinFaultsToJudgeSeq = 64;

} // namespace farhint

#endif
