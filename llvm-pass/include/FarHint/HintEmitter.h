//===-- FarHint/HintEmitter.h - the hint's inline fast path in IR ---------===//
//
// FILE: llvm-pass/include/FarHint/HintEmitter.h
//
// DESCRIPTION: Emits, before an access, the fast path of the hint ABI
// (runtime/include/farhint/hint.h, whose constants it uses): the module's
// live word (0 until the runtime has a far page that is not local), far-range
// check, optional seq check against a per-site thread-local last page, one
// metadata-word test, and only on a miss a call to the weak
// farhint_hint_slow. An access whose alignment is at least its size stays in
// one page, so its page-crossing test is left out.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_HINTEMITTER_H
#define FARHINT_HINTEMITTER_H

#include "FarHint/SiteMatcher.h"

#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/DerivedTypes.h"

namespace farhint {

struct HintParams {
  bool Mut = false;
  bool Seq = false;
  int RdAhead = 0;
  int EvPrio = 0;
  uint32_t SiteId = 0;
};

class HintEmitter {
public:
  explicit HintEmitter(llvm::Module &M);
  // The hint for A, before A.Inst, with debug location Loc (the access's).
  // TestLive false: A.Inst runs only once the live word is set (Version.h).
  void emit(const Access &A, const HintParams &P, const llvm::DebugLoc &Loc, bool TestLive = true);
  // Before Before: if Addr is far and its page neither local nor coming,
  // call farhint_prefetch (hint.h), which returns at once.
  void emitPrefetch(llvm::Value *Addr, llvm::Value *Size, const HintParams &P,
                    const llvm::DebugLoc &Loc, llvm::Instruction *Before);
  // The module's live word (hint.h), created with its registering
  // constructor on first use.
  llvm::GlobalVariable *liveWord();
  // The build id of the binary the profile was recorded from, kept in the
  // object (FARHINT_PROFILE_SECTION), so `farhint run --profile` can tell a
  // profile of this program's unhinted build from one of another program.
  void recordProfiledBuild(llvm::StringRef BuildId);
  // The profile's sites hinted in this object, and those with a prefetch
  // ahead (FARHINT_SITES_SECTION), for `farhint cc`'s line at the link.
  void recordSites(llvm::ArrayRef<uint32_t> Hinted, llvm::ArrayRef<uint32_t> Prefetched);

private:
  llvm::GlobalVariable *seqSlot(uint32_t SiteId);
  llvm::Module &M;
  llvm::FunctionCallee Slow;
};

// A runtime entry (weak: the program links and runs without the runtime)
// called with preserve_most through the GOT, as the hints' slow path is.
llvm::FunctionCallee preserveMostRuntimeFunction(llvm::Module &M, llvm::StringRef Name,
                                                 llvm::FunctionType *FT);

// Whether the address AddrInt (an i64) lies in the far span (hint.h).
llvm::Value *isFar(llvm::IRBuilderBase &B, llvm::Value *AddrInt, const llvm::Twine &Name = "");
// Where the metadata word of the page numbered Page (an i64) is, as an i64.
llvm::Value *metaWordAddress(llvm::IRBuilderBase &B, llvm::Value *Page);

// Loads the live word and tests it, at B's insertion point.
llvm::Value *isLive(llvm::IRBuilderBase &B, llvm::GlobalVariable *LiveWord);

// Whether the access provably lies within one page.
bool staysInOnePage(const Access &A);

} // namespace farhint

#endif
