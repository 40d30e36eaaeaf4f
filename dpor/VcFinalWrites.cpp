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
//   (C2) every read of x in X (leaf or root) comes before every write of L
//       or after every one, and no leaf RMW accesses x;
//   (C3) every other event of X that comes after some write of L and not
//       after all of them is a join.
// An order of L then shows only through its last write: a read of x comes
// before them all (sees none) or after them all (sees the last of L, or
// a later or root write). Putting w before w' orders w's predecessors
// before w' and the events after w'; by (F) and (C3) those are writes of L
// and joins, whose outcome no order changes, and by (C1) everything after
// all of L comes after both anyway. So the traces of the two classes run
// the same reads with the same values: they have the same local behaviours,
// and exploring one of them is enough. No two children denote one class
// (their last writes differ), so the classes vc counts stay distinct VHB
// classes, fewer of them. --vhb-exact turns this off.
//
//===----------------------------------------------------------------------===//
#include "dpor/VcSearch.h"

#include <algorithm>

namespace vcdpor::vc {

namespace {
bool readsLoc(const cl::Event &E, cl::Location X) {
  return E.Loc == X && (E.Kind == cl::EventKind::Read ||
                        E.Kind == cl::EventKind::ReadModifyWrite);
}
} // namespace

std::vector<Vc::FinalWrites>
Vc::finalWriteGroups(const Node &N, const std::vector<cl::EventId> &New) const {
  std::vector<FinalWrites> Out;
  if (C.VhbExact || N.SecThread != NoThread || N.Atomic != NoThread)
    return Out;
  std::vector<cl::Location> Seen;
  for (cl::EventId E : New) {
    if (!isLeaf(E.Thread))
      continue;
    const cl::Event &EE = N.PO.event(E);
    if (EE.Kind != cl::EventKind::Write || EE.Loc == DummyLoc ||
        std::find(Seen.begin(), Seen.end(), EE.Loc) != Seen.end())
      continue;
    Seen.push_back(EE.Loc);
    FinalWrites G;
    G.Loc = EE.Loc;
    bool Ok = true;
    std::vector<cl::EventId> Reads;
    for (cl::EventId A : N.LeafAcc[EE.Loc]) {
      const cl::Event &AE = N.PO.event(A);
      if (AE.Kind == cl::EventKind::Read) {
        Reads.push_back(A);
        continue;
      }
      // (F)
      ThreadId T = ProgOf[A.Thread];
      const Step &S = N.Steps.at(T, A.Index);
      if (AE.Kind != cl::EventKind::Write || S.E.InAtomic || !N.Th[T].Done ||
          A.Index + 1 != N.Steps.size(T)) {
        Ok = false;
        break;
      }
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
    // (C2)
    if (N.PO.numThreads() > RootC)
      for (uint32_t I = 0; I < N.PO.threadSize(RootC); ++I)
        if (readsLoc(N.PO.event({RootC, I}), G.Loc))
          Reads.push_back({RootC, I});
    for (cl::EventId R : Reads)
      if (AfterAny(R)
              ? !AfterAll(R)
              : !std::all_of(G.Ws.begin(), G.Ws.end(), [&](cl::EventId W) {
                  return N.PO.before(R, W);
                })) {
        Ok = false;
        break;
      }
    // (C1) and (C3)
    for (ThreadId T = 0; Ok && T < N.Th.size(); ++T) {
      size_t Size = T < N.Steps.size() ? N.Steps.size(T) : 0;
      if (!N.Th[T].Done) {
        if (Size)
          Ok = AfterAll({COf[T], uint32_t(Size - 1)});
        else
          Ok = N.Th[T].HasCreator && AfterAll(N.Th[T].Creator);
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
  const std::vector<cl::EventId> &Ws = G[I].Ws;
  // The candidates for the last write: those before no other of L. The
  // latest X added first, as orderings() puts the order that ran first.
  std::vector<cl::EventId> Last;
  for (size_t K = Ws.size(); K-- > 0;)
    if (std::none_of(Ws.begin(), Ws.end(),
                     [&](cl::EventId W) { return N.PO.before(Ws[K], W); }))
      Last.push_back(Ws[K]);
  ++Stat.MergedWriteOrders;
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
    // The others in one order that respects X's (the least event id first
    // among those with no predecessor left), then the chosen one.
    std::vector<cl::EventId> Rest;
    for (cl::EventId W : Ws)
      if (W != Last[K])
        Rest.push_back(W);
    std::vector<cl::EventId> Chain;
    while (!Rest.empty()) {
      auto It = std::min_element(
          Rest.begin(), Rest.end(), [&](cl::EventId A, cl::EventId B) {
            auto Free = [&](cl::EventId E) {
              return std::none_of(Rest.begin(), Rest.end(), [&](cl::EventId O) {
                return Child.PO.before(O, E);
              });
            };
            bool FA = Free(A), FB = Free(B);
            return FA != FB ? FA : A < B;
          });
      Chain.push_back(*It);
      Rest.erase(It);
    }
    Chain.push_back(Last[K]);
    bool Ok = true;
    for (size_t J = 0; Ok && J + 1 < Chain.size(); ++J)
      if (!Child.PO.before(Chain[J], Chain[J + 1]))
        Ok = bool(edge(Child, Chain[J], Chain[J + 1]));
    if (!Ok) {
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
