//===-- FarHint/Options.h - the pass's options, parsed once ---------------===//
//
// FILE: llvm-pass/include/FarHint/Options.h
//
// DESCRIPTION: The options of the FarHint pass, one struct captured by the
// pass (no globals: clang may compile several files in one process). Both
// plugins fill it from KEY=VALUE strings: the Clang plugin from
// -fplugin-arg-farhint-KEY=VALUE, the pass plugin from
// -passes='farhint<KEY=VALUE;...>'.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_OPTIONS_H
#define FARHINT_OPTIONS_H

#include "FarHint/Profile.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace farhint {

enum class Mode { Profile, Static };

struct Options {
  std::string ProfilePath;           // profile=  the .fhprof to hint from
  double Coverage = 0.95;            // coverage= hint the top sites covering this share
  unsigned MaxSites = 32;            // max-sites=
  uint64_t MinFaults = 1;            // min-faults= ignore sites with fewer faults
  std::string ReportPath;            // report=   YAML list of what was done and why
  Mode PassMode = Mode::Profile;     // mode= profile | static
  bool StaticInsert = false;         // static-insert= also insert static hints
  unsigned PrefetchDistance = 32;    // prefetch-distance= iterations ahead of an
                                     // indirect access (Prefetch.h), 0 = none
  bool BufferedWrites = true;        // buffered-writes= log writes to far pages at
                                     // sites that only write (BufferedWrite.h)
  std::vector<PrefixMap> PrefixMaps; // prefix-map=OLD=NEW (repeatable): the
                                     // profile's paths under OLD are under NEW

  // Applies one KEY=VALUE; an unknown key or bad value is an error that
  // names the known keys.
  llvm::Error set(llvm::StringRef KeyValue);
  // Checks the combination once all keys are set.
  llvm::Error validate() const;
  static std::string knownKeys();
};

} // namespace farhint

#endif
