//===- closure/AccessIndex.h - Per-thread, per-location accesses -*- C++
//-*-===//
//
// For every (thread, dense location) pair, the increasing indices of the
// thread's reads and of its writes of that location. Branching explorers copy
// annotated partial orders at every step, so the lists live as segments of
// one arena: a copy costs two allocations whatever the number of pairs. A
// full segment moves to the arena's end with twice the room; the space it
// leaves is not reused (the arena stays within twice its contents).
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CLOSURE_ACCESSINDEX_H
#define VCDPOR_CLOSURE_ACCESSINDEX_H

#include "closure/Event.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace vcdpor::closure {

class AccessIndex {
public:
  /// A read-only view of one list.
  struct List {
    const int32_t *B = nullptr, *E = nullptr;
    const int32_t *begin() const { return B; }
    const int32_t *end() const { return E; }
    bool empty() const { return B == E; }
    int32_t back() const { return E[-1]; }
    /// The first element greater than X, or end().
    const int32_t *upperBound(int32_t X) const {
      return std::upper_bound(B, E, X);
    }
  };

  /// Makes room for thread T and dense location D.
  void reserve(ThreadId T, uint32_t D) {
    if (D >= Stride)
      restride(std::max<uint32_t>(D + 1, Stride * 2));
    if (T >= Threads) {
      Threads = T + 1;
      Segs.resize(size_t(Threads) * Stride * 2);
    }
  }

  List reads(ThreadId T, uint32_t D) const { return list(T, D, 0); }
  List writes(ThreadId T, uint32_t D) const { return list(T, D, 1); }
  /// Appends index I (greater than every index in the list). reserve() first.
  void addRead(ThreadId T, uint32_t D, int32_t I) { push(seg(T, D, 0), I); }
  void addWrite(ThreadId T, uint32_t D, int32_t I) { push(seg(T, D, 1), I); }

private:
  struct Seg {
    uint32_t Begin = 0, Size = 0, Cap = 0;
  };
  size_t seg(ThreadId T, uint32_t D, unsigned K) const {
    return (size_t(T) * Stride + D) * 2 + K;
  }
  List list(ThreadId T, uint32_t D, unsigned K) const {
    if (T >= Threads || D >= Stride)
      return {};
    const Seg &S = Segs[seg(T, D, K)];
    const int32_t *B = Arena.data() + S.Begin;
    return {B, B + S.Size};
  }
  void push(size_t SI, int32_t I) {
    Seg &S = Segs[SI];
    if (S.Size == S.Cap) {
      uint32_t Cap = std::max<uint32_t>(4, S.Cap * 2);
      uint32_t Begin = Arena.size();
      Arena.resize(Arena.size() + Cap);
      std::copy(Arena.begin() + S.Begin, Arena.begin() + S.Begin + S.Size,
                Arena.begin() + Begin);
      S.Begin = Begin;
      S.Cap = Cap;
    }
    Arena[S.Begin + S.Size++] = I;
  }
  void restride(uint32_t NewStride) {
    std::vector<Seg> New(size_t(Threads) * NewStride * 2);
    for (ThreadId T = 0; T < Threads; ++T)
      for (uint32_t D = 0; D < Stride; ++D)
        for (unsigned K = 0; K < 2; ++K)
          New[(size_t(T) * NewStride + D) * 2 + K] = Segs[seg(T, D, K)];
    Segs = std::move(New);
    Stride = NewStride;
  }

  std::vector<int32_t> Arena;
  std::vector<Seg> Segs; // [(thread * Stride + location) * 2 + kind]
  uint32_t Stride = 0, Threads = 0;
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_ACCESSINDEX_H
