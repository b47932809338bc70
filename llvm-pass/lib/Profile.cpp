//===-- Profile.cpp - reading and validating a .fhprof profile ------------===//
#include "FarHint/Profile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace llvm;

namespace farhint {

namespace {

// Optional fields are checked as the Python tools' reader checks them
// (profile-tools/farhint/profile.py): present means well typed, so both
// readers take and refuse the same profiles (test_profile_fuzz.py).
constexpr int64_t CountMax = int64_t(1) << 48; // counts: far beyond any run, safe to add

bool isCount(const json::Value &V) {
  std::optional<int64_t> N = V.getAsInteger();
  return N && *N >= 0 && *N < CountMax;
}
bool isInteger(const json::Value &V) { return V.getAsInteger().has_value(); }
bool isString(const json::Value &V) { return V.getAsString().has_value(); }
bool isBool(const json::Value &V) { return V.getAsBoolean().has_value(); }
bool isObject(const json::Value &V) { return V.getAsObject() != nullptr; }
bool isArray(const json::Value &V) { return V.getAsArray() != nullptr; }
bool isStringList(const json::Value &V) {
  const json::Array *A = V.getAsArray();
  return A && llvm::all_of(*A, isString);
}
// Absent, or present and passing Check.
bool optional(const json::Object &O, StringRef Key, bool (*Check)(const json::Value &)) {
  const json::Value *V = O.get(Key);
  return !V || Check(*V);
}

// Errors name the profile and, inside sites, which site.
class Reader {
public:
  explicit Reader(StringRef Path) : Path(Path) {}

  Error fail(const Twine &What) const {
    return createStringError(inconvertibleErrorCode(), "farhint: profile '" + Path + "': " + What);
  }

  Expected<SourceLoc> loc(const json::Object &O, const Twine &Where) const {
    SourceLoc L;
    std::optional<StringRef> File = O.getString("file");
    std::optional<int64_t> Line = O.getInteger("line");
    if (!File || File->empty())
      return fail(Where + " has no 'file'");
    if (!Line || *Line <= 0)
      return fail(Where + " has no positive 'line'");
    if (!optional(O, "column", isCount))
      return fail(Where + " has a 'column' that is not a non-negative integer");
    if (!optional(O, "function", isString))
      return fail(Where + " has a 'function' that is not a string");
    L.File = File->str();
    L.Line = unsigned(*Line);
    L.Column = unsigned(O.getInteger("column").value_or(0));
    L.Function = O.getString("function").value_or("").str();
    return L;
  }

  Error top(const json::Object &O) const {
    if (!optional(O, "binary", isObject))
      return fail("'binary' is not an object");
    if (!optional(O, "source_root", isString))
      return fail("'source_root' is not a string");
    if (const json::Object *B = O.getObject("binary"); B && !optional(*B, "build_id", isString))
      return fail("'binary.build_id' is not a string");
    if (!optional(O, "run", isObject))
      return fail("'run' is not an object");
    if (const json::Object *Run = O.getObject("run")) {
      for (StringRef Key : {"total_faults", "faults_seen", "local_bytes", "peak_bytes"})
        if (!optional(*Run, Key, isCount))
          return fail("'run." + Key + "' is not a non-negative integer");
      if (!optional(*Run, "command", isStringList))
        return fail("'run.command' is not a list of strings");
    }
    auto Unattributed = [](const json::Value &V) {
      const json::Array *A = V.getAsArray();
      return A && llvm::all_of(*A, [](const json::Value &U) {
               const json::Object *UO = U.getAsObject();
               return UO && UO->get("function") && isString(*UO->get("function")) &&
                      UO->get("faults") && isCount(*UO->get("faults"));
             });
    };
    if (!optional(O, "unattributed", Unattributed))
      return fail("'unattributed' is not a list of {function, faults}");
    return Error::success();
  }

