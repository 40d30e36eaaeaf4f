// Executor: the visible-operation protocol as an explorer sees it.
#include "interpreter/Executor.h"
#include "interpreter/Loader.h"

#include <gtest/gtest.h>

using namespace vcdpor;

static std::unique_ptr<Program> load(const char *Name) {
  LoadResult R = loadProgram(std::string(VCDPOR_UNIT_INPUTS) + "/" + Name,
                             LoadOptions());
  EXPECT_TRUE(R.Prog) << R.Error;
  return std::move(R.Prog);
}

TEST(Executor, MainStopsAtItsFirstVisibleOperation) {
  auto P = load("two_writers.ll");
  Executor E(*P, ExecOptions());
  EXPECT_EQ(E.state(0), ThreadState::Ready);
  EXPECT_EQ(E.pending(0).Kind, EventKind::Create);
  EXPECT_EQ(E.pending(0).Index, 0u);
  EXPECT_EQ(E.end(), ExecutionEnd::Running);
}

TEST(Executor, ChildrenGetStableIdsAndRunToTheirFirstEvent) {
  auto P = load("two_writers.ll");
  Executor E(*P, ExecOptions());
  const Event &C = E.step(0, 0);
  EXPECT_EQ(C.Kind, EventKind::Create);
  EXPECT_EQ(C.Value, 1u);
  EXPECT_EQ(E.state(1), ThreadState::Ready);
  EXPECT_EQ(E.pending(1).Kind, EventKind::Write);
  EXPECT_EQ(E.pending(1).Addr, globalPtr(0));
  E.step(0, 0); // second create
  // Main's join waits for the child.
  EXPECT_EQ(E.pending(0).Kind, EventKind::Join);
  EXPECT_EQ(E.state(0), ThreadState::BlockedJoin);
  const Event &W = E.step(2, 0);
  EXPECT_EQ(W.Written, 2u);
  EXPECT_EQ(E.state(2), ThreadState::Finished);
  // Same creation path after a reset: same thread ids.
  E.reset();
  EXPECT_EQ(E.step(0, 0).Value, 1u);
  EXPECT_EQ(E.step(0, 0).Value, 2u);
}

TEST(Executor, ReadsSeeTheScheduledWrites) {
  auto P = load("two_writers.ll");
  Executor E(*P, ExecOptions());
  E.step(0, 0);
  E.step(0, 0);
  E.step(2, 0);
  E.step(1, 0);
  E.step(0, 0); // join T1
  E.step(0, 0); // join T2
  const Event &R = E.step(0, 0);
  EXPECT_EQ(R.Kind, EventKind::Read);
  EXPECT_EQ(R.Value, 1u) << "T1 wrote last";
  EXPECT_EQ(E.end(), ExecutionEnd::Complete);
  EXPECT_EQ(E.stepsTaken(), 7u);
}

TEST(Executor, DetectsLockOrderDeadlock) {
  auto P = load("deadlock.ll");
  Executor E(*P, ExecOptions());
  E.step(0, 0); // create
  E.step(0, 0); // main locks a
  E.step(1, 0); // other locks b
  EXPECT_EQ(E.state(0), ThreadState::BlockedLock);
  EXPECT_EQ(E.state(1), ThreadState::BlockedLock);
  EXPECT_EQ(E.end(), ExecutionEnd::Deadlock);
  ASSERT_NE(E.finding(), nullptr);
  EXPECT_EQ(E.finding()->Kind, FindingKind::Deadlock);
  EXPECT_NE(E.finding()->Message.find("mutex a"), std::string::npos)
      << E.finding()->Message;
}

TEST(Executor, LockHandOverCompletes) {
  auto P = load("deadlock.ll");
  Executor E(*P, ExecOptions());
  E.step(0, 0); // create
  for (int I = 0; I < 4; ++I)
    E.step(0, 0); // main: lock a, lock b, unlock b, unlock a
  EXPECT_EQ(E.state(0), ThreadState::BlockedJoin);
  for (int I = 0; I < 4; ++I)
    E.step(1, 0);
  E.step(0, 0); // join
  EXPECT_EQ(E.end(), ExecutionEnd::Complete);
}

