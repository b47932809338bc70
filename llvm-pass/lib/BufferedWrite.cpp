//===-- BufferedWrite.cpp - writes that need not fetch their page ---------===//
#include "FarHint/BufferedWrite.h"
#include "FarHint/HintEmitter.h"

#include "farhint/hint.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace farhint {

// Whether the runtime can take a value of type T: an integer, float,
// double or pointer of 1, 2, 4 or 8 bytes; Bytes is its size.
static bool loggable(Type *T, const DataLayout &DL, unsigned &Bytes) {
  Bytes = unsigned(DL.getTypeStoreSize(T).getFixedValue());
  return (T->isIntegerTy() || T->isFloatTy() || T->isDoubleTy() || T->isPointerTy()) &&
         (Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8);
}

static bool isAdd(unsigned Opcode) {
  return Opcode == Instruction::Add || Opcode == Instruction::Sub || Opcode == Instruction::FAdd ||
         Opcode == Instruction::FSub;
}

static bool isSub(unsigned Opcode) {
  return Opcode == Instruction::Sub || Opcode == Instruction::FSub;
}

static bool isAddRMW(AtomicRMWInst::BinOp O) {
  return O == AtomicRMWInst::Add || O == AtomicRMWInst::Sub || O == AtomicRMWInst::FAdd ||
         O == AtomicRMWInst::FSub;
}

static bool isSubRMW(AtomicRMWInst::BinOp O) {
  return O == AtomicRMWInst::Sub || O == AtomicRMWInst::FSub;
}

// What a store's address is, for the report.
static std::string addressShape(Value *Ptr) {
  auto *GEP = dyn_cast<GetElementPtrInst>(Ptr);
  if (!GEP)
    return "through a pointer (an iterator, or a pointer kept)";
  return GEP->hasAllConstantIndices() ? "to a field" : "through an index";
}

// The `+=` whose store S is, if it is one: S stores Op(load of S's address,
// x), the load and the add feed only that, and nothing between the load
// and S touches memory. Nothing, with WhyNot set, for a `+=` that is not
// taken.
static std::optional<BufferedWrite> plusEquals(StoreInst *S, const DominatorTree &DT,
                                               std::string &WhyNot) {
  auto *Op = dyn_cast<BinaryOperator>(S->getValueOperand());
  if (!Op || !isAdd(Op->getOpcode()) || !Op->hasOneUse())
    return std::nullopt;
  auto *L = dyn_cast<LoadInst>(Op->getOperand(0));
  if ((!L || L->getPointerOperand() != S->getPointerOperand()) && !isSub(Op->getOpcode()))
    L = dyn_cast<LoadInst>(Op->getOperand(1));
  if (!L || L->getPointerOperand() != S->getPointerOperand() || !L->isSimple() || !L->hasOneUse() ||
      L->getParent() != S->getParent())
    return std::nullopt;
  for (Instruction *I = L->getNextNode(); I != S; I = I->getNextNode())
    if (I != Op && I->mayReadOrWriteMemory()) {
      WhyNot = "a `+=` with another memory access between its read and its write";
      return std::nullopt;
    }
  Value *X = Op->getOperand(Op->getOperand(0) == L ? 1 : 0);
  if (auto *XI = dyn_cast<Instruction>(X); XI && !DT.dominates(XI, L)) {
    WhyNot = "a `+=` whose addend is computed after its read";
    return std::nullopt;
  }
  bool Float = Op->getType()->isFloatingPointTy();
  std::string Shape = std::string(isSub(Op->getOpcode()) ? "`-=`" : "`+=`") + " on " +
                      (Float ? "a floating-point" : "an integer") + " element " +
                      addressShape(S->getPointerOperand());
  return BufferedWrite{S, L, Op, Shape};
}

