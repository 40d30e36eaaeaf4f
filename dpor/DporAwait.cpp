//===- dpor/DporAwait.cpp - Wakers in Source/Optimal-DPOR ----------------===//
//
// What woke a thread: the signal or broadcast that ended a condition wait,
// the writes that can end a spin loop (and, for loops over several
// locations, the rival writes that could have ended it first); and whether
// a mutex is still held when the execution ends.
//
//===----------------------------------------------------------------------===//
#include "dpor/DporRun.h"

#include <cassert>

namespace vcdpor::dpor {

const Clock &Run::withWaker(const Event &Wake, size_t Pos, int64_t Wait,
                            const Clock &Base, Clock &Out) const {
  auto It = ByObject.find(uint32_t(Wake.Addr2 >> 32));
  if (Wait < 0 || It == ByObject.end())
    return Base;
  for (size_t K : It->second) {
    const Event &S = Ev[K];
    if (K <= size_t(Wait) || K >= Pos || S.Addr != Wake.Addr2)
      continue;
    if (S.Kind == EventKind::Broadcast ||
        (S.Kind == EventKind::Signal && S.Value == Wake.Thread + 1))
      return joined(Base, K, Out);
  }
  return Base;
}

std::vector<std::pair<uint64_t, uint32_t>>
Run::spinsWokenBy(const Event &W) const {
  std::vector<std::pair<uint64_t, uint32_t>> Out;
  if (!eventKindWrites(W.Kind))
    return Out;
  for (ThreadId U = 0; U < Sys.numThreads(); ++U) {
    if (U == W.Thread)
      continue;
    std::vector<std::pair<uint64_t, uint32_t>> A = Sys.awaited(U);
    if (A.size() < 2)
      continue;
    bool Hit = false;
    for (auto [Addr, Size] : A)
      Hit |= overlaps(Addr, Size, W.Addr, W.Size);
    if (Hit)
      Out.insert(Out.end(), A.begin(), A.end());
  }
  return Out;
}

bool Run::writesAny(const Event &E,
                    const std::vector<std::pair<uint64_t, uint32_t>> &Locs) {
  if (!eventKindWrites(E.Kind))
    return false;
  for (auto [Addr, Size] : Locs)
    if (overlaps(Addr, Size, E.Addr, E.Size))
      return true;
  return false;
}

bool Run::heldAtEnd(uint64_t Mutex) const {
  auto It = ByObject.find(uint32_t(Mutex >> 32));
  if (It == ByObject.end())
    return false;
  for (auto K = It->second.rbegin(); K != It->second.rend(); ++K) {
    const Event &E = Ev[*K];
    if (E.Kind == EventKind::Unlock && E.Addr == Mutex)
      return false;
    if (E.Kind == EventKind::CondWait && E.Addr2 == Mutex)
      return false;
    if (isAcquire(E) && E.Addr == Mutex)
      return true;
  }
  return false;
}

void Run::rivalWakers(const std::vector<size_t> &Wakers, size_t First,
                      size_t Pos) {
  assert(First < Pos && Pos < Ev.size() && "the re-read follows its waker");
  for (size_t K : Wakers) {
    if (K == First || eventsConflict(Ev[First], Ev[K]) || hb(First, Clocks[K]))
      continue; // conflicting writes race as usual
    race(First, Ev[K], K, clockBefore(K), 1, &Ev[Pos]);
  }
}

std::vector<size_t> Run::awaitWakers(size_t Pos, ThreadId T) const {
  std::vector<size_t> Out;
  for (auto [A, S] : AwaitOf.at(Pos)) {
    // The first write of each awaited range, and the writes after it that
    // conflict with none before them (other bytes of the range: a string a
    // library call reads, written a character at a time by two threads):
    // each of those could have come first and woken the thread instead.
    size_t Begin = Out.size();
    forWakingWrites(A, S, Pos, T, [&](size_t K) {
      for (size_t J = Begin; J < Out.size(); ++J)
        if (eventsConflict(Ev[Out[J]], Ev[K]))
          return true;
      Out.push_back(K);
      return false;
    });
  }
  return Out;
}

} // namespace vcdpor::dpor
