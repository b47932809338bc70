//===-- FarHintPass.cpp - inject far-memory hints from a profile ----------===//
//
// See FarHint/FarHintPass.h for what the pass does and how to run it.
//
//===----------------------------------------------------------------------===//
#include "FarHint/FarHintPass.h"

#include "FarHint/AccessPattern.h"
#include "FarHint/BufferedWrite.h"
#include "FarHint/HintEmitter.h"
#include "FarHint/Hoist.h"
#include "FarHint/Prefetch.h"
#include "FarHint/Profile.h"
#include "FarHint/Report.h"
#include "FarHint/SiteMatcher.h"
#include "FarHint/Version.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <set>

#define DEBUG_TYPE "farhint"

using namespace llvm;

namespace farhint {

namespace {

struct Planned {
  Access A; // what the hint covers, and where it goes
  HintParams P;
  const Instruction *Origin;  // the access it is for (its debug location)
  bool PrefetchAhead = false; // also a prefetch ahead of it (Prefetch.h)
};

std::string locationOf(const Site &S) {
  return S.Loc.File + ":" + std::to_string(S.Loc.Line) + ":" + std::to_string(S.Loc.Column);
}

std::string locationOf(const Instruction *I) {
  const DILocation *L = I->getDebugLoc().get();
  if (!L)
    return "<no debug location>";
  return (L->getFilename() + ":" + Twine(L->getLine()) + ":" + Twine(L->getColumn())).str();
}

// A warning about the profile, printed by clang and opt as "FILE: farhint: MSG".
void warn(Module &M, const std::string &ProfilePath, const Twine &Msg) {
  M.getContext().diagnose(
      DiagnosticInfoPGOProfile(ProfilePath.c_str(), "farhint: " + Msg, DS_Warning));
}

// The pass's state for one module run.
class ModuleHinter {
public:
  ModuleHinter(Module &M, ModuleAnalysisManager &MAM, const Options &O)
      : M(M), O(O), FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()),
        Matcher(M, [this](Function &F) -> const TargetLibraryInfo & { return tli(F); }) {
    R.Module = M.getSourceFileName();
  }

  bool loadProfile() {
    Expected<Profile> P = Profile::load(O.ProfilePath, O.PrefixMaps);
    if (!P) {
      M.getContext().emitError(toString(P.takeError()));
      return false;
    }
    Prof = std::move(*P);
    R.ProfilePath = Prof.Path;
    R.ProfileFaults = Prof.TotalFaults;
    if (Prof.TotalFaults == 0)
      warn(M, Prof.Path, "the profile records no faults: nothing to hint");
    for (size_t I = 0; I < O.PrefixMaps.size(); I++)
      if (!Prof.MapsUsed[I])
        warn(M, Prof.Path,
             "prefix-map=" + O.PrefixMaps[I].Old + "=" + O.PrefixMaps[I].New +
                 " matches no source path of the profile" +
                 (Prof.SourceRoot.empty() ? std::string()
                                          : " (its sources are under " + Prof.SourceRoot + ")"));
    return true;
  }

  // STEP: choose the sites covering the requested share, then plan a hint
  // for every access each one matches.
  void planFromProfile() {
    // The share is of the faults that can be hinted: a site of this module
    // that matches no access leaves the rest to cover their share, not to
    // reach for the last and smallest sites (which would put hints with
    // almost no faults on hot loads).
    uint64_t Covered = 0, Unhintable = 0;
    unsigned Chosen = 0;
    for (const Site &S : Prof.Sites) {
      ReportEntry E = entryFor(S);
      if (S.Faults < O.MinFaults || S.Faults == 0)
        E.Why = "fewer faults than min-faults=" + std::to_string(O.MinFaults);
      else if (Chosen >= O.MaxSites)
        E.Why = "beyond max-sites=" + std::to_string(O.MaxSites);
      else if (double(Covered) >= O.Coverage * double(Prof.TotalFaults - Unhintable))
        E.Why = "the sites before it already cover coverage=" + std::to_string(O.Coverage);
      else if (planSite(S, E)) {
        Covered += S.Faults;
        Chosen++;
      } else {
        Unhintable += S.Faults;
      }
      R.Entries.push_back(std::move(E));
    }
    warnIfRecordedElsewhere();
    remarkMissed();
  }

