//===- dpor/VcSearch.h - VC-DPOR internals ----------------------*- C++ -*-===//
//
// The node representation and the search object of VC-DPOR, shared by
// Vc.cpp (the search) and VcNode.cpp (building a node's partial order, its
// signature). Not part of the dpor/ interface: include only from those.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_VCSEARCH_H
#define VCDPOR_DPOR_VCSEARCH_H

#include "dpor/Budget.h"
#include "dpor/Explorer.h"
#include "dpor/LocalBehaviours.h"
#include "dpor/VcLedger.h"

#include "closure/AnnotatedPO.h"
#include "closure/Lists.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace vcdpor::vc {

namespace cl = ::vcdpor::closure;

constexpr cl::ThreadId RootC = cl::RootThread;
constexpr cl::ThreadId InitC = 1; // the leaf holding the initial writes
constexpr uint32_t NoC = ~0u;
// The location of the placeholder writes that stand for non-memory events
// (create, join, nondet): no read ever accesses it.
constexpr cl::Location DummyLoc = ~0u;

enum class FrontKind : uint8_t {
  None,
  Read,
  Rmw,
  Cas,
  Lock,
  TryLock,
  Nondet,
  CvOp,    ///< pthread_cond_wait, _signal or _broadcast: placed in its chain
  Join,    ///< blocked on a join (not a choice)
  Waiting, ///< waiting on a condition variable (not a choice)
  Section, ///< the start of an atomic section: "it runs before every other
           ///< frontier event"
  Await,   ///< blocked in a spin loop: re-reads its location once a write of
           ///< it comes after the loop's last read (which may never happen)
  Exit     ///< exit() or abort(): "it runs before every other frontier event"
};

/// The frontier kinds a node branches on: a node whose threads have none
/// is complete (its execution is one class).
inline bool isChoiceFront(FrontKind K) {
  return K != FrontKind::None && K != FrontKind::Join &&
         K != FrontKind::Waiting;
}

/// The frontier kinds that read a memory location and are given a value
/// from a write of X.
inline bool isReadFront(FrontKind K) {
  return K == FrontKind::Read || K == FrontKind::Rmw || K == FrontKind::Cas;
}

struct Step {
  Event E;
  unsigned Choice = 0;
  cl::Side S = cl::Side::Unset; // annotated root reads only
  /// A failed trylock: the number of grant-chain operations of its mutex
  /// before it (it falls in the interval the last of them opened).
  uint32_t Interval = 0;
};

/// A thread's first event past X.
struct Front {
  FrontKind K = FrontKind::None;
  Event P;
  unsigned Choices = 1;
  /// Excluded: the frontier event may not observe the first Excl writes of
  /// its location in X (for a lock: be granted while its chain has Excl
  /// operations).
  bool Excluded = false;
  uint32_t Excl = 0;
  /// Reads: no other live thread may still write the location, so once
  /// excluded the event can never be given a value.
  bool NoWriters = false;
  /// Reads: the other live threads that may still write the location only
  /// write it through their pending cmpxchg on it (CasOnly); then whether
  /// any write can come depends on the values those expect (stuck()).
  bool CasOnly = false;
  /// The thread may still call exit() or abort() (System::mayExitFrom()).
  bool MayExit = true;
  /// An await on several locations: each location (address) with the index
  /// of the thread's event that last read it in the loop's iteration. P is
  /// the re-run's first read; any write of a location after its last read
  /// wakes the thread.
  std::vector<std::pair<uint64_t, uint32_t>> AwaitLast;
};

/// What a node knows of one thread besides its events (Node::Steps).
struct ThreadX {
  Front F;
  bool Done = false; // finished, assume-blocked, bounded or failed
  bool HasCreator = false;
  cl::EventId Creator;
  /// The signal or broadcast of X that woke the thread's latest wait.
  cl::EventId Waker;
};

