//===-- AccessPattern.cpp - loop shape of an access, and the hint ---------===//
#include "FarHint/AccessPattern.h"

#include "farhint/hint.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"

#include <cstdlib>

using namespace llvm;

namespace farhint {

LoopPattern analyzeAccess(const Access &A, ScalarEvolution &SE, LoopInfo &LI) {
  LoopPattern P;
  Loop *L = LI.getLoopFor(A.Inst->getParent());
  if (!L)
    return P;
  P.InLoop = true;
  if (!SE.isSCEVable(A.addr()->getType()))
    return P;
  const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(A.addr()));
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return P;
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step)
    return P;
  P.Affine = true;
  P.StepBytes = Step->getAPInt().getSExtValue();
  if (unsigned Trip = SE.getSmallConstantTripCount(L))
    P.TripCount = Trip;
  return P;
}

// Whether the pages a site faults on get written: the profile's suggestion
// where it gives one (it also counts reads whose pages were written later),
// else the same rule on the counts, writes at least a quarter of the faults.
// Any write at all is not enough: a read-only scan's few write-protect
// faults (another access on its pages, attributed to it) would make its
// read-ahead writable, and each page read ahead is then written back.
static bool siteWrites(const Site *S) {
  if (!S)
    return false;
  if (S->Suggest)
    return S->Suggest->Mut;
  return S->WriteFaults > 0 && 4 * S->WriteFaults >= S->Faults;
}

HintParams decideHint(const Site *S, const Access &A, const LoopPattern &LP, std::string &Why) {
  HintParams H;
  H.SiteId = S ? S->Id : 0;
  H.Mut = A.Write || (siteWrites(S) && isa<LoadInst>(A.Inst));
  Why = A.Write ? "write" : (H.Mut ? "read of pages written soon after" : "read");
  if (S && S->Suggest) {
    H.Seq = S->Suggest->Seq;
    H.RdAhead = S->Suggest->RdAhead;
    H.EvPrio = S->Suggest->EvPrio;
    Why += "; profile suggests seq=" + std::to_string(H.Seq) +
           " rdahead=" + std::to_string(H.RdAhead) + " ev_prio=" + std::to_string(H.EvPrio);
  }
  if (!LP.InLoop)
    return H;
  if (!LP.Affine) {
    Why += "; in a loop, address not affine";
    return H;
  }
  int64_t Stride = std::llabs(LP.StepBytes);
  Why += "; loop: affine, stride " + std::to_string(LP.StepBytes) + " bytes";
  if (Stride == 0 || Stride >= int64_t(FARHINT_PAGE_SIZE)) {
    H.Seq = false;
    Why += " (a new page each iteration: no seq)";
    return H;
  }
  // A short loop started at scattered places (a graph vertex's few
  // neighbours) is affine but faults one page per start: the profile, which
  // saw the faults, knows better than the loop's shape. Read-ahead there
  // would fetch pages nobody reads.
  if (S && S->Suggest && !S->Suggest->Seq && S->Faults >= MinFaultsToJudgeSeq) {
    Why += ", but the profile saw no sequential run of pages in its " + std::to_string(S->Faults) +
           " faults: no seq";
    return H;
  }
  H.Seq = true;
  if (H.RdAhead == 0) {
    int Pages = DefaultReadAhead;
    if (LP.TripCount) {
      uint64_t Span = (*LP.TripCount * uint64_t(Stride)) / FARHINT_PAGE_SIZE + 1;
      Pages = int(std::min<uint64_t>(Span, DefaultReadAhead));
    }
    H.RdAhead = LP.StepBytes < 0 ? -Pages : Pages;
    Why += "; seq with read-ahead " + std::to_string(H.RdAhead) + " pages";
  }
  return H;
}

} // namespace farhint
