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
  Sizes.push_back(0);
  for (ThreadId T = 0; T < New; ++T) {
    // Existing events of T precede nothing in New and follow nothing in it.
    Succ[T].emplace_back(Sizes[T], None);
    Pred[T].emplace_back(Sizes[T], -1);
  }
  Succ.emplace_back(New + 1);
  Pred.emplace_back(New + 1);
  return New;
}

uint32_t PartialOrder::appendEvent(ThreadId T) {
  assert(T < numThreads());
  uint32_t Idx = Sizes[T]++;
  for (ThreadId S = 0; S < numThreads(); ++S) {
    if (S == T)
      continue;
    // The new event precedes nothing yet, and inherits the predecessors of
    // its program-order predecessor.
    Succ[T][S].push_back(None);
    Pred[T][S].push_back(Idx ? Pred[T][S][Idx - 1] : -1);
  }
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
      std::vector<int32_t> &Succs = Succ[T][S];
      for (int32_t A = Down[T]; A >= 0 && Succs[A] > Up[S]; --A) {
        Succs[A] = Up[S];
        if (Log)
          Log->Earlier.push_back({T, static_cast<uint32_t>(A)});
      }
      std::vector<int32_t> &Preds = Pred[S][T];
      int32_t N = static_cast<int32_t>(Sizes[S]);
      for (int32_t B = Up[S]; B < N && Preds[B] < Down[T]; ++B) {
        Preds[B] = Down[T];
        if (Log)
          Log->Later.push_back({S, static_cast<uint32_t>(B)});
      }
    }
  }
  return true;
}

} // namespace vcdpor::closure
