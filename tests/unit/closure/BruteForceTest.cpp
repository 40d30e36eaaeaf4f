//===- tests/unit/closure/BruteForceTest.cpp - Closure vs. enumeration ----===//
//
// On tens of thousands of random small instances (deterministic seeds):
//   closure != bottom  <=>  some linearization observes only good writes;
//   the witness linearize() returns is such a linearization;
//   every ordering the closure added holds in every realization;
//   the closed order satisfies rules 1-3 checked from the definitions.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "closure/Linearize.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace vcdpor::closure;
using namespace vcdpor::closure::test;

namespace {

// Instances per thread count K. VCDPOR_CLOSURE_SCALE (a divisor, default 1)
// shrinks the run, e.g. for slow sanitizer builds.
unsigned scaled(unsigned N) {
  const char *S = std::getenv("VCDPOR_CLOSURE_SCALE");
  unsigned D = S ? std::max(1, std::atoi(S)) : 1;
  return std::max(1u, N / D);
}

struct Tally {
  unsigned Instances = 0, Realizable = 0, EdgesAdded = 0;
  uint64_t Rule[4] = {0, 0, 0, 0};
};

std::string describe(const Instance &I) {
  std::string S = "K=" + std::to_string(I.K) + "\n";
  for (ThreadId T = 0; T < I.K; ++T) {
    S += "  thread " + std::to_string(T) + ":";
    for (const Event &E : I.Threads[T])
      S += std::string(" ") + toString(E.Kind) + "(x" + std::to_string(E.Loc) +
           ",r" + std::to_string(E.ReadValue) + ",w" +
           std::to_string(E.WriteValue) + ")";
    S += "\n";
  }
  S += "  edges:";
  for (auto [X, Y] : I.Edges)
    S += " " + toString(X) + "->" + toString(Y);
  S += "\n";
  for (const Annotation &An : I.Annotations) {
    S += "  good" + toString(An.Read) + " side " +
         std::to_string(static_cast<int>(An.S)) + ":";
    for (EventId W : An.Good)
      S += " " + toString(W);
    S += "\n";
  }
  return S;
}

// Runs every check on one instance; returns false after the first failure.
bool checkOne(const Instance &I, Tally &T) {
  AnnotatedPO A = build(I);
  Status V = A.validate();
  EXPECT_TRUE(V.ok()) << V.message() << "\n" << describe(I);
  if (!V.ok())
    return false;
  OracleAnswer Truth = enumerate(I);
  ClosureResult C = A.close();
  ++T.Instances;
  EXPECT_EQ(C.Feasible, Truth.Realizable) << describe(I) << C.Reason;
  if (C.Feasible != Truth.Realizable)
    return false;
  if (!C.Feasible)
    return true;
  ++T.Realizable;
  T.Rule[1] += A.stats().Rule1Edges;
  T.Rule[2] += A.stats().Rule2Edges;
  T.Rule[3] += A.stats().Rule3Edges;

  Result<std::vector<EventId>> W = linearize(A);
  EXPECT_TRUE(W.ok()) << W.error() << "\n" << describe(I);
  if (!W.ok())
    return false;
  Status R = checkRealization(I, W.value());
  EXPECT_TRUE(R.ok()) << R.message() << "\n" << describe(I);
  if (!R.ok())
    return false;

  Relation P = instanceOrder(I);
  unsigned N = I.numEvents();
  for (unsigned X = 0; X < N; ++X)
    for (unsigned Y = 0; Y < N; ++Y) {
      if (P(X, Y) || !A.before(I.id(X), I.id(Y)))
        continue;
      ++T.EdgesAdded;
      EXPECT_TRUE(Truth.mustPrecede(X, Y))
          << "closure over-constrains: " << toString(I.id(X)) << " < "
          << toString(I.id(Y)) << "\n"
          << describe(I);
      if (!Truth.mustPrecede(X, Y))
        return false;
    }
  Status Naive = checkClosedNaively(I, A);
  EXPECT_TRUE(Naive.ok()) << Naive.message() << "\n" << describe(I);
  return Naive.ok();
}

void runBatch(unsigned K, unsigned Count, bool ReadsFrom, uint64_t Seed,
              unsigned MaxEvents = 12) {
  GenParams G;
  G.MaxEvents = MaxEvents;
  G.MinThreads = G.MaxThreads = K;
  G.ReadsFrom = ReadsFrom;
  std::mt19937_64 Rng(Seed);
  Tally T;
  for (unsigned C = 0; C < Count; ++C) {
    Instance I = randomInstance(Rng, G);
    if (!checkOne(I, T)) {
      ADD_FAILURE() << "seed " << Seed << " instance " << C;
      return;
    }
  }
  // Both outcomes must be well represented, or the test proves little.
  EXPECT_GT(T.Realizable, T.Instances / 5);
  EXPECT_LT(T.Realizable, T.Instances - T.Instances / 10);
  std::printf(
      "K=%u%s, <= %u events: %u instances, %u realizable, %u orderings added "
      "(rule1 %llu, rule2 %llu, rule3 %llu edges)\n",
      K, ReadsFrom ? " reads-from" : "", MaxEvents, T.Instances, T.Realizable,
      T.EdgesAdded, (unsigned long long)T.Rule[1],
      (unsigned long long)T.Rule[2], (unsigned long long)T.Rule[3]);
}

class BruteForce : public ::testing::TestWithParam<unsigned> {};

TEST_P(BruteForce, GoodWriteSets) {
  runBatch(GetParam(), scaled(6000), false, 0x5eed0000 + GetParam());
}

TEST_P(BruteForce, ReadsFromMode) {
  runBatch(GetParam(), scaled(1500), true, 0xf00d0000 + GetParam());
}

// Fewer, larger instances: more interleavings per instance.
TEST_P(BruteForce, SixteenEvents) {
  runBatch(GetParam(), scaled(1000), false, 0xbeef0000 + GetParam(), 16);
}

INSTANTIATE_TEST_SUITE_P(Threads, BruteForce, ::testing::Values(2, 3, 4, 5));

} // namespace
