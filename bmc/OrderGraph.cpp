//===- bmc/OrderGraph.cpp - Event order graphs and kernel reasons ---------===//
#include "bmc/OrderGraph.h"

#include <algorithm>
#include <cassert>
#include <queue>
#include <tuple>

namespace vcdpor::bmc {

Reason unite(const Reason &A, const Reason &B) {
  Reason U;
  U.reserve(A.size() + B.size());
  std::set_union(A.begin(), A.end(), B.begin(), B.end(), std::back_inserter(U));
  return U;
}

static bool smaller(const Reason &A, const Reason &B) {
  return A.size() != B.size() ? A.size() < B.size() : A < B;
}

bool insertReason(std::vector<Reason> &L, const Reason &R, unsigned Max) {
  for (const Reason &O : L)
    if (std::includes(R.begin(), R.end(), O.begin(), O.end()))
      return false; // R is O or a superset of it
  L.erase(std::remove_if(L.begin(), L.end(),
                         [&](const Reason &O) {
                           return std::includes(O.begin(), O.end(), R.begin(),
                                                R.end());
                         }),
          L.end());
  if (L.size() >= Max) {
    auto Worst = std::max_element(L.begin(), L.end(), smaller);
    if (!smaller(R, *Worst))
      return false;
    *Worst = R;
    return true;
  }
  L.push_back(R);
  return true;
}

unsigned OrderGraph::addNode() {
  Out.emplace_back();
  return NumNodes++;
}

unsigned OrderGraph::edgeId(unsigned From, unsigned To) {
  assert(From < NumNodes && To < NumNodes && "edge of an unknown node");
  auto [It, New] = EdgeOf.try_emplace({From, To}, unsigned(Edges.size()));
  if (New) {
    Edges.push_back(Edge{From, To, {}, {}});
    Out[From].push_back(It->second);
  }
  return It->second;
}

void OrderGraph::addEdge(unsigned From, unsigned To, const Reason &R) {
  insertReason(Edges[edgeId(From, To)].Reasons, R, MaxReasons);
}

void OrderGraph::addReadsFrom(unsigned W, unsigned Rd, const Reason &Rf,
                              std::vector<std::pair<unsigned, Reason>> Others) {
  addEdge(W, Rd, Rf);
  Rfs.push_back(ReadsFrom{W, Rd, Rf, std::move(Others)});
}

void OrderGraph::closeReach() {
  const size_t Words = (NumNodes + 63) / 64;
  Reach.assign(NumNodes, std::vector<uint64_t>(Words, 0));
  // Successors before predecessors (a DFS postorder): one pass closes a
  // DAG; passes repeat while a cycle still adds.
  std::vector<unsigned> Post;
  std::vector<uint8_t> Seen(NumNodes, 0);
  std::vector<std::pair<unsigned, size_t>> Stack;
  for (unsigned S = 0; S < NumNodes; ++S) {
    if (Seen[S])
      continue;
    Seen[S] = 1;
    Stack.push_back({S, 0});
    while (!Stack.empty()) {
      auto &[V, I] = Stack.back();
      if (I < Out[V].size()) {
        unsigned U = Edges[Out[V][I++]].To;
        if (!Seen[U]) {
          Seen[U] = 1;
          Stack.push_back({U, 0});
        }
        continue;
      }
      Post.push_back(V);
      Stack.pop_back();
    }
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned V : Post)
      for (unsigned E : Out[V]) {
        unsigned U = Edges[E].To;
        std::vector<uint64_t> &RV = Reach[V];
        const std::vector<uint64_t> &RU = Reach[U];
        for (size_t K = 0; K < Words; ++K) {
          uint64_t N = RV[K] | RU[K] | (K == U / 64 ? 1ull << (U % 64) : 0);
          Changed |= N != RV[K];
          RV[K] = N;
        }
      }
  }
}

void OrderGraph::reachAdd(unsigned From, unsigned To) {
  std::vector<uint64_t> T = Reach[To];
  T[To >> 6] |= 1ull << (To & 63);
  for (unsigned X = 0; X < NumNodes; ++X)
    if (X == From || reach(X, From))
      for (size_t K = 0; K < T.size(); ++K)
        Reach[X][K] |= T[K];
}

