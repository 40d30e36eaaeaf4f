//===- bmc/Bmc.cpp - The bmc engine: unroll, solve, confirm ---------------===//
//
// For each bound: build the SymProgram, encode it, ask Z3 for an execution
// that fails (a finding or a deadlock). A model is replayed through the
// interpreter (replay() below) and reported only when the interpreter meets
// the same kind of finding. Without one, a second query asks whether any
// execution reaches the loop bound: if none does, the bound is complete and
// the answer holds for every execution.
//
//===----------------------------------------------------------------------===//
#include "bmc/Bmc.h"
#include "bmc/Decide.h"
#include "bmc/Encode.h"
#include "dpor/Races.h"
#include "interpreter/Program.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_set>

namespace vcdpor {

using namespace bmc;

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

/// Dynamic objects (stack and heap) are numbered differently by bmc and the
/// interpreter; the replay pairs them as it goes, one to one. bmc has
/// events for objects the interpreter keeps local (no event), so an access
/// at the right line and offset may still be another object's.
struct ObjectPairs {
  std::map<uint32_t, uint32_t> ToSys, ToBmc;
  bool fits(uint32_t Bmc, uint32_t Sys) const {
    auto A = ToSys.find(Bmc), B = ToBmc.find(Sys);
    return (A == ToSys.end() || A->second == Sys) &&
           (B == ToBmc.end() || B->second == Bmc);
  }
  void pair(uint32_t Bmc, uint32_t Sys) {
    ToSys[Bmc] = Sys;
    ToBmc[Sys] = Bmc;
  }
};

bool isMemoryEvent(EventKind K) {
  return K == EventKind::Read || K == EventKind::Write || K == EventKind::Rmw ||
         K == EventKind::Cas;
}

/// Whether the interpreter's pending event P can be bmc event Ev at Addr.
bool matches(const Event &P, const SymEvent &Ev, uint64_t Addr,
             const ObjectPairs &Objs) {
  if (P.SrcLoc != Ev.SrcLoc && P.Kind != EventKind::Exit &&
      Ev.Kind != SymKind::FrameEnd)
    return false;
  switch (P.Kind) {
  case EventKind::Read: case EventKind::Write: case EventKind::Rmw:
  case EventKind::Cas:
    // A failed cmpxchg runs as a read; bmc writes back what it read.
    if (P.Kind == EventKind::Write ? Ev.Kind != SymKind::Write
        : P.Kind == EventKind::Read
            ? Ev.Kind != SymKind::Read && Ev.Kind != SymKind::Rmw
            : Ev.Kind != SymKind::Rmw)
      return false;
    if (P.Size != Ev.Size || ptrOff(P.Addr) != ptrOff(Addr))
      return false;
    // Globals have the same ids in both, and never match a dynamic object.
    if ((ptrObj(P.Addr) < DynamicIdBit) != (ptrObj(Addr) < DynamicIdBit))
      return false;
    if (ptrObj(P.Addr) < DynamicIdBit)
      return P.Addr == Addr;
    return Objs.fits(ptrObj(Addr), ptrObj(P.Addr));
  case EventKind::Lock: return Ev.Kind == SymKind::Lock;
  case EventKind::Unlock: return Ev.Kind == SymKind::Unlock;
  case EventKind::TryLock: return Ev.Kind == SymKind::TryLock;
  case EventKind::Create: return Ev.Kind == SymKind::Create;
  case EventKind::Join: return Ev.Kind == SymKind::Join;
  case EventKind::Nondet: return Ev.Kind == SymKind::Nondet;
  case EventKind::Exit: return Ev.Kind == SymKind::Exit;
  // A returning frame frees its shared stack objects: one event each.
  case EventKind::Free:
    return Ev.Kind == SymKind::Free || Ev.Kind == SymKind::FrameEnd;
  case EventKind::AtomicBegin: return Ev.Kind == SymKind::AtomicBegin;
  case EventKind::CondWait: return Ev.Kind == SymKind::CondWait;
  case EventKind::CondWake: return Ev.Kind == SymKind::CondWake;
  case EventKind::Signal: return Ev.Kind == SymKind::Signal;
  case EventKind::Broadcast: return Ev.Kind == SymKind::Broadcast;
  default: return false;
  }
}

struct Planned {
  int64_t Clock;
  unsigned Event;
  uint64_t Addr;
  uint64_t Nondet;
  int Wakes = -1; ///< Signal: the bmc thread whose wait it wakes
};

/// Runs the model's schedule on Sys: each step goes to the thread whose
/// pending event matches the bmc event with the smallest clock, nondet
/// values forced to the model's. Returns whether Sys ended with a finding
/// of kind Want (or a deadlock when Dead; with AnyFinding, any finding the
/// interpreter met on the way), with the report in Out, or a
/// description of where the replay left the model in Why. For a data race
/// (Want DataRace), the schedule's last step is one access and the thread
/// of bmc event Pending runs the other next: that step must race with an
/// earlier one (dpor/Races).
bool replay(System &Sys, const SymProgram &SP, const Encoding &En,
            const z3::model &M, bool Dead, FindingKind Want, int Pending,
            bool AnyFinding, ErrorReport &Out, std::string &Why,
            uint64_t &Steps) {
  std::vector<std::vector<Planned>> Plan(SP.Threads.size());
  for (size_t E = 0; E < SP.Events.size(); ++E) {
    const SymEvent &Ev = SP.Events[E];
    if (isPseudo(Ev.Kind) || !M.eval(executes(SP, En, E), true).is_true())
      continue;
    Planned X{M.eval(Ev.Clock, true).get_numeral_int64(), unsigned(E), 0, 0};
    uint64_t V = 0;
    if (M.eval(Ev.Addr, true).is_numeral_u64(V))
      X.Addr = V;
    if (Ev.Kind == SymKind::Nondet && M.eval(Ev.RVal, true).is_numeral_u64(V))
      X.Nondet = V;
    Plan[Ev.Thread].push_back(X);
  }
  for (const Wake &W : En.Wakes)
    if (M.eval(W.Var, true).is_true())
      for (Planned &X : Plan[SP.Events[W.Signal].Thread])
        if (X.Event == W.Signal)
          X.Wakes = int(SP.Events[W.Wait].Thread);
  for (auto &P : Plan)
    std::sort(P.begin(), P.end(),
              [](const Planned &A, const Planned &B) { return A.Clock < B.Clock; });
  std::vector<size_t> Cursor(SP.Threads.size(), 0);
  ObjectPairs Objs;

  std::map<ThreadId, unsigned> BmcOf{{0, 0}};
  std::vector<Event> Trace;
  Sys.reset();
  while (Sys.end() == ExecutionEnd::Running) {
    int Best = -1;
    size_t BestIdx = 0;
    int64_t BestClock = 0;
    for (ThreadId T = 0; T < Sys.numThreads(); ++T) {
      if (!Sys.enabled(T) || !BmcOf.count(T))
        continue;
      unsigned B = BmcOf[T];
      const Event &P = Sys.pending(T);
      for (size_t K = Cursor[B]; K < Plan[B].size(); ++K)
        if (matches(P, SP.Events[Plan[B][K].Event], Plan[B][K].Addr, Objs)) {
          if (Best < 0 || Plan[B][K].Clock < BestClock) {
            Best = int(T);
            BestIdx = K;
            BestClock = Plan[B][K].Clock;
          }
          break;
        }
    }
    if (Best < 0)
      break;
    ThreadId T = ThreadId(Best);
    unsigned B = BmcOf[T];
    const Planned &X = Plan[B][BestIdx];
    const SymEvent &Ev = SP.Events[X.Event];
    if (Ev.Kind == SymKind::Nondet && !Sys.forceNondet(T, X.Nondet)) {
      Why = "the system cannot take a given nondet value";
      return false;
    }
    unsigned Choice = 0;
    if (Ev.Kind == SymKind::Signal && X.Wakes >= 0) {
      std::optional<unsigned> C;
      for (auto &[U, B] : BmcOf)
        if (B == unsigned(X.Wakes))
          C = Sys.signalChoice(T, U);
      if (!C) {
        Why = "the thread the model's signal wakes is not waiting";
        return false;
      }
      Choice = *C;
    }
    const Event &Done = Sys.step(T, Choice);
    if (isMemoryEvent(Done.Kind) && ptrObj(Done.Addr) >= DynamicIdBit)
      Objs.pair(ptrObj(X.Addr), ptrObj(Done.Addr));

    auto Woken = BmcOf.find(ThreadId(Done.Value - 1));
    if (Ev.Kind == SymKind::Signal && X.Wakes >= 0 &&
        (Done.Value == 0 || Woken == BmcOf.end() ||
         Woken->second != unsigned(X.Wakes))) {
      Why = "the signal woke another thread than the model's";
      return false;
    }
    Trace.push_back(Done);
    ++Steps;
    if (Ev.Kind == SymKind::Create && Ev.Child >= 0)
      BmcOf[ThreadId(Done.Value)] = unsigned(Ev.Child);
    // The frees of one frame's objects all match its FrameEnd.
    Cursor[B] = Ev.Kind == SymKind::FrameEnd ? BestIdx : BestIdx + 1;
  }
  if (Want == FindingKind::DataRace && !Dead && Pending >= 0 &&
      Sys.end() == ExecutionEnd::Running) {
    const SymEvent &Pv = SP.Events[Pending];
    uint64_t Addr = 0;
    M.eval(Pv.Addr, true).is_numeral_u64(Addr);
    for (auto &[T, B] : BmcOf) {
      if (B != Pv.Thread || !Sys.enabled(T) ||
          !matches(Sys.pending(T), Pv, Addr, Objs))
        continue;
      Trace.push_back(Sys.step(T, 0));
      ++Steps;
      for (const Race &Rc : findRaces(Trace))
        if (Rc.Second + 1 == Trace.size()) {
          Out = raceReport(Sys, Trace, Rc, true);
          return true;
        }
      Why = "the step after the schedule races with no earlier access";
      return false;
    }
    Why = "after the schedule, the second access of the race is not the "
          "next step of its thread";
    for (auto &[T, B] : BmcOf)
      if (B == Pv.Thread && Sys.state(T) != ThreadState::Absent) {
        const Event &P = Sys.pending(T);
        Why += std::string(" (that is ") + std::string(eventKindName(P.Kind)) +
               " at " + Sys.describeSrc(P.SrcLoc).File + ":" +
               std::to_string(Sys.describeSrc(P.SrcLoc).Line) +
               (Sys.enabled(T) ? ")" : ", not enabled)");
      }
    return false;
  }
  ExecutionEnd End = Sys.end();
  if (Dead ? End == ExecutionEnd::Deadlock
           : End == ExecutionEnd::Error && Sys.finding() &&
                 Sys.finding()->Kind == Want) {
    Out = makeReport(Sys, Trace);
    return true;
  }
  // The interpreter stopped the model's execution at another finding on
  // the way (bmc's events include accesses of objects the interpreter
  // keeps local, so it cannot always tell where a thread's local run ends):
  // that finding is as real, the program has it. Not where only races are
  // sought.
  if (AnyFinding && End == ExecutionEnd::Error && Sys.finding() &&
      Sys.finding()->Kind != FindingKind::UnsupportedAtRuntime) {
    Out = makeReport(Sys, Trace);
    return true;
  }
  Why = "after " + std::to_string(Trace.size()) +
        " steps the interpreter's execution ";
  switch (End) {
  case ExecutionEnd::Running: Why += "could not follow the model"; break;
  case ExecutionEnd::Complete: Why += "completed"; break;
  case ExecutionEnd::Blocked: Why += "was blocked"; break;
  case ExecutionEnd::Bounded: Why += "hit a bound"; break;
  case ExecutionEnd::Deadlock: Why += "deadlocked"; break;
  case ExecutionEnd::Error:
    Why += "met a different finding: " + Sys.finding()->Message;
    break;
  case ExecutionEnd::Interrupted: Why += "was interrupted"; break;
  }
  return false;
}

/// The formula's size: its distinct terms (Z3 shares equal subterms), the
/// hard constraints with the finding, deadlock and unwinding formulas.
uint64_t dagSize(const Encoding &En) {
  std::unordered_set<unsigned> Seen;
  std::vector<z3::expr> Work;
  for (const z3::expr &E : En.Hard)
    Work.push_back(E);
  for (const z3::expr &E : En.Sched)
    Work.push_back(E);
  Work.push_back(En.Dead);
  Work.push_back(En.Reach);
  while (!Work.empty()) {
    z3::expr E = Work.back();
    Work.pop_back();
    if (!Seen.insert(E.id()).second || !E.is_app())
      continue;
    for (unsigned A = 0; A < E.num_args(); ++A)
      Work.push_back(E.arg(A));
  }
  return Seen.size();
}

std::string describeLoc(const Program &P, uint32_t Loc) {
  if (!Loc || Loc >= P.Locs.size())
    return "unknown location";
  const SrcLocEntry &L = P.Locs[Loc];
  return P.Files[L.File] + ":" + std::to_string(L.Line);
}

} // namespace