/// The system's state at the end of an execution, with that execution's
/// events in the order they ran (Vc::rebase()).
struct Saved {
  Saved(std::shared_ptr<const SystemState> State, std::vector<Event> Exec,
        std::atomic<size_t> &Held)
      : State(std::move(State)), Exec(std::move(Exec)), Held(Held) {
    Held += bytes();
  }
  Saved(const Saved &) = delete;
  ~Saved() { Held -= bytes(); }
  size_t bytes() const { return State->Bytes + Exec.size() * sizeof(Event); }
  std::shared_ptr<const SystemState> State;
  std::vector<Event> Exec;
  std::atomic<size_t> &Held; ///< Shared::SavedBytes
};

struct Node {
  cl::AnnotatedPO PO{2};
  // Lists rather than vectors of vectors: a node is copied at every branch,
  // and a Lists copy costs two allocations.
  std::vector<ThreadX> Th; // by program thread
  /// By program thread: its events in X, in program order (Steps[t][i] is
  /// event i of t).
  cl::Lists<Step> Steps;
  /// By program thread: ends of atomic sections of other threads that
  /// closed after the thread's last event in X: its next event follows them.
  cl::Lists<cl::EventId> Preds;
  std::vector<int32_t> InitIdx;   // by location, -1: none yet
  std::vector<uint64_t> InitVal;  // by init-thread index
  cl::Lists<cl::EventId> Writes;  // by location, order added
  cl::Lists<cl::EventId> LeafAcc; // by location: leaf accesses
  cl::Lists<cl::EventId> Chain;   // by mutex: grant order
  /// By mutex: failed trylocks inside the interval its chain's last lock
  /// opened, to be ordered before the unlock that closes it.
  cl::Lists<cl::EventId> TryWaiting;

  /// Atomic sections. While thread Atomic is inside the section that began
  /// at SecBegin (taken as a Section frontier event), only its choices are
  /// branched on: every other thread's frontier event runs after the
  /// section, and so does every foreign event of X in After (each conflicts
  /// with a section event and was ordered after it). Foreign events of X
  /// that conflict with a section event are ordered before SecBegin or
  /// after the section's end; the others commute with it, so a replay runs
  /// a section's events back to back from its start.
  ThreadId Atomic = NoThread;
  ThreadId SecThread = NoThread; // the latest section's thread
  cl::EventId SecBegin;
  std::vector<cl::EventId> After;
  /// The latest section has just closed: replay again to run on the
  /// threads it held up.
  bool Resume = false;
  /// Every edge the search added (not those the closure inferred): with
  /// program order and the annotations, the constraints that define the
  /// node, from which the order of a part of X is rebuilt (exit()).
  std::vector<std::pair<cl::EventId, cl::EventId>> Raw;
  /// An edge that append() must add from the new event would close a
  /// cycle (a failed trylock placed in an interval that closes before the
  /// thread's earlier events): the node stands for no trace.
  bool Infeasible = false;
  /// X holds the re-run of an await on several locations: its children can
  /// denote one class more than once (the waking write is not chosen
  /// exactly), so complete() looks every class up.
  bool MultiAwait = false;
  /// The system state (Vc::StateNo) at the end of the execution that ran
  /// X's events and recorded the frontier; 0: none. While it is current,
  /// the system stands at the end of X (continueWith()).
  uint64_t StateOf = 0;
  /// The state at the end of the execution that last ran X's events (the
  /// one StateOf names), when the system could save it: a child that adds
  /// one event runs on from there in its own order (Vc::rebase()).
  std::shared_ptr<const Saved> Snap;
  /// A node handed to another worker in an ordered search (Shared::Order):
  /// its position (Vc::Path).
  std::vector<uint32_t> At;
};

/// Whether visiting N branches: at least Threads threads of N have a choice
/// front, or N resumes after a section. With Threads = 1 (without, visit()
/// only counts N's execution); descend() hands over only nodes with two,
/// whose subtree is likely worth another worker's while.
inline bool hasChoices(const Node &N, unsigned Threads = 1) {
  if (N.Resume)
    return true;
  unsigned Choosing = 0;
  for (const ThreadX &X : N.Th)
    if (isChoiceFront(X.F.K) && ++Choosing == Threads)
      return true;
  return false;
}

/// Adds a defining edge to N's order (and to N.Raw when it holds).
inline cl::Status edge(Node &N, cl::EventId From, cl::EventId To) {
  cl::Status S = N.PO.addEdge(From, To);
  if (S)
    N.Raw.push_back({From, To});
  return S;
}

