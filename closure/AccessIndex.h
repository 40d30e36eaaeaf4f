//===- closure/AccessIndex.h - Per-thread, per-location accesses -*- C++-*-===//
//
// For every (thread, dense location) pair, the increasing indices of the
// thread's reads and of its writes of that location. Only the pairs with an
// access get a list, in one Lists arena, so that a copy costs three
// allocations whatever the number of threads and locations.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CLOSURE_ACCESSINDEX_H
#define VCDPOR_CLOSURE_ACCESSINDEX_H

#include "closure/Event.h"
#include "closure/Lists.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace vcdpor::closure {

class AccessIndex {
public:
  /// A read-only view of one list.
  struct List : Lists<int32_t>::View {
    /// The first element greater than X, or end().
    const int32_t *upperBound(int32_t X) const {
      return std::upper_bound(begin(), end(), X);
    }
  };

  /// Makes room for thread T and dense location D.
  void reserve(ThreadId T, uint32_t D) {
    if (D >= Stride) {
      uint32_t New = std::max<uint32_t>(D + 1, Stride * 2);
      std::vector<uint32_t> Re(size_t(Threads) * New * 2, 0);
      for (ThreadId U = 0; U < Threads; ++U)
        std::copy_n(ListOf.begin() + slot(U, 0, 0), size_t(Stride) * 2,
                    Re.begin() + (size_t(U) * New) * 2);
      ListOf = std::move(Re);
      Stride = New;
    }
    if (T >= Threads) {
      Threads = T + 1;
      ListOf.resize(size_t(Threads) * Stride * 2, 0);
    }
  }

  List reads(ThreadId T, uint32_t D) const { return list(T, D, 0); }
  List writes(ThreadId T, uint32_t D) const { return list(T, D, 1); }
  /// Appends index I (greater than every index in the list). reserve() first.
  void addRead(ThreadId T, uint32_t D, int32_t I) { push(slot(T, D, 0), I); }
  void addWrite(ThreadId T, uint32_t D, int32_t I) { push(slot(T, D, 1), I); }

private:
  size_t slot(ThreadId T, uint32_t D, unsigned K) const {
    return (size_t(T) * Stride + D) * 2 + K;
  }
  List list(ThreadId T, uint32_t D, unsigned K) const {
    if (T >= Threads || D >= Stride || !ListOf[slot(T, D, K)])
      return {};
    return {L[ListOf[slot(T, D, K)] - 1]};
  }
  void push(size_t Slot, int32_t I) {
    if (!ListOf[Slot]) {
      L.grow(L.size() + 1);
      ListOf[Slot] = L.size();
    }
    L.push(ListOf[Slot] - 1, I);
  }

  Lists<int32_t> L;
  /// [(thread * Stride + location) * 2 + kind]: 1 + the pair's list in L, or
  /// 0 while the pair has no access.
  std::vector<uint32_t> ListOf;
  uint32_t Stride = 0, Threads = 0;
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_ACCESSINDEX_H
