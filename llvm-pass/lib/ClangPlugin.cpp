//===-- ClangPlugin.cpp - farhint.so, loaded by clang -fplugin ------------===//
//
// USAGE:
//   clang-19 -O2 -g -fplugin=build/lib/farhint.so \
//       -fplugin-arg-farhint-profile=app.fhprof \
//       -fplugin-arg-farhint-report=app.farhint.yaml app.c
//
// The plugin is an AST action that does nothing to the AST: it reads its
// arguments, and pushes the FarHint pass into clang's optimizer pipeline
// through CodeGenOpts.PassBuilderCallbacks (as clang's
// examples/LLVMPrintFunctionNames does).
//
//===----------------------------------------------------------------------===//
#include "FarHint/FarHintPass.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace farhint;

namespace {

class FarHintAction : public PluginASTAction {
public:
  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    unsigned Err = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
    for (const std::string &A : Args) {
      if (llvm::Error E = Opts.set(A)) {
        D.Report(Err) << llvm::toString(std::move(E));
        return false;
      }
    }
    if (llvm::Error E = Opts.validate()) {
      D.Report(Err) << llvm::toString(std::move(E));
      return false;
    }
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
    CodeGenOptions &CG = CI.getCodeGenOpts();
    // Matching needs source locations: without -g, track locations only,
    // as clang does for -fprofile-sample-use.
    if (CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
      CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
    if (CG.DisableLLVMPasses) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(
          D.getCustomDiagID(DiagnosticsEngine::Warning,
                            "farhint: LLVM passes are disabled in this compile step (-save-temps "
                            "or -disable-llvm-passes): no hints are inserted here; compile without "
                            "it, or run opt -load-pass-plugin=FarHintPass.so on the bitcode"));
    }
    if (CG.PrepareForThinLTO || CG.PrepareForLTO) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Warning,
                                 "farhint: hints are placed before link-time "
                                 "optimization (-flto); code that LTO inlines or "
                                 "moves may not match the profile"));
    }
    Options O = Opts;
    CG.PassBuilderCallbacks.push_back([O](llvm::PassBuilder &PB) {
      PB.registerOptimizerLastEPCallback(
          [O](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
            MPM.addPass(FarHintPass(O));
          });
    });
    return std::make_unique<ASTConsumer>();
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Options Opts;
};

} // namespace

static FrontendPluginRegistry::Add<FarHintAction>
    X("farhint", "inject far-memory hints from a farhint profile");

// For LLVM IR input clang runs no plugin action, so the plugin would do
// nothing without a word. It is still loaded: look at the command line of
// this process -- a cc1 ("-x ir"), or the driver, which runs cc1 in-process
// (an input ending in .ll or .bc) -- and say so.
static void warnOnIRInput() {
  auto Cmd = llvm::MemoryBuffer::getFileAsStream("/proc/self/cmdline");
  if (!Cmd)
    return;
  llvm::SmallVector<llvm::StringRef, 64> Args;
  (*Cmd)->getBuffer().split(Args, '\0');
  bool CC1 = llvm::is_contained(Args, "-cc1"), IR = false;
  for (size_t I = 1; I < Args.size(); I++) {
    if (CC1)
      IR |= Args[I] == "-x" && I + 1 < Args.size() && Args[I + 1] == "ir";
    else if (Args[I] == "-o")
      I++; /* the output, not an input */
    else
      IR |= !Args[I].starts_with("-") && (Args[I].ends_with(".ll") || Args[I].ends_with(".bc"));
  }
  if (IR)
    llvm::errs() << "warning: farhint: the input is LLVM IR: the plugin acts on "
                    "C/C++ sources only; run opt -load-pass-plugin=FarHintPass.so "
                    "-passes='farhint<profile=...>' on it instead\n";
}
static const bool WarnedOnIRInput = (warnOnIRInput(), true);