/// Calls F(A, B) for every pair of conflicting leaf events of N from
/// different threads that In accepts, A before B in N's order (or in
/// N.LeafAcc's order where N leaves them unordered).
template <typename InFn, typename Fn>
void leafPairs(const Node &N, InFn &&In, Fn &&F) {
  for (size_t L = 0; L < N.LeafAcc.size(); ++L) {
    auto Acc = N.LeafAcc[L];
    for (size_t I = 0; I < Acc.size(); ++I)
      for (size_t J = I + 1; J < Acc.size(); ++J) {
        cl::EventId A = Acc[I], B = Acc[J];
        if (A.Thread == B.Thread || !In(A) || !In(B) ||
            !cl::conflict(N.PO.event(A), N.PO.event(B)))
          continue;
        if (N.PO.before(B, A))
          std::swap(A, B);
        F(A, B);
      }
  }
}

struct LocInfo {
  uint64_t Addr;
  uint32_t Size;
  uint64_t Init;
};

using Pair = std::pair<cl::EventId, cl::EventId>;

/// What a worker hands to an idle one: a node to visit, or (Orderings) a
/// node whose pairs P[From..] are still to be ordered, each ordering then
/// closed and descended into, as orderings() would have gone on with it.
struct Task {
  Node N;
  std::vector<Pair> P;
  size_t From = 0;
  bool Orderings = false;
};

/// Closure ids of program threads: RootC for the root, InitC for the
/// initial writes, the other threads after them in program-thread order.
/// A rule rather than ids by first sight, which the workers of a parallel
/// search would meet in different orders: linearize() prefers lower ids, so
/// the witnesses, and the order of the children a node makes, would differ.
struct ThreadIds {
  struct Closure {
    ThreadId Root = 0;
    cl::ThreadId operator[](ThreadId T) const {
      return T == Root ? RootC : T < Root ? T + 2 : T + 1;
    }
  };
  struct Program {
    ThreadId Root = 0;
    ThreadId operator[](cl::ThreadId CT) const {
      return CT == RootC     ? Root
             : CT == InitC   ? NoThread
             : CT - 2 < Root ? CT - 2
                             : CT - 1;
    }
  };
};

/// Signatures are already hashes: either half spreads well.
struct SigHash {
  size_t operator()(const std::pair<uint64_t, uint64_t> &S) const {
    return S.first ^ (S.second * 0x9e3779b97f4a7c15ull);
  }
};
using SigSet = std::unordered_set<std::pair<uint64_t, uint64_t>, SigHash>;

/// What the workers of one exploration share (one worker unless
/// ExploreConfig::Workers says more). The registry gives every location
/// and mutex the same dense id in every worker (threads have theirs by a
/// rule, Vc::cthread()), so a node built by one worker means the same to
/// another; each worker keeps a copy of it (Vc::pull()) and comes here,
/// under M, only for ids it has not seen.
struct Shared {
  Shared(const ExploreConfig &C, ExploreResult &R) : C(C), R(R), B(C, R) {
    if (C.Workers > 1 && C.StopOnFirst)
      Order = std::make_unique<Ledger>(C.MaxExecutions, C.CountHbClasses);
    // Collecting every finding, workers meet equal ones in an order timing
    // decides: the budget keeps a canonical report of each.
    B.setCanonicalReports(C.Workers > 1 && !C.StopOnFirst);
    if (C.MaxMemoryMb > 0)
      SaveBudget = std::min(SaveBudget, size_t(C.MaxMemoryMb * (1 << 20) / 16));
  }
  const ExploreConfig &C;
  ExploreResult &R; // verdict, findings and limits (through B), Refused
  Budget B;
  std::atomic<bool> Stop{false};
  ThreadId Root = 0;
  /// Several workers with --stop-on-first: counts, findings and refusals go
  /// to the ledger, which decides after the search what one worker would
  /// have reported; a finding or refusal ends only what comes after it.
  std::unique_ptr<Ledger> Order;

  std::mutex M; // the registry
  std::vector<LocInfo> Locs;
  std::vector<uint64_t> Mutexes; // by id: address
  /// Addresses of the unread writes seen (Vc::unreadWrite()).
  std::unordered_set<uint64_t> Unread;

