//===- closure/PartialOrder.cpp - Partial orders over k chains ------------===//

#include "closure/PartialOrder.h"

#include <algorithm>

namespace vcdpor::closure {

std::string toString(EventId E) {
  // Appending (rather than chaining operator+) sidesteps a GCC 12 -Wrestrict
  // false positive.
  std::string S = "(";
  S.append(std::to_string(E.Thread)).append(",");
  S.append(std::to_string(E.Index)).append(")");
  return S;
}

const char *toString(EventKind K) {
  switch (K) {
  case EventKind::Read:
    return "read";
  case EventKind::Write:
    return "write";
  case EventKind::ReadModifyWrite:
    return "rmw";
  case EventKind::Lock:
    return "lock";
  case EventKind::Unlock:
    return "unlock";
  }
  return "?";
}

PartialOrder::PartialOrder(unsigned NumThreads) {
  for (unsigned I = 0; I < NumThreads; ++I)
    addThread();
}

PartialOrder::PartialOrder(const PartialOrder &O)
    : Th(O.Th), Recording(O.Recording), Recorded(O.Recorded) {
  // A copy is usually made to append a few events, and a thread that
  // outgrows its rows moves them all: long threads get two spare rows.
  auto Slack = [](uint32_t Size) { return Size >= 8 ? 2u : 0u; };
  const size_t Row = O.row();
  size_t Total = 0;
  for (const Span &S : O.Th)
    Total += (S.Size + Slack(S.Size)) * Row;
  Data.reserve(Total);
  for (ThreadId T = 0; T < Th.size(); ++T) {
    Th[T].Off = Data.size();
    Th[T].Cap = Th[T].Size + Slack(Th[T].Size);
    Data.insert(Data.end(), O.Data.begin() + O.Th[T].Off,
                O.Data.begin() + O.Th[T].Off + O.Th[T].Size * Row);
    Data.resize(Data.size() + (Th[T].Cap - Th[T].Size) * Row);
  }
}

PartialOrder &PartialOrder::operator=(const PartialOrder &O) {
  if (this != &O)
    *this = PartialOrder(O);
  return *this;
}

ThreadId PartialOrder::addThread() {
  ThreadId New = Th.size();
  size_t K = New, K1 = New + 1;
  // Re-lay every thread's rows with one more column on each side: existing
  // events precede nothing in New and follow nothing in it.
  std::vector<int32_t> D;
  std::vector<Span> S(K1);
  for (ThreadId T = 0; T < New; ++T) {
    S[T] = {Th[T].Size, Th[T].Size, D.size()};
    for (uint32_t I = 0; I < Th[T].Size; ++I) {
      const int32_t *R = at(T, I);
      D.insert(D.end(), R, R + K);
      D.push_back(None);
      D.insert(D.end(), R + K, R + 2 * K);
      D.push_back(-1);
    }
  }
  S[New].Off = D.size();
  Th = std::move(S);
  Data = std::move(D);
  return New;
}

uint32_t PartialOrder::appendEvent(ThreadId T) {
  assert(T < numThreads());
  size_t K = numThreads(), Row = row();
  if (Th[T].Size == Th[T].Cap) {
    // Move the thread's rows to the end with room to grow.
    uint32_t Cap = std::max<uint32_t>(4, 2 * Th[T].Cap);
    size_t Off = Data.size();
    Data.resize(Off + Cap * Row);
    std::copy(Data.begin() + Th[T].Off,
              Data.begin() + Th[T].Off + Th[T].Size * Row, Data.begin() + Off);
    Th[T].Off = Off;
    Th[T].Cap = Cap;
  }
  uint32_t Idx = Th[T].Size++;
  // The new event precedes nothing yet, and inherits the predecessors of its
  // program-order predecessor.
  int32_t *R = at(T, Idx);
  std::fill(R, R + K, None);
  if (Idx)
    std::copy(R - Row + K, R, R + K);
  else
    std::fill(R + K, R + Row, -1);
  return Idx;
}

bool PartialOrder::insert(EventId X, EventId Y, ChangeLog *Log) {
  assert(contains(X) && contains(Y));
  if (X.Thread == Y.Thread)
    return X.Index < Y.Index;
  if (before(X, Y))
    return true;
  if (before(Y, X))
    return false;
  if (Recording) {
    if (Recorded.size() < MaxRecorded)
      Recorded.push_back({X, Y});
    else
      stopRecording();
  }

  // The new relation is the old one plus down(X) x up(Y), where down(X) is
  // every event at or before X and up(Y) every event at or after Y. Read both
  // frontiers before changing anything.
  unsigned K = numThreads();
  // On the stack unless the threads are many: insertions are frequent.
  constexpr unsigned Small = 32;
  int32_t Buf[2 * Small];
  std::vector<int32_t> Heap(K > Small ? 2 * K : 0);
  int32_t *Down = K > Small ? Heap.data() : Buf, *Up = Down + K;
  for (ThreadId T = 0; T < K; ++T) {
    Down[T] =
        T == X.Thread ? static_cast<int32_t>(X.Index) : latestBefore(X, T);
    Up[T] = T == Y.Thread ? static_cast<int32_t>(Y.Index) : earliestAfter(Y, T);
  }

  for (ThreadId T = 0; T < K; ++T) {
    if (Down[T] < 0)
      continue;
    for (ThreadId S = 0; S < K; ++S) {
      if (S == T || Up[S] == None)
        continue;
      // Because the arrays are monotone, the walk stops at the first entry
      // that already holds.
      const size_t Row = row();
      int32_t *Succs = at(T, 0) + S;
      for (int32_t A = Down[T]; A >= 0 && Succs[A * Row] > Up[S]; --A) {
        Succs[A * Row] = Up[S];
        if (Log)
          Log->Earlier.push_back({T, static_cast<uint32_t>(A)});
      }
      int32_t *Preds = at(S, 0) + K + T;
      int32_t N = static_cast<int32_t>(Th[S].Size);
      for (int32_t B = Up[S]; B < N && Preds[B * Row] < Down[T]; ++B) {
        Preds[B * Row] = Down[T];
        if (Log)
          Log->Later.push_back({S, static_cast<uint32_t>(B)});
      }
    }
  }
  return true;
}

} // namespace vcdpor::closure
