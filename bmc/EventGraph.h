//===- bmc/EventGraph.h - The order graph of an assignment ------*- C++ -*-===//
//
// What bmc-refine and bmc-oc share: the literals the event order graph is
// made of, and the graph of an assignment of them (bmc/OrderGraph.h).
// Nodes are the memory events, thread ends, joins, creates and condition
// events of the bound, whether or not their guards hold, plus one node for
// the initial memory. The static edges hold in every execution of the
// monolithic formula, so they carry the empty reason: listing order within
// a thread (clocks increase along it whatever the guards), the initial
// memory (clock 0) before every thread's first event, a create before its
// child's first event. The literals (each a Boolean formula over the
// encoding's variables) are
//   rf(r, w)   r runs and reads from w (or the initial value): the edge
//              w -> r, and the reads-from record of rules 2 and 3;
//   cand(r, w') w' writes r's location (its guard holds, same address):
//              w' takes part in rules 2 and 3 for r;
//   order(i)   Encoding::Orders[i]'s condition: its edge.
// Each rule's premise is exactly what makes the monolithic formula's
// scheduling constraint of r apply to w' (bmc/Encode.cpp, encodeRead), so
// a cycle's literals are inconsistent with the monolithic formula.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_EVENTGRAPH_H
#define VCDPOR_BMC_EVENTGRAPH_H

#include "bmc/Encode.h"
#include "bmc/OrderGraph.h"

#include <functional>

namespace vcdpor::bmc {

class EventGraph {
public:
  EventGraph(z3::context &C, const SymProgram &SP, const Encoding &En);

  /// The literals, by id.
  const std::vector<z3::expr> &literals() const { return Lits; }
  /// The graph of an assignment: Holds(id) says whether literal id is true
  /// (it is asked only about the literals the graph needs).
  OrderGraph build(const std::function<bool(unsigned)> &Holds) const;

  // The structure, for bmc-oc's incremental graph.
  unsigned numNodes() const { return NumNodes; }
  /// The static edges (empty reason).
  const std::vector<std::pair<unsigned, unsigned>> &staticEdges() const {
    return Static;
  }
  enum class LitKind { Rf, Cand, Order };
  struct LitInfo {
    LitKind Kind;
    unsigned Choice;   ///< Rf, Cand: the index in Encoding::Rfs
    unsigned Source;   ///< Rf, Cand: the index in that choice's Sources
    unsigned From, To; ///< Rf: source -> read; Order: its nodes
  };
  const LitInfo &info(unsigned Lit) const { return Info[Lit]; }
  /// Per read choice: its rf literals and cand literals (-1: none, the
  /// initial value), parallel to Sources; and the read's node.
  const std::vector<unsigned> &rfLits(unsigned Choice) const {
    return RfLit[Choice];
  }
  const std::vector<int> &candLits(unsigned Choice) const {
    return CandLit[Choice];
  }
  unsigned readNode(unsigned Choice) const { return ReadNode[Choice]; }
  const std::vector<unsigned> &orderLits() const { return OrderLit; }

private:
  unsigned lit(const z3::expr &E, LitInfo I);
  const Encoding &En;
  unsigned NumNodes = 1;   ///< node 0: the initial memory
  std::vector<int> NodeOf; ///< per event, -1: not a node
  std::vector<std::pair<unsigned, unsigned>> Static;
  std::vector<z3::expr> Lits;
  std::vector<LitInfo> Info;
  std::vector<std::vector<unsigned>> RfLit;
  std::vector<std::vector<int>> CandLit;
  std::vector<unsigned> ReadNode, OrderLit;
};

} // namespace vcdpor::bmc

#endif
