//===- interpreter/Memory.h - Objects addressed by (object, offset) -*- C++ -*-===//
//
// Memory is a set of objects, each with exact bounds and lifetime. Object ids
// are deterministic across re-executions: globals are numbered by the module,
// dynamic objects by (owning thread, per-thread allocation count).
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_MEMORY_H
#define VCDPOR_INTERPRETER_MEMORY_H

#include "dpor/Event.h"
#include "interpreter/Program.h"

#include <cstdint>
#include <cstring>
#include <deque>
#include <utility>
#include <string>
#include <vector>

namespace vcdpor {

struct Object {
  std::vector<uint8_t> Bytes;
  uint32_t Size = 0;
  ObjectKind Kind = ObjectKind::Heap;
  bool Alive = false;
  /// Reachable by another thread: accesses are visible events. Globals are
  /// shared from the start; dynamic objects once their address escapes.
  bool Shared = false;
  bool ReadOnly = false;
  uint32_t Site = 0; ///< global index, or index into Program::SiteNames / Locs
  uint32_t Flat = 0; ///< ILP32: the object's address (Program.h)
  /// Offsets where pointers were stored while the object was local: when it
  /// becomes shared, the objects they point to become shared too.
  std::vector<uint32_t> PtrSlots;
};

constexpr unsigned MaxThreads = 2048;
constexpr unsigned MaxObjectsPerThread = 1u << 20;

inline uint32_t dynamicId(ThreadId T, uint32_t Seq) {
  return DynamicIdBit | (T << 20) | Seq;
}

class Memory {
public:
  explicit Memory(const Program &P);
  /// Restores the initial state: globals re-initialised, no dynamic objects.
  void reset();

  /// The object a pointer designates, or null (null pointer, function,
  /// integer that is no address, object never allocated).
  const Object *resolve(uint64_t Ptr) const {
    uint32_t Id = ptrObj(Ptr);
    if (Id & DynamicIdBit) {
      uint32_t T = (Id >> 20) & (MaxThreads - 1), Seq = Id & (MaxObjectsPerThread - 1);
      if (T >= Dyn.size() || Seq >= DynCount[T])
        return nullptr;
      return &Dyn[T][Seq];
    }
    if (Id >= FirstGlobalId && Id - FirstGlobalId < Globals.size())
      return &Globals[Id - FirstGlobalId];
    return nullptr;
  }
  Object *resolve(uint64_t Ptr) {
    return const_cast<Object *>(std::as_const(*this).resolve(Ptr));
  }
  /// Allocates a zero-filled object owned by thread T.
  uint64_t allocate(ThreadId T, uint32_t Size, ObjectKind Kind, uint32_t Site);
  /// Reuses the ids of thread T's most recent allocations while they are
  /// dead, unshared stack objects (a returning frame's locals), so loops that
  /// call functions do not exhaust the id space. Newest is the newest object
  /// a live frame still holds (0: none): one whose lifetime.end made it dead
  /// comes alive again at its lifetime.start, so its id stays.
  void reclaimStack(ThreadId T, uint64_t Newest) {
    uint32_t Keep = 0;
    if (Newest && (ptrObj(Newest) & DynamicIdBit))
      Keep = (ptrObj(Newest) & (MaxObjectsPerThread - 1)) + 1;
    while (T < Dyn.size() && DynCount[T] > Keep) {
      Object &O = Dyn[T][DynCount[T] - 1];
      if (O.Kind != ObjectKind::Stack || O.Alive || O.Shared)
        break;
      --DynCount[T];
    }
  }

  /// ILP32 (Program::Ptr32): the 32-bit address of an (object, offset)
  /// pointer, and back (a plain integer where no object is).
  uint32_t flatPointer(uint64_t Ptr) const;
  uint64_t unflatPointer(uint32_t A) const;
  /// A pointer as memory holds it: its address in ILP32, itself otherwise.
  uint64_t toMemory(uint64_t Ptr) const {
    return P->Ptr32 ? flatPointer(Ptr) : Ptr;
  }
  uint64_t fromMemory(uint64_t V) const {
    return P->Ptr32 ? unflatPointer(uint32_t(V)) : V;
  }
  /// The pointer stored at Off of O (Program::ptrBytes() bytes).
  uint64_t loadPointer(const Object &O, uint32_t Off) const {
    return fromMemory(load(O, Off, P->ptrBytes()));
  }

  /// About how many bytes a copy of this memory takes.
  size_t bytes() const;

  static uint64_t load(const Object &O, uint32_t Off, uint32_t Size) {
    uint64_t V = 0;
    std::memcpy(&V, O.Bytes.data() + Off, Size);
    return V;
  }
  static void store(Object &O, uint32_t Off, uint32_t Size, uint64_t V) {
    std::memcpy(O.Bytes.data() + Off, &V, Size);
  }

private:
  const Program *P; // a pointer: memories are assigned (Executor::rebase())
  std::vector<Object> Globals;
  std::vector<std::deque<Object>> Dyn; // deques: objects never move
  std::vector<uint32_t> DynCount;
};

} // namespace vcdpor

#endif
