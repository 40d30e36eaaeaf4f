//===- closure/RoomyVector.h - Vectors whose copies keep room ---*- C++ -*-===//
//
// Branching explorers copy a node to append an event or two to it. A copy of
// a std::vector has no room to spare, so the first append copies it again;
// a RoomyVector's copy keeps room for a few elements more.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CLOSURE_ROOMYVECTOR_H
#define VCDPOR_CLOSURE_ROOMYVECTOR_H

#include <vector>

namespace vcdpor::closure {

template <typename T> class RoomyVector : public std::vector<T> {
public:
  static constexpr size_t Room = 4;

  RoomyVector() = default;
  RoomyVector(const RoomyVector &O) { copyFrom(O); }
  RoomyVector &operator=(const RoomyVector &O) {
    if (this != &O) {
      this->clear();
      copyFrom(O);
    }
    return *this;
  }
  RoomyVector(RoomyVector &&) = default;
  RoomyVector &operator=(RoomyVector &&) = default;

private:
  void copyFrom(const RoomyVector &O) {
    this->reserve(O.size() + Room);
    this->insert(this->end(), O.begin(), O.end());
  }
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_ROOMYVECTOR_H
