//===- dpor/System.h - What an explorer drives ------------------*- C++ -*-===//
//
// The seam between the interpreter and the explorers: a deterministic system
// that can be reset to its initial state and advanced one visible operation
// at a time. Every engine sees the program only through this interface.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_SYSTEM_H
#define VCDPOR_DPOR_SYSTEM_H

#include "dpor/Event.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vcdpor {

/// Why a thread cannot take its pending step.
enum class ThreadState : uint8_t {
  Absent,        ///< not created in this execution
  Ready,         ///< has a pending visible operation
  BlockedLock,   ///< pending lock (or re-acquire) of a held mutex
  BlockedJoin,   ///< pending join of a live thread
  BlockedAtomic, ///< another thread is inside an atomic section
  Waiting,       ///< waiting on a condition variable
  AssumeBlocked, ///< a failed assume: blocked for good
  AwaitBlocked,  ///< spin loop detected: blocked until a read location is
                 ///< written
  Bounded,       ///< cut by the loop bound
  Finished,
  Killed, ///< still live when the process exited; pending() is what it
          ///< would have done next
};

/// Why a thread was cut (ThreadState::Bounded); a bit mask over an
/// execution's threads.
enum BoundCause : unsigned {
  LoopBound = 1,   ///< a loop or recursion past --unroll
  ThreadLimit = 2, ///< a pthread_create beyond the thread limit
  ObjectLimit = 4, ///< an allocation beyond the object-id space
};

/// How an execution ended, once no thread can step.
enum class ExecutionEnd : uint8_t {
  Running,     ///< some thread can still step
  Complete,    ///< every thread finished (or the process exited)
  Blocked,     ///< some thread is assume/await-blocked: the execution is cut
  Bounded,     ///< some thread hit the loop bound
  Deadlock,    ///< live threads all blocked on locks, joins or conditions
  Error,       ///< a finding ended the execution
  Interrupted, ///< the stop check fired (a limit was reached mid-execution)
};

/// Output written by the checked program, kept beside the trace.
struct OutputLine {
  ThreadId Thread;
  size_t AfterStep; ///< number of steps executed when it was written
  std::string Text;
};

/// A saved state of a system (System::save()), opaque to explorers.
class SystemState {
public:
  virtual ~SystemState() = default;
  /// About how much memory the saved state holds.
  size_t Bytes = 0;
};

/// An event by its thread and its index among that thread's events.
using EventRef = std::pair<ThreadId, uint32_t>;

class System {
public:
  virtual ~System() = default;

  /// Starts a fresh execution from the initial state.
  virtual void reset() = 0;
  /// One past the largest thread id seen in any execution so far.
  virtual unsigned numThreads() const = 0;
  virtual ThreadState state(ThreadId T) const = 0;
  bool enabled(ThreadId T) const { return state(T) == ThreadState::Ready; }
  /// The next visible operation of a Ready (or blocked) thread. Location and
  /// kind are exact; values that depend on the schedule are not yet known.
  virtual const Event &pending(ThreadId T) const = 0;
  /// Alternatives for the pending operation: nondet values, which waiter a
  /// signal wakes. At least 1.
  virtual unsigned numChoices(ThreadId T) const = 0;
  /// Executes the pending operation of T (with the given alternative) and
  /// runs T on to its next visible operation. Returns the executed event.
  virtual const Event &step(ThreadId T, unsigned Choice = 0) = 0;
  /// Steps executed in the current execution.
  virtual size_t stepsTaken() const = 0;
  virtual ExecutionEnd end() const = 0;
  /// The finding that ended the execution (end() == Error or Deadlock).
  virtual const Finding *finding() const = 0;
  virtual const std::vector<OutputLine> &output() const = 0;

  /// Polled now and then during long local computations (PendingBytes 0),
  /// and before the program allocates memory once a MiB has been allocated
  /// since the last poll (PendingBytes: the allocation about to be made).
  /// When it returns true the current execution ends as Interrupted.
  virtual void
  setStopCheck(std::function<bool(uint64_t PendingBytes)> Check) = 0;
  /// When set (collecting every error), a finding a thread meets outside a
  /// step's own event while another thread exists becomes the thread's
  /// pending event: an Exit with Flag set, at the finding's source location.
  /// Other threads may run before it; stepping it ends the process with the
  /// finding (Finding::Step leaves the event out of the trace). Then the
  /// explorers order every thread's events against it as against an exit,
  /// so an error that needs another thread to run between a thread's last
  /// event and its failure is met too. mayExit() holds while set;
  /// mayExitFrom() still answers for exit() and abort() alone (a finding
  /// met while a thread's event is left out for good, a pending read no
  /// write can satisfy, is met with that event run first too). When not set
  /// (--stop-on-first), a finding ends the process at once: some execution
  /// fails either way.
  virtual void setDeferFindings(bool Defer) = 0;

  /// The current contents of a live location of at most 8 bytes, or nothing
  /// when Addr does not designate Size bytes of a live object. No side
  /// effects.
  virtual std::optional<uint64_t> peek(uint64_t Addr, uint32_t Size) const = 0;

  /// False only when thread T, in its current state, can never again write
  /// a byte of [Addr, Addr+Size), nor can any thread it may still create.
  /// Conservative.
  virtual bool mayWrite(ThreadId T, uint64_t Addr, uint32_t Size) const {
    (void)T;
    (void)Addr;
    (void)Size;
    return true;
  }

