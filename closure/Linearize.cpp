//===- closure/Linearize.cpp - Witness traces of closed orders ------------===//

#include "closure/Linearize.h"

#include <unordered_map>

namespace vcdpor::closure {

namespace {

// Emits events while keeping Next[t] = the number of events of t emitted.
class Emitter {
public:
  explicit Emitter(const AnnotatedPO &A) : A(A), Next(A.numThreads(), 0) {}

  bool ready(EventId E) const {
    for (ThreadId S = 0; S < A.numThreads(); ++S)
      if (S != E.Thread &&
          A.order().latestBefore(E, S) >= static_cast<int32_t>(Next[S]))
        return false;
    return true;
  }

  // Emits leaf events until every leaf thread t has emitted its events up to
  // index Bound[t], always choosing a leaf event all of whose predecessors are
  // out (a P-minimal remaining one). The set is downward closed, so this only
  // fails on a broken order.
  bool emitLeavesUpTo(const std::vector<int32_t> &Bound) {
    for (;;) {
      bool Pending = false, Progress = false;
      for (ThreadId T = 1; T < A.numThreads(); ++T) {
        if (static_cast<int32_t>(Next[T]) > Bound[T])
          continue;
        Pending = true;
        EventId E{T, Next[T]};
        if (!ready(E))
          continue;
        emit(E);
        Progress = true;
        break;
      }
      if (!Pending)
        return true;
      if (!Progress)
        return false;
    }
  }

  void emit(EventId E) {
    assert(E.Index == Next[E.Thread]);
    ++Next[E.Thread];
    Trace.push_back(E);
  }

  const AnnotatedPO &A;
  std::vector<uint32_t> Next;
  std::vector<EventId> Trace;
};

} // namespace

Result<std::vector<EventId>> linearize(const AnnotatedPO &A) {
  if (!A.isClosed())
    return Status::error("linearize: the order is not closed");
  Emitter Em(A);
  unsigned K = A.numThreads();
  std::vector<int32_t> Bound(K, -1);
  uint32_t RootSize = K ? A.threadSize(RootThread) : 0;
  for (uint32_t I = 0; I < RootSize; ++I) {
    EventId E{RootThread, I};
    for (ThreadId T = 1; T < K; ++T)
      Bound[T] = A.order().latestBefore(E, T);
    if (!Em.emitLeavesUpTo(Bound) || !Em.ready(E))
      return Status::error("linearize: stuck before " + toString(E));
    Em.emit(E);
  }
  for (ThreadId T = 1; T < K; ++T)
    Bound[T] = static_cast<int32_t>(A.threadSize(T)) - 1;
  if (!Em.emitLeavesUpTo(Bound))
    return Status::error("linearize: stuck after the root");
  if (Status S = checkWitness(A, Em.Trace); !S)
    return Status::error("linearize produced an invalid witness: " +
                         S.message());
  return std::move(Em.Trace);
}

Status checkWitness(const AnnotatedPO &A, const std::vector<EventId> &Trace) {
  std::vector<uint32_t> Next(A.numThreads(), 0);
  constexpr EventId NoWrite{UINT32_MAX, UINT32_MAX};
  std::vector<EventId> LastWrite(A.numDenseLocations(), NoWrite);
  std::unordered_map<Location, ThreadId> Holder;
  size_t Total = 0;
  for (ThreadId T = 0; T < A.numThreads(); ++T)
    Total += A.threadSize(T);
  if (Trace.size() != Total)
    return Status::error("witness has " + std::to_string(Trace.size()) +
                         " events, the order " + std::to_string(Total));
  for (EventId E : Trace) {
    if (!A.contains(E) || E.Index != Next[E.Thread])
      return Status::error("witness breaks program order at " + toString(E));
    for (ThreadId S = 0; S < A.numThreads(); ++S)
      if (S != E.Thread &&
          A.order().latestBefore(E, S) >= static_cast<int32_t>(Next[S]))
        return Status::error("witness runs " + toString(E) +
                             " before a predecessor in thread " +
                             std::to_string(S));
    ++Next[E.Thread];
    const Event &Ev = A.event(E);
    switch (Ev.Kind) {
    case EventKind::Lock:
      if (Holder.count(Ev.Loc))
        return Status::error("witness locks a held mutex at " + toString(E));
      Holder[Ev.Loc] = E.Thread;
      continue;
    case EventKind::Unlock: {
      auto It = Holder.find(Ev.Loc);
      if (It == Holder.end() || It->second != E.Thread)
        return Status::error("witness unlocks a mutex it does not hold at " +
                             toString(E));
      Holder.erase(It);
      continue;
    }
    default:
      break;
    }
    EventId &Last = LastWrite[A.denseLocation(E)];
    if (readsMemory(Ev.Kind)) {
      if (Last == NoWrite)
        return Status::error("read " + toString(E) + " observes no write");
      if (!A.isGood(E, Last))
        return Status::error("read " + toString(E) + " observes " +
                             toString(Last) + ", not a good write");
    }
    if (writesMemory(Ev.Kind))
      Last = E;
  }
  return Status::success();
}

} // namespace vcdpor::closure