  std::mutex ClassesM;
  SigSet Classes;
  SigSet ExitClasses; // by vhbSignature
  /// Parts an exit was run after (Vc::partKey): met again, they are not
  /// rebuilt and run.
  SigSet ExitParts;

  std::mutex RefusedM; // R.Refused

  /// The bytes the nodes' saved states (Node::Snap) hold, and how many
  /// they may hold: a sixteenth of the memory limit, at most 4 MiB. A save
  /// copies the program's memory, which no limit check sees, and a search
  /// stopped by a limit frees the states before it reports (deep searches
  /// over many threads: limits/vc_deep_timeout.c).
  std::atomic<size_t> SavedBytes{0};
  size_t SaveBudget = size_t(4) << 20;

  /// Set when several workers explore: hands a task to whichever worker
  /// is free. Queued counts the tasks handed over and not yet started,
  /// Busy the workers exploring (a worker is idle when neither has it).
  std::function<void(std::shared_ptr<Task>)> Spawn;
  std::atomic<int> Queued{0};
  std::atomic<int> Busy{0};
};

/// The stack every VC-DPOR worker runs on (the search recurses once per
/// choice of an execution), and how much of it the recursion may use: the
/// rest is for the deepest work a node does (closure, replay, interpreter).
constexpr size_t SearchStackBytes = size_t(256) << 20;
constexpr size_t SearchStackRoom = SearchStackBytes - (size_t(16) << 20);

class Vc {
public:
  /// StateBase: the first state number of this worker (Node::StateOf), so
  /// that no two workers' numbers meet.
  Vc(Shared &Sh, System &Sys, uint64_t StateBase)
      : C(Sh.C), Sys(Sys), R(Sh.R), Sh(Sh), B(Sh.B), Stop(Sh.Stop),
        StateNo(StateBase) {}
  /// The first worker: picks the root and explores from the empty node.
  void run();
  /// Explores what another worker handed over.
  void task(Task &Tk);
  /// Installs the stop check and the finding mode on this worker's system.
  void setUp();

  /// This worker's share of the statistics (VC-DPOR's own counters; the
  /// Budget counts executions and findings in the result).
  Stats Stat;
  LocalBehaviours Local;

private:
  using Clock = std::chrono::steady_clock;

  // --- Program threads, locations, mutexes --------------------------------
  cl::ThreadId cthread(Node &N, ThreadId T);
  ThreadX &thread(Node &N, ThreadId T) {
    if (N.Th.size() <= T) {
      N.Th.resize(T + 1);
      N.Steps.grow(T + 1);
      N.Preds.grow(T + 1);
    }
    return N.Th[T];
  }
  bool isLeaf(cl::ThreadId CT) const { return CT != RootC && CT != InitC; }
  /// Copies the registry entries this worker has not seen (Sh.M held).
  void pull();
  /// Bases the closure ids of threads (ThreadIds) on Root.
  void setRoot();
  /// run() past the ledger's bookkeeping: the root, the empty node.
  void search();
  /// Visits D here, or hands a copy of it to another worker when some
  /// may be idle.
  void descend(Node &D);
  /// Moves Path to the next place of the current visit; false (and Past)
  /// when an ordered search has its bound before it.
  bool tick();
  /// The search ends (Stop), or this worker's task does: what it would
  /// meet next lies past the bound of an ordered search.
  bool stopped() const { return Stop || Past; }
  /// The dense id of a memory location, registering it on first sight.
  /// Once per execution, at the location's first access, notes what it
  /// holds (FirstVal), and refuses if N has an initial write of it with
  /// another value.
  std::optional<uint32_t> location(const Node &N, const Event &E);
  /// [Addr, Addr+Size) shares a byte with a registered location.
  bool overlapsKnown(uint64_t Addr, uint32_t Size) const;
  uint32_t mutex(uint64_t Addr);
  /// The grant chain of the mutex (or operation chain of the condition) at
  /// Addr: empty when X has no operation on it.
  cl::Lists<cl::EventId>::View chain(const Node &N, uint64_t Addr);
  /// The mutex (or condition) at Addr, with room for it in N's chains.
  uint32_t chainFor(Node &N, uint64_t Addr);
  void ensureInit(Node &N, uint32_t L);

