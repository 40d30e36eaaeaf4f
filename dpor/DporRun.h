//===- dpor/DporRun.h - Source/Optimal-DPOR internals ----------*- C++ -*-===//
//
// The exploration stack, wakeup trees and the Run object of Source- and
// Optimal-DPOR, shared by Dpor.cpp (exploration, race reversal) and
// DporAwait.cpp (spin loops, condition-variable wakers, mutexes held at the
// end). Not part of the dpor/ interface: include only from those.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_DPORRUN_H
#define VCDPOR_DPOR_DPORRUN_H

#include "dpor/Budget.h"
#include "dpor/Explorer.h"
#include "dpor/System.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace vcdpor::dpor {

/// A lock acquire: lock, successful trylock, or a condition wait's
/// re-acquire.
bool isAcquire(const Event &E);

struct Alt {
  ThreadId T = NoThread;
  unsigned Choice = 0;
};

/// A wakeup tree: every root-to-leaf path is a sequence still to explore,
/// children ordered left to right.
struct WuNode {
  Alt A;
  Event Ev;
  std::vector<std::unique_ptr<WuNode>> Kids;
};

/// Stands for every alternative of a thread's pending event in a sleep entry
/// (source mode, which tries all alternatives under one entry).
constexpr unsigned AnyChoice = ~0u;

/// A sleeping event: thread T's pending event taken with alternative Choice.
/// Different alternatives of one pending event are different events.
struct SleepEntry {
  ThreadId T;
  unsigned Choice;
  Event Pending;
};

struct Node {
  Alt Taken;
  bool HasTaken = false;
  Event TakenPending;
  unsigned NumChoices = 1;
  /// Source: alternatives are tried cyclically from here. Optimal: each
  /// alternative is a branch of its own in the wakeup tree.
  unsigned FirstChoice = 0;
  std::vector<ThreadId> Enabled;
  std::vector<unsigned> Choices;    ///< numChoices of each Enabled thread
  std::vector<SleepEntry> Sleep;    ///< inherited from the parent
  std::vector<SleepEntry> Done;     ///< alternatives fully explored here
  std::vector<ThreadId> Backtrack;  ///< source mode
  std::unique_ptr<WuNode> Wut;      ///< optimal mode: unexplored branches
  std::unique_ptr<WuNode> ChildWut; ///< subtree handed to the child taken

  bool asleep(ThreadId T, unsigned Choice) const {
    for (const std::vector<SleepEntry> *L : {&Sleep, &Done})
      for (const SleepEntry &S : *L)
        if (S.T == T && (S.Choice == AnyChoice || S.Choice == Choice))
          return true;
    return false;
  }
  bool enabled(ThreadId T) const {
    return std::find(Enabled.begin(), Enabled.end(), T) != Enabled.end();
  }
  /// Alternatives of enabled thread T's pending event here.
  unsigned choicesOf(ThreadId T) const {
    auto It = std::find(Enabled.begin(), Enabled.end(), T);
    return It == Enabled.end() ? 1 : Choices[It - Enabled.begin()];
  }
  void take(Alt A) {
    Taken = A;
    FirstChoice = A.Choice;
    HasTaken = true;
  }
};

struct SeqItem {
  Alt A;
  Event Ev;
};

using Clock = std::vector<uint32_t>;

class Run {
public:
  Run(System &Sys, const ExploreConfig &C) : Sys(Sys), C(C) {}
  ExploreResult go();

private:
  System &Sys;
  const ExploreConfig &C;
  bool Optimal() const { return C.Engine == EngineKind::Optimal; }
  /// Some execution may call exit() or abort() (System::mayExit).
  bool MayExit = true;

  std::vector<Node> Stack;
  // The current execution.
  std::vector<Event> Ev;
  std::vector<Clock> Clocks;
  std::vector<size_t> Section; ///< index of the atomic-begin of its section
  std::vector<int64_t> LastOf, CreateOf;
  std::unordered_map<uint32_t, std::vector<size_t>> ByObject;
  std::vector<size_t> Exits;
  std::vector<uint32_t> Stamp;
  uint32_t StampNow = 0;
  int64_t OpenSection = -1;
  std::vector<int64_t> PrevOf;     ///< the thread's previous event
  std::vector<int64_t> OpenBefore; ///< OpenSection before the event
  /// For an event that a write woke from a spin loop (an await): the
  /// locations the loop waited on.
  std::unordered_map<size_t, std::vector<std::pair<uint64_t, uint32_t>>>
      AwaitOf;

