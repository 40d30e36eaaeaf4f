//===- dpor/Exhaustive.cpp - Every interleaving, no reduction
//--------------===//
//
// Depth-first over every (enabled thread, alternative) at every visible
// operation. Stateless: each execution re-runs the system from its initial
// state, replaying the decision prefix. The ground truth for every engine.
//
//===----------------------------------------------------------------------===//
#include "dpor/Exhaustive.h"
#include "dpor/Budget.h"
#include "dpor/Dpor.h"
#include "dpor/HbClasses.h"
#include "dpor/LocalBehaviours.h"
#include "dpor/Vc.h"
#include "dpor/VhbClasses.h"

#include <algorithm>
#include <set>

namespace vcdpor {

namespace {
struct Alt {
  ThreadId T;
  unsigned Choice;
};
struct Node {
  std::vector<Alt> Alts;
  size_t Next = 0;
};
} // namespace

ExploreResult ExhaustiveExplorer::explore(System &Sys) {
  ExploreResult Res;
  Budget B(Config, Res);
  std::vector<Node> Stack;
  std::vector<Event> Exec;
  std::set<HbSignature> VhbSet, VcSet;
  auto Unread = [&](uint64_t Addr) { return Sys.unread(Addr); };
  LocalBehaviours Local;
  bool Done = false;
  auto LimitReached = [&](uint64_t PendingBytes = 0) {
    return B.limitReached(PendingBytes);
  };
  Sys.setStopCheck(LimitReached);
  Sys.setDeferFindings(!Config.StopOnFirst);
  while (!Done) {
    Sys.reset();
    Exec.clear();
    size_t Depth = 0;
    ExecutionEnd End;
    while ((End = Sys.end()) == ExecutionEnd::Running) {
      if (Depth == Stack.size()) {
        Node N;
        for (ThreadId T = 0; T < Sys.numThreads(); ++T)
          if (Sys.enabled(T))
            for (unsigned C = 0, NC = Sys.numChoices(T); C < NC; ++C)
              N.Alts.push_back({T, C});
        Stack.push_back(std::move(N));
      }
      const Alt &A = Stack[Depth].Alts[Stack[Depth].Next];
      Exec.push_back(Sys.step(A.T, A.Choice));
      Res.S.NondetUsed |=
          Exec.back().Kind == EventKind::Nondet && Exec.back().Flag;
      ++Depth;
      // The clock every 64 steps, memory every 4096: a long execution
      // cannot carry the run far past --timeout.
      if ((Depth & 63) == 0 &&
          ((Depth & 4095) == 0 ? LimitReached() : B.timedOut()))
        break;
    }
    Res.S.Events += Exec.size();
    if (!Res.Limit.empty())
      break;
    Stack.resize(Depth);
    // An error cuts its execution short: only maximal executions (complete
    // or deadlocked) are classes.
    if (Config.CountVhbClasses &&
        (End == ExecutionEnd::Complete || End == ExecutionEnd::Deadlock)) {
      ThreadId Root =
          Config.VcRoot >= 0 ? ThreadId(Config.VcRoot) : defaultRoot(Exec);
      auto Sig = vhbSignature(Exec, Root);
      VhbSet.insert(Sig);
      bool AnyUnread =
          std::any_of(Exec.begin(), Exec.end(), [&](const Event &E) {
            return E.Kind == EventKind::Write && Sys.unread(E.Addr);
          });
      VcSet.insert(AnyUnread ? vhbSignature(Exec, Root, Unread) : Sig);
    }
    if (Config.CountLocalBehaviours && End != ExecutionEnd::Error &&
        End != ExecutionEnd::Interrupted)
      Local.add(Exec);
    Done = B.countExecution(Sys, End, Exec);
    // Advance to the next unexplored alternative, deepest first.
    while (!Stack.empty() && Stack.back().Next + 1 >= Stack.back().Alts.size())
      Stack.pop_back();
    if (Stack.empty())
      Done = true;
    else
      Stack.back().Next++;

    if (!Done && B.stopAfterExecution())
      Done = true;
  }
  Res.S.VhbClasses = VhbSet.size();
  Res.S.VcClasses = VcSet.size();
  Res.S.LocalBehaviours = Local.size();
  Res.S.LocalDigest = Local.digest();
  B.finish();
  return Res;
}

std::unique_ptr<Explorer> makeExplorer(const ExploreConfig &C,
                                       std::string &Error) {
  if (C.Workers > 1 && C.Engine != EngineKind::VC) {
    // Source- and Optimal-DPOR add backtrack points to the prefixes of the
    // execution that found a race: their subtrees are not independent.
    Error = "parallel exploration (more than one worker) is implemented "
            "for --engine=vc only";
    return nullptr;
  }
  if (C.Workers > 1 && !C.NewSystem) {
    Error = "parallel exploration needs a way to make a system per worker";
    return nullptr;
  }
  switch (C.Engine) {
  case EngineKind::Exhaustive:
    return std::make_unique<ExhaustiveExplorer>(C);
  case EngineKind::Source:
  case EngineKind::Optimal:
    return std::make_unique<DporExplorer>(C);
  case EngineKind::VC:
    return std::make_unique<VcExplorer>(C);
  }
  return nullptr;
}

} // namespace vcdpor