  // --- Building X --------------------------------------------------------
  cl::EventId append(Node &N, ThreadId T, const Step &S);
  uint64_t writeValue(const Node &N, cl::EventId W) const;
  std::vector<Pair> conflictPairs(const Node &N,
                                  const std::vector<cl::EventId> &New) const;

  // --- Search ------------------------------------------------------------
  bool close(Node &N);
  /// Runs the program along a linearization of N's order; then, with New,
  /// every thread on through its determined events (appended to N and New)
  /// and records the frontier. Without New, the witness alone.
  bool replay(Node &N, std::vector<cl::EventId> *New);
  bool recordFrontier(Node &N);
  void visit(Node &N);
  /// Runs the child N on from where the system stands, when that is the end
  /// of the execution that built N's X but for T's new event Id (a read, a
  /// lock grant, a trylock, a nondet draw): placed last, Id does what N's
  /// step says and the trace so far and Id respect N's order, observe good
  /// writes and keep mutexes exclusive (closure::checkWitness), so they are
  /// a trace of N, and running every thread on from there is what a replay
  /// along N's own linearization would run. Not after a spin-loop iteration,
  /// where what a thread does next can depend on the interleaving, not only
  /// on the values it read (an exit is a frontier event extend() never runs,
  /// so a program that may exit qualifies), nor once X holds an atomic
  /// section.
  enum class Cont { No, Done, Ended };
  Cont continueWith(Node &N, ThreadId T, cl::EventId Id,
                    std::vector<cl::EventId> &New);
  /// What replay(N, &New) does, where N's events are those of the saved
  /// execution N.Snap and T's new event Id: the system returns to the saved
  /// state and redoes its writes in the order of N's linearization, with
  /// Id run in its place (System::rebase()); only Id and the events after
  /// it are interpreted. No where the saved state cannot serve (the system
  /// is then left to a replay).
  Cont rebase(Node &N, ThreadId T, cl::EventId Id,
              std::vector<cl::EventId> &New);
  /// Saves the system's state in N, which the live execution has just run.
  void save(Node &N);
  /// The executed event E of step S (event I of its thread) does what S
  /// says; S takes E. False ends the execution (divergence or finding).
  bool checkStep(const Node &N, Step &S, const Event &E, uint32_t I);
#ifdef VCDPOR_EXPENSIVE_CHECKS
  /// What an explorer can see of the live execution and N's frontier.
  std::vector<uint64_t> observe(const Node &N) const;
#endif
  /// Runs every thread on through the events its values determine,
  /// appending them to N and New; false ends the replay.
  bool extend(Node &N, std::vector<cl::EventId> &New);
  /// The child of N in which T's frontier event is taken as S. Own as for
  /// branchRead().
  void take(const Node &N, ThreadId T, const Step &S, Node *Own = nullptr);
  void branchLock(const Node &N, ThreadId T, Node *Own = nullptr);
  void branchTryFail(const Node &N, ThreadId T);
  void branchCv(const Node &N, ThreadId T);
  /// The threads waiting on condition C after X's operations on it, in the
  /// order they started waiting (the order signals choose from).
  std::vector<ThreadId> waiters(const Node &N, uint64_t C);
  /// Whether N holds a write T's frontier read may observe (not excluded)
  /// whose value Accept takes.
  bool anyAccepted(const Node &N, ThreadId T,
                   const std::function<bool(uint64_t)> &Accept) const;
  /// Own: N itself, which the call may consume (move from), when N is not
  /// needed after it; null otherwise.
  void branchRead(const Node &N, ThreadId T, cl::EventKind K,
                  const std::function<bool(uint64_t)> &Accept,
                  Node *Own = nullptr);
  /// Replays N (or, given the thread T of its new read Id, continues the
  /// live execution when it can), then orders the new events.
  void advance(Node &N, ThreadId T = NoThread, cl::EventId Id = {});
  /// Each new event of the latest atomic section, against the foreign
  /// events of X it conflicts with: their ordering before the section's
  /// start or after its end.
  std::vector<cl::EventId>
  sectionConflicts(const Node &N, const std::vector<cl::EventId> &New) const;
  void sectionOrderings(Node &N, const std::vector<cl::EventId> &G, size_t I,
                        const std::function<void(Node &)> &Leaf);
  /// Orders the new events: section conflicts, then leaf-leaf conflicts.
  /// Portable as for orderings().
  void order(Node &N, const std::vector<cl::EventId> &New,
             const std::function<void(Node &)> &Leaf, bool Portable = false);
  void closeSection(Node &N);
  /// The leaf writes of one location whose orders show only through the
  /// last of them (VcFinalWrites.cpp).
  struct FinalWrites {
    std::vector<cl::EventId> Ws;
  };
  /// The locations of N's new leaf writes whose leaf writes qualify.
  std::vector<FinalWrites>
  finalWriteGroups(const Node &N, const std::vector<cl::EventId> &New) const;
  /// For G[I..], each choice of the last write of the group, the others in
  /// a fixed order before it, given to Leaf (N itself when G is empty).
  void chooseLast(Node &N, const std::vector<FinalWrites> &G, size_t I,
                  const std::function<void(Node &)> &Leaf);
  /// Executes T's event I of X in a replay; false ends the replay.
  bool replayStep(Node &N, ThreadId T, uint32_t I);
  /// A write of a block or wider than 8 bytes: allowed only before any
  /// other thread exists, where it is a placeholder in X (stepDetermined).
  bool isSetupWrite(const Event &E) const;
  /// A write no instruction can read (System::unread()): no location holds
  /// it, so no order is chosen among such writes, unless VhbExact.
  bool unreadWrite(const Event &E) const;
  /// Runs T's pending determined event and appends it to N and New; false
  /// ends the replay.
  bool stepDetermined(Node &N, ThreadId T, std::vector<cl::EventId> &New);
  /// Branches on T's pending read, RMW, CAS or await; false for other kinds.
  /// Own as for branchRead().
  bool branchMemory(const Node &N, ThreadId T, Node *Own = nullptr);
  /// True when the replay of N ended with a finding (counted) or a limit.
  bool findingEnds(const Node &N);
  /// Counts the finding of the live execution, at Path, which ended as End
  /// (Error or Deadlock): N holds the events that ran (null: the report
  /// renders them as they ran).
  void found(const Node *N, ExecutionEnd End);
  /// The counterexample of the live execution's finding, from a replay of
  /// N closed (N holds every event that ran), so that it depends on N's
  /// events alone; the live one where that replay does not meet the same
  /// finding.
  ErrorReport report(const Node &N);
  /// report() is replaying: a finding ends the replay without a count.
  bool ReportRun = false;
  /// T's frontier when it waits in a spin loop; refuses what it cannot
  /// express. Old is the frontier before this replay.
  bool recordAwait(Node &N, ThreadId T, const Front &Old);
  /// Who but T may still write Addr: no live thread (System::mayWrite),
  /// or only threads whose pending cmpxchg on Addr is the last write of it
  /// they can make (Front::CasOnly).
  void writers(Front &F, ThreadId T, uint64_t Addr, uint32_t Size) const;
  /// T's frontier read is excluded and no write it may observe can still
  /// come: no trace of N executes it, so N stands for none (unless the
  /// process may exit first, which the caller checks).
  bool stuck(const Node &N, ThreadId T) const;
  /// T's read is stuck and no other thread can end the process before it
  /// would run: the node stands for no trace at all.
  bool deadEnd(const Node &N, ThreadId T) const;

