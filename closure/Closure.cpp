//===- closure/Closure.cpp - The closure of annotated partial orders ------===//
//
// Algorithm 1 of the paper as a worklist: examine a marked read; if it
// violates rule 1, 2 or 3, insert the one ordering that every realization must
// contain (or report bottom), and mark the reads the insertion may affect.
//
// For a read r on location x, let A be the last write of x before r on r's own
// side (root or leaves), B the last before r on the other side, U the chain of
// (other-side) writes unordered with r, and G the good writes among the
// visible ones {A, B} u U (A is visible unless A < B, B unless B < A). Then
//   MinW(r) n {w : w < r} = the visible ones of A, B, and
//   MaxW(r) = {last of U, plus A if visible and not before it} or {A, B}.
// In any realization r observes some w in G, and every other write is before
// w or after r. The rules below follow:
//   Rule 1: no visible good write among A, B. Then r observes a write of U;
//           the chain-earliest good one, g, must precede r: insert g -> r.
//           No good write in U at all: bottom.
//   Rule 2: the last write u of U is bad and A is not a good maximal write.
//           Whatever r observes lies at or before u in the chain (or is A,
//           which precedes u), so u must follow r: insert r -> u.
//   Rule 3: A visible and bad: A must precede the write r observes, which is
//           at most the last good write g of G (a chain): insert A -> g.
//           B visible and bad and no good write in U: r must observe A, so
//           insert B -> A.
// Each insertion joins two unordered events, so the order never becomes
// cyclic; bottom arises only in rule 1.
//
//===----------------------------------------------------------------------===//

#include "closure/AnnotatedPO.h"

#include <algorithm>

