//===- dpor/VcNode.cpp - Building a VC-DPOR node
//---------------------------===//
//
// Appending events to a node's X (with their program-order, create/join,
// initial-value and lock-chain edges), the locations and mutexes they name,
// the conflicting leaf pairs new events bring, and a complete node's
// value-happens-before signature.
//
//===----------------------------------------------------------------------===//
#include "dpor/Hash.h"
#include "dpor/VcSearch.h"

#include <algorithm>

namespace vcdpor::vc {

double since(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}

std::string Vc::where(const Event &E) const {
  SourceLoc S = Sys.describeSrc(E.SrcLoc);
  std::string Out = "thread " + std::to_string(E.Thread);
  if (S.Line)
    Out += ", " + S.File + ":" + std::to_string(S.Line);
  return Out;
}

bool Vc::refuse(const std::string &What, const Event &E) {
  std::string Msg = "vc: " + What + " (" + where(E) +
                    ") is not supported by this engine yet; use "
                    "--engine=optimal";
  if (Sh.Order) {
    // One worker would refuse only if it met nothing that stops it first.
    if (tick())
      Sh.Order->refusal(encodePosition(Path), Msg);
    Past = true;
    return false;
  }
  {
    std::lock_guard<std::mutex> L(Sh.RefusedM);
    if (R.Refused.empty())
      R.Refused = std::move(Msg);
  }
  Stop = true;
  return false;
}

bool Vc::internal(const std::string &What) {
  {
    std::lock_guard<std::mutex> L(Sh.RefusedM);
    if (R.Refused.empty()) {
      R.Refused = "vc: internal error: " + What;
      R.Internal = true;
    }
  }
  Stop = true;
  return false;
}

void Vc::pull() {
  for (uint32_t L = Locs.size(); L < Sh.Locs.size(); ++L) {
    const LocInfo &I = Sh.Locs[L];
    Locs.push_back(I);
    LocOf.emplace(I.Addr, L);
    Ranges.emplace(I.Addr, L);
    // Not yet accessed in the current replay: its first access checks the
    // initial contents (location()).
    SeenIn.push_back(ReplayNo - 1);
    FirstVal.push_back(I.Init);
    FirstIn.push_back(ReplayNo - 1);
  }
  for (uint32_t M = MutexOf.size(); M < Sh.Mutexes.size(); ++M)
    MutexOf.emplace(Sh.Mutexes[M], M);
}

cl::ThreadId Vc::cthread(Node &N, ThreadId T) {
  while (N.PO.numThreads() <= COf[T])
    (void)N.PO.addThread();
  return COf[T];
}

std::optional<uint32_t> Vc::location(const Node &N, const Event &E) {
  if (E.Size > 8) {
    refuse("accesses wider than 8 bytes to " + Sys.describeAddr(E.Addr), E);
    return std::nullopt;
  }
  auto It = LocOf.find(E.Addr);
  if (It == LocOf.end()) {
    std::optional<uint64_t> Init = Sys.peek(E.Addr, E.Size);
    bool Overlaps = false;
    {
      std::lock_guard<std::mutex> Lk(Sh.M);
      pull();
      It = LocOf.find(E.Addr);
      // A new location must not overlap a known one.
      if (It == LocOf.end() && !(Overlaps = overlapsKnown(E.Addr, E.Size))) {
        uint32_t L = Sh.Locs.size();
        Sh.Locs.push_back({E.Addr, E.Size, Init.value_or(0)});
        pull();
        SeenIn[L] = FirstIn[L] = ReplayNo; // what it holds now
        return L;
      }
    }
    if (Overlaps) {
      refuse("overlapping accesses of different sizes to " +
                 Sys.describeAddr(E.Addr),
             E);
      return std::nullopt;
    }
  }
  uint32_t L = It->second;
  if (Locs[L].Size != E.Size) {
    refuse("accesses of different sizes to " + Sys.describeAddr(E.Addr), E);
    return std::nullopt;
  }
  if (SeenIn[L] != ReplayNo) {
    SeenIn[L] = ReplayNo;
    std::optional<uint64_t> Now = Sys.peek(E.Addr, E.Size);
    if (Now && L < N.InitIdx.size() && N.InitIdx[L] >= 0) {
      // X already holds the location's initial write: what the object held
      // when it became shared must be what X says.
      if (*Now != N.InitVal[N.InitIdx[L]]) {
        refuse("the initial contents of " + Sys.describeAddr(E.Addr) +
                   " depend on the schedule (they are not fixed by the "
                   "values the threads read before it became shared)",
               E);
        return std::nullopt;
      }
    } else if (Now) {
      FirstVal[L] = *Now;
      FirstIn[L] = ReplayNo;
    }
  }
  return L;
}

bool Vc::overlapsKnown(uint64_t Addr, uint32_t Size) const {
  auto Next = Ranges.lower_bound(Addr);
  if (Next != Ranges.end() && Next->first < Addr + Size)
    return true;
  if (Next == Ranges.begin())
    return false;
  auto Prev = std::prev(Next);
  return Prev->first + Locs[Prev->second].Size > Addr;
}

uint32_t Vc::mutex(uint64_t Addr) {
  auto It = MutexOf.find(Addr);
  if (It != MutexOf.end())
    return It->second;
  std::lock_guard<std::mutex> L(Sh.M);
  pull();
  It = MutexOf.find(Addr);
  if (It != MutexOf.end())
    return It->second;
  Sh.Mutexes.push_back(Addr);
  pull();
  return MutexOf.at(Addr);
}

void Vc::ensureInit(Node &N, uint32_t L) {
  if (N.InitIdx.size() <= L) {
    N.InitIdx.resize(L + 1, -1);
    N.Writes.grow(L + 1);
    N.LeafAcc.grow(L + 1);
  }
  if (N.InitIdx[L] >= 0)
    return;
  // What the location held before its first access in the current
  // execution: an object that becomes shared once its owner has filled it
  // in holds what the owner computed, which X's values fix (location()
  // checks that every later execution of the node finds the same).
  const uint64_t Init = FirstIn[L] == ReplayNo ? FirstVal[L] : Locs[L].Init;
  cl::EventId I = N.PO.addWrite(InitC, L, cl::Value(Init));
  N.InitIdx[L] = I.Index;
  N.InitVal.push_back(Init);
  N.Writes.push(L, I);
  // Before every event: a fresh write has no successors yet, so each edge
  // joins unordered events.
  for (cl::ThreadId CT = 0; CT < N.PO.numThreads(); ++CT)
    if (CT != InitC && N.PO.threadSize(CT))
      (void)edge(N, I, {CT, 0});
}

bool Vc::holds(const Node &N, ThreadId T, uint64_t Mutex,
               uint32_t Before) const {
  if (T >= N.Steps.size())
    return false;
  auto Steps = N.Steps[T];
  for (size_t I = std::min<size_t>(Before, Steps.size()); I-- > 0;) {
    const Event &E = Steps[I].E;
    if (E.Kind == EventKind::CondWait ? E.Addr2 != Mutex : E.Addr != Mutex)
      continue;
    switch (E.Kind) {
    case EventKind::Lock:
    case EventKind::CondWake:
      return true;
    case EventKind::TryLock:
      if (E.Flag)
        return true;
      break;
    case EventKind::Unlock:
    case EventKind::CondWait:
      return false;
    default:
      break;
    }
  }
  return false;
}

cl::EventId Vc::append(Node &N, ThreadId T, const Step &S) {
  cl::ThreadId CT = cthread(N, T);
  const Event &E = S.E;
  // A release of a mutex the thread does not hold fails where it is, in
  // every order (whether T holds it is T's own history).
  const bool Unheld = (E.Kind == EventKind::Unlock && !holds(N, T, E.Addr)) ||
                      (E.Kind == EventKind::CondWait && !holds(N, T, E.Addr2));
  cl::Event CE{cl::EventKind::Write, DummyLoc, 0, 0};
  std::optional<uint32_t> L;
  switch (E.Kind) {
  case EventKind::Write:
    if (isSetupWrite(E))
      break; // a placeholder: no location holds it (stepDetermined)
    if (unreadWrite(E)) {
      // No read observes it: its order is no part of the class.
      if (UnreadSeen.insert(E.Addr).second) {
        std::lock_guard<std::mutex> Lk(Sh.M);
        Sh.Unread.insert(E.Addr);
      }
      break;
    }
    [[fallthrough]];
  case EventKind::Read:
  case EventKind::Rmw:
    L = LocOf.at(E.Addr);
    ensureInit(N, *L);
    CE = {E.Kind == EventKind::Read    ? cl::EventKind::Read
          : E.Kind == EventKind::Write ? cl::EventKind::Write
                                       : cl::EventKind::ReadModifyWrite,
          *L, cl::Value(E.Value), cl::Value(E.Written)};
    break;
  case EventKind::Lock:
  case EventKind::CondWake:
    CE = {cl::EventKind::Lock, mutex(E.Addr), 0, 0};
    break;
  case EventKind::TryLock:
    if (E.Flag)
      CE = {cl::EventKind::Lock, mutex(E.Addr), 0, 0};
    break;
  case EventKind::Unlock:
    if (Unheld)
      break; // fails (a finding) and releases nothing: a placeholder
    CE = {cl::EventKind::Unlock, mutex(E.Addr), 0, 0};
    break;
  case EventKind::CondWait: // releases the mutex
    if (Unheld)
      break;
    CE = {cl::EventKind::Unlock, mutex(E.Addr2), 0, 0};
    break;
  default:
    break;
  }
  if (!Watches.empty())
    noteConflicts(T, E);
  ThreadX &X = thread(N, T);
  bool First = N.Steps[T].empty();
  cl::EventId Id = N.PO.addEvent(CT, CE);
  N.Steps.push(T, S);
  if (First) {
    if (N.PO.threadSize(InitC))
      (void)edge(N, {InitC, N.PO.threadSize(InitC) - 1}, Id);
    if (X.HasCreator)
      (void)edge(N, X.Creator, Id);
  }
  // A fresh event has no successors: these edges cannot close a cycle.
  for (cl::EventId P : N.Preds[T])
    (void)edge(N, P, Id);
  N.Preds.clear(T);
  if (T == N.Atomic)
    for (cl::EventId G : N.After)
      N.Infeasible |= !edge(N, Id, G);
  if (L) {
    if (E.Kind != EventKind::Read)
      N.Writes.push(*L, Id);
    if (isLeaf(CT))
      N.LeafAcc.push(*L, Id);
  }
  // The mutex part: grants and releases join the mutex's chain.
  bool Grant = E.Kind == EventKind::Lock || E.Kind == EventKind::CondWake ||
               (E.Kind == EventKind::TryLock && E.Flag);
  bool Release =
      !Unheld && (E.Kind == EventKind::Unlock || E.Kind == EventKind::CondWait);
  bool TryFail = E.Kind == EventKind::TryLock && !E.Flag;
  if (Grant || Release || TryFail) {
    uint64_t MA = E.Kind == EventKind::CondWait ? E.Addr2 : E.Addr;
    uint32_t M = chainFor(N, MA);
    auto Ch = N.Chain[M];
    if (TryFail) {
      // Inside the interval opened by chain operation S.Interval - 1.
      (void)edge(N, Ch[S.Interval - 1], Id);
      if (S.Interval < Ch.size())
        N.Infeasible |= !edge(N, Id, Ch[S.Interval]);
      else
        N.TryWaiting.push(M, Id);
    } else {
      if (Grant && !Ch.empty())
        (void)edge(N, Ch.back(), Id);
      if (Release) {
        for (cl::EventId F : N.TryWaiting[M])
          (void)edge(N, F, Id);
        N.TryWaiting.clear(M);
      }
      N.Chain.push(M, Id);
    }
  }
  // The condition part: waits, signals and broadcasts form one chain per
  // condition; a wake-up follows the operation that woke it.
  if (E.Kind == EventKind::CondWait || E.Kind == EventKind::Signal ||
      E.Kind == EventKind::Broadcast) {
    std::vector<ThreadId> Woken;
    if (E.Kind == EventKind::Broadcast)
      Woken = waiters(N, E.Addr);
    else if (E.Kind == EventKind::Signal && E.Value)
      Woken.push_back(ThreadId(E.Value - 1));
    for (ThreadId U : Woken)
      thread(N, U).Waker = Id;
    uint32_t Cond = chainFor(N, E.Addr);
    if (!N.Chain[Cond].empty())
      (void)edge(N, N.Chain[Cond].back(), Id);
    N.Chain.push(Cond, Id);
  }
  // (N.Th may have grown since X was taken: index it afresh.)
  if (E.Kind == EventKind::CondWake)
    (void)edge(N, N.Th[T].Waker, Id);
  if (E.Kind == EventKind::Create) {
    ThreadX &Child = thread(N, ThreadId(E.Value));
    Child.HasCreator = true;
    Child.Creator = Id;
  }
  if (E.Kind == EventKind::Join) {
    ThreadId J = ThreadId(E.Value);
    ThreadX &Child = thread(N, J);
    if (!N.Steps[J].empty())
      (void)edge(N, {COf[J], uint32_t(N.Steps[J].size() - 1)}, Id);
    else if (Child.HasCreator)
      (void)edge(N, Child.Creator, Id);
  }
  return Id;
}

cl::Lists<cl::EventId>::View Vc::chain(const Node &N, uint64_t Addr) {
  uint32_t M = mutex(Addr);
  return M < N.Chain.size() ? N.Chain[M] : cl::Lists<cl::EventId>::View();
}

uint32_t Vc::chainFor(Node &N, uint64_t Addr) {
  uint32_t M = mutex(Addr);
  N.Chain.grow(M + 1);
  N.TryWaiting.grow(M + 1);
  return M;
}

std::vector<ThreadId> Vc::waiters(const Node &N, uint64_t C) {
  std::vector<ThreadId> W;
  for (cl::EventId Op : chain(N, C)) {
    const Event &E = N.Steps[ProgOf[Op.Thread]][Op.Index].E;
    // A wait whose mutex its thread did not hold failed: no waiter.
    if (E.Kind == EventKind::CondWait && holds(N, E.Thread, E.Addr2, Op.Index))
      W.push_back(E.Thread);
    else if (E.Kind == EventKind::Broadcast)
      W.clear();
    else if (E.Kind == EventKind::Signal && E.Value)
      W.erase(std::find(W.begin(), W.end(), ThreadId(E.Value - 1)));
  }
  return W;
}

uint64_t Vc::writeValue(const Node &N, cl::EventId W) const {
  if (W.Thread == InitC)
    return N.InitVal[W.Index];
  return N.Steps[ProgOf[W.Thread]][W.Index].E.Written;
}

std::vector<Pair> Vc::conflictPairs(const Node &N,
                                    const std::vector<cl::EventId> &New) const {
  std::vector<Pair> Out;
  std::set<cl::EventId> Fresh(New.begin(), New.end());
  for (cl::EventId E : New) {
    if (!isLeaf(E.Thread))
      continue;
    const cl::Event &EE = N.PO.event(E);
    if (EE.Kind == cl::EventKind::Lock || EE.Kind == cl::EventKind::Unlock ||
        EE.Loc == DummyLoc)
      continue;
    for (cl::EventId G : N.LeafAcc[EE.Loc]) {
      if (G.Thread == E.Thread || (Fresh.count(G) && G < E))
        continue;
      if (cl::conflict(EE, N.PO.event(G)))
        Out.push_back({E, G});
    }
  }
  return Out;
}

bool Vc::distinctWrites(const Node &N) {
  // Locations whose initial value some write repeats.
  std::vector<uint64_t> &Vals = DistinctScratch.Vals;
  std::vector<uint32_t> &InitToo = DistinctScratch.Locs;
  InitToo.clear();
  for (size_t L = 0; L < N.Writes.size(); ++L) {
    auto Ws = N.Writes[L];
    if (Ws.size() < 2)
      continue;
    Vals.clear();
    for (cl::EventId W : Ws)
      if (W.Thread != InitC)
        Vals.push_back(writeValue(N, W));
    std::sort(Vals.begin(), Vals.end());
    if (std::adjacent_find(Vals.begin(), Vals.end()) != Vals.end())
      return false;
    if (N.InitIdx[L] >= 0 &&
        std::binary_search(Vals.begin(), Vals.end(), N.InitVal[N.InitIdx[L]]))
      InitToo.push_back(uint32_t(L));
  }
  // The initial value counts only where some read may observe it: one that
  // no write of the location precedes in program and creation order, which
  // hold in every trace of N's class (a program that sets a location to its
  // initial value before it starts threads hides it).
  std::vector<uint32_t> &FirstW = DistinctScratch.FirstW;
  for (uint32_t L : InitToo) {
    FirstW.assign(N.PO.numThreads(), UINT32_MAX);
    for (cl::EventId W : N.Writes[L])
      FirstW[W.Thread] = std::min(FirstW[W.Thread], W.Index);
    auto Hidden = [&](cl::EventId R) {
      for (;;) {
        if (FirstW[R.Thread] < R.Index)
          return true;
        const ThreadX &X = N.Th[ProgOf[R.Thread]];
        if (!X.HasCreator)
          return false;
        R = X.Creator;
      }
    };
    for (cl::EventId A : N.LeafAcc[L])
      if (cl::readsMemory(N.PO.event(A).Kind) && !Hidden(A))
        return false;
    for (uint32_t I = 0; I < N.PO.threadSize(RootC); ++I) {
      const cl::Event &E = N.PO.event({RootC, I});
      if (E.Loc == L && cl::readsMemory(E.Kind) && !Hidden({RootC, I}))
        return false;
    }
  }
  return true;
}

std::pair<uint64_t, uint64_t> Vc::signature(const Node &N) const {
  Sig128 H;
  for (ThreadId T = 0; T < N.Th.size(); ++T) {
    H.add2(0xfeed0000 + T, uint64_t(N.Th[T].F.K));
    for (const Step &S : N.Steps[T]) {
      H.add2(uint64_t(S.E.Kind) | uint64_t(S.E.Flag) << 8 |
                 uint64_t(S.S) << 16 | uint64_t(S.Interval) << 24,
             S.E.Addr);
      H.add2(S.E.Value, S.E.Written);
    }
  }
  // Leaf-leaf conflict order, the pairs named by program thread and index.
  auto Name = [&](cl::EventId E) {
    return uint64_t(ProgOf[E.Thread]) << 32 | E.Index;
  };
  PairSum Leaf;
  leafPairs(
      N, [](cl::EventId) { return true; },
      [&](cl::EventId A, cl::EventId B) { Leaf.add(Name(A), Name(B)); });
  H.add2(Leaf.S1, Leaf.S2);
  for (size_t M = 0; M < N.Chain.size(); ++M) {
    H.add(0xc4a1);
    for (cl::EventId E : N.Chain[M]) {
      H.add(ProgOf[E.Thread]);
      H.add(E.Index);
    }
  }
  return H.value();
}

} // namespace vcdpor::vc
