//===-- FarHint/Version.h - loops with hints, versioned on a hint word -----===//
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
// entry has them. A loop whose hints all only serve their misses is
// versioned on the park word instead, so where those would not pay it runs
// the clone.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_VERSION_H
#define FARHINT_VERSION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class Function;
class GlobalVariable;
class Instruction;
} // namespace llvm

namespace farhint {

// Versions the loops of F holding one of HintPoints (where hints will be
// inserted; WordOf gives the word each needs, LiveWord is the one for a
// loop whose hints need different words, null if none can) and returns,
// for each hint point now inside a hinted version, the word its loop tested.
llvm::DenseMap<const llvm::Instruction *, llvm::GlobalVariable *>
versionHintedLoops(llvm::Function &F, llvm::ArrayRef<llvm::Instruction *> HintPoints,
                   llvm::function_ref<llvm::GlobalVariable *(const llvm::Instruction *)> WordOf,
                   llvm::GlobalVariable *LiveWord);

} // namespace farhint

#endif