static std::optional<BufferedWrite> ofStore(StoreInst *S, const Access &A, const DominatorTree &DT,
                                            std::string &WhyNot) {
  unsigned Bytes;
  if (S->isVolatile())
    WhyNot = "a volatile store";
  else if (isStrongerThan(S->getOrdering(), AtomicOrdering::Monotonic))
    WhyNot = "an atomic store ordered more strongly than relaxed";
  else if (!loggable(S->getValueOperand()->getType(), S->getDataLayout(), Bytes))
    WhyNot = "a store of a value that is not 1, 2, 4 or 8 bytes";
  else if (!staysInOnePage(A))
    WhyNot = "a store aligned below its size, which may straddle two pages";
  if (!WhyNot.empty())
    return std::nullopt;
  if (std::optional<BufferedWrite> W = plusEquals(S, DT, WhyNot); W || !WhyNot.empty())
    return W;
  return BufferedWrite{S, nullptr, nullptr, "a store " + addressShape(S->getPointerOperand())};
}

std::optional<BufferedWrite> bufferedWriteOf(const Access &A, const DominatorTree &DT,
                                             std::string &WhyNot) {
  Instruction *I = A.Inst;
  if (auto *S = dyn_cast<StoreInst>(I))
    return ofStore(S, A, DT, WhyNot);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
    unsigned Bytes;
    if (!isAddRMW(RMW->getOperation()))
      WhyNot = "an atomic " + AtomicRMWInst::getOperationName(RMW->getOperation()).str() +
               ", not an add";
    else if (!RMW->use_empty())
      WhyNot = "an atomic add whose result (the old value) is used";
    else if (RMW->isVolatile())
      WhyNot = "a volatile atomic add";
    else if (!loggable(RMW->getValOperand()->getType(), RMW->getDataLayout(), Bytes))
      WhyNot = "an atomic add of a value that is not 1, 2, 4 or 8 bytes";
    if (!WhyNot.empty())
      return std::nullopt;
    const char *Op = isSubRMW(RMW->getOperation()) ? "sub" : "add";
    return BufferedWrite{RMW, nullptr, nullptr,
                         std::string("an atomic ") + Op + " whose result is unused"};
  }
  if (auto *L = dyn_cast<LoadInst>(I)) {
    if (L->hasOneUse())
      if (auto *Op = dyn_cast<BinaryOperator>(L->user_back()); Op && Op->hasOneUse())
        if (auto *S = dyn_cast<StoreInst>(Op->user_back());
            S && S->getPointerOperand() == L->getPointerOperand()) {
          Access Write = A;
          Write.Inst = S;
          std::optional<BufferedWrite> W = ofStore(S, Write, DT, WhyNot);
          if (W && W->Load == L)
            return W;
          if (W)
            WhyNot = "a read";
          return std::nullopt;
        }
    WhyNot = "a read";
    return std::nullopt;
  }
  WhyNot = isa<AtomicCmpXchgInst>(I) ? "a compare-and-swap" : "a memory intrinsic or library call";
  return std::nullopt;
}

// The operand a buffered write gives the runtime: the value stored or
// added, the operation (hint.h's FARHINT_W_*) and whether to negate it (a
// sub adds the negation).
struct Operand {
  Value *Val;
  unsigned Op = FARHINT_W_STORE, Flags = 0;
  bool Negate = false;
};

static Operand operandOf(const BufferedWrite &W) {
  Operand V;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(W.Store)) {
    V.Val = RMW->getValOperand();
    V.Flags = FARHINT_W_ATOMIC;
    V.Negate = isSubRMW(RMW->getOperation());
  } else if (W.Op) {
    V.Val = W.Op->getOperand(W.Op->getOperand(0) == W.Load ? 1 : 0);
    V.Negate = isSub(W.Op->getOpcode());
  } else {
    V.Val = cast<StoreInst>(W.Store)->getValueOperand();
    return V;
  }
  V.Op = V.Val->getType()->isFloatingPointTy() ? FARHINT_W_FADD : FARHINT_W_ADD;
  return V;
}

// The operand's bits in an i64, as farhint_write_slow takes them.
static Value *bitsOf(IRBuilderBase &B, const Operand &V, unsigned Bytes) {
  Value *Bits = V.Val;
  if (V.Negate)
    Bits = Bits->getType()->isFloatingPointTy() ? B.CreateFNeg(Bits) : B.CreateNeg(Bits);
  if (Bits->getType()->isPointerTy())
    Bits = B.CreatePtrToInt(Bits, B.getInt64Ty());
  else if (Bits->getType()->isFloatingPointTy())
    Bits = B.CreateBitCast(Bits, B.getIntNTy(Bytes * 8));
  return B.CreateZExtOrTrunc(Bits, B.getInt64Ty(), "fh.w.bits");
}

