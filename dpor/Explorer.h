//===- dpor/Explorer.h - Exploration engines and their results ---*- C++ -*-===//
#ifndef VCDPOR_DPOR_EXPLORER_H
#define VCDPOR_DPOR_EXPLORER_H

#include "dpor/System.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vcdpor {

enum class EngineKind { Exhaustive, Source, Optimal, VC };

/// What an explorer does with the data races (dpor/Races.h) of the
/// executions it visits: nothing, report them as warnings (the verdict
/// stands), or count them as errors (--property no-data-race).
enum class RaceMode { Off, Warn, Error };

struct Stats {
  uint64_t Executions = 0; ///< maximal executions that completed or erred
  uint64_t ErrorExecutions = 0; ///< of those, cut short by a finding (not deadlocks)
  uint64_t Blocked = 0;    ///< cut by a failed assume or a blocked spin loop
  uint64_t Bounded = 0;    ///< cut by a bound (BoundCauses says which)
  unsigned BoundCauses = 0; ///< BoundCause bits of the cut executions
  uint64_t SleepBlocked = 0;
  /// Source/Optimal: a spin loop waited on several locations. Which of
  /// their writes wakes it is not an order of conflicting events, so the
  /// engine treats writes that race to wake one as dependent: it may explore
  /// more than one execution per class there (or sleep-block), never fewer.
  bool MultiLocationAwaits = false;
  /// Source/Optimal: the program may call exit() or abort(). An event not in
  /// a reversal then never stands for it (the exit may kill that event in
  /// the classes the reversal leads to), so the engine may explore more than
  /// one execution per class (or sleep-block), never fewer.
  bool MayExit = false;
  uint64_t Events = 0; ///< visible events executed, replays included
  /// Nondet values were drawn from a domain smaller than their type's
  /// (--nondet-range): a verdict without errors holds for it only.
  bool NondetUsed = false;
  double TimeS = 0;
  double PeakRssMb = 0;
  /// Distinct happens-before classes among complete executions, when the
  /// class-counting oracle is enabled.
  uint64_t HbClasses = 0;
  /// Distinct value-happens-before classes (VhbClasses.h) among complete
  /// executions, when that oracle is enabled.
  uint64_t VhbClasses = 0;
  /// The same, with the order of writes no instruction reads left out
  /// (System::unread()): the classes vc explores unless VhbExact.
  uint64_t VcClasses = 0;
  /// Distinct per-thread local behaviours (each thread's events with the
  /// values read) over complete executions, and an order-independent digest
  /// of that set, when enabled: engines visiting the same local states agree.
  uint64_t LocalBehaviours = 0;
  uint64_t LocalDigest = 0;

  // VC-DPOR only.
  int64_t RootThread = -1;
  uint64_t ClosureCalls = 0;
  uint64_t ClosureFailures = 0;
  /// Runs of the program from its initial state along a node's order.
  uint64_t Replays = 0;
  /// Nodes whose new read ran on from the end of the execution that built
  /// their parent instead (no replay).
  uint64_t Continued = 0;
  /// Nodes whose execution ran on from a saved state of the one that built
  /// their parent, its events in another order (no replay).
  uint64_t Rebased = 0;
  /// Complete executions whose value-happens-before class had already been
  /// explored (reached again through a different reads-from annotation).
  uint64_t RedundantClasses = 0;
  /// Complete executions counted without a look-up of their class: no two
  /// writes of a location wrote the same value, so no other node could
  /// denote the class (Vc::distinctWrites()).
  uint64_t UniqueClasses = 0;
  /// Nodes where the orders of some location's final leaf writes were
  /// explored only through their last write (dpor/VcFinalWrites.cpp).
  uint64_t MergedWriteOrders = 0;
  /// Locations written whose writes no instruction can read (vc leaves
  /// their order out of the class unless VhbExact).
  uint64_t UnreadLocations = 0;
  /// Nodes whose later siblings were left out: the first frontier event's
  /// family met no event that could give it a write or grant not in X, so
  /// the siblings, in which it observes one, stand for no trace.
  uint64_t EmptySiblings = 0;
  /// Nodes one worker handed to another (--threads).
  uint64_t HandedOff = 0;
  /// Branches of the orderings of a node's new pairs one worker handed to
  /// another (--threads).
  uint64_t HandedOffOrderings = 0;
  double InterpTimeS = 0;
  double ClosureTimeS = 0;

  // bmc only (bmc/Bmc.h): the formula of the last bound tried.
  bool Symbolic = false;
  unsigned SmtBound = 0;     ///< loop iterations per loop
  bool SmtComplete = false;  ///< no execution reaches the bound
  uint64_t SmtEvents = 0;    ///< events of the unrolled program
  uint64_t SmtThreads = 0;
  uint64_t SmtReads = 0;     ///< reads, each with a reads-from choice
  uint64_t SmtRfVars = 0;    ///< reads-from variables
  uint64_t SmtChecks = 0;    ///< findings the formula can reach
  uint64_t SmtTerms = 0;     ///< distinct terms of the formula (its DAG size)
  uint64_t SmtQueries = 0;
  double SmtSolverS = 0;
  // bmc-refine and bmc-oc (bmc/Refine.cpp, bmc/OrderProp.cpp), summed over
  // every bound tried.
  uint64_t SmtRefinements = 0; ///< spurious models refined
  uint64_t SmtKernelFound = 0; ///< kernel reasons met (before elimination)
  uint64_t SmtKernelKept = 0;  ///< core kernel reasons added as clauses
  uint64_t SmtLazy = 0;        ///< scheduling constraints added back
  uint64_t SmtConflicts = 0;   ///< bmc-oc: order cycles raised in the search
  uint64_t SmtPropagations = 0; ///< bmc-oc: derived orders propagated
  double SmtGraphS = 0;        ///< in the event order graph algorithms
  // The decision procedure's own search (bmc's --solver), summed over
  // every query of every bound: Z3's statistics, or ACDLP's (learned:
  // clauses; Z3 reports none).
  uint64_t SolverDecisions = 0, SolverPropagations = 0, SolverConflicts = 0,
           SolverLearned = 0, SolverRestarts = 0;
  /// --solver=acdlp: unsatisfiable answers Z3 confirmed on the same query,
  /// and the time that took (not in SmtSolverS).
  uint64_t SolverConfirmed = 0;
  double SolverConfirmS = 0;
};

