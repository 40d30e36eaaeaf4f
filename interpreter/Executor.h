//===- interpreter/Executor.h - Runs a Program as a System ------*- C++ -*-===//
//
// Threads, frames and register files over Memory. A thread runs without
// consulting the explorer until its next visible operation, which becomes
// its pending event; step() executes that event and runs the thread on.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_EXECUTOR_H
#define VCDPOR_INTERPRETER_EXECUTOR_H

#include "dpor/System.h"
#include "interpreter/Memory.h"
#include "interpreter/Program.h"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace vcdpor {

/// The id of every thread by its creation path (its creator, and how many
/// threads the creator made before it), given on first sight. Executors
/// that explore one program together share one, so that a thread, and the
/// memory objects it allocates, have the same ids in all of them.
/// Thread-safe.
class ThreadNames {
public:
  ThreadId id(ThreadId Creator, uint32_t Child) {
    std::lock_guard<std::mutex> L(M);
    return Ids.try_emplace({Creator, Child}, ThreadId(Ids.size() + 1))
        .first->second;
  }

private:
  std::mutex M;
  std::map<std::pair<ThreadId, uint32_t>, ThreadId> Ids;
};

struct ExecOptions {
  unsigned Unroll = 0; ///< 0: loops unbounded
  int64_t NondetLo = 0, NondetHi = 1;
  std::vector<std::string> Args; ///< argv, argv[0] included
  /// Shared with other executors of the same program (null: a new one).
  std::shared_ptr<ThreadNames> Names;
  /// Nondet draws at these source lines take only the values listed (a
  /// YAML witness's values); other draws range over NondetLo..NondetHi.
  std::map<unsigned, std::vector<int64_t>> NondetAtLine;
};

/// Everything an execution changes: what reset() starts afresh, save()
/// copies and rebase() restores. A member that an execution changes belongs
/// here, so that snapshots stay complete.
struct ExecutorState {
  struct Frame {
    uint32_t Fn, Pc;
    uint32_t RegBase;
    Operand RetDst;
    uint32_t RetCount;
    uint32_t AllocaMark;
    uint32_t LoopBase;
    bool Atomic; ///< returning from it ends an atomic section
  };
  struct LoopState {
    uint32_t Iter = 0;
    uint64_t Epoch = 0;
    uint32_t ReadPos = 0;
    uint32_t Events = 0; ///< the thread's EventCount when it started
    bool Valid = false;
    std::array<uint64_t, 8> Snap;
  };
  struct Undo {
    uint64_t Addr;
    uint32_t Size;
    uint64_t Old;
  };
  struct Thread {
    ThreadState State = ThreadState::Absent;
    std::vector<Frame> Frames;
    std::vector<uint64_t> Regs;
    std::vector<uint64_t> Allocas;
    std::vector<LoopState> Loops;
    Event Pending;
    bool Granted = false;
    /// A finding deferred to the thread's pending event (setDeferFindings).
    std::optional<Finding> Deferred;
    unsigned Choice = 0;
    unsigned NondetChoices = 1; ///< alternatives of a pending nondet
    /// The value the pending nondet yields instead (forceNondet()).
    std::optional<uint64_t> ForcedNondet;
    uint32_t EventCount = 0, ChildCount = 0;
    uint64_t RetVal = 0;
    bool Joined = false;
    /// Its id was stored by the parent's pthread_create, which has not yet
    /// made it run (glibc's order: the id before the thread); a join of it
    /// waits, as for a running thread.
    bool Reserved = false;
    /// Why State is Bounded (a BoundCause).
    uint8_t Cut = 0;
    /// Bumped by every side effect; a loop iteration that leaves it unchanged
    /// and re-enters with the same phi values only re-read memory.
    uint64_t Epoch = 0;
    /// Shared reads since the last reset of the log, each with the length
    /// of WriteLog when it ran and the thread's event that read.
    struct Read {
      uint64_t Addr;
      uint32_t Size;
      uint32_t WritesBefore;
      uint32_t Event;
    };
    std::vector<Read> ReadLog;
    std::vector<std::pair<uint64_t, uint32_t>> Await;
    /// The await a write ended, until the thread's next event runs.
    std::vector<std::pair<uint64_t, uint32_t>> Woken;
    /// Visible events of the spin iteration Await or Woken came from.
    uint32_t SpinEvents = 0;
    /// The thread's latest cmpxchg as pending() showed it before it ran
    /// (Kind Cas, Value the expected value, Written the new one): what a
    /// woken spin loop whose iteration begins with it runs first again.
    Event SpinCas;
    uint64_t WaitCond = 0, WaitMutex = 0;
    uint32_t AtomicDepth = 0;
    /// A library call in progress with several visible effects: how many
    /// of them ran in earlier steps, and what it computed before its first
    /// write (so a later step writes those values, not a re-reading's).
    uint32_t CallStep = 0;
    std::vector<uint64_t> CallVals;
    std::vector<Undo> UndoLog;
    std::vector<uint64_t> Tls;
  };
  struct MutexState {
    ThreadId Owner = NoThread;
  };

