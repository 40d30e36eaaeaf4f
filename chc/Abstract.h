//===- chc/Abstract.h - Polyhedral abstract interpretation ------*- C++ -*-===//
//
// The least fixpoint of the clauses' immediate-consequence operator,
// over-approximated by one convex polyhedron per predicate (the Parma
// Polyhedra Library, in Abstract.cpp only): Gauss-Seidel sweeps, BHRZ03
// widening at the targets of back edges of the predicate dependency graph
// after a delay (limited by the clauses' guards), then descending
// (narrowing) sweeps without widening until stable or Narrowing of them.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_ABSTRACT_H
#define VCDPOR_CHC_ABSTRACT_H

#include "chc/Clauses.h"

#include <functional>
#include <memory>
#include <optional>

namespace vcdpor {

/// A convex polyhedron over a predicate's arguments (variable i is
/// argument i). Empty: the bottom element, Cons then unused.
struct Polyhedron {
  bool Empty = true;
  std::vector<LinCons> Cons;
  /// A constraint PPL computed did not fit 64-bit coefficients and was
  /// left out: the polyhedron is then weaker than the one computed.
  bool Weakened = false;
};

/// A derivation tree: the clause at the root, one subtree per body atom
/// in order (Children[i] derives Body[i]).
struct Derivation {
  unsigned Clause = 0;
  std::vector<Derivation> Children;
  size_t size() const;
};

struct AbsOptions {
  unsigned WideningDelay = 3; ///< updates of a widening point before widening
  unsigned Narrowing = 8;     ///< most descending sweeps after the fixpoint
  size_t MaxDerivationNodes = 20000;
  std::function<bool()> Stop; ///< polled between clauses: give up when true
};

struct AbsStats {
  uint64_t PolyOps = 0;   ///< PPL operations (add, hull, project, widen, test)
  uint64_t Widenings = 0; ///< widening steps applied
  uint64_t WideningPoints = 0;
  uint64_t Sweeps = 0;
};

struct AbsResult {
  std::vector<Polyhedron> Inv; ///< per predicate
  /// A derivation of false whose query clause is satisfiable in the
  /// abstraction; none: Inv satisfies every clause (over the rationals).
  std::optional<Derivation> Cex;
  bool Stopped = false;  ///< Options.Stop answered true
  bool TooLarge = false; ///< the derivation exceeded MaxDerivationNodes
};

AbsResult analyse(const ClauseSet &S, const AbsOptions &O, AbsStats &Stats);

} // namespace vcdpor

#endif
