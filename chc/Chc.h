//===- chc/Chc.h - The Horn clause engine ------------------------*- C++
//-*-===//
//
// --engine=chc: constrained Horn clauses proved satisfiable (the program
// safe) by abstract interpretation over convex polyhedra, refined by
// removing infeasible derivations of false from the clauses' derivation
// tree automaton: one derivation at a time (RAHFT) or its generalisation
// into an interpolant tree automaton (RAHIT; Kafle and Gallagher). Every
// answer carries a certificate Z3 has checked: a model of the clauses, or
// a derivation of false whose constraints are satisfiable.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_CHC_H
#define VCDPOR_CHC_CHC_H

#include "chc/Abstract.h"
#include "chc/Clauses.h"

#include <string>
#include <vector>

namespace vcdpor {

enum class ChcVerdict {
  Sat,    ///< a model exists: the program is safe
  Unsat,  ///< false is derivable: the program is unsafe
  Unknown ///< Reason says why
};

enum class Refinement { Rahit, Rahft };

struct ChcOptions {
  Refinement Refine = Refinement::Rahit;
  double TimeoutS = 0; ///< 0: none
  unsigned MaxIterations = 500;
  unsigned WideningDelay = 3;
  size_t MaxClauses = 20000; ///< of a refined clause set
  /// Do not delete the solver's context at the end (it can take as long as
  /// the run): for a caller that exits right after, never for a library
  /// user that solves again.
  bool LeakSolver = false;
};

struct ChcStats {
  unsigned Iterations = 0; ///< abstract interpretations run
  unsigned Refinements = 0;
  size_t MaxRefinerStates = 0;   ///< largest interpolant/derivation automaton
  size_t MaxProductStates = 0;   ///< largest difference automaton
  size_t Clauses = 0, Preds = 0; ///< of the last clause set analysed
  unsigned InterpolationFailures = 0; ///< fell back to the one derivation
  AbsStats Abs;                       ///< summed over iterations
  double AbsTimeS = 0, SolverTimeS = 0, TotalTimeS = 0;
  uint64_t SolverQueries = 0;
};

/// One node of a derivation of false, in preorder; Children index Nodes.
struct ChcDerivationNode {
  unsigned Clause = 0;    ///< in the ClauseSet solved
  unsigned Assertion = 0; ///< the input assertion (0-based)
  std::string Head;       ///< the head predicate, "false" at the root
  std::vector<unsigned> Children;
};

struct ChcResult {
  ChcVerdict V = ChcVerdict::Unknown;
  std::string Reason;
  /// Sat: one (predicate, SMT-LIB define-fun) per predicate.
  std::vector<std::pair<std::string, std::string>> Model;
  /// Sat: true when Z3 checked the model against the input clauses; false
  /// when against the refined clauses only (RAHFT, whose removed
  /// derivations were each checked infeasible).
  bool ModelOfInput = false;
  /// With ModelOfInput: also checked against the file's assertions as Z3's
  /// parser reads them (ClauseSet::Source), independently of chc/Parse.
  bool ModelOfFile = false;
  std::vector<ChcDerivationNode> Cex; ///< Unsat
  /// Unsat: a model of the derivation, CexValues[n][v] the value of
  /// variable v of node n's clause (Smt::feasible).
  std::vector<std::vector<int64_t>> CexValues;
  /// Unsat: the derivation was also found feasible on the file's
  /// assertions as Z3's parser reads them (ClauseSet::Source).
  bool CexOfFile = false;
  ChcStats S;
};

ChcResult solveChc(const ClauseSet &S, const ChcOptions &O);

} // namespace vcdpor

#endif
