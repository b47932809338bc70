//===-- FarHint/FarHintPass.h - inject far-memory hints from a profile ----===//
//
// FILE: llvm-pass/include/FarHint/FarHintPass.h
//
// DESCRIPTION: The FarHint module pass: picks the profile sites that cover
// the requested share of faults, finds their memory accesses, and inserts
// the hint ABI's fast path before each (with seq/rdahead from the profile
// and from loop analysis), reporting every site hinted or not, and why.
// Without a profile (mode=static) it suggests hints for affine loop
// accesses through heap pointers, and inserts them with static-insert=true.
//
// USAGE:
//   opt -load-pass-plugin=build/lib/FarHintPass.so \
//       -passes='farhint<profile=app.fhprof;report=out.yaml>' in.ll -S
//   clang-19 -O2 -g -fplugin=build/lib/farhint.so \
//       -fplugin-arg-farhint-profile=app.fhprof app.c
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_FARHINTPASS_H
#define FARHINT_FARHINTPASS_H

#include "FarHint/Options.h"

#include "llvm/IR/PassManager.h"

namespace farhint {

class FarHintPass : public llvm::PassInfoMixin<FarHintPass> {
public:
  explicit FarHintPass(Options O) : Opts(std::move(O)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  // Required: clang -O0 marks every function optnone, and a profile taken
  // from an -O0 build must still be applied.
  static bool isRequired() { return true; }

private:
  Options Opts;
};

// Adds "farhint<...>" parameters to Opts; false after printing an error.
bool parsePassParameters(llvm::StringRef Params, Options &Opts);

} // namespace farhint

#endif
