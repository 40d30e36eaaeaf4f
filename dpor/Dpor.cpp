//===- dpor/Dpor.cpp - Source-DPOR and Optimal-DPOR -----------------------===//
//
// Exploration is a stack of nodes, one per prefix of the current execution.
// Each execution re-runs the system from its initial state along the taken
// alternatives, extends it to a maximal execution, then (1) detects races
// and plants backtrack points / wakeup sequences at earlier nodes, and
// (2) backtracks to the deepest node with something left to explore.
//
//===----------------------------------------------------------------------===//
#include "dpor/Dpor.h"
#include "dpor/DporRun.h"

#include <algorithm>
#include <cassert>

namespace vcdpor {

bool dependent(const Event &A, const Event &B) {
  if (A.Thread == B.Thread)
    return true;
  // An atomic section's start stands for the whole section, whose accesses
  // are not known yet: conservatively dependent on everything.
  if (A.Kind == EventKind::AtomicBegin || B.Kind == EventKind::AtomicBegin)
    return true;
  if ((A.Kind == EventKind::Create && A.Value == B.Thread) ||
      (B.Kind == EventKind::Create && B.Value == A.Thread) ||
      (A.Kind == EventKind::Join && A.Value == B.Thread) ||
      (B.Kind == EventKind::Join && B.Value == A.Thread))
    return true;
  // Pending CAS/trylock events say what they would do now (System.h), so
  // pending and executed events compare alike.
  return eventsConflict(A, B);
}

namespace dpor {

bool isAcquire(const Event &E) {
  return E.Kind == EventKind::Lock || E.Kind == EventKind::CondWake ||
         (E.Kind == EventKind::TryLock && E.Flag);
}

/// Whether a data conflict between an earlier E and a later F is a race that
/// can be reversed. A release can only move before an earlier failed
/// trylock of its mutex (which then succeeds); an acquire races only with
/// earlier acquires of the same mutex.
static bool reversible(const Event &E, const Event &F) {
  // Whatever the exit killed could have run before it.
  if (E.Kind == EventKind::Exit)
    return true;
  bool FailedTry = E.Kind == EventKind::TryLock && !E.Flag;
  switch (F.Kind) {
  case EventKind::Unlock:
    return FailedTry;
  case EventKind::CondWait:
    return E.Kind == EventKind::Signal || E.Kind == EventKind::Broadcast ||
           (FailedTry && E.Addr == F.Addr2);
  case EventKind::Lock:
  case EventKind::CondWake:
    return isAcquire(E) && E.Addr == F.Addr;
  default:
    return true;
  }
}

template <typename F>
void Run::forCandidates(const Event &E, size_t Limit, F Fn) {
  if (++StampNow == 0) {
    std::fill(Stamp.begin(), Stamp.end(), 0);
    StampNow = 1;
  }
  if (Stamp.size() < Ev.size())
    Stamp.resize(Ev.size() + 64, 0);
  auto Visit = [&](size_t I) {
    if (I >= Limit || Stamp[I] == StampNow)
      return;
    Stamp[I] = StampNow;
    Fn(I);
  };
  if (E.Kind == EventKind::Exit) {
    for (size_t I = 0; I < Limit; ++I)
      Visit(I);
    return;
  }
  for (uint64_t A : {E.Size ? E.Addr : 0, E.Size2 ? E.Addr2 : 0}) {
    if (!A)
      continue;
    auto It = ByObject.find(uint32_t(A >> 32));
    if (It != ByObject.end())
      for (size_t I : It->second)
        Visit(I);
  }
  for (size_t I : Exits)
    Visit(I);
}

template <typename F>
void Run::forCandidatesLatestFirst(const Event &E, size_t Limit, F Fn) {
  if (E.Kind == EventKind::Exit) {
    for (size_t I = Limit; I-- > 0;)
      if (!Fn(I))
        return;
    return;
  }
  // The candidates of forCandidates(), merged from the ends of their
  // increasing lists, each once.
  const std::vector<size_t> *L[3] = {nullptr, nullptr, &Exits};
  unsigned NL = 0;
  for (uint64_t A : {E.Size ? E.Addr : 0, E.Size2 ? E.Addr2 : 0}) {
    if (!A)
      continue;
    auto It = ByObject.find(uint32_t(A >> 32));
    if (It != ByObject.end() && (NL == 0 || L[0] != &It->second))
      L[NL++] = &It->second;
  }
  if (NL < 2) {
    L[NL] = &Exits;
    L[2] = nullptr;
  }
  size_t Pos[3];
  for (unsigned K = 0; K < 3; ++K) {
    Pos[K] = 0;
    if (L[K])
      Pos[K] =
          std::lower_bound(L[K]->begin(), L[K]->end(), Limit) - L[K]->begin();
  }
  for (;;) {
    size_t Best = SIZE_MAX;
    for (unsigned K = 0; K < 3; ++K)
      if (L[K] && Pos[K] > 0 &&
          (Best == SIZE_MAX || (*L[K])[Pos[K] - 1] > Best))
        Best = (*L[K])[Pos[K] - 1];
    if (Best == SIZE_MAX)
      return;
    for (unsigned K = 0; K < 3; ++K)
      if (L[K] && Pos[K] > 0 && (*L[K])[Pos[K] - 1] == Best)
        --Pos[K];
    if (!Fn(Best))
      return;
  }
}

/// Whether every event that conflicts with E also conflicts with W (or is
/// W's own thread's): W writes every byte E accesses, at one location each.
static bool coversForConflicts(const Event &W, const Event &E) {
  if (W.Kind == EventKind::Exit || E.Kind == EventKind::Exit || W.Size2 ||
      E.Size2 || !E.Size || E.Kind == EventKind::Join)
    return false;
  if (!eventKindWrites(W.Kind) || (W.Kind == EventKind::TryLock && !W.Flag))
    return false;
  return (W.Addr >> 32) == (E.Addr >> 32) && W.Addr <= E.Addr &&
         E.Addr + E.Size <= W.Addr + W.Size;
}

void Run::record(const Event &E) {
  size_t J = Ev.size();
  Ev.push_back(E);
  ThreadId T = E.Thread;
  size_t K = std::max<size_t>(Sys.numThreads(), T + 1);
  if (LastOf.size() < K) {
    LastOf.resize(K, -1);
    CreateOf.resize(K, -1);
  }
  Clock X = baseClock(T);
  X.resize(K, 0);
  auto Join = [&](const Clock &Y) {
    for (size_t I = 0; I < Y.size() && I < K; ++I)
      X[I] = std::max(X[I], Y[I]);
  };
  // Latest first. Every clock is the join of its event's predecessors'
  // clocks, so a candidate X already holds (X[its thread] past its index)
  // has its clock below X: the join is skipped. And once X holds a
  // candidate W that writes all of E's bytes, every earlier candidate that
  // conflicts with E conflicts with W too, so happens before W: the walk
  // stops. With many threads taking one mutex, an event's clock then costs
  // a join or two, not one per earlier access of the object.
  forCandidatesLatestFirst(E, J, [&](size_t I) {
    const Event &C = Ev[I];
    bool Held = C.Thread == T || inClock(C, X);
    if (!Held && eventsConflict(C, E)) {
      Join(Clocks[I]);
      Held = true;
    }
    return !(Held && coversForConflicts(C, E));
  });
  if (E.Kind == EventKind::Join && E.Value < K) {
    if (LastOf[E.Value] >= 0)
      Join(Clocks[LastOf[E.Value]]);
    else if (CreateOf[E.Value] >= 0)
      Join(Clocks[CreateOf[E.Value]]);
  }
  X[T] = E.Index + 1;
  Clocks.push_back(std::move(X));
  PrevOf.push_back(LastOf[T]);
  OpenBefore.push_back(OpenSection);
  LastOf[T] = J;
  if (E.Kind == EventKind::Create && E.Value < K)
    CreateOf[E.Value] = J;
  if (E.Kind == EventKind::Exit)
    Exits.push_back(J);
  for (uint64_t A : {E.Size ? E.Addr : 0, E.Size2 ? E.Addr2 : 0})
    if (A) {
      std::vector<size_t> &L = ByObject[uint32_t(A >> 32)];
      if (L.empty() || L.back() != J)
        L.push_back(J);
    }
  // An atomic section is one unit for race reversal: races are reversed
  // before the section's start.
  if (E.Kind == EventKind::AtomicBegin)
    OpenSection = J;
  Section.push_back(E.InAtomic && OpenSection >= 0 &&
                            Ev[OpenSection].Thread == T
                        ? size_t(OpenSection)
                        : J);
}

/// A CAS (failed: a flagged read; succeeded: a flagged rmw) or a trylock:
/// whether it writes depends on the value or mutex state it finds.
static bool outcomeDependent(const Event &E) {
  return E.Kind == EventKind::TryLock ||
         ((E.Kind == EventKind::Read || E.Kind == EventKind::Rmw) && E.Flag);
}

/// Whether W may modify a location (or mutex) that E accesses.
static bool writesTo(const Event &W, const Event &E) {
  Event AsRead = E;
  AsRead.Kind = EventKind::Read;
  return eventsConflict(W, AsRead);
}

std::vector<SeqItem> Run::wakeupSequence(size_t I, const Event &Later,
                                         size_t LaterPos) {
  std::vector<SeqItem> V;
  // Whether an event left out of v (E[I] and what happens after it) writes
  // what Later reads: only then may Later turn out differently after v.
  bool Affected = false;
  // A spin loop's re-read that only left-out writes woke cannot run in v
  // either; it and what happens after it are left out too. The clocks do
  // not say so: a re-read's clock does not include its waker.
  // Kept only when the run has spin loops: no lookup per event otherwise.
  const bool Awaits = !AwaitOf.empty();
  std::vector<bool> Out(Awaits ? LaterPos - I : 0, false);
  std::vector<size_t> Unwoken;
  auto LeftOut = [&](size_t K) { return K >= I && Out[K - I]; };
  for (size_t K = I; K < LaterPos; ++K) {
    // Events that do not happen after E[I].
    bool After = K == I || hb(I, Clocks[K]) ||
                 std::any_of(Unwoken.begin(), Unwoken.end(),
                             [&](size_t U) { return hb(U, Clocks[K]); });
    if (Awaits) {
      if (!After && AwaitOf.count(K) && !wokenIn(K, LeftOut)) {
        After = true;
        Unwoken.push_back(K);
      }
      Out[K - I] = After;
    }
    if (!After)
      V.push_back({{Ev[K].Thread, Stack[K].Taken.Choice}, Ev[K]});
    else
      Affected |= writesTo(Ev[K], Later);
  }
  unsigned Choice = LaterPos < Stack.size() && Stack[LaterPos].HasTaken
                        ? Stack[LaterPos].Taken.Choice
                        : 0;
  Event L = Later;
  bool Exact = !outcomeDependent(L) || !Affected;
  if (!Exact && Optimal()) {
    // Wakeup trees and sleep sets compare events exactly: an event recorded
    // as writing when it only reads (or the reverse) breaks the invariant
    // that no earlier sibling is a weak initial of a later branch. Replay
    // E[0..I).v to see what Later does there.
    if (std::optional<Event> R = replayedPending(I, V, Later.Thread)) {
      assert(R->Index == L.Index && R->Addr == L.Addr && "replay diverged");
      L = *R;
      Exact = true;
    }
  }
  V.push_back({{Later.Thread, Choice}, L});
  // Where Later's outcome is not known (source mode, or a replay that stops
  // short of it), a CAS or trylock is recorded as possibly writing: source-set
  // initials then stay a subset of the true ones. The other events of v do
  // not happen after E[I] and behave exactly as in E.
  if (!Exact) {
    Event &Last = V.back().Ev;
    if (Last.Kind == EventKind::Read && Last.Flag)
      Last.Kind = EventKind::Rmw;
    if (Last.Kind == EventKind::TryLock)
      Last.Flag = true;
  }
  return V;
}

std::optional<Event>
Run::replayedPending(size_t I, const std::vector<SeqItem> &V, ThreadId T) {
  Sys.reset();
  auto Step = [&](Alt A) {
    if (Sys.end() != ExecutionEnd::Running || !Sys.enabled(A.T))
      return false;
    Sys.step(A.T, A.Choice);
    return true;
  };
  for (size_t K = 0; K < I; ++K)
    if (!Step(Stack[K].Taken))
      return std::nullopt;
  for (const SeqItem &S : V)
    if (!Step(S.A))
      return std::nullopt;
  if (Sys.end() == ExecutionEnd::Interrupted || !Sys.enabled(T))
    return std::nullopt;
  return Sys.pending(T);
}

std::vector<ThreadId> Run::initials(const std::vector<SeqItem> &V) const {
  std::vector<ThreadId> Out;
  std::vector<ThreadId> Seen;
  for (size_t X = 0; X < V.size(); ++X) {
    ThreadId T = V[X].Ev.Thread;
    if (std::find(Seen.begin(), Seen.end(), T) != Seen.end())
      continue;
    Seen.push_back(T);
    bool HasPred = false;
    for (size_t Y = 0; Y < X && !HasPred; ++Y)
      HasPred = dependent(V[Y].Ev, V[X].Ev);
    if (!HasPred)
      Out.push_back(T);
  }
  return Out;
}

bool Run::weakInitial(const std::vector<SeqItem> &V, ThreadId Q,
                      unsigned QChoice, const Event &QEv) const {
  for (size_t X = 0; X < V.size(); ++X) {
    if (V[X].Ev.Thread != Q)
      continue;
    // V[X] is Q's next event, the one QEv stands for.
    if (QChoice != AnyChoice && V[X].A.Choice != QChoice)
      return false;
    for (size_t Y = 0; Y < X; ++Y)
      if (dependent(V[Y].Ev, V[X].Ev))
        return false;
    return true;
  }
  // Q's event is not in V. It is an initial of V.w for some w, but a class V
  // leads to may lack it altogether, when an exit kills Q first: then no
  // execution that starts with it reaches that class (seed 53457).
  if (MayExit)
    return false;
  for (const SeqItem &S : V)
    if (dependent(QEv, S.Ev))
      return false;
  return true;
}

void Run::insert(WuNode &Root, std::vector<SeqItem> V) {
  WuNode *N = &Root;
  while (!V.empty()) {
    // A leaf: every extension of it gets explored anyway, unless the
    // program may exit. Then the rest of V may be a class in which an exit
    // kills a sleeping thread's event, which no race in the leaf's
    // executions plants again (seed 90533): V goes on below the leaf.
    if (N != &Root && N->Kids.empty() && !MayExit)
      return;
    WuNode *Next = nullptr;
    for (auto &K : N->Kids) {
      if (!weakInitial(V, K->A.T, K->A.Choice, K->Ev))
        continue;
      auto It = std::find_if(V.begin(), V.end(), [&](const SeqItem &S) {
        return S.Ev.Thread == K->A.T;
      });
      if (It != V.end())
        V.erase(It);
      Next = K.get();
      break;
    }
    if (!Next) {
      for (SeqItem &S : V) {
        auto K = std::make_unique<WuNode>();
        K->A = S.A;
        K->Ev = S.Ev;
        WuNode *Raw = K.get();
        N->Kids.push_back(std::move(K));
        N = Raw;
      }
      return;
    }
    N = Next;
  }
}

void Run::race(size_t I, const Event &Later, size_t LaterPos, const Clock &Base,
               unsigned LaterChoices, const Event *Then) {
  size_t P = Section[I];
  if (P >= Stack.size())
    return;
  // Reversed before its section's start: impossible when Later's thread
  // already depends on that start (it read what the section wrote).
  if (P != I && hb(P, Base))
    return;
  std::vector<SeqItem> V = wakeupSequence(P, Later, LaterPos);
  const size_t LaterAt = V.size() - 1;
  if (Then && std::none_of(V.begin(), V.end(), [&](const SeqItem &S) {
        return S.Ev.Thread == Then->Thread && S.Ev.Index >= Then->Index;
      }))
    V.push_back({{Then->Thread, 0}, *Then});
  Node &N = Stack[P];
  if (!Optimal()) {
    auto Planned = [&](ThreadId T) {
      return std::find(N.Backtrack.begin(), N.Backtrack.end(), T) !=
             N.Backtrack.end();
    };
    std::vector<ThreadId> Init = initials(V);
    if (std::any_of(Init.begin(), Init.end(), Planned))
      return;
    // An initial asleep at N is never explored there, and the sleeper
    // covers v's classes only where the process runs on: with an exit in
    // what follows, the class where that exit kills the sleeper's event is
    // not among them. So an initial that is awake is planned (seed 30403),
    // and a sleeping one never is: it would hide the awake initials of later
    // races (seed 30740).
    auto Awake = [&](ThreadId T) {
      return N.enabled(T) && !N.asleep(T, AnyChoice);
    };
    auto Pick = std::find_if(Init.begin(), Init.end(), Awake);
    if (Pick == Init.end() &&
        std::any_of(Init.begin(), Init.end(),
                    [&](ThreadId T) { return N.enabled(T); })) {
      // Every initial of v sleeps. Only what Later depends on has to come
      // first, and the initials of that part of v are initials of v: one of
      // them is awake when v holds events the class may lack (killed by an
      // exit, an atomic section's start taken as dependent on everything:
      // seed 31408). Asked only here, which keeps the sleep-set-blocked
      // counts of programs without such events those of Nidhugg.
      std::vector<SeqItem> Past;
      for (size_t K = 0; K < V.size(); ++K) {
        const Event &E = V[K].Ev;
        if (K >= LaterAt || inClock(E, Base) || eventsConflict(E, Later))
          Past.push_back(V[K]);
      }
      Init = initials(Past);
      if (std::any_of(Init.begin(), Init.end(), Planned))
        return;
      Pick = std::find_if(Init.begin(), Init.end(), Awake);
      if (Pick == Init.end())
        return; // the sleepers cover v
    }
    if (Pick != Init.end()) {
      N.Backtrack.push_back(*Pick);
      return;
    }
    // No initial is enabled there (should not happen): be conservative.
    for (ThreadId T : N.Enabled)
      if (!Planned(T))
        N.Backtrack.push_back(T);
    return;
  }
  // A lone event of a thread that cannot run at N (a killed join or acquire,
  // a spinner's re-read): nothing before it in the sequence enables it.
  if (V.size() == 1 && !N.enabled(V[0].Ev.Thread))
    return;
  // A spin loop's re-read is enabled by the write that woke it, which need
  // not conflict with what the sequence holds: a sleeper independent of V
  // may be a rival waker, and its executions start from the other wake-up
  // (seed 2010137: two writes to other bytes of the string a loop reads
  // with atoi). Sequences reversing such a re-read are not left to
  // sleepers, unless the sequence starts with a sleeper: then it is covered
  // as usual, and a branch for it would be skipped as asleep, taking the
  // sequences later merged below it along (seed 4000643).
  const bool Woken = AwaitOf.count(I) > 0;
  for (unsigned C = 0; C < LaterChoices; ++C) {
    std::vector<SeqItem> W = V;
    if (LaterChoices > 1)
      W[LaterAt].A.Choice = C;
    if ((Woken && !N.asleep(W.front().A.T, W.front().A.Choice)) ||
        !coveredBySleeper(N, W)) {
      insert(*N.Wut, std::move(W));
      continue;
    }
    // A sleeper that covers W only as one alternative of an event not in W
    // (a nondet value) leaves the classes where its thread takes another
    // alternative first: those are planned as that alternative, then W.
    const SleepEntry *Alone = nullptr;
    bool Other = false;
    for (const std::vector<SleepEntry> *L : {&N.Sleep, &N.Done})
      for (const SleepEntry &S : *L) {
        if (!weakInitial(W, S.T, S.Choice, S.Pending))
          continue;
        bool InW = std::any_of(W.begin(), W.end(), [&](const SeqItem &I) {
          return I.Ev.Thread == S.T;
        });
        if (S.Choice != AnyChoice && !InW && N.choicesOf(S.T) > 1)
          Alone = Alone ? Alone : &S;
        else
          Other = true;
      }
    if (!Alone || Other)
      continue;
    for (unsigned A = 0; A < N.choicesOf(Alone->T); ++A) {
      if (N.asleep(Alone->T, A))
        continue;
      std::vector<SeqItem> X{{{Alone->T, A}, Alone->Pending}};
      X.insert(X.end(), W.begin(), W.end());
      if (!coveredBySleeper(N, X))
        insert(*N.Wut, std::move(X));
    }
  }
}

bool Run::coveredBySleeper(const Node &N, const std::vector<SeqItem> &V) const {
  for (const std::vector<SleepEntry> *L : {&N.Sleep, &N.Done})
    for (const SleepEntry &S : *L)
      if (weakInitial(V, S.T, S.Choice, S.Pending))
        return true;
  return false;
}

void Run::plantAlternatives(Node &N) {
  // The classes where N.Taken's thread takes another alternative first are
  // explored from one maximal execution that starts with it; the races in
  // that execution plant the rest. Alternatives already explored here are
  // in N.Done, so they are covered and not planted again.
  const Alt &A = N.Taken;
  for (unsigned C = 0; C < N.NumChoices; ++C) {
    if (C == A.Choice)
      continue;
    std::vector<SeqItem> V{{{A.T, C}, N.TakenPending}};
    if (!coveredBySleeper(N, V))
      insert(*N.Wut, std::move(V));
  }
}

bool Run::detectRaces(size_t From, Budget &B) {
  std::vector<size_t> Cands;
  Clock WithWaker;
  std::vector<size_t> Wakers;
  auto Check = [&](const Event &F, size_t Pos, const Clock &PoBase,
                   int64_t Prev, unsigned Choices, bool BlockedAtExit) {
    // A re-acquire is enabled only by the signal or broadcast that woke its
    // thread: what happens before that cannot be reversed with it.
    // Likewise a spin loop's next read with the write that woke it.
    const bool Await = AwaitOf.count(Pos);
    size_t Waker = Pos;
    if (Await) {
      Wakers = awaitWakers(Pos, F.Thread);
      // Rival wakers of one range race as those of several locations do.
      RangeRivals |= Wakers.size() > AwaitOf.at(Pos).size();
      for (size_t K : Wakers)
        Waker = std::min(Waker, K);
      if (Waker < Pos) // else nothing woke the loop
        rivalWakers(Wakers, Waker, Pos);
    }
    const Clock &Base = F.Kind == EventKind::CondWake
                            ? withWaker(F, Pos, Prev, PoBase, WithWaker)
                        : Await && Waker < Pos
                            ? joined(PoBase, Waker, WithWaker)
                            : PoBase;
    Cands.clear();
    forCandidates(F, Pos, [&](size_t I) {
      const Event &E = Ev[I];
      if (E.Thread == F.Thread || !eventsConflict(E, F) || !reversible(E, F) ||
          hb(I, Base) || (BlockedAtExit && E.Kind == EventKind::Exit))
        return;
      Cands.push_back(I);
    });
    std::sort(Cands.begin(), Cands.end());
    for (size_t A = 0; A < Cands.size(); ++A) {
      bool Direct = true;
      for (size_t B = A + 1; B < Cands.size() && Direct; ++B)
        Direct = !hb(Cands[A], Clocks[Cands[B]]);
      if (Direct)
        race(Cands[A], F, Pos, Base, Choices);
    }
  };
  // A blocked acquire still races with the holder's acquire, and what a
  // thread killed by exit() would have done next races with the exit. Taken
  // first: reversing a race may replay the system (wakeupSequence).
  // Their alternatives (a killed nondet draw's values) were never planted
  // where they were taken, as no execution took them. A killed acquire of a
  // mutex held when the process exited could not have run before the exit:
  // it races with the holder's acquire, which the exit would hide.
  struct StuckOp {
    Event F;
    unsigned Choices;
    bool BlockedAtExit;
  };
  std::vector<StuckOp> Stuck;
  for (ThreadId T = 0; T < Sys.numThreads(); ++T)
    if (Sys.state(T) == ThreadState::BlockedLock ||
        Sys.state(T) == ThreadState::Killed) {
      const Event &P = Sys.pending(T);
      Stuck.push_back({P, Sys.numChoices(T),
                       Sys.state(T) == ThreadState::Killed && isAcquire(P) &&
                           heldAtEnd(P.Addr)});
    }
  // Races whose later event lies in the replayed prefix were handled by the
  // execution that first reached it.
  for (size_t J = From; J < Ev.size(); ++J) {
    if (((J - From) & 63) == 63 && B.timedOut())
      return false;
    Check(Ev[J], J, clockBefore(J), PrevOf[J], 1, false);
  }
  for (const StuckOp &S : Stuck)
    Check(S.F, Ev.size(), baseClock(S.F.Thread), LastOf[S.F.Thread], S.Choices,
          S.BlockedAtExit);
  return true;
}

const Clock &Run::joined(const Clock &Base, size_t K, Clock &Out) const {
  Out = Base;
  Out.resize(std::max(Out.size(), Clocks[K].size()), 0);
  for (size_t T = 0; T < Clocks[K].size(); ++T)
    Out[T] = std::max(Out[T], Clocks[K][T]);
  return Out;
}

bool Run::choose(Node &N) {
  if (Optimal()) {
    while (!N.Wut->Kids.empty()) {
      std::unique_ptr<WuNode> K = std::move(N.Wut->Kids.front());
      N.Wut->Kids.erase(N.Wut->Kids.begin());
      if (!N.enabled(K->A.T))
        continue; // stale branch (cannot happen if the theory holds)
      // A signal's waiter index is clamped to the waiters there, as the
      // system does: the clamped alternative is the event taken.
      K->A.Choice = std::min(K->A.Choice, N.choicesOf(K->A.T) - 1);
      if (N.asleep(K->A.T, K->A.Choice))
        continue; // stale branch (cannot happen if the theory holds)
      N.take(K->A);
      N.ChildWut = std::make_unique<WuNode>();
      N.ChildWut->Kids = std::move(K->Kids);
      return true;
    }
    return false;
  }
  for (ThreadId T : N.Backtrack)
    if (!N.asleep(T, AnyChoice) && N.enabled(T)) {
      N.take({T, 0});
      return true;
    }
  return false;
}

ExploreResult Run::go() {
  ExploreResult Res;
  Budget B(C, Res);
  // Collecting every error: a failure is an event that races with every
  // other thread's (an exit), so the errors other threads meet first are
  // met too (System::setDeferFindings()).
  Sys.setDeferFindings(!C.StopOnFirst);
  MayExit = Res.S.MayExit = Sys.mayExit();
  auto LimitReached = [&](uint64_t PendingBytes = 0) {
    return B.limitReached(PendingBytes);
  };
  Sys.setStopCheck(LimitReached);
  Stack.clear();
  Stack.emplace_back();
  Stack[0].Wut = std::make_unique<WuNode>();
  bool Done = false;
  while (!Done) {
    Sys.reset();
    size_t ReplayFrom = Stack.size() - 1;
    truncateTo(std::min(ReplayFrom, Ev.size()));
    size_t D = 0;
    bool SleepBlocked = false;
    ExecutionEnd End;
    while ((End = Sys.end()) == ExecutionEnd::Running) {
      if (D == Stack.size()) {
        Node N;
        Node &Parent = Stack[D - 1];
        const Event &Last = Ev.back();
        // A sleeper stays asleep while the events taken are independent of
        // it; any event of its own thread (another alternative) wakes it.
        // So does a write that wakes a spin loop the sleeper could have
        // woken by writing another location it waits on.
        // (Asked only when there is a sleeper: it visits every thread.)
        std::vector<std::pair<uint64_t, uint32_t>> Woke;
        if (!Parent.Sleep.empty() || !Parent.Done.empty())
          Woke = spinsWokenBy(Last);
        for (const std::vector<SleepEntry> *L : {&Parent.Sleep, &Parent.Done})
          for (const SleepEntry &S : *L)
            if (S.T != Last.Thread && !dependent(S.Pending, Last) &&
                !writesAny(S.Pending, Woke))
              N.Sleep.push_back(S);
        N.Wut = Parent.ChildWut ? std::move(Parent.ChildWut)
                                : std::make_unique<WuNode>();
        Stack.push_back(std::move(N));
      }
      Node &N = Stack[D];
      if (N.Enabled.empty())
        for (ThreadId T = 0; T < Sys.numThreads(); ++T)
          if (Sys.enabled(T)) {
            N.Enabled.push_back(T);
            N.Choices.push_back(Sys.numChoices(T));
          }
      if (!N.HasTaken) {
        if (!choose(N)) {
          // Nothing planned here: start a branch with any awake event. Source
          // mode tries all alternatives of a thread under one sleep entry;
          // optimal takes the first alternative not asleep.
          std::optional<Alt> Pick;
          for (size_t K = 0; K < N.Enabled.size() && !Pick; ++K) {
            ThreadId T = N.Enabled[K];
            unsigned NC = Optimal() ? N.Choices[K] : 1;
            for (unsigned C = 0; C < NC && !Pick; ++C)
              if (!N.asleep(T, Optimal() ? C : AnyChoice))
                Pick = Alt{T, C};
          }
          if (!Pick) {
            SleepBlocked = true;
            break;
          }
          N.take(*Pick);
          N.Backtrack.push_back(Pick->T);
        }
      }
      N.TakenPending = Sys.pending(N.Taken.T);
      N.NumChoices = Sys.numChoices(N.Taken.T);
      if (D >= Ev.size()) {
        std::vector<std::pair<uint64_t, uint32_t>> A = Sys.awaited(N.Taken.T);
        Res.S.MultiLocationAwaits |= A.size() > 1;
        if (!A.empty())
          AwaitOf[D] = std::move(A);
      }
      const Event &E = Sys.step(N.Taken.T, N.Taken.Choice);
      Res.S.NondetUsed |= E.Kind == EventKind::Nondet && E.Flag;
      if (D < Ev.size()) {
        assert(Ev[D].Thread == E.Thread && Ev[D].Kind == E.Kind &&
               Ev[D].Addr == E.Addr && "replay diverged");
      } else {
        record(E);
      }
      ++D;
      // The clock every 64 steps, memory every 1024: a long execution
      // cannot carry the run far past --timeout.
      if ((D & 63) == 0 && ((D & 1023) == 0 ? LimitReached() : B.timedOut()))
        break;
    }
    Res.S.Events += D;
    if (!Res.Limit.empty())
      break;
    if (SleepBlocked)
      ++Res.S.SleepBlocked;
    else if (B.countExecution(Sys, End, Ev))
      break;
    bool Detected = detectRaces(std::min(ReplayFrom, Ev.size()), B);
    Res.S.MultiLocationAwaits |= RangeRivals;
    if (!Detected)
      break;
    // Backtrack to the deepest node with an alternative left.
    Stack.resize(std::min(Stack.size(), D + (SleepBlocked ? 1 : 0)));
    while (!Stack.empty()) {
      Node &N = Stack.back();
      // Source: a thread's alternatives are tried one after the other at N,
      // then the thread sleeps for all of them. Optimal: each alternative is
      // an event of its own, explored from the wakeup tree.
      if (!Optimal() && N.HasTaken && N.NumChoices > 1 &&
          (N.Taken.Choice + 1) % N.NumChoices != N.FirstChoice) {
        N.Taken.Choice = (N.Taken.Choice + 1) % N.NumChoices;
        N.ChildWut = nullptr;
        break;
      }
      if (N.HasTaken) {
        N.Done.push_back({N.Taken.T, Optimal() ? N.Taken.Choice : AnyChoice,
                          N.TakenPending});
        if (Optimal() && N.NumChoices > 1)
          plantAlternatives(N);
        N.HasTaken = false;
        N.ChildWut.reset();
      }
      if (choose(N))
        break;
      Stack.pop_back();
    }
    if (Stack.empty())
      Done = true;

    if (!Done && B.stopAfterExecution())
      Done = true;
  }
  B.finish();
  return Res;
}

} // namespace dpor

ExploreResult DporExplorer::explore(System &Sys) {
  dpor::Run R(Sys, Config);
  return R.go();
}

} // namespace vcdpor
