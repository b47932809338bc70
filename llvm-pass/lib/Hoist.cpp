//===-- Hoist.cpp - one hint before the loops, not one per access ---------===//
#include "FarHint/Hoist.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstdlib>

using namespace llvm;

namespace farhint {

namespace {

// The range the access covers over all of loop L's iterations, as (first
// byte, span), when it is small; S is the access's address.
std::optional<std::pair<const SCEV *, uint64_t>> smallRangeIn(const SCEV *S, uint64_t Size, Loop *L,
                                                              ScalarEvolution &SE) {
  if (SE.isLoopInvariant(S, L))
    return std::make_pair(S, Size);
  const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return std::nullopt;
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  unsigned Trip = SE.getSmallConstantTripCount(L);
  if (!Step || Trip == 0)
    return std::nullopt;
  int64_t StepBytes = Step->getAPInt().getSExtValue();
  uint64_t Span = uint64_t(std::llabs(StepBytes)) * (Trip - 1) + Size;
  if (Span > MaxHoistSpan)
    return std::nullopt;
  const SCEV *First =
      StepBytes >= 0 ? AR->getStart()
                     : AR->evaluateAtIteration(
                           SE.getConstant(SE.getEffectiveSCEVType(AR->getType()), Trip - 1), SE);
  return std::make_pair(First, Span);
}

} // namespace

std::optional<Hoisted> hoistOutOfLoops(const Access &A, ScalarEvolution &SE, LoopInfo &LI) {
  Loop *L = LI.getLoopFor(A.Inst->getParent());
  if (!L || !A.SizeIsConstant || !SE.isSCEVable(A.addr()->getType()))
    return std::nullopt;
  auto Range = smallRangeIn(SE.getSCEV(A.addr()), A.ConstantSize, L, SE);
  if (!Range)
    return std::nullopt;
  // Out of every enclosing loop the range does not move in.
  unsigned Levels = 1;
  while (Loop *Outer = L->getParentLoop()) {
    if (!SE.isLoopInvariant(Range->first, Outer) || !Outer->getLoopPreheader())
      break;
    L = Outer;
    Levels++;
  }
  BasicBlock *Preheader = L->getLoopPreheader();
  if (!Preheader)
    return std::nullopt;
  Instruction *At = Preheader->getTerminator();
  const DataLayout &DL = A.Inst->getModule()->getDataLayout();
  SCEVExpander Expander(SE, DL, "fh.hoist");
  if (!Expander.isSafeToExpandAt(Range->first, At))
    return std::nullopt;
  Hoisted H;
  H.Range = A;
  H.Range.Inst = At;
  H.Range.AddrUse = H.Range.SizeUse = nullptr; // values of its own, computed here
  H.Range.FixedAddr = Expander.expandCodeFor(Range->first, A.addr()->getType(), At);
  H.Range.FixedSize = ConstantInt::get(Type::getInt64Ty(A.Inst->getContext()), Range->second);
  H.Range.ConstantSize = Range->second;
  H.Range.Alignment = Align(1); // the range may cross a page
  H.Levels = Levels;
  return H;
}

} // namespace farhint
