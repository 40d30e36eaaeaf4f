//===- bmc/acdlp/Transfer.cpp - ACDLP's abstract transformers -------------===//
//
// Forward and backward transformers per operator class, each view (the
// unsigned and the signed interval, the known bits) computed separately:
// an exact integer range that fits in one window of 2^W values wraps
// exactly, one that spans a wrap point gives the full view; known bits
// follow the Linux BPF verifier's tnum operations. Every transformer is
// checked against brute force on 4-bit values (tests/unit/bmc/AcdlpTest).
//
//===----------------------------------------------------------------------===//
#include "bmc/acdlp/Domain.h"

#include <algorithm>

namespace vcdpor::bmc::acdlp {

using i128 = __int128;

namespace {

Box emptyBox() { return {1, 0, 1, 0, 0, 0}; }

/// Known bits as value and unknown mask (a "tnum"): the values V | m for
/// m a subset of M. The operations are the Linux BPF verifier's.
struct Tn {
  uint64_t V, M;
};
Tn tn(const Box &B, unsigned W) {
  return {B.Ones, umax(W) & ~(B.Ones | B.Zeros)};
}
void setBits(Box &B, Tn T, unsigned W) {
  T.V &= umax(W), T.M &= umax(W);
  B.Ones = T.V & ~T.M;
  B.Zeros = umax(W) & ~(T.V | T.M);
}
Tn tnAdd(Tn A, Tn B) {
  uint64_t Sm = A.M + B.M, Sv = A.V + B.V, Sigma = Sm + Sv, Chi = Sigma ^ Sv;
  uint64_t Mu = Chi | A.M | B.M;
  return {Sv & ~Mu, Mu};
}
Tn tnSub(Tn A, Tn B) {
  uint64_t Dv = A.V - B.V, Alpha = Dv + A.M, Beta = Dv - B.M;
  uint64_t Mu = (Alpha ^ Beta) | A.M | B.M;
  return {Dv & ~Mu, Mu};
}
Tn tnMul(Tn A, Tn B) {
  uint64_t AccV = A.V * B.V;
  Tn AccM{0, 0};
  while (A.V || A.M) {
    if (A.V & 1)
      AccM = tnAdd(AccM, {0, B.M});
    else if (A.M & 1)
      AccM = tnAdd(AccM, {0, B.V | B.M});
    A = {A.V >> 1, A.M >> 1};
    B = {B.V << 1, B.M << 1};
  }
  return tnAdd({AccV, 0}, AccM);
}
/// V sign-extended from W bits to 64.
uint64_t sx64(uint64_t V, unsigned W) { return uint64_t(toSigned(V, W)); }

i128 floorDiv(i128 A, i128 M) { return A >= 0 ? A / M : -((-A + M - 1) / M); }

/// The unsigned W-bit view of the exact integers [Lo, Hi] taken mod 2^W.
void wrapU(i128 Lo, i128 Hi, unsigned W, Box &B) {
  i128 M = i128(1) << W;
  i128 K = floorDiv(Lo, M);
  if (K != floorDiv(Hi, M)) {
    B.ULo = 0;
    B.UHi = umax(W);
    return;
  }
  B.ULo = uint64_t(Lo - K * M);
  B.UHi = uint64_t(Hi - K * M);
}
/// The signed W-bit view of [Lo, Hi] mod 2^W; for Int (no wrap) the
/// range met with [IntMin, IntMax].
void wrapS(Sort S, i128 Lo, i128 Hi, unsigned W, Box &B) {
  if (S == Sort::Int) {
    B.SLo = int64_t(std::max<i128>(Lo, IntMin));
    B.SHi = int64_t(std::min<i128>(Hi, IntMax));
    return;
  }
  i128 H = i128(1) << (W - 1);
  Box T;
  wrapU(Lo + H, Hi + H, W, T);
  B.SLo = int64_t(i128(T.ULo) - H);
  B.SHi = int64_t(i128(T.UHi) - H);
}

uint64_t fill(uint64_t V) {
  for (unsigned S = 1; S < 64; S <<= 1)
    V |= V >> S;
  return V;
}

struct Ctx {
  const Ir &P;
  const Node &N;
  const std::vector<Box> &D;
  const Box &arg(unsigned I) const { return D[N.Args[I]]; }
  const Node &argNode(unsigned I) const { return P.Nodes[N.Args[I]]; }
  unsigned argW(unsigned I) const { return argNode(I).W; }
  Sort argS(unsigned I) const { return argNode(I).S; }
};

Box boolOf(bool CanFalse, bool CanTrue) {
  Box B = full(Sort::Bool, 1);
  B.ULo = CanFalse ? 0 : 1;
  B.UHi = CanTrue ? 1 : 0;
  return B;
}

/// X <= Y (Strict: X < Y) in the unsigned or signed view: 1 certain,
/// 0 impossible, else unknown.
Box compare(const Box &X, const Box &Y, bool Signed, bool Strict) {
  i128 XL = Signed ? i128(X.SLo) : i128(X.ULo),
       XH = Signed ? i128(X.SHi) : i128(X.UHi);
  i128 YL = Signed ? i128(Y.SLo) : i128(Y.ULo),
       YH = Signed ? i128(Y.SHi) : i128(Y.UHi);
  bool Always = Strict ? XH < YL : XH <= YL;
  bool Never = Strict ? XL >= YH : XL > YH;
  return boolOf(!Always, !Never);
}

Box forwardOp(const Ctx &X) {
  const Node &N = X.N;
  Box R = full(N.S, N.W);
  unsigned W = N.W;
  auto A = [&](unsigned I) -> const Box & { return X.arg(I); };
  switch (N.O) {
  case Op::Not:
    return boolOf(A(0).UHi == 1, A(0).ULo == 0);
  case Op::And: {
    bool CanF = false, CanT = true;
    for (unsigned I = 0; I < N.Args.size(); ++I)
      CanF |= A(I).ULo == 0, CanT &= A(I).UHi == 1;
    return boolOf(CanF, CanT);
  }
  case Op::Or: {
    bool CanF = true, CanT = false;
    for (unsigned I = 0; I < N.Args.size(); ++I)
      CanF &= A(I).ULo == 0, CanT |= A(I).UHi == 1;
    return boolOf(CanF, CanT);
  }
  case Op::Ite:
    if (A(0).ULo == 1)
      return A(1);
    if (A(0).UHi == 0)
      return A(2);
    return join(A(1), A(2));
  case Op::Eq: {
    Box M = meet(A(0), A(1));
    return boolOf(true, reduce(X.argS(0), X.argW(0), M));
  }
  case Op::ULe:
  case Op::ULt:
  case Op::SLe:
  case Op::SLt:
    return compare(A(0), A(1), N.O == Op::SLe || N.O == Op::SLt,
                   N.O == Op::ULt || N.O == Op::SLt);
  case Op::Add:
  case Op::Sub: {
    bool Sub = N.O == Op::Sub;
    const Box &P = A(0), &Q = A(1);
    if (N.S == Sort::BV)
      wrapU(i128(P.ULo) + (Sub ? -i128(Q.UHi) : i128(Q.ULo)),
            i128(P.UHi) + (Sub ? -i128(Q.ULo) : i128(Q.UHi)), W, R);
    wrapS(N.S, i128(P.SLo) + (Sub ? -i128(Q.SHi) : i128(Q.SLo)),
          i128(P.SHi) + (Sub ? -i128(Q.SLo) : i128(Q.SHi)), W, R);
    return R;
  }
  case Op::Neg:
    if (N.S == Sort::BV)
      wrapU(-i128(A(0).UHi), -i128(A(0).ULo), W, R);
    wrapS(N.S, -i128(A(0).SHi), -i128(A(0).SLo), W, R);
    return R;
  case Op::Mul: {
    const Box &P = A(0), &Q = A(1);
    if (N.S == Sort::BV && (P.UHi >> 62) == 0 && (Q.UHi >> 62) == 0)
      wrapU(i128(P.ULo) * i128(Q.ULo), i128(P.UHi) * i128(Q.UHi), W, R);
    i128 C[] = {i128(P.SLo) * Q.SLo, i128(P.SLo) * Q.SHi, i128(P.SHi) * Q.SLo,
                i128(P.SHi) * Q.SHi};
    wrapS(N.S, *std::min_element(C, C + 4), *std::max_element(C, C + 4), W, R);
    return R;
  }
  case Op::UDiv:
    if (A(1).ULo > 0) {
      R.ULo = A(0).ULo / A(1).UHi;
      R.UHi = A(0).UHi / A(1).ULo;
    }
    return R;
  case Op::URem:
    if (A(1).ULo > 0) {
      if (A(0).UHi < A(1).ULo)
        R.ULo = A(0).ULo, R.UHi = A(0).UHi;
      else
        R.UHi = std::min(A(0).UHi, A(1).UHi - 1);
    }
    return R;
  case Op::BAnd:
    R.UHi = std::min(A(0).UHi, A(1).UHi);
    return R;
  case Op::BOr:
    R.ULo = std::max(A(0).ULo, A(1).ULo);
    R.UHi = fill(std::max(A(0).UHi, A(1).UHi));
    return R;
  case Op::BXor:
    R.UHi = fill(std::max(A(0).UHi, A(1).UHi));
    return R;
  case Op::BNot:
    R.ULo = umax(W) - A(0).UHi;
    R.UHi = umax(W) - A(0).ULo;
    R.SLo = -A(0).SHi - 1;
    R.SHi = -A(0).SLo - 1;
    return R;
  case Op::Shl:
    if (A(1).ULo == A(1).UHi && A(1).ULo < W) {
      unsigned K = unsigned(A(1).ULo);
      if (K == 0 || (A(0).UHi >> (W - K)) == 0)
        R.ULo = A(0).ULo << K, R.UHi = A(0).UHi << K;
      if (A(0).SLo >= (smin(W) >> K) && A(0).SHi <= (smax(W) >> K))
        R.SLo = int64_t(i128(A(0).SLo) * (i128(1) << K)),
        R.SHi = int64_t(i128(A(0).SHi) * (i128(1) << K));
    }
    return R;
  case Op::LShr: {
    uint64_t Lo = A(1).ULo, Hi = A(1).UHi;
    R.ULo = Hi >= W ? 0 : A(0).ULo >> Hi;
    R.UHi = Lo >= W ? 0 : A(0).UHi >> Lo;
    return R;
  }
  case Op::AShr: {
    unsigned Lo = unsigned(std::min<uint64_t>(A(1).ULo, W - 1));
    unsigned Hi = unsigned(std::min<uint64_t>(A(1).UHi, W - 1));
    R.SLo = std::min(A(0).SLo >> Lo, A(0).SLo >> Hi);
    R.SHi = std::max(A(0).SHi >> Lo, A(0).SHi >> Hi);
    return R;
  }
  case Op::Extract: {
    unsigned K = N.Hi - N.Lo + 1, Wx = X.argW(0);
    uint64_t Lo = A(0).ULo >> N.Lo, Hi = A(0).UHi >> N.Lo;
    if (K >= 64 || (Lo >> K) == (Hi >> K))
      R.ULo = Lo & umax(K), R.UHi = Hi & umax(K);
    if (N.Lo == 0 && A(0).SLo >= smin(K) && A(0).SHi <= smax(K))
      R.SLo = A(0).SLo, R.SHi = A(0).SHi;
    if (N.Hi == Wx - 1)
      R.SLo = A(0).SLo >> N.Lo, R.SHi = A(0).SHi >> N.Lo;
    return R;
  }
  case Op::ZExt:
    R.ULo = A(0).ULo, R.UHi = A(0).UHi;
    R.SLo = int64_t(A(0).ULo), R.SHi = int64_t(A(0).UHi);
    return R;
  case Op::SExt:
    R.SLo = A(0).SLo, R.SHi = A(0).SHi;
    if (A(0).SLo >= 0 || A(0).SHi < 0)
      R.ULo = toUnsigned(A(0).SLo, W), R.UHi = toUnsigned(A(0).SHi, W);
    return R;
  case Op::Concat: {
    unsigned Wb = X.argW(1);
    R.ULo = (A(0).ULo << Wb) | A(1).ULo;
    R.UHi = (A(0).UHi << Wb) | A(1).UHi;
    R.SLo = int64_t(i128(A(0).SLo) * (i128(1) << Wb) + A(1).ULo);
    R.SHi = int64_t(i128(A(0).SHi) * (i128(1) << Wb) + A(1).UHi);
    return R;
  }
  case Op::UMulNoOvfl: {
    unsigned Wa = X.argW(0);
    unsigned __int128 Lo = (unsigned __int128)A(0).ULo * A(1).ULo;
    unsigned __int128 Hi = (unsigned __int128)A(0).UHi * A(1).UHi;
    return boolOf(Hi > umax(Wa), Lo <= umax(Wa));
  }
  case Op::SMulNoOvfl:
  case Op::SMulNoUdfl: {
    unsigned Wa = X.argW(0);
    const Box &P = A(0), &Q = A(1);
    i128 C[] = {i128(P.SLo) * Q.SLo, i128(P.SLo) * Q.SHi, i128(P.SHi) * Q.SLo,
                i128(P.SHi) * Q.SHi};
    i128 Lo = *std::min_element(C, C + 4), Hi = *std::max_element(C, C + 4);
    if (N.O == Op::SMulNoOvfl)
      return boolOf(Hi > smax(Wa), Lo <= smax(Wa));
    return boolOf(Lo < smin(Wa), Hi >= smin(Wa));
  }
  default:
    return R;
  }
}

/// The known bits of node X.N from its arguments' (false: none known).
bool forwardBits(const Ctx &X, Tn &R) {
  const Node &N = X.N;
  unsigned W = N.W;
  auto A = [&](unsigned I) { return tn(X.arg(I), X.argW(I)); };
  auto constShift = [&](unsigned &K) {
    const Box &B = X.arg(1);
    if (B.ULo != B.UHi || B.ULo >= W)
      return false;
    K = unsigned(B.ULo);
    return true;
  };
  unsigned K = 0;
  switch (N.O) {
  case Op::Add:
    R = tnAdd(A(0), A(1));
    return true;
  case Op::Sub:
    R = tnSub(A(0), A(1));
    return true;
  case Op::Neg:
    R = tnSub({0, 0}, A(0));
    return true;
  case Op::Mul:
    R = tnMul(A(0), A(1));
    return true;
  case Op::BAnd: {
    Tn P = A(0), Q = A(1);
    uint64_t V = P.V & Q.V;
    R = {V, (P.V | P.M) & (Q.V | Q.M) & ~V};
    return true;
  }
  case Op::BOr: {
    Tn P = A(0), Q = A(1);
    uint64_t V = P.V | Q.V;
    R = {V, (P.M | Q.M) & ~V};
    return true;
  }
  case Op::BXor: {
    Tn P = A(0), Q = A(1);
    R = {(P.V ^ Q.V) & ~(P.M | Q.M), P.M | Q.M};
    return true;
  }
  case Op::BNot:
    R = {~(A(0).V | A(0).M), A(0).M};
    return true;
  case Op::Shl:
    if (!constShift(K))
      return false;
    R = {A(0).V << K, A(0).M << K};
    return true;
  case Op::LShr:
    if (!constShift(K))
      return false;
    R = {A(0).V >> K, A(0).M >> K};
    return true;
  case Op::AShr:
    if (!constShift(K))
      return false;
    R = {uint64_t(int64_t(sx64(A(0).V, W)) >> K),
         uint64_t(int64_t(sx64(A(0).M, W)) >> K)};
    return true;
  case Op::Extract:
    R = {A(0).V >> N.Lo, A(0).M >> N.Lo};
    return true;
  case Op::ZExt:
    R = A(0);
    return true;
  case Op::SExt:
    R = {sx64(A(0).V, X.argW(0)), sx64(A(0).M, X.argW(0))};
    return true;
  case Op::Concat: {
    unsigned Wb = X.argW(1);
    R = {(A(0).V << Wb) | A(1).V, (A(0).M << Wb) | A(1).M};
    return true;
  }
  default:
    return false;
  }
}

/// The known bits of argument I of X.N from the node's and the other
/// arguments' (false: none known).
bool backwardBits(const Ctx &X, unsigned I, const Box &Zb, Tn &R) {
  const Node &N = X.N;
  unsigned W = N.W, Wa = X.argW(I);
  Tn Z = tn(Zb, W);
  auto A = [&](unsigned J) { return tn(X.arg(J), X.argW(J)); };
  auto constShift = [&](unsigned &K) {
    const Box &B = X.arg(1);
    if (I != 0 || B.ULo != B.UHi || B.ULo >= W)
      return false;
    K = unsigned(B.ULo);
    return true;
  };
  unsigned K = 0;
  switch (N.O) {
  case Op::Add:
    R = tnSub(Z, A(1 - I));
    return true;
  case Op::Sub:
    R = I == 0 ? tnAdd(Z, A(1)) : tnSub(A(0), Z);
    return true;
  case Op::Neg:
    R = tnSub({0, 0}, Z);
    return true;
  case Op::BNot:
    R = {~(Z.V | Z.M), Z.M};
    return true;
  case Op::BXor: {
    Tn O = A(1 - I);
    R = {(Z.V ^ O.V) & ~(Z.M | O.M), Z.M | O.M};
    return true;
  }
  case Op::BAnd: {
    // A 1 of the result is a 1 of each argument; a 0 of the result where
    // the other argument has a 1 is a 0 of this one.
    uint64_t Ones = Zb.Ones, Zeros = Zb.Zeros & X.arg(1 - I).Ones;
    R = {Ones, umax(W) & ~(Ones | Zeros)};
    return true;
  }
  case Op::BOr: {
    uint64_t Zeros = Zb.Zeros, Ones = Zb.Ones & X.arg(1 - I).Zeros;
    R = {Ones, umax(W) & ~(Ones | Zeros)};
    return true;
  }
  case Op::Shl:
    if (!constShift(K))
      return false;
    R = {Z.V >> K, (Z.M >> K) | (umax(W) & ~umax(W - K))};
    return true;
  case Op::LShr:
  case Op::AShr:
    if (!constShift(K))
      return false;
    R = {Z.V << K, (Z.M << K) | umax(K)};
    return true;
  case Op::Extract: {
    unsigned Kx = N.Hi - N.Lo + 1;
    R = {Z.V << N.Lo, (Z.M << N.Lo) | (umax(Wa) & ~(umax(Kx) << N.Lo))};
    return true;
  }
  case Op::ZExt:
  case Op::SExt:
    R = {Z.V, Z.M};
    return true;
  case Op::Concat: {
    unsigned Wb = X.argW(1);
    R = I == 0 ? Tn{Z.V >> Wb, Z.M >> Wb} : Tn{Z.V, Z.M};
    return true;
  }
  default:
    return false;
  }
}

/// Own box X of a comparison's argument, knowing the comparison's value.
Box compareBack(const Box &Self, const Box &Other, bool SelfLeft, bool Signed,
                bool Strict, bool Holds, Sort S, unsigned W) {
  Box R = full(S, W);
  // Normalise to Self < Other or Self <= Other, Self > Other, Self >= Other.
  bool Less = SelfLeft == Holds; // Self below Other
  bool Str = Holds ? Strict : !Strict;
  i128 Lo = Signed ? (S == Sort::Int ? IntMin : smin(W)) : 0;
  i128 Hi = Signed ? (S == Sort::Int ? IntMax : smax(W)) : i128(umax(W));
  i128 OL = Signed ? i128(Other.SLo) : i128(Other.ULo);
  i128 OH = Signed ? i128(Other.SHi) : i128(Other.UHi);
  if (Less)
    Hi = std::min(Hi, OH - (Str ? 1 : 0));
  else
    Lo = std::max(Lo, OL + (Str ? 1 : 0));
  if (Lo > Hi)
    return emptyBox();
  if (Signed)
    R.SLo = int64_t(Lo), R.SHi = int64_t(Hi);
  else
    R.ULo = uint64_t(Lo), R.UHi = uint64_t(Hi);
  (void)Self;
  return R;
}

Box backwardOp(const Ctx &X, unsigned I) {
  const Node &N = X.N;
  const Node &Arg = X.argNode(I);
  Box R = full(Arg.S, Arg.W);
  const Box &Z = X.D[&N - &X.P.Nodes[0]];
  unsigned W = N.W;
  auto A = [&](unsigned J) -> const Box & { return X.arg(J); };
  bool ZSingle = isSingle(N.S, Z);
  switch (N.O) {
  case Op::Not:
    return boolOf(Z.UHi == 1, Z.ULo == 0);
  case Op::And:
  case Op::Or: {
    bool IsAnd = N.O == Op::And;
    if (!ZSingle)
      return R;
    uint64_t Absorb = IsAnd ? 0 : 1; // a value that decides the result
    if (Z.ULo != Absorb)
      return single(Sort::Bool, 1, !Absorb);
    for (unsigned J = 0; J < N.Args.size(); ++J)
      if (J != I && !(isSingle(Sort::Bool, A(J)) && A(J).ULo == !Absorb))
        return R;
    return single(Sort::Bool, 1, Absorb);
  }
  case Op::Xor:
    if (ZSingle && isSingle(Sort::Bool, A(1 - I)))
      return single(Sort::Bool, 1, Z.ULo ^ A(1 - I).ULo);
    return R;
  case Op::UMulNoOvfl:
    // No overflow: each factor at most the maximum over the other's least.
    if (ZSingle && Z.ULo == 1 && A(1 - I).ULo > 0)
      R.UHi = umax(Arg.W) / A(1 - I).ULo;
    return R;
  case Op::Ite:
    if (I == 0) {
      Box T = meet(Z, A(1)), F = meet(Z, A(2));
      return boolOf(reduce(N.S, W, F), reduce(N.S, W, T));
    }
    if (A(0).ULo == A(0).UHi && A(0).ULo == (I == 1 ? 1 : 0))
      return Z;
    return R;
  case Op::Eq:
    if (!ZSingle)
      return R;
    if (Z.ULo == 1)
      return A(1 - I);
    if (isSingle(Arg.S, A(1 - I))) {
      uint64_t V = valueOf(Arg.S, Arg.W, A(1 - I));
      Box S = A(I);
      if (hasU(Arg.S)) {
        if (S.ULo == V) {
          if (S.UHi == V)
            return emptyBox();
          S.ULo++;
        } else if (S.UHi == V) {
          S.UHi--;
        }
      }
      if (hasS(Arg.S)) {
        int64_t SV = Arg.S == Sort::Int ? int64_t(V) : toSigned(V, Arg.W);
        if (S.SLo == SV) {
          if (S.SHi == SV)
            return emptyBox();
          S.SLo++;
        } else if (S.SHi == SV) {
          S.SHi--;
        }
      }
      return S;
    }
    return R;
  case Op::ULe:
  case Op::ULt:
  case Op::SLe:
  case Op::SLt:
    if (!ZSingle)
      return R;
    return compareBack(A(I), A(1 - I), I == 0, N.O == Op::SLe || N.O == Op::SLt,
                       N.O == Op::ULt || N.O == Op::SLt, Z.ULo == 1, Arg.S,
                       Arg.W);
  case Op::Add:
  case Op::Sub: {
    // z = x + y: x = z - y, y = z - x; z = x - y: x = z + y, y = x - z.
    const Box &O = A(1 - I);
    bool Plus = N.O == Op::Sub && I == 0;
    const Box &L = (N.O == Op::Sub && I == 1) ? A(0) : Z;
    const Box &Rt = (N.O == Op::Sub && I == 1) ? Z : O;
    if (N.S == Sort::BV)
      wrapU(i128(L.ULo) + (Plus ? i128(Rt.ULo) : -i128(Rt.UHi)),
            i128(L.UHi) + (Plus ? i128(Rt.UHi) : -i128(Rt.ULo)), W, R);
    wrapS(N.S, i128(L.SLo) + (Plus ? i128(Rt.SLo) : -i128(Rt.SHi)),
          i128(L.SHi) + (Plus ? i128(Rt.SHi) : -i128(Rt.SLo)), W, R);
    return R;
  }
  case Op::Neg:
    if (N.S == Sort::BV)
      wrapU(-i128(Z.UHi), -i128(Z.ULo), W, R);
    wrapS(N.S, -i128(Z.SHi), -i128(Z.SLo), W, R);
    return R;
  case Op::BNot:
    R.ULo = umax(W) - Z.UHi, R.UHi = umax(W) - Z.ULo;
    R.SLo = -Z.SHi - 1, R.SHi = -Z.SLo - 1;
    return R;
  case Op::BAnd:
    R.ULo = Z.ULo;
    return R;
  case Op::BOr:
    R.UHi = Z.UHi;
    return R;
  case Op::LShr:
    if (I == 0 && A(1).ULo == A(1).UHi && A(1).ULo < W) {
      unsigned K = unsigned(A(1).ULo);
      i128 Lo = i128(Z.ULo) << K, Hi = (i128(Z.UHi) << K) | i128(umax(K));
      if (Lo > i128(umax(W)))
        return emptyBox();
      R.ULo = uint64_t(Lo);
      R.UHi = uint64_t(std::min(Hi, i128(umax(W))));
    }
    return R;
  case Op::Extract: {
    unsigned K = N.Hi - N.Lo + 1;
    if (N.Lo == 0 && K < Arg.W) {
      uint64_t H = A(0).ULo >> K;
      if (H == (A(0).UHi >> K))
        R.ULo = (H << K) | Z.ULo, R.UHi = (H << K) | Z.UHi;
      if (A(0).SLo >= smin(K) && A(0).SHi <= smax(K))
        R.SLo = Z.SLo, R.SHi = Z.SHi;
    }
    if (N.Hi == Arg.W - 1) {
      R.ULo = Z.ULo << N.Lo, R.UHi = (Z.UHi << N.Lo) | umax(N.Lo);
      R.SLo = int64_t(i128(Z.SLo) * (i128(1) << N.Lo));
      R.SHi = int64_t(i128(Z.SHi) * (i128(1) << N.Lo) + umax(N.Lo));
    }
    return R;
  }
  case Op::ZExt:
    if (Z.ULo > umax(Arg.W))
      return emptyBox();
    R.ULo = Z.ULo, R.UHi = std::min(Z.UHi, umax(Arg.W));
    return R;
  case Op::SExt:
    R.SLo = std::max(Z.SLo, smin(Arg.W)), R.SHi = std::min(Z.SHi, smax(Arg.W));
    return R.SLo > R.SHi ? emptyBox() : R;
  case Op::Concat: {
    unsigned Wb = X.argW(1);
    if (I == 0) {
      R.ULo = Z.ULo >> Wb, R.UHi = Z.UHi >> Wb;
      R.SLo = Z.SLo >> Wb, R.SHi = Z.SHi >> Wb;
      return R;
    }
    if ((Z.ULo >> Wb) == (Z.UHi >> Wb)) {
      R.ULo = Z.ULo & umax(Wb), R.UHi = Z.UHi & umax(Wb);
    } else if (A(0).ULo == A(0).UHi) {
      uint64_t Base = A(0).ULo << Wb;
      if (Z.UHi < Base || Z.ULo > Base + umax(Wb))
        return emptyBox();
      R.ULo = std::max(Z.ULo, Base) - Base;
      R.UHi = std::min(Z.UHi, Base + umax(Wb)) - Base;
    }
    return R;
  }
  default:
    return R;
  }
}

} // namespace

Box forward(const Ir &P, uint32_t N, const std::vector<Box> &D) {
  const Node &Nd = P.Nodes[N];
  if (Nd.O == Op::Const || Nd.O == Op::Leaf)
    return Nd.O == Op::Const ? single(Nd.S, Nd.W, Nd.Val) : full(Nd.S, Nd.W);
  bool AllSingle = true;
  for (uint32_t A : Nd.Args)
    AllSingle &= isSingle(P.Nodes[A].S, D[A]);
  if (AllSingle) {
    std::vector<uint64_t> V;
    for (uint32_t A : Nd.Args)
      V.push_back(valueOf(P.Nodes[A].S, P.Nodes[A].W, D[A]));
    return single(Nd.S, Nd.W, evalOp(P, Nd, V));
  }
  Ctx X{P, Nd, D};
  Box R = forwardOp(X);
  if (isEmpty(R))
    return R;
  R = meet(R, full(Nd.S, Nd.W));
  Tn T;
  if (Nd.S == Sort::BV && forwardBits(X, T)) {
    Box B = full(Nd.S, Nd.W);
    setBits(B, T, Nd.W);
    R = meet(R, B);
  }
  return R;
}

Box backward(const Ir &P, uint32_t N, unsigned I, const std::vector<Box> &D) {
  const Node &Arg = P.Nodes[P.Nodes[N].Args[I]];
  Ctx X{P, P.Nodes[N], D};
  Box R = backwardOp(X, I);
  if (isEmpty(R))
    return R;
  R = meet(R, full(Arg.S, Arg.W));
  Tn T;
  if (Arg.S == Sort::BV && P.Nodes[N].S == Sort::BV &&
      backwardBits(X, I, D[N], T)) {
    Box B = full(Arg.S, Arg.W);
    setBits(B, T, Arg.W);
    R = meet(R, B);
  }
  return R;
}

} // namespace vcdpor::bmc::acdlp
