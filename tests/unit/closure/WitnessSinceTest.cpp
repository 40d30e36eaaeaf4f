//===- tests/unit/closure/WitnessSinceTest.cpp - Recorded-pair checks -----===//
//
// checkWitnessSince() must answer as checkWitness() does for every trace that
// respected the order when it began to record: on random instances, traces
// are random linearizations of the instance's order, and the order then
// grows by random edges, a closure and appended events before both checks
// judge them.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "closure/Linearize.h"

#include <gtest/gtest.h>

using namespace vcdpor::closure;
using namespace vcdpor::closure::test;

namespace {

struct Tally {
  unsigned Traces = 0, Accepted = 0, RejectedByPairs = 0;
};

// Random edges between events of A that are not ordered yet (some of which
// the traces break), then, on half the instances, the closure.
void grow(std::mt19937_64 &Rng, AnnotatedPO &A, const Instance &I) {
  unsigned N = I.numEvents();
  std::uniform_int_distribution<unsigned> Pick(0, N - 1);
  unsigned Edges = Rng() % 3;
  for (unsigned K = 0; K < Edges; ++K) {
    EventId X = I.id(Pick(Rng)), Y = I.id(Pick(Rng));
    if (X.Thread != Y.Thread && !A.ordered(X, Y))
      (void)A.addEdge(X, Y);
  }
  if (Rng() % 2)
    (void)A.close();
}

void run(std::mt19937_64 &Rng, const GenParams &P, unsigned Instances,
         Tally &T) {
  for (unsigned K = 0; K < Instances; ++K) {
    Instance I = randomInstance(Rng, P);
    AnnotatedPO A = build(I);
    std::vector<std::vector<EventId>> Traces;
    for (unsigned J = 0; J < 6; ++J)
      Traces.push_back(randomLinearization(Rng, I));
    A.recordInserts();
    grow(Rng, A, I);
    ASSERT_NE(A.order().recorded(), nullptr);
    for (const std::vector<EventId> &Tr : Traces) {
      Status Full = checkWitness(A, Tr), Since = checkWitnessSince(A, Tr);
      ASSERT_EQ(Full.ok(), Since.ok())
          << "full: " << (Full.ok() ? "ok" : Full.message())
          << "\nsince: " << (Since.ok() ? "ok" : Since.message());
      ++T.Traces;
      T.Accepted += Full.ok();
      // The full check says "before a predecessor"; the pairs name both.
      T.RejectedByPairs +=
          !Since.ok() && Since.message().find("before (") != std::string::npos;
    }
  }
}

TEST(WitnessSince, AgreesWithFullCheck) {
  std::mt19937_64 Rng(20261203);
  Tally T;
  for (unsigned K = 2; K <= 5; ++K) {
    GenParams P;
    P.MinThreads = P.MaxThreads = K;
    run(Rng, P, 1500, T);
  }
  // Both answers occur, and some rejections come from the recorded pairs
  // alone: the comparison is not vacuous.
  EXPECT_GT(T.Accepted, T.Traces / 20);
  EXPECT_LT(T.Accepted, T.Traces);
  EXPECT_GT(T.RejectedByPairs, 100u);
}

// Events appended after recording began run at the trace's end; the edges
// that order them are recorded like any other.
TEST(WitnessSince, AppendedEvents) {
  AnnotatedPO A(3);
  EventId W = A.addWrite(1, 0, 1);
  EventId U = A.addWrite(2, 1, 1);
  std::vector<EventId> Trace = {W, U};
  A.recordInserts();
  EventId R = A.addRead(0, 0, 1);
  ASSERT_TRUE(A.setGoodWrites(R, {W}, Side::Remote).ok());
  ASSERT_TRUE(A.addEdge(W, R).ok());
  Trace.push_back(R);
  EXPECT_TRUE(checkWitnessSince(A, Trace).ok());
  EXPECT_TRUE(checkWitness(A, Trace).ok());
  // An edge from the new read to an event that ran before it: caught by
  // the recorded pair.
  ASSERT_TRUE(A.addEdge(R, U).ok());
  Status S = checkWitnessSince(A, Trace);
  EXPECT_FALSE(S.ok());
  EXPECT_EQ(S.message(), "witness runs (2,0) before (0,0)");
  EXPECT_FALSE(checkWitness(A, Trace).ok());
}

// Past PartialOrder::MaxRecorded pairs recording stops, and the full check
// takes over.
TEST(WitnessSince, StopsRecordingWhenFull) {
  const unsigned N = PartialOrder::MaxRecorded + 2;
  AnnotatedPO A(2);
  std::vector<EventId> Root, Leaf;
  for (unsigned I = 0; I < N; ++I) {
    Root.push_back(A.addWrite(0, I, 1));
    Leaf.push_back(A.addWrite(1, N + I, 1));
  }
  A.recordInserts();
  for (unsigned I = 0; I < N; ++I)
    ASSERT_TRUE(A.addEdge(Root[I], Leaf[I]).ok());
  EXPECT_EQ(A.order().recorded(), nullptr);
  std::vector<EventId> Trace = Leaf; // every leaf write before its root write
  Trace.insert(Trace.end(), Root.begin(), Root.end());
  Status S = checkWitnessSince(A, Trace);
  EXPECT_FALSE(S.ok());
  EXPECT_EQ(S.message(), checkWitness(A, Trace).message());
}

} // namespace
