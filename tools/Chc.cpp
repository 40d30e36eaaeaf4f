//===- tools/Chc.cpp - The driver of --engine=chc
//---------------------------===//
//
// Reads a CHC-COMP file, runs the chc engine and prints its verdict in the
// tool's words (satisfiable clauses: no errors; false derivable: an
// error), with the model or the derivation in --json.
//
//===----------------------------------------------------------------------===//
#include "tools/Chc.h"

#include "chc/Chc.h"
#include "chc/FromProgram.h"
#include "dpor/Explorer.h"
#include "interpreter/Executor.h"
#include "interpreter/Program.h"
#include "tools/TraceView.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

using namespace vcdpor;

namespace {
const char *answerName(ChcVerdict V) {
  switch (V) {
  case ChcVerdict::Sat:
    return "sat";
  case ChcVerdict::Unsat:
    return "unsat";
  case ChcVerdict::Unknown:
    return "unknown";
  }
  return "unknown";
}

nlohmann::json statsJson(const ChcStats &S) {
  return {{"iterations", S.Iterations},
          {"refinements", S.Refinements},
          {"interpolation_failures", S.InterpolationFailures},
          {"max_refiner_automaton_states", S.MaxRefinerStates},
          {"max_difference_automaton_states", S.MaxProductStates},
          {"clauses", S.Clauses},
          {"predicates", S.Preds},
          {"polyhedra_operations", S.Abs.PolyOps},
          {"widening_points", S.Abs.WideningPoints},
          {"widenings", S.Abs.Widenings},
          {"sweeps", S.Abs.Sweeps},
          {"solver_queries", S.SolverQueries},
          {"abstract_interpretation_s", S.AbsTimeS},
          {"solver_s", S.SolverTimeS},
          {"total_s", S.TotalTimeS}};
}

/// What a C program's answer is, past the clauses' verdict.
struct CAnswer {
  std::string Verdict; ///< safe, error, unknown
  std::string Text;    ///< the verdict line(s)
  std::string Limit;   ///< unknown: why
  std::vector<int64_t> Nondets;
  bool HasReport = false;
  ErrorReport Report;
  std::string OverflowAt; ///< the overflow query's description
};

std::string where(const SourceLoc &S) {
  return S.Line ? S.File + ":" + std::to_string(S.Line) : S.File;
}

/// Prints the verdict, the statistics and --json; the exit code.
int report(const ChcRun &Run, size_t NClauses, size_t NPreds,
           const ChcResult &R, const CAnswer *C, const ChcProgram *CP) {
  const ChcStats &St = R.S;
  if (Run.JsonPath != "-") {
    std::printf("vcdpor %s — engine chc (%s refinement), 1 worker\n",
                VCDPOR_VERSION, Run.Refine.c_str());
    std::printf("Clauses: %zu (%zu predicates) from %s", NClauses, NPreds,
                Run.Program.c_str());
    if (CP)
      std::printf(" (%u error queries, %u overflow queries, %zu globals)",
                  CP->ErrorQueries, CP->OverflowQueries, CP->Globals.size());
    std::printf("\n");
    if (C) {
      std::printf("%s", C->Text.c_str());
      if (C->HasReport) {
        const ErrorReport &E = C->Report;
        std::printf("Error: %s: %s   (%s in %s)\n",
                    std::string(findingKindName(E.F.Kind)).c_str(),
                    E.F.Message.c_str(), where(E.Where).c_str(),
                    E.Where.Function.c_str());
        std::printf("Trace (thread: event @ source):\n");
        size_t Skip = E.Trace.size() > 60 ? E.Trace.size() - 60 : 0;
        if (Skip)
          std::printf("  ... %zu earlier events\n", Skip);
        for (size_t I = Skip; I < E.Trace.size(); ++I) {
          std::string Line = "  T" + std::to_string(E.Trace[I].Thread) + ": " +
                             traceEntryText(E.Trace[I]);
          while (Line.size() < 44)
            Line.push_back(' ');
          std::printf("%s %s\n", Line.c_str(), where(E.Trace[I].Src).c_str());
        }
        std::printf("  T0: error: %s   %s\n", E.F.Message.c_str(),
                    where(E.Where).c_str());
      }
    } else {
      switch (R.V) {
      case ChcVerdict::Sat:
        std::printf("No errors found (the clauses are satisfiable: a model "
                    "checked by Z3 against the %s).\n",
                    R.ModelOfFile    ? "input clauses and the file's assertions"
                    : R.ModelOfInput ? "input clauses"
                                     : "refined clauses");
        break;
      case ChcVerdict::Unsat:
        std::printf("Error: false is derivable: a derivation of %zu clauses, "
                    "its constraints satisfiable (checked by Z3%s).\n",
                    R.Cex.size(),
                    R.CexOfFile ? " on the clauses and on the file's assertions"
                                : "");
        for (size_t I = 0; I < R.Cex.size() && I < 40; ++I) {
          const ChcDerivationNode &N = R.Cex[I];
          std::printf("  #%zu %s by assertion %u", I, N.Head.c_str(),
                      N.Assertion + 1);
          for (unsigned Ch : N.Children)
            std::printf(" #%u", Ch);
          std::printf("\n");
        }
        break;
      case ChcVerdict::Unknown:
        std::printf("Unknown: %s.\n", R.Reason.c_str());
        break;
      }
    }
    std::printf("CHC: iterations %u   refinements %u   automaton states %zu "
                "(difference %zu)   clauses %zu   predicates %zu\n",
                St.Iterations, St.Refinements, St.MaxRefinerStates,
                St.MaxProductStates, St.Clauses, St.Preds);
    std::printf("Polyhedra: operations %llu   widening points %llu   "
                "widenings %llu   sweeps %llu\n",
                (unsigned long long)St.Abs.PolyOps,
                (unsigned long long)St.Abs.WideningPoints,
                (unsigned long long)St.Abs.Widenings,
                (unsigned long long)St.Abs.Sweeps);
    std::printf("Time: %.2f s (abstract interpretation %.2f s, solver %.2f "
                "s in %llu queries)\n",
                St.TotalTimeS, St.AbsTimeS, St.SolverTimeS,
                (unsigned long long)St.SolverQueries);
    std::printf("CHC result: %s\n", answerName(R.V));
  }
  std::string Verdict = C                          ? C->Verdict
                        : R.V == ChcVerdict::Sat   ? "safe"
                        : R.V == ChcVerdict::Unsat ? "error"
                                                   : "unknown";
  if (!Run.JsonPath.empty()) {
    nlohmann::json J;
    J["tool"] = "vcdpor";
    J["version"] = VCDPOR_VERSION;
    J["program"] = Run.Program;
    J["engine"] = "chc";
    J["refinement"] = Run.Refine;
    J["verdict"] = Verdict;
    J["chc_result"] = answerName(R.V);
    if (Verdict == "unknown")
      J["limit"] = C ? C->Limit : R.Reason;
    if (C && Verdict == "safe")
      J["unbounded"] = true;
    if (R.V == ChcVerdict::Sat) {
      nlohmann::json M = nlohmann::json::array();
      for (auto &[Name, Def] : R.Model)
        M.push_back({{"predicate", Name}, {"definition", Def}});
      J["model"] = M;
      J["model_checked_against"] = R.ModelOfFile    ? "file"
                                   : R.ModelOfInput ? "input"
                                                    : "refined";
    }
    if (R.V == ChcVerdict::Unsat) {
      nlohmann::json D = nlohmann::json::array();
      for (const ChcDerivationNode &N : R.Cex)
        D.push_back({{"head", N.Head},
                     {"assertion", N.Assertion + 1},
                     {"clause", N.Clause},
                     {"children", N.Children}});
      J["derivation"] = D;
      J["derivation_checked_against"] = R.CexOfFile ? "file" : "input";
    }
    if (C && R.V == ChcVerdict::Unsat) {
      J["nondet_values"] = C->Nondets;
      if (!C->OverflowAt.empty())
        J["overflow"] = C->OverflowAt;
    }
    if (C && C->HasReport) {
      nlohmann::json E;
      E["kind"] = std::string(findingKindName(C->Report.F.Kind));
      E["message"] = C->Report.F.Message;
      E["file"] = C->Report.Where.File;
      E["line"] = C->Report.Where.Line;
      E["confirmed_by"] = "interpreter";
      J["errors"] = nlohmann::json::array({E});
    }
    if (CP) {
      J["wrap_around"] = Run.Wrap ? "modelled" : "overflow queries";
      J["error_queries"] = CP->ErrorQueries;
      J["overflow_queries"] = CP->OverflowQueries;
    }
    J["stats"] = statsJson(St);
    if (Run.JsonPath == "-") {
      std::cout << J.dump(2) << "\n";
    } else {
      std::ofstream F(Run.JsonPath);
      if (!F) {
        std::fprintf(stderr, "vcdpor: error: cannot write %s\n",
                     Run.JsonPath.c_str());
        return 2;
      }
      F << J.dump(2) << "\n";
    }
  }
  return Verdict == "safe" ? 0 : Verdict == "error" ? 1 : 3;
}

ChcOptions options(const ChcRun &Run) {
  ChcOptions O;
  O.Refine = Run.Refine == "rahft" ? Refinement::Rahft : Refinement::Rahit;
  O.TimeoutS = Run.TimeoutS;
  O.MaxIterations = Run.MaxIterations;
  O.LeakSolver = true; // the tool exits after the report
  return O;
}

/// Runs P on the interpreter with the nondet values Seq, in order; true
/// when it ends at an error (Out its report), else Why says where.
bool replay(const Program &P, const std::vector<int64_t> &Seq, double TimeoutS,
            ErrorReport &Out, std::string &Why) {
  ExecOptions EO;
  Executor Ex(P, EO);
  auto Start = std::chrono::steady_clock::now();
  double Budget = TimeoutS > 0 ? TimeoutS : 60;
  Ex.setStopCheck([&](uint64_t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
               .count() > Budget;
  });
  Ex.reset();
  std::vector<Event> Trace;
  size_t K = 0;
  while (Ex.end() == ExecutionEnd::Running && Ex.enabled(0)) {
    if (Ex.pending(0).Kind == EventKind::Nondet) {
      if (K >= Seq.size()) {
        Why = "the execution draws more nondet values than the "
              "derivation gives";
        return false;
      }
      Ex.forceNondet(0, uint64_t(Seq[K++]));
    }
    Trace.push_back(Ex.step(0, 0));
  }
  if (Ex.end() == ExecutionEnd::Error && Ex.finding() &&
      Ex.finding()->Kind != FindingKind::UnsupportedAtRuntime) {
    Out = makeReport(Ex, Trace);
    return true;
  }
  Why = Ex.end() == ExecutionEnd::Interrupted
            ? "the replay ran out of time"
            : "the interpreter's execution with those values ends without "
              "an error";
  return false;
}
} // namespace