struct ExploreConfig {
  EngineKind Engine = EngineKind::Exhaustive;
  uint64_t MaxExecutions = 0; ///< 0: none
  double TimeoutS = 0;
  double MaxMemoryMb = 0;
  bool StopOnFirst = true;
  /// Count distinct happens-before classes among the maximal executions
  /// explored (exhaustive, source, optimal; a test oracle).
  bool CountHbClasses = false;
  /// Collect the local-behaviour set of Stats::LocalBehaviours (test oracle).
  bool CountLocalBehaviours = false;
  /// Count distinct value-happens-before classes for the root VcRoot
  /// (exhaustive only; test oracle for vc).
  bool CountVhbClasses = false;
  /// VC-DPOR's root thread; -1: the first thread main creates.
  int64_t VcRoot = -1;
  /// Workers exploring in parallel (vc only). With more than one, one
  /// explores on the system explore() is given, the others on systems
  /// NewSystem makes (required then).
  unsigned Workers = 1;
  std::function<std::unique_ptr<System>()> NewSystem;
  /// With several workers: hand every node that can go to another worker
  /// over, not only while one is idle (a test mode).
  bool HandOffAll = false;
  /// vc: run a node's execution on from a saved state of its parent's
  /// where the system can (System::rebase()); off, every node that cannot
  /// continue the live execution is replayed (a test mode).
  bool Rebase = true;
  /// vc: order every pair of conflicting leaf writes, as VHB does, also
  /// where only the last of them can be told apart (VcFinalWrites.cpp) and
  /// where no instruction can read them (System::unread()).
  bool VhbExact = false;
  /// Data races of the executions visited (exhaustive, source, optimal: they
  /// visit every happens-before class, and races are a property of the
  /// class; vc's value classes can merge a racy and a race-free one, so vc
  /// leaves them out and refuses RaceMode::Error).
  RaceMode Races = RaceMode::Off;
  /// Called about once a second while exploring.
  std::function<void(const Stats &)> Progress;
  /// Set by another thread to end the exploration early, as a limit does
  /// (R.Limit "cancelled"): the portfolio stops an explicit engine once
  /// bmc, running beside it, has decided.
  std::shared_ptr<std::atomic<bool>> Cancel;
};

/// One line of a counterexample, rendered while its execution was live.
struct TraceEntry {
  ThreadId Thread = 0;
  std::string Kind;   ///< event kind, or "output"
  std::string Object; ///< location / mutex / thread, may be empty
  std::string Value;  ///< value read, written, chosen; may be empty
  SourceLoc Src;
  bool HasValue = false;
  int64_t NumValue = 0;
  /// Create and join: the thread created or joined; signal: the thread it
  /// woke (NoThread when none).
  ThreadId Other = NoThread;
};

struct ErrorReport {
  Finding F;
  SourceLoc Where;
  std::vector<TraceEntry> Trace;
};

/// Bounded: no errors, and the exploration finished, but some execution
/// was cut by a bound (loop bound, thread limit) or drew nondet values from
/// a cut domain: not every execution of the program was covered.
enum class Verdict { Safe, Error, Unknown, Bounded };

struct ExploreResult {
  Verdict V = Verdict::Safe;
  std::vector<ErrorReport> Errors;
  /// Distinct data races met under RaceMode::Warn (under Error they are
  /// Errors).
  std::vector<ErrorReport> Warnings;
  /// The engine looked for data races in every execution it visited.
  bool RacesChecked = false;
  Stats S;
  std::string Limit; ///< which limit ended the run, when V == Unknown
  /// Set when the engine refused the program (a construct it cannot handle
  /// soundly) or failed internally; the verdict is then meaningless.
  std::string Refused;
  /// Refused names an internal inconsistency of the engine (a replay that
  /// diverged, a closed order with no linearization, a solver failure), not
  /// a construct it does not handle.
  bool Internal = false;
};

/// Safe becomes Bounded where the stats say a bound was hit.
inline void settleVerdict(ExploreResult &R) {
  if (R.V == Verdict::Safe && (R.S.NondetUsed || R.S.Bounded))
    R.V = Verdict::Bounded;
}

class Explorer {
public:
  virtual ~Explorer() = default;
  virtual ExploreResult explore(System &Sys) = 0;
};

/// Returns null (with Error set) for engines not built yet.
std::unique_ptr<Explorer> makeExplorer(const ExploreConfig &C, std::string &Error);

/// Renders the events of the live execution of Sys as a trace.
std::vector<TraceEntry> renderTrace(const System &Sys,
                                    const std::vector<Event> &Events);
ErrorReport makeReport(const System &Sys, const std::vector<Event> &Events);
struct Race;
/// The report of race Rc of the execution Events: both accesses named, the
/// trace up to the second one when WithTrace.
ErrorReport raceReport(const System &Sys, const std::vector<Event> &Events,
                       const Race &Rc, bool WithTrace);

double currentPeakRssMb();
double currentRssMb();

} // namespace vcdpor

#endif