  // -Rpass-missed=farhint: each site in this module's sources that is not
  // hinted, and why, at the function its line is in.
  void remarkMissed() {
    std::map<uint32_t, const Site *> ById;
    for (const Site &S : Prof.Sites)
      ById[S.Id] = &S;
    for (const ReportEntry &E : R.Entries) {
      auto It = ById.find(E.Site);
      if (E.Hinted || E.Unprofiled || It == ById.end() || !Matcher.ownsFile(It->second->Loc))
        continue;
      Function *F = functionAt(It->second->Loc);
      if (!F)
        continue;
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F).emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotHinted", F->getSubprogram(),
                                        &F->getEntryBlock())
               << "site " << ore::NV("Site", E.Site) << " (" << E.Location
               << ") not hinted: " << E.Why;
      });
    }
  }

  // The function of this module whose source holds line L.Line: the last
  // one in that file starting at or before it.
  Function *functionAt(const SourceLoc &L) {
    Function *Best = nullptr;
    for (Function &F : M) {
      DISubprogram *SP = F.getSubprogram();
      if (F.isDeclaration() || !SP || SP->getLine() > L.Line)
        continue;
      if (siteInFile(L, sourcePath(SP->getDirectory(), SP->getFilename())) &&
          (!Best || Best->getSubprogram()->getLine() < SP->getLine()))
        Best = &F;
    }
    return Best;
  }

  // A profile of these sources built in another folder: no site is in this
  // module by its path, but one names a file this module has. Says which
  // prefix-map= would map the one folder onto the other.
  void warnIfRecordedElsewhere() {
    const Site *Named = nullptr;
    std::string Ours;
    for (const Site &S : Prof.Sites) {
      if (Matcher.ownsFile(S.Loc))
        return;
      if (!Named)
        if (std::optional<std::string> F = Matcher.fileNamed(sys::path::filename(S.Loc.File)))
          Named = &S, Ours = *F;
    }
    if (!Named)
      return;
    // The folders the two paths differ in: both less their common ending.
    StringRef Theirs = Named->Loc.File, Here = Ours;
    while (sys::path::filename(Theirs) == sys::path::filename(Here) &&
           sys::path::has_parent_path(Theirs) && sys::path::has_parent_path(Here))
      Theirs = sys::path::parent_path(Theirs), Here = sys::path::parent_path(Here);
    std::string Old = Theirs.str(), New = Here.str();
    std::string Root = Prof.SourceRoot.empty() ? "" : " (its source root: " + Prof.SourceRoot + ")";
    warn(M, Prof.Path,
         "no site of the profile is in this module's sources by its path, but site " +
             Twine(Named->Id) + " names " + Named->Loc.File + " where this module has " + Ours +
             ": the profile was recorded from sources in another folder" + Root +
             "; map it onto this one with prefix-map=" + Old + "=" + New +
             " (farhint cc --profile-prefix-map " + Old + "=" + New +
             ", or FARHINT_PROFILE_PREFIX_MAP)");
  }

  // STEP (mode=static): affine loop accesses through heap pointers.
  void planStatic() {
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      auto &LI = FAM.getResult<LoopAnalysis>(F);
      auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
      for (Instruction &I : instructions(F)) {
        for (Access &A : accessesOf(I, tli(F))) {
          LoopPattern LP = analyzeAccess(A, SE, LI);
          if (!LP.Affine)
            continue;
          ReportEntry E;
          E.Location = locationOf(&I);
          E.Function = F.getName().str();
          E.Unprofiled = true;
          E.Accesses = 1;
          E.Params = decideHint(nullptr, A, LP, E.Why);
          E.Hinted = O.StaticInsert;
          if (!O.StaticInsert)
            E.Why = "suggested (static-insert=false): " + E.Why;
          else
            Plan.push_back({A, E.Params, A.Inst});
          R.Entries.push_back(std::move(E));
        }
      }
    }
  }

  // STEP: insert every planned hint (the analyses are stale after this).
  void emitAll() {
    HintEmitter Emitter(M);
    if (changed())
      Emitter.recordProfiledBuild(Prof.BuildId);
    // Loops with hints first get an unhinted twin (Version.h).
    MapVector<Function *, SmallVector<Instruction *, 8>> PointsOf;
    for (const Planned &X : Plan)
      PointsOf[X.A.Inst->getFunction()].push_back(X.A.Inst);
    for (const BufferedWrite &W : Buffered)
      PointsOf[W.Store->getFunction()].push_back(W.Store);
    // Versioning closes loops (LCSSA): an access after a versioned loop then
    // takes the loop's values through exit phis, which its Access reads
    // through the instruction's operands.
    SmallPtrSet<const Instruction *, 16> Versioned;
    for (auto &[F, Points] : PointsOf)
      for (const Instruction *I : versionHintedLoops(*F, Points, Emitter.liveWord()))
        Versioned.insert(I);
    std::set<uint32_t> Hinted, Prefetched;
    for (const Planned &X : Plan) {
      Function &F = *X.A.Inst->getFunction();
      Hinted.insert(X.P.SiteId);
      if (X.PrefetchAhead && emitPrefetch(X, Emitter, !Versioned.contains(X.A.Inst)))
        Prefetched.insert(X.P.SiteId);
      auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Hinted", X.Origin)
               << "hint site " << ore::NV("Site", X.P.SiteId) << ": mut=" << ore::NV("Mut", X.P.Mut)
               << " seq=" << ore::NV("Seq", X.P.Seq)
               << " rdahead=" << ore::NV("RdAhead", X.P.RdAhead)
               << " ev_prio=" << ore::NV("EvPrio", X.P.EvPrio);
      });
      LLVM_DEBUG(dbgs() << "farhint: hint site " << X.P.SiteId << " at " << locationOf(X.Origin)
                        << "\n");
      Emitter.emit(X.A, X.P, X.Origin->getDebugLoc(), !Versioned.contains(X.A.Inst));
    }
    for (const BufferedWrite &W : Buffered) {
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(*W.Store->getFunction()).emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Buffered", W.Store)
               << "buffered writes for site " << ore::NV("Site", HintedBy.lookup(W.Store)) << ": "
               << W.Shape;
      });
      Hinted.insert(HintedBy.lookup(W.Store));
      emitBufferedWrite(W, Emitter.liveWord(), !Versioned.contains(W.Store));
    }
    if (O.PassMode == Mode::Profile)
      Emitter.recordSites(SmallVector<uint32_t>(Hinted.begin(), Hinted.end()),
                          SmallVector<uint32_t>(Prefetched.begin(), Prefetched.end()));
    checkChangedFunctions(PointsOf);
  }

  // The prefetch ahead of X's access, with the function's analyses taken
  // afresh (versioning and earlier insertions changed its loops).
  bool emitPrefetch(const Planned &X, HintEmitter &Emitter, bool TestLive) {
    Function &F = *X.A.Inst->getFunction();
    FAM.invalidate(F, PreservedAnalyses::none());
    auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    if (!emitIndirectPrefetch(X.A, X.P, O.PrefetchDistance, TestLive, SE, LI, Emitter))
      return false;
    FAM.invalidate(F, PreservedAnalyses::none());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Prefetch", X.Origin)
             << "prefetch ahead for site " << ore::NV("Site", X.P.SiteId) << ": "
             << ore::NV("Distance", O.PrefetchDistance) << " iterations ahead";
    });
    return true;
  }

  // Release builds of clang skip the IR verifier, so IR this pass broke
  // would crash the backend far from the cause: say which function instead.
  void checkChangedFunctions(const MapVector<Function *, SmallVector<Instruction *, 8>> &Fs) {
    for (auto &[F, Points] : Fs) {
      std::string Problem;
      raw_string_ostream OS(Problem);
      if (verifyFunction(*F, &OS))
        M.getContext().emitError("farhint: the hints made invalid IR in " + F->getName() +
                                 " (a bug in the plugin; please report it with this "
                                 "file and profile, and build without -fplugin=farhint "
                                 "meanwhile): " +
                                 StringRef(Problem).trim());
    }
  }

  // report=FILE, or report=DIR/ (or an existing folder): one file per
  // translation unit there, so a multi-file build keeps every unit's report
  // (`farhint report --hints DIR` reads them all).
  void writeReport() {
    if (O.ReportPath.empty())
      return;
    std::string Path = O.ReportPath;
    if (StringRef(Path).ends_with("/") || sys::fs::is_directory(Path)) {
      if (std::error_code EC = sys::fs::create_directories(Path)) {
        M.getContext().emitError("farhint: cannot create the report folder " + Path + ": " +
                                 EC.message());
        return;
      }
      SmallString<256> File(Path);
      sys::path::append(File, sys::path::filename(M.getSourceFileName()) + "." +
                                  utohexstr(xxh3_64bits(M.getSourceFileName())) + ".yaml");
      Path = std::string(File);
    }
    if (Error E = R.write(Path))
      M.getContext().emitError(toString(std::move(E)));
  }

  bool changed() const { return !Plan.empty() || !Buffered.empty(); }