  explicit ExecutorState(const Program &P) : Mem(P) {}

  Memory Mem;
  std::vector<Thread> Threads;
  std::unordered_map<uint64_t, MutexState> Mutexes;
  std::unordered_map<uint64_t, std::vector<ThreadId>> CondWaiters;
  ThreadId AtomicOwner = NoThread;
  /// How a shared write can be redone in another order (rebase()).
  enum class WriteKind : uint8_t {
    Store,   ///< at most 8 bytes, Value
    Block,   ///< wider: the bytes at WriteBytes[Value]
    Release, ///< a mutex released: no memory changed
    Other,   ///< a free, or logged while not saving: save() refuses
  };
  struct Write {
    uint64_t Addr;
    uint32_t Size;
    ThreadId Thread;
    uint32_t Event; ///< the thread's event that wrote
    uint64_t Value;
    WriteKind Kind;
  };
  /// Every shared write of this execution, in order: a spin loop iteration
  /// only waits when nothing it read was written after it read it.
  std::vector<Write> WriteLog;
  std::vector<uint8_t> WriteBytes;
  size_t Steps = 0;
  /// Some loop iteration of this execution wrote nothing and re-entered in
  /// the same state (sawSpinIteration()).
  bool SpinIterations = false;
  Event Last;
  /// Set whenever a thread becomes Ready before it has run to its first
  /// visible operation (created, or woken from a spin loop): step() runs
  /// such threads on, and looks for them only while this is set.
  bool Unstarted = false;
  /// Some thread has blocked in a spin loop in this execution (it may still
  /// wait): only then do shared writes look for threads they wake.
  bool SomeAwait = false;
  bool HasFinding = false;
  Finding TheFinding;
  bool ProcessExited = false;
  bool Interrupted = false;
  std::vector<OutputLine> Output;
  uint64_t ArgvPtr = 0;
};

class Executor final : public System, private ExecutorState {
public:
  Executor(const Program &P, ExecOptions Opts);

  void reset() override;
  unsigned numThreads() const override { return Threads.size(); }
  ThreadState state(ThreadId T) const override;
  /// For a CAS or trylock the pending event says what it would do in the
  /// current state: succeed (write) or fail (only read).
  const Event &pending(ThreadId T) const override;
  std::optional<unsigned> signalChoice(ThreadId T,
                                       ThreadId Woken) const override;
  unsigned numChoices(ThreadId T) const override;
  const Event &step(ThreadId T, unsigned Choice) override;
  size_t stepsTaken() const override { return Steps; }
  ExecutionEnd end() const override;
  const Finding *finding() const override {
    return HasFinding ? &TheFinding : nullptr;
  }
  const std::vector<OutputLine> &output() const override { return Output; }
  std::optional<uint64_t> peek(uint64_t Addr, uint32_t Size) const override;
  bool unread(uint64_t Addr) const override {
    uint32_t G = ptrObj(Addr) - FirstGlobalId;
    return ptrObj(Addr) >= FirstGlobalId && G < P.Globals.size() &&
           P.Globals[G].Unread;
  }
  bool mayWrite(ThreadId T, uint64_t Addr, uint32_t Size) const override;
  bool quietAfterPending(ThreadId T) const override;
  bool mayWriteAfterPending(ThreadId T, uint64_t Addr,
                            uint32_t Size) const override;
  std::vector<std::pair<uint64_t, uint32_t>> awaited(ThreadId T) const override;
  uint32_t spinEvents(ThreadId T) const override {
    return T < Threads.size() ? Threads[T].SpinEvents : 0;
  }
  std::optional<Event> spinCmpxchg(ThreadId T) const override;
  bool mayExit() const override { return MayExit || DeferFindings; }
  bool mayExitFrom(ThreadId T) const override;
  bool forceNondet(ThreadId T, uint64_t V) override {
    if (T >= Threads.size() || Threads[T].Pending.Kind != EventKind::Nondet)
      return false;
    Threads[T].ForcedNondet = V;
    return true;
  }
  bool sawSpinIteration() const override { return SpinIterations; }
  unsigned boundCauses() const override;
  std::string describeAddr(uint64_t Addr) const override;
  SourceLoc describeSrc(uint32_t SrcLoc) const override;
  std::string describeValue(uint64_t V, uint32_t Size) const override;

