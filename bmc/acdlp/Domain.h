//===- bmc/acdlp/Domain.h - ACDLP's IR and interval domain ------*- C++ -*-===//
//
// The formula ACDLP decides (paper 004), as a DAG of typed nodes, and the
// abstract domain it searches in: per node, the reduced product of an
// unsigned interval, a signed interval and known bits over its bit-vector
// value (wrap-around semantics, as the C types have; the bits view sees
// parity and masks, which intervals cannot). Booleans are 1-bit values with an
// unsigned view only; mathematical integers (bmc's clocks) have a signed
// view only, within [IntMin, IntMax]. No Z3 and no LLVM here: FromZ3.cpp
// builds an Ir from bmc's formula, tests build one by hand.
//
// The meet-irreducibles of the domain are bounds, x >=u c, x <=u c,
// x >=s c, x <=s c, and single bits, x[i] = 0, x[i] = 1 (Lit); each has
// an exact complement in the domain (x <=u c-1, ..., x[i] = 1), which is
// what conflict analysis learns over.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_ACDLP_DOMAIN_H
#define VCDPOR_BMC_ACDLP_DOMAIN_H

#include <cstdint>
#include <string>
#include <vector>

namespace vcdpor::bmc::acdlp {

enum class Sort : uint8_t { Bool, BV, Int };

/// Operators. Bool: Not, And, Or (n-ary), Xor; Ite and Eq of any sort;
/// comparisons give a Bool; arithmetic on BV wraps, on Int it does not.
enum class Op : uint8_t {
  Const,
  Leaf,
  Not,
  And,
  Or,
  Xor,
  Ite,
  Eq,
  ULe,
  ULt,
  SLe,
  SLt,
  Add,
  Sub,
  Neg,
  Mul,
  UDiv,
  URem,
  SDiv,
  SRem,
  SMod,
  BAnd,
  BOr,
  BXor,
  BNot,
  Shl,
  LShr,
  AShr,
  Extract,
  ZExt,
  SExt,
  Concat,
  /// Bool: the product of the arguments fits (unsigned; signed, above;
  /// signed, below).
  UMulNoOvfl,
  SMulNoOvfl,
  SMulNoUdfl
};
const char *opName(Op O);

/// Invariant: Args precede the node (the Ir is topologically ordered);
/// binary operators have exactly two arguments, And/Or any number.
struct Node {
  Op O = Op::Leaf;
  Sort S = Sort::BV;
  unsigned W = 1;          ///< bits (Bool 1, Int 64)
  unsigned Hi = 0, Lo = 0; ///< Extract's bits
  uint64_t Val = 0;        ///< Const: the value (Int: two's complement)
  std::vector<uint32_t> Args;
  std::string Name; ///< Leaf: the formula's constant
};

struct Ir {
  std::vector<Node> Nodes;
  std::vector<uint32_t> Roots; ///< Bool nodes asserted true
  uint32_t add(Node N) {
    Nodes.push_back(std::move(N));
    return uint32_t(Nodes.size() - 1);
  }
};

/// Int values are confined to [IntMin, IntMax]: bmc's integers are clocks
/// and indices, whose order (with +1 offsets) is all the formula states,
/// so any model can be compressed to values below the number of events.
constexpr int64_t IntMax = int64_t(1) << 40, IntMin = -IntMax;

/// The abstract value of a node: the values x with ULo <= x <= UHi
/// (unsigned), SLo <= x <= SHi (signed), the bits of Zeros 0 and those of
/// Ones 1 (bit-vectors only). Views a sort lacks stay full.
struct Box {
  uint64_t ULo = 0, UHi = 0;
  int64_t SLo = 0, SHi = 0;
  uint64_t Zeros = 0, Ones = 0;
  bool operator==(const Box &B) const {
    return ULo == B.ULo && UHi == B.UHi && SLo == B.SLo && SHi == B.SHi &&
           Zeros == B.Zeros && Ones == B.Ones;
  }
};

uint64_t umax(unsigned W);
int64_t smin(unsigned W);
int64_t smax(unsigned W);
/// V (W bits) read as signed, and a signed value as W bits.
int64_t toSigned(uint64_t V, unsigned W);
uint64_t toUnsigned(int64_t V, unsigned W);

bool hasU(Sort S);
bool hasS(Sort S);
Box full(Sort S, unsigned W);
Box single(Sort S, unsigned W, uint64_t V);
bool isEmpty(const Box &B);
/// Fixed to one value (in every view the sort has).
bool isSingle(Sort S, const Box &B);
/// The single value (U view, or S view for Int, as two's complement).
uint64_t valueOf(Sort S, unsigned W, const Box &B);
bool contains(Sort S, unsigned W, const Box &B, uint64_t V);
Box meet(const Box &A, const Box &B);
Box join(const Box &A, const Box &B);
/// The reduction of the product: each view tightened by the other where
/// the other does not cross its wrap point. False when B becomes empty.
bool reduce(Sort S, unsigned W, Box &B);

/// The concrete semantics of a node over argument values (SMT-LIB's:
/// division by zero gives all ones, remainder by zero the dividend).
uint64_t evalOp(const Ir &P, const Node &N, const std::vector<uint64_t> &A);

/// The forward transformer of node N: an over-approximation of its value
/// given its arguments' boxes in D, exact when they are all single.
Box forward(const Ir &P, uint32_t N, const std::vector<Box> &D);
/// The backward transformer for argument I of N: an over-approximation of
/// the values of that argument for which N's value can lie in D[N], the
/// other arguments in their boxes (full when nothing is known).
Box backward(const Ir &P, uint32_t N, unsigned I, const std::vector<Box> &D);

/// A meet-irreducible: a bound on one view of node Var, or one known bit.
enum class Bound : uint8_t { UGe, ULe, SGe, SLe, Bit0, Bit1 };
struct Lit {
  uint32_t Var = 0;
  Bound K = Bound::UGe;
  /// The constant (S views: two's complement of int64; bits: the index).
  uint64_t C = 0;
  bool operator==(const Lit &L) const {
    return Var == L.Var && K == L.K && C == L.C;
  }
};
/// Whether box B implies L.
bool holds(const Box &B, const Lit &L);
/// The exact complement of L; false when L holds of every value of the
/// sort (then it has none).
bool complement(const Ir &P, const Lit &L, Lit &Out);
/// B met with L.
Box apply(const Box &B, const Lit &L);
std::string show(const Ir &P, const Lit &L);
std::string nodeName(const Ir &P, uint32_t N);

} // namespace vcdpor::bmc::acdlp

#endif