namespace {

/// Interrupts the solver of the bound in progress once O.Cancel is set: a
/// thread polling the flag every few milliseconds while runBmc runs.
class CancelWatch {
public:
  explicit CancelWatch(std::shared_ptr<std::atomic<bool>> Flag)
      : Flag(std::move(Flag)) {
    if (this->Flag)
      Watcher = std::thread([this] { watch(); });
  }
  ~CancelWatch() {
    if (!Watcher.joinable())
      return;
    {
      std::lock_guard<std::mutex> L(M);
      Done = true;
    }
    Wake.notify_all();
    Watcher.join();
  }
  /// The context of the bound being solved (nullptr between bounds).
  void setContext(z3::context *C) {
    std::lock_guard<std::mutex> L(M);
    Ctx = C;
    if (Ctx && cancelled())
      Ctx->interrupt();
  }
  bool cancelled() const {
    return Flag && Flag->load(std::memory_order_relaxed);
  }

private:
  void watch() {
    std::unique_lock<std::mutex> L(M);
    while (!Done) {
      if (cancelled() && Ctx)
        Ctx->interrupt();
      Wake.wait_for(L, std::chrono::milliseconds(5));
    }
  }
  std::shared_ptr<std::atomic<bool>> Flag;
  std::mutex M;
  std::condition_variable Wake;
  z3::context *Ctx = nullptr;
  bool Done = false;
  std::thread Watcher;
};

} // namespace

