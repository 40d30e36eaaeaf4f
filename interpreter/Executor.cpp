//===- interpreter/Executor.cpp - Threads, frames, the run loop
//------------===//
#include "interpreter/Executor.h"
#include "interpreter/ExecOps.h"

#include <algorithm>
#include <cassert>

namespace vcdpor {

Executor::Executor(const Program &P, ExecOptions O)
    : ExecutorState(P), P(P), Opts(std::move(O)),
      Names(Opts.Names ? Opts.Names : std::make_shared<ThreadNames>()) {
  // Thread records never move: handlers keep references across creations.
  Threads.reserve(MaxThreads);
  MayExit = false;
  for (const Function &F : P.Functions)
    for (const CallInfo &C : F.Calls)
      MayExit |= C.Ext == Builtin::Exit || C.Ext == Builtin::Abort ||
                 C.Target != NoOperand; // an indirect call may reach exit()
  reset();
}

void Executor::reset() {
  Mem.reset();
  WriteLog.clear();
  WriteBytes.clear();
  for (Thread &Th : Threads) {
    Th.State = ThreadState::Absent;
    Th.Frames.clear();
    Th.Regs.clear();
    Th.Allocas.clear();
    Th.Loops.clear();
    Th.Granted = false;
    Th.Deferred.reset();
    Th.EventCount = Th.ChildCount = 0;
    Th.RetVal = 0;
    Th.Joined = false;
    Th.Reserved = false;
    Th.Cut = 0;
    Th.Epoch = 0;
    Th.ReadLog.clear();
    Th.Woken.clear();
    Th.Await.clear();
    Th.SpinEvents = 0;
    Th.SpinCas = Event();
    Th.AtomicDepth = 0;
    Th.CallStep = 0;
    Th.CallVals.clear();
    Th.UndoLog.clear();
    Th.Tls.clear();
  }
  if (Threads.empty())
    Threads.emplace_back();
  Mutexes.clear();
  CondWaiters.clear();
  AtomicOwner = NoThread;
  Steps = 0;
  SpinIterations = false;
  HasFinding = false;
  ProcessExited = false;
  Interrupted = false;
  Output.clear();
  Last = Event();
  Unstarted = SomeAwait = false;

  // argv: one heap object per string plus the pointer array, owned by main.
  const Function &Main = P.Functions[P.Main];
  uint64_t Argc = 0;
  ArgvPtr = 0;
  if (Main.NumParams >= 2) {
    Argc = Opts.Args.size();
    uint32_t PB = P.ptrBytes();
    ArgvPtr = Mem.allocate(0, PB * (Argc + 1), ObjectKind::Heap, 0);
    Object *A = Mem.resolve(ArgvPtr);
    for (size_t I = 0; I < Opts.Args.size(); ++I) {
      const std::string &S = Opts.Args[I];
      uint64_t SP = Mem.allocate(0, S.size() + 1, ObjectKind::Heap, 0);
      std::memcpy(Mem.resolve(SP)->Bytes.data(), S.data(), S.size());
      A = Mem.resolve(ArgvPtr);
      Memory::store(*A, PB * I, PB, Mem.toMemory(SP));
    }
  }
  Thread &Th = Threads[0];
  Th.State = ThreadState::Ready;
  Th.Frames.push_back({uint32_t(P.Main), 0, 0, NoOperand, 0, 0, 0, false});
  Th.Regs.assign(Main.NumRegs, 0);
  Th.Loops.resize(Main.Loops.size());
  if (Main.NumParams >= 1)
    Th.Regs[0] = Argc;
  if (Main.NumParams >= 2)
    Th.Regs[1] = ArgvPtr;
  run(0);
}

const Event &Executor::pending(ThreadId T) const {
  const Event &E = Threads[T].Pending;
  if (E.Kind == EventKind::Cas) {
    PendingView = E;
    const Object *O = Mem.resolve(E.Addr);
    if (O && O->Alive && ptrOff(E.Addr) + E.Size <= O->Size) {
      uint64_t Cur = Memory::load(*O, ptrOff(E.Addr), E.Size);
      bool Ok = Cur == E.Value;
      PendingView.Kind = Ok ? EventKind::Rmw : EventKind::Read;
      PendingView.Flag = true;
    }
    return PendingView;
  }
  if (E.Kind == EventKind::TryLock) {
    PendingView = E;
    auto It = Mutexes.find(E.Addr);
    PendingView.Flag = It == Mutexes.end() || It->second.Owner == NoThread;
    return PendingView;
  }
  return E;
}

std::optional<Event> Executor::spinCmpxchg(ThreadId T) const {
  if (T >= Threads.size() || awaited(T).empty())
    return std::nullopt;
  const Thread &Th = Threads[T];
  // Woken, the thread has run on to the iteration's first event again.
  if (Th.State != ThreadState::AwaitBlocked)
    return Th.Pending.Kind == EventKind::Cas ? std::optional<Event>(Th.Pending)
                                             : std::nullopt;
  // The iteration's first event has the index the thread's event count had
  // when it began; a cmpxchg with that index is the one it began with.
  if (!Th.SpinEvents || Th.SpinEvents > Th.EventCount ||
      Th.SpinCas.Kind != EventKind::Cas ||
      Th.SpinCas.Index != Th.EventCount - Th.SpinEvents)
    return std::nullopt;
  return Th.SpinCas;
}

std::optional<uint64_t> Executor::peek(uint64_t Addr, uint32_t Size) const {
  const Object *O = Mem.resolve(Addr);
  if (Size > 8 || !O || !O->Alive || ptrOff(Addr) + uint64_t(Size) > O->Size)
    return std::nullopt;
  return Memory::load(*O, ptrOff(Addr), Size);
}

std::vector<std::pair<uint64_t, uint32_t>> Executor::awaited(ThreadId T) const {
  if (T >= Threads.size())
    return {};
  switch (state(T)) {
  case ThreadState::AwaitBlocked:
    return Threads[T].Await;
  case ThreadState::Ready:
  case ThreadState::BlockedAtomic:
    return Threads[T].Woken;
  default:
    return {};
  }
}

bool Executor::mayWrite(ThreadId T, uint64_t Addr, uint32_t Size) const {
  return mayWriteFrom(T, Addr, Size, false);
}

bool Executor::mayWriteAfterPending(ThreadId T, uint64_t Addr,
                                    uint32_t Size) const {
  return mayWriteFrom(T, Addr, Size, true);
}

bool Executor::knownAt(const Thread &Th, const Frame &F, uint32_t Since,
                       Operand O, uint32_t Pc, uint64_t &V) const {
  const Function &Fn = P.Functions[F.Fn];
  if (O & ConstBit) {
    V = Fn.Consts[O & ~ConstBit];
    return true;
  }
  // Every instruction but a call defines at most Dst and Dst+1.
  for (uint32_t K = Since; K < Pc; ++K) {
    const Inst &I = Fn.Insts[K];
    if (I.Opc == Op::Call) {
      const CallInfo &CI = Fn.Calls[I.Aux];
      if (CI.Dst != NoOperand && O >= CI.Dst && O < CI.Dst + CI.DstCount)
        return false;
    } else if (I.Dst != NoOperand && (O == I.Dst || O == I.Dst + 1)) {
      return false;
    }
  }
  V = Th.Regs[F.RegBase + O];
  return true;
}

Executor::Scan Executor::blockRestWrites(const Thread &Th, const Frame &F,
                                         uint32_t Since, uint32_t From,
                                         uint32_t End, uint64_t Addr,
                                         uint32_t Size) const {
  const Function &Fn = P.Functions[F.Fn];
  auto Known = [&](Operand O, uint32_t Pc, uint64_t &V) {
    return knownAt(Th, F, Since, O, Pc, V);
  };
  for (uint32_t Pc = From; Pc < End; ++Pc) {
    const Inst &I = Fn.Insts[Pc];
    switch (I.Opc) {
    case Op::Call:
      return Scan::Unknown;
    case Op::Store:
    case Op::Cmpxchg:
    case Op::AtomicRmw:
    case Op::MemCpy:
    case Op::MemMove:
    case Op::MemSet: {
      uint64_t Dst;
      if (!Known(I.A, Pc, Dst))
        return Scan::Unknown;
      if (ptrObj(Dst) != ptrObj(Addr))
        break;
      if (I.Opc == Op::MemCpy || I.Opc == Op::MemMove || I.Opc == Op::MemSet)
        return Scan::Yes;
      uint64_t Lo = ptrOff(Dst), Hi = Lo + I.Size;
      if (Lo < uint64_t(ptrOff(Addr)) + Size && ptrOff(Addr) < Hi)
        return Scan::Yes;
      break;
    }
    default:
      break;
    }
  }
  return Scan::No;
}

bool Executor::mayExitFrom(ThreadId T) const {
  if (!MayExit)
    return false;
  if (T >= Threads.size())
    return true;
  // Each frame runs on from its current block once the frames above it
  // return (a caller's Pc is the instruction after its call in progress,
  // in the call's block: calls do not end blocks).
  for (const Frame &F : Threads[T].Frames) {
    const Function &Fn = P.Functions[F.Fn];
    if (Fn.BlockExits.empty() || Fn.BlockExits[Fn.blockOf(F.Pc)])
      return true;
  }
  return false;
}

bool Executor::mayWriteFrom(ThreadId T, uint64_t Addr, uint32_t Size,
                            bool AfterPending) const {
  if (T >= Threads.size())
    return true;
  const Thread &Th = Threads[T];
  uint32_t Obj = ptrObj(Addr);
  bool Global = Obj >= FirstGlobalId && Obj - FirstGlobalId < P.Globals.size();
  auto In = [&](const WriteSet &W) {
    return W.Any ||
           (Global && std::binary_search(W.Globals.begin(), W.Globals.end(),
                                         Obj - FirstGlobalId));
  };
  for (size_t K = 0; K < Th.Frames.size(); ++K) {
    const Frame &F = Th.Frames[K];
    const Function &Fn = P.Functions[F.Fn];
    if (Fn.BlockWrites.empty())
      return true;
    size_t B = Fn.blockOf(F.Pc);
    uint32_t End =
        B + 1 < Fn.BlockStart.size() ? Fn.BlockStart[B + 1] : Fn.Insts.size();
    // Neither a caller's Pc (the instruction its call in progress returns
    // to: callFunction() steps over the call) nor the top frame's has run
    // yet. A cmpxchg or atomicrmw at the top is the operation the thread is
    // stopped at, left out with AfterPending. A caller's call at Pc - 1 has
    // yet to deliver its results.
    bool Top = K + 1 == Th.Frames.size();
    Op At = Fn.Insts[F.Pc].Opc;
    uint32_t From = F.Pc + (Top && AfterPending &&
                            (At == Op::Cmpxchg || At == Op::AtomicRmw));
    uint32_t Since = Top ? F.Pc : F.Pc - 1;
    switch (blockRestWrites(Th, F, Since, From, End, Addr, Size)) {
    case Scan::Yes:
      return true;
    case Scan::Unknown:
      if (In(Fn.BlockWrites[B]))
        return true;
      break;
    case Scan::No:
      if (In(Fn.BlockTail[B]))
        return true;
      break;
    }
  }
  return false;
}

bool Executor::blockRestQuiet(const Thread &Th, const Frame &F, uint32_t Since,
                              uint32_t From, uint32_t End) const {
  const Function &Fn = P.Functions[F.Fn];
  for (uint32_t Pc = From; Pc < End; ++Pc) {
    const Inst &I = Fn.Insts[Pc];
    switch (I.Opc) {
    case Op::Load:
    case Op::Store: {
      // An access of an object no other thread can reach is no event.
      uint64_t A;
      const Object *O =
          knownAt(Th, F, Since, I.A, Pc, A) ? Mem.resolve(A) : nullptr;
      if (!O || O->Shared)
        return false;
      break;
    }
    case Op::Cmpxchg:
    case Op::AtomicRmw:
    case Op::MemCpy:
    case Op::MemMove:
    case Op::MemSet:
    case Op::TlsAddr:
    case Op::Trap:
      return false;
    case Op::Call: {
      const CallInfo &CI = Fn.Calls[I.Aux];
      if (CI.Callee >= 0) {
        const Function &G = P.Functions[CI.Callee];
        if (G.BlockQuiet.empty() || !G.BlockQuiet[0])
          return false;
        break;
      }
      uint64_t Res = 1;
      bool NullResult = CI.Args.size() > 1 &&
                        knownAt(Th, F, Since, CI.Args[1], Pc, Res) && Res == 0;
      if (!quietBuiltin(CI.Ext, NullResult))
        return false;
      break;
    }
    default:
      break;
    }
  }
  return true;
}

bool Executor::quietAfterPending(ThreadId T) const {
  if (T >= Threads.size() || Threads[T].Frames.empty())
    return false;
  const Thread &Th = Threads[T];
  for (size_t K = 0; K < Th.Frames.size(); ++K) {
    const Frame &F = Th.Frames[K];
    const Function &Fn = P.Functions[F.Fn];
    if (Fn.BlockQuiet.empty())
      return false;
    size_t B = Fn.blockOf(F.Pc);
    uint32_t End =
        B + 1 < Fn.BlockStart.size() ? Fn.BlockStart[B + 1] : Fn.Insts.size();
    // The top frame stands at the pending operation; a caller's Pc is the
    // instruction its call in progress returns to (mayWriteFrom()).
    bool Top = K + 1 == Th.Frames.size();
    uint32_t From = Top ? F.Pc + 1 : F.Pc;
    uint32_t Since = Top ? F.Pc : F.Pc - 1;
    if (!blockRestQuiet(Th, F, Since, From, End) || !Fn.BlockTailQuiet[B])
      return false;
  }
  return true;
}

unsigned Executor::numChoices(ThreadId T) const {
  const Event &E = Threads[T].Pending;
  if (E.Kind == EventKind::Nondet)
    return Threads[T].NondetChoices;
  if (E.Kind == EventKind::Signal) {
    auto It = CondWaiters.find(E.Addr);
    return It == CondWaiters.end() || It->second.empty() ? 1
                                                         : It->second.size();
  }
  return 1;
}

std::optional<unsigned> Executor::signalChoice(ThreadId T,
                                               ThreadId Woken) const {
  const Event &E = Threads[T].Pending;
  auto It = CondWaiters.find(E.Addr);
  if (E.Kind != EventKind::Signal || It == CondWaiters.end())
    return std::nullopt;
  auto At = std::find(It->second.begin(), It->second.end(), Woken);
  if (At == It->second.end())
    return std::nullopt;
  return unsigned(At - It->second.begin());
}

ThreadState Executor::state(ThreadId T) const {
  if (T >= Threads.size())
    return ThreadState::Absent;
  auto Own = [&](ThreadId U) {
    const Thread &Th = Threads[U];
    if (Th.State != ThreadState::Ready)
      return Th.State;
    const Event &E = Th.Pending;
    switch (E.Kind) {
    case EventKind::Lock:
    case EventKind::CondWake: {
      auto It = Mutexes.find(E.Addr);
      if (It != Mutexes.end() && It->second.Owner != NoThread)
        return ThreadState::BlockedLock;
      return ThreadState::Ready;
    }
    case EventKind::Join: {
      ThreadId C = ThreadId(E.Value);
      if (C < Threads.size() && C != U && !Threads[C].Joined &&
          (Threads[C].State != ThreadState::Absent || Threads[C].Reserved) &&
          Threads[C].State != ThreadState::Finished)
        return ThreadState::BlockedJoin;
      return ThreadState::Ready;
    }
    default:
      return ThreadState::Ready;
    }
  };
  bool Over = ProcessExited || Interrupted ||
              (HasFinding && TheFinding.Kind != FindingKind::Deadlock);
  if (Over) {
    ThreadState S = Threads[T].State;
    return S == ThreadState::Absent || S == ThreadState::Killed
               ? S
               : ThreadState::Finished;
  }
  ThreadState S = Own(T);
  if (S == ThreadState::Ready && AtomicOwner != NoThread && AtomicOwner != T &&
      Own(AtomicOwner) == ThreadState::Ready)
    return ThreadState::BlockedAtomic;
  return S;
}

unsigned Executor::boundCauses() const {
  unsigned Causes = 0;
  for (const Thread &Th : Threads)
    if (Th.State == ThreadState::Bounded)
      Causes |= Th.Cut ? Th.Cut : unsigned(LoopBound);
  return Causes;
}

ExecutionEnd Executor::end() const {
  if (Interrupted)
    return ExecutionEnd::Interrupted;
  if (HasFinding)
    return TheFinding.Kind == FindingKind::Deadlock ? ExecutionEnd::Deadlock
                                                    : ExecutionEnd::Error;
  if (ProcessExited)
    return ExecutionEnd::Complete;
  bool Bounded = false, Blocked = false, Stuck = false;
  for (ThreadId T = 0; T < Threads.size(); ++T) {
    switch (state(T)) {
    case ThreadState::Ready:
      return ExecutionEnd::Running;
    case ThreadState::Bounded:
      Bounded = true;
      break;
    case ThreadState::AssumeBlocked:
    case ThreadState::AwaitBlocked:
      Blocked = true;
      break;
    case ThreadState::BlockedLock:
    case ThreadState::BlockedJoin:
    case ThreadState::Waiting:
      Stuck = true;
      break;
    default:
      break;
    }
  }
  if (Bounded)
    return ExecutionEnd::Bounded;
  if (Blocked)
    return ExecutionEnd::Blocked;
  if (Stuck) {
    // Every live thread waits for another: a deadlock, reported as a finding.
    auto *Self = const_cast<Executor *>(this);
    std::string Msg = "deadlock:";
    for (ThreadId T = 0; T < Threads.size(); ++T) {
      ThreadState S = state(T);
      const Event &E = Threads[T].Pending;
      std::string Th = " thread " + std::to_string(T);
      if (S == ThreadState::BlockedLock)
        Msg += Th + " waits for mutex " + describeAddr(E.Addr) + ";";
      else if (S == ThreadState::BlockedJoin)
        Msg += Th + " waits to join thread " + std::to_string(E.Value) + ";";
      else if (S == ThreadState::Waiting)
        Msg += Th + " waits on condition " + describeAddr(Threads[T].WaitCond) +
               ";";
    }
    Msg.pop_back();
    Self->HasFinding = true;
    Self->TheFinding = {FindingKind::Deadlock, Msg, 0, 0, Steps};
    for (ThreadId T = 0; T < Threads.size(); ++T)
      if (ThreadState S = state(T); S == ThreadState::BlockedLock ||
                                    S == ThreadState::BlockedJoin ||
                                    S == ThreadState::Waiting) {
        Self->TheFinding.Thread = T;
        Self->TheFinding.SrcLoc = Threads[T].Pending.SrcLoc;
        break;
      }
    return ExecutionEnd::Deadlock;
  }
  return ExecutionEnd::Complete;
}

const Event &Executor::step(ThreadId T, unsigned Choice) {
  assert(state(T) == ThreadState::Ready && "stepping a disabled thread");
  Thread &Th = Threads[T];
  ++Steps;
  Th.Choice = Choice;
  Th.Woken.clear();
  Th.SpinEvents = 0;
  if (Th.Deferred) {
    // The deferred finding's event: the process ends with it (the trace
    // stops before the event, as an immediate finding's would).
    Last = Th.Pending;
    recordEvent(T);
    HasFinding = true;
    TheFinding = std::move(*Th.Deferred);
    TheFinding.Step = Steps - 1;
    Th.Deferred.reset();
    cutShort(T);
    return Last;
  }
  if (Th.Pending.Kind == EventKind::CondWake) {
    // Re-acquire after a wake-up; the wait call itself already returned.
    Mutexes[Th.Pending.Addr].Owner = T;
    Last = Th.Pending;
    recordEvent(T);
    Th.Epoch++;
    run(T);
  } else {
    // If the operation fails before it completes, the trace still shows it.
    Last = Th.Pending;
    Th.Granted = true;
    run(T);
    assert((!Th.Granted || HasFinding || Interrupted) &&
           "pending operation not consumed");
    Th.Granted = false;
  }
  // Threads created or woken by this step run to their first visible
  // operation now, in id order, so the state is deterministic.
  if (Unstarted) {
    Unstarted = false;
    for (ThreadId U = 0; U < Threads.size(); ++U) {
      if (halted()) {
        Unstarted = true;
        break;
      }
      if (Threads[U].State == ThreadState::Ready && Threads[U].Frames.size() &&
          Threads[U].Pending.Thread == NoThread)
        run(U);
    }
  }
  return Last;
}

void Executor::recordEvent(ThreadId T) {
  Thread &Th = Threads[T];
  Last.Thread = T;
  Last.Index = Th.EventCount++;
}

bool Executor::visible(ThreadId T, EventKind K, uint64_t Addr, uint32_t Size,
                       uint32_t Loc, uint64_t Addr2, uint32_t Size2) {
  Thread &Th = Threads[T];
  if (Th.Granted) {
    Th.Granted = false; // step() has already made the pending event Last
    return true;
  }
  Event &E = Th.Pending;
  E = Event();
  E.Thread = T;
  E.Index = Th.EventCount;
  E.Kind = K;
  E.Addr = Addr;
  E.Size = Size;
  E.Addr2 = Addr2;
  E.Size2 = Size2;
  E.SrcLoc = Loc;
  E.InAtomic = Th.AtomicDepth > 0;
  Th.State = ThreadState::Ready;
  return false;
}

void Executor::fail(ThreadId T, FindingKind K, std::string Msg, uint32_t Loc) {
  Thread &Th = Threads[T];
  if (Th.Deferred)
    return; // the thread stops at its first finding
  // Not a finding of the event a step runs (Granted: e.g. an access to an
  // object another thread freed): that event is the failure. Whether one
  // is deferred must not depend on how far the others got (as exit()'s).
  if (DeferFindings && !Th.Granted && K != FindingKind::UnsupportedAtRuntime) {
    bool Others = false;
    for (ThreadId U = 0; U < Threads.size(); ++U)
      Others |= U != T && Threads[U].State != ThreadState::Absent;
    if (Others) {
      Th.Deferred = Finding{K, std::move(Msg), T, Loc, 0};
      Event &E = Th.Pending;
      E = Event();
      E.Thread = T;
      E.Index = Th.EventCount;
      E.Kind = EventKind::Exit;
      E.Flag = true;
      E.SrcLoc = Loc;
      E.InAtomic = Th.AtomicDepth > 0;
      Th.State = ThreadState::Ready;
      return;
    }
  }
  if (!HasFinding) {
    HasFinding = true;
    TheFinding = {K, std::move(Msg), T, Loc, Steps};
  }
  cutShort(T);
}

void Executor::cutShort(ThreadId T) {
  for (ThreadId U = 0; U < Threads.size(); ++U)
    if (U != T && Threads[U].State == ThreadState::Ready &&
        Threads[U].Pending.Thread == U)
      Threads[U].State = ThreadState::Killed;
}

std::string Executor::describeAddr(uint64_t Addr) const {
  uint32_t Id = ptrObj(Addr), Off = ptrOff(Addr);
  std::string Name;
  if (Id == 0)
    return Off ? "null+" + std::to_string(Off) : "null";
  if (Id >= FunctionIdBase && !(Id & DynamicIdBit)) {
    uint32_t F = Id - FunctionIdBase;
    return F < P.Functions.size() ? "&" + P.Functions[F].Name : "?";
  }
  const Object *O = Mem.resolve(Addr);
  if (!O)
    return "invalid(" + std::to_string(Addr) + ")";
  switch (O->Kind) {
  case ObjectKind::Global:
  case ObjectKind::ThreadLocal:
    Name = P.Globals[O->Site].Name;
    break;
  case ObjectKind::Stack:
    Name = O->Site < P.SiteNames.size() ? P.SiteNames[O->Site] : "stack";
    break;
  case ObjectKind::Heap: {
    Name = "heap";
    if (O->Site) {
      SourceLoc S = describeSrc(O->Site);
      Name += "@" + S.File + ":" + std::to_string(S.Line);
    }
    uint32_t T = (Id >> 20) & (MaxThreads - 1),
             Seq = Id & (MaxObjectsPerThread - 1);
    Name += "#" + std::to_string(T) + "." + std::to_string(Seq);
    break;
  }
  default:
    Name = "?";
  }
  if (Off)
    Name += int32_t(Off) < 0 ? "[" + std::to_string(int32_t(Off)) + "]"
                             : "[+" + std::to_string(Off) + "]";
  return Name;
}

std::string Executor::describeValue(uint64_t V, uint32_t Size) const {
  if (Size != P.ptrBytes() || !V)
    return "";
  // ILP32: a 32-bit value inside an object or at a function is shown as
  // its address (an integer that happens to be one is shown so too).
  if (P.Ptr32)
    V = V >= FlatFunctionBase ? Mem.unflatPointer(uint32_t(V)) : 0;
  uint32_t Id = ptrObj(V);
  bool Function = !(Id & DynamicIdBit) && Id >= FunctionIdBase &&
                  Id - FunctionIdBase < P.Functions.size() && ptrOff(V) == 0;
  return Function || Mem.resolve(V) ? "&" + describeAddr(V) : "";
}

SourceLoc Executor::describeSrc(uint32_t Id) const {
  if (Id >= P.Locs.size())
    Id = 0;
  const SrcLocEntry &L = P.Locs[Id];
  return {P.Files[L.File], L.Line, P.FuncNames[L.Func]};
}

Object *Executor::access(ThreadId T, uint64_t Ptr, uint32_t Size, bool Write,
                         uint32_t Loc) {
  uint32_t Id = ptrObj(Ptr), Off = ptrOff(Ptr);
  if (Id == 0) {
    fail(T, FindingKind::Memory,
         Off < 4096
             ? "null pointer dereference"
             : "invalid pointer dereference (" + std::to_string(Ptr) + ")",
         Loc);
    return nullptr;
  }
  if (Id == WildObjectId) {
    fail(T, FindingKind::Memory,
         std::string("out-of-bounds ") + (Write ? "write" : "read") +
             ": pointer arithmetic left its object by more than 2^31 bytes",
         Loc);
    return nullptr;
  }
  Object *O = Mem.resolve(Ptr);
  if (!O) {
    fail(T, FindingKind::Memory,
         "invalid pointer dereference (" + describeAddr(Ptr) + ")", Loc);
    return nullptr;
  }
  if (!O->Alive) {
    fail(T, FindingKind::Memory,
         std::string(O->Kind == ObjectKind::Heap
                         ? "use after free of "
                         : "use of dead stack object ") +
             describeAddr(makePtr(Id, 0)),
         Loc);
    return nullptr;
  }
  if (uint64_t(Off) + Size > O->Size) {
    fail(T, FindingKind::Memory,
         "out-of-bounds " + std::string(Write ? "write" : "read") + " of " +
             std::to_string(Size) + " bytes at offset " +
             std::to_string(int32_t(Off)) + " of " +
             describeAddr(makePtr(Id, 0)) + " (size " +
             std::to_string(O->Size) + ")",
         Loc);
    return nullptr;
  }
  if (Write && O->ReadOnly) {
    fail(T, FindingKind::Memory,
         "write to read-only object " + describeAddr(makePtr(Id, 0)), Loc);
    return nullptr;
  }
  return O;
}

void Executor::escape(uint64_t Ptr) {
  // Most stored pointers are to globals or to objects already shared.
  if (!(ptrObj(Ptr) & DynamicIdBit))
    return;
  if (Object *O = Mem.resolve(Ptr); !O || O->Shared)
    return;
  // Worklist: sharing an object shares everything reachable from it.
  std::vector<uint64_t> Work{Ptr};
  while (!Work.empty()) {
    uint64_t X = Work.back();
    Work.pop_back();
    if (!(ptrObj(X) & DynamicIdBit))
      continue;
    Object *O = Mem.resolve(X);
    if (!O || O->Shared)
      continue;
    O->Shared = true;
    for (uint32_t Off : O->PtrSlots)
      if (Off + P.ptrBytes() <= O->Size)
        Work.push_back(Mem.loadPointer(*O, Off));
    O->PtrSlots.clear();
  }
}

void Executor::storedPointer(Object &O, uint32_t Off, uint64_t Ptr) {
  if (O.Shared) {
    escape(Ptr);
    return;
  }
  if (!(ptrObj(Ptr) & DynamicIdBit))
    return;
  for (uint32_t X : O.PtrSlots)
    if (X == Off)
      return;
  O.PtrSlots.push_back(Off);
}

void Executor::noteWrite(ThreadId T, Object &O, uint64_t Ptr, uint32_t Size) {
  Thread &Th = Threads[T];
  Th.Epoch++;
  if (Th.AtomicDepth && O.Shared) {
    for (uint32_t K = 0; K < Size; K += 8) {
      uint32_t N = std::min<uint32_t>(8, Size - K);
      Th.UndoLog.push_back({Ptr + K, N, Memory::load(O, ptrOff(Ptr) + K, N)});
    }
  }
}

bool Executor::writtenSince(const Thread::Read &R) const {
  for (size_t W = R.WritesBefore; W < WriteLog.size(); ++W) {
    const Write &X = WriteLog[W];
    if (ptrObj(X.Addr) == ptrObj(R.Addr) && X.Addr < R.Addr + R.Size &&
        R.Addr < X.Addr + X.Size)
      return true;
  }
  return false;
}

bool Executor::readsOverwritten(const Thread &Th, size_t From) const {
  for (size_t K = From; K < Th.ReadLog.size(); ++K)
    if (writtenSince(Th.ReadLog[K]))
      return true;
  return false;
}

bool Executor::writtenAfterLastRead(const Thread &Th, size_t From) const {
  for (size_t K = From; K < Th.ReadLog.size(); ++K) {
    const Thread::Read &R = Th.ReadLog[K];
    bool ReadAgain = false;
    for (size_t J = K + 1; J < Th.ReadLog.size() && !ReadAgain; ++J)
      ReadAgain = Th.ReadLog[J].Addr == R.Addr && Th.ReadLog[J].Size == R.Size;
    // A write before that later read is seen by it.
    if (!ReadAgain && writtenSince(R))
      return true;
  }
  return false;
}

void Executor::sharedWrite(uint64_t Addr, uint32_t Size, WriteKind K) {
  Write W{Addr, Size, Last.Thread, Last.Index, 0, K};
  if (K == WriteKind::Store) {
    const Object *O = Mem.resolve(Addr);
    if (!Saving || !O || ptrOff(Addr) + uint64_t(Size) > O->Size) {
      W.Kind = WriteKind::Other;
    } else if (Size <= 8) {
      W.Value = Memory::load(*O, ptrOff(Addr), Size);
    } else {
      W.Kind = WriteKind::Block;
      W.Value = WriteBytes.size();
      const uint8_t *B = O->Bytes.data() + ptrOff(Addr);
      WriteBytes.insert(WriteBytes.end(), B, B + Size);
    }
  }
  WriteLog.push_back(W);
  for (ThreadId U = 0; SomeAwait && U < Threads.size(); ++U) {
    Thread &Th = Threads[U];
    if (Th.State != ThreadState::AwaitBlocked)
      continue;
    for (auto &[A, S] : Th.Await)
      if (ptrObj(A) == ptrObj(Addr) && A < Addr + Size && Addr < A + S) {
        // Runs on to its next visible operation at the end of this step.
        Th.State = ThreadState::Ready;
        Th.Pending.Thread = NoThread;
        Unstarted = true;
        Th.Woken = std::move(Th.Await);
        Th.Await.clear();
        break;
      }
  }
}

void Executor::assumeFailed(ThreadId T) {
  Thread &Th = Threads[T];
  if (Th.AtomicDepth) {
    // A failed guard inside an atomic section: the section never happened.
    for (auto It = Th.UndoLog.rbegin(); It != Th.UndoLog.rend(); ++It)
      if (Object *O = Mem.resolve(It->Addr))
        Memory::store(*O, ptrOff(It->Addr), It->Size, It->Old);
    Th.UndoLog.clear();
    Th.AtomicDepth = 0;
    if (AtomicOwner == T)
      AtomicOwner = NoThread;
  }
  Th.State = ThreadState::AssumeBlocked;
}

void Executor::startThread(ThreadId T, uint32_t Fn, uint64_t Arg) {
  Thread &Th = Threads[T];
  const Function &F = P.Functions[Fn];
  Th.State = ThreadState::Ready;
  Th.Pending = Event();
  Th.Pending.Thread = NoThread; // not yet run to its first visible operation
  Unstarted = true;
  Th.Frames.push_back({Fn, 0, 0, NoOperand, 0, 0, 0, false});
  Th.Regs.assign(F.NumRegs, 0);
  Th.Loops.assign(F.Loops.size(), LoopState());
  if (F.NumParams >= 1)
    Th.Regs[0] = Arg;
}

void Executor::finishThread(ThreadId T, uint64_t RetVal) {
  Thread &Th = Threads[T];
  escape(RetVal);
  Th.RetVal = RetVal;
  assert(Th.Allocas.empty() && "stack objects outlive their thread");
  Th.Frames.clear();
  Th.State = ThreadState::Finished;
  if (Th.AtomicDepth && AtomicOwner == T)
    AtomicOwner = NoThread;
  Th.AtomicDepth = 0;
}

bool Executor::takeEdge(ThreadId T, uint32_t EdgeIdx) {
  Thread &Th = Threads[T];
  Frame &Fr = Th.Frames.back();
  const Function &F = P.Functions[Fr.Fn];
  const Edge &E = F.Edges[EdgeIdx];
  uint64_t *R = Th.Regs.data() + Fr.RegBase;
  if (E.MovesEnd - E.MovesBegin == 1) {
    const Move &M = F.Moves[E.MovesBegin];
    R[M.Dst] = operandValue(F, R, M.Src);
  } else if (E.MovesEnd > E.MovesBegin) {
    MoveTmp.resize(E.MovesEnd - E.MovesBegin);
    for (uint32_t K = E.MovesBegin; K < E.MovesEnd; ++K)
      MoveTmp[K - E.MovesBegin] = operandValue(F, R, F.Moves[K].Src);
    for (uint32_t K = E.MovesBegin; K < E.MovesEnd; ++K)
      R[F.Moves[K].Dst] = MoveTmp[K - E.MovesBegin];
  }
  Fr.Pc = E.Target;
  if (E.Loop < 0)
    return true;
  LoopState &S = Th.Loops[Fr.LoopBase + E.Loop];
  const LoopInfoLite &L = F.Loops[E.Loop];
  auto Snapshot = [&] {
    S.Valid = L.Phis.size() <= S.Snap.size();
    S.Epoch = Th.Epoch;
    S.ReadPos = Th.ReadLog.size();
    S.Events = Th.EventCount;
    for (size_t K = 0; S.Valid && K < L.Phis.size(); ++K)
      S.Snap[K] = R[L.Phis[K]];
  };
  if (!E.Backedge) {
    S.Iter = 0;
    Snapshot();
    return true;
  }
  ++S.Iter;
  bool GoRound = false;
  if (S.Valid && S.Epoch == Th.Epoch) {
    bool Same = true;
    for (size_t K = 0; Same && K < L.Phis.size(); ++K)
      Same = S.Snap[K] == R[L.Phis[K]];
    if (Same) {
      // The iteration wrote nothing and the loop re-enters in the same
      // state: it can only make progress once a location it read changes.
      SpinIterations = true;
      Th.SpinEvents = Th.EventCount - S.Events;
      std::vector<std::pair<uint64_t, uint32_t>> Reads;
      for (size_t K = S.ReadPos; K < Th.ReadLog.size(); ++K) {
        std::pair<uint64_t, uint32_t> A{Th.ReadLog[K].Addr, Th.ReadLog[K].Size};
        // One location read twice is one location awaited.
        if (std::find(Reads.begin(), Reads.end(), A) == Reads.end())
          Reads.push_back(A);
      }
      if (!readsOverwritten(Th, S.ReadPos)) {
        Th.Await = std::move(Reads);
        Th.State = ThreadState::AwaitBlocked;
        SomeAwait = true;
        Th.Pending = Event();
        Th.Pending.Thread = NoThread;
        S.Valid = false;
        return false;
      }
      // One was written after the iteration read it: the thread goes round
      // again at once. Where the write came after the iteration's last read
      // of its location (a loop over several locations), it is reported as
      // the write that woke the thread, so whether it waited in between
      // depends on no schedule. A write the iteration read again later (a
      // test-and-test-and-set's load, then its exchange that found the lock
      // taken) already happens before the next read and woke nothing:
      // reported as a waker, the explorers took a later write (the holder's
      // unlock) for it and never reversed that with the next read.
      if (writtenAfterLastRead(Th, S.ReadPos))
        Th.Woken = std::move(Reads);
      GoRound = true;
    }
  }
  if (Opts.Unroll && S.Iter >= Opts.Unroll) {
    Th.State = ThreadState::Bounded;
    Th.Cut = LoopBound;
    return false;
  }
  if (Th.ReadLog.size() > (1u << 16)) {
    Th.ReadLog.clear();
    Th.Epoch++;
  }
  Snapshot();
  // Exactly as after a wake-up (S.Valid is false then): the next iteration
  // is not compared. Otherwise the thread's events would depend on whether
  // the write came before or after its iteration's last read.
  if (GoRound)
    S.Valid = false;
  return true;
}

bool Executor::chargeAllocation(uint64_t Bytes) {
  AllocSinceCheck += Bytes;
  if (AllocSinceCheck < (1u << 20))
    return true;
  AllocSinceCheck = 0;
  if (StopCheck && StopCheck(Bytes)) {
    Interrupted = true;
    return false;
  }
  return true;
}

bool Executor::callFunction(ThreadId T, uint32_t Fn, const CallInfo &CI,
                            const uint64_t *Args) {
  Thread &Th = Threads[T];
  const Function &Callee = P.Functions[Fn];
  uint32_t Loc =
      P.Functions[Th.Frames.back().Fn].Insts[Th.Frames.back().Pc].Loc;
  if (Callee.Insts.empty()) {
    fail(T, FindingKind::UnsupportedAtRuntime,
         "call of function '" + Callee.Name + "' which has no definition", Loc);
    return false;
  }
  if (Th.Frames.size() >= 20000) {
    fail(T, FindingKind::Memory, "stack overflow (call depth 20000)", Loc);
    return false;
  }
  uint32_t Base = Th.Regs.size();
  Th.Regs.resize(Base + Callee.NumRegs);
  size_t N = std::min<size_t>(CI.Args.size(), Callee.NumParams);
  for (size_t K = 0; K < N; ++K)
    Th.Regs[Base + K] = Args[K];
  Th.Frames.back().Pc++;
  uint32_t LoopBase = Th.Loops.size();
  Th.Loops.resize(LoopBase + Callee.Loops.size());
  Th.Frames.push_back({Fn, 0, Base, CI.Dst, CI.DstCount,
                       uint32_t(Th.Allocas.size()), LoopBase, CI.AtomicFn});
  // By-value aggregates: the callee works on its own copy, which dies with
  // its frame.
  for (size_t K = 0; K < Callee.Byval.size() && K < N; ++K) {
    uint32_t S = Callee.Byval[K];
    if (!S)
      continue;
    uint64_t Src = Th.Regs[Base + K];
    Object *SO = access(T, Src, S, false, Loc);
    if (!SO)
      return false;
    if (!chargeAllocation(S))
      return false;
    uint64_t Copy = Mem.allocate(T, S, ObjectKind::Stack, 0);
    if (!Copy) {
      Th.State = ThreadState::Bounded;
      Th.Cut = ObjectLimit;
      return false;
    }
    Object *CO = Mem.resolve(Copy);
    std::memcpy(CO->Bytes.data(), SO->Bytes.data() + ptrOff(Src), S);
    for (uint32_t Off : SO->PtrSlots)
      if (Off >= ptrOff(Src) && Off + P.ptrBytes() <= ptrOff(Src) + S)
        storedPointer(*CO, Off - ptrOff(Src), Mem.loadPointer(*SO, Off));
    Th.Allocas.push_back(Copy);
    Th.Regs[Base + K] = Copy;
  }
  return true;
}

bool Executor::killStack(ThreadId T, size_t Mark, uint32_t Loc) {
  Thread &Th = Threads[T];
  while (Th.Allocas.size() > Mark) {
    uint64_t A = Th.Allocas.back();
    Object *O = Mem.resolve(A);
    if (O && O->Alive && O->Shared) {
      if (!visible(T, EventKind::Free, A, O->Size, Loc))
        return false;
      recordEvent(T);
      O->Alive = false;
      Th.Epoch++;
      sharedWrite(A, O->Size, WriteKind::Other);
    } else if (O) {
      O->Alive = false;
    }
    Th.Allocas.pop_back();
  }
  return true;
}

bool Executor::stackLifetime(ThreadId T, Object &O, uint64_t Ptr, bool Alive,
                             uint32_t Loc) {
  if (O.Alive == Alive)
    return true;
  if (O.Shared) {
    uint64_t Base = makePtr(ptrObj(Ptr), 0);
    if (!visible(T, EventKind::Free, Base, O.Size, Loc))
      return false;
    recordEvent(T);
    O.Alive = Alive;
    Threads[T].Epoch++;
    sharedWrite(Base, O.Size, WriteKind::Other);
    return true;
  }
  O.Alive = Alive;
  return true;
}

void Executor::partialPointerRead(Object &O, uint32_t Off, uint32_t Size) {
  for (size_t K = 0; K < O.PtrSlots.size(); ++K) {
    uint32_t S = O.PtrSlots[K];
    uint32_t PB = P.ptrBytes();
    if (S < Off + Size && Off < S + PB && !(S == Off && Size == PB) &&
        S + PB <= O.Size)
      escape(Mem.loadPointer(O, S));
  }
}

bool Executor::doReturn(ThreadId T, const Inst &I) {
  Thread &Th = Threads[T];
  Frame Fr = Th.Frames.back();
  const Function &F = P.Functions[Fr.Fn];
  const std::vector<Operand> &RetOps = F.Rets[I.Aux];
  uint64_t Vals[16];
  size_t NV = std::min<size_t>(RetOps.size(), 16);
  const uint64_t *R = Th.Regs.data() + Fr.RegBase;
  for (size_t K = 0; K < NV; ++K)
    Vals[K] = operandValue(F, R, RetOps[K]);
  if (!killStack(T, Fr.AllocaMark, I.Loc))
    return false;
  if (Th.Frames.size() == 1) {
    // main returning ends only main: like Nidhugg and GenMC (and unlike a
    // real process, where exit() would kill the others), the remaining
    // threads run to completion. exit() and abort() do end the process.
    finishThread(T, NV ? Vals[0] : 0);
    return false;
  }
  Mem.reclaimStack(T, Th.Allocas.empty() ? 0 : Th.Allocas.back());
  Th.Loops.resize(Fr.LoopBase);
  Th.Regs.resize(Fr.RegBase);
  Th.Frames.pop_back();
  uint64_t *CR = Th.Regs.data() + Th.Frames.back().RegBase;
  for (size_t K = 0; K < Fr.RetCount && K < NV; ++K)
    CR[Fr.RetDst + K] = Vals[K];
  if (Fr.Atomic && Th.AtomicDepth && --Th.AtomicDepth == 0) {
    AtomicOwner = NoThread;
    Th.UndoLog.clear();
  }
  return true;
}

} // namespace vcdpor
