//===- chc/Refine.h - Removing infeasible derivations ------------*- C++
//-*-===//
//
// A clause set as a tree automaton (states: its predicates and false; one
// transition per clause), the automata of infeasible derivations (the one
// derivation, RAHFT; the interpolant tree automaton, RAHIT), and the clause
// set rebuilt from their difference: each predicate split by the subset of
// the removed automaton's states its derivations reach.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_REFINE_H
#define VCDPOR_CHC_REFINE_H

#include "chc/Smt.h"
#include "chc/TreeAutomaton.h"

namespace vcdpor {

/// A clause set in the refinement sequence. Invariants: Base[c] is the
/// input clause that clause c copies (same constraint); OrigPred[p] the
/// input predicate p splits; Label[p] a formula every derivation of p
/// satisfies (a conjunction of interpolants; True for RAHFT).
struct Level {
  ClauseSet P;
  std::vector<unsigned> Base;
  std::vector<unsigned> OrigPred;
  std::vector<FormulaId> Label;
};

Level initialLevel(const ClauseSet &S);

/// States 0..N-1 the predicates, N false (the only final state).
TreeAutomaton programAutomaton(const ClauseSet &S);
Tree toTree(const Derivation &D);

/// The automaton accepting exactly D (one state per node; the root final).
TreeAutomaton derivationAutomaton(const Derivation &D);

/// The interpolant tree automaton of the infeasible derivation D: states
/// the (predicate, interpolant) pairs of D's nodes, transitions every
/// clause whose constraint with the children's interpolants implies the
/// target's (checked by Z3). Label[q] is state q's interpolant. False when
/// interpolation failed or the automaton does not accept D.
bool interpolantAutomaton(Smt &Z, const ClauseSet &S, const Derivation &D,
                          TreeAutomaton &B, std::vector<FormulaId> &Label);

/// The clauses of L minus the language of B. BLabel (RAHIT) labels B's
/// states; each new predicate's label conjoins its subset's labels.
/// Dropped[p] receives the labels of split predicates that lead to no
/// query (input predicate p). False when the product exceeds MaxStates.
bool removeLanguage(const Level &L, const TreeAutomaton &B,
                    const std::vector<FormulaId> *BLabel, Smt &Z,
                    size_t MaxStates, Level &Out,
                    std::vector<std::vector<FormulaId>> &Dropped,
                    size_t &ProductStates);

} // namespace vcdpor

#endif
