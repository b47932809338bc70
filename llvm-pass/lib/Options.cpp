//===-- Options.cpp - parsing the FarHint pass's KEY=VALUE options --------===//
#include "FarHint/Options.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace farhint {

static Error bad(StringRef Key, StringRef Value, StringRef Want) {
  return createStringError(inconvertibleErrorCode(), "farhint: bad value '" + Value + "' for '" +
                                                         Key + "': expected " + Want);
}

static Expected<bool> parseBool(StringRef Key, StringRef V) {
  if (V == "1" || V == "true" || V == "yes" || V.empty())
    return true;
  if (V == "0" || V == "false" || V == "no")
    return false;
  return bad(Key, V, "true or false");
}

namespace {
// One option: its key and how its value is set.
struct Setter {
  StringRef Key;
  Error (*Set)(Options &O, StringRef Key, StringRef Value);
};

// Error, not ErrorSuccess: a setter's returns must deduce one type.
Error ok() { return Error::success(); }

// An option naming a file.
Error setPath(std::string &Field, StringRef K, StringRef V, StringRef Want) {
  if (V.empty())
    return bad(K, V, Want);
  Field = V.str();
  return ok();
}

// A true-or-false option.
template <bool Options::*Field> Error setSwitch(Options &O, StringRef K, StringRef V) {
  Expected<bool> B = parseBool(K, V);
  if (!B)
    return B.takeError();
  O.*Field = *B;
  return ok();
}

// knownKeys() lists them in this order.
const Setter Setters[] = {
    {"profile",
     [](Options &O, StringRef K, StringRef V) {
       return setPath(O.ProfilePath, K, V, "a path to a .fhprof file");
     }},
    {"coverage",
     [](Options &O, StringRef K, StringRef V) {
       if (V.getAsDouble(O.Coverage) || O.Coverage <= 0 || O.Coverage > 1)
         return bad(K, V, "a fraction in (0, 1], e.g. 0.95");
       return ok();
     }},
    {"max-sites",
     [](Options &O, StringRef K, StringRef V) {
       if (V.getAsInteger(10, O.MaxSites) || O.MaxSites == 0)
         return bad(K, V, "a positive integer");
       return ok();
     }},
    {"min-faults",
     [](Options &O, StringRef K, StringRef V) {
       if (V.getAsInteger(10, O.MinFaults))
         return bad(K, V, "a non-negative integer");
       return ok();
     }},
    {"report",
     [](Options &O, StringRef K, StringRef V) {
       return setPath(O.ReportPath, K, V, "a path for the YAML report");
     }},
    {"mode",
     [](Options &O, StringRef K, StringRef V) {
       if (V != "profile" && V != "static")
         return bad(K, V, "profile or static");
       O.PassMode = V == "profile" ? Mode::Profile : Mode::Static;
       return ok();
     }},
    {"static-insert", setSwitch<&Options::StaticInsert>},
    {"prefetch-distance",
     [](Options &O, StringRef K, StringRef V) {
       if (V.getAsInteger(10, O.PrefetchDistance) || O.PrefetchDistance > 4096)
         return bad(K, V, "iterations ahead, 0 (no prefetches) to 4096");
       return ok();
     }},
    {"prefix-map",
     [](Options &O, StringRef K, StringRef V) {
       auto [Old, New] = V.split('=');
       if (Old.empty() || !V.contains('='))
         return bad(K, V, "OLD=NEW: the folder the profile's sources were in, and this one");
       O.PrefixMaps.push_back({Old.str(), New.str()});
       return ok();
     }},
    {"buffered-writes", setSwitch<&Options::BufferedWrites>},
};
} // namespace

std::string Options::knownKeys() {
  std::string Keys;
  for (const Setter &S : Setters)
    Keys += (Keys.empty() ? "" : ", ") + S.Key.str();
  return Keys;
}

Error Options::set(StringRef KeyValue) {
  auto [Key, Value] = KeyValue.split('=');
  Key = Key.trim();
  Value = Value.trim();
  for (const Setter &S : Setters)
    if (Key == S.Key)
      return S.Set(*this, Key, Value);
  return createStringError(inconvertibleErrorCode(), "farhint: unknown option '" + Key +
                                                         "' (known options: " + knownKeys() + ")");
}

Error Options::validate() const {
  if (PassMode == Mode::Profile && ProfilePath.empty())
    return createStringError(inconvertibleErrorCode(),
                             "farhint: no profile given: pass profile=PATH (record one with "
                             "`farhint profile`), or mode=static to hint loops without a profile");
  return Error::success();
}

} // namespace farhint
