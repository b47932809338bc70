//===-- Prefetch.cpp - prefetches ahead of indirect accesses --------------===//
#include "FarHint/Prefetch.h"

#include "farhint/hint.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace farhint {

namespace {

// A read of memory an address may go through: a load, or an atomic
// read-modify-write (fetch_add and the like), whose value is the memory's
// before the write -- the slot a builder claims with an atomic add.
struct Read {
  Value *Ptr;
  Align Alignment;
  bool Atomic;
  bool Volatile;
};

std::optional<Read> readOf(Instruction *I) {
  if (auto *Ld = dyn_cast<LoadInst>(I))
    return Read{Ld->getPointerOperand(), Ld->getAlign(), Ld->isAtomic(), Ld->isVolatile()};
  if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
    return Read{RMW->getPointerOperand(), RMW->getAlign(), true, RMW->isVolatile()};
  return std::nullopt;
}

// Arithmetic on addresses and indices, which a prefetch ahead repeats.
bool isAddressArithmetic(const Instruction *I) {
  return isa<GetElementPtrInst>(I) || isa<CastInst>(I) ||
         (isa<BinaryOperator>(I) && !I->isIntDivRem());
}

// The instructions computing an access's address inside its loop, in the
// order they run, with the affine ones (the index) as leaves.
struct Chain {
  SmallVector<Instruction *, 8> Steps;        // non-leaf, in def-before-use order
  SmallVector<const SCEVAddRecExpr *, 2> Ars; // per leaf
  SmallVector<Instruction *, 2> Leaves;
  unsigned Loads = 0;
  bool AtomicValue = false; // an atomic read-modify-write's value on the way
  std::string Why;          // why not, when walk fails
};

class ChainWalker {
public:
  ChainWalker(Loop &L, ScalarEvolution &SE) : L(L), SE(SE) {}

  bool walk(Value *V, Chain &C) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I) || Seen.contains(I))
      return true; // invariant in the loop, or already in the chain
    Seen.insert(I);
    if (sameEachIteration(I, 0))
      return true; // used as this iteration has it
    if (SE.isSCEVable(I->getType())) {
      const SCEV *S = SE.getSCEV(I);
      if (SE.isLoopInvariant(S, &L))
        return true;
      const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
      if (AR && AR->getLoop() == &L && AR->isAffine() &&
          isa<SCEVConstant>(AR->getStepRecurrence(SE))) {
        C.Leaves.push_back(I);
        C.Ars.push_back(AR);
        return true;
      }
    }
    if (std::optional<Read> R = readOf(I)) {
      if (R->Volatile)
        return fail(C, "a volatile load in the address");
      C.AtomicValue |= isa<AtomicRMWInst>(I);
      if (++C.Loads > MaxChainLoads)
        return fail(C, "more than " + std::to_string(MaxChainLoads) + " loads in the address");
      if (!walk(R->Ptr, C))
        return false;
    } else if (isAddressArithmetic(I)) {
      for (Value *Op : I->operands())
        if (!walk(Op, C))
          return false;
    } else {
      return fail(C,
                  std::string("the address goes through a ") + I->getOpcodeName() + " in the loop");
    }
    C.Steps.push_back(I);
    return true;
  }

private:
  // Whether I reads the same address every iteration (a pointer the loop
  // reloads because a write in it might alias it, as a lambda's captures
  // and a vector's data pointer are reloaded around an atomic add): its
  // value ahead is taken to be this iteration's, and it does not count
  // against the loads a chain may hold.
  bool sameEachIteration(Instruction *I, unsigned Depth) {
    if (Depth > 8)
      return false;
    auto Same = [&](Value *V) {
      auto *J = dyn_cast<Instruction>(V);
      return !J || !L.contains(J) || sameEachIteration(J, Depth + 1);
    };
    if (std::optional<Read> R = readOf(I))
      return isa<LoadInst>(I) && !R->Volatile && Same(R->Ptr);
    return isAddressArithmetic(I) && all_of(I->operands(), Same);
  }

  static bool fail(Chain &C, std::string Why) {
    C.Why = std::move(Why);
    return false;
  }
  Loop &L;
  ScalarEvolution &SE;
  SmallPtrSet<Instruction *, 8> Seen;
};

// The function of the C++ standard library whose code the loop is, if it is
// one (inlined: a sort's partition around a comparator that the site is in).
std::optional<std::string> standardLibraryLoop(const Loop &L) {
  const DILocation *Loc = L.getStartLoc();
  const DISubprogram *SP = Loc ? Loc->getScope()->getSubprogram() : nullptr;
  for (const DIScope *S = SP ? SP->getScope() : nullptr; S; S = S->getScope())
    if (const auto *NS = dyn_cast<DINamespace>(S); NS && NS->getName() == "std")
      return ("std::" + SP->getName().take_until([](char C) { return C == '<'; })).str();
  return std::nullopt;
}

