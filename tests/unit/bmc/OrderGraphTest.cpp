//===- tests/unit/bmc/OrderGraphTest.cpp - Event order graphs by hand -----===//
//
// The paper's rules, cycle detection and kernel reasons (bmc/OrderGraph.h)
// on hand-built graphs. Literal ids are arbitrary numbers standing for
// guards and reads-from choices; the expected orders and reasons are worked
// out by hand.
//
//===----------------------------------------------------------------------===//
#include "bmc/OrderGraph.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace vcdpor::bmc;

namespace {

OrderGraph nodes(unsigned N) {
  OrderGraph G;
  for (unsigned I = 0; I < N; ++I)
    G.addNode();
  return G;
}

TEST(OrderGraph, AntichainOfReasons) {
  std::vector<Reason> L;
  EXPECT_TRUE(insertReason(L, {1, 2, 3}, 4));
  EXPECT_FALSE(insertReason(L, {1, 2, 3}, 4)); // already there
  EXPECT_TRUE(insertReason(L, {1, 3}, 4));     // removes its superset
  EXPECT_EQ(L, (std::vector<Reason>{{1, 3}}));
  EXPECT_FALSE(insertReason(L, {1, 3, 4}, 4)); // a superset
  EXPECT_TRUE(insertReason(L, {2}, 4));
  EXPECT_EQ(L.size(), 2u);
  // At the cap, only a smaller reason replaces the largest one.
  std::vector<Reason> C{{1}, {2}};
  EXPECT_FALSE(insertReason(C, {3, 4}, 2));
  EXPECT_TRUE(insertReason(C, {}, 2));
  EXPECT_EQ(C, (std::vector<Reason>{{}}));
  EXPECT_EQ(unite({1, 4}, {2, 4, 7}), (Reason{1, 2, 4, 7}));
}

TEST(OrderGraph, CycleOfBaseEdges) {
  OrderGraph G = nodes(3);
  G.addEdge(0, 1, {});
  G.addEdge(1, 2, {5});
  EXPECT_TRUE(G.derive());
  EXPECT_TRUE(G.before(0, 2));
  EXPECT_FALSE(G.before(2, 0));

  OrderGraph H = nodes(3);
  H.addEdge(0, 1, {});
  H.addEdge(1, 2, {5});
  H.addEdge(2, 0, {7});
  EXPECT_FALSE(H.derive());
  EXPECT_EQ(H.kernelReasons(), (std::vector<Reason>{{5, 7}}));
}

TEST(OrderGraph, KernelReasonsAreTheMinimalOnes) {
  // 0 -> 1 under {1} or {2} or {1,2}; 1 -> 0 under {3}: the cycles' core
  // kernel reasons are {1,3} and {2,3}, not {1,2,3}.
  OrderGraph G = nodes(2);
  G.addEdge(0, 1, {1});
  G.addEdge(0, 1, {2});
  G.addEdge(0, 1, {1, 2});
  G.addEdge(1, 0, {3});
  EXPECT_FALSE(G.derive());
  uint64_t Found = 0;
  EXPECT_EQ(G.kernelReasons(&Found), (std::vector<Reason>{{1, 3}, {2, 3}}));
  EXPECT_EQ(Found, 4u); // each cycle seen from both of its nodes
}

TEST(OrderGraph, FromReadRule) {
  // Paper Fig. 4(a): x0 is a write program-ordered before read x1, which
  // reads from x2 (another thread's write): x0 must precede x2.
  OrderGraph G = nodes(3);
  const unsigned X0 = 0, X1 = 1, X2 = 2;
  G.addEdge(X0, X1, {});
  G.addReadsFrom(X2, X1, {10}, {{X0, {11}}});
  EXPECT_TRUE(G.derive());
  EXPECT_TRUE(G.before(X0, X2));
  EXPECT_FALSE(G.before(X2, X0));
  EXPECT_EQ(G.derivedEdges(), 1u);
  G.explain();
  EXPECT_EQ(G.pathReasons(X0, X2), (std::vector<Reason>{{10, 11}}));
}

TEST(OrderGraph, WriteSerialisationRule) {
  // r reads from w, and w precedes w' (program order): r precedes w'.
  OrderGraph G = nodes(3);
  const unsigned W = 0, Wp = 1, R = 2;
  G.addEdge(W, Wp, {});
  G.addReadsFrom(W, R, {10}, {{Wp, {11}}});
  EXPECT_TRUE(G.derive());
  EXPECT_TRUE(G.before(R, Wp));
  EXPECT_FALSE(G.before(Wp, R));
}

TEST(OrderGraph, StoreBufferingIsACycle) {
  // Init (0) precedes both threads. Thread 1: wx (1), ry (2); thread 2:
  // wy (3), rx (4). Both reads read the initial value (literals 20, 21);
  // the other thread's write writes their location (literals 30, 31).
  OrderGraph G = nodes(5);
  G.addEdge(0, 1, {});
  G.addEdge(0, 3, {});
  G.addEdge(1, 2, {});
  G.addEdge(3, 4, {});
  G.addReadsFrom(0, 2, {20}, {{3, {30}}});
  G.addReadsFrom(0, 4, {21}, {{1, {31}}});
  EXPECT_FALSE(G.derive());
  EXPECT_EQ(G.kernelReasons(), (std::vector<Reason>{{20, 21, 30, 31}}));
  // Without the second write's literal there is no cycle.
  OrderGraph H = nodes(5);
  H.addEdge(0, 1, {});
  H.addEdge(0, 3, {});
  H.addEdge(1, 2, {});
  H.addEdge(3, 4, {});
  H.addReadsFrom(0, 2, {20}, {{3, {30}}});
  H.addReadsFrom(0, 4, {21}, {});
  EXPECT_TRUE(H.derive());
}

TEST(OrderGraph, DerivedOrdersChain) {
  // Thread A: write x (1), read y (2) from thread B's write of y (4);
  // thread B: read x (3) from the initial value, then write y (4). Rule 3
  // (Init precedes 1) puts 3 before 1: acyclic, with 3 before 2.
  OrderGraph G = nodes(5);
  G.addEdge(0, 1, {});
  G.addEdge(0, 3, {});
  G.addEdge(1, 2, {});
  G.addEdge(3, 4, {});
  G.addReadsFrom(4, 2, {40}, {});
  G.addReadsFrom(0, 3, {41}, {{1, {42}}});
  EXPECT_TRUE(G.derive());
  EXPECT_TRUE(G.before(3, 1));
  EXPECT_TRUE(G.before(3, 2));
  EXPECT_FALSE(G.before(1, 3));
}

TEST(OrderGraph, MessagePassingIsACycle) {
  // Thread A: write x (1), write y (2). Thread B: read y (3) from 2, then
  // read x (4) from the initial value although A's write of x competes:
  // 1 -> 2 -> 3 -> 4 puts 1 before the read, so rule 2 puts 1 before Init
  // (and rule 3 puts 4 before 1): the core kernel reason is all three
  // literals, once, however many conflict events see it.
  OrderGraph G = nodes(5);
  G.addEdge(0, 1, {});
  G.addEdge(0, 3, {});
  G.addEdge(1, 2, {});
  G.addEdge(3, 4, {});
  G.addReadsFrom(2, 3, {40}, {});
  G.addReadsFrom(0, 4, {41}, {{1, {42}}});
  EXPECT_FALSE(G.derive());
  uint64_t Found = 0;
  EXPECT_EQ(G.kernelReasons(&Found), (std::vector<Reason>{{40, 41, 42}}));
  EXPECT_GT(Found, 1u);
  // Reading x from A's write instead is consistent.
  OrderGraph H = nodes(5);
  H.addEdge(0, 1, {});
  H.addEdge(0, 3, {});
  H.addEdge(1, 2, {});
  H.addEdge(3, 4, {});
  H.addReadsFrom(2, 3, {40}, {});
  H.addReadsFrom(1, 4, {43}, {});
  EXPECT_TRUE(H.derive());
}

TEST(OrderGraph, ButterflyPassesTheRules) {
  // tests/lit/bmc/butterfly.c's only failing reads-from choice (no SC
  // execution has it): the rules derive nothing and find no cycle, which
  // is why bmc-refine needs its exact check. Node 0 is Init; writers
  // w1 a (1 2), w2 b (3 4), w3 c (5 6), w4 d (7 8); x-readers read c, d,
  // then x (9 10 11, 12 13 14); y-readers read a, b, then y (15 16 17,
  // 18 19 20).
  OrderGraph G = nodes(21);
  const std::vector<std::vector<unsigned>> Threads = {
      {1, 2},      {3, 4},       {5, 6},       {7, 8},
      {9, 10, 11}, {12, 13, 14}, {15, 16, 17}, {18, 19, 20}};
  for (const auto &T : Threads) {
    G.addEdge(0, T[0], {});
    for (size_t I = 1; I < T.size(); ++I)
      G.addEdge(T[I - 1], T[I], {});
  }
  unsigned L = 100;
  for (auto [W, R] : {std::pair<unsigned, unsigned>{2, 15},
                      {2, 18},
                      {4, 16},
                      {4, 19},
                      {6, 9},
                      {6, 12},
                      {8, 10},
                      {8, 13}})
    G.addReadsFrom(W, R, {L++}, {}); // the flags: one writer each
  G.addReadsFrom(1, 11, {L++}, {{3, {200}}});
  G.addReadsFrom(3, 14, {L++}, {{1, {201}}});
  G.addReadsFrom(5, 17, {L++}, {{7, {202}}});
  G.addReadsFrom(7, 20, {L++}, {{5, {203}}});
  EXPECT_TRUE(G.derive());
  EXPECT_EQ(G.derivedEdges(), 0u);
  // Ordering one y-write before the other (under literal 300) is what the
  // rules need: r3 then precedes w4 (rule 3), so both x-writes precede
  // both x-reads, and rule 2 orders each x-write before the other. Every
  // core kernel reason needs literal 300.
  G.addEdge(5, 7, {300});
  EXPECT_FALSE(G.derive());
  EXPECT_TRUE(G.before(17, 7));
  std::vector<Reason> K = G.kernelReasons();
  ASSERT_FALSE(K.empty());
  for (const Reason &R : K)
    EXPECT_TRUE(std::binary_search(R.begin(), R.end(), 300u));
}

} // namespace
