//===- dpor/Hash.h - Mixing values into signatures ---------------*- C++ -*-===//
#ifndef VCDPOR_DPOR_HASH_H
#define VCDPOR_DPOR_HASH_H

#include <cstdint>

namespace vcdpor {

/// Folds V into the running hash H (splitmix-style finaliser); order
/// matters, so signatures must feed values in a canonical order.
inline uint64_t hashMix(uint64_t H, uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ull + (H << 6) + (H >> 2);
  H ^= H >> 31;
  H *= 0xbf58476d1ce4e5b9ull;
  return H ^ (H >> 29);
}

} // namespace vcdpor

#endif
