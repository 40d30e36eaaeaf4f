#include "dpor/LocalBehaviours.h"
#include "dpor/Hash.h"

namespace vcdpor {

void LocalBehaviours::add(const std::vector<Event> &Exec) {
  std::vector<uint64_t> PerThread;
  for (const Event &E : Exec) {
    if (E.Thread >= PerThread.size())
      PerThread.resize(E.Thread + 1, 0);
    uint64_t &H = PerThread[E.Thread];
    H = hashMix(H, uint64_t(E.Kind) | uint64_t(E.Flag) << 8 |
                       uint64_t(E.Size) << 16);
    H = hashMix(H, E.Addr);
    H = hashMix(H, E.Value);
    H = hashMix(H, E.Written);
  }
  for (ThreadId T = 0; T < PerThread.size(); ++T)
    if (PerThread[T])
      Set.insert(hashMix(PerThread[T], T));
}

uint64_t LocalBehaviours::digest() const {
  uint64_t D = 0;
  for (uint64_t H : Set)
    D += H;
  return D;
}

} // namespace vcdpor
