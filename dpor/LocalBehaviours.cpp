#include "dpor/LocalBehaviours.h"
#include "dpor/Hash.h"

#include <unordered_set>

namespace vcdpor {

void LocalBehaviours::add(const std::vector<Event> &Exec) {
  // Thread ids are interned in the order an engine first meets each creation
  // path, so two engines may number one thread differently. Each id is
  // replaced by a hash of its creation path (the parent's, then which of its
  // children): in the thread's own key, in a create's or join's thread, in
  // the handle a create stores (id + 1, the creating thread's write just
  // before the create: glibc stores the id before the thread runs),
  // and in a handle read or written at a location a create stored one into.
  // Within one run this is a renaming, so the count does not change; across
  // engines equal behaviours get equal hashes. (A handle copied elsewhere,
  // or pthread_self()'s value, keeps its raw id.)
  std::vector<uint64_t> Path(1, 0x9e3779b97f4a7c15ull);
  std::vector<uint32_t> Kids(1, 0);
  // Per thread: its last event, when that was a write (else null).
  std::vector<const Event *> LastWrite;
  std::unordered_set<uint64_t> Handles;
  auto Grow = [](auto &V, size_t N) {
    if (V.size() < N)
      V.resize(N, 0);
  };
  for (const Event &E : Exec) {
    Grow(LastWrite, E.Thread + 1);
    Grow(Path, E.Thread + 1);
    Grow(Kids, E.Thread + 1);
    const Event *W = LastWrite[E.Thread];
    LastWrite[E.Thread] = E.Kind == EventKind::Write ? &E : nullptr;
    if (E.Kind != EventKind::Create)
      continue;
    if (W && (W->Size == 8 || W->Size == 4) && W->Written == E.Value + 1)
      Handles.insert(W->Addr);
    Grow(Path, E.Value + 1);
    Path[E.Value] = hashMix(Path[E.Thread], Kids[E.Thread]++);
  }
  auto Canon = [&](uint64_t T) {
    return T < Path.size() && Path[T] ? Path[T] : hashMix(0x51ed, T);
  };
  auto HandleValue = [&](uint64_t V) {
    return V >= 1 && V - 1 < Path.size() && Path[V - 1]
               ? hashMix(Path[V - 1], 0x7417)
               : V;
  };
  std::vector<uint64_t> PerThread;
  for (const Event &E : Exec) {
    if (E.Thread >= PerThread.size())
      PerThread.resize(E.Thread + 1, 0);
    uint64_t &H = PerThread[E.Thread];
    H = hashMix(H, uint64_t(E.Kind) | uint64_t(E.Flag) << 8 |
                       uint64_t(E.Size) << 16);
    uint64_t Addr = E.Addr, Value = E.Value, Written = E.Written;
    if (E.Kind == EventKind::Create || E.Kind == EventKind::Join) {
      Addr = 0; // a join's location names the thread
      Value = Canon(E.Value);
    } else if (Handles.count(E.Addr)) {
      Value = HandleValue(Value);
      Written = HandleValue(Written);
    }
    H = hashMix(H, Addr);
    H = hashMix(H, Value);
    H = hashMix(H, Written);
  }
  for (ThreadId T = 0; T < PerThread.size(); ++T)
    if (PerThread[T])
      Set.insert(hashMix(PerThread[T], Canon(T)));
}

uint64_t LocalBehaviours::digest() const {
  uint64_t D = 0;
  for (uint64_t H : Set)
    D += H;
  return D;
}

} // namespace vcdpor
