//===-- Options.cpp - parsing the FarHint pass's KEY=VALUE options --------===//
#include "FarHint/Options.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace farhint {

const char *Options::knownKeys() {
  return "profile, coverage, max-sites, min-faults, report, mode, static-insert, "
         "prefetch-distance, prefix-map, buffered-writes";
}

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

Error Options::set(StringRef KeyValue) {
  auto [Key, Value] = KeyValue.split('=');
  Key = Key.trim();
  Value = Value.trim();
  if (Key == "profile" || Key == "report" || Key == "mode" || Key == "prefix-map")
    return setText(Key, Value);
  if (Key == "coverage" || Key == "max-sites" || Key == "min-faults" || Key == "prefetch-distance")
    return setNumber(Key, Value);
  if (Key == "static-insert" || Key == "buffered-writes")
    return setSwitch(Key, Value);
  return createStringError(inconvertibleErrorCode(), "farhint: unknown option '" + Key +
                                                         "' (known options: " + knownKeys() + ")");
}

Error Options::setText(StringRef Key, StringRef Value) {
  if (Key == "profile") {
    if (Value.empty())
      return bad(Key, Value, "a path to a .fhprof file");
    ProfilePath = Value.str();
  } else if (Key == "report") {
    if (Value.empty())
      return bad(Key, Value, "a path for the YAML report");
    ReportPath = Value.str();
  } else if (Key == "mode") {
    if (Value == "profile")
      PassMode = Mode::Profile;
    else if (Value == "static")
      PassMode = Mode::Static;
    else
      return bad(Key, Value, "profile or static");
  } else {
    assert(Key == "prefix-map");
    auto [Old, New] = Value.split('=');
    if (Old.empty() || !Value.contains('='))
      return bad(Key, Value, "OLD=NEW: the folder the profile's sources were in, and this one");
    PrefixMaps.push_back({Old.str(), New.str()});
  }
  return Error::success();
}

Error Options::setNumber(StringRef Key, StringRef Value) {
  if (Key == "coverage") {
    if (Value.getAsDouble(Coverage) || Coverage <= 0 || Coverage > 1)
      return bad(Key, Value, "a fraction in (0, 1], e.g. 0.95");
  } else if (Key == "max-sites") {
    if (Value.getAsInteger(10, MaxSites) || MaxSites == 0)
      return bad(Key, Value, "a positive integer");
  } else if (Key == "min-faults") {
    if (Value.getAsInteger(10, MinFaults))
      return bad(Key, Value, "a non-negative integer");
  } else {
    assert(Key == "prefetch-distance");
    if (Value.getAsInteger(10, PrefetchDistance) || PrefetchDistance > 4096)
      return bad(Key, Value, "iterations ahead, 0 (no prefetches) to 4096");
  }
  return Error::success();
}

Error Options::setSwitch(StringRef Key, StringRef Value) {
  Expected<bool> B = parseBool(Key, Value);
  if (!B)
    return B.takeError();
  (Key == "static-insert" ? StaticInsert : BufferedWrites) = *B;
  return Error::success();
}

Error Options::validate() const {
  if (PassMode == Mode::Profile && ProfilePath.empty())
    return createStringError(inconvertibleErrorCode(),
                             "farhint: no profile given: pass profile=PATH (record one with "
                             "`farhint profile`), or mode=static to hint loops without a profile");
  return Error::success();
}

} // namespace farhint
