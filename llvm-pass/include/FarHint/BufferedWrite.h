//===-- FarHint/BufferedWrite.h - writes that need not fetch their page ---===//
//
// FILE: llvm-pass/include/FarHint/BufferedWrite.h
//
// DESCRIPTION: A write whose page need not come in for it: a plain store,
// an atomic add whose result is unused, or a `+=` (a load, an add and a
// store back to the same address, nothing else touching memory between).
// At a site that only writes the pages it faults on, the pass replaces the
// write by: if the module's live word is set, the address far and its page
// not PRESENT, farhint_write_slow (hint.h), which logs it for the page;
// else the write as it was (docs/design/buffered-writes.md).
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_BUFFEREDWRITE_H
#define FARHINT_BUFFEREDWRITE_H

#include "FarHint/SiteMatcher.h"

#include "llvm/IR/Instructions.h"

#include <optional>
#include <string>

namespace llvm {
class DominatorTree;
class GlobalVariable;
} // namespace llvm

namespace farhint {

struct BufferedWrite {
  llvm::Instruction *Store = nullptr; // the store, or the atomicrmw
  llvm::LoadInst *Load = nullptr;     // a `+=`'s load, and its add or sub
  llvm::BinaryOperator *Op = nullptr;
  std::string Shape; // what the report says of it
};

// The buffered write A's instruction is part of (a write, or the load of a
// `+=`), or nothing with the reason in WhyNot.
std::optional<BufferedWrite> bufferedWriteOf(const Access &A, const llvm::DominatorTree &DT,
                                             std::string &WhyNot);

// Replaces W as the header says. TestLive false: W runs only once the live
// word is set (Version.h).
void emitBufferedWrite(const BufferedWrite &W, llvm::GlobalVariable *LiveWord, bool TestLive);

} // namespace farhint

#endif
