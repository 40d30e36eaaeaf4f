//===- tools/Report.cpp - Human-readable and JSON reports ------------------===//
#include "tools/Config.h"
#include "tools/TraceView.h"
#include "tools/MemoryLimit.h"
#include "interpreter/Memory.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>

namespace vcdpor {

static const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Safe: return "safe";
  case Verdict::Error: return "error";
  case Verdict::Unknown: return "unknown";
  case Verdict::Bounded: return "bounded";
  }
  return "?";
}

static std::string where(const SourceLoc &S) {
  std::string W = S.File;
  if (S.Line)
    W += ":" + std::to_string(S.Line);
  return W;
}

std::string traceEntryText(const TraceEntry &E) {
  std::string S = E.Kind;
  if (E.Kind == "output")
    return "output \"" + E.Value + "\"";
  while (S.size() < 6)
    S.push_back(' ');
  if (!E.Object.empty())
    S += " " + E.Object;
  if (!E.Value.empty()) {
    if (E.Kind == "read" || E.Kind == "read (failed cas)")
      S += " = " + E.Value;
    else if (E.Kind == "write")
      S += " := " + E.Value;
    else if (E.Kind == "rmw")
      S += ": " + E.Value;
    else
      S += " " + E.Value;
  }
  return S;
}

// vc's refusal without its prefix, its "not supported" and its advice to
// use another engine (which the fallback has just taken): the construct.
static std::string refusalText(std::string R) {
  const std::string Prefix = "vc: ";
  if (R.compare(0, Prefix.size(), Prefix) == 0)
    R.erase(0, Prefix.size());
  for (std::string Tail : {"; use --engine=optimal",
                           " is not supported by this engine yet"})
    if (R.size() >= Tail.size() &&
        R.compare(R.size() - Tail.size(), Tail.size(), Tail) == 0)
      R.erase(R.size() - Tail.size());
  return R;
}

static std::string bounds(const Config &C, const ExploreResult &R) {
  if (R.S.Symbolic)
    return "every nondet value, loops unrolled " +
           std::to_string(R.S.SmtBound) + " times" +
           (R.S.SmtComplete ? ", which no execution exceeds" : "");
  std::string B = "nondet range " + std::to_string(C.NondetLo) + ":" +
                  std::to_string(C.NondetHi) + ", loop bound ";
  B += C.Unroll ? std::to_string(C.Unroll) : std::string("none");
  return B;
}

// What cut the bounded executions, in words.
static std::string cutCauses(unsigned Causes) {
  std::vector<std::string> Why;
  if (Causes & LoopBound || !Causes)
    Why.push_back("the loop bound");
  if (Causes & ThreadLimit)
    Why.push_back("the thread limit (" + std::to_string(MaxThreads) +
                  " threads)");
  if (Causes & ObjectLimit)
    Why.push_back("the interpreter's object limits (object ids, 256 MiB "
                  "objects, ILP32 address space)");
  std::string S;
  for (size_t I = 0; I < Why.size(); ++I)
    S += (I ? I + 1 == Why.size() ? " or " : ", " : "") + Why[I];
  return S;
}

// The bounds that cut some execution, for a bounded verdict.
static std::string boundsHit(const Config &C, const ExploreResult &R) {
  std::string H;
  if (R.S.Symbolic) {
    if (R.S.BoundCauses & ObjectLimit && !(R.S.BoundCauses & LoopBound))
      return "some execution allocates more than vcdpor models (256 MiB "
             "in one object)";
    return "some execution runs a loop (or recursion) past " +
           std::to_string(R.S.SmtBound) + " iterations";
  }
  if (R.S.NondetUsed)
    H = "nondet values were drawn from " + std::to_string(C.NondetLo) + ":" +
        std::to_string(C.NondetHi) + " only";
  if (R.S.Bounded)
    H += std::string(H.empty() ? "" : "; ") + std::to_string(R.S.Bounded) +
         " executions were cut by " + cutCauses(R.S.BoundCauses);
  return H;
}

