//===- bmc/EventGraph.cpp - The order graph of a bound's assignments ------===//
#include "bmc/EventGraph.h"

#include <cassert>

namespace vcdpor::bmc {

EventGraph::EventGraph(z3::context &C, const SymProgram &SP, const Encoding &En)
    : En(En) {
  const size_t N = SP.Events.size();
  std::vector<bool> Need(N, false);
  for (const RfChoice &R : En.Rfs) {
    Need[R.Read] = true;
    for (auto &[W, S] : R.Sources)
      if (W >= 0)
        Need[W] = true;
  }
  for (const CondOrder &O : En.Orders)
    Need[O.From] = Need[O.To] = true;
  for (size_t E = 0; E < N; ++E)
    if (SP.Events[E].Kind == SymKind::Create)
      Need[E] = true;
  NodeOf.assign(N, -1);
  std::vector<int> First(SP.Threads.size(), -1);
  for (unsigned T = 0; T < SP.Threads.size(); ++T) {
    int Prev = -1;
    for (unsigned E : SP.Threads[T].Events) {
      if (!Need[E])
        continue;
      NodeOf[E] = int(NumNodes++);
      if (Prev >= 0)
        Static.push_back({unsigned(Prev), unsigned(NodeOf[E])});
      else
        First[T] = NodeOf[E];
      Prev = NodeOf[E];
    }
  }
  for (unsigned T = 0; T < SP.Threads.size(); ++T) {
    if (First[T] < 0)
      continue;
    Static.push_back({0, unsigned(First[T])});
    int Cr = SP.Threads[T].CreateEvent;
    if (Cr >= 0 && NodeOf[Cr] >= 0)
      Static.push_back({unsigned(NodeOf[Cr]), unsigned(First[T])});
  }

  for (unsigned I = 0; I < En.Rfs.size(); ++I) {
    const RfChoice &R = En.Rfs[I];
    const SymEvent &Rv = SP.Events[R.Read];
    ReadNode.push_back(unsigned(NodeOf[R.Read]));
    RfLit.emplace_back();
    CandLit.emplace_back();
    for (unsigned K = 0; K < R.Sources.size(); ++K) {
      auto &[W, S] = R.Sources[K];
      unsigned From = W < 0 ? 0 : unsigned(NodeOf[W]);
      RfLit[I].push_back(
          lit(S && R.Exec, {LitKind::Rf, I, K, From, ReadNode[I]}));
      int Cand = -1;
      if (W >= 0) {
        const SymEvent &Wv = SP.Events[W];
        Cand = int(lit((Wv.Guard && Wv.Addr == Rv.Addr).simplify(),
                       {LitKind::Cand, I, K, From, ReadNode[I]}));
      }
      CandLit[I].push_back(Cand);
    }
  }
  for (const CondOrder &O : En.Orders)
    OrderLit.push_back(
        lit(O.Cond, {LitKind::Order, 0, 0, unsigned(NodeOf[O.From]),
                     unsigned(NodeOf[O.To])}));
  (void)C;
}

unsigned EventGraph::lit(const z3::expr &E, LitInfo I) {
  Lits.push_back(E);
  Info.push_back(I);
  return unsigned(Lits.size() - 1);
}

OrderGraph EventGraph::build(const std::function<bool(unsigned)> &Holds) const {
  OrderGraph G;
  for (unsigned V = 0; V < NumNodes; ++V)
    G.addNode();
  for (auto &[A, B] : Static)
    G.addEdge(A, B, {});
  for (unsigned I = 0; I < En.Rfs.size(); ++I) {
    const RfChoice &R = En.Rfs[I];
    int Src = -1;
    for (unsigned K = 0; K < R.Sources.size() && Src < 0; ++K)
      if (Holds(RfLit[I][K]))
        Src = int(K);
    if (Src < 0)
      continue; // the read does not run
    std::vector<std::pair<unsigned, Reason>> Others;
    for (unsigned K = 0; K < R.Sources.size(); ++K)
      if (int(K) != Src && CandLit[I][K] >= 0 && Holds(unsigned(CandLit[I][K])))
        Others.push_back(
            {unsigned(NodeOf[R.Sources[K].first]), {unsigned(CandLit[I][K])}});
    unsigned Rf = RfLit[I][Src];
    G.addReadsFrom(Info[Rf].From, ReadNode[I], {Rf}, std::move(Others));
  }
  for (unsigned L : OrderLit)
    if (Holds(L))
      G.addEdge(Info[L].From, Info[L].To, {L});
  return G;
}

} // namespace vcdpor::bmc
