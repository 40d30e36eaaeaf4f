//===- tests/unit/RacesTest.cpp - Data races of one execution ------------===//
//
// dpor/Races.h on hand-built executions: which synchronisation orders two
// accesses, and which pairs race.
//
//===----------------------------------------------------------------------===//
#include "dpor/Races.h"

#include <gtest/gtest.h>

using namespace vcdpor;

namespace {

constexpr uint64_t X = 0x100000000ull, Y = 0x200000000ull, M = 0x300000000ull;

struct Exec {
  std::vector<Event> E;
  std::vector<uint32_t> Count = std::vector<uint32_t>(8, 0);
  Exec &ev(ThreadId T, EventKind K, uint64_t Addr = 0, uint32_t Size = 0,
           bool Atomic = false, uint64_t Value = 0) {
    Event V;
    V.Thread = T;
    V.Index = Count[T]++;
    V.Kind = K;
    V.Addr = Addr;
    V.Size = Size;
    V.Atomic = Atomic;
    V.Value = Value;
    E.push_back(V);
    return *this;
  }
  Exec &read(ThreadId T, uint64_t A, bool At = false, uint32_t S = 4) {
    return ev(T, EventKind::Read, A, S, At);
  }
  Exec &write(ThreadId T, uint64_t A, bool At = false, uint32_t S = 4) {
    return ev(T, EventKind::Write, A, S, At);
  }
  Exec &create(ThreadId P, ThreadId C) {
    return ev(P, EventKind::Create, 0, 0, false, C);
  }
  Exec &join(ThreadId P, ThreadId C) {
    return ev(P, EventKind::Join, 0, 0, false, C);
  }
  std::vector<Race> races() const { return findRaces(E); }
};

TEST(Races, UnorderedPlainAccessesRace) {
  Exec X1;
  X1.create(0, 1).write(1, X).read(0, X);
  auto R = X1.races();
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].First, 1u);
  EXPECT_EQ(R[0].Second, 2u);
}

// A write racing with reads of two other threads races with both, whichever
// read comes first: the set of races is the class's, not the
// linearization's (--holes seed 7006743: Optimal-DPOR's linearization put
// the other read first and the pair with the later one went unreported).
TEST(Races, AnAccessRacesWithEveryUnorderedEarlierOne) {
  for (bool Swap : {false, true}) {
    Exec X1;
    X1.create(0, 1).create(0, 2);
    X1.read(Swap ? 2 : 1, X).read(Swap ? 1 : 2, X).write(0, X);
    auto R = X1.races();
    ASSERT_EQ(R.size(), 2u) << "swap " << Swap;
    EXPECT_EQ(R[0].First, 2u);
    EXPECT_EQ(R[1].First, 3u);
    EXPECT_EQ(R[0].Second, 4u);
    EXPECT_EQ(R[1].Second, 4u);
  }
}

TEST(Races, CreationAndJoinOrder) {
  Exec X1;
  X1.write(0, X).create(0, 1).read(1, X).write(1, X).join(0, 1).read(0, X);
  EXPECT_TRUE(X1.races().empty());
}

TEST(Races, TwoReadsDoNotRace) {
  Exec X1;
  X1.write(0, X).create(0, 1).read(1, X).read(0, X);
  EXPECT_TRUE(X1.races().empty());
}

TEST(Races, AtomicAccessesDoNotRaceButMixedOnesDo) {
  Exec A;
  A.create(0, 1).write(1, X, true).write(0, X, true);
  EXPECT_TRUE(A.races().empty());
  Exec B;
  B.create(0, 1).write(1, X, true).read(0, X, false);
  EXPECT_EQ(B.races().size(), 1u);
}

TEST(Races, MutexOrdersItsCriticalSections) {
  Exec A;
  A.create(0, 1)
      .ev(1, EventKind::Lock, M, 1)
      .write(1, X)
      .ev(1, EventKind::Unlock, M, 1)
      .ev(0, EventKind::Lock, M, 1)
      .read(0, X)
      .ev(0, EventKind::Unlock, M, 1);
  EXPECT_TRUE(A.races().empty());
  // Another mutex orders nothing.
  Exec B;
  B.create(0, 1)
      .ev(1, EventKind::Lock, M, 1)
      .write(1, X)
      .ev(1, EventKind::Unlock, M, 1)
      .ev(0, EventKind::Lock, M + 8, 1)
      .read(0, X);
  EXPECT_EQ(B.races().size(), 1u);
}

TEST(Races, AtomicPublicationOrdersPlainData) {
  // data = 1; flag = 1 (atomic) || if (flag) read data.
  Exec A;
  A.create(0, 1).write(1, Y).write(1, X, true).read(0, X, true).read(0, Y);
  EXPECT_TRUE(A.races().empty());
  // A plain write of the flag in between: the atomic read observes it and
  // synchronises with nothing.
  Exec B;
  B.create(0, 1)
      .create(0, 2)
      .write(1, Y)
      .write(1, X, true)
      .write(2, X, false)
      .read(0, X, true)
      .read(0, Y);
  auto R = B.races();
  ASSERT_EQ(R.size(), 3u); // the flag twice, then the data
  EXPECT_EQ(R[2].First, 2u);
  EXPECT_EQ(R[2].Second, 6u);
}

TEST(Races, AtomicSectionsRunInOrder) {
  Exec A;
  A.create(0, 1).write(1, X);
  A.E.back().InAtomic = true;
  A.read(0, X);
  A.E.back().InAtomic = true;
  EXPECT_TRUE(A.races().empty());
}

TEST(Races, OverlappingAccessesOfOtherSizesRace) {
  Exec A;
  A.create(0, 1).write(1, X + 4, false, 4).read(0, X, false, 8);
  EXPECT_EQ(A.races().size(), 1u);
  Exec B; // adjacent bytes do not overlap
  B.create(0, 1).write(1, X + 4, false, 4).read(0, X, false, 4);
  EXPECT_TRUE(B.races().empty());
}

TEST(Races, EveryRacingAccessIsReportedOnce) {
  Exec A;
  A.create(0, 1).write(1, X).write(1, Y).read(0, X).read(0, Y).read(0, X);
  auto R = A.races();
  ASSERT_EQ(R.size(), 3u);
  EXPECT_EQ(R[0].Second, 3u);
  EXPECT_EQ(R[1].Second, 4u);
  EXPECT_EQ(R[2].Second, 5u);
}

} // namespace