void printReport(const Config &C, const char *Label, const ErrorReport &E) {
  std::printf("%s: %s: %s   (%s in %s)\n", Label,
              std::string(findingKindName(E.F.Kind)).c_str(), E.F.Message.c_str(),
              where(E.Where).c_str(), E.Where.Function.c_str());
  std::printf("Trace (thread: event @ source):\n");
  size_t Skip = 0;
  const size_t Keep = 60;
  if (!C.PrintTrace && E.Trace.size() > Keep) {
    Skip = E.Trace.size() - Keep;
    std::printf("  ... %zu earlier events (--print-trace shows all)\n", Skip);
  }
  for (size_t I = Skip; I < E.Trace.size(); ++I) {
    const TraceEntry &T = E.Trace[I];
    std::string Line = "  T" + std::to_string(T.Thread) + ": " + traceEntryText(T);
    if (T.Kind != "output") {
      while (Line.size() < 44)
        Line.push_back(' ');
      Line += " " + where(T.Src);
    }
    std::printf("%s\n", Line.c_str());
  }
  std::printf("  T%u: %s: %s   %s\n", E.F.Thread,
              E.F.Kind == FindingKind::DataRace ? "race" : "error",
              E.F.Message.c_str(), where(E.Where).c_str());
}

void printHuman(const Config &C, const ExploreResult &R) {
  if (C.PortfolioBeside && C.Bmc)
    std::printf("vcdpor %s — engine bmc, beside %s on %u worker%s\n",
                VCDPOR_VERSION, C.PortfolioFirst.c_str(), C.Workers,
                C.Workers == 1 ? "" : "s");
  else
    std::printf("vcdpor %s — engine %s, %u worker%s%s%s\n", VCDPOR_VERSION,
                C.EngineName.c_str(), C.Workers, C.Workers == 1 ? "" : "s",
                C.PortfolioBeside ? ", bmc beside it on one more thread" : "",
                C.Ptr32 ? ", ILP32" : "");
  if (!C.FallbackReason.empty() && C.FallbackInternal)
    std::printf("Note: the default engine, vc, failed internally after "
                "%.2f s (%s); Optimal-DPOR explored the program instead%s. "
                "--engine=vc reports the failure (exit code 7).\n",
                C.FallbackAfterS, refusalText(C.FallbackReason).c_str(),
                C.RequestedWorkers > 1 ? ", on one worker" : "");
  else if (!C.FallbackReason.empty())
    std::printf("Note: vc cannot explore this program by values yet (%s, "
                "met after %.2f s); Optimal-DPOR explored its Mazurkiewicz "
                "classes instead%s, which refine vc's value classes: the "
                "verdict is the same, the count is Optimal-DPOR's. %s\n",
                refusalText(C.FallbackReason).c_str(), C.FallbackAfterS,
                C.RequestedWorkers > 1 ? ", on one worker" : "",
                C.EngineDefaulted
                    ? "--engine=vc --vc-strict makes this a refusal."
                    : "--vc-strict makes this a refusal.");
  if (C.PortfolioExplicitDecided)
    std::printf("Note: bmc ran beside %s on its own thread (%s); %s "
                "decided.\n",
                C.PortfolioFirst.c_str(), C.PortfolioBmc.c_str(),
                C.PortfolioFirst.c_str());
  else if (C.PortfolioBmc == "decided" && C.PortfolioBeside)
    std::printf("Note: bmc ran beside %s on its own thread and decided; %s: "
                "%s.\n",
                C.PortfolioFirst.c_str(), C.PortfolioFirst.c_str(),
                C.PortfolioWhy.c_str());
  else if (C.PortfolioBmc == "decided")
    std::printf("Note: %s could not decide (%s); bmc decided.\n",
                C.PortfolioFirst.c_str(), C.PortfolioWhy.c_str());
  else if (!C.PortfolioBmc.empty())
    std::printf("Note: %s could not decide (%s); bmc could not either: %s.\n",
                C.PortfolioFirst.c_str(), C.PortfolioWhy.c_str(),
                C.PortfolioBmc.c_str());
  if (C.PortfolioExplicitS > 0 && !C.PortfolioBmc.empty()) {
    char Rerun[160] = "";
    if (C.PortfolioRerunS > 0)
      std::snprintf(Rerun, sizeof Rerun,
                    "; bmc ended early, so %s explored again from the start "
                    "with the %.1f s left (the counts are that run's)",
                    C.EngineName.c_str(), C.PortfolioRerunS);
    std::printf("Note: under --timeout %g s the explicit engine had %g s "
                "first, bmc what was left%s.\n",
                C.PortfolioTimeoutS, C.PortfolioExplicitS, Rerun);
  }
  auto Print = [&](const char *Label, const ErrorReport &E) {
    printReport(C, Label, E);
  };
  // Races beyond the first ones (which come with traces) get a line each,
  // and only the first few of those are printed: --json lists them all.
  const size_t MaxRaceLines = 20;
  size_t RaceLines = 0, RacesLeft = 0;
  auto Report = [&](const char *Label, const ErrorReport &E) {
    if (E.F.Kind != FindingKind::DataRace || !E.Trace.empty())
      return Print(Label, E);
    if (RaceLines++ < MaxRaceLines)
      std::printf("%s: data-race: %s   (no trace: see the first races)\n",
                  Label, E.F.Message.c_str());
    else
      ++RacesLeft;
  };
  for (const ErrorReport &E : R.Errors)
    Report("Error", E);
  for (const ErrorReport &E : R.Warnings)
    Report("Warning", E);
  if (RacesLeft)
    std::printf("... and %zu more data races (--json lists every one)\n",
                RacesLeft);
  if (R.V == Verdict::Safe)
    std::printf("No errors found (%s).\n", bounds(C, R).c_str());
  else if (R.V == Verdict::Bounded)
    std::printf("Bounded: no errors found, but not every execution was "
                "covered: %s (%s).\n",
                boundsHit(C, R).c_str(), bounds(C, R).c_str());
  else if (R.V == Verdict::Unknown)
    std::printf("Unknown: the %s limit was reached before the exploration "
                "finished; no errors in what was covered (%s).\n",
                R.Limit.c_str(), bounds(C, R).c_str());
  else
    std::printf("Bounds: %s.\n", bounds(C, R).c_str());
  if (C.Explore.Races != RaceMode::Off) {
    if (!R.RacesChecked && C.Bmc)
      std::printf("Data races: not checked (engine bmc seeks them under "
                  "--data-races=error or --property no-data-race).\n");
    else if (!R.RacesChecked)
      std::printf("Data races: not checked (engine %s: a value class can "
                  "hold racy and race-free executions; --engine=optimal "
                  "checks them).\n",
                  C.EngineName.c_str());
    else if (C.Explore.Races == RaceMode::Warn)
      std::printf("Data races: checked in every execution explored; %zu "
                  "found (warnings; --data-races=error makes them errors).\n",
                  R.Warnings.size());
  }
  if (R.Limit == "max-memory" && C.DefaultMemoryLimit)
    std::printf("Note: the memory limit was the default, %.0f MB (%.0f%% of "
                "the memory available); set another with --max-memory MB, or "
                "none with --max-memory 0.\n",
                C.Explore.MaxMemoryMb, 100 * DefaultMemoryShare);
  if (R.Limit == "search depth")
    std::printf("Note: an execution had more choices than the vc search can "
                "nest (a loop that may run for ever?); bound loops with "
                "--unroll N.\n");
  if (R.V == Verdict::Unknown && R.S.NondetUsed)
    std::printf("Note: nondet values were drawn from %lld:%lld only.\n",
                (long long)C.NondetLo, (long long)C.NondetHi);
  if (R.V == Verdict::Unknown && R.S.Bounded)
    std::printf("Note: %llu executions were cut by %s.\n",
                (unsigned long long)R.S.Bounded,
                cutCauses(R.S.BoundCauses).c_str());
  std::printf("Executions: %llu (blocked %llu, bounded %llu)   Events: %llu   "
              "Time: %.2f s   Peak memory: %.0f MB\n",
              (unsigned long long)R.S.Executions, (unsigned long long)R.S.Blocked,
              (unsigned long long)R.S.Bounded, (unsigned long long)R.S.Events,
              R.S.TimeS, R.S.PeakRssMb);
  if (R.S.Symbolic)
    std::printf("SMT: bound %u%s   threads %llu   events %llu   reads %llu   "
                "reads-from variables %llu   checks %llu   terms %llu   "
                "queries %llu   solver %.2f s\n",
                R.S.SmtBound, R.S.SmtComplete ? " (complete)" : "",
                (unsigned long long)R.S.SmtThreads,
                (unsigned long long)R.S.SmtEvents,
                (unsigned long long)R.S.SmtReads,
                (unsigned long long)R.S.SmtRfVars,
                (unsigned long long)R.S.SmtChecks,
                (unsigned long long)R.S.SmtTerms,
                (unsigned long long)R.S.SmtQueries, R.S.SmtSolverS);
  char Confirmed[80] = "";
  if (C.Solver == BmcSolver::Acdlp)
    std::snprintf(Confirmed, sizeof Confirmed,
                  "   unsat confirmed by z3 %llu (%.2f s)",
                  (unsigned long long)R.S.SolverConfirmed, R.S.SolverConfirmS);
  if (R.S.Symbolic && (C.SolverGiven || C.Solver != BmcSolver::Z3))
    std::printf("Solver: %s   decisions %llu   propagations %llu   "
                "conflicts %llu   learned %llu   restarts %llu   time %.2f s"
                "%s\n",
                C.Solver == BmcSolver::Acdlp ? "acdlp" : "z3",
                (unsigned long long)R.S.SolverDecisions,
                (unsigned long long)R.S.SolverPropagations,
                (unsigned long long)R.S.SolverConflicts,
                (unsigned long long)R.S.SolverLearned,
                (unsigned long long)R.S.SolverRestarts, R.S.SmtSolverS,
                Confirmed);
  if (R.S.Symbolic && C.BmcMode != BmcEngine::Monolithic)
    std::printf("Refinement: iterations %llu   kernel reasons found %llu   "
                "kept %llu   scheduling constraints added %llu   "
                "order conflicts %llu   propagations %llu   graph %.2f s\n",
                (unsigned long long)R.S.SmtRefinements,
                (unsigned long long)R.S.SmtKernelFound,
                (unsigned long long)R.S.SmtKernelKept,
                (unsigned long long)R.S.SmtLazy,
                (unsigned long long)R.S.SmtConflicts,
                (unsigned long long)R.S.SmtPropagations, R.S.SmtGraphS);
  if (C.Explore.Engine == EngineKind::Source || C.Explore.Engine == EngineKind::Optimal)
    std::printf("Sleep-set blocked: %llu\n", (unsigned long long)R.S.SleepBlocked);
  if (R.S.MultiLocationAwaits)
    std::printf("Note: a spin loop waited on several locations; this engine "
                "may explore more than one execution per class there.\n");
  if (R.S.MayExit)
    std::printf("Note: the program may call exit() or abort() (with "
                "--all-errors a failure is one too); this engine may explore "
                "more than one execution per class.\n");
  if (C.Explore.CountHbClasses)
    std::printf("Happens-before classes: %llu\n", (unsigned long long)R.S.HbClasses);
  if (C.Explore.CountVhbClasses)
    std::printf("Value-happens-before classes: %llu (%llu with unread writes "
                "unordered)\n",
                (unsigned long long)R.S.VhbClasses,
                (unsigned long long)R.S.VcClasses);
  if (C.Explore.CountLocalBehaviours)
    std::printf("Local behaviours: %llu (digest %016llx)\n",
                (unsigned long long)R.S.LocalBehaviours,
                (unsigned long long)R.S.LocalDigest);
  if (C.Explore.Engine == EngineKind::VC && !C.Bmc)
    std::printf("VC-DPOR: root thread %lld   closure calls %llu (%llu failed)   "
                "replays %llu (%llu continued, %llu rebased)   redundant %llu   "
                "time: interpreter %.2f s, closure %.2f s\n",
                (long long)R.S.RootThread, (unsigned long long)R.S.ClosureCalls,
                (unsigned long long)R.S.ClosureFailures,
                (unsigned long long)R.S.Replays,
                (unsigned long long)R.S.Continued,
                (unsigned long long)R.S.Rebased,
                (unsigned long long)R.S.RedundantClasses, R.S.InterpTimeS,
                R.S.ClosureTimeS);
  if (C.Explore.Engine == EngineKind::VC && R.S.MergedWriteOrders)
    std::printf("Final writes: at %llu nodes only the last of a location's "
                "final leaf writes was chosen (--vhb-exact orders them all)\n",
                (unsigned long long)R.S.MergedWriteOrders);
  if (C.Explore.Engine == EngineKind::VC && R.S.EmptySiblings)
    std::printf("Empty siblings: at %llu nodes no other thread could give "
                "the first frontier event a write or lock grant from outside "
                "the node, so its later siblings were left out\n",
                (unsigned long long)R.S.EmptySiblings);
  if (C.Explore.Engine == EngineKind::VC && R.S.UnreadLocations)
    std::printf("Unread writes: %llu locations that no instruction reads "
                "were written; their writes were left unordered "
                "(--vhb-exact orders them)\n",
                (unsigned long long)R.S.UnreadLocations);
  if (C.Explore.Engine == EngineKind::VC && C.Workers > 1)
    std::printf("Parallel: %u workers, %llu nodes and %llu orderings branches "
                "handed over\n",
                C.Workers, (unsigned long long)R.S.HandedOff,
                (unsigned long long)R.S.HandedOffOrderings);
}