  Error suggestTypes(const json::Object &G, const Twine &Where) const {
    std::pair<StringRef, bool (*)(const json::Value &)> Fields[] = {{"mut", isBool},
                                                                    {"seq", isBool},
                                                                    {"size", isCount},
                                                                    {"rdahead", isInteger},
                                                                    {"ev_prio", isInteger}};
    for (auto &[Key, Check] : Fields)
      if (!optional(G, Key, Check))
        return fail(Where + ": 'suggest." + Key + "' has the wrong type");
    return Error::success();
  }

  Expected<Site> site(const json::Value &V, size_t Index) const {
    std::string Where = "site #" + std::to_string(Index + 1);
    const json::Object *O = V.getAsObject();
    if (!O)
      return fail(Where + " is not an object");
    Site S;
    std::optional<int64_t> Id = O->getInteger("id");
    if (!Id || *Id <= 0 || *Id > INT32_MAX)
      return fail(Where + " has no positive integer 'id'");
    S.Id = uint32_t(*Id);
    Expected<SourceLoc> L = loc(*O, Where);
    if (!L)
      return L.takeError();
    S.Loc = std::move(*L);
    if (!optional(*O, "inlined_at", isArray))
      return fail(Where + ": 'inlined_at' is not a list");
    if (!optional(*O, "source_line", isString))
      return fail(Where + " has a 'source_line' that is not a string");
    if (!optional(*O, "frames", isStringList))
      return fail(Where + " has 'frames' that are not a list of strings");
    if (const json::Array *Chain = O->getArray("inlined_at")) {
      for (size_t I = 0; I < Chain->size(); I++) {
        const json::Object *C = (*Chain)[I].getAsObject();
        if (!C)
          return fail(Where + ": inlined_at entry " + Twine(I) + " is not an object");
        Expected<SourceLoc> CL = loc(*C, Where + " inlined_at[" + Twine(I) + "]");
        if (!CL)
          return CL.takeError();
        S.InlinedAt.push_back(std::move(*CL));
      }
    }
    if (std::optional<StringRef> Text = O->getString("source_line"))
      S.SourceLine = Text->str();
    const json::Object *F = O->getObject("faults");
    if (!F)
      return fail(Where + " has no 'faults' object");
    for (StringRef Kind : {"read", "write", "write_protect", "hinted"}) {
      const json::Value *N = F->get(Kind);
      if (!N)
        continue;
      if (!isInteger(*N))
        return fail(Where + " has a fault count that is not an integer");
      if (*N->getAsInteger() < 0)
        return fail(Where + " has a negative fault count");
      if (*N->getAsInteger() >= CountMax)
        return fail(Where + " has a fault count above 2^48");
    }
    int64_t Read = F->getInteger("read").value_or(0);
    int64_t Write = F->getInteger("write").value_or(0);
    int64_t WP = F->getInteger("write_protect").value_or(0);
    S.Faults = uint64_t(Read + Write + WP);
    S.WriteFaults = uint64_t(Write + WP);
    if (!optional(*O, "suggest", isObject))
      return fail(Where + ": 'suggest' is not an object");
    if (const json::Object *G = O->getObject("suggest")) {
      if (Error E = suggestTypes(*G, Where))
        return std::move(E);
      Suggestion Sg;
      Sg.Mut = G->getBoolean("mut").value_or(false);
      Sg.Size = uint64_t(std::max<int64_t>(0, G->getInteger("size").value_or(0)));
      Sg.Seq = G->getBoolean("seq").value_or(false);
      Sg.RdAhead = int(std::clamp<int64_t>(G->getInteger("rdahead").value_or(0), -32768, 32767));
      // -1 is FARHINT_EV_KEEP; 255 would pack to the same byte.
      Sg.EvPrio = int(std::clamp<int64_t>(G->getInteger("ev_prio").value_or(0), -1, 254));
      S.Suggest = Sg;
    }
    return S;
  }

private:
  StringRef Path;
};

// A profile's text with its "sites" array cut out, and the text of each
// element, so a large profile is parsed one site at a time: the tree of a
// whole 30 MB profile (20,000 sites with their stacks) took 760 MB in the
// compiler. None when the text is not plainly shaped so (one "sites" key in
// the top object, brackets balanced): the caller parses it whole, and says
// what is wrong with it.
struct SplitText {
  std::string Rest;
  std::vector<StringRef> Sites;
};

// splitSites' scan of the text, a character at a time; a step that finds
// the text not plainly shaped returns false.
class SiteSplitter {
public:
  explicit SiteSplitter(StringRef Text) : Text(Text) {}

