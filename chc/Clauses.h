//===- chc/Clauses.h - Constrained Horn clauses over integers ----*- C++
//-*-===//
//
// The engine's own clause representation: predicates over integers (Bool
// arguments are integers in 0..1), clauses `body atoms /\ constraint ->
// head` whose constraint is a conjunction of linear (in)equalities. A
// clause of the input with a disjunctive constraint becomes one clause per
// disjunct (Clause::Origin names the input assertion). No Z3 or PPL type
// appears here.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_CLAUSES_H
#define VCDPOR_CHC_CLAUSES_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace vcdpor {

/// sum Coeffs[v] * x_v + Const, over a clause's variables.
struct LinExpr {
  std::map<unsigned, int64_t> Coeffs; ///< no zero coefficient is stored
  int64_t Const = 0;
};

/// E = 0 (Eq) or E >= 0 (Ge). Strict inequalities over integers are
/// stored as E - 1 >= 0.
struct LinCons {
  LinExpr E;
  bool Eq = false;
};

/// A constraint in negation normal form: a conjunction (And) or disjunction
/// (Or) of Kids, or the linear constraint Leaf.
struct LinFormula {
  enum Kind { And, Or, Leaf } K = And;
  std::vector<LinFormula> Kids;
  LinCons Atom;
};

struct Predicate {
  std::string Name;
  unsigned Arity = 0;
};

/// Pred applied to distinct variables of the clause.
struct Atom {
  unsigned Pred = 0;
  std::vector<unsigned> Args;
};

/// A clause over variables 0..NumVars-1. Invariant: the head's arguments
/// are the variables 0..arity-1 in order; every argument of every atom is a
/// variable of its own (argument terms became equalities of Cons).
struct Clause {
  static constexpr unsigned False = ~0u;
  unsigned Head = False; ///< a predicate, or False for a query
  std::vector<Atom> Body;
  std::vector<LinCons> Cons;
  unsigned NumVars = 0;
  unsigned Origin = 0; ///< the input assertion it comes from (0-based)
  /// Set for a constraint too disjunctive to split into clauses: the
  /// constraint is *Exact, and Cons only a convex over-approximation of it
  /// (its top-level conjuncts), which the abstract interpretation uses.
  std::shared_ptr<const LinFormula> Exact;
  bool isQuery() const { return Head == False; }
};

struct ClauseSet {
  std::vector<Predicate> Preds;
  std::vector<Clause> Clauses;
  /// The text parsed (empty for clause sets built otherwise): a model is
  /// also checked against Z3's own reading of it.
  std::string Source;
};

/// The clauses of a CHC-COMP file (SMT-LIB 2, logic HORN, linear integer
/// arithmetic). On failure, false with Error naming the construct refused
/// or the parse error.
bool parseChcFile(const std::string &Path, ClauseSet &Out, std::string &Error);
/// The same for the text of such a file (tests).
bool parseChcString(const std::string &Text, ClauseSet &Out,
                    std::string &Error);

/// SMT-LIB text of E over names x0, x1, ... (or Names[v] when given).
std::string toString(const LinCons &C,
                     const std::vector<std::string> *Names = nullptr);

} // namespace vcdpor

#endif
