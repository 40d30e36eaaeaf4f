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

/// Folds two values into the running hash H at once: one 64x64->128-bit
/// multiply, folded (wyhash's mixing round). Cheaper per value than
/// hashMix(); order matters here too. The constants keep a zero operand
/// from zeroing the product for the small values signatures feed.
inline uint64_t hashMix2(uint64_t H, uint64_t A, uint64_t B) {
  __uint128_t P =
      __uint128_t(A ^ 0xa0761d6478bd642full) * (B ^ H ^ 0xe7037ed1a0b428dbull);
  return uint64_t(P) ^ uint64_t(P >> 64);
}

} // namespace vcdpor

#endif
