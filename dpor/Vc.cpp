//===- dpor/Vc.cpp - Value-centric DPOR ----------------------------------===//
//
// One thread is the root, the others are leaves. A node of the search holds
// X: for every thread, its events up to its first *choice* (a read, an RMW or
// CAS, a lock acquire, a nondet draw), all determined by the values the
// earlier reads of that thread were given. X carries an annotated partial
// order (closure/AnnotatedPO): program order, create/join edges, an initial
// write per location (in a leaf of its own, before every thread), the chosen
// order of every conflicting leaf-leaf pair, the grant order per mutex, and
// for every annotated read its good writes.
//
// Semantics of a node (the set of maximal traces it stands for): traces that
// contain X, order X's conflicting leaf-leaf pairs and each mutex's
// operations as X does (each lock granted right after the operation before
// it in its chain), in which every annotated read observes one of its good
// writes, and every excluded frontier event observes none of the writes (or
// lock chain end) that existed when it was excluded.
//
// Branching, for a node with frontier events f1..fk (in thread order):
// child i annotates fi with one value v obtainable from a visible write of X
// (good writes: X's writes of v, of the same side for a root read, minus the
// excluded ones), or grants lock fi after its chain's end; f1..f(i-1) are
// excluded in child i and after it. This partitions the node: in any trace
// of it, the frontier event that runs first observes a write of X (every
// event before it in the trace is in X), so some fi does. When only lock
// acquires remain, a last child stands for the traces in which none is ever
// granted (a deadlock or a blocked execution). A nondet draw is always
// resolvable, so a node with one branches on its values alone.
//
// Each child is closed (⊥ prunes it), linearized and replayed; the thread
// that took the choice then runs on to its next choice, and the new leaf
// events are ordered against the conflicting leaf events of X, one child per
// consistent ordering. The closure's orderings hold in every trace of the
// child, because each annotated read observes a write that was in X when it
// was annotated. A node without choices is one complete execution.
//
// The partition is by reads-from at annotation time, which is finer than
// value-happens-before: two nodes can denote the same class (a root read
// observing equal values from an earlier or a later leaf write). Complete
// executions are therefore deduplicated by their VHB signature (values read,
// sides of root reads, leaf-leaf conflict order, lock order); the repeats
// are counted as RedundantClasses. Every complete execution is still run
// and checked. Where no two writes of a location write the same value (the
// initial value included, where a read may observe it) a read's value names
// the write it observes, no other node can denote the class, and it is
// counted without the signature (UniqueClasses).
//
// Atomic sections: a section's start is a frontier event of its own, taken
// last among its siblings; its child stands for the traces in which the
// section runs before every other frontier event, so until the section ends
// only its thread's choices are branched on. A foreign event of X that
// conflicts with a section event is ordered before the section's start or
// after its end (one child each); events that do not conflict commute with
// the section, so a replay runs a section back to back from its start.
// Events appended after a section closed follow its end.
//
// Spin loops (awaits on one location): the frontier event is the loop's next
// read, which observes a write that follows the loop's last read; the
// thread may also never wake (the terminal child). exit(): a frontier event
// taken last, like a section's start; its child enumerates the parts of X
// the process can end after (VcExit.cpp).
//
// Constructs this engine cannot yet handle soundly are refused (the result's
// Refused field names them): locks, condition variables, thread creation or
// joins inside atomic sections, a failed assume after a write in one, spin
// loops on several locations or around sections,
// shared frees, accesses to one location of differing size or overlap, and
// initial values of escaped objects that depend on the schedule.
//
//===----------------------------------------------------------------------===//
#include "dpor/Vc.h"
#include "dpor/VcSearch.h"

#include "closure/Linearize.h"

#include <algorithm>

#include <pthread.h>