private:
  ReportEntry entryFor(const Site &S) {
    ReportEntry E;
    E.Site = S.Id;
    E.Location = locationOf(S);
    E.Function = S.Loc.Function;
    E.FaultShare = Prof.TotalFaults ? double(S.Faults) / double(Prof.TotalFaults) : 0;
    return E;
  }

  // Why a site at a call that makes no access of its own is not hinted.
  static std::string callWhy(const Function &Callee) {
    std::string Name = demangle(Callee.getName());
    if (Callee.isDeclaration())
      return "a call to " + Name + ", not a memory access: not hinted (its faults were " +
             "inside that function, outside this program's code)";
    return "a call to " + Name + ", not a memory access: not hinted (its faults were " +
           "inside the callee, at instructions the debug info gives no line; the " +
           "callee's own sites are hinted where the profile names them)";
  }

  // Plans the site's hints; false when it is in this module and cannot be
  // hinted, so it does not count toward coverage= (a site of another
  // translation unit does: that one hints it).
  bool planSite(const Site &S, ReportEntry &E) {
    SiteMatch Match = Matcher.match(S);
    if (Match.Accesses.empty()) {
      bool Here = Matcher.ownsFile(S.Loc);
      const Function *Callee = Here ? Matcher.calleeAt(S) : nullptr;
      E.Why = !Here    ? "not in this translation unit"
              : Callee ? callWhy(*Callee)
                       : "no memory access at this location in this module (stale "
                         "profile, or the code was optimized differently)";
      if (Here)
        warn(M, Prof.Path,
             "site " + Twine(S.Id) + " (" + E.Location + ") " +
                 (Callee ? "is " + E.Why : "matches no memory access: not hinted"));
      return !Here;
    }
    if (S.SourceLine) {
      std::optional<std::string> Now = Matcher.sourceLine(S, Match.Accesses.front());
      if (Now && StringRef(*Now).trim() != StringRef(*S.SourceLine).trim()) {
        E.Why = "source line changed since profiling (stale profile): was '" +
                StringRef(*S.SourceLine).trim().str() + "', now '" + StringRef(*Now).trim().str() +
                "'";
        warn(M, Prof.Path,
             "site " + Twine(S.Id) + " (" + E.Location + "): " + E.Why +
                 "; record the profile again");
        return false;
      }
    }
    if (O.BufferedWrites && planBufferedWrites(S, Match, E))
      return true;
    uint32_t HintedFor = 0;
    SmallPtrSet<Value *, 4> AheadOf; // addresses with a prefetch planned (x[i] += for one)
    for (const Access &A : Match.Accesses) {
      // One hint per access, from the site with the most faults: a small
      // site matched by line would otherwise add its own (often weaker)
      // hint to a hot access (docs/design/pass.md, "Which sites the pass
      // hints").
      if (auto It = HintedBy.try_emplace(A.Inst, S.Id).first; It->second != S.Id) {
        HintedFor = It->second;
        continue;
      }
      Function &F = *A.Inst->getFunction();
      auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
      auto &LI = FAM.getResult<LoopAnalysis>(F);
      std::string Why;
      HintParams P = decideHint(&S, A, analyzeAccess(A, SE, LI), Why);
      bool Ahead = false;
      if (std::optional<Hoisted> H = hoistOutOfLoops(A, SE, LI)) {
        Why += "; hoisted out of " + std::to_string(H->Levels) + " loop(s): one hint for " +
               std::to_string(H->Range.ConstantSize) + " bytes";
        Plan.push_back({H->Range, P, A.Inst});
      } else {
        Ahead = !AheadOf.contains(A.addr()) && planPrefetch(A, SE, LI, Why);
        if (Ahead)
          AheadOf.insert(A.addr());
        Plan.push_back({A, P, A.Inst, Ahead});
      }
      // The first access's reasons, or the first with a prefetch ahead's:
      // the report says what the remarks and the link line say of the site.
      if (E.Accesses == 0 || (Ahead && !E.PrefetchAhead)) {
        E.Params = P;
        E.Why = Why;
        E.PrefetchAhead = Ahead;
      }
      E.Accesses++;
    }
    if (E.Accesses == 0) {
      E.Why = "its accesses are hinted for site " + std::to_string(HintedFor) +
              ", which has more faults";
      return true; // they are hinted: its faults count toward coverage=
    }
    if (Match.ByLineOnly)
      E.Why += "; matched by line (no access at column " + std::to_string(S.Loc.Column) + ")";
    if (Match.InInlinedCallee)
      E.Why += "; the accesses of the callee inlined at this call";
    if (E.Function.empty())
      E.Function = Match.Accesses.front().Inst->getFunction()->getName().str();
    E.Hinted = true;
    return true;
  }

  // Plans buffered writes (BufferedWrite.h) for a site whose accesses are
  // all writes that need not fetch their page, if the profile agrees that
  // it writes what it faults on: a `+=` reads its page first (a read fault,
  // then a write-protect one), anything else only writes. True if planned;
  // for a site that writes but is not taken, E.NotBuffered says why.
  bool planBufferedWrites(const Site &S, const SiteMatch &Match, ReportEntry &E) {
    if (none_of(Match.Accesses, [](const Access &A) { return A.Write; }))
      return false;
    std::string &WhyNot = E.NotBuffered;
    auto NotTaken = [&] {
      remarkNotBuffered(*Match.Accesses.front().Inst, S.Id, WhyNot);
      return false;
    };
    SmallVector<BufferedWrite, 4> Writes;
    bool Adds = false;
    for (const Access &A : Match.Accesses) {
      if (auto It = HintedBy.find(A.Inst); It != HintedBy.end() && It->second != S.Id) {
        WhyNot = "an access of it is hinted for site " + std::to_string(It->second);
        return NotTaken();
      }
      auto &DT = FAM.getResult<DominatorTreeAnalysis>(*A.Inst->getFunction());
      std::string Why;
      std::optional<BufferedWrite> W = bufferedWriteOf(A, DT, Why);
      if (!W) {
        WhyNot = Why + " at " + locationOf(A.Inst);
        return NotTaken();
      }
      if (none_of(Writes, [&](const BufferedWrite &X) { return X.Store == W->Store; }))
        Writes.push_back(*W);
      Adds |= W->Load != nullptr;
    }
    std::string Split =
        std::to_string(S.WriteFaults) + " of its " + std::to_string(S.Faults) + " faults write";
    if (double(S.WriteFaults) < (Adds ? 0.45 : 0.9) * double(S.Faults)) {
      WhyNot = "the profile shows it reads what it faults on (" + Split + ")";
      return NotTaken();
    }
    E.Why = "buffered writes: ";
    for (const BufferedWrite &W : Writes) {
      HintedBy[W.Store] = S.Id;
      if (W.Load)
        HintedBy[W.Load] = S.Id;
      E.Why += (&W == Writes.begin() ? "" : ", ") + W.Shape;
      Buffered.push_back(W);
    }
    E.Why += "; the profile: " + Split;
    if (Match.ByLineOnly)
      E.Why += "; matched by line (no access at column " + std::to_string(S.Loc.Column) + ")";
    if (E.Function.empty())
      E.Function = Match.Accesses.front().Inst->getFunction()->getName().str();
    E.Hinted = E.BufferedWrites = true;
    E.Accesses = unsigned(Writes.size());
    return true;
  }

  // -Rpass-missed=farhint: a site that writes, hinted but not buffered.
  void remarkNotBuffered(Instruction &I, uint32_t Site, const std::string &Why) {
    FAM.getResult<OptimizationRemarkEmitterAnalysis>(*I.getFunction()).emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotBuffered", &I)
             << "site " << ore::NV("Site", Site) << ": writes not buffered: " << Why;
    });
  }

  // Whether A gets a prefetch ahead; says why in Why either way when A is in
  // a loop.
  bool planPrefetch(const Access &A, ScalarEvolution &SE, LoopInfo &LI, std::string &Why) {
    if (O.PrefetchDistance == 0 || !LI.getLoopFor(A.Inst->getParent()))
      return false;
    std::string WhyNot;
    std::optional<IndirectShape> S = indirectShape(A, SE, LI, O.PrefetchDistance, WhyNot);
    if (!S) {
      Why += "; no prefetch ahead: " + WhyNot;
      return false;
    }
    Why += "; prefetch ahead: indirect through " + std::to_string(S->Loads) + " load(s), " +
           (S->FieldOfElement ? "a field of each element, " : "") +
           (S->AtomicValue ? "an atomic's value, " : "") +
           (S->ByIterator ? "by a stepping pointer, " : "by an index, ") +
           std::to_string(O.PrefetchDistance) + " iterations ahead (prefetch-distance=), " +
           (S->Bounded ? "index clamped to the loop's last" : "loads ahead only from mapped pages");
    return true;
  }

  const TargetLibraryInfo &tli(Function &F) { return FAM.getResult<TargetLibraryAnalysis>(F); }

  Module &M;
  const Options &O;
  FunctionAnalysisManager &FAM;
  SiteMatcher Matcher;
  Profile Prof;
  Report R;
  std::vector<Planned> Plan;
  std::vector<BufferedWrite> Buffered;
  DenseMap<const Instruction *, uint32_t> HintedBy; // the site each access is hinted for
};

} // namespace

