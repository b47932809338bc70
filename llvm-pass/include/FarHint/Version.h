//===-- FarHint/Version.h - loops with hints, versioned on the live word ---===//
//
// FILE: llvm-pass/include/FarHint/Version.h
//
// DESCRIPTION: A hint's first test, the module's live word (hint.h), is two
// instructions, but in a tight loop (a sort's partition scan) that is a
// noticeable share of the work. So each loop that will hold a hint is cloned
// -- the innermost one, or the outermost around it that calls nothing (no
// allocation inside can make memory run short) -- and its preheader tests the
// word once and runs the clone, which has no hints, while no far page is
// missing, and the original, which gets the hints, after. Inside the hinted
// original the word was set at entry, so those hints skip the test (the
// runtime clears it while hints are quiet; a loop running meanwhile keeps
// hinting, which is only slower). A loop that starts before local memory
// runs short, or while hints are quiet, finishes without hints; its next
// entry has them.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_VERSION_H
#define FARHINT_VERSION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Function;
class GlobalVariable;
class Instruction;
} // namespace llvm

namespace farhint {

// Versions the loops of F holding one of HintPoints (where hints
// will be inserted) and returns the hint points now inside a hinted version.
llvm::SmallPtrSet<const llvm::Instruction *, 16>
versionHintedLoops(llvm::Function &F, llvm::ArrayRef<llvm::Instruction *> HintPoints,
                   llvm::GlobalVariable *LiveWord);

} // namespace farhint

#endif
