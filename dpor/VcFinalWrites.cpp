//===- dpor/VcFinalWrites.cpp - orders of final writes no one tells apart -===//
//
// VHB orders every pair of conflicting leaf writes, so k leaf threads that
// each end with a write of x, joined before anything reads x, give k!
// classes (lastwrite: (N-1)! * 2), though a read after them sees only the
// last. Where nothing else can tell the orders apart, the search branches
// only on which of those writes comes last, and puts the others in one
// fixed order before it: k children instead of k!.
//
// Let L be the leaf writes of location x in X. The orders of L are
// collapsed when
//   (F) each write of L is a plain write (no atomic section), the last event
//       of its thread in X, and its thread is done: nothing follows it;
//   (C1) every live thread's last event in X (or, without one, its
//       creation) comes after every write of L, so everything still to come
//       in any trace of the node does: future reads of x, future threads;
//       or (C1') the thread is a leaf whose last event in X comes after no
//       write of L, its next event is a read of x, and nothing it does
//       after that read is seen by another thread but joins
//       (System::quietAfterPending()): its *floating read* may come
//       anywhere among the writes of L, and sees the write it follows;
//   (C2) every read of x in X (leaf or root), and every other leaf write
//       of x, comes before every write of L or after every one, and no
//       leaf RMW accesses x;
//   (C3) every other event of X that comes after some write of L and not
//       after all of them is a join.
// Take a trace E of the node whose last write of L is k, and the fixed
// order of L that ends with k. Take out of E the writes of L, the floating
// reads that saw a write of L other than k (they came before k), and the
// joins (and thread ends) that come after one of those before k, and put
// them back right after k's place in E: L in that order, each floating
// read right after the write it saw, the joins after them in E's order.
// Every write of L follows its thread's earlier events, which were before
// it in E; writes of L and those reads only move later. By (C2), (C3) and
// (C1') nothing that stays reads x between the first and the last write
// of L but a floating read that saw k or no write of L, which still sees
// what it saw: the writes of L move to k's place, the chain ends with k,
// and none lands between the write the read saw and the read. A floating
// read's thread does nothing after the read that another thread sees but
// joins, and a thread whose join moves waits for the moved events only,
// doing joins until it comes after all of L. Reads after all of L still
// see k or a later write. So both traces have the
// same local behaviours, and exploring one order per last write is
// enough. No two children denote one class (their last writes differ), so
// the classes vc counts stay distinct VHB classes, fewer of them.
// --vhb-exact turns this off.
//
//===----------------------------------------------------------------------===//
#include "dpor/VcSearch.h"

#include <algorithm>