PreservedAnalyses FarHintPass::run(Module &M, ModuleAnalysisManager &MAM) {
  // STEP 0: once per module, even when both plugins are loaded.
  if (M.getModuleFlag("farhint.done"))
    return PreservedAnalyses::all();
  M.addModuleFlag(Module::Warning, "farhint.done", 1);

  // STEP 1: the options and, in profile mode, the profile.
  if (Error E = Opts.validate()) {
    M.getContext().emitError(toString(std::move(E)));
    return PreservedAnalyses::all();
  }
  ModuleHinter R(M, MAM, Opts);
  if (Opts.PassMode == Mode::Profile && !R.loadProfile())
    return PreservedAnalyses::all();

  // STEP 2: plan the hints; STEP 3: insert them; STEP 4: report.
  if (Opts.PassMode == Mode::Profile)
    R.planFromProfile();
  else
    R.planStatic();
  R.emitAll();
  R.writeReport();
  return R.changed() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

bool parsePassParameters(StringRef Params, Options &Opts) {
  SmallVector<StringRef, 8> Parts;
  Params.split(Parts, ';', -1, false);
  for (StringRef P : Parts) {
    if (Error E = Opts.set(P)) {
      errs() << toString(std::move(E)) << "\n";
      return false;
    }
  }
  return true;
}

} // namespace farhint
