//===- tests/unit/closure/RulesTest.cpp - Hand-written closure cases ------===//
//
// Small orders from the paper's definitions: each rule firing alone, each way
// to reach bottom, locks, read-modify-writes, and the write queries.
//
//===----------------------------------------------------------------------===//

#include "closure/AnnotatedPO.h"
#include "closure/Linearize.h"

#include <gtest/gtest.h>

using namespace vcdpor::closure;

namespace {

constexpr Location X = 0, Y = 1, M = 7;

void expectRules(const AnnotatedPO &A, uint64_t R1, uint64_t R2, uint64_t R3) {
  EXPECT_EQ(A.stats().Rule1Edges, R1);
  EXPECT_EQ(A.stats().Rule2Edges, R2);
  EXPECT_EQ(A.stats().Rule3Edges, R3);
}

void expectWitness(const AnnotatedPO &A) {
  Result<std::vector<EventId>> T = linearize(A);
  ASSERT_TRUE(T.ok()) << T.error();
  EXPECT_TRUE(checkWitness(A, T.value()).ok());
}

// Rule 1: the only good write of a root read is an unordered leaf write; it
// must be ordered before the read.
TEST(ClosureRules, Rule1Alone) {
  AnnotatedPO A(2);
  EventId R = A.addRead(0, X, 1);
  EventId W = A.addWrite(1, X, 1);
  ASSERT_TRUE(A.setGoodWrites(R, {W}, Side::Remote).ok());
  ASSERT_TRUE(A.validate().ok());
  EXPECT_EQ(A.visibleWrites(R), std::vector<EventId>{W});
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(W, R));
  expectRules(A, 1, 0, 0);
  expectWitness(A);
}

// Rule 2: the read's local good write precedes a bad leaf write, which is then
// the only maximal visible write; it must follow the read.
TEST(ClosureRules, Rule2Alone) {
  AnnotatedPO A(2);
  EventId W0 = A.addWrite(0, X, 1);
  EventId R = A.addRead(0, X, 1);
  EventId U = A.addWrite(1, X, 2);
  ASSERT_TRUE(A.addEdge(W0, U).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {W0}, Side::Local).ok());
  ASSERT_TRUE(A.validate().ok());
  EXPECT_EQ(A.maximalWrites(R), std::vector<EventId>{U});
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(R, U));
  expectRules(A, 0, 1, 0);
  expectWitness(A);
}

// Rule 2 does not fire while the good write is unordered with the bad one:
// both are maximal.
TEST(ClosureRules, Rule2NotNeededWhenGoodWriteMaximal) {
  AnnotatedPO A(2);
  EventId W0 = A.addWrite(0, X, 1);
  EventId R = A.addRead(0, X, 1);
  EventId U = A.addWrite(1, X, 2);
  ASSERT_TRUE(A.setGoodWrites(R, {W0}, Side::Local).ok());
  EXPECT_EQ(A.maximalWrites(R), (std::vector<EventId>{W0, U}));
  ASSERT_TRUE(A.close());
  EXPECT_FALSE(A.ordered(R, U));
  expectRules(A, 0, 0, 0);
}

// Rule 3, first case: a bad write A before a leaf read on its own side must
// precede the good (root) write the read observes.
TEST(ClosureRules, Rule3BadOwnSideWrite) {
  AnnotatedPO A(2);
  EventId G = A.addWrite(0, X, 1);
  EventId Bad = A.addWrite(1, X, 0);
  EventId R = A.addRead(1, X, 1);
  ASSERT_TRUE(A.addEdge(G, R).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {G}).ok());
  ASSERT_TRUE(A.validate().ok());
  EXPECT_EQ(A.minimalWrites(R), (std::vector<EventId>{G, Bad}));
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(Bad, G));
  expectRules(A, 0, 0, 1);
  expectWitness(A);
}

// Rule 3, second case: a bad remote write before a root read whose only good
// write is local must precede that local write.
TEST(ClosureRules, Rule3BadOtherSideWrite) {
  AnnotatedPO A(2);
  EventId G = A.addWrite(0, X, 1);
  EventId R = A.addRead(0, X, 1);
  EventId Bad = A.addWrite(1, X, 2);
  ASSERT_TRUE(A.addEdge(Bad, R).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {G}, Side::Local).ok());
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(Bad, G));
  expectRules(A, 0, 0, 1);
  expectWitness(A);
}

