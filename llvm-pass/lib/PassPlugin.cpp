//===-- PassPlugin.cpp - FarHintPass.so, for opt and -fpass-plugin --------===//
//
// USAGE:
//   opt -load-pass-plugin=build/lib/FarHintPass.so \
//       -passes='farhint<profile=app.fhprof>' in.ll -S
//   FARHINT_PASS_OPTIONS='profile=app.fhprof' \
//       clang-19 -O2 -g -fpass-plugin=build/lib/FarHintPass.so app.c
//
//===----------------------------------------------------------------------===//
#include "FarHint/FarHintPass.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

#include <cstdlib>

using namespace llvm;
using namespace farhint;

static void registerCallbacks(PassBuilder &PB) {
  // -passes=farhint<KEY=VALUE;...>
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (!Name.consume_front("farhint"))
          return false;
        Options O;
        if (!Name.empty()) {
          if (!Name.consume_front("<") || !Name.consume_back(">"))
            return false;
          if (!parsePassParameters(Name, O))
            std::exit(1);
        }
        MPM.addPass(FarHintPass(std::move(O)));
        return true;
      });
  // -fpass-plugin: clang passes no arguments, so they come from the
  // environment; run late, on the code that will be profiled and run.
  PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    const char *Env = std::getenv("FARHINT_PASS_OPTIONS");
    if (!Env) {
      errs() << "farhint: warning: FarHintPass.so loaded with -fpass-plugin but "
                "FARHINT_PASS_OPTIONS is not set (e.g. 'profile=app.fhprof'): "
                "no hints inserted\n";
      return;
    }
    Options O;
    if (!parsePassParameters(Env, O))
      std::exit(1);
    MPM.addPass(FarHintPass(std::move(O)));
  });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "FarHint", "0.1", registerCallbacks};
}