  /// True only when nothing thread T does after its pending operation is
  /// seen by or ordered against another thread but joins: it accesses no
  /// shared memory, takes no lock, creates no thread, writes no output and
  /// cannot exit(); its events are joins, an assertion failure and its end.
  /// Conservative.
  virtual bool quietAfterPending(ThreadId T) const {
    (void)T;
    return false;
  }

  /// True only when no instruction of the program can read the byte at
  /// Addr (a global whose address serves only stores): the order of writes
  /// there changes no value any thread reads. Conservative.
  virtual bool unread(uint64_t Addr) const {
    (void)Addr;
    return false;
  }

  /// mayWrite(), except that the pending operation of T (a cmpxchg or an
  /// atomic read-modify-write) is left out: false only when nothing T does
  /// after it can write there. Conservative.
  virtual bool mayWriteAfterPending(ThreadId T, uint64_t Addr,
                                    uint32_t Size) const {
    return mayWrite(T, Addr, Size);
  }

  /// Whether, in the current execution, some thread finished a loop
  /// iteration that wrote nothing and re-entered the loop in the state it
  /// entered it (a spin-loop iteration, awaited() or not). Conservative.
  virtual bool sawSpinIteration() const { return true; }
  /// Why the threads cut in this execution were cut (BoundCause bits).
  virtual unsigned boundCauses() const { return LoopBound; }

  /// False only when no execution can call exit() or abort() (so no thread
  /// is ever killed before it finishes). Conservative.
  virtual bool mayExit() const { return true; }

  /// False only when thread T, in its current state, can never again call
  /// exit() or abort(), nor can any thread it may still create. Conservative.
  virtual bool mayExitFrom(ThreadId T) const {
    (void)T;
    return mayExit();
  }

  /// The locations (address, size) that thread T, blocked in a spin loop
  /// (AwaitBlocked), waits on: a write to any of them wakes it. For a thread
  /// such a write woke, the same until its next event runs (that event is
  /// the loop's next read). Empty otherwise.
  virtual std::vector<std::pair<uint64_t, uint32_t>> awaited(ThreadId T) const {
    (void)T;
    return {};
  }
  /// For a thread awaited() describes: the number of visible events the
  /// spin loop's last iteration executed (the thread's latest events). A
  /// woken thread runs the iteration again from the first of them. 0 when
  /// unknown.
  virtual uint32_t spinEvents(ThreadId T) const {
    (void)T;
    return 0;
  }
  /// For a thread awaited() describes whose spin iteration begins with a
  /// cmpxchg (a CAS retry loop): that cmpxchg as pending() shows it before
  /// it runs (Kind Cas, Value the expected value, Written the new one),
  /// which the woken thread runs first again. nullopt otherwise or when
  /// unknown.
  virtual std::optional<Event> spinCmpxchg(ThreadId T) const {
    (void)T;
    return std::nullopt;
  }

  /// Whether save() will be asked for: the system may keep what it needs
  /// for it only then (off by default).
  virtual void setSaving(bool On) { (void)On; }

  /// The current state, for rebase(); null where rebase() could not run
  /// it in another order (the default: never), or where it would take more
  /// than MaxBytes.
  virtual std::shared_ptr<const SystemState> save(size_t MaxBytes) const {
    (void)MaxBytes;
    return nullptr;
  }

  /// Makes the state the one an execution reaches that runs the events of
  /// S in the order Before, then T's pending event of S (with Choice), then
  /// the events of S in the order After, and returns that event. Before and
  /// After hold each event of S once, each thread's in its order. The
  /// caller guarantees that in this order every read of S still returns
  /// what it returned in S, and that T's event, when it reads, returns
  /// Value. As every thread then computes what it computed in S, only
  /// memory and the order-dependent bookkeeping change. Null where the
  /// order does not fit S, or where it cannot rebuild what T's event sees
  /// (a mutex that After releases); the state is unspecified then (reset()
  /// it).
  virtual const Event *rebase(const SystemState &S,
                              const std::vector<EventRef> &Before, ThreadId T,
                              unsigned Choice, std::optional<uint64_t> Value,
                              const std::vector<EventRef> &After) {
    (void)S;
    (void)Before;
    (void)T;
    (void)Choice;
    (void)Value;
    (void)After;
    return nullptr;
  }

  /// The next step of T, a pending Nondet event, yields V (truncated to
  /// the call's width) instead of one of its choices: how a counterexample
  /// found by another engine is replayed. False where the system cannot.
  virtual bool forceNondet(ThreadId T, uint64_t V) {
    (void)T;
    (void)V;
    return false;
  }

  /// The choice of T's pending signal that wakes thread Woken, which must
  /// wait on the signalled condition (none otherwise, or where the system
  /// cannot tell): how a replay follows a schedule that names the thread a
  /// signal wakes.
  virtual std::optional<unsigned> signalChoice(ThreadId T,
                                               ThreadId Woken) const {
    (void)T;
    (void)Woken;
    return std::nullopt;
  }

  /// Human-readable descriptions for traces.
  virtual std::string describeAddr(uint64_t Addr) const = 0;
  virtual SourceLoc describeSrc(uint32_t SrcLoc) const = 0;
  /// A value as a pointer ("&name") when it designates an object, else "".
  virtual std::string describeValue(uint64_t V, uint32_t Size) const = 0;
};

} // namespace vcdpor

#endif
