//===-- HintEmitter.cpp - the hint's inline fast path in IR ---------------===//
#include "FarHint/HintEmitter.h"

#include "farhint/hint.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace farhint {

// A function of the runtime, declared weak: a hinted program still links
// and runs without the runtime.
static FunctionCallee weakRuntimeFunction(Module &M, StringRef Name, FunctionType *FT) {
  FunctionCallee Callee = M.getOrInsertFunction(Name, FT);
  if (auto *F = dyn_cast<Function>(Callee.getCallee()))
    if (F->isDeclaration())
      F->setLinkage(GlobalValue::ExternalWeakLinkage);
  return Callee;
}

// preserve_most: the call keeps the general-purpose registers, so a cold
// path into the runtime puts no register pressure on the loop around it
// (hint.h). Through the GOT, bound at load time: a lazy-binding PLT entry
// would run the dynamic linker's resolver, which keeps only the argument
// registers.
FunctionCallee preserveMostRuntimeFunction(Module &M, StringRef Name, FunctionType *FT) {
  FunctionCallee Callee = weakRuntimeFunction(M, Name, FT);
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) {
    F->setCallingConv(CallingConv::PreserveMost);
    F->addFnAttr(Attribute::NonLazyBind);
  }
  return Callee;
}

Value *isFar(IRBuilderBase &B, Value *AddrInt, const Twine &Name) {
  return B.CreateICmpEQ(B.CreateLShr(AddrInt, FARHINT_FAR_SHIFT),
                        ConstantInt::get(B.getInt64Ty(), 1), Name);
}

Value *metaWordAddress(IRBuilderBase &B, Value *Page) {
  return B.CreateAdd(B.CreateShl(Page, 3), ConstantInt::get(B.getInt64Ty(), FARHINT_META_BIAS));
}

Value *isLive(IRBuilderBase &B, GlobalVariable *LiveWord) {
  Type *I32 = B.getInt32Ty();
  return B.CreateICmpNE(B.CreateLoad(I32, LiveWord, /*isVolatile=*/true, "fh.live"),
                        ConstantInt::get(I32, 0), "fh.islive");
}

HintEmitter::HintEmitter(Module &M) : M(M) {
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  FunctionType *FT =
      FunctionType::get(Type::getVoidTy(C), {PointerType::getUnqual(C), I64, I32, I32}, false);
  Slow = preserveMostRuntimeFunction(M, "farhint_hint_slow_preserve_most", FT);
}

// The call of a runtime entry, emitted only where the runtime is there.
static void callIfRuntime(IRBuilderBase &B, FunctionCallee Callee, ArrayRef<Value *> Args,
                          Instruction *Before) {
  B.SetInsertPoint(Before);
  Value *HasRuntime = B.CreateIsNotNull(Callee.getCallee(), "fh.hasrt");
  Instruction *CallTerm = SplitBlockAndInsertIfThen(HasRuntime, Before, false);
  B.SetInsertPoint(CallTerm);
  B.CreateCall(Callee, Args)->setCallingConv(CallingConv::PreserveMost);
}

void HintEmitter::emitPrefetch(Value *Addr, Value *Size, const HintParams &P, const DebugLoc &Loc,
                               Instruction *Before) {
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C), *I32 = Type::getInt32Ty(C);
  IRBuilder<> B(Before);
  B.SetCurrentDebugLocation(Loc);
  Value *A = B.CreatePtrToInt(Addr, I64, "fh.pf.a");
  Instruction *FarTerm = SplitBlockAndInsertIfThen(isFar(B, A), Before, false);
  B.SetInsertPoint(FarTerm);
  Value *WordAddr = B.CreateIntToPtr(metaWordAddress(B, B.CreateLShr(A, FARHINT_PAGE_SHIFT)),
                                     PointerType::getUnqual(C));
  Value *Word = B.CreateLoad(I64, WordAddr, /*isVolatile=*/true, "fh.pf.word");
  Value *Wanted = B.CreateICmpEQ(B.CreateAnd(Word, FARHINT_META_LOCAL_OR_COMING),
                                 ConstantInt::get(I64, 0), "fh.pf.wanted");
  Instruction *Ask = SplitBlockAndInsertIfThen(Wanted, FarTerm, false);
  Ask->getParent()->setName("fh.pf.ask");
  uint32_t Packed = FARHINT_PACK(P.Mut ? FARHINT_F_MUT : 0, 0, P.EvPrio);
  FunctionCallee Prefetch =
      preserveMostRuntimeFunction(M, "farhint_prefetch_preserve_most", Slow.getFunctionType());
  callIfRuntime(B, Prefetch,
                {Addr, Size, ConstantInt::get(I32, Packed), ConstantInt::get(I32, P.SiteId)}, Ask);
}