bool violates(const std::string &Property, FindingKind K) {
  return (Property == "unreach-call" && K == FindingKind::Assertion) ||
         (Property == "no-data-race" && K == FindingKind::DataRace) ||
         (Property == "valid-memsafety" && K == FindingKind::Memory);
}

std::string svcompResult(const Config &C, const ExploreResult &R) {
  // Only a violation of the property checked is FALSE; any other finding
  // (a crash the property does not name, undefined behaviour) leaves the
  // answer open, as do bounded and limited runs.
  if (R.V == Verdict::Error) {
    for (const ErrorReport &E : R.Errors) {
      if (!violates(C.Property, E.F.Kind))
        continue;
      if (C.Property != "valid-memsafety")
        return "FALSE(" + C.Property + ")";
      return E.F.Message.find("free") != std::string::npos &&
                     E.F.Message.find("use after free") == std::string::npos
                 ? "FALSE(valid-free)"
                 : "FALSE(valid-deref)";
    }
    // Under no-data-race, an assertion failure violates nothing: the run
    // went on (--all-errors) and found no race.
    if (C.Property == "no-data-race" && R.Limit.empty()) {
      bool OnlyAssertions = true;
      for (const ErrorReport &E : R.Errors)
        OnlyAssertions &= E.F.Kind == FindingKind::Assertion;
      if (OnlyAssertions && !R.S.NondetUsed && !R.S.Bounded)
        return "TRUE";
    }
    return "UNKNOWN";
  }
  if (R.V != Verdict::Safe)
    return "UNKNOWN";
  // Memory leaks (valid-memtrack) are not checked: no TRUE for memsafety.
  if (C.Property == "valid-memsafety")
    return "UNKNOWN";
  if (C.Property == "no-data-race" && !R.RacesChecked)
    return "UNKNOWN";
  return "TRUE";
}