TEST(ClosureBottom, NoGoodWrites) {
  AnnotatedPO A(2);
  A.addWrite(1, X, 1);
  EventId R = A.addRead(0, X, 1);
  ASSERT_TRUE(A.setGoodWrites(R, {}, Side::Remote).ok());
  ClosureResult C = A.close();
  EXPECT_FALSE(C);
  EXPECT_EQ(C.Culprit, R);
  EXPECT_TRUE(A.isInfeasible());
  EXPECT_FALSE(A.close());
  EXPECT_FALSE(linearize(A).ok());
}

TEST(ClosureBottom, GoodWriteAfterRead) {
  AnnotatedPO A(2);
  EventId R = A.addRead(1, X, 1);
  EventId W = A.addWrite(1, X, 1);
  ASSERT_TRUE(A.setGoodWrites(R, {W}).ok());
  EXPECT_TRUE(A.visibleWrites(R).empty());
  EXPECT_FALSE(A.close());
}

TEST(ClosureBottom, GoodWriteHidden) {
  AnnotatedPO A(2);
  EventId G = A.addWrite(0, X, 1);
  EventId R = A.addRead(0, X, 1);
  EventId Bad = A.addWrite(1, X, 2);
  ASSERT_TRUE(A.addEdge(G, Bad).ok());
  ASSERT_TRUE(A.addEdge(Bad, R).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {G}, Side::Local).ok());
  EXPECT_EQ(A.visibleWrites(R), std::vector<EventId>{Bad});
  EXPECT_FALSE(A.close());
}

// Bottom only after inference: root a=x:1, b=read x (2, from c); leaf c=x:2,
// d=read x (1, from a). b needs a < c < b, so a hides itself from d.
TEST(ClosureBottom, AfterInference) {
  AnnotatedPO A(2);
  EventId Wa = A.addWrite(0, X, 1);
  EventId Rb = A.addRead(0, X, 2);
  EventId Wc = A.addWrite(1, X, 2);
  EventId Rd = A.addRead(1, X, 1);
  ASSERT_TRUE(A.setGoodWrites(Rb, {Wc}, Side::Remote).ok());
  ASSERT_TRUE(A.setGoodWrites(Rd, {Wa}).ok());
  ASSERT_TRUE(A.validate().ok());
  ClosureResult C = A.close();
  EXPECT_FALSE(C);
  EXPECT_EQ(C.Culprit, Rd);
}

// Several good writes: rule 1 orders only the chain-earliest one.
TEST(ClosureRules, Rule1PicksEarliestGoodWrite) {
  AnnotatedPO A(3);
  EventId R = A.addRead(0, X, 1);
  EventId W1 = A.addWrite(1, X, 1);
  EventId W2 = A.addWrite(2, X, 1);
  ASSERT_TRUE(A.addEdge(W1, W2).ok()); // Mwidth: leaf writes ordered
  ASSERT_TRUE(A.setGoodWrites(R, {W1, W2}, Side::Remote).ok());
  ASSERT_TRUE(A.validate().ok());
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(W1, R));
  EXPECT_FALSE(A.ordered(W2, R));
  expectWitness(A);
}

TEST(ClosureRules, ReadModifyWriteChain) {
  AnnotatedPO A(3);
  EventId W0 = A.addWrite(0, X, 0);
  EventId U1 = A.addRMW(1, X, 0, 1);
  EventId U2 = A.addRMW(2, X, 1, 2);
  EventId R = A.addRead(0, X, 2);
  ASSERT_TRUE(A.addEdge(W0, U1).ok());
  ASSERT_TRUE(A.addEdge(W0, U2).ok());
  ASSERT_TRUE(A.addEdge(U1, U2).ok());
  ASSERT_TRUE(A.setGoodWrites(U1, {W0}).ok());
  ASSERT_TRUE(A.setGoodWrites(U2, {U1}).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {U2}, Side::Remote).ok());
  ASSERT_TRUE(A.validate().ok());
  // An RMW never observes its own write.
  EXPECT_EQ(A.visibleWrites(U1), std::vector<EventId>{W0});
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(U2, R));
  expectWitness(A);
}

