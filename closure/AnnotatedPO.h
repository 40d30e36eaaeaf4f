//===- closure/AnnotatedPO.h - Annotated partial orders ---------*- C++ -*-===//
//
// An annotated partial order (X1, X2, P, val, S, GoodW) in the sense of
// section 4 of the VC-DPOR paper, and its closure.
//
//   X1      the events of the root thread (thread 0); X2 those of the leaves;
//   P       program order plus the edges added with addEdge() (and, after
//           close(), the orderings the closure inferred);
//   val     each event's ReadValue/WriteValue;
//   S       the side of each root read (Local: it reads a root write; Remote:
//           a leaf write);
//   GoodW   the writes each read may observe, set with setGoodWrites() or, in
//           reads-from mode, setReadsFrom().
//
// Usage (all a VC-DPOR engine needs):
//
//   AnnotatedPO A(NumThreads);
//   EventId W = A.addWrite(1, X, 7);          // append events to threads
//   EventId R = A.addRead(0, X, 7);
//   A.setGoodWrites(R, {W}, Side::Remote);    // annotate every read
//   A.addEdge(U, L);                          // e.g. an unlock -> lock grant
//   if (Status S = A.validate(); !S) ...      // well-formedness, items 1-6
//   ClosureResult C = A.close();              // the closure, or bottom
//   Result<std::vector<EventId>> T = linearize(A);  // see Linearize.h
//
// close() is incremental: the object remembers which reads may violate a
// closure rule (because they, an edge or a write near them are new) and
// re-examines only those. Closing, then adding one read (or one edge, or one
// write) and closing again costs only the work the addition causes. Copy the
// object to branch; after close() returns bottom the object stays infeasible.
//
// Initial values are not implicit: a read that must observe an initial value
// needs an explicit write for it (e.g. at the start of the root thread,
// ordered before each leaf's first event).
//
// Locks: Lock/Unlock events carry a mutex in Loc. They take no part in the
// rules; the caller orders them (an unlock -> next lock grant is an ordinary
// edge) and validate() checks that the orders given make every linearization
// mutually exclusive.
//
//===----------------------------------------------------------------------===//

#ifndef VCDPOR_CLOSURE_ANNOTATEDPO_H
#define VCDPOR_CLOSURE_ANNOTATEDPO_H

#include "closure/AccessIndex.h"
#include "closure/Event.h"
#include "closure/Lists.h"
#include "closure/PartialOrder.h"
#include "closure/RoomyVector.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace vcdpor::closure {

/// The outcome of AnnotatedPO::close().
struct ClosureResult {
  /// False means bottom: no linearization observes only good writes.
  bool Feasible = true;
  /// For bottom: the read whose rule could not be satisfied, and why.
  EventId Culprit;
  std::string Reason;
  explicit operator bool() const { return Feasible; }
};

/// Counters over the lifetime of one AnnotatedPO (copied with it).
struct ClosureStats {
  uint64_t ReadsExamined = 0;
  uint64_t Rule1Edges = 0;
  uint64_t Rule2Edges = 0;
  uint64_t Rule3Edges = 0;
  uint64_t edges() const { return Rule1Edges + Rule2Edges + Rule3Edges; }
};

struct AnnotatedPOOptions {
  /// Reads-from mode: every read has exactly one good write (a reads-from
  /// annotation). Values are then not compared and the side of a root read
  /// follows from its write.
  bool ReadsFrom = false;
};

class AnnotatedPO {
public:
  using Options = AnnotatedPOOptions;

  explicit AnnotatedPO(unsigned NumThreads, Options Opts = Options());

  // --- Building ------------------------------------------------------------

  unsigned numThreads() const { return PO.numThreads(); }
  ThreadId addThread();
  uint32_t threadSize(ThreadId T) const { return PO.threadSize(T); }
  bool contains(EventId E) const { return PO.contains(E); }

  /// Appends an event at the end of thread T, ordered only by program order.
  EventId addEvent(ThreadId T, const Event &E);
  EventId addRead(ThreadId T, Location L, Value V) {
    return addEvent(T, {EventKind::Read, L, V, 0});
  }
  EventId addWrite(ThreadId T, Location L, Value V) {
    return addEvent(T, {EventKind::Write, L, 0, V});
  }
  EventId addRMW(ThreadId T, Location L, Value Read, Value Written) {
    return addEvent(T, {EventKind::ReadModifyWrite, L, Read, Written});
  }
  EventId addLock(ThreadId T, Location Mutex) {
    return addEvent(T, {EventKind::Lock, Mutex, 0, 0});
  }
  EventId addUnlock(ThreadId T, Location Mutex) {
    return addEvent(T, {EventKind::Unlock, Mutex, 0, 0});
  }

  /// Reserves room for Extra more events in total, so that appending them to
  /// a fresh copy does not reallocate the per-event arrays.
  void reserve(unsigned Extra);

  /// Orders From before To. Fails if either is unknown or To <= From already.
  Status addEdge(EventId From, EventId To);

  /// Sets GoodW(R). S is required for root reads and ignored for leaf reads.
  /// Value and side consistency are checked by validate().
  Status setGoodWrites(EventId R, std::vector<EventId> Good,
                       Side S = Side::Unset);
  /// Reads-from annotation: GoodW(R) = {W}, side derived from W.
  Status setReadsFrom(EventId R, EventId W);

  // --- Inspection ----------------------------------------------------------

