//===- dpor/Event.h - The event model shared by every engine ---*- C++ -*-===//
//
// Events are the visible operations of a checked program. They carry no LLVM
// types: locations are opaque 64-bit addresses (object id in the high half,
// byte offset in the low half) that the system under test can describe.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_EVENT_H
#define VCDPOR_DPOR_EVENT_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vcdpor {

/// Threads are named by their creation path (parent, k-th child); the system
/// interns each path to a dense id that is stable across executions, so the
/// same thread has the same id in every execution. Thread 0 is main.
using ThreadId = uint32_t;
constexpr ThreadId NoThread = ~0u;

enum class EventKind : uint8_t {
#define VCDPOR_EVENT(Name, Spelling, Writes) Name,
#include "dpor/EventKinds.def"
};

std::string_view eventKindName(EventKind K);
/// True when an event of this kind may modify its location.
bool eventKindWrites(EventKind K);

/// An executed (or pending) visible operation. (Thread, Index) identifies the
/// event across executions: Index counts the thread's visible events.
struct Event {
  ThreadId Thread = 0;
  uint32_t Index = 0;
  EventKind Kind = EventKind::Read;
  /// Success of a trylock or cmpxchg: for Rmw, true when it was a successful
  /// cmpxchg (never an atomicrmw); for Read, true when it was a failed one.
  bool Flag = false;
  /// A C11 atomic access (atomic load, store, RMW or cmpxchg): never part of
  /// a data race with another atomic access.
  bool Atomic = false;
  uint32_t Size = 0;  ///< bytes accessed; 0 for events without a location
  uint64_t Addr = 0;  ///< location: memory address, mutex or condition
  uint64_t Addr2 = 0; ///< second location: a wait's mutex, a memcpy source
  uint32_t Size2 = 0;
  uint64_t Value = 0;   ///< value read / chosen / thread created or joined
  uint64_t Written = 0; ///< value written (Write, Rmw)
  uint32_t SrcLoc = 0;  ///< source-location id, described by the system
  /// Inside an atomic section (no other thread runs until it ends).
  bool InAtomic = false;
};

/// Whether the SA bytes at A and the SB bytes at B share a byte (same
/// object; empty ranges share none).
bool overlaps(uint64_t A, uint32_t SA, uint64_t B, uint32_t SB);

/// Two events conflict when they touch the same location and at least one
/// may write it (every synchronisation kind counts as writing its mutex;
/// two joins of one thread, located at its handle, conflict too).
bool eventsConflict(const Event &A, const Event &B);

enum class FindingKind : uint8_t {
#define VCDPOR_FINDING(Name, Spelling) Name,
#include "dpor/FindingKinds.def"
};
std::string_view findingKindName(FindingKind K);

struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  std::string Function;
};

/// An error found in the checked program, with the interleaving leading to it.
struct Finding {
  FindingKind Kind = FindingKind::Assertion;
  std::string Message;
  ThreadId Thread = 0;
  uint32_t SrcLoc = 0;
  size_t Step = 0; ///< steps executed when it happened: the trace's length
};

} // namespace vcdpor

#endif
