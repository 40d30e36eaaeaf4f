//===- closure/Linearize.cpp - Witness traces of closed orders ------------===//

#include "closure/Linearize.h"

#include <algorithm>
#include <cstring>

namespace vcdpor::closure {

namespace {

// Whether Before[S] < Next[S] for every S < K: four lanes at a time and
// without branches, since nearly every call finds all predecessors out.
bool allBelow(const int32_t *Before, const int32_t *Next, unsigned K) {
  using V4 = int32_t __attribute__((vector_size(16)));
  V4 Bad = {0, 0, 0, 0};
  unsigned S = 0;
  for (; S + 4 <= K; S += 4) {
    V4 B, N;
    std::memcpy(&B, Before + S, sizeof B);
    std::memcpy(&N, Next + S, sizeof N);
    Bad |= B >= N;
  }
  int32_t Tail = 0;
  for (; S < K; ++S)
    Tail |= Before[S] >= Next[S];
  return !(Bad[0] | Bad[1] | Bad[2] | Bad[3] | Tail);
}

// The first thread S other than Own whose events up to Before[S] (an event's
// latestBeforeRow()) are not all out, Next[S] of them being out; K if none.
ThreadId waitsOn(const int32_t *Before, ThreadId Own,
                 const std::vector<int32_t> &Next) {
  const ThreadId K = Next.size();
  // Own's entry is meaningless: where it alone fails, the scan below
  // skips it.
  if (allBelow(Before, Next.data(), K))
    return K;
  for (ThreadId S = 0; S < K; ++S)
    if (S != Own && Before[S] >= Next[S])
      return S;
  return K;
}

size_t numEvents(const AnnotatedPO &A) {
  size_t Total = 0;
  for (ThreadId T = 0; T < A.numThreads(); ++T)
    Total += A.threadSize(T);
  return Total;
}

// Emits events while keeping Next[t] = the number of events of t emitted.
class Emitter {
public:
  explicit Emitter(const AnnotatedPO &A)
      : A(A), K(A.numThreads()), Next(K, 0), Wait(K) {}

  bool ready(EventId E) const {
    return waitsOn(A.order().latestBeforeRow(E), E.Thread, Next) == K;
  }