  void setStopCheck(std::function<bool(uint64_t)> C) override {
    StopCheck = std::move(C);
  }
  void setDeferFindings(bool D) override { DeferFindings = D; }
  /// Shared writes keep their values (for save()) only while on.
  void setSaving(bool On) override { Saving = On; }

  /// Null where another order could change more than memory and the logs:
  /// after a spin-loop iteration, a wait on a condition variable (waiter
  /// order), inside an atomic section, with output (its order), a finding,
  /// or a shared free.
  std::shared_ptr<const SystemState> save(size_t MaxBytes) const override;
  const Event *rebase(const SystemState &S, const std::vector<EventRef> &Before,
                      ThreadId T, unsigned Choice,
                      std::optional<uint64_t> Value,
                      const std::vector<EventRef> &After) override;

private:
  struct Snapshot;
  /// About how many bytes a copy of the ExecutorState takes.
  size_t stateBytes() const;
  /// Redoes the shared writes of the events of V, in order, from the
  /// snapshot's log: in memory, in WriteLog, and in the WritesBefore of
  /// their reads (rebase()). WCur and RCur: by thread, the next entry of
  /// the snapshot's write log (Snapshot::WritesOf) and of its read log.
  void redo(const Snapshot &Sn, const std::vector<EventRef> &V);
  std::vector<uint32_t> WCur, RCur;
  const Program &P;
  ExecOptions Opts;
  bool MayExit = true; ///< some call may be exit() or abort()
  /// Names, and the part of it this executor has seen (no lock).
  std::shared_ptr<ThreadNames> Names;
  std::map<std::pair<ThreadId, uint32_t>, ThreadId> PathIds;
  mutable Event PendingView;
  std::vector<uint64_t> MoveTmp;
  std::function<bool(uint64_t)> StopCheck;
  bool DeferFindings = false;
  bool Saving = false;
  /// No thread may run any more in this execution.
  bool halted() const { return ProcessExited || Interrupted || HasFinding; }
  uint32_t Budget = 0;          ///< instructions until the next stop check
  uint64_t AllocSinceCheck = 0; ///< bytes allocated since the last stop check
  /// Called before the program allocates Bytes. Polls the stop check at
  /// least once per MiB allocated, with the bytes to come, so the program's
  /// own allocations cannot carry the run past --max-memory. False: the
  /// execution was interrupted and nothing may be allocated.
  bool chargeAllocation(uint64_t Bytes);

  /// mayWrite(), leaving out the pending cmpxchg or atomicrmw when
  /// AfterPending is set.
  bool mayWriteFrom(ThreadId T, uint64_t Addr, uint32_t Size,
                    bool AfterPending) const;
  /// Whether instructions [From, End) of the frame's current block may
  /// write [Addr, Addr+Size): exactly where a store's address is known now
  /// (a constant, or a register no instruction from Since on redefines; a
  /// caller's Since is its call in progress, whose results are not in yet),
  /// Unknown where it is not or the block calls a function.
  enum class Scan { No, Yes, Unknown };
  /// The value register O of frame F will hold when instruction Pc runs:
  /// its value now, unless an instruction from Since on (a call: its
  /// results) writes it before then; false when it may.
  bool knownAt(const Thread &Th, const Frame &F, uint32_t Since, Operand O,
               uint32_t Pc, uint64_t &V) const;
  /// Whether instructions [From, End) of the frame's current block are
  /// quiet (QuietSummary.h), their load and store addresses known now
  /// (as in blockRestWrites()) and of objects no other thread can reach.
  bool blockRestQuiet(const Thread &Th, const Frame &F, uint32_t Since,
                      uint32_t From, uint32_t End) const;
  Scan blockRestWrites(const Thread &Th, const Frame &F, uint32_t Since,
                       uint32_t From, uint32_t End, uint64_t Addr,
                       uint32_t Size) const;