// Thread ids are given on first sight of a creation path: when the parent
// reaches its pthread_create (the id is stored before the thread runs).
// Executors that share their ThreadNames (the workers of a parallel
// exploration) agree on them whatever order each first saw the creations
// in. Here main reaches its second creation as soon as its first is done,
// before the first child runs, so an executor alone also calls the
// grandchild 3.
TEST(Executor, SharedThreadNamesAgreeAcrossExecutors) {
  auto P = load("nested_create.ll");
  ExecOptions O;
  O.Names = std::make_shared<ThreadNames>();
  Executor A(*P, O), B(*P, O);
  // A: main creates both children, then the first child its own.
  EXPECT_EQ(A.step(0, 0).Value, 1u);
  EXPECT_EQ(A.step(0, 0).Value, 2u);
  EXPECT_EQ(A.step(1, 0).Value, 3u);
  // B: the first child creates before main's second creation.
  EXPECT_EQ(B.step(0, 0).Value, 1u);
  EXPECT_EQ(B.step(1, 0).Value, 3u);
  EXPECT_EQ(B.step(0, 0).Value, 2u);

  Executor Alone(*P, ExecOptions());
  Alone.step(0, 0);
  EXPECT_EQ(Alone.step(1, 0).Value, 3u) << "first sight, no sharing";
}

// read_write.ll: T1 writes x = 1; T2 reads x and writes y = x + 10.
TEST(Executor, RebaseRunsTheSavedEventsInAnotherOrder) {
  auto P = load("read_write.ll");
  Executor E(*P, ExecOptions());
  E.setSaving(true);
  E.step(0, 0);                        // main creates T1
  E.step(0, 0);                        // and T2
  EXPECT_EQ(E.step(1, 0).Written, 1u); // T1: x = 1
  std::shared_ptr<const SystemState> S = E.save(SIZE_MAX);
  ASSERT_TRUE(S);
  const uint64_t X = globalPtr(0), Y = globalPtr(1);

  // T2's read before T1's write: it reads 0, and x is 1 after T1's write
  // is redone.
  const Event *R = E.rebase(*S, {{0, 0}, {0, 1}}, 2, 0, 0, {{1, 0}});
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Kind, EventKind::Read);
  EXPECT_EQ(R->Value, 0u);
  EXPECT_EQ(E.peek(X, 4), std::optional<uint64_t>(1));
  EXPECT_EQ(E.stepsTaken(), 4u);
  EXPECT_EQ(E.step(2, 0).Written, 10u);

  // The same order run from the start.
  Executor F(*P, ExecOptions());
  F.step(0, 0);
  F.step(0, 0);
  EXPECT_EQ(F.step(2, 0).Value, 0u);
  F.step(1, 0);
  EXPECT_EQ(F.peek(X, 4), E.peek(X, 4));
  EXPECT_EQ(F.step(2, 0).Written, 10u);
  EXPECT_EQ(F.peek(Y, 4), E.peek(Y, 4));

  // From the same saved state, the read after the write: the saved state
  // is unchanged by what ran since.
  R = E.rebase(*S, {{0, 0}, {0, 1}, {1, 0}}, 2, 0, 1, {});
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Value, 1u);
  EXPECT_EQ(E.step(2, 0).Written, 11u);
  E.step(0, 0); // join T1
  E.step(0, 0); // join T2
  EXPECT_EQ(E.step(0, 0).Value, 11u);
  EXPECT_EQ(E.end(), ExecutionEnd::Complete);
}

TEST(Executor, RebaseRefusesOrdersOfOtherEvents) {
  auto P = load("read_write.ll");
  Executor E(*P, ExecOptions());
  E.step(0, 0);
  E.step(0, 0);
  E.step(1, 0);
  // Writes logged while not saving have no values to redo.
  EXPECT_FALSE(E.save(SIZE_MAX));
  E.setSaving(true);
  E.reset();
  E.step(0, 0);
  E.step(0, 0);
  E.step(1, 0);
  std::shared_ptr<const SystemState> S = E.save(SIZE_MAX);
  ASSERT_TRUE(S);
  // An event left out, a thread's events out of order, one the state
  // never ran.
  EXPECT_EQ(E.rebase(*S, {{0, 0}, {0, 1}}, 2, 0, 0, {}), nullptr);
  EXPECT_EQ(E.rebase(*S, {{0, 1}, {0, 0}, {1, 0}}, 2, 0, 0, {}), nullptr);
  EXPECT_EQ(E.rebase(*S, {{0, 0}, {0, 1}, {1, 0}, {2, 0}}, 2, 0, 0, {}),
            nullptr);
  // A thread that is not ready (T1 has finished).
  EXPECT_EQ(E.rebase(*S, {{0, 0}, {0, 1}, {1, 0}}, 1, 0, {}, {}), nullptr);
}