  // --- Siblings that stand for no trace (VcSiblings.cpp) ------------------
  /// A frontier event whose family (the children in which it observes a
  /// write, or lock grant, of X) is being explored, and whether an event of
  /// another thread that could give it one not in X has been met there.
  struct Watch {
    ThreadId T;
    uint64_t Addr;
    uint32_t Size;
    bool Mutex;
    bool Met = false;
  };
  /// Whether N's later siblings (its frontier events after the first
  /// excluded) may be left out when the first one's family meets no
  /// conflicting event (the argument is at the top of VcSiblings.cpp).
  bool siblingsMayBeEmpty(const Node &N, const std::vector<ThreadId> &F,
                          bool SectionsOrExits);
  /// Whether F's exclusion still rules out some trace of N (a lock's does
  /// not once its chain has grown past the operations it names).
  bool constrains(const Node &N, const Front &F);
  /// Marks every watch that E, an event (run or pending) of thread T, could
  /// give a write or grant not in the watch's X.
  void noteConflicts(ThreadId T, const Event &E);
  /// The watches of the nodes on the path being explored, innermost last.
  std::vector<Watch> Watches;
  void branchAwait(const Node &N, ThreadId T);
  /// recordAwait() for a loop that waits on several locations (A, read in
  /// the iteration's Iter events).
  bool recordMultiAwait(Node &N, ThreadId T,
                        const std::vector<std::pair<uint64_t, uint32_t>> &A,
                        uint32_t Iter);
  /// The children of T's await in which its re-run's first event is of
  /// kind K (a read, or a CAS retry loop's successful cmpxchg) and observes
  /// a value Accept takes.
  void awaitChildren(const Node &N, ThreadId T, EventKind K,
                     const std::function<bool(uint64_t)> &Accept);
  /// W is an exchange that stored the value it found: it wakes no spin loop
  /// in the interpreter (it only read).
  bool noChangeExchange(const Node &N, cl::EventId W) const;
  /// Child's await re-read Id (of T) observes W alone; closed, it goes on.
  void observeAndAdvance(Node &Child, ThreadId T, cl::EventId Id,
                         cl::EventId W);
  /// For an await on several locations (Fr) whose re-read Id of O follows
  /// Last, the last read of its location: the children woken by a write of
  /// another location, the re-read observing an older write.
  void awaitOtherWakers(const Node &O, ThreadId T, const Front &Fr,
                        cl::EventId Id, cl::EventId Last,
                        const std::function<bool(uint64_t)> &Accept);
  /// The executions in which T's pending exit runs before every other
  /// frontier event of N (VcExit.cpp).
  void branchExit(const Node &N, ThreadId T);
  void exitAfter(const Node &N, ThreadId T, const std::vector<uint32_t> &Len);
  /// A signature of what exitAfter() builds and runs for the part Len of N:
  /// equal keys, equal executions.
  std::pair<uint64_t, uint64_t> partKey(const Node &N, ThreadId T,
                                        const std::vector<uint32_t> &Len) const;
  /// Each consistent ordering of the pairs P[I..] that N leaves unordered,
  /// given to Leaf. Portable: Leaf is closeAndDescend(), so another worker
  /// can go on with a branch (a Task).
  void orderings(Node &N, const std::vector<Pair> &P, size_t I,
                 const std::function<void(Node &)> &Leaf,
                 bool Portable = false);
  void closeAndDescend(Node &D) {
    if (close(D))
      descend(D);
  }
  /// Whether a worker has nothing to do (or every node is to go).
  bool wantsWork() const;
  void complete(const Node &N);
  /// Counts the live execution, which ended as End at Path, as one of
  /// class Sig (Space 0: a complete node's signature(), with N that node;
  /// 1: an exit's vhbSignature(), N null): once per class, its finding
  /// reported (found()). Sig null: a complete node no other node can
  /// denote the class of (distinctWrites()), counted without a look-up.
  void record(const Node *N, int Space,
              const std::pair<uint64_t, uint64_t> *Sig, ExecutionEnd End);
  void terminal(Node &N);
  std::pair<uint64_t, uint64_t> signature(const Node &N) const;
  /// Registers class Sig of Space (record()) with the workers' shared set:
  /// false when it was there already.
  bool firstOf(int Space, const std::pair<uint64_t, uint64_t> &Sig);
  /// No two writes of a location in N write the same value, its initial
  /// value included where a read may observe it. Nodes denote one class only
  /// through a read that observes equal values from different writes (the
  /// partition is by the write observed at annotation time, the class by the
  /// value), so such a complete node is the only one of its class.
  bool distinctWrites(const Node &N);

