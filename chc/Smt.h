//===- chc/Smt.h - The engine's questions to Z3 ------------------*- C++
//-*-===//
//
// Every question the engine asks an SMT solver: is a derivation feasible,
// is a model a model, is a transition of an interpolant automaton valid,
// what are a derivation's tree interpolants (Z3's Spacer). Formulas over a
// predicate's arguments are kept inside (no Z3 type in this header) and
// named by a FormulaId; argument i of a predicate is the constant a<i>.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_SMT_H
#define VCDPOR_CHC_SMT_H

#include "chc/Abstract.h"

#include <memory>
#include <string>
#include <vector>

namespace vcdpor {

enum class Answer { Yes, No, Unknown };
using FormulaId = unsigned;

class Smt {
public:
  /// Deadline: seconds since the epoch of steady_clock after which every
  /// query answers Unknown (0: none).
  explicit Smt(double DeadlineS = 0);
  /// Now, on the clock of DeadlineS.
  static double nowS();
  ~Smt();
  Smt(const Smt &) = delete;
  Smt &operator=(const Smt &) = delete;

  static constexpr FormulaId True = 0;
  static constexpr FormulaId False = 1;
  FormulaId polyhedron(const Polyhedron &P);
  FormulaId conj(FormulaId A, FormulaId B);
  FormulaId disj(const std::vector<FormulaId> &Fs);
  /// The linear constraints among F's top-level conjuncts (over argument
  /// i as variable i): what F implies that a polyhedron can hold.
  std::vector<LinCons> linearPart(FormulaId F);
  /// SMT-LIB text of F, its arguments named Names[i] (a<i> when absent).
  std::string text(FormulaId F, const std::vector<std::string> &Names = {});

  /// Is the derivation's conjunction of constraints satisfiable?
  Answer feasible(const ClauseSet &S, const Derivation &D);
  /// The same, and when feasible the values of a model: Values[n][v] is
  /// variable v of the clause of node n (preorder); a value Z3 cannot give
  /// as a 64-bit integer is left out (the node's vector ends before it).
  Answer feasible(const ClauseSet &S, const Derivation &D,
                  std::vector<std::vector<int64_t>> &Values);
  /// Is M (a formula per predicate) a model of every clause? On No, Why
  /// names the first clause it violates.
  Answer isModel(const ClauseSet &S, const std::vector<FormulaId> &M,
                 std::string &Why);
  /// The same check against the assertions of the CHC-COMP file Text as
  /// Z3 parses it (not through the engine's own clauses): each predicate
  /// named S.Preds[i].Name replaced by M[i] (a Bool argument as 1 or 0).
  Answer isModelOfText(const std::string &Text, const ClauseSet &S,
                       const std::vector<FormulaId> &M, std::string &Why);
  /// Is the derivation D of S (each node's clause from the assertion its
  /// Origin names) feasible under Z3's own reading of the file Text: each
  /// node the assertion's body constraint with fresh variables, its body
  /// atoms' argument terms equal to its children's head arguments?
  Answer feasibleInText(const std::string &Text, const ClauseSet &S,
                        const Derivation &D, std::string &Why);
  /// Does C's constraint with Body[i]'s arguments in BodyF[i] imply HeadF
  /// of the head's arguments (HeadF False for a query)?
  Answer implies(const Clause &C, const std::vector<FormulaId> &BodyF,
                 FormulaId HeadF);
  /// Tree interpolants of an infeasible derivation, one per node in
  /// preorder (the root's is False): a solution of the derivation's
  /// clauses, one fresh predicate per node, by Spacer. False on failure.
  bool interpolants(const ClauseSet &S, const Derivation &D,
                    std::vector<FormulaId> &Out);

  double SolverTimeS = 0; ///< time spent in Z3
  uint64_t Queries = 0;

private:
  struct Impl;
  std::unique_ptr<Impl> I;
};

} // namespace vcdpor

#endif
