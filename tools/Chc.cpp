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

#include <nlohmann/json.hpp>

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
} // namespace

int vcdpor::runChc(const ChcRun &Run) {
  ClauseSet S;
  std::string Err;
  if (!parseChcFile(Run.Program, S, Err)) {
    std::fprintf(stderr, "vcdpor: error: %s\n", Err.c_str());
    return 2;
  }
  ChcOptions O;
  O.Refine = Run.Refine == "rahft" ? Refinement::Rahft : Refinement::Rahit;
  O.TimeoutS = Run.TimeoutS;
  O.MaxIterations = Run.MaxIterations;
  ChcResult R = solveChc(S, O);
  const ChcStats &St = R.S;
  if (Run.JsonPath != "-") {
    std::printf("vcdpor %s — engine chc (%s refinement), 1 worker\n",
                VCDPOR_VERSION, Run.Refine.c_str());
    std::printf("Clauses: %zu (%zu predicates) from %s\n", S.Clauses.size(),
                S.Preds.size(), Run.Program.c_str());
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
        for (unsigned C : N.Children)
          std::printf(" #%u", C);
        std::printf("\n");
      }
      break;
    case ChcVerdict::Unknown:
      std::printf("Unknown: %s.\n", R.Reason.c_str());
      break;
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
  if (!Run.JsonPath.empty()) {
    nlohmann::json J;
    J["tool"] = "vcdpor";
    J["version"] = VCDPOR_VERSION;
    J["program"] = Run.Program;
    J["engine"] = "chc";
    J["refinement"] = Run.Refine;
    J["verdict"] = R.V == ChcVerdict::Sat     ? "safe"
                   : R.V == ChcVerdict::Unsat ? "error"
                                              : "unknown";
    J["chc_result"] = answerName(R.V);
    if (R.V == ChcVerdict::Unknown)
      J["limit"] = R.Reason;
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
  return R.V == ChcVerdict::Sat ? 0 : R.V == ChcVerdict::Unsat ? 1 : 3;
}
