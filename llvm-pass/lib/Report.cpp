//===-- Report.cpp - the pass's YAML report -------------------------------===//
#include "FarHint/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <unistd.h>

using namespace llvm;

namespace farhint {

// A double-quoted YAML scalar, escaped as LLVM's YAML support escapes.
static std::string quoted(StringRef S) { return "\"" + yaml::escape(S) + "\""; }

std::string Report::document() const {
  std::string Text;
  raw_string_ostream OS(Text);
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
           << ", ev_prio: " << E.Params.EvPrio << "}"
           << "\n    prefetch-ahead: " << (E.PrefetchAhead ? "true" : "false")
           << "\n    buffered-writes: " << (E.BufferedWrites ? "true" : "false");
      std::string Why = E.Why;
      if (!E.NotBuffered.empty())
        Why += "; writes not buffered: " + E.NotBuffered;
      OS << "\n    " << (Hinted ? "why: " : "reason: ") << quoted(Why);
    }
    OS << (Any ? "\n" : " []\n");
  };
  List("hinted", true);
  List("not-hinted", false);
  return Text;
}

// The documents of a report file that stay beside this module's: those of
// other modules made from the same profile (a recompile replaces its own
// document; another profile's are of an earlier build).
static std::string othersKept(StringRef Old, StringRef ModuleLine, StringRef ProfileLine) {
  std::string Kept;
  SmallVector<StringRef, 16> Docs;
  Old.split(Docs, "\n---\n", -1, false);
  for (StringRef D : Docs) {
    D = D.trim('\n');
    if (D.consume_front("---\n"))
      D = D.trim('\n');
    if (D.empty() || D.contains(ModuleLine) || !D.contains(ProfileLine))
      continue;
    Kept += "---\n" + D.str() + "\n";
  }
  return Kept;
}

Error Report::write(StringRef Path) const {
  auto Fail = [&](std::error_code EC) {
    return createStringError(EC, "farhint: cannot write report '" + Path + "': " + EC.message());
  };
  // Compiles of one build run at once (make -j): each merges its document
  // into the file under an exclusive lock of it.
  int FD;
  if (std::error_code EC =
          sys::fs::openFileForReadWrite(Path, FD, sys::fs::CD_OpenAlways, sys::fs::OF_Text))
    return Fail(EC);
  sys::fs::file_t File = sys::fs::convertFDToNativeFile(FD);
  if (std::error_code EC = sys::fs::lockFile(FD)) {
    sys::fs::closeFile(File);
    return Fail(EC);
  }
  SmallString<4096> Old;
  Error ReadErr = sys::fs::readNativeFileToEOF(File, Old);
  std::string Doc = document();
  std::string Text = othersKept(Old, "module: " + quoted(Module) + "\n",
                                "profile: " + quoted(ProfilePath) + "\n") +
                     "---\n" + Doc;
  raw_fd_ostream OS(FD, /*shouldClose=*/false);
  std::error_code EC;
  if (ReadErr)
    EC = errorToErrorCode(std::move(ReadErr));
  else if (::ftruncate(FD, 0) != 0 || ::lseek(FD, 0, SEEK_SET) != 0)
    EC = std::error_code(errno, std::generic_category());
  else {
    OS << Text;
    OS.flush();
    EC = OS.error();
    OS.clear_error();
  }
  sys::fs::unlockFile(FD);
  sys::fs::closeFile(File);
  return EC ? Fail(EC) : Error::success();
}

} // namespace farhint