  // Execution of one thread up to its next visible operation.
  void run(ThreadId T);
  bool execBuiltin(ThreadId T, const Inst &I, const CallInfo &CI, Builtin Ext,
                   const uint64_t *Args);
  bool memIntrinsic(ThreadId T, Op O, uint64_t Dst, uint64_t Src, uint64_t Len,
                    uint32_t Loc);
  bool exitProcess(ThreadId T, uint32_t Loc);
  /// Reads of up to two ranges by a library function: a visible event when
  /// either is shared. A length of 0 means "to the end of the object".
  bool readEvent(ThreadId T, uint64_t P1, uint64_t L1, uint64_t P2, uint64_t L2,
                 uint32_t Loc);
  /// Reads of the strings (or objects, to their ends) at Ptrs[0..N) by a
  /// library call: one visible event per shared one, each a step of the
  /// call (Thread::CallStep counts those done).
  bool readStrings(ThreadId T, const uint64_t *Ptrs, size_t N, uint32_t Loc);
  /// A library call's write of Size <= 8 bytes of V at Ptr: a visible event
  /// when the object is shared. False while it waits to run (or failed).
  bool callWrite(ThreadId T, uint64_t Ptr, uint32_t Size, uint64_t V,
                 bool IsPointer, uint32_t Loc);
  /// Ends the lives of thread T's stack objects from Allocas[Mark] on, the
  /// newest first: a shared one's death is a visible free event, since
  /// another thread may still touch it. False while one waits to run.
  bool killStack(ThreadId T, size_t Mark, uint32_t Loc);
  /// The death (or rebirth) of one shared stack object at a lifetime marker.
  bool stackLifetime(ThreadId T, Object &O, uint64_t Ptr, bool Alive,
                     uint32_t Loc);
  /// Every 8-byte value that designates a dynamic object may be a pointer,
  /// however it was typed: escape analysis must not be fooled by integers.
  static bool mayBePointer(uint64_t V) { return ptrObj(V) & DynamicIdBit; }
  /// A local load of bytes holding part of a stored pointer: the pointer
  /// may be rebuilt from the pieces anywhere, so its object escapes now.
  void partialPointerRead(Object &O, uint32_t Off, uint32_t Size);
  bool callFunction(ThreadId T, uint32_t Fn, const CallInfo &CI,
                    const uint64_t *Args);
  bool doReturn(ThreadId T, const Inst &I);
  bool takeEdge(ThreadId T, uint32_t EdgeIdx);
  void startThread(ThreadId T, uint32_t Fn, uint64_t Arg);
  void finishThread(ThreadId T, uint64_t RetVal);

  // Visible-operation protocol: returns true when the operation may run now
  // (it is local, or it was granted); otherwise records it as pending.
  bool visible(ThreadId T, EventKind K, uint64_t Addr, uint32_t Size,
               uint32_t Loc, uint64_t Addr2 = 0, uint32_t Size2 = 0);
  void recordEvent(ThreadId T);

  // Memory helpers; each sets a finding and returns null/false on error.
  Object *access(ThreadId T, uint64_t Ptr, uint32_t Size, bool Write,
                 uint32_t Loc);
  void escape(uint64_t Ptr);
  /// A pointer was stored into O at Off: escapes now if O is shared.
  void storedPointer(Object &O, uint32_t Off, uint64_t Ptr);
  /// A shared write (or release) of [Addr, Addr+Size) by the event just
  /// recorded (Last), after it changed memory: logged, and wakes the threads
  /// awaiting a write there.
  void sharedWrite(uint64_t Addr, uint32_t Size,
                   WriteKind K = WriteKind::Store);
  /// A shared read by the event just recorded (Last).
  void noteRead(ThreadId T, uint64_t Addr, uint32_t Size) {
    Threads[T].ReadLog.push_back(
        {Addr, Size, uint32_t(WriteLog.size()), Last.Index});
  }
  /// Some location T read since ReadLog position From was written after T
  /// read it.
  bool readsOverwritten(const Thread &Th, size_t From) const;
  /// The location R read was written after R ran.
  bool writtenSince(const Thread::Read &R) const;
  /// The same, for the iteration's last read of each location only: a
  /// write between two reads of one location is seen by the later one.
  bool writtenAfterLastRead(const Thread &Th, size_t From) const;
  void noteWrite(ThreadId T, Object &O, uint64_t Ptr, uint32_t Size);
  bool memRange(ThreadId T, uint64_t Ptr, uint64_t Len, bool Write,
                uint32_t Loc, Object *&O);
  bool readCString(ThreadId T, uint64_t Ptr, std::string &S, uint32_t Loc);
  void assumeFailed(ThreadId T);
  /// The execution ends for everyone but T: threads with a pending
  /// operation become Killed, so explorers can race what they would have
  /// done next against what ended the execution.
  void cutShort(ThreadId T);
  void fail(ThreadId T, FindingKind K, std::string Msg, uint32_t Loc);
  /// printf-style formatting of Args[0..N) against the format string Fmt.
  bool formatPrintf(ThreadId T, uint64_t Fmt, const uint64_t *Args, size_t N,
                    const CallInfo &CI, size_t FirstArg, uint32_t Loc,
                    std::string &Out);
  void emitOutput(ThreadId T, const std::string &Text);
  uint64_t operandValue(const Function &F, const uint64_t *R, Operand O) const {
    return (O & ConstBit) ? F.Consts[O & ~ConstBit] : R[O];
  }
};

} // namespace vcdpor

#endif
