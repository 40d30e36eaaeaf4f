//===- closure/PartialOrder.h - Partial orders over k chains ----*- C++ -*-===//
//
// A strict partial order over events that come in k thread chains. Program
// order is implicit; every other ordering is kept transitively closed in two
// arrays per ordered pair of threads (t, s), t != s:
//
//   Succ[t][s][a] = the earliest index of s that event (t, a) precedes, or
//                   None (no event of s follows it);
//   Pred[t][s][b] = the latest index of s that precedes event (t, b), or -1.
//
// Both are non-decreasing in the event index (program order), so "x before y"
// is one lookup, and inserting x -> y walks each array only while it still
// changes. Entries move one way only (Succ down, Pred up), which bounds the
// total work of any sequence of insertions by O(k^2 n^2) plus O(k^2) per call.
//
//===----------------------------------------------------------------------===//

#ifndef VCDPOR_CLOSURE_PARTIALORDER_H
#define VCDPOR_CLOSURE_PARTIALORDER_H

#include "closure/Event.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace vcdpor::closure {

class PartialOrder {
public:
  /// "No such event" for earliestAfter().
  static constexpr int32_t None = std::numeric_limits<int32_t>::max();

  /// Events whose order entries an insertion changed: `Earlier` gained
  /// successors, `Later` gained predecessors. Every pair the insertion newly
  /// orders is (e, f) with e in Earlier and f in Later. Entries may repeat.
  struct ChangeLog {
    std::vector<EventId> Earlier;
    std::vector<EventId> Later;
    void clear() {
      Earlier.clear();
      Later.clear();
    }
  };

  explicit PartialOrder(unsigned NumThreads = 0);

  unsigned numThreads() const { return Sizes.size(); }
  uint32_t threadSize(ThreadId T) const { return Sizes[T]; }
  bool contains(EventId E) const {
    return E.Thread < numThreads() && E.Index < Sizes[E.Thread];
  }

  /// Adds an empty thread and returns its id.
  ThreadId addThread();
  /// Appends an event to thread T, after all its events, ordered only by
  /// program order. Returns its index.
  uint32_t appendEvent(ThreadId T);

  /// X <_P Y.
  bool before(EventId X, EventId Y) const {
    if (X.Thread == Y.Thread)
      return X.Index < Y.Index;
    return succ(X.Thread, Y.Thread, X.Index) <= static_cast<int32_t>(Y.Index);
  }
  bool ordered(EventId X, EventId Y) const {
    return before(X, Y) || before(Y, X);
  }

  /// The latest index of thread T strictly before X, or -1.
  int32_t latestBefore(EventId X, ThreadId T) const {
    if (X.Thread == T)
      return static_cast<int32_t>(X.Index) - 1;
    return pred(X.Thread, T, X.Index);
  }
  /// The earliest index of thread T strictly after X, or None.
  int32_t earliestAfter(EventId X, ThreadId T) const {
    if (X.Thread == T)
      return X.Index + 1 < Sizes[T] ? static_cast<int32_t>(X.Index) + 1 : None;
    return succ(X.Thread, T, X.Index);
  }

  /// Inserts X < Y with all its transitive consequences. Returns false, and
  /// changes nothing, if Y <= X already (the result would not be a partial
  /// order). If Log is given, the changed events are appended to it.
  bool insert(EventId X, EventId Y, ChangeLog *Log = nullptr);

private:
  // Succ[t] and Pred[t] hold, for each event i of t and each thread s, the
  // entry (i, s) at i * numThreads() + s; (i, t) is unused (program order is
  // implicit). One array per thread keeps copies cheap: branching explorers
  // copy orders all the time.
  int32_t succ(ThreadId T, ThreadId S, uint32_t I) const {
    return Succ[T][I * Sizes.size() + S];
  }
  int32_t pred(ThreadId T, ThreadId S, uint32_t I) const {
    return Pred[T][I * Sizes.size() + S];
  }
  std::vector<uint32_t> Sizes;
  std::vector<std::vector<int32_t>> Succ;
  std::vector<std::vector<int32_t>> Pred;
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_PARTIALORDER_H
