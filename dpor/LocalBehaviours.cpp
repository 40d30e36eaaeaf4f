#include "dpor/LocalBehaviours.h"

namespace vcdpor {

namespace {
uint64_t mix(uint64_t H, uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ull + (H << 6) + (H >> 2);
  H ^= H >> 31;
  H *= 0xbf58476d1ce4e5b9ull;
  return H ^ (H >> 29);
}
} // namespace

void LocalBehaviours::add(const std::vector<Event> &Exec) {
  std::vector<uint64_t> PerThread;
  for (const Event &E : Exec) {
    if (E.Thread >= PerThread.size())
      PerThread.resize(E.Thread + 1, 0);
    uint64_t &H = PerThread[E.Thread];
    H = mix(H,
            uint64_t(E.Kind) | uint64_t(E.Flag) << 8 | uint64_t(E.Size) << 16);
    H = mix(H, E.Addr);
    H = mix(H, E.Value);
    H = mix(H, E.Written);
  }
  for (ThreadId T = 0; T < PerThread.size(); ++T)
    if (PerThread[T])
      Set.insert(mix(PerThread[T], T));
}

uint64_t LocalBehaviours::digest() const {
  uint64_t D = 0;
  for (uint64_t H : Set)
    D += H;
  return D;
}

} // namespace vcdpor