ExploreResult runBmc(const Program &P, System &Sys, const BmcOptions &O) {
  auto Start = Clock::now();
  CancelWatch Watch(O.Cancel);
  ExploreResult R;
  R.S.Symbolic = true;
  R.RacesChecked = O.Races == RaceMode::Error;
  std::vector<unsigned> Bounds;
  if (O.Unroll)
    Bounds.push_back(O.Unroll);
  else
    for (unsigned K = 1; K <= O.MaxUnroll; K *= 2)
      Bounds.push_back(K);
  // A bound answered without error; a later one that runs out of time
  // leaves that answer standing.
  unsigned Answered = 0;
  Stats AnsweredStats;
  auto outOfTime = [&](const std::string &Why) {
    if (Answered) {
      Stats All = R.S;
      R.S = AnsweredStats; // the figures of the formula that answered
      R.S.SmtSolverS = All.SmtSolverS;
      R.S.SmtQueries = All.SmtQueries;
      R.S.SmtRefinements = All.SmtRefinements;
      R.S.SmtKernelFound = All.SmtKernelFound;
      R.S.SmtKernelKept = All.SmtKernelKept;
      R.S.SmtLazy = All.SmtLazy;
      R.S.SmtConflicts = All.SmtConflicts;
      R.S.SmtPropagations = All.SmtPropagations;
      R.S.SmtGraphS = All.SmtGraphS;
      R.S.SolverDecisions = All.SolverDecisions;
      R.S.SolverPropagations = All.SolverPropagations;
      R.S.SolverConflicts = All.SolverConflicts;
      R.S.SolverLearned = All.SolverLearned;
      R.S.SolverRestarts = All.SolverRestarts;
      R.S.SolverConfirmed = All.SolverConfirmed;
      R.S.SolverConfirmS = All.SolverConfirmS;
      R.V = Verdict::Safe;
      return;
    }
    R.V = Verdict::Unknown;
    R.Limit = Why;
  };
  for (unsigned K : Bounds) {
    try {
      double Left = O.TimeoutS > 0 ? O.TimeoutS - since(Start) : 0;
      if (O.TimeoutS > 0 && Left <= 0) {
        outOfTime("timeout");
        break;
      }
      if (Watch.cancelled()) {
        outOfTime("cancelled");
        break;
      }
      z3::context C;
      struct Unset {
        CancelWatch &W;
        ~Unset() { W.setContext(nullptr); }
      } ClearContext{Watch};
      Watch.setContext(&C);
      SymProgram SP;
      std::string Err;
      if (!buildSymProgram(C, P, K, SP, Err)) {
        R.Refused = "bmc: unsupported: " + Err;
        return R;
      }
      if (O.Solver == BmcSolver::Acdlp && SP.Threads.size() > 1) {
        R.Refused = "acdlp: programs with threads are not supported yet";
        return R;
      }
      Encoding En(C);
      encode(C, SP, En, R.RacesChecked, O.Engine != BmcEngine::Monolithic);
      R.S.SmtBound = K;
      R.S.SmtEvents = SP.Events.size();
      R.S.SmtThreads = SP.Threads.size();
      R.S.SmtReads = En.Reads;
      R.S.SmtRfVars = En.RfVars;
      R.S.SmtChecks = En.Violations.size();
      R.S.SmtTerms = dagSize(En);
      z3::expr_vector Bad(C);
      for (const Violation &V : En.Violations) {
        // Sought only for races, an execution stops at any other finding:
        // the prefixes considered are those before it.
        if (O.RacesOnly && V.Kind != FindingKind::DataRace &&
            V.Kind != FindingKind::UnsupportedAtRuntime)
          En.Hard.push_back(!V.Cond);
        else
          Bad.push_back(V.Flag);
      }
      if (O.RacesOnly)
        for (const z3::expr &Stop : En.Stops)
          En.Hard.push_back(!Stop);
      else
        Bad.push_back(En.Dead);
      if (Bad.empty())
        Bad.push_back(C.bool_val(false));
      TimeLeft Remaining = [&] {
        return O.TimeoutS > 0 ? std::max(0.001, O.TimeoutS - since(Start))
                              : -1.0;
      };
      AcdlpConfig Ac;
      Ac.Restarts = O.AcdlpRestarts;
      Ac.BitDecisions = O.AcdlpBitDecisions;
      Ac.Trace = O.AcdlpTrace;
      std::unique_ptr<Decider> D =
          O.Solver == BmcSolver::Acdlp
              ? makeAcdlp(C, SP, En, Remaining, R.S, Ac)
          : O.Engine == BmcEngine::Refine
              ? makeRefining(C, SP, En, Remaining, R.S)
          : O.Engine == BmcEngine::OrderCheck
              ? makeOrderChecking(C, SP, En, Remaining, R.S)
              : makeMonolithic(C, En, Remaining, R.S);
      z3::check_result Res = D->check(z3::mk_or(Bad));
      if (Res == z3::unknown) {
        std::string Why = D->reasonUnknown();
        outOfTime(Watch.cancelled() ? "cancelled"
                  : O.TimeoutS > 0 && since(Start) >= O.TimeoutS * 0.99
                      ? "timeout"
                      : "solver gave up: " + Why);
        // ACDLP and Z3 disagreed on a query: never a verdict.
        if (Why.rfind("acdlp: internal error", 0) == 0) {
          R.V = Verdict::Unknown;
          R.Limit = Why;
          R.Internal = true;
        }
        break;
      }
      if (Res == z3::sat) {
        z3::model M = D->model();
        const Violation *Hit = nullptr;
        for (const Violation &V : En.Violations)
          if (M.eval(V.Flag, true).is_true()) {
            Hit = &V;
            break;
          }
        if (Hit && Hit->Kind == FindingKind::UnsupportedAtRuntime) {
          R.Refused = "bmc: unsupported: " + Hit->Message + " at " +
                      describeLoc(P, SP.Events[Hit->Event].SrcLoc);
          return R;
        }
        ErrorReport Rep;
        std::string Why;
        FindingKind Want = Hit ? Hit->Kind : FindingKind::Deadlock;
        if (!replay(Sys, SP, En, M, !Hit, Want, Hit ? int(Hit->Event) : -1,
                    !O.RacesOnly, Rep, Why, R.S.Events)) {
          R.Internal = true;
          R.Refused =
              "internal error: the interpreter does not confirm bmc's "
              "counterexample (" +
              (Hit ? Hit->Message + " at " +
                         describeLoc(P, SP.Events[Hit->Event].SrcLoc)
                   : std::string("deadlock")) +
              "): " + Why;
          return R;
        }
        R.V = Verdict::Error;
        R.Errors.push_back(std::move(Rep));
        R.S.ErrorExecutions = R.S.Executions = 1;
        break;
      }
      Res = D->check(En.Reach);
      if (Res == z3::unsat) {
        R.V = Verdict::Safe;
        R.S.SmtComplete = true;
        R.S.Bounded = 0; // a smaller bound's answer is superseded
        break;
      }
      // Some execution reaches the bound (or the solver could not tell):
      // no error up to it. What cut it: the loop bound, or an allocation
      // larger than vcdpor models (a Cut at an allocation, SymBuiltins).
      R.V = Verdict::Safe;
      R.S.Bounded = 1;
      R.S.BoundCauses = LoopBound;
      if (Res == z3::sat) {
        z3::model M = D->model();
        R.S.BoundCauses = 0;
        for (size_t E = 0; E < SP.Events.size(); ++E)
          // A cut whose path the model takes (Reach: it is arrived at).
          if (SP.Events[E].Kind == SymKind::Cut &&
              M.eval(SP.Events[E].Guard, true).is_true())
            R.S.BoundCauses |= SP.Events[E].Allocation ? ObjectLimit
                                                       : LoopBound;
        if (!R.S.BoundCauses)
          R.S.BoundCauses = LoopBound;
      }
      // The model shows an allocation cut; whether the loop bound cuts
      // some other execution is a question of its own (a deeper bound
      // finds what lies past it: a race that needs a second thread).
      if (R.S.BoundCauses == ObjectLimit &&
          D->check(En.ReachLoop) != z3::unsat)
        R.S.BoundCauses |= LoopBound;
      Answered = K;
      AnsweredStats = R.S;
      // Only allocations cut it: a deeper bound would not help.
      if (R.S.BoundCauses == ObjectLimit)
        break;
    } catch (z3::exception &E) {
      // A cancelled context makes every later Z3 call throw.
      if (Watch.cancelled()) {
        outOfTime("cancelled");
        break;
      }
      R.Internal = true;
      R.Refused = std::string("internal error: Z3 failed at bound ") +
                  std::to_string(K) + ": " + E.msg();
      return R;
    }
  }
  R.S.TimeS = since(Start);
  R.S.PeakRssMb = currentPeakRssMb();
  return R;
}

std::string z3Version() {
  unsigned Major = 0, Minor = 0, Build = 0, Rev = 0;
  Z3_get_version(&Major, &Minor, &Build, &Rev);
  return std::to_string(Major) + "." + std::to_string(Minor) + "." +
         std::to_string(Build);
}

} // namespace vcdpor