namespace vcdpor {

namespace vc {

bool Vc::close(Node &N) {
  auto T0 = Clock::now();
  ++Stat.ClosureCalls;
  bool Ok = bool(N.PO.close());
  if (!Ok)
    ++Stat.ClosureFailures;
  Stat.ClosureTimeS += since(T0);
  return Ok;
}

void Vc::advance(Node &N, ThreadId T, cl::EventId Id) {
  std::vector<cl::EventId> New;
  Cont C = T == NoThread ? Cont::No : continueWith(N, T, Id, New);
  if (C == Cont::No && T != NoThread)
    C = rebase(N, T, Id, New);
  if (C == Cont::Ended || (C == Cont::No && !replay(N, &New)))
    return;
  save(N);
  order(
      N, New, [&](Node &D) { closeAndDescend(D); }, /*Portable=*/true);
}

void Vc::take(const Node &N, ThreadId T, const Step &S, Node *Own) {
  Node Child = Own ? std::move(*Own) : N;
  cl::EventId Id = append(Child, T, S);
  Child.Th[T].F = Front();
  if (S.E.Kind == EventKind::AtomicBegin) {
    Child.Atomic = Child.SecThread = T;
    Child.SecBegin = Id;
  }
  if (!Child.Infeasible && close(Child))
    advance(Child, T, Id);
}

void Vc::branchLock(const Node &N, ThreadId T, Node *Own) {
  const Front &F = N.Th[T].F;
  auto Ch = chain(N, F.P.Addr);
  if (!Ch.empty() && N.PO.event(Ch.back()).Kind != cl::EventKind::Unlock)
    return; // held by an operation of X: its release is not in X yet
  if (F.Excluded && Ch.size() <= F.Excl)
    return;
  Step S;
  S.E = F.P;
  if (S.E.Kind == EventKind::TryLock)
    S.E.Flag = true;
  take(N, T, S, Own);
}

void Vc::branchCv(const Node &N, ThreadId T) {
  // Placed right after its condition's last operation in X; a signal also
  // chooses which waiter it wakes (or none when nobody waits).
  const Front &F = N.Th[T].F;
  if (F.Excluded && chain(N, F.P.Addr).size() <= F.Excl)
    return;
  std::vector<ThreadId> W;
  if (F.P.Kind == EventKind::Signal)
    W = waiters(N, F.P.Addr);
  unsigned Alternatives = W.empty() ? 1 : W.size();
  for (unsigned K = 0; K < Alternatives && !stopped(); ++K) {
    Step S;
    S.E = F.P;
    S.Choice = K;
    if (F.P.Kind == EventKind::Signal)
      S.E.Value = W.empty() ? 0 : W[K] + 1;
    take(N, T, S);
  }
}

void Vc::branchTryFail(const Node &N, ThreadId T) {
  // A failed trylock falls inside an interval in which some lock of X holds
  // the mutex: one child per such interval (not excluded).
  const Front &F = N.Th[T].F;
  auto Ch = chain(N, F.P.Addr);
  for (uint32_t I = 0; I < Ch.size() && !stopped(); ++I) {
    if (N.PO.event(Ch[I]).Kind != cl::EventKind::Lock)
      continue;
    if (F.Excluded && I < F.Excl)
      continue;
    Step S;
    S.E = F.P;
    S.E.Flag = false;
    S.Interval = I + 1;
    take(N, T, S);
  }
}

bool Vc::anyAccepted(const Node &N, ThreadId T,
                     const std::function<bool(uint64_t)> &Accept) const {
  // A write of X that is not excluded and whose value the read accepts (a
  // CAS's failure or success).
  const Front &F = N.Th[T].F;
  auto Ws = N.Writes[LocOf.at(F.P.Addr)];
  for (size_t I = F.Excluded ? F.Excl : 0; I < Ws.size(); ++I)
    if (Accept(writeValue(N, Ws[I])))
      return true;
  return false;
}

void Vc::branchRead(const Node &N, ThreadId T, cl::EventKind K,
                    const std::function<bool(uint64_t)> &Accept, Node *Own) {
  const Front F = N.Th[T].F;
  uint32_t L = LocOf.at(F.P.Addr);
  // Without a write the read accepts there is no child, and no need to copy
  // the node to find out.
  if (!anyAccepted(N, T, Accept))
    return;
  // N is not read from here on.
  Node Base = Own ? std::move(*Own) : N;
  Step S;
  S.E = F.P;
  S.E.Kind = K == cl::EventKind::Read ? EventKind::Read : EventKind::Rmw;
  cl::EventId Id = append(Base, T, S);
  Base.Th[T].F = Front();
  if (Base.Infeasible)
    return;
  bool RootRead = Id.Thread == RootC;
  order(Base, {Id}, [&](Node &O) {
    auto Ws = O.Writes[L];
    auto Allowed = [&](cl::EventId W) {
      if (!F.Excluded)
        return true;
      auto It = std::find(Ws.begin(), Ws.end(), W);
      return uint32_t(It - Ws.begin()) >= F.Excl;
    };
    auto SideOf = [&](cl::EventId W) {
      return !RootRead           ? cl::Side::Unset
             : W.Thread == RootC ? cl::Side::Local
                                 : cl::Side::Remote;
    };
    std::set<std::pair<uint64_t, cl::Side>> Set;
    for (cl::EventId W : O.PO.visibleWrites(Id))
      if (Allowed(W) && Accept(writeValue(O, W)))
        Set.insert({writeValue(O, W), SideOf(W)});
    // The value of the write of L that X added last comes first: it is
    // usually what the location holds at the end of the execution that
    // built X, so its child may run on from there (continueWith()). Not
    // what the system holds now: the order of the children must depend on
    // N alone, or the workers of a parallel search could not tell which
    // execution one worker meets first (Path).
    std::vector<std::pair<uint64_t, cl::Side>> Choices(Set.begin(), Set.end());
    for (size_t I = Ws.size(); I-- > 0;) {
      if (Ws[I] == Id)
        continue; // an RMW's own write
      const uint64_t Latest = writeValue(O, Ws[I]);
      std::stable_partition(Choices.begin(), Choices.end(),
                            [&](const auto &C) { return C.first == Latest; });
      break;
    }
    size_t Left = Choices.size();
    for (auto [V, Sd] : Choices) {
      if (stopped())
        return;
      --Left;
      std::vector<cl::EventId> Good;
      for (cl::EventId W : Ws)
        if (W != Id && Allowed(W) && writeValue(O, W) == V && SideOf(W) == Sd)
          Good.push_back(W);
      std::sort(Good.begin(), Good.end());
      // The last choice takes O itself: a leaf of orderings() owns its node.
      Node Child = Left ? O : std::move(O);
      (void)Child.PO.setGoodWrites(Id, std::move(Good), Sd);
      Step &CS = Child.Steps.at(T, Id.Index);
      CS.E.Value = V;
      CS.S = Sd;
      if (close(Child))
        advance(Child, T, Id);
    }
  });
}

void Vc::branchAwait(const Node &N, ThreadId T) {
  const Front &F = N.Th[T].F;
  if (F.P.Kind != EventKind::Cas) {
    awaitChildren(N, T, EventKind::Read, [](uint64_t) { return true; });
    return;
  }
  // A CAS retry loop's cmpxchg: it fails (and the loop waits again) on a
  // value it does not expect, and succeeds on the one it expects.
  const uint64_t Exp = F.P.Value;
  awaitChildren(N, T, EventKind::Read, [Exp](uint64_t V) { return V != Exp; });
  if (!stopped())
    awaitChildren(N, T, EventKind::Rmw, [Exp](uint64_t V) { return V == Exp; });
}

void Vc::awaitChildren(const Node &N, ThreadId T, EventKind K,
                       const std::function<bool(uint64_t)> &Accept) {
  // One child per write the re-read may observe: one that comes after the
  // loop's last read R (the first write after R wakes the thread, and the
  // re-read observes the latest one before it, so that too follows R).
  // Reads-from children, since "after R" binds the write observed.
  const Front F = N.Th[T].F;
  uint32_t L = LocOf.at(F.P.Addr);
  Node Base = N;
  cl::ThreadId CT = COf[T];
  cl::EventId Last{CT, Base.PO.threadSize(CT) - 1};
  // On several locations: the last read of the one the re-run reads first.
  for (auto [Addr, Index] : F.AwaitLast)
    if (Addr == F.P.Addr)
      Last = {CT, Index};
  const bool Several = !F.AwaitLast.empty();
  Base.MultiAwait |= Several;
  Step S;
  S.E = F.P;
  S.E.Kind = K;
  if (F.P.Kind == EventKind::Cas) {
    S.E.Flag = true; // a cmpxchg's outcome, as the interpreter reports it
    if (K == EventKind::Read)
      S.E.Written = 0;
  }
  cl::EventId Id = append(Base, T, S);
  Base.Th[T].F = Front();
  if (Base.Infeasible)
    return;
  order(Base, {Id}, [&](Node &O) {
    auto Ws = O.Writes[L];
    std::vector<cl::EventId> Cands;
    for (cl::EventId W : O.PO.visibleWrites(Id)) {
      if (W == Id)
        continue; // a successful cmpxchg's own write
      auto It = std::find(Ws.begin(), Ws.end(), W);
      if (F.Excluded && uint32_t(It - Ws.begin()) < F.Excl)
        continue;
      if (!O.PO.before(W, Last) && Accept(writeValue(O, W)))
        Cands.push_back(W);
    }
    for (size_t I = 0; I < Cands.size() && !stopped(); ++I) {
      cl::EventId W = Cands[I];
      // An exchange that stores the value it found wakes no spin loop in
      // the interpreter (it only read): observed last, the thread would
      // still wait. Which changing write woke it is not chosen here.
      if (noChangeExchange(O, W)) {
        refuse("a spin loop whose re-read may observe an exchange that "
               "changes nothing",
               T);
        return;
      }
      Node Child = I + 1 < Cands.size() || Several ? O : std::move(O);
      if (!Child.PO.before(Last, W) && !edge(Child, Last, W))
        continue;
      observeAndAdvance(Child, T, Id, W);
    }
    if (Several && !stopped())
      awaitOtherWakers(O, T, F, Id, Last, Accept);
  });
}

void Vc::awaitOtherWakers(const Node &O, ThreadId T, const Front &Fr,
                          cl::EventId Id, cl::EventId Last,
                          const std::function<bool(uint64_t)> &Accept) {
  // Woken by a write of another location the loop waits on, after the
  // loop's last read there: the re-read observes what the last read of its
  // own location observed (a newer write there is the case above). One
  // child per such write of X and observed write; a trace with several
  // wakers is met once per waker (complete() looks classes up).
  std::vector<cl::EventId> Olds;
  for (cl::EventId W : O.PO.visibleWrites(Id))
    if (W != Id && O.PO.before(W, Last) && Accept(writeValue(O, W)))
      Olds.push_back(W);
  const cl::ThreadId CT = Id.Thread;
  for (auto [Addr, Index] : Fr.AwaitLast) {
    if (Addr == Fr.P.Addr)
      continue;
    cl::EventId LastI{CT, Index};
    for (cl::EventId Wk : O.Writes[LocOf.at(Addr)]) {
      if (O.PO.before(Wk, LastI))
        continue;
      if (noChangeExchange(O, Wk)) {
        refuse("a spin loop that an exchange that changes nothing may wake", T);
        return;
      }
      for (cl::EventId W : Olds) {
        if (stopped())
          return;
        Node Child = O;
        if (!Child.PO.before(LastI, Wk) && !edge(Child, LastI, Wk))
          continue;
        if (!Child.PO.before(Wk, Id) && !edge(Child, Wk, Id))
          continue;
        observeAndAdvance(Child, T, Id, W);
      }
    }
  }
}

bool Vc::noChangeExchange(const Node &N, cl::EventId W) const {
  if (W.Thread == InitC)
    return false;
  const Event &E = N.Steps[ProgOf[W.Thread]][W.Index].E;
  return E.Kind == EventKind::Rmw && !E.Flag && E.Value == E.Written;
}

void Vc::observeAndAdvance(Node &Child, ThreadId T, cl::EventId Id,
                           cl::EventId W) {
  cl::Side Sd = Id.Thread != RootC  ? cl::Side::Unset
                : W.Thread == RootC ? cl::Side::Local
                                    : cl::Side::Remote;
  (void)Child.PO.setGoodWrites(Id, {W}, Sd);
  Step &CS = Child.Steps.at(T, Id.Index);
  CS.E.Value = writeValue(Child, W);
  CS.S = Sd;
  if (close(Child))
    advance(Child);
}

bool Vc::branchMemory(const Node &N, ThreadId T, Node *Own) {
  const Front &Fr = N.Th[T].F;
  switch (Fr.K) {
  case FrontKind::Read:
    branchRead(
        N, T, cl::EventKind::Read, [](uint64_t) { return true; }, Own);
    return true;
  case FrontKind::Rmw:
    branchRead(
        N, T, cl::EventKind::ReadModifyWrite, [](uint64_t) { return true; },
        Own);
    return true;
  case FrontKind::Cas: {
    uint64_t Exp = Fr.P.Value;
    auto Fails = [Exp](uint64_t V) { return V != Exp; };
    auto Succeeds = [Exp](uint64_t V) { return V == Exp; };
    // Own goes to the last of the two that has a child.
    bool Success = anyAccepted(N, T, Succeeds);
    branchRead(N, T, cl::EventKind::Read, Fails, Success ? nullptr : Own);
    if (Success && !stopped())
      branchRead(N, T, cl::EventKind::ReadModifyWrite, Succeeds, Own);
    return true;
  }
  case FrontKind::Await:
    branchAwait(N, T);
    return true;
  default:
    return false;
  }
}

bool Vc::tooDeep() {
  uintptr_t Here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (StackBase - Here < SearchStackRoom)
    return false;
  B.searchTooDeep();
  Stop = true;
  return true;
}

void Vc::visit(Node &N) {
  if (stopped() || tooDeep())
    return;
  // Branching copies the node a few times: where that is a megabyte or
  // more (many threads, long executions), the memory limit is checked
  // with those copies counted, so a deep search does not overshoot it.
  size_t Copies = 2 * N.PO.order().bytes();
  if (B.limitReached(Copies >= (size_t(1) << 20) ? Copies : 0)) {
    Stop = true;
    return;
  }
  if (N.Resume) {
    N.Resume = false;
    advance(N);
    return;
  }
  if (N.Atomic != NoThread) {
    // Inside a section its read observes a write of X (everything before
    // the section's start is in X), so there is nothing to exclude.
    ThreadId T = N.Atomic;
    const Front &Fr = N.Th[T].F;
    switch (Fr.K) {
    case FrontKind::Nondet: {
      // The last child takes N itself (nothing reads N after it).
      const unsigned Choices = Fr.Choices;
      const Event P = Fr.P;
      for (unsigned Ch = 0; Ch < Choices && !stopped(); ++Ch) {
        Step S;
        S.E = P;
        S.Choice = Ch;
        take(N, T, S, Ch + 1 == Choices ? &N : nullptr);
      }
      break;
    }
    case FrontKind::Exit:
      branchExit(N, T);
      break;
    default:
      if (!branchMemory(N, T, &N))
        internal("an open atomic section without a pending choice");
    }
    return;
  }
  for (ThreadId T = 0; T < N.Th.size(); ++T) {
    if (N.Th[T].F.K != FrontKind::Nondet)
      continue;
    const unsigned Choices = N.Th[T].F.Choices;
    const Event P = N.Th[T].F.P;
    for (unsigned Ch = 0; Ch < Choices && !stopped(); ++Ch) {
      Step S;
      S.E = P;
      S.Choice = Ch;
      take(N, T, S, Ch + 1 == Choices ? &N : nullptr);
    }
    return;
  }
  // Section starts come last: the child of one stands for the traces in
  // which it runs before every other frontier event, which leaves the
  // earlier siblings' exclusions true and needs none of its own.
  std::vector<ThreadId> F, Sections, Exits;
  bool OnlyLocks = true;
  for (ThreadId T = 0; T < N.Th.size(); ++T) {
    FrontKind K = N.Th[T].F.K;
    if (!isChoiceFront(K))
      continue;
    if (K == FrontKind::Section || K == FrontKind::Exit) {
      (K == FrontKind::Section ? Sections : Exits).push_back(T);
      OnlyLocks = false;
      continue;
    }
    if (deadEnd(N, T))
      return; // an excluded read that no write can reach any more
    F.push_back(T);
    // A trylock always completes; a lock or an await may wait for ever.
    OnlyLocks &= K == FrontKind::Lock || K == FrontKind::Await;
  }
  if (F.empty() && Sections.empty() && Exits.empty()) {
    complete(N);
    return;
  }
  // Reads of locations no other live thread can write come first: once
  // such a read is excluded, no later sibling can give it a value. Events
  // that another pending event conflicts with come last: the first event's
  // family is watched (VcSiblings.cpp), and one with a pending rival is
  // sure to meet it, so its later siblings would all be explored with it
  // excluded. Any order partitions N; this one lets a node whose threads
  // do not meet (indexer) have a single family. The key of each event:
  // its address, and whether it writes or locks; sorted, an event's rivals
  // are its neighbours.
  std::vector<std::pair<uint64_t, bool>> Keys;
  Keys.reserve(F.size());
  for (ThreadId T : F)
    Keys.push_back({N.Th[T].F.P.Addr, N.Th[T].F.K != FrontKind::Read});
  std::sort(Keys.begin(), Keys.end());
  auto PendingRival = [&](const Front &Fr) {
    // The pending events at Fr's address, and how many write or lock.
    auto Lo = std::lower_bound(Keys.begin(), Keys.end(),
                               std::make_pair(Fr.P.Addr, false));
    auto Hi = std::upper_bound(Lo, Keys.end(), std::make_pair(Fr.P.Addr, true));
    auto Writes =
        Hi - std::lower_bound(Lo, Hi, std::make_pair(Fr.P.Addr, true));
    return Fr.K == FrontKind::Lock ? Hi - Lo > 1
                                   : Writes > (Fr.K != FrontKind::Read);
  };
  auto Rank = [&](ThreadId T) {
    const Front &Fr = N.Th[T].F;
    return Fr.NoWriters && isReadFront(Fr.K) ? 0 : PendingRival(Fr) ? 2 : 1;
  };
  std::vector<std::pair<int, ThreadId>> Ranked;
  Ranked.reserve(F.size());
  for (ThreadId T : F)
    Ranked.push_back({Rank(T), T});
  std::stable_sort(Ranked.begin(), Ranked.end(),
                   [](auto &A, auto &B) { return A.first < B.first; });
  for (size_t I = 0; I < F.size(); ++I)
    F[I] = Ranked[I].second;
  // The last branch may consume N when nothing follows it: no section
  // start, exit or terminal() (and the caller's node is not read after
  // visit(): orderings() leaves own theirs).
  const bool ConsumeLast = Sections.empty() && Exits.empty() && !OnlyLocks;
  // Where the first event's family may prove the later ones empty, it is
  // watched while it is explored (VcSiblings.cpp).
  const bool Watch =
      siblingsMayBeEmpty(N, F, !Sections.empty() || !Exits.empty());
  for (ThreadId T : F) {
    Front &Fr = N.Th[T].F;
    Node *Own = ConsumeLast && T == F.back() ? &N : nullptr;
    const bool Watched = Watch && T == F.front();
    if (Watched) {
      Watches.push_back({T, Fr.P.Addr, Fr.P.Size, Fr.K == FrontKind::Lock});
      // Events pending at N are outside X too.
      for (ThreadId U = 0; U < N.Th.size(); ++U)
        if (U != T && isChoiceFront(N.Th[U].F.K))
          noteConflicts(U, N.Th[U].F.P);
    }
    switch (Fr.K) {
    case FrontKind::Lock:
      branchLock(N, T, Own);
      break;
    case FrontKind::TryLock:
      branchLock(N, T);
      if (!stopped())
        branchTryFail(N, T);
      break;
    case FrontKind::CvOp:
      branchCv(N, T);
      break;
    default:
      (void)branchMemory(N, T, Own);
      break;
    }
    bool Met = true;
    if (Watched) {
      Met = Watches.back().Met;
      Watches.pop_back();
    }
    // After the last branch nothing is left to do (and N may be gone).
    if (Own || stopped())
      return;
    if (!Met) {
      // No other thread could give T's event a write (grant) outside X:
      // the later families, and the traces in which no lock is granted,
      // are empty.
      ++Stat.EmptySiblings;
      return;
    }
    // An await on several locations may be woken by a write still to come
    // while its re-read observes one of X: later siblings stand for those
    // traces too, so it is not excluded there.
    if (Fr.K == FrontKind::Await && !Fr.AwaitLast.empty())
      continue;
    // Later siblings stand for the traces in which this event observes none
    // of the writes (lock grants) that exist now.
    Fr.Excluded = true;
    if (Fr.K == FrontKind::Lock || Fr.K == FrontKind::TryLock ||
        Fr.K == FrontKind::CvOp) {
      Fr.Excl = chain(N, Fr.P.Addr).size();
    } else {
      Fr.Excl = N.Writes[LocOf.at(Fr.P.Addr)].size();
      // Later siblings only add exclusions, and the events they take add
      // no write a stuck read could observe (stuck()).
      if (deadEnd(N, T))
        return; // every later sibling would hold a read no write can reach
    }
  }
  for (ThreadId T : Sections) {
    Step S;
    S.E = N.Th[T].F.P;
    take(N, T, S);
    if (stopped())
      return;
  }
  for (ThreadId T : Exits) {
    branchExit(N, T);
    if (stopped())
      return;
  }
  if (OnlyLocks)
    terminal(N);
}

bool Vc::deadEnd(const Node &N, ThreadId T) const {
  if (!stuck(N, T))
    return false;
  // The node's traces are those in which T's read never runs: some thread
  // ends the process first. A thread that is done, or itself stuck before
  // a read, runs nothing more.
  // (Front::MayExit is false throughout a program without exit calls. A
  // deferred failure ends the process too, but a trace in which one ends
  // it with T's read left out has its finding also with the read run just
  // before it: in an earlier sibling, which annotated the read.)
  for (ThreadId U = 0; U < N.Th.size(); ++U)
    if (U != T && !N.Th[U].Done && N.Th[U].F.MayExit && !stuck(N, U))
      return false;
  return true;
}

bool Vc::stuck(const Node &N, ThreadId T) const {
  const Front &F = N.Th[T].F;
  if (!F.Excluded || !isReadFront(F.K))
    return false;
  uint32_t L = LocOf.at(F.P.Addr);
  auto Ws = N.Writes[L];
  if (Ws.size() > F.Excl)
    return false; // a write of X came after the exclusion
  if (F.NoWriters)
    return true;
  if (!F.CasOnly)
    return false;
  // Every write still to come is a cmpxchg's. The first of them, in any
  // trace, observes a write of X: it needs one of the value it expects.
  uint64_t Mask = Locs[L].Size >= 8 ? ~uint64_t(0)
                                    : (uint64_t(1) << (8 * Locs[L].Size)) - 1;
  for (ThreadId U = 0; U < N.Th.size(); ++U) {
    const Front &G = N.Th[U].F;
    if (U == T || G.K != FrontKind::Cas || G.P.Addr != F.P.Addr)
      continue;
    for (cl::EventId W : Ws)
      if ((writeValue(N, W) & Mask) == (G.P.Value & Mask))
        return false;
  }
  return true;
}

void Vc::terminal(Node &N) {
  // The traces in which no lock is ever granted and no await ever wakes: for
  // an await, every write of its location comes before the loop's last read.
  //
  // A mutex is held at the end of X exactly when its chain ends with a
  // grant (every operation that takes a mutex is a grant of its chain). A
  // pending lock of a mutex that is not held is enabled at the end of every
  // trace of N, so no maximal trace leaves it out: the replay below would
  // find it enabled and stop, and is not needed.
  for (ThreadId T = 0; T < N.Th.size(); ++T) {
    if (N.Th[T].F.K != FrontKind::Lock)
      continue;
    auto Ch = chain(N, N.Th[T].F.P.Addr);
    if (Ch.empty() || N.PO.event(Ch.back()).Kind == cl::EventKind::Unlock)
      return;
  }
  std::optional<Node> Copy;
  for (ThreadId T = 0; T < N.Th.size(); ++T) {
    if (N.Th[T].F.K != FrontKind::Await)
      continue;
    if (!Copy)
      Copy.emplace(N);
    cl::ThreadId CT = COf[T];
    const Front &F = N.Th[T].F;
    std::vector<std::pair<uint64_t, uint32_t>> Reads = F.AwaitLast;
    if (Reads.empty())
      Reads.push_back({F.P.Addr, Copy->PO.threadSize(CT) - 1});
    for (auto [Addr, Index] : Reads) {
      cl::EventId Last{CT, Index};
      for (cl::EventId W : Copy->Writes[LocOf.at(Addr)])
        if (!Copy->PO.before(W, Last) && !edge(*Copy, W, Last))
          return;
    }
  }
  if (Copy && !close(*Copy))
    return;
  Node &M = Copy ? *Copy : N;
  std::vector<cl::EventId> New;
  if (!replay(M, &New))
    return;
  if (!New.empty()) {
    internal("a blocked node still had determined events");
    return;
  }
  for (ThreadId T = 0; T < M.Th.size(); ++T) {
    if (M.Th[T].F.K == FrontKind::Lock &&
        Sys.state(T) != ThreadState::BlockedLock)
      return; // an acquire is enabled: no maximal trace leaves it out
    if (M.Th[T].F.K == FrontKind::Await &&
        Sys.state(T) != ThreadState::AwaitBlocked) {
      internal("an await woke with every write before it");
      return;
    }
  }
  complete(M);
}

void Vc::complete(const Node &N) {
  if (!tick())
    return;
  ExecutionEnd End = Sys.end();
  if (End == ExecutionEnd::Running) {
    internal("a complete node's execution is not maximal");
    return;
  }
  // A class met only once needs no look-up (an ordered search keeps its
  // one position). Not once X has held an atomic section, whose children (a
  // foreign event before its start or after its end) can denote one class
  // with distinct values too (tests/lit/vc/atomic_mixed.c).
  if (N.SecThread == NoThread && !N.MultiAwait && distinctWrites(N)) {
#ifdef VCDPOR_EXPENSIVE_CHECKS
    if (!firstOf(0, signature(N))) {
      internal("a class whose writes all differ met twice");
      return;
    }
#endif
    record(&N, 0, nullptr, End);
    return;
  }
  auto Sig = signature(N);
  record(&N, 0, &Sig, End);
}

bool Vc::firstOf(int Space, const std::pair<uint64_t, uint64_t> &Sig) {
  std::lock_guard<std::mutex> L(Sh.ClassesM);
  return (Space ? Sh.ExitClasses : Sh.Classes).insert(Sig).second;
}

void Vc::record(const Node *N, int Space,
                const std::pair<uint64_t, uint64_t> *Sig, ExecutionEnd End) {
  if (End == ExecutionEnd::Interrupted) {
    Stop = true;
    return;
  }
  // One worker counts a class where it first meets it. An ordered search
  // decides that after the search (the ledger); a finding there is kept at
  // its least position, met again or not.
  if (!Sig) {
    ++Stat.UniqueClasses;
  } else if (!Sh.Order && !firstOf(Space, *Sig)) {
    ++Stat.RedundantClasses;
    return;
  }
  if (C.CountLocalBehaviours && End != ExecutionEnd::Error)
    Local.add(Exec);
  if (End == ExecutionEnd::Error || End == ExecutionEnd::Deadlock) {
    found(N, End);
    return;
  }
  if (Sh.Order) {
    std::optional<HbSignature> Hb;
    if (C.CountHbClasses)
      Hb = hbSignature(Exec, Sys.numThreads());
    bool Again = false;
    if (!Sig) {
      Unique.push_back({encodePosition(Path), End, std::move(Hb)});
      if (Unique.size() >= 64)
        Sh.Order->countUnique(Slot, Unique);
    } else {
      Again = Sh.Order->count(Slot, Space, *Sig, encodePosition(Path), End, Hb);
    }
    if (Again)
      ++Stat.RedundantClasses;
    else
      B.countPending();
    if (B.stopAfterExecution())
      Stop = true;
    return;
  }
  if (B.countExecution(Sys, End, Exec) || B.stopAfterExecution())
    Stop = true;
}

void Vc::descend(Node &D) {
  if (!tick())
    return;
  // Handed over only while some worker has nothing to do (neither a
  // subtree nor a queued node): a handed-over node loses the continuation
  // of the execution the system holds (it is replayed) and costs a copy.
  if (wantsWork()) {
    // A node without choices is counted from the execution the system
    // holds now (complete()): it stays with this worker. So does, unless
    // every node is to go, a node whose choices are one thread's: usually
    // the last event a class lacks, a class or two, less than the hand-over
    // costs the two workers (lastwrite: every class lies below such a node).
    if (hasChoices(D, C.HandOffAll ? 1 : 2)) {
      ++Stat.HandedOff;
      // D is not read after descend() (its caller's leaf owns it).
      auto Tk = std::make_shared<Task>();
      Tk->N = std::move(D);
      if (Sh.Order) {
        Tk->N.At = Path;
        Sh.Order->handOver(encodePosition(Path));
      }
      Sh.Spawn(std::move(Tk));
      return;
    }
  }
  Path.push_back(0);
  visit(D);
  Path.pop_back();
}

bool Vc::wantsWork() const {
  return Sh.Spawn &&
         (C.HandOffAll || Sh.Queued.load(std::memory_order_relaxed) +
                                  Sh.Busy.load(std::memory_order_relaxed) <
                              int(C.Workers));
}

bool Vc::tick() {
  ++Path.back();
  if (Sh.Order && !Past && Sh.Order->past(Path, Seen))
    Past = true;
  return !Past;
}

void Vc::task(Task &Tk) {
  // N's subtree lies between N's position and the next of its parent (an
  // orderings branch: its position is that of its first leaf's parent).
  Node &N = Tk.N;
  // Nothing this worker's copies of N count references of is to be shared
  // with the worker that handed N over: both would update the counts of
  // the same objects at every copy of a node (two workers took twice one's
  // instructions on casrot(10), in copies and destructors of orders).
  N.PO.unshare();
  // (The new handle counts the saved state's bytes again: the budget of
  // saved states errs towards fewer saves, that is replays.)
  if (N.Snap)
    N.Snap = std::make_shared<const Saved>(N.Snap->State, N.Snap->Exec,
                                           Sh.SavedBytes);
  Path = N.At;
  Past = false;
  if (Sh.Order) {
    if (Slot < 0)
      Slot = Sh.Order->join();
    Sh.Order->at(Slot, encodePosition(Path), /*FromQueue=*/true);
  }
  if (!Stop && !(Sh.Order && Sh.Order->past(Path, Seen))) {
    if (!Tk.Orderings)
      Path.push_back(0);
    StackBase = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
    {
      std::lock_guard<std::mutex> L(Sh.M);
      pull();
    }
    Root = Sh.Root;
    setRoot();
    if (Tk.Orderings)
      orderings(
          N, Tk.P, Tk.From, [&](Node &D) { closeAndDescend(D); },
          /*Portable=*/true);
    else
      visit(N);
  }
  if (Sh.Order) {
    Sh.Order->countUnique(Slot, Unique);
    Sh.Order->at(Slot, std::nullopt, false);
  }
}

void Vc::run() {
  // (setUp() has installed the stop check and the finding mode.)
  Path.assign(1, 0);
  if (Sh.Order) {
    Slot = Sh.Order->join();
    Sh.Order->at(Slot, encodePosition(Path), false);
  }
  search();
  if (Sh.Order) {
    Sh.Order->countUnique(Slot, Unique);
    Sh.Order->at(Slot, std::nullopt, false);
  }
}

void Vc::search() {
  StackBase = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  // The root: as given, or the first thread main creates (found by running
  // main alone until it creates one).
  if (C.VcRoot >= 0) {
    Root = ThreadId(C.VcRoot);
  } else {
    Sys.reset();
    while (Sys.end() == ExecutionEnd::Running && Sys.enabled(0)) {
      const Event &E = Sys.step(0, 0);
      if (E.Kind == EventKind::Create) {
        Root = ThreadId(E.Value);
        break;
      }
    }
  }
  {
    std::lock_guard<std::mutex> L(Sh.M);
    Sh.Root = Root;
    pull();
  }
  setRoot();

  // The empty node: X holds what every thread does before its first choice.
  std::vector<cl::EventId> New;
  Node Start;
  if (!replay(Start, &New))
    return;
  save(Start);
  order(
      Start, New, [&](Node &D) { closeAndDescend(D); }, /*Portable=*/true);
}

void Vc::setRoot() {
  ProgOf.Root = Root;
  COf.Root = Root;
}

void Vc::setUp() {
  Sys.setStopCheck([this](uint64_t PendingBytes) {
    if (B.limitReached(PendingBytes))
      SysStopped = true;
    return SysStopped;
  });
  Sys.setDeferFindings(!C.StopOnFirst);
  Sys.setSaving(C.Rebase);
}

void onSearchStack(const std::function<void()> &F) {
  // A thread of our own: the main thread's stack is what ulimit -s says.
  pthread_attr_t A;
  pthread_attr_init(&A);
  pthread_attr_setstacksize(&A, SearchStackBytes);
  pthread_t Th;
  auto Run = [](void *Arg) -> void * {
    (*static_cast<const std::function<void()> *>(Arg))();
    return nullptr;
  };
  bool Started = pthread_create(&Th, &A, Run,
                                const_cast<std::function<void()> *>(&F)) == 0;
  pthread_attr_destroy(&A);
  if (Started)
    pthread_join(Th, nullptr);
  else
    F(); // no thread to be had: the stack this one has
}

} // namespace vc

ExploreResult VcExplorer::explore(System &Sys) {
  ExploreResult Res;
  if (WantedRaces == RaceMode::Error) {
    Res.Refused = "vc: checking for data races (--property no-data-race) is "
                  "not supported by this engine: a value class can hold a "
                  "racy execution and a race-free one; use --engine=optimal";
    return Res;
  }
  vc::Shared Sh(Config, Res);
  std::vector<std::unique_ptr<System>> Systems; // outlives Workers
  std::vector<std::unique_ptr<vc::Vc>> Workers;
  if (Config.Workers <= 1) {
    Workers.push_back(std::make_unique<vc::Vc>(Sh, Sys, 0));
    Workers[0]->setUp();
    vc::onSearchStack([&] { Workers[0]->run(); });
  } else {
    vc::exploreParallel(Sh, Sys, Systems, Workers);
  }
  Stats &S = Res.S;
  LocalBehaviours Local;
  for (const auto &W : Workers) {
    if (!W)
      continue;
    const Stats &T = W->Stat;
    S.ClosureCalls += T.ClosureCalls;
    S.ClosureFailures += T.ClosureFailures;
    S.Replays += T.Replays;
    S.Continued += T.Continued;
    S.Rebased += T.Rebased;
    S.RedundantClasses += T.RedundantClasses;
    S.UniqueClasses += T.UniqueClasses;
    S.MergedWriteOrders += T.MergedWriteOrders;
    S.EmptySiblings += T.EmptySiblings;
    S.HandedOff += T.HandedOff;
    S.HandedOffOrderings += T.HandedOffOrderings;
    S.Events += T.Events;
    S.NondetUsed |= T.NondetUsed;
    S.InterpTimeS += T.InterpTimeS;
    S.ClosureTimeS += T.ClosureTimeS;
    Local.merge(W->Local);
  }
  S.RootThread = Sh.Root;
  S.UnreadLocations = Sh.Unread.size();
  if (Config.CountLocalBehaviours) {
    S.LocalBehaviours = Local.size();
    S.LocalDigest = Local.digest();
  }
  if (Sh.Order)
    Sh.Order->settle(Sh.B, Res);
  Sh.B.finish();
  if (!Res.Refused.empty())
    Res.V = Verdict::Unknown;
  return Res;
}

} // namespace vcdpor
