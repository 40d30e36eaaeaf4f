//===- tests/unit/bmc/AcdlpTest.cpp - ACDLP's domain and search -----------===//
//
// The interval domain (bmc/acdlp/Domain.h) against brute force on 4-bit
// values: every transformer must contain every concrete result (forward)
// and every argument value that can produce a result in the box
// (backward), and the forward ones must be exact on single values. Conflict
// analysis (bmc/acdlp/Solver.h) on a hand-made trace, and whole searches.
//
//===----------------------------------------------------------------------===//
#include "bmc/acdlp/Solver.h"

#include <gtest/gtest.h>

using namespace vcdpor::bmc::acdlp;

namespace {

uint32_t leaf(Ir &P, Sort S, unsigned W, const std::string &Name) {
  Node N;
  N.O = Op::Leaf, N.S = S, N.W = W, N.Name = Name;
  return P.add(N);
}
uint32_t op(Ir &P, Op O, Sort S, unsigned W, std::vector<uint32_t> Args,
            unsigned Hi = 0, unsigned Lo = 0) {
  Node N;
  N.O = O, N.S = S, N.W = W, N.Args = std::move(Args), N.Hi = Hi, N.Lo = Lo;
  return P.add(N);
}
uint32_t cst(Ir &P, Sort S, unsigned W, uint64_t V) {
  Node N;
  N.O = Op::Const, N.S = S, N.W = W, N.Val = V;
  return P.add(N);
}

/// Boxes of a W-bit value: unsigned intervals, signed intervals and known
/// bits (with a wide interval), each reduced, over a spread of end points
/// and bit patterns.
std::vector<Box> boxes(Sort S, unsigned W) {
  std::vector<Box> Out;
  uint64_t M = umax(W);
  std::vector<uint64_t> Pts;
  for (uint64_t V = 0; V <= M; V += (M > 3 ? 2 : 1))
    Pts.push_back(V);
  Pts.push_back(M);
  Pts.push_back(M / 2 + 1);
  for (uint64_t A : Pts)
    for (uint64_t B : Pts) {
      if (A > B)
        continue;
      Box X = full(S, W);
      X.ULo = A, X.UHi = B;
      if (reduce(S, W, X))
        Out.push_back(X);
      if (S == Sort::BV) {
        Box Y = full(S, W);
        Y.SLo = toSigned(A, W), Y.SHi = toSigned(B, W);
        if (Y.SLo <= Y.SHi && reduce(S, W, Y))
          Out.push_back(Y);
      }
    }
  if (S == Sort::BV)
    for (uint64_t Known : {uint64_t(1), uint64_t(3), uint64_t(5),
                           uint64_t(1) << (W - 1), umax(W) >> 1})
      for (uint64_t V : {uint64_t(0), uint64_t(1), uint64_t(6), umax(W)}) {
        Box X = full(S, W);
        X.Ones = V & Known & umax(W);
        X.Zeros = ~V & Known & umax(W);
        if (reduce(S, W, X))
          Out.push_back(X);
        X.ULo = 2; // and an interval that cuts a bit pattern
        if (reduce(S, W, X))
          Out.push_back(X);
      }
  return Out;
}

std::vector<uint64_t> members(Sort S, unsigned W, const Box &B) {
  std::vector<uint64_t> V;
  for (uint64_t X = 0; X <= umax(W); ++X)
    if (contains(S, W, B, X))
      V.push_back(X);
  return V;
}

/// Checks node Z = O(x, y) (or O(x)) against brute force.
void checkBinary(Op O, Sort ZS, unsigned ZW, unsigned WX, unsigned WY,
                 bool Unary = false, unsigned Hi = 0, unsigned Lo = 0) {
  Ir P;
  uint32_t X = leaf(P, Sort::BV, WX, "x");
  uint32_t Y = leaf(P, Sort::BV, WY, "y");
  std::vector<uint32_t> Args =
      Unary ? std::vector<uint32_t>{X} : std::vector<uint32_t>{X, Y};
  uint32_t Z = op(P, O, ZS, ZW, Args, Hi, Lo);
  std::vector<Box> Bx = boxes(Sort::BV, WX), By = boxes(Sort::BV, WY);
  if (Unary)
    By = {full(Sort::BV, WY)};
  std::vector<Box> Bz = boxes(ZS, ZW);
  Bz.push_back(full(ZS, ZW));
  std::vector<Box> D(3, full(Sort::BV, 4));
  for (const Box &A : Bx)
    for (const Box &B : By) {
      D[X] = A, D[Y] = B, D[Z] = full(ZS, ZW);
      Box F = forward(P, Z, D);
      std::vector<uint64_t> Xs = members(Sort::BV, WX, A),
                            Ys = Unary ? std::vector<uint64_t>{0}
                                       : members(Sort::BV, WY, B);
      for (uint64_t XV : Xs)
        for (uint64_t YV : Ys) {
          uint64_t R = evalOp(P, P.Nodes[Z],
                              Unary ? std::vector<uint64_t>{XV}
                                    : std::vector<uint64_t>{XV, YV});
          ASSERT_TRUE(contains(ZS, ZW, F, R))
              << opName(O) << " forward misses " << XV << "," << YV;
        }
      if (Xs.size() == 1 && Ys.size() == 1) {
        uint64_t R = evalOp(P, P.Nodes[Z],
                            Unary ? std::vector<uint64_t>{Xs[0]}
                                  : std::vector<uint64_t>{Xs[0], Ys[0]});
        ASSERT_TRUE(F == single(ZS, ZW, R)) << opName(O) << " not exact";
      }
      // Backward, for a sample of result boxes.
      for (size_t K = 0; K < Bz.size(); K += 7) {
        D[Z] = Bz[K];
        for (unsigned I = 0; I < Args.size(); ++I) {
          Box Bk = backward(P, Z, I, D);
          for (uint64_t XV : Xs)
            for (uint64_t YV : Ys) {
              uint64_t R = evalOp(P, P.Nodes[Z],
                                  Unary ? std::vector<uint64_t>{XV}
                                        : std::vector<uint64_t>{XV, YV});
              if (!contains(ZS, ZW, Bz[K], R))
                continue;
              uint64_t AV = I == 0 ? XV : YV;
              ASSERT_TRUE(contains(Sort::BV, I == 0 ? WX : WY, Bk, AV))
                  << opName(O) << " backward " << I << " drops " << AV << " (x "
                  << XV << " y " << YV << ")";
            }
        }
      }
    }
}

TEST(AcdlpDomain, MeetJoinReduce) {
  Box A = full(Sort::BV, 4), B = full(Sort::BV, 4);
  A.ULo = 2, A.UHi = 9;
  B.ULo = 5, B.UHi = 12;
  Box M = meet(A, B), J = join(A, B);
  EXPECT_EQ(M.ULo, 5u);
  EXPECT_EQ(M.UHi, 9u);
  EXPECT_EQ(J.ULo, 2u);
  EXPECT_EQ(J.UHi, 12u);
  // [9, 12] unsigned lies in the negative half: signed [-7, -4].
  Box C = full(Sort::BV, 4);
  C.ULo = 9, C.UHi = 12;
  ASSERT_TRUE(reduce(Sort::BV, 4, C));
  EXPECT_EQ(C.SLo, -7);
  EXPECT_EQ(C.SHi, -4);
  // Signed [-2, 3] crosses zero: the unsigned view learns nothing.
  Box S = full(Sort::BV, 4);
  S.SLo = -2, S.SHi = 3;
  ASSERT_TRUE(reduce(Sort::BV, 4, S));
  EXPECT_EQ(S.ULo, 0u);
  EXPECT_EQ(S.UHi, 15u);
  // Bits: x = 1?0? (bit 3 one, bit 1 zero) bounds x to [8, 13]; the
  // unsigned [4, 7] has the common prefix 01.
  Box K = full(Sort::BV, 4);
  K.Ones = 8, K.Zeros = 2;
  ASSERT_TRUE(reduce(Sort::BV, 4, K));
  EXPECT_EQ(K.ULo, 8u);
  EXPECT_EQ(K.UHi, 13u);
  Box Pf = full(Sort::BV, 4);
  Pf.ULo = 4, Pf.UHi = 7;
  ASSERT_TRUE(reduce(Sort::BV, 4, Pf));
  EXPECT_EQ(Pf.Ones, 4u);
  EXPECT_EQ(Pf.Zeros, 8u);
  // Unsigned [0, 5] and signed [-3, -1] are disjoint.
  Box E = full(Sort::BV, 4);
  E.UHi = 5, E.SLo = -3, E.SHi = -1;
  EXPECT_FALSE(reduce(Sort::BV, 4, E));
}

TEST(AcdlpDomain, ComplementsOfMeetIrreducibles) {
  Ir P;
  uint32_t X = leaf(P, Sort::BV, 4, "x");
  uint32_t B = leaf(P, Sort::Bool, 1, "b");
  uint32_t I = leaf(P, Sort::Int, 64, "i");
  // Exact: for each bound and each value, exactly one of L and its
  // complement holds.
  for (Bound K : {Bound::UGe, Bound::ULe, Bound::SGe, Bound::SLe})
    for (int64_t C = -8; C <= 15; ++C) {
      Lit L{X, K, uint64_t(C)};
      if ((K == Bound::UGe || K == Bound::ULe) && C < 0)
        continue;
      if ((K == Bound::SGe || K == Bound::SLe) && C > 7)
        continue;
      Lit N;
      if (!complement(P, L, N)) {
        for (uint64_t V = 0; V < 16; ++V)
          EXPECT_TRUE(holds(single(Sort::BV, 4, V), L)) << show(P, L);
        continue;
      }
      for (uint64_t V = 0; V < 16; ++V)
        EXPECT_NE(holds(single(Sort::BV, 4, V), L),
                  holds(single(Sort::BV, 4, V), N))
            << show(P, L) << " / " << show(P, N) << " at " << V;
    }
  for (uint64_t I = 0; I < 4; ++I) {
    Lit Z{X, Bound::Bit0, I}, O;
    ASSERT_TRUE(complement(P, Z, O));
    for (uint64_t V = 0; V < 16; ++V)
      EXPECT_NE(holds(single(Sort::BV, 4, V), Z),
                holds(single(Sort::BV, 4, V), O));
  }
  Lit T{B, Bound::UGe, 1}, F;
  ASSERT_TRUE(complement(P, T, F));
  EXPECT_EQ(F.K, Bound::ULe);
  EXPECT_EQ(F.C, 0u);
  EXPECT_EQ(show(P, F), "!b");
  Lit Top{I, Bound::SLe, uint64_t(IntMax)}, None;
  EXPECT_FALSE(complement(P, Top, None));
}

TEST(AcdlpDomain, Arithmetic) {
  for (Op O : {Op::Add, Op::Sub, Op::Mul})
    checkBinary(O, Sort::BV, 4, 4, 4);
  checkBinary(Op::Neg, Sort::BV, 4, 4, 4, true);
}
TEST(AcdlpDomain, Division) {
  for (Op O : {Op::UDiv, Op::URem, Op::SDiv, Op::SRem, Op::SMod})
    checkBinary(O, Sort::BV, 4, 4, 4);
}
TEST(AcdlpDomain, Bitwise) {
  for (Op O : {Op::BAnd, Op::BOr, Op::BXor, Op::Shl, Op::LShr, Op::AShr})
    checkBinary(O, Sort::BV, 4, 4, 4);
  checkBinary(Op::BNot, Sort::BV, 4, 4, 4, true);
}
TEST(AcdlpDomain, Comparisons) {
  for (Op O : {Op::Eq, Op::ULe, Op::ULt, Op::SLe, Op::SLt, Op::UMulNoOvfl,
               Op::SMulNoOvfl, Op::SMulNoUdfl})
    checkBinary(O, Sort::Bool, 1, 4, 4);
}
TEST(AcdlpDomain, ExtractExtendConcat) {
  checkBinary(Op::Extract, Sort::BV, 3, 4, 4, true, 2, 0);
  checkBinary(Op::Extract, Sort::BV, 2, 4, 4, true, 3, 2);
  checkBinary(Op::Extract, Sort::BV, 2, 4, 4, true, 2, 1);
  checkBinary(Op::ZExt, Sort::BV, 6, 4, 4, true);
  checkBinary(Op::SExt, Sort::BV, 6, 4, 4, true);
  checkBinary(Op::Concat, Sort::BV, 6, 4, 2);
}

TEST(AcdlpDomain, IteBackwardDecidesTheCondition) {
  Ir P;
  uint32_t C = leaf(P, Sort::Bool, 1, "c");
  uint32_t A = cst(P, Sort::BV, 4, 3), B = cst(P, Sort::BV, 4, 9);
  uint32_t Z = op(P, Op::Ite, Sort::BV, 4, {C, A, B});
  std::vector<Box> D(4);
  D[C] = full(Sort::Bool, 1);
  D[A] = single(Sort::BV, 4, 3);
  D[B] = single(Sort::BV, 4, 9);
  D[Z] = forward(P, Z, D);
  EXPECT_EQ(D[Z].ULo, 3u);
  EXPECT_EQ(D[Z].UHi, 9u);
  D[Z].ULo = 5; // z >= 5: only the else branch fits
  Box Cb = backward(P, Z, 0, D);
  EXPECT_EQ(Cb.ULo, 0u);
  EXPECT_EQ(Cb.UHi, 0u);
}

/// c -> x % 3 == 0 over 4 bits; neither intervals nor known bits express
/// "a multiple of 3", so only a single value of x conflicts. Decide c
/// (level 1: x % 3 <=u 0), x >=u 10 (level 2), x <=u 10 (level 3): x % 3
/// is 1. The conflict's bounds are x >=u 10 (level 2), x <=u 10 (level 3,
/// the decision, so the first UIP) and x % 3 <=u 0 (level 1); x's signed
/// bounds and bits follow from its unsigned ones and stay out. Learned:
/// their complements, the UIP's first; back to level 2, where the clause
/// asserts x >=u 11.
TEST(AcdlpSolver, FirstUipOnAHandMadeTrace) {
  Ir P;
  uint32_t C = leaf(P, Sort::Bool, 1, "c");
  uint32_t X = leaf(P, Sort::BV, 4, "x");
  uint32_t Rem = op(P, Op::URem, Sort::BV, 4, {X, cst(P, Sort::BV, 4, 3)});
  uint32_t Eq = op(P, Op::Eq, Sort::Bool, 1, {Rem, cst(P, Sort::BV, 4, 0)});
  uint32_t NotC = op(P, Op::Not, Sort::Bool, 1, {C});
  P.Roots.push_back(op(P, Op::Or, Sort::Bool, 1, {NotC, Eq}));
  std::vector<std::string> Log;
  SolverOptions O;
  O.Trace = [&](const std::string &L) { Log.push_back(L); };
  Solver S(P, O);
  ASSERT_TRUE(S.start());
  S.decide({C, Bound::UGe, 1});
  ASSERT_TRUE(S.propagate());
  EXPECT_EQ(S.box(Rem).UHi, 0u);
  S.decide({X, Bound::UGe, 10});
  ASSERT_TRUE(S.propagate());
  S.decide({X, Bound::ULe, 10});
  ASSERT_FALSE(S.propagate());
  std::vector<Lit> Learned;
  unsigned Back = 9;
  S.analyze(Learned, Back);
  ASSERT_EQ(Learned.size(), 3u);
  EXPECT_EQ(show(P, Learned[0]), "x >=u 11");
  EXPECT_EQ(show(P, Learned[1]), "x <=u 9");
  EXPECT_EQ(show(P, Learned[2]), nodeName(P, Rem) + " >=u 1");
  EXPECT_EQ(Back, 2u);
  S.learn(Learned, Back);
  ASSERT_TRUE(S.propagate());
  EXPECT_EQ(S.level(), 2u);
  EXPECT_EQ(S.box(X).ULo, 11u);
  EXPECT_EQ(S.stats().Learned, 1u);
  EXPECT_EQ(Log.front(), "  " + nodeName(P, P.Roots[0]) + "   [assertion]");
}

/// x & 1 == 1 and x * 2 + 4 == y (4 bits): the known bits say x is odd
/// and y even, with no decision: (y & 1) == 1 is unsat at level 0.
TEST(AcdlpSolver, KnownBitsDecideParity) {
  Ir P;
  uint32_t X = leaf(P, Sort::BV, 4, "x"), Y = leaf(P, Sort::BV, 4, "y");
  uint32_t One = cst(P, Sort::BV, 4, 1);
  uint32_t Lin = op(P, Op::Add, Sort::BV, 4,
                    {op(P, Op::Mul, Sort::BV, 4, {X, cst(P, Sort::BV, 4, 2)}),
                     cst(P, Sort::BV, 4, 4)});
  P.Roots.push_back(op(P, Op::Eq, Sort::Bool, 1, {Lin, Y}));
  P.Roots.push_back(op(P, Op::Eq, Sort::Bool, 1,
                       {op(P, Op::BAnd, Sort::BV, 4, {Y, One}), One}));
  Solver S(P, {});
  EXPECT_EQ(S.solve(), Answer::Unsat);
  EXPECT_EQ(S.stats().Decisions, 0u);
}

TEST(AcdlpSolver, WrapAroundEquationIsSat) {
  // 3 * x == 7 over 4 bits: x = 13 (39 mod 16).
  Ir P;
  uint32_t X = leaf(P, Sort::BV, 4, "x");
  uint32_t M = op(P, Op::Mul, Sort::BV, 4, {cst(P, Sort::BV, 4, 3), X});
  P.Roots.push_back(op(P, Op::Eq, Sort::Bool, 1, {M, cst(P, Sort::BV, 4, 7)}));
  Solver S(P, {});
  ASSERT_EQ(S.solve(), Answer::Sat);
  EXPECT_EQ(S.value(X), 13u);
}

TEST(AcdlpSolver, ContradictoryBoundsAreUnsat) {
  // x + 1 == y, y <=u x, x <u 200 over 8 bits: unsat (no wrap below 255).
  Ir P;
  uint32_t X = leaf(P, Sort::BV, 8, "x"), Y = leaf(P, Sort::BV, 8, "y");
  uint32_t Add = op(P, Op::Add, Sort::BV, 8, {X, cst(P, Sort::BV, 8, 1)});
  P.Roots.push_back(op(P, Op::Eq, Sort::Bool, 1, {Add, Y}));
  P.Roots.push_back(op(P, Op::ULe, Sort::Bool, 1, {Y, X}));
  P.Roots.push_back(
      op(P, Op::ULt, Sort::Bool, 1, {X, cst(P, Sort::BV, 8, 200)}));
  Solver S(P, {});
  EXPECT_EQ(S.solve(), Answer::Unsat);
  // With x free to be 255, y wraps to 0: sat.
  P.Roots.pop_back();
  Solver S2(P, {});
  ASSERT_EQ(S2.solve(), Answer::Sat);
  EXPECT_EQ(S2.value(X), 255u);
  EXPECT_EQ(S2.value(Y), 0u);
}

TEST(AcdlpSolver, IntegerClocksOrder) {
  // c1 < c2 < c3 < end, end <= 3: unsat with c1 > 0; sat with end <= 4.
  for (int64_t Max : {3, 4}) {
    Ir P;
    uint32_t C[4];
    for (int I = 0; I < 4; ++I)
      C[I] = leaf(P, Sort::Int, 64, "c" + std::to_string(I));
    P.Roots.push_back(
        op(P, Op::SLt, Sort::Bool, 1, {cst(P, Sort::Int, 64, 0), C[0]}));
    for (int I = 0; I < 3; ++I)
      P.Roots.push_back(op(P, Op::SLt, Sort::Bool, 1, {C[I], C[I + 1]}));
    P.Roots.push_back(op(P, Op::SLe, Sort::Bool, 1,
                         {C[3], cst(P, Sort::Int, 64, uint64_t(Max))}));
    Solver S(P, {});
    EXPECT_EQ(S.solve(), Max == 3 ? Answer::Unsat : Answer::Sat);
  }
}

} // namespace
