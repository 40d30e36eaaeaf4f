//===- tools/WitnessReplay.cpp - Following a witness's schedule -----------===//
#include "dpor/Races.h"
#include "tools/Witness.h"

#include <algorithm>
#include <map>

namespace vcdpor {

namespace {

std::string stepName(size_t K, const WitnessStep &S) {
  return "step " + std::to_string(K + 1) + " (thread " +
         std::to_string(S.Thread) + ", line " + std::to_string(S.Line) + ")";
}

const char *stateName(ThreadState S) {
  switch (S) {
  case ThreadState::Absent:
    return "not created";
  case ThreadState::Ready:
    return "ready";
  case ThreadState::BlockedLock:
    return "blocked on a lock";
  case ThreadState::BlockedJoin:
    return "blocked on a join";
  case ThreadState::BlockedAtomic:
    return "blocked by an atomic section";
  case ThreadState::Waiting:
    return "waiting on a condition";
  case ThreadState::AssumeBlocked:
    return "blocked by a failed assume";
  case ThreadState::AwaitBlocked:
    return "blocked in a spin loop";
  case ThreadState::Bounded:
    return "cut by the loop bound";
  case ThreadState::Finished:
    return "finished";
  case ThreadState::Killed:
    return "killed by exit";
  }
  return "?";
}

} // namespace

bool followWitness(System &Sys, const WitnessPath &W, ErrorReport &Out,
                   std::string &Why) {
  Sys.setDeferFindings(true);
  Sys.reset();
  std::map<unsigned, ThreadId> SysOf{{0, 0}};
  std::map<ThreadId, unsigned> WitOf{{0, 0}};
  std::vector<Event> Trace;
  for (size_t K = 0; K < W.Steps.size(); ++K) {
    const WitnessStep &S = W.Steps[K];
    if (Sys.end() != ExecutionEnd::Running)
      break; // the finding came before the witness's last step
    auto It = SysOf.find(S.Thread);
    if (It == SysOf.end()) {
      Why = stepName(K, S) + ": no earlier step created thread " +
            std::to_string(S.Thread);
      return false;
    }
    ThreadId T = It->second;
    if (!Sys.enabled(T)) {
      Why = stepName(K, S) + ": the thread cannot run (" +
            stateName(Sys.state(T)) + ")";
      return false;
    }
    const Event P = Sys.pending(T);
    unsigned Line = Sys.describeSrc(P.SrcLoc).Line;
    if (S.Line && Line != S.Line) {
      Why = stepName(K, S) + ": the thread's next operation (" +
            std::string(eventKindName(P.Kind)) + ") is at line " +
            std::to_string(Line);
      return false;
    }
    if (P.Kind == EventKind::Nondet) {
      if (!S.Nondet) {
        Why = stepName(K, S) + ": a nondet draw, and the witness gives no "
                               "value";
        return false;
      }
      if (!Sys.forceNondet(T, uint64_t(*S.Nondet))) {
        Why = stepName(K, S) + ": the program cannot draw " +
              std::to_string(*S.Nondet);
        return false;
      }
    }
    unsigned Choice = 0;
    if (P.Kind == EventKind::Signal && S.Wakes) {
      auto Woken = SysOf.find(*S.Wakes);
      std::optional<unsigned> C =
          Woken == SysOf.end() ? std::nullopt
                               : Sys.signalChoice(T, Woken->second);
      if (!C) {
        Why = stepName(K, S) + ": thread " + std::to_string(*S.Wakes) +
              " does not wait on the signalled condition";
        return false;
      }
      Choice = *C;
    }
    const Event Done = Sys.step(T, Choice);
    if (Done.Kind == EventKind::Create && Done.Value) {
      unsigned Id = S.Creates ? *S.Creates : unsigned(WitOf.size());
      if (SysOf.count(Id)) {
        Why = stepName(K, S) + ": creates thread " + std::to_string(Id) +
              ", which an earlier step created";
        return false;
      }
      SysOf[Id] = ThreadId(Done.Value);
      WitOf[ThreadId(Done.Value)] = Id;
    }
    Trace.push_back(Done);
  }
  const std::string Target = "line " + std::to_string(W.TargetLine);
  if (W.Finding == "data-race") {
    // The race is between the last step and an earlier access.
    if (Trace.empty()) {
      Why = "a data-race witness without steps";
      return false;
    }
    for (const Race &Rc : findRaces(Trace)) {
      if (Rc.Second + 1 != Trace.size() ||
          Sys.describeSrc(Trace[Rc.Second].SrcLoc).Line != W.TargetLine)
        continue;
      // The same report as a search that meets the race gives.
      Out = raceReport(Sys, Trace, Rc, true);
      return true;
    }
    Why = "the witness's last step races with no earlier access at " + Target;
    return false;
  }
  // A finding met by a thread while others run waits as the thread's
  // pending exit (setDeferFindings): the violation edge runs it.
  if (Sys.end() == ExecutionEnd::Running) {
    auto It = SysOf.find(W.TargetThread);
    if (It != SysOf.end() && Sys.enabled(It->second) &&
        Sys.pending(It->second).Kind == EventKind::Exit &&
        Sys.pending(It->second).Flag)
      Trace.push_back(Sys.step(It->second));
  }
  ExecutionEnd End = Sys.end();
  const Finding *F = Sys.finding();
  if ((End != ExecutionEnd::Error && End != ExecutionEnd::Deadlock) || !F) {
    Why = "the witness's steps end without a finding (the execution is " +
          std::string(End == ExecutionEnd::Running    ? "still running"
                      : End == ExecutionEnd::Complete ? "complete"
                                                      : "cut") +
          ")";
    return false;
  }
  std::string Kind(findingKindName(F->Kind));
  unsigned Line = Sys.describeSrc(F->SrcLoc).Line;
  if ((!W.Finding.empty() && Kind != W.Finding) || Line != W.TargetLine) {
    Why = "the execution meets " + Kind + " at line " + std::to_string(Line) +
          ", the witness's violation is " +
          (W.Finding.empty() ? "" : W.Finding + " ") + "at " + Target;
    return false;
  }
  Out = makeReport(Sys, Trace);
  return true;
}

} // namespace vcdpor
