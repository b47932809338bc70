//===-- Report.cpp - the pass's YAML report -------------------------------===//
#include "FarHint/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace farhint {

// A double-quoted YAML scalar, escaped as LLVM's YAML support escapes.
static std::string quoted(StringRef S) { return "\"" + yaml::escape(S) + "\""; }

Error Report::write(StringRef Path) const {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC, "farhint: cannot write report '" + Path + "': " + EC.message());
  OS << "farhint-report: 1\n"
     << "module: " << quoted(Module) << "\n"
     << "profile: " << quoted(ProfilePath) << "\n"
     << "profile-faults: " << ProfileFaults << "\n";
  auto List = [&](const char *Title, bool Hinted) {
    OS << Title << ":";
    bool Any = false;
    for (const ReportEntry &E : Entries) {
      if (E.Hinted != Hinted)
        continue;
      Any = true;
      OS << "\n  - site: " << E.Site << "\n    location: " << quoted(E.Location)
         << "\n    function: " << quoted(E.Function)
         << "\n    fault-share: " << format("%.4f", E.FaultShare);
      if (E.Unprofiled)
        OS << "\n    unprofiled: true";
      if (Hinted)
        OS << "\n    accesses: " << E.Accesses
           << "\n    params: {mut: " << (E.Params.Mut ? "true" : "false")
           << ", seq: " << (E.Params.Seq ? "true" : "false") << ", rdahead: " << E.Params.RdAhead
           << ", ev_prio: " << E.Params.EvPrio << "}";
      OS << "\n    " << (Hinted ? "why: " : "reason: ") << quoted(E.Why);
    }
    OS << (Any ? "\n" : " []\n");
  };
  List("hinted", true);
  List("not-hinted", false);
  return Error::success();
}

} // namespace farhint
