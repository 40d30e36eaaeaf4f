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

ThreadId PartialOrder::addThread() {
  ThreadId New = Sizes.size();
  unsigned K = New, K1 = New + 1;
  // Re-lay every thread's entries with one more column: existing events
  // precede nothing in New and follow nothing in it.
  for (ThreadId T = 0; T < New; ++T) {
    std::vector<int32_t> S(size_t(Sizes[T]) * K1, None), P(S.size(), -1);
    for (uint32_t I = 0; I < Sizes[T]; ++I)
      for (unsigned U = 0; U < K; ++U) {
        S[size_t(I) * K1 + U] = Succ[T][size_t(I) * K + U];
        P[size_t(I) * K1 + U] = Pred[T][size_t(I) * K + U];
      }
    Succ[T] = std::move(S);
    Pred[T] = std::move(P);
  }
  Sizes.push_back(0);
  Succ.emplace_back();
  Pred.emplace_back();
  return New;
}

uint32_t PartialOrder::appendEvent(ThreadId T) {
  assert(T < numThreads());
  uint32_t Idx = Sizes[T]++;
  unsigned K = numThreads();
  // The new event precedes nothing yet, and inherits the predecessors of its
  // program-order predecessor.
  Succ[T].resize(size_t(Idx + 1) * K, None);
  std::vector<int32_t> &P = Pred[T];
  if (Idx)
    P.insert(P.end(), P.end() - K, P.end());
  else
    P.resize(K, -1);
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

  // The new relation is the old one plus down(X) x up(Y), where down(X) is
  // every event at or before X and up(Y) every event at or after Y. Read both
  // frontiers before changing anything.
  unsigned K = numThreads();
  std::vector<int32_t> Down(K), Up(K);
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
      int32_t *Succs = Succ[T].data() + S;
      for (int32_t A = Down[T]; A >= 0 && Succs[size_t(A) * K] > Up[S]; --A) {
        Succs[size_t(A) * K] = Up[S];
        if (Log)
          Log->Earlier.push_back({T, static_cast<uint32_t>(A)});
      }
      int32_t *Preds = Pred[S].data() + T;
      int32_t N = static_cast<int32_t>(Sizes[S]);
      for (int32_t B = Up[S]; B < N && Preds[size_t(B) * K] < Down[T]; ++B) {
        Preds[size_t(B) * K] = Down[T];
        if (Log)
          Log->Later.push_back({S, static_cast<uint32_t>(B)});
      }
    }
  }
  return true;
}

} // namespace vcdpor::closure
