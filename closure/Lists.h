//===- closure/Lists.h - Growable lists sharing one array -------*- C++ -*-===//
//
// A sequence of growable lists whose elements live in one array, so that a
// copy costs two allocations however many lists there are: branching
// explorers copy their nodes (and the orders in them) at every branch.
//
// List L owns the slots Seg[L].Begin .. + Seg[L].Cap of the array. A full
// list moves to the array's end, where it grows as the array does; the space
// it leaves is reclaimed only by a copy, which packs every list tightly.
// Appending to any list may move the array: views and pointers into it do
// not survive a push().
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CLOSURE_LISTS_H
#define VCDPOR_CLOSURE_LISTS_H

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace vcdpor::closure {

template <typename T> class Lists {
  static_assert(std::is_trivially_copyable_v<T>,
                "elements are moved around as raw slots");

public:
  /// A read-only view of one list, valid until the next push().
  struct View {
    const T *B = nullptr, *E = nullptr;
    const T *begin() const { return B; }
    const T *end() const { return E; }
    size_t size() const { return E - B; }
    bool empty() const { return B == E; }
    const T &operator[](size_t I) const {
      assert(I < size());
      return B[I];
    }
    const T &front() const { return *B; }
    const T &back() const { return E[-1]; }
  };

  Lists() = default;
  explicit Lists(size_t NumLists) : Segs(NumLists) {}
  /// Packs every list; the array keeps room for the longest list to move
  /// to its end and grow by a few, so that the pushes a copy is usually made
  /// for do not copy the array once more.
  Lists(const Lists &O) : Segs(O.Segs) {
    uint32_t Total = 0, Longest = 0;
    for (const Seg &S : Segs) {
      Total += S.Size;
      Longest = std::max(Longest, S.Size);
    }
    Data.reserve(Total + Longest + 4);
    for (Seg &S : Segs) {
      uint32_t Begin = Data.size();
      if (S.Size)
        Data.insert(Data.end(), O.Data.begin() + S.Begin,
                    O.Data.begin() + S.Begin + S.Size);
      S.Begin = Begin;
      S.Cap = S.Size;
    }
  }
  Lists &operator=(const Lists &O) {
    if (this != &O)
      *this = Lists(O);
    return *this;
  }
  Lists(Lists &&) = default;
  Lists &operator=(Lists &&) = default;

  /// The number of lists.
  size_t size() const { return Segs.size(); }
  /// Grows to N lists (the new ones empty); never shrinks.
  void grow(size_t N) {
    if (N > Segs.size())
      Segs.resize(N);
  }

  View operator[](size_t L) const {
    assert(L < Segs.size());
    const T *B = Data.data() + Segs[L].Begin;
    return {B, B + Segs[L].Size};
  }
  size_t size(size_t L) const { return Segs[L].Size; }
  T &at(size_t L, size_t I) {
    assert(L < Segs.size() && I < Segs[L].Size);
    return Data[Segs[L].Begin + I];
  }
  const T &at(size_t L, size_t I) const {
    assert(L < Segs.size() && I < Segs[L].Size);
    return Data[Segs[L].Begin + I];
  }

  void push(size_t L, const T &V) {
    assert(L < Segs.size());
    Seg &S = Segs[L];
    if (S.Size < S.Cap) {
      Data[S.Begin + S.Size++] = V;
      return;
    }
    if (S.Begin + S.Cap != Data.size())
      moveToEnd(S);
    // The last list grows in place, as the array does.
    Data.push_back(V);
    ++S.Size;
    ++S.Cap;
  }
  /// Empties list L (its slots stay with it).
  void clear(size_t L) { Segs[L].Size = 0; }
  /// Makes room for Extra more elements of list L: until they are pushed,
  /// pushes to L do not move it, whatever is pushed to the other lists.
  void reserve(size_t L, uint32_t Extra) {
    Seg &S = Segs[L];
    if (S.Cap - S.Size >= Extra)
      return;
    if (S.Begin + S.Cap != Data.size())
      moveToEnd(S);
    Data.resize(S.Begin + S.Size + Extra);
    S.Cap = S.Size + Extra;
  }

private:
  // Invariant: Data.size() is the largest Begin + Cap; the list that ends
  // there is the last list, which grows with the array.
  struct Seg {
    uint32_t Begin = 0, Size = 0, Cap = 0;
  };
  void moveToEnd(Seg &S) {
    uint32_t Begin = Data.size();
    for (uint32_t I = 0; I < S.Size; ++I)
      Data.push_back(Data[S.Begin + I]); // safe if push_back reallocates
    S.Begin = Begin;
    S.Cap = S.Size;
  }

  std::vector<Seg> Segs;
  std::vector<T> Data;
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_LISTS_H