int vcdpor::runChc(const ChcRun &Run) {
  ClauseSet S;
  std::string Err;
  if (!parseChcFile(Run.Program, S, Err)) {
    std::fprintf(stderr, "vcdpor: error: %s\n", Err.c_str());
    return 2;
  }
  ChcResult R = solveChc(S, options(Run));
  return report(Run, S.Clauses.size(), S.Preds.size(), R, nullptr, nullptr);
}

int vcdpor::runChcProgram(const ChcRun &Run, const Program &P) {
  ChcProgram CP;
  std::string Err;
  ChcEncodeOptions EO;
  EO.Wrap = Run.Wrap;
  if (!encodeProgram(P, CP, Err, EO)) {
    std::fprintf(stderr, "vcdpor: error: %s: %s\n", Run.Program.c_str(),
                 Err.c_str());
    return 2;
  }
  if (!Run.EmitPath.empty()) {
    std::ofstream F(Run.EmitPath);
    if (!(F << CP.S.Source)) {
      std::fprintf(stderr, "vcdpor: error: cannot write %s\n",
                   Run.EmitPath.c_str());
      return 2;
    }
  }
  ChcResult R = solveChc(CP.S, options(Run));
  CAnswer A;
  switch (R.V) {
  case ChcVerdict::Sat:
    A.Verdict = "safe";
    A.Text =
        std::string("No errors found: a proof for every input and every number "
                    "of loop iterations (an inductive invariant per program "
                    "point, checked by Z3 against the clauses), ") +
        (Run.Wrap ? "wrap-around modelled exactly (overflow queries "
                    "at 64 bits show none there).\n"
                  : "with integers that never wrap around, which the "
                    "overflow queries show.\n");
    break;
  case ChcVerdict::Unknown:
    A.Verdict = "unknown";
    A.Limit = R.Reason;
    A.Text = "Unknown: " + R.Reason + ".\n";
    break;
  case ChcVerdict::Unsat: {
    const ChcClauseInfo &Root = CP.Info[R.Cex[0].Clause];
    std::string Why;
    std::vector<int64_t> Seq;
    bool HaveSeq = nondetSequence(CP, R.Cex, R.CexValues, Seq, Why);
    A.Nondets = Seq;
    std::string Vals;
    for (size_t I = 0; I < Seq.size() && I < 20; ++I)
      Vals += (I ? ", " : "") + std::to_string(Seq[I]);
    if (Seq.size() > 20)
      Vals += ", ...";
    SourceLoc L;
    if (Root.Loc && Root.Loc < P.Locs.size())
      L = SourceLoc{P.Files[P.Locs[Root.Loc].File], P.Locs[Root.Loc].Line,
                    P.FuncNames[P.Locs[Root.Loc].Func]};
    if (Root.K == ChcClauseInfo::Overflow) {
      A.Verdict = "unknown";
      A.OverflowAt = Root.What + " at " + where(L);
      A.Limit = "the program may wrap around (" + A.OverflowAt +
                "); chc models integers without wrap-around";
      A.Text = "Unknown: " + A.Limit + ". Nondet values reaching it: " +
               (Vals.empty() ? "none" : Vals) + ".\n";
      break;
    }
    ErrorReport E;
    if (HaveSeq && replay(P, Seq, Run.TimeoutS, E, Why)) {
      A.Verdict = "error";
      A.HasReport = true;
      A.Report = E;
      A.Text = "A derivation of false of " + std::to_string(R.Cex.size()) +
               " clauses (" + Root.What + " at " + where(L) +
               "), confirmed by the interpreter with nondet values: " +
               (Vals.empty() ? "none" : Vals) + ".\n";
      break;
    }
    A.Verdict = "unknown";
    A.Limit = "a derivation of false (" + Root.What + " at " + where(L) +
              ") not confirmed by the interpreter: " + Why;
    A.Text = "Unknown: " + A.Limit + ".\n";
    break;
  }
  }
  return report(Run, CP.S.Clauses.size(), CP.S.Preds.size(), R, &A, &CP);
}