  /// Whether T holds Mutex after its first Before events of N (its last
  /// operation on it among them is a grant).
  bool holds(const Node &N, ThreadId T, uint64_t Mutex,
             uint32_t Before = ~0u) const;
  /// Every thread but T that exists is joined in N: a free by T (a stack
  /// frame's death) then conflicts with nothing another thread can do.
  bool othersJoined(const Node &N, ThreadId T) const;
  bool refuse(const std::string &What, const Event &E);
  bool refuse(const std::string &What, ThreadId T) {
    Event E = Sys.pending(T);
    E.Thread = T;
    return refuse(What, E);
  }
  bool internal(const std::string &What);
  std::string where(const Event &E) const;

  const ExploreConfig &C;
  System &Sys;
  ExploreResult &R;
  Shared &Sh;
  Budget &B;
  std::atomic<bool> &Stop;
  /// The system's stop check has fired: its execution ends as Interrupted.
  bool SysStopped = false;
  /// Where this worker's search stands in one worker's order: the ticks
  /// (children visited or handed over, executions counted, exit parts,
  /// refusals) of each enclosing visit, outermost first. Comparing two
  /// paths lexicographically compares when one worker would meet them.
  std::vector<uint32_t> Path;
  bool Past = false;
  Ledger::View Seen;
  int Slot = -1; // in Sh.Order
  /// Executions of unique classes not yet given to Sh.Order (countUnique()).
  std::vector<Ledger::Unique> Unique;

