#include "dpor/VhbClasses.h"
#include "dpor/Hash.h"

#include <algorithm>
#include <map>

namespace vcdpor {

ThreadId defaultRoot(const std::vector<Event> &Exec) {
  for (const Event &E : Exec)
    if (E.Thread == 0 && E.Kind == EventKind::Create)
      return ThreadId(E.Value);
  return 0;
}

std::pair<uint64_t, uint64_t>
vhbSignature(const std::vector<Event> &Exec, ThreadId Root,
             const std::function<bool(uint64_t)> &Unread) {
  struct PerLoc {
    ThreadId LastWriter = NoThread; // NoThread: the initial value
    std::vector<std::pair<ThreadId, uint32_t>> LeafWrites;
    uint32_t LeafWriteCount = 0;
  };
  std::map<uint64_t, PerLoc> Locs;
  std::map<uint64_t, std::vector<std::pair<ThreadId, uint32_t>>> Mutexes;
  // Per thread, in program order: the event and what the class keeps of its
  // position (a root read's side, a leaf read's count of leaf writes before).
  std::vector<std::vector<uint64_t>> PerThread;
  for (const Event &E : Exec) {
    if (PerThread.size() <= E.Thread)
      PerThread.resize(E.Thread + 1);
    std::vector<uint64_t> &P = PerThread[E.Thread];
    P.push_back(uint64_t(E.Kind) | uint64_t(E.Flag) << 8);
    P.push_back(E.Addr);
    P.push_back(E.Value);
    P.push_back(E.Written);
    bool Leaf = E.Thread != Root;
    switch (E.Kind) {
    case EventKind::Read:
    case EventKind::Write:
    case EventKind::Rmw: {
      PerLoc &L = Locs[E.Addr];
      if (E.Kind != EventKind::Write) {
        if (!Leaf)
          P.push_back(L.LastWriter == Root ? 1 : 2);
        else
          P.push_back(L.LeafWriteCount);
      }
      if (E.Kind != EventKind::Read) {
        L.LastWriter = E.Thread;
        if (Leaf && !(E.Kind == EventKind::Write && Unread && Unread(E.Addr))) {
          L.LeafWrites.push_back({E.Thread, E.Index});
          ++L.LeafWriteCount;
        }
      }
      break;
    }
    case EventKind::TryLock:
      if (!E.Flag) {
        // A failed trylock is placed by the grant interval it fell in, not
        // ordered against other failed attempts.
        P.push_back(Mutexes[E.Addr].size());
        break;
      }
      [[fallthrough]];
    case EventKind::Lock:
    case EventKind::Unlock:
    case EventKind::CondWake: // re-acquires the mutex
    case EventKind::Signal:
    case EventKind::Broadcast:
      Mutexes[E.Addr].push_back({E.Thread, E.Index});
      break;
    case EventKind::CondWait: // on the condition, and releases the mutex
      Mutexes[E.Addr].push_back({E.Thread, E.Index});
      Mutexes[E.Addr2].push_back({E.Thread, E.Index});
      break;
    default:
      break;
    }
  }
  uint64_t H1 = 0x243f6a8885a308d3ull, H2 = 0x13198a2e03707344ull;
  auto Add = [&](uint64_t V) {
    H1 = hashMix(H1, V);
    H2 = hashMix(H2 ^ 0x5bd1e995, V);
  };
  for (ThreadId T = 0; T < PerThread.size(); ++T) {
    Add(0xfeed0000 + T);
    for (uint64_t V : PerThread[T])
      Add(V);
  }
  for (const auto &[A, L] : Locs) {
    Add(A);
    for (auto [T, I] : L.LeafWrites) {
      Add(T);
      Add(I);
    }
  }
  for (const auto &[A, Ops] : Mutexes) {
    Add(A);
    for (auto [T, I] : Ops) {
      Add(T);
      Add(I);
    }
  }
  return {H1, H2};
}

} // namespace vcdpor
