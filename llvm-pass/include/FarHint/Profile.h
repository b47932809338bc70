//===-- FarHint/Profile.h - a .fhprof profile, validated on read ----------===//
//
// FILE: llvm-pass/include/FarHint/Profile.h
//
// DESCRIPTION: The sites of a farhint profile (docs/profile-format.md) as the
// pass needs them. Loading checks format, version and every required field,
// and names the file and the site in each error.
//
//===----------------------------------------------------------------------===//
#ifndef FARHINT_PROFILE_H
#define FARHINT_PROFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace farhint {

constexpr int ProfileVersion = 1;

struct SourceLoc {
  std::string File;
  std::string RelFile; // File below the profile's source root, or "" if not below it
  unsigned Line = 0;
  unsigned Column = 0; // 0 = unknown
  std::string Function;
};

struct Suggestion {
  bool Mut = false;
  uint64_t Size = 0;
  bool Seq = false;
  int RdAhead = 0;
  int EvPrio = 0;
};

struct Site {
  uint32_t Id = 0;
  SourceLoc Loc;
  std::vector<SourceLoc> InlinedAt; // innermost call site first
  std::optional<std::string> SourceLine;
  uint64_t Faults = 0;      // all kinds
  uint64_t WriteFaults = 0; // write + write-protect
  std::optional<Suggestion> Suggest;
};

// Rewrites of the profile's paths before they are matched (prefix-map=):
// a path starting with Old (at a path boundary) starts with New instead.
struct PrefixMap {
  std::string Old, New;
};

struct Profile {
  std::string Path;
  std::string BuildId;
  std::string SourceRoot; // the folder the sites' files were under, "" if not recorded
  uint64_t TotalFaults = 0;
  std::vector<Site> Sites;    // sorted by Faults, most first
  std::vector<bool> MapsUsed; // of the prefix maps load took: which mapped a path

  static llvm::Expected<Profile> load(llvm::StringRef Path,
                                      const std::vector<PrefixMap> &Maps = {});
};

} // namespace farhint

#endif
