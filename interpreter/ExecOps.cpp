#include "interpreter/ExecOps.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace vcdpor {

static double toD(uint64_t V, unsigned W) {
  if (W == 32) {
    float F;
    uint32_t B = uint32_t(V);
    std::memcpy(&F, &B, 4);
    return F;
  }
  double D;
  std::memcpy(&D, &V, 8);
  return D;
}
static uint64_t fromD(double D, unsigned W) {
  if (W == 32) {
    float F = float(D);
    uint32_t B;
    std::memcpy(&B, &F, 4);
    return B;
  }
  uint64_t V;
  std::memcpy(&V, &D, 8);
  return V;
}

uint64_t evalIntBinary(Op O, unsigned W, uint64_t A, uint64_t B, int &Err) {
  switch (O) {
  case Op::Add: return maskTo(A + B, W);
  case Op::Sub: return maskTo(A - B, W);
  case Op::Mul: return maskTo(A * B, W);
  case Op::UDiv:
  case Op::URem:
    if (B == 0) {
      Err = 1;
      return 0;
    }
    return O == Op::UDiv ? A / B : A % B;
  case Op::SDiv:
  case Op::SRem: {
    int64_t X = sextFrom(A, W), Y = sextFrom(B, W);
    if (Y == 0) {
      Err = 1;
      return 0;
    }
    int64_t Min = W >= 64 ? INT64_MIN : -(int64_t(1) << (W - 1));
    if (X == Min && Y == -1) {
      if (O == Op::SRem)
        return 0;
      Err = 2;
      return 0;
    }
    return maskTo(uint64_t(O == Op::SDiv ? X / Y : X % Y), W);
  }
  case Op::Shl: return B >= W ? 0 : maskTo(A << B, W);
  case Op::LShr: return B >= W ? 0 : A >> B;
  case Op::AShr:
    if (B >= W)
      B = W - 1;
    return maskTo(uint64_t(sextFrom(A, W) >> B), W);
  case Op::And: return A & B;
  case Op::Or: return A | B;
  case Op::Xor: return A ^ B;
  default: return 0;
  }
}

uint64_t evalFloatBinary(Op O, unsigned W, uint64_t A, uint64_t B) {
  double X = toD(A, W), Y = toD(B, W);
  if (W == 32) {
    float FX = float(X), FY = float(Y), R = 0;
    switch (O) {
    case Op::FAdd: R = FX + FY; break;
    case Op::FSub: R = FX - FY; break;
    case Op::FMul: R = FX * FY; break;
    case Op::FDiv: R = FX / FY; break;
    case Op::FRem: R = std::fmod(FX, FY); break;
    case Op::FNeg: R = -FX; break;
    default: break;
    }
    return fromD(R, 32);
  }
  double R = 0;
  switch (O) {
  case Op::FAdd: R = X + Y; break;
  case Op::FSub: R = X - Y; break;
  case Op::FMul: R = X * Y; break;
  case Op::FDiv: R = X / Y; break;
  case Op::FRem: R = std::fmod(X, Y); break;
  case Op::FNeg: R = -X; break;
  default: break;
  }
  return fromD(R, 64);
}

bool evalICmp(IPred P, unsigned W, uint64_t A, uint64_t B) {
  switch (P) {
  case IPred::Eq: return A == B;
  case IPred::Ne: return A != B;
  case IPred::Ugt: return A > B;
  case IPred::Uge: return A >= B;
  case IPred::Ult: return A < B;
  case IPred::Ule: return A <= B;
  case IPred::Sgt: return sextFrom(A, W) > sextFrom(B, W);
  case IPred::Sge: return sextFrom(A, W) >= sextFrom(B, W);
  case IPred::Slt: return sextFrom(A, W) < sextFrom(B, W);
  case IPred::Sle: return sextFrom(A, W) <= sextFrom(B, W);
  }
  return false;
}

bool evalFCmp(FPred P, unsigned W, uint64_t A, uint64_t B) {
  double X = toD(A, W), Y = toD(B, W);
  bool Uno = std::isnan(X) || std::isnan(Y);
  switch (P) {
  case FPred::False: return false;
  case FPred::Oeq: return !Uno && X == Y;
  case FPred::Ogt: return !Uno && X > Y;
  case FPred::Oge: return !Uno && X >= Y;
  case FPred::Olt: return !Uno && X < Y;
  case FPred::Ole: return !Uno && X <= Y;
  case FPred::One: return !Uno && X != Y;
  case FPred::Ord: return !Uno;
  case FPred::Uno: return Uno;
  case FPred::Ueq: return Uno || X == Y;
  case FPred::Ugt: return Uno || X > Y;
  case FPred::Uge: return Uno || X >= Y;
  case FPred::Ult: return Uno || X < Y;
  case FPred::Ule: return Uno || X <= Y;
  case FPred::Une: return Uno || X != Y;
  case FPred::True: return true;
  }
  return false;
}

template <typename T> static T saturate(double D) {
  if (std::isnan(D))
    return 0;
  if (D <= double(std::numeric_limits<T>::min()))
    return std::numeric_limits<T>::min();
  if (D >= double(std::numeric_limits<T>::max()))
    return std::numeric_limits<T>::max();
  return T(D);
}

