//===- tests/unit/closure/PartialOrderTest.cpp - k-chain orders -----------===//
//
// The succ/pred representation against an explicit transitive closure, under
// random interleavings of appends, new threads and edge insertions.
//
//===----------------------------------------------------------------------===//

#include "closure/PartialOrder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

using namespace vcdpor::closure;

namespace {

// The reference: events listed with an explicit closed relation.
struct Reference {
  std::vector<EventId> Events;
  std::vector<std::vector<bool>> Lt;

  unsigned index(EventId E) const {
    return std::find(Events.begin(), Events.end(), E) - Events.begin();
  }
  void append(EventId E) {
    for (auto &Row : Lt)
      Row.push_back(false);
    Events.push_back(E);
    Lt.emplace_back(Events.size(), false);
    unsigned New = Events.size() - 1;
    for (unsigned I = 0; I < New; ++I)
      if (Events[I].Thread == E.Thread)
        for (unsigned J = 0; J <= New; ++J)
          if (J == I || Lt[J][I])
            Lt[J][New] = true;
  }
  void insert(EventId X, EventId Y) {
    unsigned A = index(X), B = index(Y), N = Events.size();
    for (unsigned U = 0; U < N; ++U)
      if (U == A || Lt[U][A])
        for (unsigned V = 0; V < N; ++V)
          if (V == B || Lt[B][V])
            Lt[U][V] = true;
  }
};

void expectSame(const PartialOrder &PO, const Reference &Ref) {
  for (unsigned I = 0; I < Ref.Events.size(); ++I)
    for (unsigned J = 0; J < Ref.Events.size(); ++J)
      ASSERT_EQ(PO.before(Ref.Events[I], Ref.Events[J]), bool(Ref.Lt[I][J]))
          << toString(Ref.Events[I]) << " " << toString(Ref.Events[J]);
  for (unsigned I = 0; I < Ref.Events.size(); ++I) {
    EventId E = Ref.Events[I];
    for (ThreadId T = 0; T < PO.numThreads(); ++T) {
      int32_t Latest = -1, Earliest = PartialOrder::None;
      for (unsigned J = 0; J < Ref.Events.size(); ++J) {
        EventId F = Ref.Events[J];
        if (F.Thread != T)
          continue;
        if (Ref.Lt[J][I])
          Latest = std::max<int32_t>(Latest, F.Index);
        if (Ref.Lt[I][J])
          Earliest = std::min<int32_t>(Earliest, F.Index);
      }
      ASSERT_EQ(PO.latestBefore(E, T), Latest);
      ASSERT_EQ(PO.earliestAfter(E, T), Earliest);
    }
  }
}

TEST(PartialOrder, RandomAgainstReference) {
  std::mt19937_64 Rng(42);
  for (int Round = 0; Round < 300; ++Round) {
    PartialOrder PO(1 + Rng() % 3);
    Reference Ref;
    for (int Step = 0; Step < 40; ++Step) {
      unsigned Choice = Rng() % 10;
      if (Choice == 0 && PO.numThreads() < 6) {
        PO.addThread();
      } else if (Choice < 5 || Ref.Events.size() < 2) {
        ThreadId T = Rng() % PO.numThreads();
        EventId E{T, PO.appendEvent(T)};
        Ref.append(E);
      } else {
        EventId X = Ref.Events[Rng() % Ref.Events.size()];
        EventId Y = Ref.Events[Rng() % Ref.Events.size()];
        bool Cyclic = X == Y || Ref.Lt[Ref.index(Y)][Ref.index(X)];
        auto Old = Ref.Lt;
        PartialOrder::ChangeLog Log;
        ASSERT_EQ(PO.insert(X, Y, &Log), !Cyclic);
        if (Cyclic)
          continue;
        Ref.insert(X, Y);
        // Every newly ordered pair has its ends in the log.
        std::set<EventId> Earlier(Log.Earlier.begin(), Log.Earlier.end());
        std::set<EventId> Later(Log.Later.begin(), Log.Later.end());
        for (unsigned I = 0; I < Ref.Events.size(); ++I)
          for (unsigned J = 0; J < Ref.Events.size(); ++J)
            if (Ref.Lt[I][J] && !Old[I][J]) {
              ASSERT_TRUE(Earlier.count(Ref.Events[I]));
              ASSERT_TRUE(Later.count(Ref.Events[J]));
            }
      }
      expectSame(PO, Ref);
    }
  }
}

TEST(PartialOrder, ProgramOrderOnly) {
  PartialOrder PO(2);
  PO.appendEvent(0);
  PO.appendEvent(0);
  PO.appendEvent(1);
  EXPECT_TRUE(PO.before({0, 0}, {0, 1}));
  EXPECT_FALSE(PO.before({0, 1}, {0, 0}));
  EXPECT_FALSE(PO.ordered({0, 0}, {1, 0}));
  EXPECT_TRUE(PO.insert({0, 1}, {0, 0}) == false);
  EXPECT_TRUE(PO.insert({0, 0}, {1, 0}));
  EXPECT_TRUE(PO.before({0, 0}, {1, 0}));
  EXPECT_FALSE(PO.before({0, 1}, {1, 0}));
  EXPECT_FALSE(PO.insert({1, 0}, {0, 0}));
}

} // namespace
