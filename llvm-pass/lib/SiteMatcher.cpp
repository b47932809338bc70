//===-- SiteMatcher.cpp - profile sites to IR memory accesses -------------===//
#include "FarHint/SiteMatcher.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
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

// What a library call does with the memory its arguments point to.
enum class Call { Other, Copy, Fill, Compare, Output, Input };

// Through TLI, which checks the declaration's prototype; the few it does not
// know (GNU and socket calls) by name, with three arguments or more.
static Call libraryCall(const CallInst &C, const TargetLibraryInfo &TLI) {
  LibFunc F;
  if (TLI.getLibFunc(C, F)) {
    switch (F) {
    case LibFunc_memcpy:
    case LibFunc_memmove: return Call::Copy;
    case LibFunc_memset: return Call::Fill;
    case LibFunc_memcmp:
    case LibFunc_bcmp: return Call::Compare;
    case LibFunc_write:
    case LibFunc_pwrite: return Call::Output;
    case LibFunc_read:
    case LibFunc_pread: return Call::Input;
    default: return Call::Other;
    }
  }
  const Function *Callee = C.getCalledFunction();
  if (!Callee || !Callee->isDeclaration() || C.arg_size() < 3)
    return Call::Other;
  return StringSwitch<Call>(Callee->getName())
      .Case("mempcpy", Call::Copy)
      .Cases("send", "pwrite64", Call::Output)
      .Cases("recv", "pread64", Call::Input)
      .Default(Call::Other);
}

// The length of an access: an i64 operand of the instruction, or a constant.
struct Length {
  Use *Operand = nullptr;
  ConstantInt *Constant = nullptr;
};

static Access makeAccess(Instruction &I, Use &Addr, Length Len, bool Write, MaybeAlign A) {
  Access X;
  X.Inst = &I;
  X.AddrUse = &Addr;
  X.Write = Write;
  X.Alignment = A.valueOrOne();
  if (auto *C = Len.Constant ? Len.Constant : dyn_cast<ConstantInt>(Len.Operand->get())) {
    X.FixedSize = C;
    X.SizeIsConstant = true;
    X.ConstantSize = C->getZExtValue();
  } else {
    X.SizeUse = Len.Operand;
  }
  return X;
}

