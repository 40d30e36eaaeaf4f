//===- interpreter/Rebase.cpp - Running saved events in another order -----===//
//
// A saved state (save()) keeps every thread's state and the log of shared
// writes, each with its value and the event that made it. rebase() returns
// to it and redoes those writes in another order of the same events: as
// every read returns what it returned before (the caller's guarantee), the
// threads compute what they computed, and only memory, the write log and
// the positions the read log keeps in it depend on the order.
//
//===----------------------------------------------------------------------===//
#include "interpreter/Executor.h"

namespace vcdpor {

struct Executor::Snapshot final : SystemState {
  explicit Snapshot(const ExecutorState &State) : S(State) {
    // S.WriteLog's entries by thread: thread U's are
    // WritesOf[Begin[U], Begin[U + 1]), in order.
    Begin.assign(S.Threads.size() + 1, 0);
    for (const Write &W : S.WriteLog)
      ++Begin[W.Thread + 1];
    for (size_t U = 1; U < Begin.size(); ++U)
      Begin[U] += Begin[U - 1];
    WritesOf.resize(S.WriteLog.size());
    std::vector<uint32_t> At(Begin.begin(), Begin.end() - 1);
    for (uint32_t I = 0; I < S.WriteLog.size(); ++I)
      WritesOf[At[S.WriteLog[I].Thread]++] = I;
  }
  ExecutorState S;
  std::vector<uint32_t> Begin, WritesOf;
};

size_t Executor::stateBytes() const {
  size_t B = sizeof(ExecutorState) + Mem.bytes() +
             WriteLog.size() * sizeof(Write) + WriteBytes.size();
  for (const Thread &Th : Threads)
    B += sizeof(Thread) + Th.Frames.size() * sizeof(Frame) +
         8 * (Th.Regs.size() + Th.Allocas.size() + Th.Tls.size()) +
         Th.Loops.size() * sizeof(LoopState) +
         Th.ReadLog.size() * sizeof(Thread::Read) +
         Th.UndoLog.size() * sizeof(Undo) +
         16 * (Th.Await.size() + Th.Woken.size());
  for (const auto &[K, V] : Mutexes)
    B += 32 + sizeof(K) + sizeof(V);
  return B;
}

std::shared_ptr<const SystemState> Executor::save(size_t MaxBytes) const {
  if (SomeAwait || SpinIterations || Unstarted || HasFinding || ProcessExited ||
      Interrupted || AtomicOwner != NoThread || !Output.empty() ||
      !CondWaiters.empty())
    return nullptr;
  // (A thread waiting on a condition is in CondWaiters.)
  for (const Thread &Th : Threads)
    if (Th.AtomicDepth)
      return nullptr;
  for (const Write &W : WriteLog)
    if (W.Kind == WriteKind::Other)
      return nullptr;
  size_t Bytes = stateBytes();
  if (Bytes > MaxBytes)
    return nullptr;
  auto S =
      std::make_shared<Snapshot>(static_cast<const ExecutorState &>(*this));
  S->Bytes = Bytes;
  return S;
}

void Executor::redo(const Snapshot &Sn, const std::vector<EventRef> &V) {
  const std::vector<Write> &Log = Sn.S.WriteLog;
  for (auto [U, K] : V) {
    // A thread's reads and writes are logged in its event order, and an
    // event's reads before its writes.
    auto &RL = Threads[U].ReadLog;
    for (uint32_t &R = RCur[U]; R < RL.size() && RL[R].Event == K; ++R)
      RL[R].WritesBefore = WriteLog.size();
    for (uint32_t &W = WCur[U];
         W < Sn.Begin[U + 1] && Log[Sn.WritesOf[W]].Event == K; ++W) {
      const Write &X = Log[Sn.WritesOf[W]];
      if (Object *O = Mem.resolve(X.Addr)) {
        if (X.Kind == WriteKind::Store)
          Memory::store(*O, ptrOff(X.Addr), X.Size, X.Value);
        else if (X.Kind == WriteKind::Block)
          std::memcpy(O->Bytes.data() + ptrOff(X.Addr),
                      WriteBytes.data() + X.Value, X.Size);
      }
      WriteLog.push_back(X);
    }
  }
}

const Event *Executor::rebase(const SystemState &St,
                              const std::vector<EventRef> &Before, ThreadId T,
                              unsigned Choice, std::optional<uint64_t> Value,
                              const std::vector<EventRef> &After) {
  const auto *Sn = dynamic_cast<const Snapshot *>(&St);
  if (!Sn)
    return nullptr;
  const ExecutorState &S = Sn->S;
  const size_t NT = S.Threads.size();
  RCur.assign(NT, 0); // here: each thread's next event
  for (const auto *V : {&Before, &After})
    for (auto [U, K] : *V) {
      if (U >= NT || K != RCur[U])
        return nullptr;
      ++RCur[U];
    }
  for (size_t U = 0; U < NT; ++U)
    if (RCur[U] != S.Threads[U].EventCount)
      return nullptr;
  if (T >= NT)
    return nullptr;
  static_cast<ExecutorState &>(*this) = S;
  if (state(T) != ThreadState::Ready)
    return nullptr;
  WCur.assign(Sn->Begin.begin(), Sn->Begin.end() - 1);
  RCur.assign(NT, 0);
  WriteLog.clear();
  redo(*Sn, Before);
  const Event &P = Threads[T].Pending;
  // Mutexes are as the saved events leave them: where After releases the
  // one T's lock or trylock takes, Before leaves it held (WCur now marks
  // each thread's first write of After).
  if (P.Kind == EventKind::Lock || P.Kind == EventKind::TryLock)
    for (size_t U = 0; U < NT; ++U)
      for (uint32_t W = WCur[U]; W < Sn->Begin[U + 1]; ++W) {
        const Write &X = S.WriteLog[Sn->WritesOf[W]];
        if (X.Kind == WriteKind::Release && X.Addr == P.Addr)
          return nullptr;
      }
  // Memory holds what the events of After wrote too, until they are redone
  // below: T's read must find what it reads after Before alone.
  if (Value) {
    Object *O = Mem.resolve(P.Addr);
    if (!O || !O->Alive || P.Size > 8 || ptrOff(P.Addr) + P.Size > O->Size)
      return nullptr;
    Memory::store(*O, ptrOff(P.Addr), P.Size, *Value);
  }
  const Event &E = step(T, Choice);
  // A spin loop T entered waits for writes; those of After would wake it
  // (sharedWrite()), which redo() does not do.
  if (SomeAwait && !After.empty())
    return nullptr;
  redo(*Sn, After);
  return &E;
}

} // namespace vcdpor
