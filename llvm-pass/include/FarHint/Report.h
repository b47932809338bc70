//===-- FarHint/Report.h - what the pass did, and why ---------------------===//
//
// FILE: llvm-pass/include/FarHint/Report.h
//
// DESCRIPTION: One entry per profile site (hinted or not, with the reason)
// and per static suggestion, written as YAML by report=PATH and rendered by
// `farhint report`. The same text goes to -Rpass=farhint remarks.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_REPORT_H
#define FARHINT_REPORT_H

#include "FarHint/HintEmitter.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace farhint {

struct ReportEntry {
  uint32_t Site = 0;
  std::string Location; // file:line:col
  std::string Function;
  double FaultShare = 0; // of the profile's faults
  bool Hinted = false;
  bool Unprofiled = false; // a static-mode suggestion
  unsigned Accesses = 0;
  bool PrefetchAhead = false;  // an access of it also gets a prefetch ahead (Prefetch.h)
  bool BufferedWrites = false; // its writes are logged, not hinted (BufferedWrite.h)
  HintParams Params;
  std::string Why;         // hinted: the parameters' reasons; else why not
  std::string NotBuffered; // a site that writes, hinted: why not buffered writes
};

struct Report {
  std::string Module;
  std::string ProfilePath;
  uint64_t ProfileFaults = 0;
  std::vector<ReportEntry> Entries;

  // Merges this module's document into the YAML stream at Path, under a
  // lock: the other modules' documents of the same profile stay.
  llvm::Error write(llvm::StringRef Path) const;
  std::string document() const;
};

} // namespace farhint

#endif
