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

using namespace clang;
using namespace farhint;

namespace {

class FarHintAction : public PluginASTAction {
public:
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
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

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    CodeGenOptions &CG = CI.getCodeGenOpts();
    // Matching needs source locations: without -g, track locations only,
    // as clang does for -fprofile-sample-use.
    if (CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
      CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
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
