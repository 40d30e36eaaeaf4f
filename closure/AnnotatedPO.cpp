//===- closure/AnnotatedPO.cpp - Building, validation, write queries ------===//

#include "closure/AnnotatedPO.h"

#include <algorithm>

namespace vcdpor::closure {

AnnotatedPO::AnnotatedPO(unsigned NumThreads, Options Opts) : Opts(Opts) {
  for (unsigned I = 0; I < NumThreads; ++I)
    addThread();
}

ThreadId AnnotatedPO::addThread() {
  ThreadId T = PO.addThread();
  FlatIds.grow(T + 1);
  return T;
}

EventId AnnotatedPO::addEvent(ThreadId T, const Event &E) {
  assert(T < numThreads() && "unknown thread");
  EventId Id{T, PO.appendEvent(T)};
  uint32_t F = Slots.size();
  FlatIds.push(T, F);
  Slots.push_back({E, Id});
  if (isLockOp(E.Kind))
    return Id;

  auto It = std::lower_bound(DenseLoc.begin(), DenseLoc.end(), E.Loc,
                             [](const std::pair<Location, uint32_t> &P,
                                Location L) { return P.first < L; });
  if (It == DenseLoc.end() || It->first != E.Loc)
    It = DenseLoc.insert(It, {E.Loc, uint32_t(DenseLoc.size())});
  uint32_t D = It->second;
  Slots[F].DenseLoc = D;
  Acc.reserve(T, D);
  int32_t Idx = static_cast<int32_t>(Id.Index);
  if (readsMemory(E.Kind)) {
    Acc.addRead(T, D, Idx);
    Slots[F].ReadSlot = Reads.size();
    Reads.push_back({Id, nullptr, Side::Unset, false});
    markRead(F);
  }
  if (writesMemory(E.Kind)) {
    Acc.addWrite(T, D, Idx);
    // A new write is unordered with everything outside its thread, so it can
    // become visible to (and break a rule for) any read not before it.
    markReadsNotBefore(E.Loc, {Id});
  }
  return Id;
}

void AnnotatedPO::reserve(unsigned Extra) {
  Slots.reserve(Slots.size() + Extra);
  Reads.reserve(Reads.size() + Extra);
  for (ThreadId T = 0; T < FlatIds.size(); ++T)
    FlatIds.reserve(T, Extra);
}

Status AnnotatedPO::addEdge(EventId From, EventId To) {
  if (!contains(From) || !contains(To))
    return Status::error("edge " + toString(From) + " -> " + toString(To) +
                         " names an unknown event");
  if (From == To || before(To, From))
    return Status::error("edge " + toString(From) + " -> " + toString(To) +
                         " would make the order cyclic");
  if (!before(From, To))
    insertAndMark(From, To);
  return Status::success();
}

uint32_t AnnotatedPO::readSlot(EventId R) const {
  int32_t S = Slots[flat(R)].ReadSlot;
  assert(S >= 0 && "not a read");
  return S;
}

Status AnnotatedPO::setGoodWrites(EventId R, std::vector<EventId> Good,
                                  Side S) {
  if (!contains(R) || !readsMemory(event(R).Kind))
    return Status::error("setGoodWrites: " + toString(R) + " is not a read");
  for (EventId W : Good)
    if (!contains(W))
      return Status::error("setGoodWrites: good write " + toString(W) + " of " +
                           toString(R) + " is unknown");
  std::sort(Good.begin(), Good.end());
  Good.erase(std::unique(Good.begin(), Good.end()), Good.end());
  ReadInfo &RI = Reads[readSlot(R)];
  RI.GoodSet = std::make_shared<const std::vector<EventId>>(std::move(Good));
  RI.S = R.Thread == RootThread ? S : Side::Unset;
  // In reads-from mode the side of a root read follows from its write.
  if (Opts.ReadsFrom && R.Thread == RootThread && RI.good().size() == 1)
    RI.S = RI.good()[0].Thread == RootThread ? Side::Local : Side::Remote;
  RI.Annotated = true;
  markRead(flat(R));
  return Status::success();
}

Status AnnotatedPO::setReadsFrom(EventId R, EventId W) {
  if (!contains(W))
    return Status::error("setReadsFrom: unknown write " + toString(W));
  return setGoodWrites(R, {W},
                       W.Thread == RootThread ? Side::Local : Side::Remote);
}

const std::vector<EventId> &AnnotatedPO::goodWrites(EventId R) const {
  return Reads[readSlot(R)].good();
}

bool AnnotatedPO::isGood(EventId R, EventId W) const {
  const std::vector<EventId> &G = goodWrites(R);
  return std::binary_search(G.begin(), G.end(), W);
}

uint32_t AnnotatedPO::denseLoc(Location L) const {
  auto It = std::lower_bound(DenseLoc.begin(), DenseLoc.end(), L,
                             [](const std::pair<Location, uint32_t> &P,
                                Location X) { return P.first < X; });
  return It == DenseLoc.end() || It->first != L ? UINT32_MAX : It->second;
}

int32_t AnnotatedPO::lastWriteAtOrBefore(ThreadId T, Location L,
                                         int32_t I) const {
  uint32_t D = denseLoc(L);
  return D == UINT32_MAX ? -1 : lastWriteAtOrBeforeDense(T, D, I);
}

int32_t AnnotatedPO::lastWriteAtOrBeforeDense(ThreadId T, uint32_t D,
                                              int32_t I) const {
  if (I < 0)
    return -1;
  AccessIndex::List W = Acc.writes(T, D);
  const int32_t *It = W.upperBound(I);
  return It == W.begin() ? -1 : It[-1];
}

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

Status AnnotatedPO::validateAnnotation(const ReadInfo &RI) const {
  EventId R = RI.Id;
  const Event &RE = event(R);
  std::string Name = "read " + toString(R);
  if (!RI.Annotated)
    return Status::error(Name + " has no good-write annotation");
  if (Opts.ReadsFrom && RI.good().size() != 1)
    return Status::error(Name +
                         " needs exactly one good write in "
                         "reads-from mode, has " +
                         std::to_string(RI.good().size()));
  bool Root = R.Thread == RootThread;
  if (Root && RI.S == Side::Unset)
    return Status::error("root " + Name + " has no side (item 4)");
  for (EventId W : RI.good()) {
    const Event &WE = event(W);
    std::string Pair = Name + " and good write " + toString(W);
    if (!writesMemory(WE.Kind) || W == R)
      return Status::error(Pair + ": not a write of another event (item 5)");
    if (WE.Loc != RE.Loc)
      return Status::error(Pair + ": do not conflict (item 5)");
    if (!Opts.ReadsFrom && WE.WriteValue != RE.ReadValue)
      return Status::error(Pair + ": values differ (item 5)");
    if (Root && (W.Thread == RootThread) != (RI.S == Side::Local))
      return Status::error(Pair + ": write is not on the read's side (item 5)");
  }
  return Status::success();
}

// Mwidth(P|X2) = 1: any two conflicting leaf events are ordered. For a leaf
// event E and another leaf thread S, the events of S unordered with E are the
// index range (latestBefore, earliestAfter); none of them may conflict with E.
Status AnnotatedPO::validateMwidth() const {
  for (ThreadId T = 1; T < numThreads(); ++T) {
    for (uint32_t I = 0; I < threadSize(T); ++I) {
      EventId E{T, I};
      const Event &EE = event(E);
      if (isLockOp(EE.Kind))
        continue;
      for (ThreadId S = 1; S < numThreads(); ++S) {
        if (S == T)
          continue;
        uint32_t D = denseLoc(EE.Loc);
        int32_t Lo = PO.latestBefore(E, S);
        int32_t Hi = PO.earliestAfter(E, S);
        auto Check = [&](AccessIndex::List Idx) -> Status {
          const int32_t *It = Idx.upperBound(Lo);
          if (It != Idx.end() && *It < Hi)
            return Status::error(
                "leaf events " + toString(E) + " and " +
                toString({S, static_cast<uint32_t>(*It)}) +
                " conflict but are unordered: Mwidth(P|X2) > 1 (item 6)");
          return Status::success();
        };
        if (Status St = Check(Acc.writes(S, D)); !St)
          return St;
        if (writesMemory(EE.Kind))
          if (Status St = Check(Acc.reads(S, D)); !St)
            return St;
      }
    }
  }
  return Status::success();
}

// Every two critical sections on one mutex must be ordered, which for the
// caller's edges means: all operations on a mutex form a chain of the shape
// lock_t unlock_t lock_u unlock_u ... with possibly a final unmatched lock.
Status AnnotatedPO::validateLocks() const {
  std::unordered_map<Location, std::vector<EventId>> Ops;
  for (const Slot &S : Slots)
    if (isLockOp(S.E.Kind))
      Ops[S.E.Loc].push_back(S.Id);
  for (auto &[M, List] : Ops) {
    std::string Name = "mutex " + std::to_string(M);
    for (size_t I = 0; I < List.size(); ++I)
      for (size_t J = I + 1; J < List.size(); ++J)
        if (!ordered(List[I], List[J]))
          return Status::error(Name + ": operations " + toString(List[I]) +
                               " and " + toString(List[J]) + " are unordered");
    std::sort(List.begin(), List.end(),
              [&](EventId X, EventId Y) { return before(X, Y); });
    for (size_t I = 0; I < List.size(); ++I) {
      bool WantLock = I % 2 == 0;
      EventKind K = event(List[I]).Kind;
      if ((K == EventKind::Lock) != WantLock)
        return Status::error(Name + ": " + toString(List[I]) + " (" +
                             toString(K) + ") breaks lock/unlock alternation");
      if (!WantLock && List[I].Thread != List[I - 1].Thread)
        return Status::error(Name + ": " + toString(List[I]) +
                             " unlocks a mutex held by another thread");
    }
  }
  return Status::success();
}

Status AnnotatedPO::validate() const {
  // Items 1-3 hold by construction: X1 (thread 0) and X2 are disjoint, the
  // order is acyclic and respects program order, and every event has values.
  // width(P|X1) = 1 because X1 is one thread.
  for (const ReadInfo &RI : Reads)
    if (Status S = validateAnnotation(RI); !S)
      return S;
  if (Status S = validateMwidth(); !S)
    return S;
  return validateLocks();
}

//===----------------------------------------------------------------------===//
// Visible, minimal and maximal writes
//===----------------------------------------------------------------------===//

// Visible writes of R are the conflicting writes unordered with R plus the
// latest ones among those before it. With Mwidth(P|X2) = 1, R is ordered with
// every write on its own side, so this is at most A (the last write before R
// on R's side), B (the last before R on the other side) and the chain U of
// other-side writes unordered with R; A hides B if B < A and vice versa.
AnnotatedPO::ReadView AnnotatedPO::view(EventId R) const {
  ReadView V;
  Location L = event(R).Loc;
  uint32_t D = denseLoc(L);
  for (ThreadId T = 0; T < numThreads(); ++T) {
    AccessIndex::List TW = Acc.writes(T, D);
    if (TW.empty())
      continue;
    int32_t Lo = PO.latestBefore(R, T);
    int32_t Last = lastWriteAtOrBeforeDense(T, D, Lo);
    if (Last >= 0) {
      EventId W{T, static_cast<uint32_t>(Last)};
      if (sameSide(T, R.Thread))
        V.A = laterOf(V.A, W);
      else
        V.B = laterOf(V.B, W);
    }
    if (T == R.Thread)
      continue;
    int32_t Hi = std::min<int32_t>(PO.earliestAfter(R, T), threadSize(T));
    int32_t LastU = lastWriteAtOrBeforeDense(T, D, Hi - 1);
    if (LastU <= Lo)
      continue;
    assert(!sameSide(T, R.Thread) && "Mwidth(P|X2) > 1: validate() first");
    V.ULast = laterOf(V.ULast, {T, static_cast<uint32_t>(LastU)});
    const int32_t *It = TW.upperBound(Lo);
    V.UFirst = earlierOf(V.UFirst, {T, static_cast<uint32_t>(*It)});
  }
  V.AVisible = V.A && !(V.B && before(*V.A, *V.B));
  V.BVisible = V.B && !(V.A && before(*V.B, *V.A));
  return V;
}

std::vector<EventId> AnnotatedPO::visibleWrites(EventId R) const {
  ReadView V = view(R);
  std::vector<EventId> Out;
  if (V.AVisible)
    Out.push_back(*V.A);
  if (V.BVisible)
    Out.push_back(*V.B);
  Location L = event(R).Loc;
  uint32_t D = denseLoc(L);
  for (ThreadId T = 0; T < numThreads(); ++T) {
    if (T == R.Thread)
      continue;
    int32_t Lo = PO.latestBefore(R, T);
    int32_t Hi = PO.earliestAfter(R, T);
    for (int32_t I : Acc.writes(T, D))
      if (I > Lo && I < Hi)
        Out.push_back({T, static_cast<uint32_t>(I)});
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

// U is a chain after B, so only A, B and the first (last) element of U can be
// minimal (maximal); each is iff no other candidate lies below (above) it.
std::vector<EventId> AnnotatedPO::extremalWrites(EventId R, bool Max) const {
  ReadView V = view(R);
  std::vector<EventId> Cand;
  if (V.AVisible)
    Cand.push_back(*V.A);
  if (V.BVisible)
    Cand.push_back(*V.B);
  if (Max ? V.ULast : V.UFirst)
    Cand.push_back(Max ? *V.ULast : *V.UFirst);
  std::vector<EventId> Out;
  for (EventId X : Cand)
    if (std::none_of(Cand.begin(), Cand.end(), [&](EventId Y) {
          return Max ? before(X, Y) : before(Y, X);
        }))
      Out.push_back(X);
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::vector<EventId> AnnotatedPO::minimalWrites(EventId R) const {
  return extremalWrites(R, false);
}

std::vector<EventId> AnnotatedPO::maximalWrites(EventId R) const {
  return extremalWrites(R, true);
}

void AnnotatedPO::unshare() {
  for (ReadInfo &RI : Reads)
    if (RI.GoodSet)
      RI.GoodSet = std::make_shared<const std::vector<EventId>>(*RI.GoodSet);
}

} // namespace vcdpor::closure
