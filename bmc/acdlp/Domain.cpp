//===- bmc/acdlp/Domain.cpp - The reduced product and its irreducibles ----===//
//
// The lattice operations of Box, the reduction that carries information
// between its views (reduce()), the concrete semantics of the operators
// and the meet-irreducibles. The transformers are in Transfer.cpp.
//
//===----------------------------------------------------------------------===//
#include "bmc/acdlp/Domain.h"

#include <algorithm>
#include <cassert>

namespace vcdpor::bmc::acdlp {

using i128 = __int128;

const char *opName(Op O) {
  static const char *Names[] = {
      "const", "leaf",   "not",         "and",         "or",         "xor",
      "ite",   "=",      "ule",         "ult",         "sle",        "slt",
      "add",   "sub",    "neg",         "mul",         "udiv",       "urem",
      "sdiv",  "srem",   "smod",        "band",        "bor",        "bxor",
      "bnot",  "shl",    "lshr",        "ashr",        "extract",    "zext",
      "sext",  "concat", "umul_noovfl", "smul_noovfl", "smul_noudfl"};
  return Names[unsigned(O)];
}

uint64_t umax(unsigned W) {
  return W >= 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1;
}
int64_t smin(unsigned W) {
  return W >= 64 ? INT64_MIN : -(int64_t(1) << (W - 1));
}
int64_t smax(unsigned W) {
  return W >= 64 ? INT64_MAX : (int64_t(1) << (W - 1)) - 1;
}
int64_t toSigned(uint64_t V, unsigned W) {
  V &= umax(W);
  if (W < 64 && (V >> (W - 1)) & 1)
    V |= ~umax(W);
  return int64_t(V);
}
uint64_t toUnsigned(int64_t V, unsigned W) { return uint64_t(V) & umax(W); }

bool hasU(Sort S) { return S != Sort::Int; }
bool hasS(Sort S) { return S != Sort::Bool; }

Box full(Sort S, unsigned W) {
  Box B;
  B.ULo = 0;
  B.UHi = S == Sort::Int ? ~uint64_t(0) : umax(W);
  B.SLo = S == Sort::Int ? IntMin : S == Sort::Bool ? INT64_MIN : smin(W);
  B.SHi = S == Sort::Int ? IntMax : S == Sort::Bool ? INT64_MAX : smax(W);
  return B;
}

Box single(Sort S, unsigned W, uint64_t V) {
  Box B = full(S, W);
  if (S == Sort::Int) {
    B.SLo = B.SHi = int64_t(V);
    return B;
  }
  B.ULo = B.UHi = V & umax(W);
  if (S == Sort::BV) {
    B.SLo = B.SHi = toSigned(V, W);
    B.Ones = V & umax(W);
    B.Zeros = ~V & umax(W);
  }
  return B;
}

bool isEmpty(const Box &B) {
  return B.ULo > B.UHi || B.SLo > B.SHi || (B.Zeros & B.Ones);
}
bool isSingle(Sort S, const Box &B) {
  return S == Sort::Int ? B.SLo == B.SHi : B.ULo == B.UHi;
}
uint64_t valueOf(Sort S, unsigned, const Box &B) {
  return S == Sort::Int ? uint64_t(B.SLo) : B.ULo;
}
bool contains(Sort S, unsigned W, const Box &B, uint64_t V) {
  if (hasU(S) && (V < B.ULo || V > B.UHi))
    return false;
  int64_t SV = S == Sort::Int ? int64_t(V) : toSigned(V, W);
  if (S == Sort::BV && ((V & B.Zeros) || (V & B.Ones) != B.Ones))
    return false;
  return !hasS(S) || (SV >= B.SLo && SV <= B.SHi);
}

Box meet(const Box &A, const Box &B) {
  return {std::max(A.ULo, B.ULo), std::min(A.UHi, B.UHi),
          std::max(A.SLo, B.SLo), std::min(A.SHi, B.SHi),
          A.Zeros | B.Zeros,      A.Ones | B.Ones};
}
Box join(const Box &A, const Box &B) {
  return {std::min(A.ULo, B.ULo), std::max(A.UHi, B.UHi),
          std::min(A.SLo, B.SLo), std::max(A.SHi, B.SHi),
          A.Zeros & B.Zeros,      A.Ones & B.Ones};
}

namespace {
/// The unsigned view and the known bits tightened by each other: known
/// bits bound the interval, the interval's common prefix is known bits.
/// The least value >= Lo (Up: the greatest <= Lo) whose bits agree with
/// Zeros and Ones; false when there is none. The answer first differs
/// from Lo at the lowest bit where it can.
bool nextFit(unsigned W, uint64_t Zeros, uint64_t Ones, uint64_t Lo, bool Up,
             uint64_t &Out) {
  uint64_t Known = Zeros | Ones;
  if (((Lo ^ Ones) & Known) == 0) {
    Out = Lo;
    return true;
  }
  for (unsigned I = 0; I < W; ++I) {
    uint64_t Bit = uint64_t(1) << I;
    uint64_t Above = I + 1 >= 64 ? 0 : umax(W) & ~((Bit << 1) - 1);
    uint64_t Below = Bit - 1;
    if (((Lo ^ Ones) & Known & Above) != 0)
      continue;
    if (!Up && !(Lo & Bit) && !(Zeros & Bit)) {
      Out = (Lo & Above) | Bit | (Ones & Below);
      return true;
    }
    if (Up && (Lo & Bit) && !(Ones & Bit)) {
      Out = (Lo & Above) | (~Zeros & Below);
      return true;
    }
  }
  return false;
}

bool bitsAndUnsigned(unsigned W, Box &B) {
  if (B.Zeros & B.Ones)
    return false;
  if (!nextFit(W, B.Zeros, B.Ones, B.ULo, false, B.ULo) ||
      !nextFit(W, B.Zeros, B.Ones, B.UHi, true, B.UHi) || B.ULo > B.UHi)
    return false;
  uint64_t Prefix = umax(W);
  if (uint64_t Diff = B.ULo ^ B.UHi) {
    unsigned Top = 63 - unsigned(__builtin_clzll(Diff));
    Prefix = Top >= 63 ? 0 : umax(W) & ~((uint64_t(2) << Top) - 1);
  }
  B.Ones |= B.ULo & Prefix;
  B.Zeros |= ~B.ULo & Prefix;
  return !isEmpty(B);
}
} // namespace

bool reduce(Sort S, unsigned W, Box &B) {
  if (isEmpty(B))
    return false;
  if (S != Sort::BV)
    return true;
  uint64_t Half = uint64_t(smax(W));
  if (!bitsAndUnsigned(W, B))
    return false;
  if (B.UHi <= Half)
    B = meet(B, {0, ~uint64_t(0), int64_t(B.ULo), int64_t(B.UHi)});
  else if (B.ULo > Half)
    B = meet(B, {0, ~uint64_t(0), toSigned(B.ULo, W), toSigned(B.UHi, W)});
  if (isEmpty(B))
    return false;
  if (B.SLo >= 0)
    B = meet(B, {uint64_t(B.SLo), uint64_t(B.SHi), INT64_MIN, INT64_MAX});
  else if (B.SHi < 0)
    B = meet(
        B, {toUnsigned(B.SLo, W), toUnsigned(B.SHi, W), INT64_MIN, INT64_MAX});
  // Once more: the signed view may have cut the unsigned one.
  return !isEmpty(B) && bitsAndUnsigned(W, B);
}

uint64_t evalOp(const Ir &P, const Node &N, const std::vector<uint64_t> &A) {
  unsigned W = N.W;
  uint64_t M = umax(W);
  auto sx = [&](unsigned I) {
    const Node &Ai = P.Nodes[N.Args[I]];
    return Ai.S == Sort::Int ? int64_t(A[I]) : toSigned(A[I], Ai.W);
  };
  bool Int = N.S == Sort::Int;
  auto fit = [&](i128 V) {
    return Int ? uint64_t(int64_t(V)) : uint64_t(V) & M;
  };
  switch (N.O) {
  case Op::Const:
    return N.Val;
  case Op::Leaf:
    return 0;
  case Op::Not:
    return !A[0];
  case Op::And:
    return std::all_of(A.begin(), A.end(), [](uint64_t V) { return V != 0; });
  case Op::Or:
    return std::any_of(A.begin(), A.end(), [](uint64_t V) { return V != 0; });
  case Op::Xor:
    return A[0] ^ A[1];
  case Op::Ite:
    return A[0] ? A[1] : A[2];
  case Op::Eq:
    return A[0] == A[1];
  case Op::ULe:
    return A[0] <= A[1];
  case Op::ULt:
    return A[0] < A[1];
  case Op::SLe:
    return sx(0) <= sx(1);
  case Op::SLt:
    return sx(0) < sx(1);
  case Op::Add:
    return fit(Int ? i128(sx(0)) + sx(1) : i128(A[0]) + A[1]);
  case Op::Sub:
    return fit(Int ? i128(sx(0)) - sx(1) : i128(A[0]) - A[1]);
  case Op::Neg:
    return fit(Int ? -i128(sx(0)) : -i128(A[0]));
  case Op::Mul:
    return Int ? fit(i128(sx(0)) * sx(1))
               : uint64_t((unsigned __int128)A[0] * A[1]) & M;
  case Op::UDiv:
    return A[1] == 0 ? M : A[0] / A[1];
  case Op::URem:
    return A[1] == 0 ? A[0] : A[0] % A[1];
  case Op::SDiv:
    if (A[1] == 0)
      return sx(0) < 0 ? 1 : M;
    return fit(i128(sx(0)) / sx(1));
  case Op::SRem:
    if (A[1] == 0)
      return A[0];
    return fit(i128(sx(0)) % sx(1));
  case Op::SMod: {
    if (A[1] == 0)
      return A[0];
    i128 R = i128(sx(0)) % sx(1);
    if (R != 0 && ((R < 0) != (sx(1) < 0)))
      R += sx(1);
    return fit(R);
  }
  case Op::BAnd:
    return A[0] & A[1];
  case Op::BOr:
    return A[0] | A[1];
  case Op::BXor:
    return A[0] ^ A[1];
  case Op::BNot:
    return ~A[0] & M;
  case Op::Shl:
    return A[1] >= W ? 0 : (A[0] << A[1]) & M;
  case Op::LShr:
    return A[1] >= W ? 0 : A[0] >> A[1];
  case Op::AShr:
    return toUnsigned(sx(0) >> std::min<uint64_t>(A[1], W - 1), W);
  case Op::Extract:
    return (A[0] >> N.Lo) & umax(N.Hi - N.Lo + 1);
  case Op::ZExt:
    return A[0];
  case Op::SExt:
    return toUnsigned(sx(0), W);
  case Op::Concat:
    return ((A[0] << P.Nodes[N.Args[1]].W) | A[1]) & M;
  case Op::UMulNoOvfl: {
    unsigned Wa = P.Nodes[N.Args[0]].W;
    return (unsigned __int128)A[0] * A[1] <= umax(Wa);
  }
  case Op::SMulNoOvfl:
  case Op::SMulNoUdfl: {
    unsigned Wa = P.Nodes[N.Args[0]].W;
    i128 Pr = i128(sx(0)) * sx(1);
    return N.O == Op::SMulNoOvfl ? Pr <= smax(Wa) : Pr >= smin(Wa);
  }
  }
  return 0;
}

bool holds(const Box &B, const Lit &L) {
  switch (L.K) {
  case Bound::UGe:
    return B.ULo >= L.C;
  case Bound::ULe:
    return B.UHi <= L.C;
  case Bound::SGe:
    return B.SLo >= int64_t(L.C);
  case Bound::SLe:
    return B.SHi <= int64_t(L.C);
  case Bound::Bit0:
    return (B.Zeros >> L.C) & 1;
  case Bound::Bit1:
    return (B.Ones >> L.C) & 1;
  }
  return false;
}

bool complement(const Ir &P, const Lit &L, Lit &Out) {
  const Node &N = P.Nodes[L.Var];
  Box F = full(N.S, N.W);
  Out = L;
  switch (L.K) {
  case Bound::UGe:
    if (L.C <= F.ULo)
      return false;
    Out.K = Bound::ULe, Out.C = L.C - 1;
    return true;
  case Bound::ULe:
    if (L.C >= F.UHi)
      return false;
    Out.K = Bound::UGe, Out.C = L.C + 1;
    return true;
  case Bound::SGe:
    if (int64_t(L.C) <= F.SLo)
      return false;
    Out.K = Bound::SLe, Out.C = uint64_t(int64_t(L.C) - 1);
    return true;
  case Bound::SLe:
    if (int64_t(L.C) >= F.SHi)
      return false;
    Out.K = Bound::SGe, Out.C = uint64_t(int64_t(L.C) + 1);
    return true;
  case Bound::Bit0:
    Out.K = Bound::Bit1;
    return true;
  case Bound::Bit1:
    Out.K = Bound::Bit0;
    return true;
  }
  return false;
}

Box apply(const Box &B, const Lit &L) {
  Box R = B;
  switch (L.K) {
  case Bound::UGe:
    R.ULo = std::max(R.ULo, L.C);
    break;
  case Bound::ULe:
    R.UHi = std::min(R.UHi, L.C);
    break;
  case Bound::SGe:
    R.SLo = std::max(R.SLo, int64_t(L.C));
    break;
  case Bound::SLe:
    R.SHi = std::min(R.SHi, int64_t(L.C));
    break;
  case Bound::Bit0:
    R.Zeros |= uint64_t(1) << L.C;
    break;
  case Bound::Bit1:
    R.Ones |= uint64_t(1) << L.C;
    break;
  }
  return R;
}

std::string nodeName(const Ir &P, uint32_t N) {
  const Node &Nd = P.Nodes[N];
  if (Nd.O == Op::Leaf)
    return Nd.Name;
  return "n" + std::to_string(N) + ":" + opName(Nd.O);
}

std::string show(const Ir &P, const Lit &L) {
  const Node &N = P.Nodes[L.Var];
  std::string V = nodeName(P, L.Var);
  if (N.S == Sort::Bool)
    return L.K == Bound::UGe ? V : "!" + V;
  switch (L.K) {
  case Bound::UGe:
    return V + " >=u " + std::to_string(L.C);
  case Bound::ULe:
    return V + " <=u " + std::to_string(L.C);
  case Bound::SGe:
    return V + " >=s " + std::to_string(int64_t(L.C));
  case Bound::SLe:
    return V + " <=s " + std::to_string(int64_t(L.C));
  case Bound::Bit0:
    return V + "[" + std::to_string(L.C) + "]=0";
  case Bound::Bit1:
    return V + "[" + std::to_string(L.C) + "]=1";
  }
  return V;
}

} // namespace vcdpor::bmc::acdlp