namespace vcdpor::closure {

void AnnotatedPO::markRead(uint32_t Flat) {
  if (Slots[Flat].InPending)
    return;
  Slots[Flat].InPending = 1;
  Pending.push_back(Flat);
}

void AnnotatedPO::markAllReads() {
  for (const ReadInfo &RI : Reads)
    markRead(flat(RI.Id));
}

// A read r is affected by a newly ordered pair of writes (u, v), u < v, of its
// location only if v is not after r: otherwise neither is visible to r nor one
// of its A, B. So mark, per thread, the reads after the latest event that
// precedes one of the writes.
void AnnotatedPO::markReadsNotBefore(Location L,
                                     const std::vector<EventId> &Writes) {
  uint32_t D = denseLoc(L);
  for (ThreadId S = 0; S < numThreads(); ++S) {
    AccessIndex::List SReads = Acc.reads(S, D);
    if (SReads.empty())
      continue;
    int32_t Threshold = PartialOrder::None;
    for (EventId W : Writes)
      Threshold = std::min(Threshold, PO.latestBefore(W, S));
    for (const int32_t *It = SReads.end();
         It != SReads.begin() && It[-1] > Threshold; --It)
      markRead(FlatIds.at(S, It[-1]));
  }
}

namespace {
// Scratch space for insertAndMark, shared by every order of the thread
// (branching explorers copy orders all the time, and a copy would start with
// none). Stamps equal to the current epoch were set by the current call.
struct Scratch {
  PartialOrder::ChangeLog Log;
  std::vector<uint32_t> Stamp, LocStampEarlier, LocStampLater;
  uint32_t Epoch = 0;
};
thread_local Scratch Sc;
} // namespace

// A read's rule status depends only on the writes of its location: their order
// with the read and among themselves. So after an insertion, which newly
// orders every pair in Earlier x Later, the reads to re-examine are (i) reads
// in Earlier (Later) whose location has a write in Later (Earlier), and (ii)
// for a location with writes on both sides, the reads markReadsNotBefore()
// selects.
void AnnotatedPO::insertAndMark(EventId X, EventId Y) {
  PartialOrder::ChangeLog &Log = Sc.Log;
  std::vector<uint32_t> &Stamp = Sc.Stamp,
                        &LocStampEarlier = Sc.LocStampEarlier,
                        &LocStampLater = Sc.LocStampLater;
  uint32_t &Epoch = Sc.Epoch;
  if (Stamp.size() < Slots.size())
    Stamp.resize(Slots.size(), 0);
  if (LocStampEarlier.size() < DenseLoc.size()) {
    LocStampEarlier.resize(DenseLoc.size(), 0);
    LocStampLater.resize(DenseLoc.size(), 0);
  }
  Log.clear();
  bool Ok = PO.insert(X, Y, &Log);
  assert(Ok && "closure inserted a cyclic edge");
  (void)Ok;
  if (++Epoch == 0) {
    std::fill(Stamp.begin(), Stamp.end(), 0);
    std::fill(LocStampEarlier.begin(), LocStampEarlier.end(), 0);
    std::fill(LocStampLater.begin(), LocStampLater.end(), 0);
    Epoch = 1;
  }
  auto StampWrites = [&](const std::vector<EventId> &Side,
                         std::vector<uint32_t> &LocStamp) {
    for (EventId E : Side) {
      uint32_t F = flat(E);
      if (writesMemory(Slots[F].E.Kind))
        LocStamp[Slots[F].DenseLoc] = Epoch;
    }
  };
  StampWrites(Log.Earlier, LocStampEarlier);
  StampWrites(Log.Later, LocStampLater);
  auto MarkReads = [&](const std::vector<EventId> &Side,
                       const std::vector<uint32_t> &OtherLocStamp) {
    for (EventId E : Side) {
      uint32_t F = flat(E);
      if (readsMemory(Slots[F].E.Kind) &&
          OtherLocStamp[Slots[F].DenseLoc] == Epoch)
        markRead(F);
    }
  };
  MarkReads(Log.Earlier, LocStampLater);
  MarkReads(Log.Later, LocStampEarlier);

  // Later writes, grouped by location, of locations with writes on both sides.
  std::vector<std::pair<Location, std::vector<EventId>>> LaterWrites;
  for (EventId E : Log.Later) {
    uint32_t F = flat(E);
    const Event &EE = Slots[F].E;
    if (!writesMemory(EE.Kind) || Stamp[F] == Epoch ||
        LocStampEarlier[Slots[F].DenseLoc] != Epoch)
      continue;
    Stamp[F] = Epoch;
    auto It = std::find_if(LaterWrites.begin(), LaterWrites.end(),
                           [&](const auto &P) { return P.first == EE.Loc; });
    if (It == LaterWrites.end())
      LaterWrites.push_back({EE.Loc, {E}});
    else
      It->second.push_back(E);
  }
  for (auto &[L, Ws] : LaterWrites)
    markReadsNotBefore(L, Ws);
}

AnnotatedPO::Verdict AnnotatedPO::examine(EventId R) const {
  const ReadInfo &RI = Reads[readSlot(R)];
  ReadView V = view(R);
  auto Good = [&](const std::optional<EventId> &W) {
    return W && std::binary_search(RI.good().begin(), RI.good().end(), *W);
  };
  auto Unordered = [&](EventId W) { return W != R && !ordered(W, R); };
  bool AGood = V.AVisible && Good(V.A);
  bool BGood = V.BVisible && Good(V.B);
  Verdict Out;

  // Rule 1: a good minimal visible write precedes R.
  if (!AGood && !BGood) {
    std::optional<EventId> First;
    for (EventId W : RI.good())
      if (Unordered(W))
        First = earlierOf(First, W);
    if (!First) {
      Out.Kind = Verdict::Bottom;
      Out.Rule = 1;
      return Out;
    }
    Out = {Verdict::Insert, *First, R, 1};
    return Out;
  }

  // Rule 2: some maximal visible write is good.
  if (V.ULast && !Good(V.ULast) && !(AGood && !before(*V.A, *V.ULast))) {
    Out = {Verdict::Insert, R, *V.ULast, 2};
    return Out;
  }

  // Rule 3: every bad minimal visible write before R precedes a visible good
  // write.
  if (V.AVisible && !AGood) {
    std::optional<EventId> Last;
    if (BGood)
      Last = *V.B;
    for (EventId W : RI.good())
      if (Unordered(W))
        Last = laterOf(Last, W);
    assert(Last && "rule 1 guarantees a visible good write");
    if (!before(*V.A, *Last)) {
      Out = {Verdict::Insert, *V.A, *Last, 3};
      return Out;
    }
  }
  if (V.BVisible && !BGood) {
    bool GoodInU = std::any_of(RI.good().begin(), RI.good().end(), Unordered);
    if (!GoodInU) {
      assert(AGood && "rule 1 guarantees a visible good write");
      Out = {Verdict::Insert, *V.B, *V.A, 3};
      return Out;
    }
  }
  return Out;
}

ClosureResult AnnotatedPO::close() {
  ClosureResult Res;
  if (Infeasible) {
    Res.Feasible = false;
    Res.Reason = "already infeasible";
    return Res;
  }
  // FIFO over a growing vector; Head chases the tail.
  size_t Head = 0;
  while (Head < Pending.size()) {
    uint32_t F = Pending[Head++];
    EventId R = Slots[F].Id;
    ++Stats.ReadsExamined;
    Verdict V = examine(R);
    if (V.Kind == Verdict::Holds) {
      Slots[F].InPending = 0;
      continue;
    }
    if (V.Kind == Verdict::Bottom) {
      Infeasible = true;
      Res.Feasible = false;
      Res.Culprit = R;
      Res.Reason = "read " + toString(R) +
                   " has no good write it could observe (rule 1)";
      return Res;
    }
    (V.Rule == 1   ? Stats.Rule1Edges
     : V.Rule == 2 ? Stats.Rule2Edges
                   : Stats.Rule3Edges)++;
    // Keep R marked: other rules may still fail for it.
    Slots[F].InPending = 0;
    insertAndMark(V.From, V.To);
    markRead(F);
    if (Head > 4096 && Head * 2 > Pending.size()) {
      Pending.erase(Pending.begin(), Pending.begin() + Head);
      Head = 0;
    }
  }
  Pending.clear();
  return Res;
}

} // namespace vcdpor::closure