  /// Keeps the first D events: a replayed prefix is the same execution, so
  /// its clocks and indexes are reused rather than recomputed.
  void truncateTo(size_t D) {
    for (size_t J = Ev.size(); J-- > D;) {
      const Event &E = Ev[J];
      LastOf[E.Thread] = PrevOf[J];
      if (E.Kind == EventKind::Create && E.Value < CreateOf.size())
        CreateOf[E.Value] = -1;
      OpenSection = OpenBefore[J];
      for (uint64_t A : {E.Size ? E.Addr : 0, E.Size2 ? E.Addr2 : 0})
        if (A) {
          std::vector<size_t> &L = ByObject[uint32_t(A >> 32)];
          while (!L.empty() && L.back() >= D)
            L.pop_back();
        }
      while (!Exits.empty() && Exits.back() >= D)
        Exits.pop_back();
    }
    for (auto It = AwaitOf.begin(); It != AwaitOf.end();)
      It = It->first >= D ? AwaitOf.erase(It) : std::next(It);
    Ev.resize(D);
    Clocks.resize(D);
    Section.resize(D);
    PrevOf.resize(D);
    OpenBefore.resize(D);
  }
  /// E happens before (or is) the event whose clock is X.
  static bool inClock(const Event &E, const Clock &X) {
    return E.Thread < X.size() && X[E.Thread] > E.Index;
  }
  bool hb(size_t I, const Clock &X) const { return inClock(Ev[I], X); }
  /// What T's next event starts from: its last event, or its creation.
  const Clock &baseClock(ThreadId T) const {
    static const Clock None;
    if (T < LastOf.size() && LastOf[T] >= 0)
      return Clocks[LastOf[T]];
    if (T < CreateOf.size() && CreateOf[T] >= 0)
      return Clocks[CreateOf[T]];
    return None;
  }
  /// What event J of the execution started from: its thread's previous
  /// event, or the thread's creation (when that came before J).
  const Clock &clockBefore(size_t J) const {
    static const Clock None;
    ThreadId T = Ev[J].Thread;
    if (PrevOf[J] >= 0)
      return Clocks[PrevOf[J]];
    if (T < CreateOf.size() && CreateOf[T] >= 0 && size_t(CreateOf[T]) < J)
      return Clocks[CreateOf[T]];
    return None;
  }
  template <typename F> void forCandidates(const Event &E, size_t Limit, F Fn);
  /// forCandidates' events below Limit, latest first, while Fn returns true.
  template <typename F>
  void forCandidatesLatestFirst(const Event &E, size_t Limit, F Fn);
  void record(const Event &E);
  /// Plans the reversal of the races of the last execution from event From
  /// on. Checks B's clock every 64 events and gives up (returning false) at
  /// the timeout: the run is ending, so the plan no longer matters.
  bool detectRaces(size_t From, Budget &B);
  /// Base joined with the clock of event K, in Out.
  const Clock &joined(const Clock &Base, size_t K, Clock &Out) const;
  /// The writes that can wake thread T's spin loop, whose next read is at
  /// Pos: per awaited location, the first write of another thread after
  /// T's last access to it (before or after Pos), and the later ones that
  /// conflict with none of those. The earliest of those
  /// before Pos woke T (or, written while the iteration still ran, kept it
  /// from waiting at all).
  std::vector<size_t> awaitWakers(size_t Pos, ThreadId T) const;
  /// Some awaited range had rival wakers of its own (awaitWakers()): the
  /// run reports it as a spin loop over several locations.
  bool RangeRivals = false;
  /// Calls Fn on each write of another thread to [A, A+S) after T's last
  /// access to it before Pos (the loop's next read), in execution order,
  /// until Fn returns true: the writes that can wake T's spin loop there.
  template <typename F>
  void forWakingWrites(uint64_t A, uint32_t S, size_t Pos, ThreadId T,
                       F Fn) const;
  /// Whether the spin loop whose next read is at Pos is woken by a write
  /// before Pos that is not LeftOut (a predicate on positions).
  template <typename F> bool wokenIn(size_t Pos, F LeftOut) const;
  /// The last operation of the execution on Mutex acquired it.
  bool heldAtEnd(uint64_t Mutex) const;
  /// A spin loop waiting on several locations is woken by whichever of
  /// Wakers comes first (First); writes of different locations do not
  /// conflict, so the rivals of the one that did are raced with it
  /// explicitly. The loop's next read (at Pos) ends each reversal: the race
  /// is over which write it follows, and that read conflicts with a sleeping
  /// write of another awaited location, which must not cover the reversal.
  void rivalWakers(const std::vector<size_t> &Wakers, size_t First, size_t Pos);
  /// The locations awaited by the spin loops of several locations that W
  /// wakes (or woke: the loop has not read again yet).
  std::vector<std::pair<uint64_t, uint32_t>> spinsWokenBy(const Event &W) const;
  static bool writesAny(const Event &E,
                        const std::vector<std::pair<uint64_t, uint32_t>> &Locs);
  /// Base joined with the clock of the signal or broadcast (after the wait at
  /// position Wait, before Pos) that woke Wake's thread, stored in Out.
  const Clock &withWaker(const Event &Wake, size_t Pos, int64_t Wait,
                         const Clock &Base, Clock &Out) const;
  /// Plans the reversal of the race of E[I] with Later, whose thread's
  /// previous event (or creation) has clock Base.
  /// A Later no execution took yet (a killed thread's pending event) with
  /// LaterChoices alternatives is planned with each of them.
  /// Then, when given and not in the reversal yet, is appended to it.
  void race(size_t I, const Event &Later, size_t LaterPos, const Clock &Base,
            unsigned LaterChoices = 1, const Event *Then = nullptr);
  std::vector<SeqItem> wakeupSequence(size_t I, const Event &Later,
                                      size_t LaterPos);
  /// T's pending event after replaying E[0..I) followed by V, if the replay
  /// succeeds. Leaves the system in that state.
  std::optional<Event> replayedPending(size_t I, const std::vector<SeqItem> &V,
                                       ThreadId T);
  void insert(WuNode &Root, std::vector<SeqItem> V);
  std::vector<ThreadId> initials(const std::vector<SeqItem> &V) const;
  /// Whether Q's pending event QEv, taken with alternative QChoice, is a
  /// weak initial of V: V.w starts with it for some w. Another alternative
  /// of the same pending event is a different, conflicting event.
  bool weakInitial(const std::vector<SeqItem> &V, ThreadId Q, unsigned QChoice,
                   const Event &QEv) const;
  /// Whether a sleeper at N (inherited or explored there) is a weak initial
  /// of V: then every class V leads to is explored from that sleeper.
  bool coveredBySleeper(const Node &N, const std::vector<SeqItem> &V) const;
  /// Optimal: plants every other alternative of the event just explored at N
  /// as a wakeup sequence of its own, unless a sleeper covers it.
  void plantAlternatives(Node &N);
  bool choose(Node &N);
};