bool writeJson(const Config &C, const ExploreResult &R, std::string &Error) {
  using nlohmann::json;
  json J;
  J["tool"] = "vcdpor";
  J["version"] = VCDPOR_VERSION;
  J["program"] = C.Program;
  // A .c input's module: "hit" taken from the compile cache, "miss"
  // compiled (and kept), "off" compiled with --no-cache; null for IR input.
  J["compile_cache"] =
      C.CompileCache.empty() ? json(nullptr) : json(C.CompileCache);
  J["engine"] = C.EngineName;
  J["data_model"] = C.Ptr32 ? "ILP32" : "LP64";
  J["threads"] = C.Workers;
  J["verdict"] = verdictName(R.V);
  if (!R.Limit.empty())
    J["limit"] = R.Limit;
  // The memory limit the run had (null: none), and whether it was the
  // default share of the machine's memory.
  J["max_memory_mb"] =
      C.Explore.MaxMemoryMb > 0 ? json(C.Explore.MaxMemoryMb) : json(nullptr);
  J["max_memory_default"] = C.DefaultMemoryLimit;
  // The engine that ran when the default one refused the program (null:
  // none did).
  J["fallback"] = C.FallbackReason.empty()
                      ? json(nullptr)
                      : json({{"from", "vc"},
                              {"to", "optimal"},
                              {"engine_requested", !C.EngineDefaulted},
                              {"internal_error", C.FallbackInternal},
                              {"reason", refusalText(C.FallbackReason)},
                              {"after_s", C.FallbackAfterS},
                              {"threads_requested", C.RequestedWorkers}});
  // The default portfolio: which engine decided and why bmc ran.
  J["portfolio"] =
      C.PortfolioBmc.empty()
          ? json(nullptr)
          : json({{"first", C.PortfolioFirst},
                  {"why", C.PortfolioWhy},
                  {"decided_by", C.PortfolioBmc == "decided" ? json("bmc")
                                 : C.PortfolioExplicitDecided
                                     ? json(C.PortfolioFirst)
                                     : json(nullptr)},
                  {"bmc", C.PortfolioBmc},
                  {"beside", C.PortfolioBeside},
                  {"explicit_share_s", C.PortfolioExplicitS},
                  {"rerun_s", C.PortfolioRerunS}});
  auto Report = [](const ErrorReport &E) {
    json Err;
    Err["kind"] = std::string(findingKindName(E.F.Kind));
    Err["message"] = E.F.Message;
    Err["thread"] = E.F.Thread;
    Err["location"] = {{"file", E.Where.File}, {"line", E.Where.Line},
                       {"function", E.Where.Function}};
    json Tr = json::array();
    for (const TraceEntry &T : E.Trace) {
      json X;
      X["thread"] = T.Thread;
      X["kind"] = T.Kind;
      if (!T.Object.empty())
        X["object"] = T.Object;
      if (T.HasValue && T.Kind != "rmw")
        X["value"] = T.NumValue;
      else if (!T.Value.empty())
        X["value"] = T.Value;
      if (T.Kind != "output")
        X["location"] = {{"file", T.Src.File}, {"line", T.Src.Line}};
      Tr.push_back(std::move(X));
    }
    Err["trace"] = std::move(Tr);
    return Err;
  };
  J["errors"] = json::array();
  for (const ErrorReport &E : R.Errors)
    J["errors"].push_back(Report(E));
  J["warnings"] = json::array();
  for (const ErrorReport &E : R.Warnings)
    J["warnings"].push_back(Report(E));
  // Whether every execution explored was checked for data races, and what
  // a race counts as.
  J["data_races"] = {
      {"checked", R.RacesChecked},
      {"mode", C.Explore.Races == RaceMode::Off    ? "off"
               : C.Explore.Races == RaceMode::Warn ? "warn"
                                                   : "error"}};
  if (!C.Property.empty())
    J["property"] = C.Property;
  if (C.SvComp)
    J["svcomp"] = svcompResult(C, R);
  J["bounds"] = {{"unroll", C.Unroll ? json(C.Unroll) : json(nullptr)},
                 {"nondet_range", json::array({C.NondetLo, C.NondetHi})},
                 {"nondet_used", R.S.NondetUsed}};
  // Each bound that cut some execution (a "bounded" verdict lists why).
  J["bounds"]["hit"] = json::array();
  if (R.S.NondetUsed)
    J["bounds"]["hit"].push_back("nondet_range");
  if (R.S.Bounded && (R.S.BoundCauses & LoopBound || !R.S.BoundCauses))
    J["bounds"]["hit"].push_back("loop_bound");
  if (R.S.BoundCauses & ThreadLimit)
    J["bounds"]["hit"].push_back("thread_limit");
  if (R.S.BoundCauses & ObjectLimit)
    J["bounds"]["hit"].push_back("object_limit");
  J["stats"] = {{"executions", R.S.Executions}, {"blocked", R.S.Blocked},
                {"bounded", R.S.Bounded},       {"events", R.S.Events},
                {"error_executions", R.S.ErrorExecutions},
                {"time_s", R.S.TimeS},          {"peak_rss_mb", R.S.PeakRssMb}};
  if (C.Explore.Engine == EngineKind::Source || C.Explore.Engine == EngineKind::Optimal) {
    J["stats"]["sleep_blocked"] = R.S.SleepBlocked;
    J["stats"]["multi_location_awaits"] = R.S.MultiLocationAwaits;
    J["stats"]["may_exit"] = R.S.MayExit;
  }
  if (R.S.Symbolic) {
    J["bounds"]["unroll"] = R.S.SmtBound;
    J["bounds"]["nondet_range"] = nullptr; // every value of its type
    J["bounds"]["complete"] = R.S.SmtComplete;
    J["stats"]["smt"] = {{"bound", R.S.SmtBound},
                         {"complete", R.S.SmtComplete},
                         {"threads", R.S.SmtThreads},
                         {"events", R.S.SmtEvents},
                         {"reads", R.S.SmtReads},
                         {"rf_variables", R.S.SmtRfVars},
                         {"checks", R.S.SmtChecks},
                         {"terms", R.S.SmtTerms},
                         {"queries", R.S.SmtQueries},
                         {"solver_s", R.S.SmtSolverS}};
    if (C.SolverGiven || C.Solver != BmcSolver::Z3)
      J["stats"]["solver"] = {
          {"name", C.Solver == BmcSolver::Acdlp ? "acdlp" : "z3"},
          {"decisions", R.S.SolverDecisions},
          {"propagations", R.S.SolverPropagations},
          {"conflicts", R.S.SolverConflicts},
          {"learned", R.S.SolverLearned},
          {"restarts", R.S.SolverRestarts},
          {"solver_s", R.S.SmtSolverS},
          {"unsat_confirmed", R.S.SolverConfirmed},
          {"confirm_s", R.S.SolverConfirmS}};
    if (C.BmcMode != BmcEngine::Monolithic)
      J["stats"]["refinement"] = {{"iterations", R.S.SmtRefinements},
                                  {"kernel_reasons_found", R.S.SmtKernelFound},
                                  {"kernel_reasons_kept", R.S.SmtKernelKept},
                                  {"scheduling_constraints_added", R.S.SmtLazy},
                                  {"order_conflicts", R.S.SmtConflicts},
                                  {"propagations", R.S.SmtPropagations},
                                  {"graph_s", R.S.SmtGraphS},
                                  {"solver_s", R.S.SmtSolverS}};
  }
  if (C.Explore.CountHbClasses)
    J["stats"]["hb_classes"] = R.S.HbClasses;
  if (C.Explore.CountVhbClasses) {
    J["stats"]["vhb_classes"] = R.S.VhbClasses;
    J["stats"]["vc_classes"] = R.S.VcClasses;
  }
  if (C.Explore.CountLocalBehaviours) {
    J["stats"]["local_behaviours"] = R.S.LocalBehaviours;
    char Digest[20];
    std::snprintf(Digest, sizeof Digest, "%016llx",
                  (unsigned long long)R.S.LocalDigest);
    J["stats"]["local_digest"] = Digest;
  }
  if (C.Explore.Engine == EngineKind::VC && !C.Bmc) {
    J["root_thread"] = R.S.RootThread;
    J["stats"]["closure_calls"] = R.S.ClosureCalls;
    J["stats"]["closure_failures"] = R.S.ClosureFailures;
    J["stats"]["replays"] = R.S.Replays;
    J["stats"]["continued"] = R.S.Continued;
    J["stats"]["rebased"] = R.S.Rebased;
    J["stats"]["redundant_classes"] = R.S.RedundantClasses;
    J["stats"]["unique_classes"] = R.S.UniqueClasses;
    J["stats"]["interp_time_s"] = R.S.InterpTimeS;
    J["stats"]["closure_time_s"] = R.S.ClosureTimeS;
    J["stats"]["merged_write_orders"] = R.S.MergedWriteOrders;
    J["stats"]["unread_locations"] = R.S.UnreadLocations;
    J["stats"]["empty_siblings"] = R.S.EmptySiblings;
    J["stats"]["handed_off"] = R.S.HandedOff;
    J["stats"]["handed_off_orderings"] = R.S.HandedOffOrderings;
  }
  std::string Text = J.dump(2) + "\n";
  if (C.JsonPath == "-") {
    std::cout << Text;
    return true;
  }
  std::ofstream F(C.JsonPath);
  if (!F) {
    Error = C.JsonPath + ": cannot write the JSON report";
    return false;
  }
  F << Text;
  return true;
}

} // namespace vcdpor