SmallVector<Access, 2> accessesOf(Instruction &I, const TargetLibraryInfo &TLI) {
  SmallVector<Access, 2> Out;
  const DataLayout &DL = I.getModule()->getDataLayout();
  IntegerType *I64 = Type::getInt64Ty(I.getContext());
  auto Bytes = [&](Type *T) {
    return Length{nullptr, ConstantInt::get(I64, DL.getTypeStoreSize(T).getFixedValue())};
  };
  auto Add = [&](Use &Addr, Length Len, bool Write, MaybeAlign A) {
    if (!neverFar(Addr.get()))
      Out.push_back(makeAccess(I, Addr, Len, Write, A));
  };
  // An operand's length: itself if i64, a constant of another width as an
  // i64 constant, none for a non-constant of another width (skipped).
  auto LengthOf = [&](Use &U) -> std::optional<Length> {
    if (U->getType() == I64)
      return Length{&U, nullptr};
    if (auto *C = dyn_cast<ConstantInt>(U.get()))
      return Length{nullptr, ConstantInt::get(I64, C->getZExtValue())};
    return std::nullopt;
  };
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    if (L->getType()->isSized() && !L->getType()->isScalableTy())
      Add(L->getOperandUse(L->getPointerOperandIndex()), Bytes(L->getType()), false, L->getAlign());
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    Type *T = S->getValueOperand()->getType();
    if (!T->isScalableTy())
      Add(S->getOperandUse(S->getPointerOperandIndex()), Bytes(T), true, S->getAlign());
  } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    Add(A->getOperandUse(A->getPointerOperandIndex()), Bytes(A->getValOperand()->getType()), true,
        A->getAlign());
  } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Add(X->getOperandUse(X->getPointerOperandIndex()), Bytes(X->getNewValOperand()->getType()),
        true, X->getAlign());
  } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    if (auto Len = LengthOf(MT->getArgOperandUse(2))) {
      Add(MT->getArgOperandUse(0), *Len, true, MT->getDestAlign());
      Add(MT->getArgOperandUse(1), *Len, false, MT->getSourceAlign());
    }
  } else if (auto *MS = dyn_cast<MemSetInst>(&I)) {
    if (auto Len = LengthOf(MS->getArgOperandUse(2)))
      Add(MS->getArgOperandUse(0), *Len, true, MS->getDestAlign());
  } else if (auto *C = dyn_cast<CallInst>(&I)) {
    // Library calls a fault is attributed to (the symbolizer reports the
    // application line that called them): hint their pointer arguments.
    std::optional<Length> Len;
    Call Kind = libraryCall(*C, TLI);
    if (Kind == Call::Other || !(Len = LengthOf(C->getArgOperandUse(2))))
      return Out;
    auto Arg = [&](unsigned K) -> Use & { return C->getArgOperandUse(K); };
    switch (Kind) {
    case Call::Copy:
      Add(Arg(0), *Len, true, std::nullopt);
      Add(Arg(1), *Len, false, std::nullopt);
      break;
    case Call::Fill: Add(Arg(0), *Len, true, std::nullopt); break;
    case Call::Compare:
      Add(Arg(0), *Len, false, std::nullopt);
      Add(Arg(1), *Len, false, std::nullopt);
      break;
    case Call::Output: // the kernel reads the buffer (a fault inside the call:
      // the trace finds the caller by scanning the stack, runtime/src/base/stack_scan.c)
      Add(Arg(1), *Len, false, std::nullopt);
      break;
    case Call::Input: Add(Arg(1), *Len, true, std::nullopt); break;
    case Call::Other: break;
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

bool siteInFile(const SourceLoc &Site, StringRef IRFile) {
  if (pathsMatch(Site.File, IRFile))
    return true;
  StringRef Rel = Site.RelFile, F = IRFile;
  return !Rel.empty() && F.ends_with(Rel) &&
         (F.size() == Rel.size() || F[F.size() - Rel.size() - 1] == '/');
}

std::string sourcePath(StringRef Directory, StringRef File) {
  if (sys::path::is_absolute(File) || Directory.empty())
    return File.str();
  SmallString<256> P(Directory);
  sys::path::append(P, File);
  return std::string(P);
}

static std::string fullPath(const DILocation *L) {
  return sourcePath(L->getDirectory(), L->getFilename());
}

static bool sameLoc(const SourceLoc &S, const DILocation *L, bool WithColumn) {
  return L && L->getLine() == S.Line && siteInFile(S, fullPath(L)) &&
         (!WithColumn || !S.Column || L->getColumn() == S.Column);
}

// Better matches last. A callee inlined at the site's very column (a
// std::atomic's fetch_add, a vector's push_back) is what the profile's
// column names, before another access elsewhere on the line (the load of
// its argument); one matched by line alone comes after those on the line.
enum Score { NoMatch, InlinedCallee, LineOnly, InlinedAtColumn, LineAndColumn };

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
    return Column ? InlinedAtColumn : !S.Loc.Column ? InlinedCallee : NoMatch;
  return Column ? LineAndColumn : LineOnly;
}

SiteMatcher::SiteMatcher(Module &M, function_ref<const TargetLibraryInfo &(Function &)> GetTLI) {
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      if (!I.getDebugLoc())
        continue;
      for (Access &A : accessesOf(I, GetTLI(F)))
        All.push_back(A);
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction(); Callee && !Callee->isIntrinsic())
          Calls.push_back(CB);
    }
  for (DICompileUnit *CU : M.debug_compile_units())
    Files.push_back(sourcePath(CU->getDirectory(), CU->getFilename()));
  for (const Access &A : All) // headers with code in this module
    Files.push_back(fullPath(A.Inst->getDebugLoc().get()));
}

SiteMatch SiteMatcher::match(const Site &S) const {
  SiteMatch Exact, AtColumn, Line, Inlined;
  for (const Access &A : All) {
    switch (score(S, A.Inst->getDebugLoc().get())) {
    case LineAndColumn: Exact.Accesses.push_back(A); break;
    case InlinedAtColumn: AtColumn.Accesses.push_back(A); break;
    case LineOnly: Line.Accesses.push_back(A); break;
    case InlinedCallee: Inlined.Accesses.push_back(A); break;
    case NoMatch: break;
    }
  }
  if (!Exact.Accesses.empty())
    return Exact;
  if (!AtColumn.Accesses.empty()) {
    AtColumn.InInlinedCallee = true;
    return AtColumn;
  }
  if (!Line.Accesses.empty()) {
    Line.ByLineOnly = S.Loc.Column != 0;
    return Line;
  }
  Inlined.InInlinedCallee = !Inlined.Accesses.empty();
  return Inlined;
}

const Function *SiteMatcher::calleeAt(const Site &S) const {
  for (const CallBase *CB : Calls)
    if (Score Sc = score(S, CB->getDebugLoc().get()); Sc == LineOnly || Sc == LineAndColumn)
      return CB->getCalledFunction();
  return nullptr;
}

bool SiteMatcher::ownsFile(const SourceLoc &Site) const {
  for (const std::string &F : Files)
    if (siteInFile(Site, F))
      return true;
  return false;
}

std::optional<std::string> SiteMatcher::fileNamed(StringRef Name) const {
  for (const std::string &F : Files)
    if (sys::path::filename(F) == Name)
      return F;
  return std::nullopt;
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
