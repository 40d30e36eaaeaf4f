//===- tests/unit/chc/FromProgramTest.cpp - The C encoding's pieces -------===//
#include "chc/FromProgramImpl.h"

#include <gtest/gtest.h>

using namespace vcdpor;
using namespace vcdpor::chcenc;

namespace {
// The unsigned reading of a signed value of width W.
uint64_t bits(int64_t V, unsigned W) {
  return W >= 64 ? uint64_t(V) : uint64_t(V) & ((uint64_t(1) << W) - 1);
}

bool holds(IPred P, int64_t A, int64_t B, unsigned W) {
  uint64_t UA = bits(A, W), UB = bits(B, W);
  switch (P) {
  case IPred::Eq:
    return A == B;
  case IPred::Ne:
    return A != B;
  case IPred::Ugt:
    return UA > UB;
  case IPred::Uge:
    return UA >= UB;
  case IPred::Ult:
    return UA < UB;
  case IPred::Ule:
    return UA <= UB;
  case IPred::Sgt:
    return (W == 1 ? -A : A) > (W == 1 ? -B : B);
  case IPred::Sge:
    return (W == 1 ? -A : A) >= (W == 1 ? -B : B);
  case IPred::Slt:
    return (W == 1 ? -A : A) < (W == 1 ? -B : B);
  case IPred::Sle:
    return (W == 1 ? -A : A) <= (W == 1 ? -B : B);
  }
  return false;
}

// On constants the disjunction simplifies to one empty conjunction (true)
// or none (false): it must agree with the comparison of the bits, both
// ways round, for signed and unsigned predicates alike.
TEST(FromProgram, ComparisonsAreExact) {
  for (unsigned W : {1u, 8u, 32u}) {
    auto [Lo, Hi] = range(W);
    std::vector<int64_t> Vs = {Lo, Lo + 1, -1, 0, 1, Hi - 1, Hi};
    for (int P = 0; P <= int(IPred::Sle); ++P)
      for (int64_t A : Vs)
        for (int64_t B : Vs) {
          if (A < Lo || A > Hi || B < Lo || B > Hi)
            continue;
          for (bool T : {true, false}) {
            Dnf D = compare(IPred(P), cst(A), cst(B), W, T);
            bool Sat = !D.empty();
            if (Sat)
              EXPECT_TRUE(D[0].empty());
            EXPECT_EQ(Sat, holds(IPred(P), A, B, W) == T)
                << "pred " << P << " " << A << " " << B << " width " << W;
          }
        }
  }
}

TEST(FromProgram, ConstantsBeyond64BitsAreNoticed) {
  linOverflow() = false;
  LinExpr E = plus(cst(INT64_MAX), 1);
  (void)E;
  EXPECT_TRUE(linOverflow());
  linOverflow() = false;
  E = scale(var(0), int64_t(1) << 40);
  E = scale(E, int64_t(1) << 30);
  EXPECT_TRUE(linOverflow());
  linOverflow() = false;
}

// main draws a (node 2: the init clause), calls f (entry, node 3 under
// the call point) which draws b and returns; the call clause (node 1)
// joins the caller's prefix with the callee's draws; the error query
// (node 0) draws c. The execution draws a, b, c.
TEST(FromProgram, NondetSequenceFollowsTheExecution) {
  ChcProgram C;
  auto Add = [&](ChcClauseInfo::Kind K, std::vector<unsigned> Nd) {
    C.Info.push_back({K, "", 0, Nd});
    C.S.Clauses.emplace_back();
    return unsigned(C.Info.size() - 1);
  };
  unsigned Init = Add(ChcClauseInfo::Init, {0}); // a
  unsigned Entry = Add(ChcClauseInfo::Entry, {});
  unsigned Ret = Add(ChcClauseInfo::Return, {1}); // b
  unsigned Call = Add(ChcClauseInfo::Call, {});
  unsigned Err = Add(ChcClauseInfo::Error, {0}); // c
  // Preorder: 0 error, 1 call, 2 call point (init), 3 summary (return),
  // 4 callee entry, 5 call point again (init).
  std::vector<ChcDerivationNode> D = {
      {Err, 0, "false", {1}},     {Call, 0, "main.after", {2, 3}},
      {Init, 0, "main.call", {}}, {Ret, 0, "f.sum", {4}},
      {Entry, 0, "f.b0", {5}},    {Init, 0, "main.call", {}}};
  std::vector<std::vector<int64_t>> V = {{30}, {}, {10}, {0, 20}, {}, {10}};
  std::vector<int64_t> Seq;
  std::string Why;
  ASSERT_TRUE(nondetSequence(C, D, V, Seq, Why)) << Why;
  EXPECT_EQ(Seq, (std::vector<int64_t>{10, 20, 30}));
}
} // namespace
