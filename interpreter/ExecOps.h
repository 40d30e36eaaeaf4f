//===- interpreter/ExecOps.h - Value-level semantics of instructions -*- C++ -*-===//
//
// Pure functions over 64-bit slots: integer values are zero-extended to
// their width W; floats are bit patterns. The executor calls these; they
// never touch memory or threads.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_EXECOPS_H
#define VCDPOR_INTERPRETER_EXECOPS_H

#include "interpreter/Program.h"

#include <cstdint>

namespace vcdpor {

inline uint64_t maskTo(uint64_t V, unsigned W) {
  return W >= 64 ? V : V & ((uint64_t(1) << W) - 1);
}
inline int64_t sextFrom(uint64_t V, unsigned W) {
  if (W >= 64)
    return int64_t(V);
  unsigned S = 64 - W;
  return int64_t(V << S) >> S;
}

/// Integer binary operation. Sets Err (1: division by zero, 2: signed
/// overflow in division) and returns 0 on a trapping case.
uint64_t evalIntBinary(Op O, unsigned W, uint64_t A, uint64_t B, int &Err);
uint64_t evalFloatBinary(Op O, unsigned W, uint64_t A, uint64_t B);
bool evalICmp(IPred P, unsigned W, uint64_t A, uint64_t B);
bool evalFCmp(FPred P, unsigned W, uint64_t A, uint64_t B);
uint64_t evalCast(Op O, unsigned W, unsigned W2, uint64_t A);
/// Integer and floating intrinsics (Abs .. FFma, except overflow ops).
uint64_t evalIntrinsic(Op O, unsigned W, uint64_t A, uint64_t B, uint64_t C);
/// {result, overflow} of AddOvf/SubOvf/MulOvf.
uint64_t evalOverflow(Op O, bool Signed, unsigned W, uint64_t A, uint64_t B,
                      bool &Ovf);
uint64_t evalRmw(RmwOp O, unsigned W, uint64_t Old, uint64_t V);

} // namespace vcdpor

#endif