TEST(ClosureRules, ReadModifyWriteWrongOrderIsBottom) {
  AnnotatedPO A(3);
  EventId W0 = A.addWrite(0, X, 0);
  EventId U1 = A.addRMW(1, X, 0, 1);
  EventId U2 = A.addRMW(2, X, 1, 2);
  ASSERT_TRUE(A.addEdge(U2, U1).ok()); // U2 cannot read U1 any more
  ASSERT_TRUE(A.setGoodWrites(U1, {W0}).ok());
  ASSERT_TRUE(A.setGoodWrites(U2, {U1}).ok());
  ASSERT_TRUE(A.validate().ok());
  EXPECT_FALSE(A.close());
}

// A root RMW is atomic: a leaf write after the initial value cannot slip in
// between its read and its write, so it is ordered after the RMW.
TEST(ClosureRules, RootReadModifyWriteAtomic) {
  AnnotatedPO A(2);
  EventId W0 = A.addWrite(0, X, 0);
  EventId U = A.addRMW(0, X, 0, 1);
  EventId L = A.addWrite(1, X, 5);
  ASSERT_TRUE(A.addEdge(W0, L).ok());
  ASSERT_TRUE(A.setGoodWrites(U, {W0}, Side::Local).ok());
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(U, L));
  expectWitness(A);
}

// Two critical sections on M; the caller grants T0 first with an edge.
class Locks : public ::testing::Test {
protected:
  void SetUp() override {
    Init = A.addWrite(0, X, 1); // same value as W: only the order decides
    L0 = A.addLock(0, M);
    W = A.addWrite(0, X, 1);
    U0 = A.addUnlock(0, M);
    L1 = A.addLock(1, M);
    R = A.addRead(1, X, 1);
    U1 = A.addUnlock(1, M);
    ASSERT_TRUE(A.addEdge(Init, L1).ok());
  }
  AnnotatedPO A{2};
  EventId Init, L0, W, U0, L1, R, U1;
};

TEST_F(Locks, UnorderedCriticalSectionsRejected) {
  ASSERT_TRUE(A.setGoodWrites(R, {W}).ok());
  Status S = A.validate();
  EXPECT_FALSE(S.ok());
  EXPECT_NE(S.message().find("mutex"), std::string::npos) << S.message();
}

TEST_F(Locks, GrantOrderIsAnEdge) {
  ASSERT_TRUE(A.addEdge(U0, L1).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {W}).ok());
  ASSERT_TRUE(A.validate().ok()) << A.validate().message();
  ASSERT_TRUE(A.close());
  expectWitness(A);
}

TEST_F(Locks, GrantOrderForcesValue) {
  // T0's section runs first, so T1 cannot read the initial value any more.
  ASSERT_TRUE(A.addEdge(U0, L1).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {Init}).ok());
  ASSERT_TRUE(A.validate().ok());
  EXPECT_FALSE(A.close());
}

TEST_F(Locks, OtherGrantOrder) {
  ASSERT_TRUE(A.addEdge(U1, L0).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {Init}).ok());
  ASSERT_TRUE(A.validate().ok());
  ASSERT_TRUE(A.close());
  expectWitness(A);
}

TEST_F(Locks, OverlappingSectionsRejected) {
  ASSERT_TRUE(A.addEdge(L0, L1).ok());
  ASSERT_TRUE(A.addEdge(L1, U0).ok());
  ASSERT_TRUE(A.setGoodWrites(R, {W}).ok());
  EXPECT_FALSE(A.validate().ok());
}

