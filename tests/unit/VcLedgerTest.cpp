//===- tests/unit/VcLedgerTest.cpp - Positions and the ordered ledger -----===//
//
// The ledger of a parallel --stop-on-first search (dpor/VcLedger.h) must
// report what one worker would: whatever order the workers meet
// executions in, the counts are those before the least stop, the report is
// the least stop's, and --max-executions counts the least positions.
//
//===----------------------------------------------------------------------===//
#include "dpor/VcLedger.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace vcdpor;
using namespace vcdpor::vc;

namespace {

TEST(VcLedger, EncodedPositionsCompareAsTickSequences) {
  std::mt19937 Rng(7);
  // Ticks of every code length, and prefixes of one another.
  const uint32_t Samples[] = {0,      1,        0x7f,     0x80,     0x3fff,
                              0x4000, 0x1fffff, 0x200000, 1u << 31, ~0u};
  auto Random = [&] {
    std::vector<uint32_t> P(Rng() % 4);
    for (uint32_t &T : P)
      T = Samples[Rng() % std::size(Samples)];
    return P;
  };
  for (int I = 0; I < 20000; ++I) {
    std::vector<uint32_t> A = Random(), B = Random();
    if (Rng() % 4 == 0)
      B = std::vector<uint32_t>(A.begin(), A.begin() + Rng() % (A.size() + 1));
    EXPECT_EQ(A < B, encodePosition(A) < encodePosition(B));
    EXPECT_EQ(A == B, encodePosition(A) == encodePosition(B));
  }
}

ErrorReport reportNamed(const std::string &Message) {
  ErrorReport R;
  R.F.Message = Message;
  return R;
}

/// A ledger of a --stop-on-first search, with the budget it settles into
/// and one worker's slot W.
struct Search {
  explicit Search(uint64_t MaxExecutions) : L(MaxExecutions, false) {
    C.StopOnFirst = true;
    C.MaxExecutions = MaxExecutions;
  }
  ExploreResult &settle() {
    L.settle(B, R);
    return R;
  }
  ExploreConfig C;
  ExploreResult R;
  Budget B{C, R};
  Ledger L;
  const int W = L.join();
};

Position at(std::vector<uint32_t> Ticks) { return encodePosition(Ticks); }

TEST(VcLedger, CountsWhatComesBeforeTheLeastFinding) {
  Search X(0);
  Ledger &L = X.L;
  const int W = X.W;
  Ledger::View V;
  // Met out of order, as by two workers: a later subtree's finding first.
  L.count(W, 0, {1, 1}, at({1, 3, 1}), ExecutionEnd::Complete, std::nullopt);
  L.finding(at({1, 3, 2}), ExecutionEnd::Error, std::nullopt,
            [] { return reportNamed("late"); });
  EXPECT_TRUE(L.past({1, 4}, V));
  EXPECT_FALSE(L.past({1, 2, 7, 7}, V));
  L.count(W, 0, {2, 2}, at({1, 1, 1}), ExecutionEnd::Complete, std::nullopt);
  L.count(W, 0, {3, 3}, at({1, 2, 1}), ExecutionEnd::Blocked, std::nullopt);
  bool Made = false;
  L.finding(at({1, 2, 2}), ExecutionEnd::Error, std::nullopt, [&] {
    Made = true;
    return reportNamed("first");
  });
  EXPECT_TRUE(Made);
  // A finding after the least one known is not even rendered.
  L.finding(at({1, 2, 3}), ExecutionEnd::Error, std::nullopt, [] {
    ADD_FAILURE() << "rendered a finding past the bound";
    return reportNamed("never");
  });
  EXPECT_TRUE(L.past({1, 2, 3}, V));
  // A class met again earlier counts at its least position.
  EXPECT_TRUE(L.count(W, 0, {1, 1}, at({1, 0, 5}), ExecutionEnd::Complete,
                      std::nullopt));
  ExploreResult &R = X.settle();
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(R.Errors[0].F.Message, "first");
  EXPECT_EQ(R.V, Verdict::Error);
  // {2,2} and {1,1} (at 1.0.5) complete, {3,3} blocked, and the finding.
  EXPECT_EQ(R.S.Executions, 3u);
  EXPECT_EQ(R.S.ErrorExecutions, 1u);
  EXPECT_EQ(R.S.Blocked, 1u);
}

TEST(VcLedger, MaxExecutionsCountsTheLeastPositions) {
  Search X(2);
  Ledger &L = X.L;
  const int W = X.W;
  Ledger::View V;
  L.count(W, 0, {1, 1}, at({5}), ExecutionEnd::Complete, std::nullopt);
  L.count(W, 0, {2, 2}, at({3}), ExecutionEnd::Complete, std::nullopt);
  EXPECT_TRUE(L.past({6}, V));
  L.count(W, 0, {3, 3}, at({1}), ExecutionEnd::Complete, std::nullopt);
  EXPECT_TRUE(L.past({4}, V));
  EXPECT_FALSE(L.past({3}, V));
  // A finding past the second execution is not reached.
  L.finding(at({4}), ExecutionEnd::Error, std::nullopt,
            [] { return reportNamed("beyond"); });
  ExploreResult &R = X.settle();
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Limit, "max-executions");
  EXPECT_EQ(R.S.Executions, 2u);
}