  std::optional<SplitText> split() {
    for (size_t I = 0; I < Text.size(); I++)
      if (!step(I))
        return std::nullopt;
    if (!ArrayEnd || Depth != 0 || InString)
      return std::nullopt;
    Out.Rest = (Text.slice(0, ArrayStart) + "[]" + Text.substr(ArrayEnd + 1)).str();
    return std::move(Out);
  }

private:
  StringRef Text;
  size_t Depth = 0, ArrayStart = 0, ArrayEnd = 0, ElemStart = 0, KeyStart = 0;
  bool InString = false, Escaped = false;
  StringRef LastKey;
  SplitText Out;

  bool inSites() const { return ArrayStart && !ArrayEnd; }

  bool step(size_t I) {
    char C = Text[I];
    if (InString) {
      inString(I, C);
      return true;
    }
    if (inSites() && Depth == 2 && C != '{' && C != ',' && C != ']' && !isSpace(C))
      return false; // an element that is not an object: parse it whole
    if (C == '"') {
      InString = true;
      KeyStart = I + 1;
      return true;
    }
    if (C == '{' || C == '[')
      return open(I, C);
    if (C == '}' || C == ']')
      return close(I);
    return true;
  }

  void inString(size_t I, char C) {
    if (Escaped) {
      Escaped = false;
    } else if (C == '\\') {
      Escaped = true;
    } else if (C == '"') {
      InString = false;
      LastKey = Text.slice(KeyStart, I);
    }
  }

  bool open(size_t I, char C) {
    if (Depth == 1 && C == '[' && LastKey == "sites" && Text.slice(0, I).rtrim().ends_with(":")) {
      if (ArrayStart)
        return false; // two "sites" keys
      ArrayStart = I;
    } else if (inSites() && Depth == 2) {
      ElemStart = I;
    }
    Depth++;
    return true;
  }

