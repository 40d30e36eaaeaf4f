//===- tests/unit/chc/TreeAutomatonTest.cpp -------------------------------===//
#include "chc/TreeAutomaton.h"

#include <gtest/gtest.h>

using namespace vcdpor;

namespace {
// Lists over the symbols nil (0, rank 0) and cons (1, rank 1).
constexpr unsigned Nil = 0, Cons = 1;

Tree list(unsigned Length) {
  Tree T{Nil, {}};
  for (unsigned I = 0; I < Length; ++I)
    T = Tree{Cons, {T}};
  return T;
}

TreeAutomaton allLists() {
  TreeAutomaton A;
  unsigned Q = A.addState(true);
  A.Delta.push_back({Nil, {}, Q});
  A.Delta.push_back({Cons, {Q}, Q});
  return A;
}

/// Lists of even length, nondeterministically: an extra state that guesses
/// "even" from any list never reaches a final state on odd lists.
TreeAutomaton evenLists() {
  TreeAutomaton A;
  unsigned Even = A.addState(true), Odd = A.addState(), Any = A.addState();
  A.Delta.push_back({Nil, {}, Even});
  A.Delta.push_back({Cons, {Even}, Odd});
  A.Delta.push_back({Cons, {Odd}, Even});
  A.Delta.push_back({Nil, {}, Any});
  A.Delta.push_back({Cons, {Any}, Any});
  return A;
}
} // namespace

TEST(TreeAutomaton, AcceptsAndEmptiness) {
  TreeAutomaton E = evenLists();
  EXPECT_TRUE(accepts(E, list(0)));
  EXPECT_FALSE(accepts(E, list(3)));
  EXPECT_TRUE(accepts(E, list(4)));
  EXPECT_FALSE(isEmpty(E));
  TreeAutomaton NoLeaf;
  unsigned Q = NoLeaf.addState(true);
  NoLeaf.Delta.push_back({Cons, {Q}, Q}); // no tree reaches Q
  EXPECT_TRUE(isEmpty(NoLeaf));
}

TEST(TreeAutomaton, Intersection) {
  Product P = intersect(allLists(), evenLists());
  EXPECT_FALSE(isEmpty(P.A));
  for (unsigned N = 0; N < 6; ++N)
    EXPECT_EQ(accepts(P.A, list(N)), N % 2 == 0) << N;
  // (all, even), (all, odd), (all, any): the reachable pairs.
  EXPECT_EQ(P.A.NumStates, 3u);
}

TEST(TreeAutomaton, DifferenceDeterminises) {
  Difference D;
  ASSERT_TRUE(difference(allLists(), evenLists(), D));
  for (unsigned N = 0; N < 7; ++N)
    EXPECT_EQ(accepts(D.A, list(N)), N % 2 == 1) << N;
  // Subsets of evenLists' states: {even, any} and {odd, any}.
  EXPECT_EQ(D.A.NumStates, 2u);
  Difference Self;
  ASSERT_TRUE(difference(allLists(), allLists(), Self));
  EXPECT_TRUE(isEmpty(Self.A));
}

TEST(TreeAutomaton, DifferenceOfOneTree) {
  // A minus the single tree cons(nil): every list but the one of length 1.
  TreeAutomaton One;
  unsigned L = One.addState(), R = One.addState(true);
  One.Delta.push_back({Nil, {}, L});
  One.Delta.push_back({Cons, {L}, R});
  Difference D;
  ASSERT_TRUE(difference(allLists(), One, D));
  EXPECT_TRUE(accepts(D.A, list(0)));
  EXPECT_FALSE(accepts(D.A, list(1)));
  EXPECT_TRUE(accepts(D.A, list(2)));
  EXPECT_FALSE(difference(allLists(), One, D, /*MaxStates=*/1));
}

TEST(TreeAutomaton, TrimKeepsWhatLeadsToFinal) {
  TreeAutomaton A = allLists();
  unsigned Dead = A.addState();
  A.Delta.push_back({Cons, {0}, Dead}); // reachable, leads nowhere
  std::vector<int> Ren;
  TreeAutomaton T = trim(A, Ren);
  EXPECT_EQ(T.NumStates, 1u);
  EXPECT_EQ(Ren[Dead], -1);
  EXPECT_TRUE(accepts(T, list(2)));
}