TEST(VcLedger, AFindingThatIsTheLastCountedExecutionIsReported) {
  Search X(2);
  Ledger &L = X.L;
  const int W = X.W;
  L.count(W, 0, {1, 1}, at({1}), ExecutionEnd::Complete, std::nullopt);
  L.count(W, 0, {2, 2}, at({3}), ExecutionEnd::Complete, std::nullopt);
  L.finding(at({2}), ExecutionEnd::Error, std::nullopt,
            [] { return reportNamed("second"); });
  ExploreResult &R = X.settle();
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_TRUE(R.Limit.empty());
  EXPECT_EQ(R.S.Executions, 2u);
}

TEST(VcLedger, ARefusalBeforeEveryFindingIsTheResult) {
  Search X(0);
  Ledger &L = X.L;
  const int W = X.W;
  L.finding(at({2, 1}), ExecutionEnd::Error, std::nullopt,
            [] { return reportNamed("after"); });
  L.count(W, 0, {1, 1}, at({1}), ExecutionEnd::Complete, std::nullopt);
  L.refusal(at({2}), "vc: refused");
  L.refusal(at({3}), "vc: later");
  ExploreResult &R = X.settle();
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Refused, "vc: refused");
  EXPECT_EQ(R.S.Executions, 1u);
}

TEST(VcLedger, ARefusalMetWhileRenderingAReportStopsIt) {
  // Rendering a report replays its execution; a replay that meets a
  // refusal records it at the finding's own position. Made under the
  // ledger's lock, the report deadlocked the worker (two workers never
  // returned); one worker's result is the refusal.
  Search X(0);
  Ledger &L = X.L;
  const int W = X.W;
  L.count(W, 0, {1, 1}, at({1}), ExecutionEnd::Complete, std::nullopt);
  L.finding(at({2}), ExecutionEnd::Error, std::nullopt, [&] {
    L.refusal(at({2}), "vc: met while rendering");
    return reportNamed("rendered");
  });
  ExploreResult &R = X.settle();
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Refused, "vc: met while rendering");
  EXPECT_EQ(R.S.Executions, 1u);
}

TEST(VcLedger, ExitPartsRunWhereTheyAreMetFirst) {
  Ledger L(0, false);
  EXPECT_FALSE(L.partBefore({9, 9}, at({4})));
  L.partRun({9, 9}, at({4}));
  EXPECT_TRUE(L.partBefore({9, 9}, at({5})));
  EXPECT_FALSE(L.partBefore({9, 9}, at({3})));
  L.partRun({9, 9}, at({3}));
  EXPECT_TRUE(L.partBefore({9, 9}, at({4})));
}

TEST(VcLedger, SettlesWhatNoWorkerCanMeetAgainAndCountsItOnce) {
  Search X(0);
  Ledger &L = X.L;
  const int A = L.join(), Slow = L.join();
  // Slow stays at 500 (and a node handed over at 700 waits): classes
  // before 500 settle as A counts on; the rest keep their positions.
  L.at(Slow, at({500}), false);
  L.handOver(at({700}));
  for (uint32_t I = 0; I < 3000; ++I)
    EXPECT_FALSE(L.count(A, 0, {I, I}, at({I, 1}), ExecutionEnd::Complete,
                         std::nullopt));
  // Met again: a settled class stays where it was, a class past the slow
  // worker moves to where it is met now.
  EXPECT_TRUE(L.count(Slow, 0, {100, 100}, at({600}), ExecutionEnd::Complete,
                      std::nullopt));
  EXPECT_TRUE(L.count(Slow, 0, {2500, 2500}, at({600, 2}),
                      ExecutionEnd::Complete, std::nullopt));
  L.at(Slow, std::nullopt, false);
  L.at(A, at({700}), /*FromQueue=*/true);
  L.finding(at({1500}), ExecutionEnd::Error, std::nullopt,
            [] { return reportNamed("mid"); });
  ExploreResult &R = X.settle();
  // Classes 0..1499, class 2500 (now at 600.2), and the finding.
  EXPECT_EQ(R.S.Executions, 1502u);
}

} // namespace
