//===-- Version.cpp - loops with hints, versioned on the live word --------===//
#include "FarHint/Version.h"

#include "FarHint/HintEmitter.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace farhint {

// Whether L can be cloned (it may need a preheader and dedicated exits).
static bool versionable(const Loop &L) { return L.isSafeToClone() && !L.getHeader()->isEHPad(); }

// Whether L calls nothing but intrinsics: no allocation in it can make
// memory run short, so a version chosen on entry stays right as long as an
// innermost loop's does.
static bool callFree(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
        return false;
  return true;
}

// The loop to version for a hint in innermost loop L: the outermost loop
// around it that, like everything inside, makes no call (so a hint in a
// hash probe and the hints of the loop that probes once per key share one
// test per key loop); L itself if L makes calls; none if L is not innermost
// and makes calls.
static Loop *loopToVersion(Loop *L) {
  if (!callFree(*L))
    return L->isInnermost() ? L : nullptr;
  while (L->getParentLoop() && callFree(*L->getParentLoop()))
    L = L->getParentLoop();
  return L;
}

// Gives L the preheader and dedicated exit blocks cloning needs: the pass runs
// late in the pipeline, after loops have left LoopSimplify's form (a probe
// loop's exits often share a block with the code that skips the loop).
static bool simplified(Loop &L, DominatorTree &DT, LoopInfo &LI) {
  if (!L.getLoopPreheader() && !InsertPreheaderForLoop(&L, &DT, &LI, nullptr, false))
    return false;
  return L.hasDedicatedExits() || formDedicatedExitBlocks(&L, &DT, &LI, nullptr, false);
}

// Clones L behind a test of the live word in its preheader: 0 runs the
// clone. Returns false (and changes nothing) if L cannot be versioned.
static bool versionOnLiveWord(Loop &L, DominatorTree &DT, LoopInfo &LI, GlobalVariable *LiveWord) {
  if (!versionable(L) || !simplified(L, DT, LI))
    return false;
  // STEP 1: loop-closed SSA, so every value used after the loop comes through
  // a phi in an exit block, which then takes the clone's value too (inner
  // loops first: formLCSSA assumes them closed already).
  formLCSSARecursively(L, DT, &LI, nullptr);
  // STEP 2: a fresh preheader for the hinted loop; the old one will branch.
  BasicBlock *Test = L.getLoopPreheader();
  BasicBlock *HintedPH = SplitEdge(Test, L.getHeader(), &DT, &LI);
  // STEP 3: the clone, with a preheader of its own, entered from Test.
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Plain = cloneLoopWithPreheader(HintedPH, Test, &L, VMap, ".fh.plain", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  // STEP 4: the exits' phis take the clone's values from the clone's blocks.
  SmallVector<BasicBlock *, 4> Exits;
  L.getUniqueExitBlocks(Exits);
  for (BasicBlock *Exit : Exits)
    for (PHINode &Phi : Exit->phis())
      for (unsigned I = 0, N = Phi.getNumIncomingValues(); I < N; I++)
        if (L.contains(Phi.getIncomingBlock(I))) {
          Value *V = Phi.getIncomingValue(I);
          Value *Cloned = VMap.lookup(V);
          Phi.addIncoming(Cloned ? Cloned : V, cast<BasicBlock>(VMap[Phi.getIncomingBlock(I)]));
        }
  // STEP 5: the test.
  Instruction *Br = Test->getTerminator();
  IRBuilder<> B(Br);
  B.CreateCondBr(isLive(B, LiveWord), HintedPH, Plain->getLoopPreheader());
  Br->eraseFromParent();
  return true;
}

SmallPtrSet<const Instruction *, 16>
versionHintedLoops(Function &F, ArrayRef<Instruction *> HintPoints, GlobalVariable *LiveWord) {
  SmallPtrSet<const Instruction *, 16> Hinted;
  // The loops are named by their headers: each versioning changes the CFG,
  // so dominators and loops are computed afresh for the next.
  SmallVector<BasicBlock *, 8> Headers;
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (Instruction *I : HintPoints) {
      Loop *L = LI.getLoopFor(I->getParent());
      L = L ? loopToVersion(L) : nullptr;
      if (L && !is_contained(Headers, L->getHeader()))
        Headers.push_back(L->getHeader());
    }
  }
  for (BasicBlock *Header : Headers) {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    Loop *L = LI.getLoopFor(Header);
    if (!L || L->getHeader() != Header || !versionOnLiveWord(*L, DT, LI, LiveWord))
      continue;
    for (Instruction *I : HintPoints)
      if (L->contains(I))
        Hinted.insert(I);
  }
  return Hinted;
}

} // namespace farhint
