//===-- SiteMatcher.cpp - profile sites to IR memory accesses -------------===//
#include "FarHint/SiteMatcher.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace farhint {

static bool neverFar(Value *Addr) {
  const Value *Base = getUnderlyingObject(Addr);
  return isa<AllocaInst>(Base) || isa<GlobalVariable>(Base);
}

static Access makeAccess(Instruction &I, Value *Addr, Value *Size, bool Write,
                         MaybeAlign A) {
  Access X;
  X.Inst = &I;
  X.Addr = Addr;
  X.Size = Size;
  X.Write = Write;
  X.Alignment = A.valueOrOne();
  if (auto *C = dyn_cast<ConstantInt>(Size)) {
    X.SizeIsConstant = true;
    X.ConstantSize = C->getZExtValue();
  }
  return X;
}

SmallVector<Access, 2> accessesOf(Instruction &I) {
  SmallVector<Access, 2> Out;
  const DataLayout &DL = I.getModule()->getDataLayout();
  Type *I64 = Type::getInt64Ty(I.getContext());
  auto Bytes = [&](Type *T) {
    return ConstantInt::get(I64, DL.getTypeStoreSize(T).getFixedValue());
  };
  auto Add = [&](Value *Addr, Value *Size, bool Write, MaybeAlign A) {
    if (!neverFar(Addr))
      Out.push_back(makeAccess(I, Addr, Size, Write, A));
  };
  auto AsI64 = [&](Value *V) -> Value * {
    if (V->getType() == I64)
      return V;
    if (auto *C = dyn_cast<ConstantInt>(V))
      return ConstantInt::get(I64, C->getZExtValue());
    return nullptr; // a non-constant length of another width: skip
  };
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    if (L->getType()->isSized() && !L->getType()->isScalableTy())
      Add(L->getPointerOperand(), Bytes(L->getType()), false, L->getAlign());
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    Type *T = S->getValueOperand()->getType();
    if (!T->isScalableTy())
      Add(S->getPointerOperand(), Bytes(T), true, S->getAlign());
  } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    Add(A->getPointerOperand(), Bytes(A->getValOperand()->getType()), true, A->getAlign());
  } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Add(X->getPointerOperand(), Bytes(X->getNewValOperand()->getType()), true, X->getAlign());
  } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    if (Value *Len = AsI64(MT->getLength())) {
      Add(MT->getRawDest(), Len, true, MT->getDestAlign());
      Add(MT->getRawSource(), Len, false, MT->getSourceAlign());
    }
  } else if (auto *MS = dyn_cast<MemSetInst>(&I)) {
    if (Value *Len = AsI64(MS->getLength()))
      Add(MS->getRawDest(), Len, true, MS->getDestAlign());
  } else if (auto *C = dyn_cast<CallInst>(&I)) {
    // libc calls a fault is attributed to (the symbolizer reports the
    // application line that called them): hint their pointer arguments.
    Function *F = C->getCalledFunction();
    if (!F || !F->isDeclaration() || C->arg_size() < 3)
      return Out;
    StringRef N = F->getName();
    Value *Len = AsI64(C->getArgOperand(2));
    if (!Len)
      return Out;
    if (N == "memcpy" || N == "memmove" || N == "mempcpy") {
      Add(C->getArgOperand(0), Len, true, std::nullopt);
      Add(C->getArgOperand(1), Len, false, std::nullopt);
    } else if (N == "memset") {
      Add(C->getArgOperand(0), Len, true, std::nullopt);
    } else if (N == "memcmp" || N == "bcmp") {
      Add(C->getArgOperand(0), Len, false, std::nullopt);
      Add(C->getArgOperand(1), Len, false, std::nullopt);
    } else if (N == "write" || N == "send" || N == "pwrite" || N == "pwrite64") {
      // The kernel reads the buffer (a fault inside the call: the trace
      // finds the caller by scanning the stack, runtime/src/stack_scan.c).
      Add(C->getArgOperand(1), Len, false, std::nullopt);
    } else if (N == "read" || N == "recv" || N == "pread" || N == "pread64") {
      Add(C->getArgOperand(1), Len, true, std::nullopt);
    }
  }
  return Out;
}

// The same file however a build named it: "build/../src/x.c" and a path
// through a symlink both become the real "/…/src/x.c" (out-of-tree builds
// compile "../src/x.c", and the profile holds where the binary's debug info
// pointed). Relative paths only lose their dots. Cached: a path is looked up
// once per translation unit, not once per access and site.
static StringRef canonical(StringRef Path) {
  static StringMap<std::string> Cache;
  auto [It, New] = Cache.try_emplace(Path);
  if (New) {
    SmallString<256> P(Path);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    SmallString<256> Real;
    if (sys::path::is_absolute(P) && !sys::fs::real_path(P, Real))
      P = Real;
    It->second = std::string(P);
  }
  return It->second;
}

