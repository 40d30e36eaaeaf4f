//===- bmc/OrderGraph.h - Event order graphs and kernel reasons --*- C++
//-*-===//
//
// The event order graph of scheduling-constraint abstraction refinement
// (paper 000, Yogar-CBMC), free of Z3 so that it can be tested on its own.
// Nodes are events; an edge a -> b says "a happens before b" under each of
// its reasons, a reason being a set of literal ids (what the caller means by
// a literal is its own business: a guard, a reads-from choice). Program
// order edges have the empty reason. A reads-from record (w reads-from r,
// with the other writes of r's location) drives the paper's rules:
//   rule 1  transitivity;
//   rule 2  w' -> r      derives  w' -> w   (w' cannot lie between w and r);
//   rule 3  w  -> w'     derives  r  -> w'.
// derive() runs them to a fixpoint; a node that precedes itself is a
// conflict event, and the model the graph came from is spurious.
// kernelReasons() then gives the core kernel reasons of the cycles (the
// paper's Algorithm 2): minimal sets of literals whose conjunction derives
// a cycle, none a superset of another.
//
// Invariant (what makes the reasons sound): every reason of every edge,
// base or derived, is a set of literals under which the order holds in
// every execution; a derived edge's reasons are the unions of the reasons
// of a justifying path with the reads-from record's literals.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_ORDERGRAPH_H
#define VCDPOR_BMC_ORDERGRAPH_H

#include <cstdint>
#include <map>
#include <vector>

namespace vcdpor::bmc {

/// Sorted, without duplicates.
using Reason = std::vector<unsigned>;

/// Inserts R into the antichain L (no member a subset of another), keeping
/// at most Max members, the smallest; returns whether L changed.
bool insertReason(std::vector<Reason> &L, const Reason &R, unsigned Max);
/// The union of two reasons.
Reason unite(const Reason &A, const Reason &B);

class OrderGraph {
public:
  /// MaxReasons: core kernel reasons kept per edge (and per path search);
  /// MaxConflicts: conflict events whose cycles are explained.
  explicit OrderGraph(unsigned MaxReasons = 4, unsigned MaxConflicts = 64)
      : MaxReasons(MaxReasons), MaxConflicts(MaxConflicts) {}

  unsigned addNode();
  unsigned numNodes() const { return NumNodes; }
  /// A base order From -> To under R (program order: the empty reason).
  void addEdge(unsigned From, unsigned To, const Reason &R);
  /// Read Rd takes its value from write W under literals Rf; Others are
  /// the other writes that access Rd's location, each under its literals.
  void addReadsFrom(unsigned W, unsigned Rd, const Reason &Rf,
                    std::vector<std::pair<unsigned, Reason>> Others);

  /// Rules 1-3 to a fixpoint. Returns false when some event precedes
  /// itself (the graph is infeasible); true says only that no cycle was
  /// derived: the rules are incomplete (the "butterfly").
  bool derive();
  /// After derive(): A precedes B.
  bool before(unsigned A, unsigned B) const;
  /// After derive(): gives every derived edge its reasons (kernelReasons()
  /// does it first).
  void explain();
  /// After a derive() that found a cycle: its core kernel reasons, fewest
  /// literals first. Found (if given) counts the kernel reasons met before
  /// superset elimination.
  std::vector<Reason> kernelReasons(uint64_t *Found = nullptr);
  uint64_t derivedEdges() const { return Derived; }

  /// The reasons of a path From ->+ To through the current edges (at most
  /// MaxReasons, smallest first); a label-setting search.
  std::vector<Reason> pathReasons(unsigned From, unsigned To) const;

private:
  /// A derived edge's justification: a path PathFrom ->+ PathTo, plus
  /// Extra (the reads-from record's literals and the other write's).
  struct Derivation {
    unsigned PathFrom, PathTo;
    Reason Extra;
    bool operator==(const Derivation &O) const {
      return PathFrom == O.PathFrom && PathTo == O.PathTo && Extra == O.Extra;
    }
  };
  struct Edge {
    unsigned From, To;
    std::vector<Reason> Reasons; ///< empty: derived, reasons not yet known
    std::vector<Derivation> Why; ///< empty: a base edge
  };
  struct ReadsFrom {
    unsigned W, Rd;
    Reason Rf;
    std::vector<std::pair<unsigned, Reason>> Others;
  };

  unsigned edgeId(unsigned From, unsigned To);
  /// Records a derived edge; returns whether the order is new.
  bool addDerived(unsigned From, unsigned To, Derivation D);
  void closeReach(); ///< Reach from the base edges
  void reachAdd(unsigned From, unsigned To);
  bool reach(unsigned A, unsigned B) const {
    return (Reach[A][B >> 6] >> (B & 63)) & 1;
  }

  unsigned MaxReasons, MaxConflicts;
  unsigned NumNodes = 0;
  std::vector<Edge> Edges;
  std::vector<std::vector<unsigned>> Out; ///< per node: edge ids
  std::map<std::pair<unsigned, unsigned>, unsigned> EdgeOf;
  std::vector<ReadsFrom> Rfs;
  /// Reach[a] bit b: a ->+ b. Valid after derive().
  std::vector<std::vector<uint64_t>> Reach;
  uint64_t Derived = 0;
};

} // namespace vcdpor::bmc

#endif
