//===- dpor/VcReplay.cpp - Replaying a VC-DPOR node ----------------------===//
//
// Running the program along a linearization of a node's partial order (an
// atomic section back to back from its start), letting every thread run on
// through the events its values determine, recording each thread's frontier,
// and ordering the new events against X: before or after the latest atomic
// section where they conflict with it, and leaf against leaf.
//
//===----------------------------------------------------------------------===//
#include "dpor/VcSearch.h"

#include "closure/Linearize.h"

#include <algorithm>

namespace vcdpor::vc {

namespace {
bool live(ThreadState S) {
  switch (S) {
  case ThreadState::Ready:
  case ThreadState::BlockedLock:
  case ThreadState::BlockedJoin:
  case ThreadState::BlockedAtomic:
  case ThreadState::Waiting:
  case ThreadState::AwaitBlocked:
    return true;
  default:
    return false;
  }
}

/// A pending cmpxchg: it shows as the outcome it would have now (a read or
/// an RMW), flagged, or as a Cas where that cannot be told.
bool pendingCmpxchg(const Event &P) {
  return P.Kind == EventKind::Cas ||
         ((P.Kind == EventKind::Read || P.Kind == EventKind::Rmw) && P.Flag);
}

/// A frontier event that is the same event as before this replay keeps
/// the exclusion its earlier siblings gave it.
void keepExclusion(Front &F, const Front &Old) {
  if (Old.K == F.K && Old.P.Index == F.P.Index) {
    F.Excluded = Old.Excluded;
    F.Excl = Old.Excl;
  }
}
} // namespace

void Vc::writers(Front &F, ThreadId T, uint64_t Addr, uint32_t Size) const {
  F.NoWriters = true;
  F.CasOnly = false;
  for (ThreadId U = 0; U < Sys.numThreads(); ++U) {
    if (U == T || !live(Sys.state(U)) || !Sys.mayWrite(U, Addr, Size))
      continue;
    const Event &P = Sys.pending(U);
    if (Sys.state(U) == ThreadState::Ready && Sys.awaited(U).empty() &&
        pendingCmpxchg(P) && P.Addr == Addr &&
        !Sys.mayWriteAfterPending(U, Addr, Size)) {
      F.CasOnly = true;
      continue;
    }
    F.NoWriters = F.CasOnly = false;
    return;
  }
  F.NoWriters = !F.CasOnly;
}

bool Vc::recordFrontier(Node &N) {
  const ThreadId Held = N.Atomic;
  for (ThreadId T = 0; T < Sys.numThreads(); ++T) {
    if (Held != NoThread && T != Held)
      continue; // held up by the open section: X keeps what it knew
    ThreadState St = Sys.state(T);
    if (St == ThreadState::Absent)
      continue;
    if (T == Held && (St != ThreadState::Ready || !Sys.pending(T).InAtomic)) {
      // A loop that reads nothing blocks its thread for good, and the
      // others run on as after the section's end (the replay after
      // closeSection() finds the thread blocked). One that reads may be
      // woken inside the section.
      if (St == ThreadState::AwaitBlocked && !Sys.awaited(T).empty())
        return refuse("a spin loop around or inside an atomic section",
                      N.Steps[T].back().E);
      if (St == ThreadState::AssumeBlocked) {
        // The interpreter undoes a section whose guard fails; X cannot.
        auto Steps = N.Steps[T];
        for (uint32_t I = N.SecBegin.Index; I < Steps.size(); ++I)
          if (Steps[I].E.Kind == EventKind::Write ||
              Steps[I].E.Kind == EventKind::Rmw)
            return refuse("a failed assume after a write in an atomic "
                          "section",
                          Steps[I].E);
      }
      closeSection(N); // its thread runs on in the replay that follows
      continue;
    }
    ThreadX &X = thread(N, T);
    Front Old = X.F;
    X.F = Front();
    X.F.MayExit = Sys.mayExitFrom(T);
    X.Done = false;
    switch (St) {
    case ThreadState::Finished:
    case ThreadState::AssumeBlocked:
    case ThreadState::Bounded:
      X.Done = true;
      continue;
    case ThreadState::BlockedJoin:
      X.F.K = FrontKind::Join;
      X.F.P = Sys.pending(T);
      continue;
    case ThreadState::Waiting:
      X.F.K = FrontKind::Waiting;
      continue;
    case ThreadState::AwaitBlocked:
      if (!recordAwait(N, T, Old))
        return false;
      continue;
    case ThreadState::BlockedAtomic:
      return internal("thread " + std::to_string(T) +
                      " held up by an atomic section outside a choice");
    case ThreadState::Killed:
      return refuse("process exit while other threads run", T);
    case ThreadState::Ready:
    case ThreadState::BlockedLock:
    case ThreadState::Absent:
      break;
    }
    if (!Sys.awaited(T).empty()) {
      // Woken from a spin loop in this replay: whether it wakes is the
      // order's choice, not X's.
      if (!recordAwait(N, T, Old))
        return false;
      continue;
    }
    const Event &P = Sys.pending(T);
    X.F.P = P;
    if (!Watches.empty())
      noteConflicts(T, P);
    switch (P.Kind) {
    case EventKind::Read:
    case EventKind::Rmw:
    case EventKind::Cas: {
      X.F.K = pendingCmpxchg(P)           ? FrontKind::Cas
              : P.Kind == EventKind::Read ? FrontKind::Read
                                          : FrontKind::Rmw;
      if (P.Addr2)
        return refuse("block copies of shared memory", T);
      std::optional<uint32_t> L = location(N, P);
      if (!L)
        return false;
      ensureInit(N, *L);
      writers(X.F, T, P.Addr, P.Size);
      break;
    }
    case EventKind::Lock:
      X.F.K = FrontKind::Lock;
      break;
    case EventKind::TryLock:
      X.F.K = FrontKind::TryLock;
      break;
    case EventKind::CondWake: // re-acquires the mutex
      X.F.K = FrontKind::Lock;
      break;
    case EventKind::CondWait:
    case EventKind::Signal:
    case EventKind::Broadcast:
      X.F.K = FrontKind::CvOp;
      break;
    case EventKind::Nondet:
      X.F.K = FrontKind::Nondet;
      X.F.Choices = Sys.numChoices(T);
      break;
    case EventKind::AtomicBegin:
      X.F.K = FrontKind::Section;
      break;
    case EventKind::Exit:
      X.F.K = FrontKind::Exit;
      break;
    default:
      return internal("unexpected pending " +
                      std::string(eventKindName(P.Kind)) + " at " + where(P));
    }
    if (P.InAtomic && T != Held)
      return internal("an atomic section entered outside a choice at " +
                      where(P));
    keepExclusion(X.F, Old);
  }
  return true;
}

bool Vc::recordAwait(Node &N, ThreadId T, const Front &Old) {
  // The thread re-runs the loop once a write of what it read there comes
  // after its last read: a read frontier event with that constraint.
  ThreadX &X = N.Th[T];
  std::vector<std::pair<uint64_t, uint32_t>> A = Sys.awaited(T);
  if (A.empty() && Sys.state(T) == ThreadState::AwaitBlocked) {
    // The loop reads nothing (it spins on registers): no write can wake
    // it, the thread is blocked for good, as by a failed assume.
    X.Done = true;
    return true;
  }
  if (N.Steps[T].empty())
    return internal("a spin loop without a read");
  const Event &Last = N.Steps[T].back().E;
  // Woken, the thread runs the loop's iteration again from its first
  // event, which this frontier event stands for: a read of the location
  // waited on, outside any atomic section. The write that wakes it comes
  // after the iteration's last event, its last read of the location.
  uint32_t Iter = Sys.spinEvents(T);
  if (!Iter || Iter > N.Steps[T].size())
    return refuse("a spin loop whose iteration is not known (await)", Last);
  const Event &First = N.Steps[T][N.Steps[T].size() - Iter].E;
  if (Last.InAtomic || First.Kind == EventKind::AtomicBegin)
    return refuse("a spin loop around an atomic section", Last);
  bool Several = false;
  for (const auto &L : A)
    Several |= L != A.front();
  if (Several)
    return recordMultiAwait(N, T, A, Iter);
  if (A.empty() || Last.Kind != EventKind::Read || First.Kind != Last.Kind ||
      Last.Addr != A.front().first || Last.Size != A.front().second ||
      First.Addr != Last.Addr || First.Size != Last.Size ||
      !LocOf.count(Last.Addr))
    return refuse("a spin loop that does not start and end with a read of "
                  "the location it waits on (await)",
                  Last);
  X.F.K = FrontKind::Await;
  X.F.P = Last;
  X.F.P.Value = 0;
  X.F.P.Flag = false;
  if (First.Flag) {
    // The iteration begins with a failed cmpxchg (a CAS retry loop): the
    // re-run is that cmpxchg again, which succeeds on the value it expects.
    std::optional<Event> Cas = Sys.spinCmpxchg(T);
    if (!Cas || Cas->Addr != Last.Addr || Cas->Size != Last.Size)
      return refuse("a spin loop whose cmpxchg is not known (await)", Last);
    X.F.P = *Cas;
  }
  X.F.P.Index = N.Steps[T].size();
  writers(X.F, T, Last.Addr, Last.Size);
  keepExclusion(X.F, Old);
  return true;
}

bool Vc::recordMultiAwait(Node &N, ThreadId T,
                          const std::vector<std::pair<uint64_t, uint32_t>> &A,
                          uint32_t Iter) {
  // Woken by a write of any location the loop read after its last read
  // there; the re-run begins with the iteration's first event, a read of
  // one of them. Each location needs a read of its own in the iteration.
  ThreadX &X = N.Th[T];
  auto Steps = N.Steps[T];
  const Event &Last = Steps[Steps.size() - 1].E;
  const uint32_t Begin = uint32_t(Steps.size()) - Iter;
  const Event &First = Steps[Begin].E;
  std::vector<std::pair<uint64_t, uint32_t>> LastRead;
  bool FirstAwaited = false;
  for (auto [Addr, Size] : A) {
    int64_t Found = -1;
    for (uint32_t I = Begin; I < Steps.size(); ++I) {
      const Event &E = Steps[I].E;
      if (E.Kind == EventKind::Read && E.Addr == Addr && E.Size == Size)
        Found = I;
    }
    for (const auto &L : LastRead)
      if (L.first == Addr)
        Found = -1; // one address at two sizes
    if (Found < 0 || !LocOf.count(Addr))
      return refuse("a spin loop waiting on several locations that it does "
                    "not each read whole (await)",
                    Last);
    LastRead.push_back({Addr, uint32_t(Found)});
    FirstAwaited |= First.Addr == Addr && First.Size == Size;
  }
  if (First.Kind != EventKind::Read || First.Flag || !FirstAwaited)
    return refuse("a spin loop on several locations that does not start "
                  "with a read of one of them (await)",
                  Last);
  X.F.K = FrontKind::Await;
  X.F.P = First;
  X.F.P.Index = Steps.size();
  X.F.P.Value = 0;
  X.F.P.Flag = false;
  X.F.AwaitLast = std::move(LastRead);
  writers(X.F, T, First.Addr, First.Size);
  return true;
}

bool Vc::findingEnds(const Node &N) {
  // Only a finding or the stop check end an execution early (end() looks
  // at every thread: not for every step).
  if (!SysStopped && !Sys.finding())
    return false;
  if (ReportRun)
    return true; // report(): the finding is what it runs for
  ExecutionEnd End = Sys.end();
  if (End == ExecutionEnd::Interrupted) {
    Stop = true;
    return true;
  }
  if (End == ExecutionEnd::Error) {
    Stat.Events += Exec.size();
    if (tick())
      found(&N, End);
    return true;
  }
  return false;
}

void Vc::found(const Node *N, ExecutionEnd End) {
  std::optional<HbSignature> Hb;
  if (C.CountHbClasses && End == ExecutionEnd::Deadlock)
    Hb = hbSignature(Exec, Sys.numThreads());
  if (Sh.Order) {
    Sh.Order->finding(encodePosition(Path), End, Hb,
                      [&] { return N ? report(*N) : makeReport(Sys, Exec); });
    Past = true; // everything after it comes after a finding
    return;
  }
  if (!C.StopOnFirst) {
    if (B.countExecution(Sys, End, Exec) || B.stopAfterExecution())
      Stop = true;
    return;
  }
  ErrorReport R = N ? report(*N) : makeReport(Sys, Exec);
  B.countDecided(End, Hb ? &*Hb : nullptr, &R);
  Stop = true;
}

ErrorReport Vc::report(const Node &N) {
  ErrorReport Live = makeReport(Sys, Exec);
  // N holds every event that ran. Closed and replayed along linearize(),
  // they come out in an order that depends on N's class alone, not on how
  // this execution was run (replayed, continued, rebased), which depends
  // on what the worker met before.
  // (Not counted in the search's statistics.)
  const Stats Before = Stat;
  Node M = N;
  // The events that ran past X conflict with leaf events the order leaves
  // them unordered with (order() has not run): they keep the order in which
  // they ran, which extend() makes the same however X's events ran.
  leafPairs(
      N, [](cl::EventId) { return true; },
      [&](cl::EventId A, cl::EventId B) {
        if (!M.PO.ordered(A, B))
          (void)M.PO.addEdge(A, B);
      });
  bool Closed = close(M);
  if (Closed) {
    ReportRun = true;
    (void)replay(M, nullptr);
    ReportRun = false;
  }
  Stat = Before;
  if (!Closed)
    return Live;
  if (Sys.end() == ExecutionEnd::Running)
    return Live;
  const Finding *F = Sys.finding();
  if (!F || F->Kind != Live.F.Kind || F->Message != Live.F.Message ||
      F->SrcLoc != Live.F.SrcLoc)
    return Live;
  return makeReport(Sys, Exec);
}

bool Vc::replayStep(Node &N, ThreadId T, uint32_t I) {
  Step &S = N.Steps.at(T, I);
  const ThreadState St = Sys.state(T);
  if (St == ThreadState::AwaitBlocked)
    return internal("replay: thread " + std::to_string(T) +
                    " still waits in a spin loop for its event " +
                    std::to_string(I));
  if (St != ThreadState::Ready)
    return internal("replay: thread " + std::to_string(T) +
                    " is not enabled for its event " + std::to_string(I));
  const Event &P = Sys.pending(T);
  if (P.Addr && !isSetupWrite(P) && !unreadWrite(P) &&
      (P.Kind == EventKind::Read || P.Kind == EventKind::Write ||
       P.Kind == EventKind::Rmw || P.Kind == EventKind::Cas) &&
      !location(N, P))
    return false;
  const Event &E = Sys.step(T, S.Choice);
  Exec.push_back(E);
  return checkStep(N, S, E, I);
}

bool Vc::checkStep(const Node &N, Step &S, const Event &E, uint32_t I) {
  bool Reads = S.E.Kind == EventKind::Read || S.E.Kind == EventKind::Rmw;
  if (E.Kind != S.E.Kind || E.Addr != S.E.Addr || E.Index != I ||
      (Reads && E.Value != S.E.Value) ||
      (E.Kind == EventKind::TryLock && E.Flag != S.E.Flag) ||
      (E.Kind == EventKind::Signal && E.Value != S.E.Value))
    return internal("replay diverged at " + where(E) + " event " +
                    std::to_string(E.Index) + ": expected " +
                    std::string(eventKindName(S.E.Kind)) + " value " +
                    std::to_string(S.E.Value) + ", got " +
                    std::string(eventKindName(E.Kind)) + " value " +
                    std::to_string(E.Value));
  S.E = E;
  if (E.Kind == EventKind::Nondet && E.Flag)
    Stat.NondetUsed = true;
  return !findingEnds(N);
}

bool Vc::isSetupWrite(const Event &E) const {
  return E.Kind == EventKind::Write && (E.Addr2 || E.Size > 8);
}

bool Vc::unreadWrite(const Event &E) const {
  return E.Kind == EventKind::Write && !C.VhbExact && !isSetupWrite(E) &&
         Sys.unread(E.Addr);
}

bool Vc::stepDetermined(Node &N, ThreadId T, std::vector<cl::EventId> &New) {
  const Event &P = Sys.pending(T);
  if (isSetupWrite(P)) {
    // Before any other thread exists, a block write (memset, memcpy, a wide
    // store) only sets up what the locations it covers hold when they are
    // first accessed, which location() reads then. A location it overwrites
    // after an access of its own would lose that write.
    bool Alone = true;
    for (ThreadId U = 0; U < Sys.numThreads(); ++U)
      Alone &= U == T || Sys.state(U) == ThreadState::Absent;
    if (!Alone)
      return refuse(P.Addr2
                        ? "block copies of shared memory once threads exist"
                        : "accesses wider than 8 bytes to " +
                              Sys.describeAddr(P.Addr) + " once threads exist",
                    T);
    if (overlapsKnown(P.Addr, P.Size))
      return refuse("a block write over locations accessed before it", T);
  } else if (P.Kind == EventKind::Write) {
    if (P.Addr2)
      return refuse("block copies of shared memory", T);
    if (!unreadWrite(P) && !location(N, P))
      return false;
  }
  const Event &E = Sys.step(T, 0);
  Exec.push_back(E);
  Step S;
  S.E = E;
  New.push_back(append(N, T, S));
  if (N.Infeasible)
    return internal("a determined event cannot follow its predecessors");
  return !findingEnds(N);
}

bool Vc::othersJoined(const Node &N, ThreadId T) const {
  // Each thread is joined by at most one thread (extend() refuses joins by
  // two; a second join by the same one fails and ends the execution), so
  // when every thread but T is joined, the joins form a tree rooted at T:
  // every event of another thread happens before T's next one, in every
  // execution of the class.
  std::vector<bool> Joined(N.Steps.size(), false);
  for (ThreadId U = 0; U < N.Steps.size(); ++U)
    for (const Step &S : N.Steps[U])
      if (S.E.Kind == EventKind::Join && S.E.Value < Joined.size())
        Joined[S.E.Value] = true;
  for (ThreadId U = 0; U < Sys.numThreads(); ++U)
    if (U != T && Sys.state(U) != ThreadState::Absent &&
        (U >= Joined.size() || !Joined[U]))
      return false;
  return true;
}

bool Vc::extend(Node &N, std::vector<cl::EventId> &New) {
  for (bool Progress = true; Progress;) {
    Progress = false;
    for (ThreadId T = 0; T < Sys.numThreads(); ++T) {
      while (Sys.state(T) == ThreadState::Ready) {
        const Event &P = Sys.pending(T);
        switch (P.Kind) {
        case EventKind::Write:
        case EventKind::Unlock:
        case EventKind::Create:
          break;
        case EventKind::Join:
          // A second join of one thread fails. After a join of the same
          // thread in program order that is determined (the interpreter
          // reports it); after another thread's, which of the two joins is
          // second is an order VHB classes do not enumerate.
          for (ThreadId U = 0; U < N.Steps.size(); ++U)
            if (U != T)
              for (const Step &S : N.Steps[U])
                if (S.E.Kind == EventKind::Join && S.E.Value == P.Value)
                  return refuse("joins of one thread by two threads", T);
          break;
        case EventKind::Read:
        case EventKind::Rmw:
        case EventKind::Cas:
        case EventKind::Lock:
        case EventKind::Nondet:
        case EventKind::TryLock:
        case EventKind::CondWait:
        case EventKind::CondWake:
        case EventKind::Signal:
        case EventKind::Broadcast:
        case EventKind::AtomicBegin:
          goto NextThread;
        case EventKind::Free:
          if (!othersJoined(N, T))
            return refuse("free of a shared object", T);
          break;
        case EventKind::Exit:
          goto NextThread;
        default:
          return refuse(std::string(eventKindName(P.Kind)) + " events", T);
        }
        if (P.InAtomic)
          return internal("an atomic section entered outside a choice at " +
                          where(P));
        if (!stepDetermined(N, T, New))
          return false;
        Progress = true;
      }
    NextThread:;
    }
  }
  return true;
}

Vc::Cont Vc::continueWith(Node &N, ThreadId T, cl::EventId Id,
                          std::vector<cl::EventId> &New) {
  // Not once X holds an atomic section: the replay of such a node runs a
  // section back to back from its start and defers what follows an open
  // one, so its children come out in another shape than those of the live
  // execution (the same classes, other closure work), and the work would
  // depend on which nodes another worker replays.
  if (!N.StateOf || N.StateOf != StateNo || N.SecThread != NoThread ||
      N.Resume || Sys.sawSpinIteration())
    return Cont::No;
  const Step &S = N.Steps[T][Id.Index];
  if (!Sys.enabled(T) || !Sys.awaited(T).empty())
    return Cont::No;
  const Event &P = Sys.pending(T);
  if (P.Index != Id.Index || P.Addr != S.E.Addr)
    return Cont::No;
  // The pending event must do now what the child's step says it does (or
  // replayStep() would report a divergence): a read must find its value; a
  // lock is enabled (checked above), a trylock must succeed or fail as the
  // step says.
  switch (S.E.Kind) {
  case EventKind::Read:
  case EventKind::Rmw: {
    std::optional<uint64_t> Now = Sys.peek(P.Addr, P.Size);
    if (!Now || *Now != S.E.Value)
      return Cont::No;
    break;
  }
  case EventKind::Lock:
  case EventKind::CondWake:
  case EventKind::Nondet:
    if (P.Kind != S.E.Kind)
      return Cont::No;
    break;
  case EventKind::TryLock:
    if (P.Kind != S.E.Kind || P.Flag != S.E.Flag)
      return Cont::No;
    break;
  default:
    return Cont::No;
  }
  // The execution so far (after X's initial writes), then Id.
  auto T0 = Clock::now();
  std::vector<cl::EventId> Trace;
  Trace.reserve(N.PO.threadSize(InitC) + Exec.size() + 1);
  for (uint32_t I = 0; I < N.PO.threadSize(InitC); ++I)
    Trace.push_back({InitC, I});
  for (const Event &E : Exec)
    Trace.push_back({COf[E.Thread], E.Index});
  Trace.push_back(Id);
  // The trace without Id respected the order when the live execution was
  // last replayed or continued, and N.PO has recorded what was inserted
  // since (or records nothing, and everything is checked).
  bool Witness = bool(cl::checkWitnessSince(N.PO, Trace));
#ifdef VCDPOR_EXPENSIVE_CHECKS
  if (Witness != bool(cl::checkWitness(N.PO, Trace))) {
    internal("the witness check on the recorded pairs disagrees with the "
             "full check");
    return Cont::Ended;
  }
#endif
  Stat.ClosureTimeS += since(T0);
  if (!Witness)
    return Cont::No;
  ++StateNo;
  ++Stat.Continued;
  ScopedTime Tm{Stat.InterpTimeS};
  size_t Before = Exec.size();
  bool Ok = replayStep(N, T, Id.Index) && extend(N, New);
  Stat.Events += Exec.size() - Before;
  if (!Ok || !recordFrontier(N))
    return Cont::Ended;
  N.StateOf = StateNo;
  N.PO.recordInserts(); // the trace respects N.PO (continueWith())
  return Cont::Done;
}

bool Vc::replay(Node &N, std::vector<cl::EventId> *New) {
  const bool WitnessOnly = !New;
  auto T0 = Clock::now();
  cl::Result<std::vector<cl::EventId>> Lin = cl::linearize(N.PO);
  Stat.ClosureTimeS += since(T0);
  if (!Lin)
    return internal("no linearization of a closed order: " + Lin.error());
  ScopedTime Tm{Stat.InterpTimeS};
  Sys.reset();
  Exec.clear();
  ++ReplayNo;
  ++StateNo;
  ++Stat.Replays;
  // The linearization, except that an atomic section runs back to back from
  // its start (the foreign events it jumps over commute with it). Once the
  // open section has run as far as X goes, nothing else can run: the rest
  // is deferred to a replay after the section has closed.
  std::vector<uint32_t> Next(N.Th.size(), 0);
  // Whether the execution runs the linearization as it is (the initial
  // writes, which precede every event, aside).
  bool AsLinearized = true;
  for (cl::EventId Id : Lin.value()) {
    if (Id.Thread == InitC)
      continue;
    ThreadId T = ProgOf[Id.Thread];
    auto Steps = N.Steps[T];
    if (Id.Index < Next[T])
      continue;
    if (!replayStep(N, T, Id.Index))
      return false;
    Next[T] = Id.Index + 1;
    if (Steps[Id.Index].E.Kind != EventKind::AtomicBegin)
      continue;
    AsLinearized = false;
    for (; Next[T] < Steps.size() && Steps[Next[T]].E.InAtomic; ++Next[T])
      if (!replayStep(N, T, Next[T]))
        return false;
    if (Next[T] == Steps.size() && N.Atomic == T)
      break;
  }
  if (New && N.Atomic != NoThread) {
    // Inside the open section only its thread runs, through its writes.
    ThreadId T = N.Atomic;
    while (Sys.state(T) == ThreadState::Ready) {
      const Event &P = Sys.pending(T);
      if (!P.InAtomic)
        break; // the section is over: closeSection() and a replay follow
      switch (P.Kind) {
      case EventKind::Write:
        break;
      case EventKind::Read:
      case EventKind::Rmw:
      case EventKind::Cas:
      case EventKind::Nondet:
      case EventKind::Exit: // the process ends inside the section
        goto Done;
      default:
        return refuse(std::string(eventKindName(P.Kind)) +
                          " inside an atomic section",
                      T);
      }
      if (!stepDetermined(N, T, *New))
        return false;
    }
  Done:;
    New = nullptr;
  }
  // Run every thread on through the events its values determine.
  if (New && !extend(N, *New))
    return false;
  Stat.Events += Exec.size();
  if (WitnessOnly)
    return true;
  if (!recordFrontier(N))
    return false;
  N.StateOf = StateNo;
  // The initial writes, then the execution: a trace that respects N.PO
  // where it ran the linearization unchanged (continueWith() checks the
  // pairs inserted from here on).
  if (AsLinearized)
    N.PO.recordInserts();
  else
    N.PO.stopRecording();
  return true;
}

// Leaf may consume (move from) the node it is given.
void Vc::orderings(Node &N, const std::vector<Pair> &P, size_t I,
                   const std::function<void(Node &)> &Leaf, bool Portable) {
  // The orderings of many new pairs are exponentially many, each a copy of
  // the node: a limit must be able to end the enumeration.
  if (stopped())
    return;
  if (B.limitReached()) {
    Stop = true;
    return;
  }
  const bool Entry = I == 0; // not a recursive call, nor a task's start
  while (I < P.size() && N.PO.ordered(P[I].first, P[I].second))
    ++I;
  if (I == P.size()) {
    Leaf(N);
    return;
  }
  // In an ordered search a pair's two orders are a level of the position
  // each (1, then 2), with their leaves' ticks below: a branch handed over
  // then has the position it has in one worker's search. The enumeration
  // takes a tick of the position it starts at, as a leaf would: without
  // it the node's next child enumerated its orderings under the same
  // position, inside the subtree of the child before it (a finding there
  // came before that child's classes: seed 3100205 of the extended
  // differential profile reported 1 class and another trace on two
  // workers, 4 on one). At the entry, not where I is 0: when the first
  // pairs are ordered already, two siblings' enumerations began at one
  // position, and their leaves met the same positions (--final-writes
  // seed 327: two workers reported the other of two failing classes at one
  // position, whichever came first).
  const bool Levels = Sh.Order != nullptr;
  if (Levels && Entry && !tick())
    return;
  if (Levels)
    Path.insert(Path.end(), {1, 0});
  // Each pair is (new event, event of X or an earlier new one). The second
  // first, as in the execution that just ran: the children of that
  // ordering's node may continue it (continueWith()). The other order goes
  // to an idle worker when enough pairs remain for it to be worth a copy
  // and a task: one enumeration would otherwise keep the whole tree below
  // it (lastwrite, floating_read, casrot: every class) and hand over only
  // its leaves.
  // Not when the leaves have no choices: they are counted from the
  // execution this worker's system holds (complete()), and every leaf has
  // N's frontier.
  constexpr size_t WorthPairs = 3;
  if (Portable && wantsWork() && hasChoices(N) &&
      (C.HandOffAll || P.size() - (I + 1) >= WorthPairs)) {
    auto Tk = std::make_shared<Task>();
    Tk->N = N;
    (void)edge(Tk->N, P[I].first, P[I].second);
    Tk->P = P;
    Tk->From = I + 1;
    Tk->Orderings = true;
    // Its leaves tick below this position (task() pushes no level).
    Tk->N.At = Path;
    if (Levels) {
      Tk->N.At[Path.size() - 2] = 2;
      Sh.Order->handOver(encodePosition(Tk->N.At));
    }
    ++Stat.HandedOffOrderings;
    Sh.Spawn(std::move(Tk));
    (void)edge(N, P[I].second, P[I].first);
    orderings(N, P, I + 1, Leaf, Portable);
  } else {
    {
      Node Copy = N;
      (void)edge(Copy, P[I].second, P[I].first);
      orderings(Copy, P, I + 1, Leaf, Portable);
    }
    if (Levels) {
      Path.pop_back();
      Path.back() = 2;
      Path.push_back(0);
    }
    if (!stopped()) {
      (void)edge(N, P[I].first, P[I].second);
      orderings(N, P, I + 1, Leaf, Portable);
    }
  }
  if (Levels)
    Path.resize(Path.size() - 2);
}

std::vector<cl::EventId>
Vc::sectionConflicts(const Node &N, const std::vector<cl::EventId> &New) const {
  std::vector<cl::EventId> Out;
  if (N.SecThread == NoThread)
    return Out;
  cl::ThreadId CT = COf[N.SecThread];
  for (cl::EventId S : New) {
    if (S.Thread != CT || S.Index <= N.SecBegin.Index ||
        !N.Steps[N.SecThread][S.Index].E.InAtomic)
      continue;
    const cl::Event &SE = N.PO.event(S);
    if (SE.Loc == DummyLoc)
      continue;
    for (cl::ThreadId U = 0; U < N.PO.numThreads(); ++U) {
      if (U == CT || U == InitC)
        continue;
      for (uint32_t I = 0; I < N.PO.threadSize(U); ++I)
        if (cl::conflict(SE, N.PO.event({U, I})) &&
            std::find(Out.begin(), Out.end(), cl::EventId{U, I}) == Out.end())
          Out.push_back({U, I});
    }
  }
  return Out;
}

void Vc::sectionOrderings(Node &N, const std::vector<cl::EventId> &G, size_t I,
                          const std::function<void(Node &)> &Leaf) {
  cl::ThreadId CT = COf[N.SecThread];
  cl::EventId Last{CT, N.PO.threadSize(CT) - 1};
  bool Open = N.Atomic == N.SecThread;
  // After the section: after its last event so far, and (while it is open)
  // after every event it has yet.
  auto After = [&](Node &M, cl::EventId E) {
    if (!M.PO.before(Last, E) && !edge(M, Last, E))
      return false;
    if (Open && std::find(M.After.begin(), M.After.end(), E) == M.After.end())
      M.After.push_back(E);
    return true;
  };
  for (; I < G.size(); ++I) {
    if (N.PO.before(G[I], N.SecBegin))
      continue;
    if (N.PO.before(N.SecBegin, G[I])) {
      if (!After(N, G[I]))
        return;
      continue;
    }
    break;
  }
  if (I == G.size()) {
    Leaf(N);
    return;
  }
  {
    Node Copy = N;
    if (edge(Copy, G[I], Copy.SecBegin))
      sectionOrderings(Copy, G, I + 1, Leaf);
  }
  if (stopped() || !After(N, G[I]))
    return;
  sectionOrderings(N, G, I + 1, Leaf);
}

void Vc::order(Node &N, const std::vector<cl::EventId> &New,
               const std::function<void(Node &)> &Leaf, bool Portable) {
  auto Pairs = [&](Node &M) {
    orderings(M, conflictPairs(M, New), 0, Leaf, Portable);
  };
  std::vector<cl::EventId> G = sectionConflicts(N, New);
  if (!G.empty()) {
    sectionOrderings(N, G, 0, Pairs);
    return;
  }
  std::vector<FinalWrites> F = finalWriteGroups(N, New);
  if (F.empty()) {
    orderings(N, conflictPairs(N, New), 0, Leaf, Portable);
    return;
  }
  // The pairs inside each group are ordered by the time the pairs are:
  // orderings() skips them.
  chooseLast(N, F, 0, Pairs);
}

void Vc::closeSection(Node &N) {
  cl::ThreadId CT = COf[N.Atomic];
  cl::EventId End{CT, N.PO.threadSize(CT) - 1};
  for (ThreadId U = 0; U < N.Th.size(); ++U)
    if (U != N.Atomic)
      N.Preds.push(U, End);
  N.After.clear();
  N.Atomic = NoThread;
  N.Resume = true;
}

} // namespace vcdpor::vc
