//===- dpor/VcRebase.cpp - Running a saved execution on in another order -===//
//
// The children of a node share its events: those of the execution that
// built it, plus one new event each. Where the system could save its state
// at the end of that execution, a child's replay starts there instead of
// from the initial state: the saved events keep their values in the
// child's linearization (it is a witness of the same annotation), so every
// thread computes what it computed, and the system only redoes their
// shared writes in the child's order around the new event
// (System::rebase()). The result is the state a replay of the child
// reaches; builds with VCDPOR_EXPENSIVE_CHECKS compare the two.
//
//===----------------------------------------------------------------------===//
#include "dpor/VcSearch.h"

#include "closure/Linearize.h"

namespace vcdpor::vc {

namespace {
/// Accesses of one location, which replayStep() registers (location()).
bool located(const Event &E) {
  return E.Addr && (E.Kind == EventKind::Read || E.Kind == EventKind::Write ||
                    E.Kind == EventKind::Rmw || E.Kind == EventKind::Cas);
}
} // namespace

void Vc::save(Node &N) {
  N.Snap.reset();
  // A node without choices has no children to run on from its state: it
  // is counted from the execution the system holds (complete()).
  if (!C.Rebase || N.StateOf != StateNo || N.SecThread != NoThread ||
      N.Atomic != NoThread || N.Resume || !hasChoices(N))
    return;
  for (const Event &E : Exec)
    if (E.Kind == EventKind::AtomicBegin)
      return; // a replay runs a section back to back, not as linearized
  // A save pays where children run on from saved states often enough: once
  // 64 states are saved, only while one in 8 has been used, and every 32nd
  // time regardless, so that the measure follows the search (programs
  // whose nodes mostly continue the live execution: equal_writes, where one
  // in 30 was used and the copies cost more than the replays saved).
  if (Saves >= 64 && Stat.Rebased * 8 < Saves && ++UnusedSkips % 32 != 0)
    return;
  size_t Held = Sh.SavedBytes.load(std::memory_order_relaxed);
  size_t Room = Held < Sh.SaveBudget ? Sh.SaveBudget - Held : 0;
  // Measuring a state takes a pass over it: not while the last one saved
  // would not fit (but now and then, as states shrink after backtracking).
  if (Room <= Exec.size() * sizeof(Event) ||
      (Room < LastSaved && ++RoomSkips % 64 != 0))
    return;
  std::shared_ptr<const SystemState> S =
      Sys.save(Room - Exec.size() * sizeof(Event));
  if (!S)
    return;
  LastSaved = S->Bytes;
  ++Saves;
  N.Snap = std::make_shared<const Saved>(std::move(S), Exec, Sh.SavedBytes);
}

Vc::Cont Vc::rebase(Node &N, ThreadId T, cl::EventId Id,
                    std::vector<cl::EventId> &New) {
  if (!N.Snap || N.SecThread != NoThread || N.Atomic != NoThread || N.Resume)
    return Cont::No;
  const Saved &Sv = *N.Snap;
  // N's events: the saved ones, as they ran, and Id, T's last.
  size_t Total = 0;
  for (ThreadId U = 0; U < N.Th.size(); ++U)
    Total += N.Steps[U].size();
  if (Total != Sv.Exec.size() + 1 || Id.Index + 1 != N.Steps[T].size())
    return Cont::No;
  Step &S = N.Steps.at(T, Id.Index);
  bool Accessed = false; // Id's location, by a saved event
  for (const Event &E : Sv.Exec) {
    if (E.Thread >= N.Th.size() || E.Index >= N.Steps[E.Thread].size())
      return Cont::No;
    const Event &X = N.Steps[E.Thread][E.Index].E;
    if (X.Kind != E.Kind || X.Addr != E.Addr || X.Value != E.Value ||
        X.Flag != E.Flag)
      return Cont::No;
    Accessed |= located(E) && E.Addr == S.E.Addr;
  }
  std::optional<uint64_t> Value;
  switch (S.E.Kind) {
  case EventKind::Read:
  case EventKind::Rmw: {
    // A location the saved execution accessed: registered, and its initial
    // contents checked in the run that saved it (location()).
    if (S.E.Addr2 || !Accessed)
      return Cont::No;
    auto It = LocOf.find(S.E.Addr);
    if (It == LocOf.end() || Locs[It->second].Size != S.E.Size)
      return Cont::No;
    Value = S.E.Value;
    break;
  }
  case EventKind::Lock:
  case EventKind::TryLock:
  case EventKind::Nondet:
    break;
  default:
    return Cont::No;
  }
#ifdef VCDPOR_EXPENSIVE_CHECKS
  Node Pre = N;
#endif
  auto T0 = Clock::now();
  cl::Result<std::vector<cl::EventId>> Lin = cl::linearize(N.PO);
  Stat.ClosureTimeS += since(T0);
  if (!Lin) {
    internal("no linearization of a closed order: " + Lin.error());
    return Cont::Ended;
  }
  std::vector<EventRef> &Before = RebaseOrder[0], &After = RebaseOrder[1];
  Before.clear();
  After.clear();
  bool Seen = false;
  for (cl::EventId E : Lin.value()) {
    if (E.Thread == InitC)
      continue;
    if (E == Id)
      Seen = true;
    else
      (Seen ? After : Before).push_back({ProgOf[E.Thread], E.Index});
  }
  ScopedTime Tm{Stat.InterpTimeS};
  ++StateNo; // whatever comes of it, the live execution is gone
  const Event *E = Sys.rebase(*Sv.State, Before, T, S.Choice, Value, After);
  if (!E)
    return Cont::No;
  ++ReplayNo;
  ++Stat.Rebased;
  // The locations the saved events accessed have had their first access in
  // this execution (location()).
  for (const Event &X : Sv.Exec)
    if (located(X) && !isSetupWrite(X))
      if (auto It = LocOf.find(X.Addr); It != LocOf.end())
        SeenIn[It->second] = ReplayNo;
  Exec.clear();
  for (auto [U, K] : Before)
    Exec.push_back(N.Steps[U][K].E);
  Exec.push_back(*E);
  for (auto [U, K] : After)
    Exec.push_back(N.Steps[U][K].E);
  size_t Ran = Exec.size();
  bool Ok = checkStep(N, S, *E, Id.Index) && extend(N, New);
  Stat.Events += 1 + Exec.size() - Ran;
  if (!Ok || !recordFrontier(N))
    return Cont::Ended;
  N.StateOf = StateNo;
  // The trace (a linearization, then the determined events) respects N.PO.
  N.PO.recordInserts();
#ifdef VCDPOR_EXPENSIVE_CHECKS
  // A replay of N must reach the same execution, state and frontier.
  std::vector<Event> Ex = Exec;
  std::vector<uint64_t> Seen1 = observe(N);
  Stats Kept = Stat;
  std::vector<cl::EventId> New2;
  bool Replayed = replay(Pre, &New2);
  Stat = Kept;
  if (!Replayed) {
    // A limit (--max-memory, --timeout) may stop the check's replay where
    // the rebase itself got through: that ends the search, it is no error.
    if (!Stop && !SysStopped)
      internal("the replay a rebase is checked against ended early");
    return Cont::Ended;
  }
  bool Same = Ex.size() == Exec.size() && New2 == New;
  for (size_t I = 0; Same && I < Ex.size(); ++I)
    Same = Ex[I].Thread == Exec[I].Thread && Ex[I].Index == Exec[I].Index &&
           Ex[I].Kind == Exec[I].Kind && Ex[I].Addr == Exec[I].Addr &&
           Ex[I].Value == Exec[I].Value && Ex[I].Written == Exec[I].Written;
  if (!Same || observe(Pre) != Seen1) {
    internal("a rebased execution differs from its replay");
    return Cont::Ended;
  }
  N.StateOf = StateNo; // the replay's state: the same
#endif
  return Cont::Done;
}

#ifdef VCDPOR_EXPENSIVE_CHECKS
std::vector<uint64_t> Vc::observe(const Node &N) const {
  std::vector<uint64_t> O;
  for (ThreadId U = 0; U < Sys.numThreads(); ++U) {
    ThreadState St = Sys.state(U);
    O.push_back(uint64_t(St));
    if (St != ThreadState::Absent && St != ThreadState::Finished) {
      const Event &P = Sys.pending(U);
      O.insert(O.end(),
               {uint64_t(P.Kind), P.Addr, P.Index, P.Value, P.Written, P.Flag});
    }
  }
  for (const LocInfo &L : Locs) {
    std::optional<uint64_t> V = Sys.peek(L.Addr, L.Size);
    O.push_back(V ? *V : ~uint64_t(0));
  }
  for (const ThreadX &X : N.Th)
    O.insert(O.end(),
             {uint64_t(X.F.K), uint64_t(X.F.P.Kind), X.F.P.Addr, X.F.P.Index,
              X.F.NoWriters, X.F.CasOnly, X.F.MayExit, X.Done});
  return O;
}
#endif

} // namespace vcdpor::vc