  /// The stack address where this worker's current search began (run() or
  /// task()); visit() stops the search before it goes SearchStackRoom below.
  uintptr_t StackBase = 0;
  /// The recursion has used up its room: ends the search (limit "search
  /// depth"); true when it has.
  bool tooDeep();

  ThreadId Root = 0;
  // Closure ids of program threads (ThreadIds), and this worker's copy of
  // the registry (Shared).
  ThreadIds::Program ProgOf; // closure thread -> program (NoThread: none)
  ThreadIds::Closure COf;    // program thread -> closure
  std::unordered_map<uint64_t, uint32_t> LocOf;
  std::vector<LocInfo> Locs;
  std::map<uint64_t, uint32_t> Ranges; // start address -> location
  std::unordered_map<uint64_t, uint32_t> MutexOf;
  std::unordered_set<uint64_t> UnreadSeen; // reported to Shared::Unread

  // The current replay.
  std::vector<Event> Exec;
  std::vector<uint32_t> SeenIn; // by location: replay that last touched it
  /// By location: its contents before its first access in execution
  /// FirstIn (a replay number), the initial write ensureInit() gives it.
  std::vector<uint64_t> FirstVal;
  std::vector<uint32_t> FirstIn;
  uint32_t ReplayNo = 0;
  /// rebase(): the saved events before and after the new one.
  std::vector<EventRef> RebaseOrder[2];
  /// The size of the last state saved (save()), the states saved, and the
  /// saves skipped as too few were used or as there seemed to be no room.
  size_t LastSaved = 0;
  uint64_t Saves = 0, UnusedSkips = 0, RoomSkips = 0;
  /// distinctWrites()'s scratch.
  struct {
    std::vector<uint64_t> Vals;
    std::vector<uint32_t> Locs, FirstW;
  } DistinctScratch;
  /// Bumped by every change of the system's state (replays, continuations,
  /// steps past a replay): see Node::StateOf.
  uint64_t StateNo;
};

/// Explores with Sh.C.Workers workers (TBB): one on Sys, the others on
/// systems from ExploreConfig::NewSystem (kept in Systems, which must
/// outlive Workers).
void exploreParallel(Shared &Sh, System &Sys,
                     std::vector<std::unique_ptr<System>> &Systems,
                     std::vector<std::unique_ptr<Vc>> &Workers);

double since(std::chrono::steady_clock::time_point T0);

/// Runs F on a thread with a stack of SearchStackBytes, and waits for it.
void onSearchStack(const std::function<void()> &F);

/// Adds the time from its construction to its end to Into (a statistic).
struct ScopedTime {
  double &Into;
  std::chrono::steady_clock::time_point T0 = std::chrono::steady_clock::now();
  ~ScopedTime() { Into += since(T0); }
};

} // namespace vcdpor::vc

#endif
