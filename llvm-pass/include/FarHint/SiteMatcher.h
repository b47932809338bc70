//===-- FarHint/SiteMatcher.h - profile sites to IR memory accesses -------===//
//
// FILE: llvm-pass/include/FarHint/SiteMatcher.h
//
// DESCRIPTION: Finds the memory accesses of a module (loads, stores,
// atomics, memory intrinsics and the libc calls that touch memory) and
// matches them to profile sites by debug location, in the manner of LLVM's
// MemProfiler: file (suffix match, so build directories may differ), line,
// column, and the inlined-at chain leaf to root. What the symbolizer reports
// differs from IR locations in known ways (a folded load carries its user's
// column), so a site whose column matches nothing on its line falls back to
// every access on that line, and says so; a site with no access of its own
// (a call) falls back to the accesses of the callee inlined there.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_SITEMATCHER_H
#define FARHINT_SITEMATCHER_H

#include "FarHint/Profile.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Alignment.h"

#include <memory>

namespace llvm {
class CallBase;
class TargetLibraryInfo;
class Function;
class MemoryBuffer;
class Module;
} // namespace llvm

namespace farhint {

// One memory range an instruction touches. Its address and length are read
// through the instruction's operands (as LLVM's InterestingMemoryOperand
// holds its pointer's Use), so they stay right when the function changes
// around the instruction (loop versioning puts exit phis in them); a range
// the pass computes itself (hoisted out of loops) holds its values.
struct Access {
  llvm::Instruction *Inst = nullptr;
  llvm::Use *AddrUse = nullptr; // the operand holding the address
  llvm::Use *SizeUse = nullptr; // the operand holding the length, if not a constant
  llvm::Value *FixedAddr = nullptr, *FixedSize = nullptr; // otherwise (i64 size)
  bool Write = false;
  llvm::Align Alignment;
  bool SizeIsConstant = false;
  uint64_t ConstantSize = 0;

  llvm::Value *addr() const { return AddrUse ? AddrUse->get() : FixedAddr; }
  llvm::Value *size() const { return SizeUse ? SizeUse->get() : FixedSize; } // bytes, i64
};

// The accesses an instruction makes that a hint can cover. Stack slots and
// globals are skipped: they never live in far memory. The library calls that
// touch memory are known through TLI (memcpy, memset, read, write, ...).
llvm::SmallVector<Access, 2> accessesOf(llvm::Instruction &I, const llvm::TargetLibraryInfo &TLI);

struct SiteMatch {
  llvm::SmallVector<Access, 4> Accesses;
  bool ByLineOnly = false;      // no access had the profile's column
  bool InInlinedCallee = false; // none at the site itself: those of the
                                // callee inlined at it
};

class SiteMatcher {
public:
  SiteMatcher(llvm::Module &M,
              llvm::function_ref<const llvm::TargetLibraryInfo &(llvm::Function &)> GetTLI);
  // The accesses of this module at the site's location.
  SiteMatch match(const Site &S) const;
  // The function called at the site's location, if any: when a call is all
  // there is, the faults were inside the callee.
  const llvm::Function *calleeAt(const Site &S) const;
  // Whether the site's file is one of this module's source files (so a site
  // without a match here deserves a warning, not just a report line).
  bool ownsFile(const SourceLoc &Site) const;
  // The path of this module's source file of this name (no folder), if any.
  std::optional<std::string> fileNamed(llvm::StringRef Name) const;
  // The current text of the site's line, as the access's debug location
  // names the file, if the source can be read.
  std::optional<std::string> sourceLine(const Site &S, const Access &A) const;

private:
  llvm::SmallVector<Access, 0> All;
  llvm::SmallVector<const llvm::CallBase *, 0> Calls;
  llvm::SmallVector<std::string, 8> Files;
  mutable llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> Sources;
};

// "a/b/c.c" matches "/build/x/a/b/c.c" and "c.c": one is a suffix of the
// other at a path boundary, once both are canonical ("..", "." and symlinks
// resolved).
bool pathsMatch(llvm::StringRef ProfileFile, llvm::StringRef IRFile);
// A debug-info file's path: File in Directory, unless File is absolute.
std::string sourcePath(llvm::StringRef Directory, llvm::StringRef File);
// Whether a site's file is IRFile: as pathsMatch, or by its path below the
// profile's source root ("src/x.c" is any checkout's .../src/x.c).
bool siteInFile(const SourceLoc &Site, llvm::StringRef IRFile);

} // namespace farhint

#endif
