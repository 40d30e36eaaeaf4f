//===- chc/TreeAutomaton.h - Bottom-up finite tree automata ------*- C++
//-*-===//
//
// Finite tree automata over a ranked alphabet of symbols (the engine's
// symbols are clauses; a symbol's rank is its number of body atoms). A
// transition f(q1, ..., qn) -> q reads a node labelled f whose children
// reached q1..qn. Used to represent the derivations of a clause set and to
// remove sets of infeasible derivations from them.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_TREEAUTOMATON_H
#define VCDPOR_CHC_TREEAUTOMATON_H

#include <cstddef>
#include <vector>

namespace vcdpor {

struct TaTransition {
  unsigned Symbol = 0;
  std::vector<unsigned> Children;
  unsigned Target = 0;
};

struct TreeAutomaton {
  unsigned NumStates = 0;
  std::vector<bool> Final; ///< by state
  std::vector<TaTransition> Delta;
  unsigned addState(bool IsFinal = false) {
    Final.push_back(IsFinal);
    return NumStates++;
  }
};

/// A ground tree over the alphabet.
struct Tree {
  unsigned Symbol = 0;
  std::vector<Tree> Children;
};

/// The states reached by T (bottom-up, nondeterministically).
std::vector<bool> reach(const TreeAutomaton &A, const Tree &T);
bool accepts(const TreeAutomaton &A, const Tree &T);

/// States from which some tree is accepted at all (bottom-up reachable).
std::vector<bool> reachableStates(const TreeAutomaton &A);
bool isEmpty(const TreeAutomaton &A);

/// The product automaton (intersection); state (a, b) is a * B.NumStates + b
/// among those reachable, mapped through Pair.
struct Product {
  TreeAutomaton A;
  std::vector<std::pair<unsigned, unsigned>> Pair; ///< state -> (a, b)
};
Product intersect(const TreeAutomaton &A, const TreeAutomaton &B);

/// A minus B: A in product with the subset construction of B (its
/// determinisation, complemented by the finality test). State s stands for
/// (Left[s], Subset[s]): a state of A and the set of B's states the same
/// trees reach. Only bottom-up reachable states are built; false (with R
/// partial) when more than MaxStates would be needed.
struct Difference {
  TreeAutomaton A;
  std::vector<unsigned> Left;
  std::vector<std::vector<unsigned>> Subset; ///< sorted
};
bool difference(const TreeAutomaton &A, const TreeAutomaton &B, Difference &R,
                size_t MaxStates = 100000);

/// Keeps only states from which a final state can be reached upwards
/// (co-reachable) and that are reachable; Kept[s] tells which survived
/// (Renumber[s] their new number).
TreeAutomaton trim(const TreeAutomaton &A, std::vector<int> &Renumber);

} // namespace vcdpor

#endif
