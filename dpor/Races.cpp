#include "dpor/Races.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace vcdpor {

namespace {

using Clock = std::vector<uint32_t>;

void join(Clock &Into, const Clock &From) {
  if (Into.size() < From.size())
    Into.resize(From.size(), 0);
  for (size_t I = 0; I < From.size(); ++I)
    Into[I] = std::max(Into[I], From[I]);
}

uint32_t at(const Clock &C, ThreadId T) { return T < C.size() ? C[T] : 0; }

/// One access kept for later checks: the latest of its kind per thread and
/// range suffices (an earlier one of the same thread is ordered before a
/// later access whenever the latest one is).
struct Access {
  uint64_t Addr;
  uint32_t Size;
  ThreadId Thread;
  uint32_t Epoch; ///< the thread's own clock entry at the access
  bool Write;
  bool Atomic;
  size_t Index;
};

class Detector {
public:
  explicit Detector(const std::vector<Event> &Exec) : Exec(Exec) {}

  std::vector<Race> run() {
    std::vector<Race> Out;
    for (size_t I = 0; I < Exec.size(); ++I) {
      const Event &E = Exec[I];
      Clock &C = clock(E.Thread);
      ++C[E.Thread];
      step(E, I, C, Out);
      Last[E.Thread] = C;
    }
    return Out;
  }

private:
  Clock &clock(ThreadId T) {
    if (T >= Clocks.size()) {
      Clocks.resize(T + 1);
      Started.resize(T + 1, false);
      Last.resize(T + 1);
    }
    Clock &C = Clocks[T];
    if (C.size() <= T)
      C.resize(T + 1, 0);
    if (!Started[T]) {
      Started[T] = true;
      // A thread starts after the event that created it.
      auto It = Creation.find(T);
      if (It != Creation.end())
        join(C, It->second);
    }
    return C;
  }

  void step(const Event &E, size_t I, Clock &C, std::vector<Race> &Out) {
    // An access inside an atomic section counts as an atomic one. Sections
    // are not ordered against each other as such: explorers take two
    // sections without conflicting accesses for independent, so that order
    // differs within a class.
    const bool Section = E.InAtomic;
    switch (E.Kind) {
    case EventKind::Create:
      Creation[ThreadId(E.Value)] = C;
      break;
    case EventKind::Join:
      if (E.Value < Last.size())
        join(C, Last[E.Value]);
      break;
    case EventKind::Lock:
    case EventKind::CondWake:
      join(C, Mutex[E.Addr]);
      break;
    case EventKind::TryLock:
      if (E.Flag)
        join(C, Mutex[E.Addr]);
      break;
    case EventKind::Unlock:
      Mutex[E.Addr] = C;
      break;
    case EventKind::CondWait:
      Mutex[E.Addr2] = C;
      break;
    case EventKind::Read:
    case EventKind::Write:
    case EventKind::Rmw: {
      MaxSize = std::max<uint64_t>({MaxSize, E.Size, E.Size2});
      const bool Atomic = E.Atomic || Section;
      const bool Reads = E.Kind != EventKind::Write;
      if (Reads && Atomic) {
        // An atomic read observes the last write of its location before it:
        // it synchronises with that write if it was atomic.
        auto It = Released.find(E.Addr);
        if (It != Released.end() && It->second.first == E.Size)
          join(C, It->second.second);
      }
      if (E.Kind != EventKind::Read) {
        if (Atomic)
          Released[E.Addr] = {E.Size, C};
        else
          clearReleased(E.Addr, E.Size);
      }
      check(E.Addr, E.Size, E.Thread, C, E.Kind != EventKind::Read, Atomic, I,
            Out);
      // A block copy reads its source too.
      if (E.Kind == EventKind::Write && E.Addr2)
        check(E.Addr2, E.Size2, E.Thread, C, false, false, I, Out);
      break;
    }
    default:
      break;
    }
  }

  void clearReleased(uint64_t Addr, uint32_t Size) {
    uint64_t From = Addr >= MaxSize ? Addr - MaxSize + 1 : 0;
    for (auto It = Released.lower_bound(From);
         It != Released.end() && It->first < Addr + Size;)
      It = overlaps(It->first, It->second.first, Addr, Size)
               ? Released.erase(It)
               : std::next(It);
  }

  /// Checks the access against earlier accesses of its bytes, adds every
  /// one it races with to Out (not only the first: which of several racing
  /// accesses comes first depends on the linearization, not on the class),
  /// then keeps it.
  void check(uint64_t Addr, uint32_t Size, ThreadId T, const Clock &C,
             bool Write, bool Atomic, size_t I, std::vector<Race> &Out) {
    if (!Size)
      return;
    // Accesses are kept by start address; one that overlaps [Addr, Addr +
    // Size) starts less than MaxSize bytes before it.
    uint64_t From = Addr >= MaxSize ? Addr - MaxSize + 1 : 0;
    for (auto It = Kept.lower_bound(From);
         It != Kept.end() && It->first < Addr + Size; ++It)
      for (const Access &A : It->second) {
        if (A.Thread == T || (!A.Write && !Write) || (A.Atomic && Atomic) ||
            !overlaps(A.Addr, A.Size, Addr, Size))
          continue;
        if (at(C, A.Thread) >= A.Epoch)
          continue; // A happens before this access
        Out.push_back(Race{A.Index, I});
      }
    std::vector<Access> &V = Kept[Addr];
    Access New{Addr, Size, T, C[T], Write, Atomic, I};
    for (Access &A : V)
      if (A.Thread == T && A.Size == Size && A.Write == Write &&
          A.Atomic == Atomic) {
        A = New;
        return;
      }
    V.push_back(New);
  }

  const std::vector<Event> &Exec;
  std::vector<Clock> Clocks, Last;
  std::vector<bool> Started;
  std::unordered_map<ThreadId, Clock> Creation;
  std::unordered_map<uint64_t, Clock> Mutex;
  /// The clock of the last write of a location when it was atomic (by
  /// start address, with its size).
  std::map<uint64_t, std::pair<uint32_t, Clock>> Released;
  std::map<uint64_t, std::vector<Access>> Kept;
  uint64_t MaxSize = 1;
};

} // namespace

std::vector<Race> findRaces(const std::vector<Event> &Exec) {
  return Detector(Exec).run();
}

} // namespace vcdpor