// A NUL-terminated string kept in the object's section Section.
static void keepString(Module &M, StringRef Name, StringRef Section, StringRef Text) {
  Constant *Init = ConstantDataArray::getString(M.getContext(), Text);
  auto *G = new GlobalVariable(M, Init->getType(), true, GlobalValue::InternalLinkage, Init, Name);
  G->setSection(Section);
  G->setAlignment(Align(1));
  appendToUsed(M, {G});
}

void HintEmitter::recordProfiledBuild(StringRef BuildId) {
  if (!BuildId.empty() && !M.getNamedGlobal("__farhint_profiled_build"))
    keepString(M, "__farhint_profiled_build", FARHINT_PROFILE_SECTION, BuildId);
}

void HintEmitter::recordSites(ArrayRef<uint32_t> Hinted, ArrayRef<uint32_t> Prefetched) {
  std::string List;
  for (uint32_t Id : Hinted)
    List += (List.empty() ? "h" : " h") + std::to_string(Id);
  for (uint32_t Id : Prefetched)
    List += " p" + std::to_string(Id);
  if (!List.empty())
    keepString(M, "__farhint_sites", FARHINT_SITES_SECTION, List);
}

// The module's live word (hint.h), registered with the runtime from a
// constructor if the runtime is there; 0 until hints can help.
GlobalVariable *HintEmitter::liveWord() {
  if (GlobalVariable *G = M.getNamedGlobal("__farhint_live_word"))
    return G;
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  auto *Word = new GlobalVariable(M, I32, false, GlobalValue::InternalLinkage,
                                  ConstantInt::get(I32, 0), "__farhint_live_word");
  FunctionCallee Register = weakRuntimeFunction(
      M, "farhint_register_live_word",
      FunctionType::get(Type::getVoidTy(C), {PointerType::getUnqual(C)}, false));
  Function *Ctor =
      Function::Create(FunctionType::get(Type::getVoidTy(C), false), GlobalValue::InternalLinkage,
                       "__farhint_register_live_word", M);
  BasicBlock *Entry = BasicBlock::Create(C, "entry", Ctor);
  BasicBlock *Call = BasicBlock::Create(C, "register", Ctor);
  BasicBlock *Done = BasicBlock::Create(C, "done", Ctor);
  IRBuilder<> B(Entry);
  B.CreateCondBr(B.CreateIsNotNull(Register.getCallee()), Call, Done);
  B.SetInsertPoint(Call);
  B.CreateCall(Register, {Word});
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
  return Word;
}

GlobalVariable *HintEmitter::seqSlot(uint32_t SiteId) {
  std::string Name = "__farhint_seq_last." + std::to_string(SiteId);
  if (GlobalVariable *G = M.getNamedGlobal(Name))
    return G;
  Type *I64 = Type::getInt64Ty(M.getContext());
  return new GlobalVariable(M, I64, false, GlobalValue::InternalLinkage, ConstantInt::get(I64, 0),
                            Name, nullptr, GlobalValue::InitialExecTLSModel);
}