bool OrderGraph::addDerived(unsigned From, unsigned To, Derivation D) {
  Edge &E = Edges[edgeId(From, To)];
  if (std::find(E.Why.begin(), E.Why.end(), D) == E.Why.end())
    E.Why.push_back(std::move(D));
  if (reach(From, To))
    return false;
  ++Derived;
  reachAdd(From, To);
  return true;
}

bool OrderGraph::derive() {
  closeReach();
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Rfs.size(); ++I) {
      const unsigned W = Rfs[I].W, Rd = Rfs[I].Rd;
      for (size_t K = 0; K < Rfs[I].Others.size(); ++K) {
        unsigned Wp = Rfs[I].Others[K].first;
        if (Wp == W || Wp == Rd)
          continue;
        // Rule 2: w' before r puts w' before w.
        if (reach(Wp, Rd))
          Changed |= addDerived(
              Wp, W, {Wp, Rd, unite(Rfs[I].Rf, Rfs[I].Others[K].second)});
        // Rule 3: w before w' puts r before w'.
        if (reach(W, Wp))
          Changed |= addDerived(
              Rd, Wp, {W, Wp, unite(Rfs[I].Rf, Rfs[I].Others[K].second)});
      }
    }
  }
  for (unsigned X = 0; X < NumNodes; ++X)
    if (reach(X, X))
      return false;
  return true;
}

bool OrderGraph::before(unsigned A, unsigned B) const {
  return !Reach.empty() && reach(A, B);
}

std::vector<Reason> OrderGraph::pathReasons(unsigned From, unsigned To) const {
  std::vector<std::vector<Reason>> Labels(NumNodes);
  using Item = std::tuple<size_t, unsigned, Reason>;
  auto Greater = [](const Item &A, const Item &B) {
    return std::get<0>(A) > std::get<0>(B);
  };
  std::priority_queue<Item, std::vector<Item>, decltype(Greater)> Queue(
      Greater);
  // Only nodes that still lead to To are worth a label.
  auto relax = [&](unsigned V, const Reason &R) {
    if (V != To && !Reach.empty() && !reach(V, To))
      return;
    if (insertReason(Labels[V], R, MaxReasons))
      Queue.push({R.size(), V, R});
  };
  auto expand = [&](unsigned V, const Reason &R) {
    for (unsigned E : Out[V])
      for (const Reason &ER : Edges[E].Reasons)
        relax(Edges[E].To, unite(R, ER));
  };
  expand(From, {});
  while (!Queue.empty()) {
    auto [Size, V, R] = Queue.top();
    Queue.pop();
    (void)Size;
    if (V == To ||
        std::find(Labels[V].begin(), Labels[V].end(), R) == Labels[V].end())
      continue; // arrived, or superseded by a smaller label
    expand(V, R);
  }
  std::vector<Reason> L = std::move(Labels[To]);
  std::sort(L.begin(), L.end(), smaller);
  return L;
}

void OrderGraph::explain() {
  // Derived edges in the order they were derived: the path that justified
  // one consists of edges derived before it, so one pass gives every edge
  // a reason; the second adds reasons through edges derived later (the
  // paper updates an order's reasons each time it is deduced again).
  for (int Pass = 0; Pass < 2; ++Pass)
    for (Edge &E : Edges)
      for (const Derivation &D : E.Why)
        for (const Reason &P : pathReasons(D.PathFrom, D.PathTo))
          insertReason(E.Reasons, unite(P, D.Extra), MaxReasons);
}

std::vector<Reason> OrderGraph::kernelReasons(uint64_t *Found) {
  explain();
  std::vector<Reason> All;
  unsigned Conflicts = 0;
  for (unsigned X = 0; X < NumNodes && Conflicts < MaxConflicts; ++X) {
    if (!reach(X, X))
      continue;
    ++Conflicts;
    for (Reason &R : pathReasons(X, X))
      All.push_back(std::move(R));
  }
  if (Found)
    *Found += All.size();
  std::sort(All.begin(), All.end(), smaller);
  All.erase(std::unique(All.begin(), All.end()), All.end());
  std::vector<Reason> Core;
  for (const Reason &R : All) {
    bool Redundant = false;
    for (const Reason &K : Core)
      if (std::includes(R.begin(), R.end(), K.begin(), K.end())) {
        Redundant = true;
        break;
      }
    if (!Redundant)
      Core.push_back(R);
  }
  return Core;
}

} // namespace vcdpor::bmc