// The chain of A's address in its innermost loop, if a prefetch can follow it.
std::optional<Chain> chainOf(const Access &A, ScalarEvolution &SE, LoopInfo &LI, std::string &Why) {
  Loop *L = LI.getLoopFor(A.Inst->getParent());
  if (!L) {
    Why = "not in a loop";
    return std::nullopt;
  }
  // The iterations of a library algorithm's loop are not the order it
  // visits the elements in (a sort's partition walks from both ends and
  // recurses), and it runs far more often than it faults: a check ahead at
  // each iteration costs more than the faults it could save.
  if (std::optional<std::string> Std = standardLibraryLoop(*L)) {
    Why = "the loop is the C++ standard library's (" + *Std + ")";
    return std::nullopt;
  }
  Chain C;
  ChainWalker W(*L, SE);
  if (!W.walk(A.addr(), C)) {
    Why = C.Why;
    return std::nullopt;
  }
  if (C.Loads == 0) {
    Why = "no load in the address (affine: read-ahead covers it)";
    return std::nullopt;
  }
  if (C.Leaves.empty()) {
    Why = "no index in the address moves with the loop";
    return std::nullopt;
  }
  return C;
}

// Whether the loop reaches Leaf by stepping a pointer (p++, an iterator)
// rather than by an index.
bool stepsPointer(Instruction *Leaf) {
  Value *V = Leaf;
  while (auto *G = dyn_cast<GetElementPtrInst>(V))
    V = G->getPointerOperand();
  return isa<PHINode>(V) && V->getType()->isPointerTy();
}

const SCEV *lastValue(const SCEVAddRecExpr *AR, Loop &L, ScalarEvolution &SE) {
  const SCEV *Trips = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Trips))
    return nullptr;
  return AR->evaluateAtIteration(Trips, SE);
}

} // namespace

std::optional<IndirectShape> indirectShape(const Access &A, ScalarEvolution &SE, LoopInfo &LI,
                                           unsigned Distance, std::string &Why) {
  std::optional<Chain> C = chainOf(A, SE, LI, Why);
  if (!C)
    return std::nullopt;
  Loop &L = *LI.getLoopFor(A.Inst->getParent());
  if (unsigned Trip = SE.getSmallConstantTripCount(&L); Trip && Trip <= Distance) {
    Why = "the loop runs " + std::to_string(Trip) + " times, not more than the distance " +
          std::to_string(Distance);
    return std::nullopt;
  }
  IndirectShape S;
  S.Loads = C->Loads;
  S.AtomicValue = C->AtomicValue;
  S.ByIterator = llvm::any_of(C->Leaves, stepsPointer);
  const DataLayout &DL = A.Inst->getModule()->getDataLayout();
  for (Instruction *I : C->Steps) // a read narrower than its address's step
    if (std::optional<Read> R = readOf(I))
      if (const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(R->Ptr));
          AR && AR->getLoop() == &L && isa<SCEVConstant>(AR->getStepRecurrence(SE)))
        S.FieldOfElement |=
            cast<SCEVConstant>(AR->getStepRecurrence(SE))->getAPInt().abs().getZExtValue() >
            DL.getTypeStoreSize(I->getType()).getFixedValue();
  // (Versioning gives the loop the preheader the clamp is computed in.)
  S.Bounded = llvm::all_of(C->Ars, [&](auto *AR) { return lastValue(AR, L, SE); });
  return S;
}

namespace {

// Emits the chain Distance iterations ahead at B.
class AheadEmitter {
public:
  AheadEmitter(IRBuilder<> &B, Loop &L, ScalarEvolution &SE, unsigned Distance)
      : B(B), L(L), SE(SE), Distance(Distance), I64(B.getInt64Ty()) {}

  // The address to prefetch: the access's address Distance iterations
  // ahead, or, where a load on the way found its page absent, that page.
  Value *emit(const Chain &C, Value *Addr) {
    for (size_t K = 0; K < C.Leaves.size(); K++)
      New[C.Leaves[K]] = leafAhead(C.Leaves[K], C.Ars[K]);
    for (Instruction *I : C.Steps) {
      if (std::optional<Read> R = readOf(I))
        New[I] = loadAhead(I, *R);
      else
        New[I] = cloneAhead(I);
    }
    Value *Ahead = New.lookup(Addr);
    return AllHere ? B.CreateSelect(AllHere, Ahead, Absent, "fh.pf.addr") : Ahead;
  }

private:
  Value *remap(Value *V) { return New.count(V) ? New[V] : V; }