  // Emits leaf events until every leaf thread t has emitted its events up to
  // index Bound[t], always choosing the lowest-numbered leaf thread whose next
  // event has all its predecessors out (a P-minimal remaining one). The set is
  // downward closed, so this only fails on a broken order.
  bool emitLeavesUpTo(const std::vector<int32_t> &Bound) {
    for (;;) {
      bool Pending = false, Progress = false;
      for (ThreadId T = 1; T < K; ++T) {
        if (Next[T] > Bound[T])
          continue;
        Pending = true;
        if (!headReady(T))
          continue;
        emit({T, uint32_t(Next[T])});
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
    assert(int32_t(E.Index) == Next[E.Thread]);
    ++Next[E.Thread];
    Trace.push_back(E);
  }

  const AnnotatedPO &A;
  const unsigned K;
  std::vector<int32_t> Next;
  std::vector<EventId> Trace;

private:
  // Why thread T's next event (its event Index) cannot run yet: event Need
  // of thread On precedes it and is not out. It stays blocked while
  // Next[On] <= Need, so most re-checks are one comparison.
  struct Blocker {
    uint32_t Index = UINT32_MAX;
    ThreadId On = 0;
    int32_t Need = -1;
  };
  std::vector<Blocker> Wait;

  bool headReady(ThreadId T) {
    Blocker &B = Wait[T];
    if (int32_t(B.Index) == Next[T] && Next[B.On] <= B.Need)
      return false;
    const int32_t *Before = A.order().latestBeforeRow({T, uint32_t(Next[T])});
    ThreadId S = waitsOn(Before, T, Next);
    if (S == K)
      return true;
    B = {uint32_t(Next[T]), S, Before[S]};
    return false;
  }
};

// checkWitness(); CheckOrder: also that the trace respects P (the emitter
// above only emits events whose predecessors are out, so linearize() skips
// that part).
Status checkTrace(const AnnotatedPO &A, const std::vector<EventId> &Trace,
                  bool CheckOrder) {
  const unsigned K = A.numThreads();
  std::vector<int32_t> Next(K, 0);
  constexpr EventId NoWrite{UINT32_MAX, UINT32_MAX};
  std::vector<EventId> LastWrite(A.numDenseLocations(), NoWrite);
  // Held mutexes and their holders: few at a time.
  std::vector<std::pair<Location, ThreadId>> Holder;
  const size_t Total = numEvents(A);
  if (Trace.size() != Total)
    return Status::error("witness has " + std::to_string(Trace.size()) +
                         " events, the order " + std::to_string(Total));
  for (EventId E : Trace) {
    if (!A.contains(E) || int32_t(E.Index) != Next[E.Thread])
      return Status::error("witness breaks program order at " + toString(E));
    if (CheckOrder) {
      ThreadId S = waitsOn(A.order().latestBeforeRow(E), E.Thread, Next);
      if (S != K)
        return Status::error("witness runs " + toString(E) +
                             " before a predecessor in thread " +
                             std::to_string(S));
    }
    ++Next[E.Thread];
    const AnnotatedPO::EventInfo In = A.info(E);
    const Event &Ev = *In.E;
    auto Held = [&] {
      return std::find_if(Holder.begin(), Holder.end(),
                          [&](const auto &H) { return H.first == Ev.Loc; });
    };
    switch (Ev.Kind) {
    case EventKind::Lock:
      if (Held() != Holder.end())
        return Status::error("witness locks a held mutex at " + toString(E));
      Holder.push_back({Ev.Loc, E.Thread});
      continue;
    case EventKind::Unlock: {
      auto It = Held();
      if (It == Holder.end() || It->second != E.Thread)
        return Status::error("witness unlocks a mutex it does not hold at " +
                             toString(E));
      Holder.erase(It);
      continue;
    }
    default:
      break;
    }
    EventId &Last = LastWrite[In.DenseLoc];
    if (readsMemory(Ev.Kind)) {
      if (Last == NoWrite)
        return Status::error("read " + toString(E) + " observes no write");
      assert(In.Good && "a read without a read slot");
      if (!std::binary_search(In.Good->begin(), In.Good->end(), Last))
        return Status::error("read " + toString(E) + " observes " +
                             toString(Last) + ", not a good write");
    }
    if (writesMemory(Ev.Kind))
      Last = E;
  }
  return Status::success();
}

} // namespace

Result<std::vector<EventId>> linearize(const AnnotatedPO &A) {
  if (!A.isClosed())
    return Status::error("linearize: the order is not closed");
  Emitter Em(A);
  unsigned K = A.numThreads();
  Em.Trace.reserve(numEvents(A));
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
  if (Status S = checkTrace(A, Em.Trace, /*CheckOrder=*/false); !S)
    return Status::error("linearize produced an invalid witness: " +
                         S.message());
  return std::move(Em.Trace);
}

Status checkWitness(const AnnotatedPO &A, const std::vector<EventId> &Trace) {
  return checkTrace(A, Trace, /*CheckOrder=*/true);
}

Status checkWitnessSince(const AnnotatedPO &A,
                         const std::vector<EventId> &Trace) {
  const auto *Pairs = A.order().recorded();
  if (!Pairs)
    return checkWitness(A, Trace);
  // Every event once, in program order: positions are then defined.
  if (Status S = checkTrace(A, Trace, /*CheckOrder=*/false); !S)
    return S;
  const unsigned K = A.numThreads();
  std::vector<uint32_t> First(K + 1, 0);
  for (ThreadId T = 0; T < K; ++T)
    First[T + 1] = First[T] + A.threadSize(T);
  std::vector<uint32_t> Pos(First[K]);
  for (uint32_t I = 0; I < Trace.size(); ++I)
    Pos[First[Trace[I].Thread] + Trace[I].Index] = I;
  for (const auto &[X, Y] : *Pairs)
    if (Pos[First[X.Thread] + X.Index] > Pos[First[Y.Thread] + Y.Index])
      return Status::error("witness runs " + toString(Y) + " before " +
                           toString(X));
  return Status::success();
}

} // namespace vcdpor::closure