  bool close(size_t I) {
    if (Depth == 0)
      return false;
    Depth--;
    if (inSites() && Depth == 2)
      Out.Sites.push_back(Text.slice(ElemStart, I + 1));
    else if (inSites() && Depth == 1)
      ArrayEnd = I;
    return true;
  }
};

std::optional<SplitText> splitSites(StringRef Text) { return SiteSplitter(Text).split(); }

} // namespace

// Path with the first map whose Old starts it (at a path boundary) applied.
// As -fdebug-prefix-map: of the maps that match, the last given wins.
// Used[i] is set when map i's OLD matches the path.
static std::string mapped(StringRef Path, const std::vector<PrefixMap> &Maps,
                          std::vector<bool> &Used) {
  std::string Out = Path.str();
  for (size_t I = 0; I < Maps.size(); I++) {
    StringRef Old = StringRef(Maps[I].Old).rtrim('/');
    if (Path.starts_with(Old) && (Path.size() == Old.size() || Path[Old.size()] == '/')) {
      Used[I] = true;
      Out = (StringRef(Maps[I].New).rtrim('/') + Path.substr(Old.size())).str();
    }
  }
  return Out;
}

// The site's paths mapped, and its file below the source root.
static void place(SourceLoc &L, StringRef Root, const std::vector<PrefixMap> &Maps,
                  std::vector<bool> &Used) {
  L.File = mapped(L.File, Maps, Used);
  StringRef F = L.File;
  if (!Root.empty() && F.consume_front(Root) && F.consume_front("/"))
    L.RelFile = F.str();
}

Expected<Profile> Profile::load(StringRef Path, const std::vector<PrefixMap> &Maps) {
  Reader R(Path);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return R.fail("cannot read it: " + Buf.getError().message());
  std::optional<SplitText> Split = splitSites((*Buf)->getBuffer());
  auto Parse = [&](StringRef Text) -> Expected<json::Value> {
    Expected<json::Value> V = json::parse(Text);
    if (!V)
      return R.fail("not valid JSON (" + toString(V.takeError()) +
                    "); was it truncated? record it again with `farhint profile`");
    return V;
  };
  Expected<json::Value> Root = Parse(Split ? StringRef(Split->Rest) : (*Buf)->getBuffer());
  if (!Root)
    return Root.takeError();
  const json::Object *O = Root->getAsObject();
  if (!O)
    return R.fail("not a JSON object");
  std::optional<StringRef> Format = O->getString("format");
  if (Format != StringRef("farhint-profile"))
    return R.fail("not a farhint profile (its 'format' is '" + Format.value_or("<missing>") +
                  "', expected 'farhint-profile')");
  std::optional<int64_t> Version = O->getInteger("version");
  if (Version != ProfileVersion)
    return R.fail("version " + (Version ? Twine(*Version) : Twine("<missing>")) +
                  " is not supported: this farhint reads version " + Twine(ProfileVersion) +
                  "; record it again with `farhint profile`");
  if (Error E = R.top(*O))
    return std::move(E);
  Profile P;
  P.Path = Path.str();
  if (const json::Object *B = O->getObject("binary"))
    P.BuildId = B->getString("build_id").value_or("").str();
  P.MapsUsed.assign(Maps.size(), false);
  std::string SourceRoot = mapped(O->getString("source_root").value_or(""), Maps, P.MapsUsed);
  P.SourceRoot = StringRef(SourceRoot).rtrim('/').str();
  const json::Array *Sites = O->getArray("sites");
  if (!Sites)
    return R.fail("has no 'sites' array");
  size_t Count = Split ? Split->Sites.size() : Sites->size();
  DenseMap<uint32_t, size_t> FirstWith; // id -> site number, to name a repeated one
  for (size_t I = 0; I < Count; I++) {
    Expected<json::Value> One = Split ? Parse(Split->Sites[I]) : json::Value((*Sites)[I]);
    if (!One)
      return One.takeError();
    Expected<Site> S = R.site(*One, I);
    if (!S)
      return S.takeError();
    auto [It, New] = FirstWith.try_emplace(S->Id, I + 1);
    if (!New)
      return R.fail("site #" + Twine(I + 1) + " repeats id " + Twine(S->Id) + " of site #" +
                    Twine(It->second));
    P.TotalFaults += S->Faults;
    place(S->Loc, P.SourceRoot, Maps, P.MapsUsed);
    for (SourceLoc &L : S->InlinedAt)
      place(L, P.SourceRoot, Maps, P.MapsUsed);
    P.Sites.push_back(std::move(*S));
  }
  // As `farhint report` reads it: the sites' faults are among the run's.
  if (const json::Object *Run = O->getObject("run"))
    if (std::optional<int64_t> Total = Run->getInteger("total_faults");
        Total && uint64_t(*Total) < P.TotalFaults)
      return R.fail("its 'run.total_faults' is " + Twine(*Total) + ", fewer than its sites' " +
                    Twine(P.TotalFaults) +
                    " faults: it was edited or damaged; record it again with `farhint profile`");
  std::sort(P.Sites.begin(), P.Sites.end(), [](const Site &A, const Site &B) {
    return A.Faults != B.Faults ? A.Faults > B.Faults : A.Id < B.Id;
  });
  return P;
}

} // namespace farhint
