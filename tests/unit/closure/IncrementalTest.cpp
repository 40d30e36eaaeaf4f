//===- tests/unit/closure/IncrementalTest.cpp - Re-closing vs. scratch ----===//
//
// Grows random instances one event at a time (each read annotated when it is
// added, each edge as soon as both ends exist), re-closing after every step,
// and compares every intermediate result with a from-scratch closure of the
// same prefix: same verdict, and the same order when feasible. Finally adds
// one new edge to the closed order and compares again.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "closure/Linearize.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace vcdpor::closure;
using namespace vcdpor::closure::test;

namespace {

void expectSameOrder(const AnnotatedPO &Inc, const AnnotatedPO &Scratch,
                     const Instance &I, unsigned Step) {
  for (ThreadId T = 0; T < I.K; ++T)
    ASSERT_EQ(Inc.threadSize(T), Scratch.threadSize(T));
  std::vector<EventId> All;
  for (ThreadId T = 0; T < I.K; ++T)
    for (uint32_t E = 0; E < Inc.threadSize(T); ++E)
      All.push_back({T, E});
  for (EventId X : All)
    for (EventId Y : All)
      ASSERT_EQ(Inc.before(X, Y), Scratch.before(X, Y))
          << "step " << Step << ": " << toString(X) << " < " << toString(Y);
}

struct Totals {
  unsigned Instances = 0, Feasible = 0, Steps = 0;
  uint64_t IncExamined = 0, ScratchExamined = 0;
};

void growAndCompare(std::mt19937_64 &Rng, const GenParams &G, Totals &Tot) {
  Instance Full = randomInstance(Rng, G);
  // Add events in the order of a witness when there is one, so that every
  // prefix keeps the write each read observes; else in a random order.
  std::vector<EventId> Order;
  {
    AnnotatedPO A = build(Full);
    if (A.close()) {
      Result<std::vector<EventId>> W = linearize(A);
      ASSERT_TRUE(W.ok()) << W.error();
      Order = W.value();
    } else {
      Order = randomLinearization(Rng, Full);
    }
  }
  std::map<EventId, const Annotation *> Ann;
  for (const Annotation &An : Full.Annotations)
    Ann[An.Read] = &An;

  Instance Prefix;
  Prefix.K = Full.K;
  Prefix.ReadsFrom = Full.ReadsFrom;
  Prefix.Threads.assign(Full.K, {});
  AnnotatedPO::Options O;
  O.ReadsFrom = Full.ReadsFrom;
  AnnotatedPO Inc(Full.K, O);
  std::set<EventId> Present;
  bool Feasible = true;
  ++Tot.Instances;
  for (unsigned Step = 0; Step < Order.size(); ++Step) {
    EventId E = Order[Step];
    const Event &Ev = Full.event(E);
    Prefix.Threads[E.Thread].push_back(Ev);
    ASSERT_EQ(Inc.addEvent(E.Thread, Ev), E);
    Present.insert(E);
    for (auto [X, Y] : Full.Edges)
      if (Y == E && Present.count(X)) {
        Prefix.Edges.push_back({X, Y});
        ASSERT_TRUE(Inc.addEdge(X, Y).ok());
      }
    if (readsMemory(Ev.Kind) && Ann.count(E)) {
      Annotation An = *Ann[E];
      std::erase_if(An.Good, [&](EventId W) { return !Present.count(W); });
      if (Full.ReadsFrom && An.Good.empty())
        An.Good = Ann[E]->Good; // keep one write; the read stays infeasible
      if (Full.ReadsFrom && !Present.count(An.Good[0]))
        return; // cannot express this prefix in reads-from mode
      Prefix.Annotations.push_back(An);
      ASSERT_TRUE(Inc.setGoodWrites(E, An.Good, An.S).ok());
    }
    uint64_t Seen = Inc.stats().ReadsExamined;
    bool IncOk = bool(Inc.close());
    Tot.IncExamined += Inc.stats().ReadsExamined - Seen;
    AnnotatedPO Scratch = build(Prefix);
    ASSERT_TRUE(Scratch.validate().ok()) << Scratch.validate().message();
    bool ScratchOk = bool(Scratch.close());
    Tot.ScratchExamined += Scratch.stats().ReadsExamined;
    ++Tot.Steps;
    ASSERT_EQ(IncOk, ScratchOk) << "step " << Step;
    if (!IncOk) {
      Feasible = false;
      break;
    }
    expectSameOrder(Inc, Scratch, Prefix, Step);
  }
  if (!Feasible)
    return;
  ++Tot.Feasible;

  // One new edge between unordered events of different threads.
  std::vector<std::pair<EventId, EventId>> Candidates;
  for (EventId X : Present)
    for (EventId Y : Present)
      if (X.Thread != Y.Thread && !Inc.ordered(X, Y))
        Candidates.push_back({X, Y});
  if (Candidates.empty())
    return;
  auto [X, Y] = Candidates[Rng() % Candidates.size()];
  ASSERT_TRUE(Inc.addEdge(X, Y).ok());
  Prefix.Edges.push_back({X, Y});
  AnnotatedPO Scratch = build(Prefix);
  bool IncOk = bool(Inc.close()), ScratchOk = bool(Scratch.close());
  ASSERT_EQ(IncOk, ScratchOk)
      << "after edge " << toString(X) << "->" << toString(Y);
  if (IncOk) {
    expectSameOrder(Inc, Scratch, Prefix, Order.size());
    Result<std::vector<EventId>> W = linearize(Inc);
    ASSERT_TRUE(W.ok()) << W.error();
  }
}

void run(unsigned Count, unsigned MaxEvents, bool ReadsFrom, uint64_t Seed) {
  GenParams G;
  G.MaxEvents = MaxEvents;
  G.ReadsFrom = ReadsFrom;
  G.SameTrace = 0.8;
  std::mt19937_64 Rng(Seed);
  Totals Tot;
  for (unsigned C = 0; C < Count; ++C) {
    growAndCompare(Rng, G, Tot);
    if (::testing::Test::HasFatalFailure()) {
      ADD_FAILURE() << "seed " << Seed << " instance " << C;
      return;
    }
  }
  EXPECT_GT(Tot.Feasible, Tot.Instances / 4);
  std::printf("%u instances (<= %u events), %u feasible, %u steps; reads "
              "examined: incremental %llu, from scratch %llu\n",
              Tot.Instances, MaxEvents, Tot.Feasible, Tot.Steps,
              (unsigned long long)Tot.IncExamined,
              (unsigned long long)Tot.ScratchExamined);
}

TEST(Incremental, SmallAgreesWithScratch) { run(1500, 16, false, 1234); }
TEST(Incremental, LargeAgreesWithScratch) { run(150, 48, false, 5678); }
TEST(Incremental, ReadsFromAgreesWithScratch) { run(500, 16, true, 91011); }

} // namespace
