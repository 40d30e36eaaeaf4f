//===- dpor/Hash.h - Mixing values into signatures ---------------*- C++ -*-===//
#ifndef VCDPOR_DPOR_HASH_H
#define VCDPOR_DPOR_HASH_H

#include <cstdint>
#include <utility>

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

/// A 128-bit signature of values fed in order: two lanes with constants of
/// their own (for sets whose order is not canonical, feed a PairSum).
struct Sig128 {
  uint64_t H1 = 0x243f6a8885a308d3ull, H2 = 0x13198a2e03707344ull;
  void add(uint64_t V) {
    H1 = hashMix(H1, V);
    H2 = hashMix(H2 ^ 0x5bd1e995, V);
  }
  void add2(uint64_t A, uint64_t B) {
    H1 = hashMix2(H1, A, B);
    H2 = hashMix2(H2, A ^ 0x8ebc6af09c88c6e3ull, B ^ 0x589965cc75374cc3ull);
  }
  std::pair<uint64_t, uint64_t> value() const { return {H1, H2}; }
};

/// An order-free signature of a set of ordered pairs (A, B): sums of two
/// hashes of each pair.
struct PairSum {
  uint64_t S1 = 0, S2 = 0;
  void add(uint64_t A, uint64_t B) {
    S1 += hashMix(hashMix(0x51ed270b27b5u, A), B);
    S2 += hashMix(hashMix(0x2545f4914f6cu, B), A);
  }
};

} // namespace vcdpor

#endif
