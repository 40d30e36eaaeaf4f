#include "dpor/HbClasses.h"

#include <algorithm>
#include <numeric>

namespace vcdpor {

std::vector<std::vector<uint32_t>> vectorClocks(const std::vector<Event> &Exec,
                                                unsigned K) {
  std::vector<std::vector<uint32_t>> VC(Exec.size(), std::vector<uint32_t>(K, 0));
  std::vector<int64_t> LastOf(K, -1);   // last event of each thread so far
  std::vector<int64_t> CreatedBy(K, -1); // create event of each thread
  for (size_t I = 0; I < Exec.size(); ++I) {
    const Event &E = Exec[I];
    std::vector<uint32_t> &C = VC[I];
    if (LastOf[E.Thread] >= 0)
      C = VC[LastOf[E.Thread]];
    else if (CreatedBy[E.Thread] >= 0)
      C = VC[CreatedBy[E.Thread]];
    auto Join = [&](size_t J) {
      for (unsigned T = 0; T < K; ++T)
        C[T] = std::max(C[T], VC[J][T]);
    };
    for (size_t J = 0; J < I; ++J)
      if (eventsConflict(Exec[J], E))
        Join(J);
    if (E.Kind == EventKind::Join && E.Value < K && LastOf[E.Value] >= 0)
      Join(LastOf[E.Value]);
    if (E.Kind == EventKind::Join && E.Value < K && LastOf[E.Value] < 0 &&
        CreatedBy[E.Value] >= 0)
      Join(CreatedBy[E.Value]);
    C[E.Thread] = E.Index + 1;
    LastOf[E.Thread] = I;
    if (E.Kind == EventKind::Create && E.Value < K)
      CreatedBy[E.Value] = I;
  }
  return VC;
}

static uint64_t mix(uint64_t H, uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
  return H * 0xff51afd7ed558ccdULL;
}

HbSignature hbSignature(const std::vector<Event> &Exec, unsigned K) {
  std::vector<std::vector<uint32_t>> VC = vectorClocks(Exec, K);
  std::vector<size_t> Order(Exec.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return std::make_pair(Exec[A].Thread, Exec[A].Index) <
           std::make_pair(Exec[B].Thread, Exec[B].Index);
  });
  uint64_t H1 = 1, H2 = 2;
  for (size_t I : Order) {
    const Event &E = Exec[I];
    uint64_t Fields[] = {E.Thread, E.Index, uint64_t(E.Kind), E.Addr, E.Size,
                         E.Value, E.Written, E.Flag};
    for (uint64_t F : Fields) {
      H1 = mix(H1, F);
      H2 = mix(H2 ^ 0x5555, F * 31 + 7);
    }
    for (uint32_t X : VC[I]) {
      H1 = mix(H1, X);
      H2 = mix(H2 ^ 0x5555, X * 31 + 7);
    }
  }
  return {H1, H2};
}

} // namespace vcdpor
