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
#include <utility>
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
  /// Copies pack every thread's rows (none of the space blocks left behind
  /// when they moved), with two spare rows for threads of 8 events or more.
  PartialOrder(const PartialOrder &O);
  PartialOrder &operator=(const PartialOrder &O);
  PartialOrder(PartialOrder &&) = default;
  PartialOrder &operator=(PartialOrder &&) = default;

  unsigned numThreads() const { return Th.size(); }
  uint32_t threadSize(ThreadId T) const { return Th[T].Size; }
  bool contains(EventId E) const {
    return E.Thread < numThreads() && E.Index < Th[E.Thread].Size;
  }

  /// The bytes its entries take (what a copy allocates, near enough).
  size_t bytes() const { return Data.size() * sizeof(int32_t); }

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
  /// Row form of latestBefore(): entry S is latestBefore(X, S) for every
  /// thread S other than X's own (whose entry is meaningless). Valid until
  /// the next change of the order.
  const int32_t *latestBeforeRow(EventId X) const {
    return at(X.Thread, X.Index) + Th.size();
  }
  /// The earliest index of thread T strictly after X, or None.
  int32_t earliestAfter(EventId X, ThreadId T) const {
    if (X.Thread == T)
      return X.Index + 1 < Th[T].Size ? static_cast<int32_t>(X.Index) + 1
                                      : None;
    return succ(X.Thread, T, X.Index);
  }

  /// Inserts X < Y with all its transitive consequences. Returns false, and
  /// changes nothing, if Y <= X already (the result would not be a partial
  /// order). If Log is given, the changed events are appended to it.
  bool insert(EventId X, EventId Y, ChangeLog *Log = nullptr);

  /// From now on, every insert() that adds to the order records its pair.
  /// The order is then the transitive closure of the order as it was here,
  /// program order and the pairs recorded, so a sequence that respected the
  /// order here respects it later exactly when it respects those pairs
  /// (checkWitnessSince()). Copies carry the record on. Past MaxRecorded
  /// pairs recording stops.
  void recordInserts() {
    Recorded.clear();
    Recording = true;
  }
  void stopRecording() {
    Recorded.clear();
    Recording = false;
  }
  /// The pairs inserted since recordInserts(), or null when not recording.
  const std::vector<std::pair<EventId, EventId>> *recorded() const {
    return Recording ? &Recorded : nullptr;
  }
  static constexpr size_t MaxRecorded = 256;

private:
  // Every thread's entries live in one array, so that a copy (branching
  // explorers copy orders all the time) is a single allocation. Thread t
  // owns rows Th[t].Off / Row .. + Th[t].Cap; row i holds, for each thread
  // s, succ(t, s, i) at column s and pred(t, s, i) at column K + s (K =
  // numThreads(); (i, t) is unused: program order is implicit). A thread
  // that outgrows its rows moves to the end of the array with twice as
  // many.
  struct Span {
    uint32_t Size = 0, Cap = 0;
    size_t Off = 0;
  };
  size_t row() const { return 2 * size_t(Th.size()); }
  int32_t *at(ThreadId T, uint32_t I) {
    return Data.data() + Th[T].Off + I * row();
  }
  const int32_t *at(ThreadId T, uint32_t I) const {
    return Data.data() + Th[T].Off + I * row();
  }
  int32_t succ(ThreadId T, ThreadId S, uint32_t I) const { return at(T, I)[S]; }
  int32_t pred(ThreadId T, ThreadId S, uint32_t I) const {
    return at(T, I)[Th.size() + S];
  }
  std::vector<Span> Th;
  std::vector<int32_t> Data;
  bool Recording = false;
  std::vector<std::pair<EventId, EventId>> Recorded;
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_PARTIALORDER_H