template <typename F> bool Run::wokenIn(size_t Pos, F LeftOut) const {
  bool Woken = false;
  for (auto [A, S] : AwaitOf.at(Pos))
    forWakingWrites(A, S, Pos, Ev[Pos].Thread, [&](size_t K) {
      Woken |= K < Pos && !LeftOut(K);
      return Woken || K >= Pos;
    });
  return Woken;
}

template <typename F>
void Run::forWakingWrites(uint64_t A, uint32_t S, size_t Pos, ThreadId T,
                          F Fn) const {
  auto It = ByObject.find(uint32_t(A >> 32));
  if (It == ByObject.end())
    return;
  const std::vector<size_t> &L = It->second;
  size_t From = 0; // past T's last access before Pos: the loop read it again
  for (size_t X = 0; X < L.size() && L[X] < Pos; ++X)
    if (Ev[L[X]].Thread == T && overlaps(A, S, Ev[L[X]].Addr, Ev[L[X]].Size))
      From = X + 1;
  for (size_t X = From; X < L.size(); ++X) {
    const Event &E = Ev[L[X]];
    if (E.Thread != T && eventKindWrites(E.Kind) && E.Kind != EventKind::Free &&
        overlaps(A, S, E.Addr, E.Size) && Fn(L[X]))
      return;
  }
}

} // namespace vcdpor::dpor

#endif