void emitBufferedWrite(const BufferedWrite &W, GlobalVariable *LiveWord, bool TestLive) {
  Function &F = *W.Store->getFunction();
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C), *I32 = Type::getInt32Ty(C);
  const DebugLoc &Loc = W.Store->getDebugLoc();
  // The function now reads a global and may call into the runtime.
  F.removeFnAttr(Attribute::Memory);
  F.removeFnAttr(Attribute::NoSync);

  // STEP 1: what the runtime is told: the address, the operand's bits, and
  // the kind (hint.h).
  Value *Ptr = getLoadStorePointerOperand(W.Store);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(W.Store))
    Ptr = RMW->getPointerOperand();
  Operand V = operandOf(W);
  unsigned Bytes;
  bool Ok = loggable(V.Val->getType(), M.getDataLayout(), Bytes);
  assert(Ok && "bufferedWriteOf accepted only loggable values");
  (void)Ok;

  // STEP 2: the write as it was moves to a block of its own, taken unless
  // the page is far and not present.
  BasicBlock *Head = W.Store->getParent();
  BasicBlock *Cont = SplitBlock(Head, W.Store->getNextNode());
  Cont->setName("fh.w.cont");
  auto *Plain = BasicBlock::Create(C, "fh.w.plain", &F, Cont);
  auto *Far = BasicBlock::Create(C, "fh.w.far", &F, Plain);
  auto *Meta = BasicBlock::Create(C, "fh.w.meta", &F, Plain);
  auto *Log = BasicBlock::Create(C, "fh.w.log", &F, Cont);
  BranchInst *ToCont = BranchInst::Create(Cont, Plain);
  for (Instruction *I :
       {static_cast<Instruction *>(W.Load), static_cast<Instruction *>(W.Op), W.Store})
    if (I)
      I->moveBefore(ToCont);
  Head->getTerminator()->eraseFromParent();

  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(Loc);
  if (TestLive)
    B.CreateCondBr(isLive(B, LiveWord), Far, Plain);
  else
    B.CreateBr(Far);
  B.SetInsertPoint(Far);
  Value *Addr = B.CreatePtrToInt(Ptr, I64, "fh.w.addr");
  B.CreateCondBr(isFar(B, Addr, "fh.w.isfar"), Meta, Plain);

  B.SetInsertPoint(Meta);
  FunctionCallee Slow = preserveMostRuntimeFunction(
      M, "farhint_write_slow_preserve_most",
      FunctionType::get(Type::getVoidTy(C), {PointerType::getUnqual(C), I64, I32}, false));
  Value *WordAddr = B.CreateIntToPtr(metaWordAddress(B, B.CreateLShr(Addr, FARHINT_PAGE_SHIFT)),
                                     PointerType::getUnqual(C));
  Value *Word = B.CreateLoad(I64, WordAddr, /*isVolatile=*/true, "fh.w.meta");
  Value *Absent = B.CreateICmpEQ(B.CreateAnd(Word, FARHINT_META_PRESENT), ConstantInt::get(I64, 0),
                                 "fh.w.absent");
  Value *Go = B.CreateAnd(Absent, B.CreateIsNotNull(Slow.getCallee(), "fh.hasrt"), "fh.w.go");
  B.CreateCondBr(Go, Log, Plain, MDBuilder(C).createBranchWeights(1, 1000));

  // STEP 3: the runtime logs it (or does it, if the page came in).
  B.SetInsertPoint(Log);
  Value *Bits = bitsOf(B, V, Bytes);
  uint32_t Kind = FARHINT_W_KIND(V.Op, countr_zero(Bytes), V.Flags);
  B.CreateCall(Slow, {Ptr, Bits, ConstantInt::get(I32, Kind)})
      ->setCallingConv(CallingConv::PreserveMost);
  B.CreateBr(Cont);
}

} // namespace farhint