uint64_t evalCast(Op O, unsigned W, unsigned W2, uint64_t A) {
  switch (O) {
  case Op::Trunc: return maskTo(A, W);
  case Op::ZExt: return A;
  case Op::SExt: return maskTo(uint64_t(sextFrom(A, W2)), W);
  case Op::FPTrunc:
  case Op::FPExt: return fromD(toD(A, W2), W);
  case Op::FPToUI: return maskTo(saturate<uint64_t>(toD(A, W2)), W);
  case Op::FPToSI: return maskTo(uint64_t(saturate<int64_t>(toD(A, W2))), W);
  case Op::UIToFP: return fromD(double(A), W);
  case Op::SIToFP: return fromD(double(sextFrom(A, W2)), W);
  case Op::PtrToInt: return maskTo(A, W);
  case Op::IntToPtr: return A;
  default: return A;
  }
}

uint64_t evalIntrinsic(Op O, unsigned W, uint64_t A, uint64_t B, uint64_t C) {
  switch (O) {
  case Op::Abs: {
    int64_t X = sextFrom(A, W);
    return maskTo(uint64_t(X < 0 ? -X : X), W);
  }
  case Op::SMin: return sextFrom(A, W) < sextFrom(B, W) ? A : B;
  case Op::SMax: return sextFrom(A, W) > sextFrom(B, W) ? A : B;
  case Op::UMin: return A < B ? A : B;
  case Op::UMax: return A > B ? A : B;
  case Op::Fshl: {
    unsigned S = C % W;
    return S == 0 ? A : maskTo((A << S) | (B >> (W - S)), W);
  }
  case Op::Fshr: {
    unsigned S = C % W;
    return S == 0 ? B : maskTo((A << (W - S)) | (B >> S), W);
  }
  case Op::Ctpop: return std::popcount(A);
  case Op::Ctlz: return A == 0 ? W : std::countl_zero(A) - (64 - W);
  case Op::Cttz: return A == 0 ? W : std::countr_zero(A);
  case Op::Bswap: {
    uint64_t R = 0;
    for (unsigned K = 0; K < W / 8; ++K)
      R |= ((A >> (8 * K)) & 0xff) << (W - 8 - 8 * K);
    return R;
  }
  case Op::FAbs: return fromD(std::fabs(toD(A, W)), W);
  case Op::FSqrt: return fromD(std::sqrt(toD(A, W)), W);
  case Op::FMin: return fromD(std::fmin(toD(A, W), toD(B, W)), W);
  case Op::FMax: return fromD(std::fmax(toD(A, W), toD(B, W)), W);
  case Op::FCopySign: return fromD(std::copysign(toD(A, W), toD(B, W)), W);
  case Op::FFloor: return fromD(std::floor(toD(A, W)), W);
  case Op::FCeil: return fromD(std::ceil(toD(A, W)), W);
  case Op::FTrunc: return fromD(std::trunc(toD(A, W)), W);
  case Op::FRound: return fromD(std::round(toD(A, W)), W);
  case Op::FFma: return fromD(std::fma(toD(A, W), toD(B, W), toD(C, W)), W);
  default: return 0;
  }
}

uint64_t evalOverflow(Op O, bool Signed, unsigned W, uint64_t A, uint64_t B,
                      bool &Ovf) {
  if (Signed) {
    __int128 X = sextFrom(A, W), Y = sextFrom(B, W), R;
    R = O == Op::AddOvf ? X + Y : O == Op::SubOvf ? X - Y : X * Y;
    __int128 Min = -(__int128(1) << (W - 1)), Max = (__int128(1) << (W - 1)) - 1;
    Ovf = R < Min || R > Max;
    return maskTo(uint64_t(R), W);
  }
  unsigned __int128 X = A, Y = B, R;
  R = O == Op::AddOvf ? X + Y : O == Op::SubOvf ? X - Y : X * Y;
  if (O == Op::SubOvf)
    Ovf = A < B;
  else
    Ovf = W >= 64 ? (R >> 64) != 0 : (R >> W) != 0;
  return maskTo(uint64_t(R), W);
}

uint64_t evalRmw(RmwOp O, unsigned W, uint64_t Old, uint64_t V) {
  switch (O) {
  case RmwOp::Xchg: return V;
  case RmwOp::Add: return maskTo(Old + V, W);
  case RmwOp::Sub: return maskTo(Old - V, W);
  case RmwOp::And: return Old & V;
  case RmwOp::Nand: return maskTo(~(Old & V), W);
  case RmwOp::Or: return Old | V;
  case RmwOp::Xor: return Old ^ V;
  case RmwOp::Max: return sextFrom(Old, W) > sextFrom(V, W) ? Old : V;
  case RmwOp::Min: return sextFrom(Old, W) < sextFrom(V, W) ? Old : V;
  case RmwOp::UMax: return Old > V ? Old : V;
  case RmwOp::UMin: return Old < V ? Old : V;
  case RmwOp::FAdd: return evalFloatBinary(Op::FAdd, W, Old, V);
  case RmwOp::FSub: return evalFloatBinary(Op::FSub, W, Old, V);
  }
  return V;
}

} // namespace vcdpor