bool staysInOnePage(const Access &A) {
  return A.SizeIsConstant && A.ConstantSize <= A.Alignment.value() &&
         A.Alignment.value() <= FARHINT_PAGE_SIZE;
}

void HintEmitter::emit(const Access &A, const HintParams &P, const DebugLoc &Loc, bool TestLive) {
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C), *I32 = Type::getInt32Ty(C);
  MDNode *Unlikely = MDBuilder(C).createBranchWeights(1, 1000);
  Instruction *At = A.Inst;
  IRBuilder<> B(At);
  B.SetCurrentDebugLocation(Loc);
  // The function now reads a global and may call into the runtime: what
  // earlier passes inferred of its memory effects no longer holds.
  At->getFunction()->removeFnAttr(Attribute::Memory);
  At->getFunction()->removeFnAttr(Attribute::NoSync);

  // STEP 1: can hints help yet (the module's live word, hint.h), is the
  // address far, and, for seq, is the page new for this site?
  Instruction *FarTerm = At;
  if (TestLive) {
    FarTerm = SplitBlockAndInsertIfThen(isLive(B, liveWord()), At, false);
    FarTerm->getParent()->setName("fh.far");
    B.SetInsertPoint(FarTerm);
  }
  Value *Addr = B.CreatePtrToInt(A.addr(), I64, "fh.addr");
  Value *Go = isFar(B, Addr, "fh.isfar");
  Value *Page = B.CreateLShr(Addr, FARHINT_PAGE_SHIFT, "fh.page");
  GlobalVariable *Slot = P.Seq ? seqSlot(P.SiteId) : nullptr;
  if (Slot) {
    Value *SlotAddr = B.CreateThreadLocalAddress(Slot);
    Value *Last = B.CreateLoad(I64, SlotAddr, "fh.last");
    Go = B.CreateAnd(Go, B.CreateICmpNE(Page, Last), "fh.newpage");
  }
  Instruction *CheckTerm = SplitBlockAndInsertIfThen(Go, FarTerm, false);
  CheckTerm->getParent()->setName("fh.check");

  // STEP 2: the page's metadata word has every needed bit?
  B.SetInsertPoint(CheckTerm);
  Value *WordAddr = B.CreateIntToPtr(metaWordAddress(B, Page), PointerType::getUnqual(C));
  LoadInst *Word = B.CreateLoad(I64, WordAddr, /*isVolatile=*/true, "fh.meta");
  uint64_t Need = FARHINT_META_PRESENT | (P.Mut ? FARHINT_META_DIRTY : 0);
  Value *Miss =
      B.CreateICmpNE(B.CreateAnd(B.CreateNot(Word), Need), ConstantInt::get(I64, 0), "fh.miss");
  if (!staysInOnePage(A)) {
    Value *Offset = B.CreateAnd(Addr, FARHINT_PAGE_SIZE - 1);
    Value *Crosses =
        B.CreateICmpUGT(B.CreateAdd(Offset, A.size()), ConstantInt::get(I64, FARHINT_PAGE_SIZE));
    Miss = B.CreateOr(Miss, Crosses, "fh.miss");
  }
  Instruction *SlowTerm = SplitBlockAndInsertIfThen(Miss, CheckTerm, false, Unlikely);
  SlowTerm->getParent()->setName("fh.slow");

  // STEP 3: the slow path, if the runtime is there.
  uint32_t Packed =
      FARHINT_PACK((P.Mut ? FARHINT_F_MUT : 0) | (P.Seq ? FARHINT_F_SEQ : 0), P.RdAhead, P.EvPrio);
  callIfRuntime(
      B, Slow, {A.addr(), A.size(), ConstantInt::get(I32, Packed), ConstantInt::get(I32, P.SiteId)},
      SlowTerm);

  // STEP 4: remember the page for this site's next seq hint.
  if (Slot) {
    B.SetInsertPoint(CheckTerm);
    B.CreateStore(Page, B.CreateThreadLocalAddress(Slot));
  }
}

} // namespace farhint