  const Event &event(EventId E) const { return Slots[flat(E)].E; }
  /// Memory locations are numbered densely in the order first seen: their
  /// count, and the number of a memory event's location (UINT32_MAX for a
  /// lock operation).
  uint32_t numDenseLocations() const { return DenseLoc.size(); }
  uint32_t denseLocation(EventId E) const { return Slots[flat(E)].DenseLoc; }
  /// What a witness check needs of one event, found with one lookup.
  struct EventInfo {
    const Event *E;
    uint32_t DenseLoc;                // as denseLocation()
    const std::vector<EventId> *Good; // reads: GoodW, sorted; else null
  };
  EventInfo info(EventId E) const {
    const Slot &S = Slots[flat(E)];
    return {&S.E, S.DenseLoc,
            S.ReadSlot < 0 ? nullptr : &Reads[S.ReadSlot].good()};
  }
  /// GoodW(R), sorted.
  const std::vector<EventId> &goodWrites(EventId R) const;
  bool isGood(EventId R, EventId W) const;
  Side side(EventId R) const { return Reads[readSlot(R)].S; }
  const Options &options() const { return Opts; }
  const PartialOrder &order() const { return PO; }
  /// PartialOrder::recordInserts() and stopRecording() of the order.
  void recordInserts() { PO.recordInserts(); }
  void stopRecording() { PO.stopRecording(); }

  bool before(EventId X, EventId Y) const { return PO.before(X, Y); }
  bool ordered(EventId X, EventId Y) const { return PO.ordered(X, Y); }

  /// Items 1-6 of the definition (1-3 hold by construction), plus the lock
  /// discipline. Read-only; O(n k log n).
  Status validate() const;

  /// The paper's VisibleW_P(R), MinW_P(R), MaxW_P(R) under the current order.
  /// They rely on Mwidth(P|X2) = 1 (validate() first).
  std::vector<EventId> visibleWrites(EventId R) const;
  std::vector<EventId> minimalWrites(EventId R) const;
  std::vector<EventId> maximalWrites(EventId R) const;

  /// The index of the last write to L in thread T at or before index I, or -1.
  /// O(log n).
  int32_t lastWriteAtOrBefore(ThreadId T, Location L, int32_t I) const;

  // --- Closure -------------------------------------------------------------

  /// Refines the order into the closure, or reports bottom. Examines only the
  /// reads marked since the last call (all reads, the first time).
  ClosureResult close();
  /// True when the last close() succeeded and nothing was added since.
  bool isClosed() const { return !Infeasible && Pending.empty(); }
  bool isInfeasible() const { return Infeasible; }
  /// Marks every read for re-examination (for testing and benchmarking a
  /// from-scratch closure of an already refined order).
  void markAllReads();
  const ClosureStats &stats() const { return Stats; }

  /// Gives this object good-write sets of its own: copies share them (and
  /// their reference counts) otherwise, which costs where copies live on
  /// different threads.
  void unshare();

private:
  struct ReadInfo {
    EventId Id;
    // Sorted; immutable once set, so copies of the order share it.
    std::shared_ptr<const std::vector<EventId>> GoodSet;
    Side S = Side::Unset;
    bool Annotated = false;
    const std::vector<EventId> &good() const {
      static const std::vector<EventId> None;
      return GoodSet ? *GoodSet : None;
    }
  };
  // The neighbourhood of one read: A is the last write before it on its own
  // side (root/leaf), B the last before it on the other side, ULast the
  // P-latest write unordered with it (always on the other side).
  struct ReadView {
    std::optional<EventId> A, B, UFirst, ULast;
    bool AVisible = false, BVisible = false;
  };
  // What examining a read found.
  struct Verdict {
    enum KindT { Holds, Insert, Bottom } Kind = Holds;
    EventId From, To;
    int Rule = 0;
  };

  uint32_t flat(EventId E) const {
    assert(contains(E));
    return FlatIds.at(E.Thread, E.Index);
  }
  uint32_t readSlot(EventId R) const;
  uint32_t denseLoc(Location L) const;
  int32_t lastWriteAtOrBeforeDense(ThreadId T, uint32_t D, int32_t I) const;
  bool sameSide(ThreadId A, ThreadId B) const {
    return (A == RootThread) == (B == RootThread);
  }
  EventId laterOf(std::optional<EventId> X, EventId Y) const {
    return X && !before(*X, Y) ? *X : Y;
  }
  EventId earlierOf(std::optional<EventId> X, EventId Y) const {
    return X && !before(Y, *X) ? *X : Y;
  }

  ReadView view(EventId R) const;
  /// MinW (Max = false) or MaxW (Max = true) of read R.
  std::vector<EventId> extremalWrites(EventId R, bool Max) const;
  Verdict examine(EventId R) const;
  // Inserts X < Y and marks the reads the insertion may affect.
  void insertAndMark(EventId X, EventId Y);
  void markRead(uint32_t Flat);
  // Marks the reads of L that are not before any of the given writes of L.
  void markReadsNotBefore(Location L, const std::vector<EventId> &Writes);
  Status validateAnnotation(const ReadInfo &RI) const;
  Status validateMwidth() const;
  Status validateLocks() const;

  Options Opts;
  PartialOrder PO;
  // What is known of each event, by flat id (the order events were added).
  struct Slot {
    Event E;
    EventId Id;
    int32_t ReadSlot = -1;          // index in Reads, or -1
    uint32_t DenseLoc = UINT32_MAX; // memory events only
    uint8_t InPending = 0;          // mirrors membership of Pending
  };
  Lists<uint32_t> FlatIds; // [thread][index] -> flat id
  RoomyVector<Slot> Slots; // by flat id
  RoomyVector<ReadInfo> Reads;
  // Memory locations only, sorted by location: (location, dense id).
  std::vector<std::pair<Location, uint32_t>> DenseLoc;
  AccessIndex Acc; // [thread][dense loc]: reads, writes

  // Reads that may violate a rule (flat ids).
  std::vector<uint32_t> Pending;
  bool Infeasible = false;
  ClosureStats Stats;
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_ANNOTATEDPO_H
