//===- interpreter/Builtins.cpp - The supported external functions ---------===//
//
// One case per entry of Builtins.def. Synchronisation and thread operations
// are visible events; libc helpers run locally unless they touch shared
// memory.
//
//===----------------------------------------------------------------------===//
#include "interpreter/ExecOps.h"
#include "interpreter/Executor.h"

#include <cstdlib>

namespace vcdpor {

bool Executor::memRange(ThreadId T, uint64_t Ptr, uint64_t Len, bool Write,
                        uint32_t Loc, Object *&O) {
  O = access(T, Ptr, uint32_t(std::min<uint64_t>(Len, 0xffffffffu)), Write, Loc);
  if (O && Len > 0xffffffffu) {
    fail(T, FindingKind::Memory, "memory operation of " + std::to_string(Len) + " bytes", Loc);
    return false;
  }
  return O != nullptr;
}

bool Executor::readCString(ThreadId T, uint64_t Ptr, std::string &S,
                           uint32_t Loc) {
  S.clear();
  Object *O = access(T, Ptr, 1, false, Loc);
  if (!O)
    return false;
  for (uint32_t Off = ptrOff(Ptr);; ++Off) {
    if (Off >= O->Size) {
      fail(T, FindingKind::Memory,
           "out-of-bounds read: string at " + describeAddr(Ptr) +
               " is not terminated",
           Loc);
      return false;
    }
    char C = char(O->Bytes[Off]);
    if (!C)
      return true;
    S.push_back(C);
  }
}

bool Executor::readEvent(ThreadId T, uint64_t P1, uint64_t L1, uint64_t P2,
                         uint64_t L2, uint32_t Loc) {
  Object *A = P1 ? Mem.resolve(P1) : nullptr;
  Object *B = P2 ? Mem.resolve(P2) : nullptr;
  bool SA = A && A->Shared && A->Alive, SB = B && B->Shared && B->Alive;
  if (!SA && !SB)
    return true;
  // Strings are read up to the end of their object: a range that does not
  // depend on the contents, so pending and executed events agree.
  auto Len = [](Object *O, uint64_t P, uint64_t L) -> uint32_t {
    if (L)
      return uint32_t(L);
    return ptrOff(P) < O->Size ? O->Size - ptrOff(P) : 1;
  };
  uint64_t X = SA ? P1 : P2;
  uint32_t LX = SA ? Len(A, P1, L1) : Len(B, P2, L2);
  uint64_t Y = SA && SB ? P2 : 0;
  uint32_t LY = SA && SB ? Len(B, P2, L2) : 0;
  if (!visible(T, EventKind::Read, X, LX, Loc, Y, LY))
    return false;
  Object *OX = Mem.resolve(X);
  if (OX && OX->Alive && ptrOff(X) + std::min<uint32_t>(LX, 8) <= OX->Size)
    Last.Value = Memory::load(*OX, ptrOff(X), std::min<uint32_t>(LX, 8));
  recordEvent(T);
  noteRead(T, X, LX);
  if (Y)
    noteRead(T, Y, LY);
  return true;
}

bool Executor::callWrite(ThreadId T, uint64_t Ptr, uint32_t Size, uint64_t V,
                         bool IsPointer, uint32_t Loc) {
  Object *O = access(T, Ptr, Size, true, Loc);
  if (!O)
    return false;
  bool Shared = O->Shared;
  uint64_t X = IsPointer ? Mem.toMemory(V) : V; // what memory holds
  if (Shared) {
    if (!visible(T, EventKind::Write, Ptr, Size, Loc))
      return false;
    Last.Written = X;
    recordEvent(T);
  }
  if (IsPointer || (Size == 8 && mayBePointer(V)))
    storedPointer(*O, ptrOff(Ptr), V);
  noteWrite(T, *O, Ptr, Size);
  Memory::store(*O, ptrOff(Ptr), Size, X);
  if (Shared)
    sharedWrite(Ptr, Size);
  return true;
}

bool Executor::readStrings(ThreadId T, const uint64_t *Ptrs, size_t N,
                           uint32_t Loc) {
  Thread &Th = Threads[T];
  for (size_t K = Th.CallStep; K < N; ++K) {
    if (!readEvent(T, Ptrs[K], 0, 0, 0, Loc))
      return false;
    Th.CallStep = uint32_t(K + 1);
  }
  return true;
}

void Executor::emitOutput(ThreadId T, const std::string &Text) {
  Threads[T].Epoch++;
  Output.push_back({T, Steps, Text});
}

bool Executor::memIntrinsic(ThreadId T, Op O, uint64_t Dst, uint64_t Src,
                            uint64_t Len, uint32_t Loc) {
  if (Len == 0)
    return true;
  Object *D, *S = nullptr;
  if (!memRange(T, Dst, Len, true, Loc, D))
    return false;
  if (O != Op::MemSet && !memRange(T, Src, Len, false, Loc, S))
    return false;
  bool DS = D->Shared, SS = S && S->Shared;
  if (DS || SS) {
    EventKind K = DS ? EventKind::Write : EventKind::Read;
    uint64_t A = DS ? Dst : Src;
    if (!visible(T, K, A, uint32_t(Len), Loc, DS && SS ? Src : 0,
                 DS && SS ? uint32_t(Len) : 0))
      return false;
    // Re-check: the objects may have died while the operation was pending.
    if (!memRange(T, Dst, Len, true, Loc, D) ||
        (O != Op::MemSet && !memRange(T, Src, Len, false, Loc, S)))
      return false;
    if (SS)
      Last.Value = Memory::load(*S, ptrOff(Src), uint32_t(std::min<uint64_t>(Len, 8)));
    recordEvent(T);
    if (!DS)
      noteRead(T, Src, uint32_t(Len));
  }
  noteWrite(T, *D, Dst, uint32_t(Len));
  // Pointers copied along keep their escape bookkeeping.
  if (S && !S->PtrSlots.empty()) {
    std::vector<uint32_t> Slots = S->PtrSlots;
    for (uint32_t Off : Slots)
      if (Off >= ptrOff(Src) && Off + P.ptrBytes() <= ptrOff(Src) + Len)
        storedPointer(*D, ptrOff(Dst) + (Off - ptrOff(Src)),
                      Mem.loadPointer(*S, Off));
  }
  if (O == Op::MemSet)
    std::memset(D->Bytes.data() + ptrOff(Dst), int(Src & 0xff), Len);
  else
    std::memmove(D->Bytes.data() + ptrOff(Dst), S->Bytes.data() + ptrOff(Src), Len);
  if (DS) {
    Last.Written = Memory::load(*D, ptrOff(Dst), uint32_t(std::min<uint64_t>(Len, 8)));
    sharedWrite(Dst, uint32_t(Len));
  }
  return true;
}

bool Executor::exitProcess(ThreadId T, uint32_t Loc) {
  // The exit is an event once another thread exists, finished or not:
  // whether it is one must not depend on how far the others got (the
  // explorers reason about which events an execution has).
  bool Others = false;
  for (ThreadId U = 0; U < Threads.size(); ++U)
    Others |= U != T && Threads[U].State != ThreadState::Absent;
  if (Others || Threads[T].Granted) {
    if (!visible(T, EventKind::Exit, 0, 0, Loc))
      return false;
    recordEvent(T);
  }
  cutShort(T);
  ProcessExited = true;
  return false;
}

bool Executor::execBuiltin(ThreadId T, const Inst &I, const CallInfo &CI,
                           Builtin Ext, const uint64_t *Args) {
  Thread &Th = Threads[T];
  size_t NA = CI.Args.size();
  auto Arg = [&](size_t K) -> uint64_t { return K < NA ? Args[K] : 0; };
  auto Ret = [&](uint64_t X) {
    Frame &Fr = Th.Frames.back();
    if (CI.DstCount)
      Th.Regs[Fr.RegBase + CI.Dst] = maskTo(X, CI.RetWidth ? CI.RetWidth : 64);
    Fr.Pc++;
    Th.CallStep = 0;
    Th.CallVals.clear();
    return true;
  };
  auto MutexOf = [&](uint64_t M) -> MutexState & { return Mutexes[M]; };

  switch (Ext) {
  case Builtin::PthreadCreate: {
    uint64_t TidPtr = Arg(0), Start = Arg(2), Param = Arg(3);
    if (Th.CallStep == 0) {
      uint32_t Id = ptrObj(Start);
      if (ptrOff(Start) || Id < FunctionIdBase || (Id & DynamicIdBit) ||
          Id - FunctionIdBase >= P.Functions.size() ||
          P.Functions[Id - FunctionIdBase].Insts.empty()) {
        fail(T, FindingKind::UnsupportedAtRuntime,
             "pthread_create with a start routine that is not a defined "
             "function",
             I.Loc);
        return false;
      }
      auto Key = std::make_pair(T, Th.ChildCount);
      auto It = PathIds.find(Key);
      if (It == PathIds.end())
        It = PathIds.emplace(Key, Names->id(Key.first, Key.second)).first;
      ThreadId C = It->second;
      if (C >= MaxThreads) {
        // Unbounded thread creation: cut the execution like a loop bound, at
        // a create step that creates nothing (the trace shows it).
        if (!visible(T, EventKind::Create, 0, 0, I.Loc))
          return false;
        Th.State = ThreadState::Bounded;
        Th.Cut = ThreadLimit;
        return false;
      }
      // The id is stored before the thread runs, as glibc does (its
      // pthread_create writes *newthread before the clone), so the store
      // happens before every step of the child; a write event of its own
      // where the pthread_t is shared. Until the create, the id is reserved:
      // a join of it waits.
      // pthread_t is an unsigned long: as wide as a pointer.
      if (!callWrite(T, TidPtr, P.ptrBytes(), C + 1, false, I.Loc))
        return false;
      Th.ChildCount++;
      if (C >= Threads.size())
        Threads.resize(C + 1);
      Threads[C].Reserved = true;
      Th.CallVals.assign(1, C);
      Th.CallStep = 1;
    }
    if (!visible(T, EventKind::Create, 0, 0, I.Loc))
      return false;
    ThreadId C = ThreadId(Th.CallVals[0]);
    Threads[C].Reserved = false;
    escape(Param);
    startThread(C, ptrObj(Start) - FunctionIdBase, Param);
    Last.Value = C;
    recordEvent(T);
    Th.Epoch++;
    return Ret(0);
  }
  case Builtin::PthreadJoin: {
    ThreadId C = ThreadId(Arg(0) - 1);
    if (Th.CallStep == 0) {
      // Joins of one thread conflict (the second fails): they share a
      // location no memory access has.
      if (!visible(T, EventKind::Join, makePtr(ThreadHandleId, C), 1, I.Loc)) {
        Th.Pending.Value = C;
        return false;
      }
      bool Valid = Arg(0) >= 1 && C < Threads.size() && C != T &&
                   Threads[C].State != ThreadState::Absent &&
                   !Threads[C].Joined;
      Last.Value = C;
      recordEvent(T);
      Th.Epoch++;
      if (!Valid) {
        fail(T, FindingKind::Thread,
             "pthread_join of an invalid or already joined thread (" +
                 std::to_string(Arg(0)) + ")",
             I.Loc);
        return false;
      }
      Threads[C].Joined = true;
      if (!Arg(1))
        return Ret(0);
      Th.CallVals.assign(1, Threads[C].RetVal);
      Th.CallStep = 1;
    }
    // The result store: a write event of its own where it is shared.
    if (!callWrite(T, Arg(1), P.ptrBytes(), Th.CallVals[0], true, I.Loc))
      return false;
    return Ret(0);
  }
  case Builtin::PthreadExit:
    // Also from main: the process lives on until the other threads finish.
    if (!killStack(T, 0, I.Loc))
      return false;
    finishThread(T, Arg(0));
    return false;
  case Builtin::PthreadSelf:
    return Ret(T + 1);
  case Builtin::PthreadEqual:
    return Ret(Arg(0) == Arg(1));
  case Builtin::MutexInit:
    MutexOf(Arg(0)).Owner = NoThread;
    return Ret(0);
  case Builtin::MutexDestroy:
  case Builtin::CondInit:
  case Builtin::CondDestroy:
  case Builtin::AttrNoop:
  case Builtin::Yield:
    return Ret(0);
  case Builtin::MutexLock: {
    if (!visible(T, EventKind::Lock, Arg(0), 1, I.Loc))
      return false;
    MutexOf(Arg(0)).Owner = T;
    recordEvent(T);
    Th.Epoch++;
    return Ret(0);
  }
  case Builtin::MutexTryLock: {
    if (!visible(T, EventKind::TryLock, Arg(0), 1, I.Loc))
      return false;
    MutexState &M = MutexOf(Arg(0));
    bool Ok = M.Owner == NoThread;
    if (Ok) {
      M.Owner = T;
      Th.Epoch++;
    }
    Last.Flag = Ok;
    recordEvent(T);
    if (!Ok)
      noteRead(T, Arg(0), 1);
    return Ret(Ok ? 0 : 16 /* EBUSY */);
  }
  case Builtin::MutexUnlock: {
    if (!visible(T, EventKind::Unlock, Arg(0), 1, I.Loc))
      return false;
    recordEvent(T);
    MutexState &M = MutexOf(Arg(0));
    if (M.Owner != T) {
      fail(T, FindingKind::Mutex,
           "unlock of mutex " + describeAddr(Arg(0)) + " not held by thread " +
               std::to_string(T),
           I.Loc);
      return false;
    }
    M.Owner = NoThread;
    Th.Epoch++;
    sharedWrite(Arg(0), 1, WriteKind::Release);
    return Ret(0);
  }
  case Builtin::CondWait: {
    uint64_t C = Arg(0), M = Arg(1);
    if (!visible(T, EventKind::CondWait, C, 1, I.Loc, M, 1))
      return false;
    recordEvent(T);
    MutexState &MS = MutexOf(M);
    if (MS.Owner != T) {
      fail(T, FindingKind::Mutex,
           "pthread_cond_wait with mutex " + describeAddr(M) +
               " not held by thread " + std::to_string(T),
           I.Loc);
      return false;
    }
    MS.Owner = NoThread;
    Th.Epoch++;
    sharedWrite(M, 1, WriteKind::Release);
    CondWaiters[C].push_back(T);
    Th.WaitCond = C;
    Th.WaitMutex = M;
    Ret(0);
    Th.State = ThreadState::Waiting;
    return false;
  }
  case Builtin::CondSignal:
  case Builtin::CondBroadcast: {
    uint64_t C = Arg(0);
    bool All = Ext == Builtin::CondBroadcast;
    if (!visible(T, All ? EventKind::Broadcast : EventKind::Signal, C, 1, I.Loc))
      return false;
    recordEvent(T);
    Th.Epoch++;
    std::vector<ThreadId> &W = CondWaiters[C];
    std::vector<ThreadId> Woken;
    if (All) {
      Woken.swap(W);
    } else if (!W.empty()) {
      unsigned K = std::min<unsigned>(Th.Choice, W.size() - 1);
      Woken.push_back(W[K]);
      W.erase(W.begin() + K);
      Last.Value = Woken[0] + 1;
    }
    for (ThreadId U : Woken) {
      Thread &WT = Threads[U];
      WT.State = ThreadState::Ready;
      WT.Pending = Event();
      WT.Pending.Thread = U;
      WT.Pending.Index = WT.EventCount;
      WT.Pending.Kind = EventKind::CondWake;
      WT.Pending.Addr = WT.WaitMutex;
      WT.Pending.Size = 1;
      // The wake-up is ordered after the signal: it also touches the cond.
      WT.Pending.Addr2 = WT.WaitCond;
      WT.Pending.Size2 = 1;
      const Frame &WF = WT.Frames.back();
      WT.Pending.SrcLoc = P.Functions[WF.Fn].Insts[WF.Pc - 1].Loc;
    }
    return Ret(0);
  }
  case Builtin::Assume:
    if (Arg(0) == 0) {
      assumeFailed(T);
      return false;
    }
    return Ret(0);
  case Builtin::AtomicBegin:
    if (Th.AtomicDepth == 0) {
      if (!visible(T, EventKind::AtomicBegin, 0, 0, I.Loc))
        return false;
      recordEvent(T);
      AtomicOwner = T;
      Th.UndoLog.clear();
    }
    Th.AtomicDepth++;
    return Ret(0);
  case Builtin::AtomicEnd:
    if (Th.AtomicDepth && --Th.AtomicDepth == 0) {
      AtomicOwner = NoThread;
      Th.UndoLog.clear();
    }
    return Ret(0);
  case Builtin::ReachError:
    fail(T, FindingKind::Assertion, "error function called (reach_error)", I.Loc);
    return false;
  case Builtin::Assert:
    if (Arg(0) == 0) {
      fail(T, FindingKind::Assertion, "assertion failed", I.Loc);
      return false;
    }
    return Ret(0);
  case Builtin::AssertFail: {
    std::string Expr;
    if (!readCString(T, Arg(0), Expr, I.Loc))
      return false;
    fail(T, FindingKind::Assertion, "assertion failed: " + Expr, I.Loc);
    return false;
  }
  case Builtin::NondetInt:
  case Builtin::NondetBool: {
    bool Bool = Ext == Builtin::NondetBool;
    const std::vector<int64_t> *Given = nullptr;
    if (!Opts.NondetAtLine.empty()) {
      auto It = Opts.NondetAtLine.find(P.Locs[I.Loc].Line);
      if (It != Opts.NondetAtLine.end() && !It->second.empty())
        Given = &It->second;
    }
    if (!visible(T, EventKind::Nondet, 0, 0, I.Loc)) {
      int64_t Range = Opts.NondetHi - Opts.NondetLo + 1;
      Th.NondetChoices =
          Given ? uint32_t(Given->size())
          : Bool ? 2
                 : uint32_t(std::min<int64_t>(Range, 1 << 20));
      // The draw leaves values of its type out (the verdict is bounded)
      // unless the choices cover every residue modulo 2^width.
      unsigned W = CI.RetWidth ? CI.RetWidth : 64;
      Th.Pending.Flag = !Bool && (W > 20 || Th.NondetChoices < (1u << W));
      return false;
    }
    int64_t X = Bool ? int64_t(Th.Choice) : Opts.NondetLo + int64_t(Th.Choice);
    if (Given)
      X = Bool ? (*Given)[Th.Choice] & 1
               : sextFrom(uint64_t((*Given)[Th.Choice]),
                          CI.RetWidth ? CI.RetWidth : 64);
    if (Th.ForcedNondet) {
      // As a drawn value is recorded: sign-extended from the call's width.
      unsigned W = Bool ? 1 : CI.RetWidth ? CI.RetWidth : 64;
      X = Bool ? int64_t(*Th.ForcedNondet & 1)
               : sextFrom(*Th.ForcedNondet, W);
      Th.ForcedNondet.reset();
    }
    Last.Value = uint64_t(X);
    recordEvent(T);
    Th.Epoch++;
    return Ret(uint64_t(X));
  }
  case Builtin::Malloc:
  case Builtin::Calloc: {
    uint64_t N = Arg(0);
    // A calloc whose size product overflows fails: it returns NULL (C11
    // 7.22.3.2), as glibc's does.
    if (Ext == Builtin::Calloc && __builtin_mul_overflow(Arg(0), Arg(1), &N))
      return Ret(0);
    if (N > MaxAllocation) {
      // Larger than vcdpor models: the execution is cut (a bound, not a
      // finding: a real malloc may return such an object, or NULL).
      Th.State = ThreadState::Bounded;
      Th.Cut = ObjectLimit;
      return false;
    }
    if (!chargeAllocation(N))
      return false;
    uint64_t Ptr = Mem.allocate(T, uint32_t(N), ObjectKind::Heap, I.Loc);
    if (!Ptr) {
      Th.State = ThreadState::Bounded; // out of object ids: cut, not a finding
      Th.Cut = ObjectLimit;
      return false;
    }
    Th.Epoch++;
    return Ret(Ptr);
  }
  case Builtin::Realloc: {
    uint64_t Old = Arg(0), N = Arg(1);
    if (N > MaxAllocation) {
      Th.State = ThreadState::Bounded; // as malloc above
      Th.Cut = ObjectLimit;
      return false;
    }
    if (!chargeAllocation(N))
      return false;
    uint64_t Ptr = Mem.allocate(T, uint32_t(N), ObjectKind::Heap, I.Loc);
    if (!Ptr) {
      Th.State = ThreadState::Bounded; // out of object ids: cut, not a finding
      Th.Cut = ObjectLimit;
      return false;
    }
    if (Old) {
      Object *O = Mem.resolve(Old);
      if (!O || O->Kind != ObjectKind::Heap || ptrOff(Old) || !O->Alive) {
        fail(T, FindingKind::Memory, "realloc of invalid pointer " + describeAddr(Old), I.Loc);
        return false;
      }
      Object *NO = Mem.resolve(Ptr);
      std::memcpy(NO->Bytes.data(), O->Bytes.data(), std::min<uint64_t>(N, O->Size));
      NO->Shared = O->Shared;
      O->Alive = false;
    }
    Th.Epoch++;
    return Ret(Ptr);
  }
  case Builtin::Free: {
    uint64_t Ptr = Arg(0);
    if (!Ptr)
      return Ret(0);
    Object *O = Mem.resolve(Ptr);
    if (!O || O->Kind != ObjectKind::Heap || ptrOff(Ptr)) {
      fail(T, FindingKind::Memory, "invalid free of " + describeAddr(Ptr), I.Loc);
      return false;
    }
    if (O->Shared && !visible(T, EventKind::Free, Ptr, O->Size, I.Loc))
      return false;
    if (!O->Alive) {
      if (O->Shared)
        recordEvent(T);
      fail(T, FindingKind::Memory, "double free of " + describeAddr(Ptr), I.Loc);
      return false;
    }
    O->Alive = false;
    Th.Epoch++;
    if (O->Shared) {
      recordEvent(T);
      sharedWrite(Ptr, O->Size, WriteKind::Other);
    }
    return Ret(0);
  }
  case Builtin::Memcpy:
  case Builtin::Memmove:
  case Builtin::Memset:
    if (!memIntrinsic(T, Ext == Builtin::Memset ? Op::MemSet : Op::MemCpy,
                      Arg(0), Arg(1), Arg(2), I.Loc))
      return false;
    return Ret(Arg(0));
  case Builtin::Memcmp: {
    Object *A, *B;
    uint64_t N = Arg(2);
    if (N == 0)
      return Ret(0);
    if (!readEvent(T, Arg(0), N, Arg(1), N, I.Loc))
      return false;
    if (!memRange(T, Arg(0), N, false, I.Loc, A) ||
        !memRange(T, Arg(1), N, false, I.Loc, B))
      return false;
    int C = std::memcmp(A->Bytes.data() + ptrOff(Arg(0)),
                        B->Bytes.data() + ptrOff(Arg(1)), N);
    return Ret(uint64_t(int64_t(C < 0 ? -1 : C > 0)));
  }
  case Builtin::Strlen: {
    std::string S;
    if (!readEvent(T, Arg(0), 0, 0, 0, I.Loc))
      return false;
    if (!readCString(T, Arg(0), S, I.Loc))
      return false;
    return Ret(S.size());
  }
  case Builtin::Strcmp: {
    std::string A, B;
    if (!readEvent(T, Arg(0), 0, Arg(1), 0, I.Loc))
      return false;
    if (!readCString(T, Arg(0), A, I.Loc) || !readCString(T, Arg(1), B, I.Loc))
      return false;
    int C = A.compare(B);
    return Ret(uint64_t(int64_t(C < 0 ? -1 : C > 0)));
  }
  case Builtin::Strcpy: {
    uint64_t Src = Arg(1);
    if (!readStrings(T, &Src, 1, I.Loc))
      return false;
    if (Th.CallVals.empty()) {
      // The length as read by the read event above: the copy's event, which
      // may run in a later step, covers exactly these bytes.
      std::string S;
      if (!readCString(T, Src, S, I.Loc))
        return false;
      Th.CallVals.assign(1, S.size() + 1);
    }
    if (!memIntrinsic(T, Op::MemCpy, Arg(0), Src, Th.CallVals[0], I.Loc))
      return false;
    return Ret(Arg(0));
  }
  case Builtin::Printf:
  case Builtin::Fprintf: {
    size_t FA = Ext == Builtin::Printf ? 0 : 1;
    // The format and every argument that points into shared memory (a %s
    // may read it): read events, so output follows the values of its step.
    if (NA > FA && !readStrings(T, Args + FA, NA - FA, I.Loc))
      return false;
    std::string Text;
    if (!formatPrintf(T, Arg(FA), Args, NA, CI, FA + 1, I.Loc, Text))
      return false;
    emitOutput(T, Text);
    return Ret(Text.size());
  }
  case Builtin::Puts: {
    std::string S;
    if (!readEvent(T, Arg(0), 0, 0, 0, I.Loc) ||
        !readCString(T, Arg(0), S, I.Loc))
      return false;
    emitOutput(T, S + "\n");
    return Ret(1);
  }
  case Builtin::Putchar:
  case Builtin::Putc:
    emitOutput(T, std::string(1, char(Arg(0))));
    return Ret(Arg(0) & 0xff);
  case Builtin::Fputs: {
    std::string S;
    if (!readEvent(T, Arg(0), 0, 0, 0, I.Loc) ||
        !readCString(T, Arg(0), S, I.Loc))
      return false;
    emitOutput(T, S);
    return Ret(1);
  }
  case Builtin::Strtol: {
    // Step 0 reads the string; step 1 stores the end pointer.
    if (Th.CallStep == 0) {
      std::string S;
      if (!readEvent(T, Arg(0), 0, 0, 0, I.Loc) ||
          !readCString(T, Arg(0), S, I.Loc))
        return false;
      char *E;
      long long X = strtoll(S.c_str(), &E, int(Arg(2)));
      if (!Arg(1))
        return Ret(uint64_t(X));
      Th.CallVals = {uint64_t(X), Arg(0) + uint64_t(E - S.c_str())};
      Th.CallStep = 1;
    }
    if (!callWrite(T, Arg(1), P.ptrBytes(), Th.CallVals[1], true, I.Loc))
      return false;
    return Ret(Th.CallVals[0]);
  }
  case Builtin::Fwrite: {
    uint64_t N = Arg(1) * Arg(2);
    Object *O;
    if (N && (!readEvent(T, Arg(0), N, 0, 0, I.Loc) ||
              !memRange(T, Arg(0), N, false, I.Loc, O)))
      return false;
    if (N)
      emitOutput(T, std::string(reinterpret_cast<const char *>(O->Bytes.data()) +
                                    ptrOff(Arg(0)), N));
    return Ret(Arg(2));
  }
  case Builtin::Sscanf: {
    // Steps 0 and 1 read the input and the format; then one step per
    // converted value stores it. CallVals: the count, then (address, size,
    // value) per conversion, fixed when the reads ran.
    uint64_t Strs[2] = {Arg(0), Arg(1)};
    if (Th.CallStep < 2) {
      if (!readStrings(T, Strs, 2, I.Loc))
        return false;
      std::string Str, Fmt;
      if (!readCString(T, Arg(0), Str, I.Loc) ||
          !readCString(T, Arg(1), Fmt, I.Loc))
        return false;
      // Integer conversions only: %d %i %u %x %ld %lu %lld %hd ...
      size_t SP = 0, AI = 2;
      std::vector<uint64_t> Vals{0};
      for (size_t K = 0; K < Fmt.size(); ++K) {
        if (Fmt[K] != '%') {
          if (isspace((unsigned char)Fmt[K])) {
            while (SP < Str.size() && isspace((unsigned char)Str[SP]))
              ++SP;
          } else if (SP < Str.size() && Str[SP] == Fmt[K]) {
            ++SP;
          } else {
            break;
          }
          continue;
        }
        ++K;
        unsigned Size = 4;
        while (K < Fmt.size() &&
               (Fmt[K] == 'l' || Fmt[K] == 'h' || Fmt[K] == 'z')) {
          Size = Fmt[K] == 'h' ? 2 : 8;
          ++K;
        }
        char Conv = K < Fmt.size() ? Fmt[K] : 0;
        if (!strchr("diux", Conv)) {
          fail(T, FindingKind::UnsupportedAtRuntime,
               std::string("sscanf conversion '%") + Conv + "'", I.Loc);
          return false;
        }
        while (SP < Str.size() && isspace((unsigned char)Str[SP]))
          ++SP;
        const char *B = Str.c_str() + SP;
        char *E;
        long long X = Conv == 'x' ? strtoll(B, &E, 16) : strtoll(B, &E, 10);
        if (E == B)
          break;
        SP += E - B;
        Vals.insert(Vals.end(), {Arg(AI), Size, uint64_t(X)});
        ++AI;
        ++Vals[0];
      }
      Th.CallVals = std::move(Vals);
      Th.CallStep = 2;
    }
    for (size_t K = Th.CallStep - 2; K < Th.CallVals[0]; ++K) {
      const uint64_t *C = &Th.CallVals[1 + 3 * K];
      if (!callWrite(T, C[0], uint32_t(C[1]), C[2], false, I.Loc))
        return false;
      Th.CallStep++;
    }
    return Ret(uint64_t(int64_t(Th.CallVals[0])));
  }
  case Builtin::Atoi: {
    std::string S;
    if (!readEvent(T, Arg(0), 0, 0, 0, I.Loc) ||
        !readCString(T, Arg(0), S, I.Loc))
      return false;
    return Ret(uint64_t(int64_t(atoi(S.c_str()))));
  }
  case Builtin::Ffs:
    // The lowest set bit, counted from 1; 0 for 0. Arguments are held
    // zero-extended, so one rule serves int, long and long long.
    return Ret(Arg(0) ? uint64_t(__builtin_ctzll(Arg(0))) + 1 : 0);
  case Builtin::Exit:
  case Builtin::Abort:
    return exitProcess(T, I.Loc);
  case Builtin::None:
    break;
  }
  fail(T, FindingKind::UnsupportedAtRuntime, "unsupported external call", I.Loc);
  return false;
}

} // namespace vcdpor