TEST(Validate, Errors) {
  AnnotatedPO A(3);
  EventId W1 = A.addWrite(1, X, 1);
  EventId W0 = A.addWrite(0, X, 1);
  EventId R = A.addRead(0, X, 1);
  EventId WY = A.addWrite(2, Y, 1);
  EXPECT_FALSE(A.validate().ok()) << "unannotated read";
  ASSERT_TRUE(A.setGoodWrites(R, {W1}).ok());
  EXPECT_NE(A.validate().message().find("side"), std::string::npos);
  ASSERT_TRUE(A.setGoodWrites(R, {W1}, Side::Local).ok());
  EXPECT_NE(A.validate().message().find("side"), std::string::npos);
  ASSERT_TRUE(A.setGoodWrites(R, {W0, W1}, Side::Remote).ok());
  EXPECT_FALSE(A.validate().ok());
  ASSERT_TRUE(A.setGoodWrites(R, {WY}, Side::Remote).ok());
  EXPECT_NE(A.validate().message().find("conflict"), std::string::npos);
  ASSERT_TRUE(A.setGoodWrites(R, {W1}, Side::Remote).ok());
  EXPECT_TRUE(A.validate().ok()) << A.validate().message();

  EventId R2 = A.addRead(2, X, 2);
  ASSERT_TRUE(A.setGoodWrites(R2, {W0}).ok());
  EXPECT_NE(A.validate().message().find("values"), std::string::npos);
  ASSERT_TRUE(A.setGoodWrites(R2, {}).ok());
  EXPECT_NE(A.validate().message().find("Mwidth"), std::string::npos);
  ASSERT_TRUE(A.addEdge(W1, R2).ok());
  EXPECT_TRUE(A.validate().ok()) << A.validate().message();

  EXPECT_FALSE(A.addEdge(R2, W1).ok()) << "cycle";
  EXPECT_FALSE(A.addEdge(R, R).ok());
  EXPECT_FALSE(A.addEdge(R, {5, 0}).ok());
  EXPECT_FALSE(A.setGoodWrites(W0, {W1}).ok()) << "not a read";
  EXPECT_FALSE(A.setGoodWrites(R, {{1, 9}}).ok()) << "unknown write";
}

TEST(ReadsFromMode, SingletonAnnotations) {
  AnnotatedPO::Options O;
  O.ReadsFrom = true;
  AnnotatedPO A(2, O);
  EventId W0 = A.addWrite(0, X, 0);
  EventId R = A.addRead(0, X, 99); // values are not compared
  EventId W1 = A.addWrite(1, X, 1);
  ASSERT_TRUE(A.setReadsFrom(R, W1).ok());
  EXPECT_EQ(A.side(R), Side::Remote);
  ASSERT_TRUE(A.validate().ok()) << A.validate().message();
  ASSERT_TRUE(A.close());
  // W1 -> R (rule 1), then W0 is a bad write before R: W0 -> W1 (rule 3).
  EXPECT_TRUE(A.before(W1, R));
  EXPECT_TRUE(A.before(W0, W1));
  expectWitness(A);
  ASSERT_TRUE(A.setGoodWrites(R, {W0}).ok());
  EXPECT_EQ(A.side(R), Side::Local) << "derived from the write";
  ASSERT_TRUE(A.setGoodWrites(R, {W0, W1}, Side::Remote).ok());
  EXPECT_FALSE(A.validate().ok()) << "two good writes in reads-from mode";
}

// Re-closing after one new read examines only what the read affects.
TEST(Incremental, NewReadExaminesLittle) {
  AnnotatedPO A(3);
  std::vector<EventId> Ws;
  for (int I = 0; I < 20; ++I) {
    Ws.push_back(A.addWrite(1, Y, I));
    EventId R = A.addRead(0, Y, I);
    ASSERT_TRUE(A.setGoodWrites(R, {Ws.back()}, Side::Remote).ok());
  }
  ASSERT_TRUE(A.close());
  uint64_t Before = A.stats().ReadsExamined;
  EventId W = A.addWrite(2, X, 3);
  EventId R = A.addRead(0, X, 3);
  ASSERT_TRUE(A.setGoodWrites(R, {W}, Side::Remote).ok());
  ASSERT_TRUE(A.close());
  EXPECT_TRUE(A.before(W, R));
  EXPECT_LE(A.stats().ReadsExamined - Before, 3u);
  expectWitness(A);
}

} // namespace
