//===- closure/Event.h - Events and small result types ----------*- C++ -*-===//
//
// The vocabulary shared by the closure library and its users: an event is
// named by (thread, index in that thread), has a kind, a location (a memory
// location, or a mutex for lock operations) and the value(s) it reads and
// writes. Nothing here knows about programs or LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef VCDPOR_CLOSURE_EVENT_H
#define VCDPOR_CLOSURE_EVENT_H

#include <cassert>
#include <compare>
#include <cstdint>
#include <string>
#include <utility>

namespace vcdpor::closure {

using ThreadId = uint32_t;
/// A memory location or, for Lock/Unlock, a mutex. The two name spaces are
/// separate: a lock operation never conflicts with a memory access.
using Location = uint32_t;
using Value = int64_t;

/// Thread 0 is the root thread (the paper's X1); every other thread is a leaf
/// (X2).
inline constexpr ThreadId RootThread = 0;

/// An event is identified by its thread and its position in that thread.
struct EventId {
  ThreadId Thread = 0;
  uint32_t Index = 0;

  friend bool operator==(EventId, EventId) = default;
  friend auto operator<=>(EventId, EventId) = default;
};

std::string toString(EventId E);

enum class EventKind : uint8_t {
  Read,
  Write,
  /// A read immediately followed by a write of the same location, atomically;
  /// it is one event of the partial order.
  ReadModifyWrite,
  Lock,
  Unlock,
};

const char *toString(EventKind K);

inline bool readsMemory(EventKind K) {
  return K == EventKind::Read || K == EventKind::ReadModifyWrite;
}
inline bool writesMemory(EventKind K) {
  return K == EventKind::Write || K == EventKind::ReadModifyWrite;
}
inline bool isLockOp(EventKind K) {
  return K == EventKind::Lock || K == EventKind::Unlock;
}

struct Event {
  EventKind Kind = EventKind::Read;
  Location Loc = 0;
  /// The value a Read or ReadModifyWrite observes (the paper's val).
  Value ReadValue = 0;
  /// The value a Write or ReadModifyWrite stores.
  Value WriteValue = 0;
};

/// Two memory events conflict when they access the same location and at least
/// one writes. (Lock operations are ordered by the caller, see AnnotatedPO.)
inline bool conflict(const Event &A, const Event &B) {
  if (isLockOp(A.Kind) || isLockOp(B.Kind) || A.Loc != B.Loc)
    return false;
  return writesMemory(A.Kind) || writesMemory(B.Kind);
}

/// The side of a root read (the paper's S): whether its good writes are root
/// writes (Local, S = 1) or leaf writes (Remote, S = 2).
enum class Side : uint8_t { Unset, Local, Remote };

/// Success, or an error message for the caller. Never thrown.
class [[nodiscard]] Status {
public:
  static Status success() { return Status(); }
  static Status error(std::string Message) {
    Status S;
    S.Failed = true;
    S.Message = std::move(Message);
    return S;
  }
  bool ok() const { return !Failed; }
  explicit operator bool() const { return ok(); }
  const std::string &message() const { return Message; }

private:
  bool Failed = false;
  std::string Message;
};

/// A value or an error message.
template <typename T> class [[nodiscard]] Result {
public:
  Result(T V) : Val(std::move(V)) {}
  Result(Status S) : Err(std::move(S)) { assert(!Err.ok()); }
  bool ok() const { return Err.ok(); }
  explicit operator bool() const { return ok(); }
  const std::string &error() const { return Err.message(); }
  const T &value() const & {
    assert(ok());
    return Val;
  }
  T &&value() && {
    assert(ok());
    return std::move(Val);
  }

private:
  T Val{};
  Status Err;
};

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_EVENT_H