bool pathsMatch(StringRef A, StringRef B) {
  if (A.empty() || B.empty())
    return false;
  A = canonical(A);
  B = canonical(B);
  auto SuffixAtBoundary = [](StringRef Long, StringRef Short) {
    if (!Long.ends_with(Short))
      return false;
    return Long.size() == Short.size() || Long[Long.size() - Short.size() - 1] == '/';
  };
  while (A.consume_front("./")) {
  }
  while (B.consume_front("./")) {
  }
  return SuffixAtBoundary(A, B) || SuffixAtBoundary(B, A);
}

static std::string fullPath(const DILocation *L) {
  SmallString<256> P(L->getDirectory());
  StringRef File = L->getFilename();
  if (sys::path::is_absolute(File) || P.empty())
    return File.str();
  sys::path::append(P, File);
  return std::string(P);
}

static bool sameLoc(const SourceLoc &S, const DILocation *L, bool WithColumn) {
  return L && L->getLine() == S.Line && pathsMatch(S.File, fullPath(L)) &&
         (!WithColumn || !S.Column || L->getColumn() == S.Column);
}

enum Score { NoMatch, InlinedCallee, LineOnly, LineAndColumn };

// L or the call in its inlined-at chain at the site's line (that of the
// application code a callee was inlined into); null if none is.
static const DILocation *siteFrame(const Site &S, const DILocation *L) {
  while (L && !sameLoc(S.Loc, L, false))
    L = L->getInlinedAt();
  return L;
}

// How well an access at L matches the site. The profile attributes a fault
// in a library callee (std::vector::push_back, say) to the application line
// that called it; when the callee was inlined, its accesses carry that call
// as an inlined-at location, and match as InlinedCallee if the call's column
// is the site's.
static Score score(const Site &S, const DILocation *Access) {
  const DILocation *L = siteFrame(S, Access);
  if (!L)
    return NoMatch;
  const DILocation *At = L->getInlinedAt();
  for (const SourceLoc &Caller : S.InlinedAt) {
    if (!At)
      break; // this copy was not inlined as deep as the profiled one
    if (!sameLoc(Caller, At, false))
      return NoMatch;
    At = At->getInlinedAt();
  }
  bool Column = S.Loc.Column && L->getColumn() == S.Loc.Column;
  if (L != Access)
    return Column || !S.Loc.Column ? InlinedCallee : NoMatch;
  return Column ? LineAndColumn : LineOnly;
}

SiteMatcher::SiteMatcher(Module &M) {
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      if (!I.getDebugLoc())
        continue;
      for (Access &A : accessesOf(I))
        All.push_back(A);
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction(); Callee && !Callee->isIntrinsic())
          Calls.push_back(CB);
    }
  for (DICompileUnit *CU : M.debug_compile_units()) {
    SmallString<256> P(CU->getDirectory());
    sys::path::append(P, CU->getFilename());
    Files.push_back(std::string(P));
  }
  for (const Access &A : All) // headers with code in this module
    Files.push_back(fullPath(A.Inst->getDebugLoc().get()));
}

SiteMatch SiteMatcher::match(const Site &S) const {
  SiteMatch Exact, Line, Inlined;
  for (const Access &A : All) {
    switch (score(S, A.Inst->getDebugLoc().get())) {
    case LineAndColumn:
      Exact.Accesses.push_back(A);
      break;
    case LineOnly:
      Line.Accesses.push_back(A);
      break;
    case InlinedCallee:
      Inlined.Accesses.push_back(A);
      break;
    case NoMatch:
      break;
    }
  }
  if (!Exact.Accesses.empty())
    return Exact;
  if (!Line.Accesses.empty()) {
    Line.ByLineOnly = S.Loc.Column != 0;
    return Line;
  }
  Inlined.InInlinedCallee = !Inlined.Accesses.empty();
  return Inlined;
}

const Function *SiteMatcher::calleeAt(const Site &S) const {
  for (const CallBase *CB : Calls)
    if (score(S, CB->getDebugLoc().get()) >= LineOnly)
      return CB->getCalledFunction();
  return nullptr;
}

bool SiteMatcher::ownsFile(StringRef File) const {
  for (const std::string &F : Files)
    if (pathsMatch(File, F))
      return true;
  return false;
}

std::optional<std::string> SiteMatcher::sourceLine(const Site &S, const Access &A) const {
  const DILocation *L = siteFrame(S, A.Inst->getDebugLoc().get());
  if (!L)
    return std::nullopt;
  std::string Path = fullPath(L);
  auto It = Sources.find(Path);
  if (It == Sources.end()) {
    auto Buf = MemoryBuffer::getFile(Path);
    It = Sources.try_emplace(Path, Buf ? std::move(*Buf) : nullptr).first;
  }
  if (!It->second)
    return std::nullopt;
  StringRef Text = It->second->getBuffer();
  for (unsigned N = 1; N < L->getLine() && !Text.empty(); N++)
    Text = Text.split('\n').second;
  return Text.split('\n').first.rtrim("\r").str();
}

} // namespace farhint