namespace vcdpor::vc {

std::vector<Vc::FinalWrites>
Vc::finalWriteGroups(const Node &N, const std::vector<cl::EventId> &New) const {
  std::vector<FinalWrites> Out;
  if (C.VhbExact || N.SecThread != NoThread || N.Atomic != NoThread)
    return Out;
  // (F) for one write of a leaf.
  auto Final = [&](cl::EventId W) {
    ThreadId T = ProgOf[W.Thread];
    return N.PO.event(W).Kind == cl::EventKind::Write &&
           !N.Steps.at(T, W.Index).E.InAtomic && N.Th[T].Done &&
           W.Index + 1 == N.Steps.size(T);
  };
  std::vector<cl::Location> Seen;
  for (cl::EventId E : New) {
    // Most new writes are not their thread's last event: checked before
    // the location's accesses are.
    if (!isLeaf(E.Thread) || N.PO.event(E).Loc == DummyLoc || !Final(E))
      continue;
    const cl::Location X = N.PO.event(E).Loc;
    if (std::find(Seen.begin(), Seen.end(), X) != Seen.end())
      continue;
    Seen.push_back(X);
    FinalWrites G;
    bool Ok = true;
    std::vector<cl::EventId> Reads;
    for (cl::EventId A : N.LeafAcc[X]) {
      cl::EventKind K = N.PO.event(A).Kind;
      if (K == cl::EventKind::Read || (K == cl::EventKind::Write && !Final(A)))
        Reads.push_back(A); // held to (C2) as reads are
      else if (!(Ok = K == cl::EventKind::Write))
        break;
      else
        G.Ws.push_back(A);
    }
    // Two writes have two orders either way.
    if (!Ok || G.Ws.size() < 3)
      continue;
    auto AfterAll = [&](cl::EventId E) {
      return std::all_of(G.Ws.begin(), G.Ws.end(),
                         [&](cl::EventId W) { return N.PO.before(W, E); });
    };
    auto AfterAny = [&](cl::EventId E) {
      return std::any_of(G.Ws.begin(), G.Ws.end(),
                         [&](cl::EventId W) { return N.PO.before(W, E); });
    };
    auto BeforeAll = [&](cl::EventId E) {
      return std::all_of(G.Ws.begin(), G.Ws.end(),
                         [&](cl::EventId W) { return N.PO.before(E, W); });
    };
    // (C2)
    if (N.PO.numThreads() > RootC)
      for (uint32_t I = 0; I < N.PO.threadSize(RootC); ++I) {
        const cl::Event &RE = N.PO.event({RootC, I});
        if (RE.Loc == X && cl::readsMemory(RE.Kind))
          Reads.push_back({RootC, I});
      }
    for (cl::EventId R : Reads)
      if (!(AfterAny(R) ? AfterAll(R) : BeforeAll(R))) {
        Ok = false;
        break;
      }
    // (C1') for a live thread whose last event in X is Last. The system
    // stands at the end of the execution that built X (order() runs right
    // after it), with T at its frontier read.
    auto Floating = [&](ThreadId T, cl::EventId Last) {
      const Front &F = N.Th[T].F;
      if (!isLeaf(COf[T]) || F.K != FrontKind::Read || AfterAny(Last))
        return false;
      auto It = LocOf.find(F.P.Addr);
      return It != LocOf.end() && It->second == X &&
             Sys.pending(T).Addr == F.P.Addr && Sys.quietAfterPending(T);
    };
    // (C1) and (C3)
    for (ThreadId T = 0; Ok && T < N.Th.size(); ++T) {
      size_t Size = T < N.Steps.size() ? N.Steps.size(T) : 0;
      if (!N.Th[T].Done) {
        if (Size) {
          cl::EventId Last{COf[T], uint32_t(Size - 1)};
          Ok = AfterAll(Last) || Floating(T, Last);
        } else {
          Ok = N.Th[T].HasCreator &&
               (AfterAll(N.Th[T].Creator) || Floating(T, N.Th[T].Creator));
        }
      }
      for (uint32_t I = 0; Ok && I < Size; ++I) {
        cl::EventId E{COf[T], I};
        if (N.Steps.at(T, I).E.Kind != EventKind::Join && AfterAny(E) &&
            !AfterAll(E) &&
            std::find(G.Ws.begin(), G.Ws.end(), E) == G.Ws.end())
          Ok = false;
      }
    }
    if (!Ok)
      continue;
    // Nothing to collapse when the writes are in a chain already.
    bool Unordered = false;
    for (size_t I = 0; I < G.Ws.size() && !Unordered; ++I)
      for (size_t J = I + 1; J < G.Ws.size() && !Unordered; ++J)
        Unordered = !N.PO.ordered(G.Ws[I], G.Ws[J]);
    if (Unordered)
      Out.push_back(std::move(G));
  }
  return Out;
}

void Vc::chooseLast(Node &N, const std::vector<FinalWrites> &G, size_t I,
                    const std::function<void(Node &)> &Leaf) {
  if (I == G.size()) {
    Leaf(N);
    return;
  }
  if (stopped())
    return;
  if (I == 0)
    ++Stat.MergedWriteOrders;
  const std::vector<cl::EventId> &Ws = G[I].Ws;
  // One order of all of L that respects X's: the least event id first among
  // those with no predecessor left. Without the chosen last write it still
  // respects X's order, and the chosen one is before no other.
  std::vector<cl::EventId> Order, Rest = Ws;
  std::sort(Rest.begin(), Rest.end());
  while (!Rest.empty()) {
    auto It = std::find_if(Rest.begin(), Rest.end(), [&](cl::EventId E) {
      return std::none_of(Rest.begin(), Rest.end(),
                          [&](cl::EventId O) { return N.PO.before(O, E); });
    });
    Order.push_back(*It);
    Rest.erase(It);
  }
  // The candidates for the last write: those before no other of L. The
  // latest X added first, as orderings() puts the order that ran first.
  std::vector<cl::EventId> Last;
  for (size_t K = Ws.size(); K-- > 0;)
    if (std::none_of(Ws.begin(), Ws.end(),
                     [&](cl::EventId W) { return N.PO.before(Ws[K], W); }))
      Last.push_back(Ws[K]);
  // In an ordered search the choice is a level of the position (1, 2, ...),
  // as a pair's two orders are in orderings(); the choice takes a tick of
  // the position it starts at, as a leaf would.
  const bool Levels = Sh.Order != nullptr;
  if (Levels && !tick())
    return;
  if (Levels)
    Path.insert(Path.end(), {0, 0});
  for (size_t K = 0; K < Last.size() && !stopped(); ++K) {
    if (Levels) {
      Path[Path.size() - 2] = uint32_t(K + 1);
      Path.back() = 0;
    }
    Node Child = K + 1 < Last.size() ? N : std::move(N);
    std::vector<cl::EventId> Chain;
    for (cl::EventId W : Order)
      if (W != Last[K])
        Chain.push_back(W);
    Chain.push_back(Last[K]);
    for (size_t J = 0; J + 1 < Chain.size(); ++J)
      if (!Child.PO.before(Chain[J], Chain[J + 1]) &&
          !edge(Child, Chain[J], Chain[J + 1])) {
        internal("the final writes of a location admit no chain ending in " +
                 cl::toString(Last[K]));
        return;
      }
    chooseLast(Child, G, I + 1, Leaf);
  }
  if (Levels)
    Path.resize(Path.size() - 2);
}

} // namespace vcdpor::vc