  // The index d iterations on: a constant offset, clamped to the loop's
  // last index when ScalarEvolution knows it.
  Value *leafAhead(Instruction *I, const SCEVAddRecExpr *AR) {
    int64_t Step = cast<SCEVConstant>(AR->getStepRecurrence(SE))->getAPInt().getSExtValue();
    Value *V =
        I->getType()->isPointerTy()
            ? B.CreateGEP(B.getInt8Ty(), I, ConstantInt::get(I64, Step * Distance), "fh.pf.idx")
            : B.CreateAdd(I, ConstantInt::get(I->getType(), Step * Distance), "fh.pf.idx");
    const SCEV *Last = lastValue(AR, L, SE);
    BasicBlock *Pre = L.getLoopPreheader();
    if (!Last || !Pre)
      return V;
    SCEVExpander Exp(SE, B.GetInsertBlock()->getModule()->getDataLayout(), "fh.pf");
    Value *LastV = Exp.expandCodeFor(Last, I->getType(), Pre->getTerminator());
    Value *Within = Step > 0 ? B.CreateICmpULE(V, LastV) : B.CreateICmpUGE(V, LastV);
    return B.CreateSelect(Within, V, LastV, "fh.pf.bounded");
  }

  // Whether P's page is far and mapped, and no eviction holds it: reading it
  // does not fault. (Mapped, not only PRESENT: a page a prefetch brought
  // stays hidden from hints until one uses it, and unhinted code reads it
  // without telling.)
  Value *mapped(Value *P) {
    Value *Addr = B.CreatePtrToInt(P, I64);
    Value *Far = isFar(B, Addr);
    Value *Entry = metaWordAddress(B, B.CreateLShr(Addr, FARHINT_PAGE_SHIFT));
    Value *Safe = B.CreateSelect(Far, Entry, ConstantInt::get(I64, FARHINT_META_TABLE));
    Value *Word =
        B.CreateLoad(I64, B.CreateIntToPtr(Safe, B.getPtrTy()), /*isVolatile=*/true, "fh.pf.meta");
    Value *Mapped =
        B.CreateICmpNE(B.CreateAnd(Word, FARHINT_META_MAPPED), ConstantInt::get(I64, 0));
    Value *Unlocked =
        B.CreateICmpEQ(B.CreateAnd(Word, FARHINT_META_LOCKED), ConstantInt::get(I64, 0));
    Value *Here = B.CreateAnd(Mapped, Unlocked);
    return B.CreateAnd(Far, Here, "fh.pf.here");
  }

  // The read d iterations on, if its page is here; else the read of this
  // iteration again (its page was just read), and the absent page is what
  // to prefetch. An atomic's value is read ahead with a relaxed atomic
  // load: other threads write it meanwhile, and a plain load would race.
  Value *loadAhead(Instruction *I, const Read &R) {
    Value *P = remap(R.Ptr);
    Value *Here = mapped(P);
    Absent = AllHere ? B.CreateSelect(AllHere, P, Absent) : P;
    AllHere = AllHere ? B.CreateAnd(AllHere, Here) : Here;
    Value *From = B.CreateSelect(Here, P, R.Ptr, "fh.pf.from");
    LoadInst *L2 = B.CreateAlignedLoad(I->getType(), From, R.Alignment, "fh.pf.load");
    if (R.Atomic)
      L2->setAtomic(AtomicOrdering::Monotonic);
    L2->copyMetadata(*I, {LLVMContext::MD_tbaa});
    return L2;
  }

  Value *cloneAhead(Instruction *I) {
    Instruction *C = I->clone();
    for (Use &U : C->operands())
      U.set(remap(U.get()));
    if (isa<OverflowingBinaryOperator>(C)) { // a value ahead may wrap
      C->setHasNoSignedWrap(false);
      C->setHasNoUnsignedWrap(false);
    }
    if (auto *G = dyn_cast<GetElementPtrInst>(C))
      G->setNoWrapFlags(GEPNoWrapFlags::none()); // an index ahead may leave the object
    return B.Insert(C, "fh.pf");
  }

  IRBuilder<> &B;
  Loop &L;
  ScalarEvolution &SE;
  unsigned Distance;
  Type *I64;
  DenseMap<Value *, Value *> New;
  Value *AllHere = nullptr; // every load ahead so far found its page
  Value *Absent = nullptr;  // the first address ahead whose page was not mapped
};

} // namespace

bool emitIndirectPrefetch(const Access &A, const HintParams &P, unsigned Distance, bool TestLive,
                          ScalarEvolution &SE, LoopInfo &LI, HintEmitter &Emitter) {
  std::string Why;
  std::optional<Chain> C = chainOf(A, SE, LI, Why);
  if (!C)
    return false;
  Loop &L = *LI.getLoopFor(A.Inst->getParent());
  Instruction *At = A.Inst;
  IRBuilder<> B(At);
  B.SetCurrentDebugLocation(At->getDebugLoc());
  if (TestLive) {
    Instruction *Term = SplitBlockAndInsertIfThen(isLive(B, Emitter.liveWord()), At, false);
    Term->getParent()->setName("fh.pf");
    B.SetInsertPoint(Term);
  }
  Value *Ahead = AheadEmitter(B, L, SE, Distance).emit(*C, A.addr());
  Emitter.emitPrefetch(Ahead, A.size(), P, At->getDebugLoc(), &*B.GetInsertPoint());
  return true;
}

} // namespace farhint
