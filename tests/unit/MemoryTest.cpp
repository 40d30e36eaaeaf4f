// Memory: deterministic object ids, exact bounds, reset.
#include "interpreter/Memory.h"

#include <gtest/gtest.h>

using namespace vcdpor;

static Program twoGlobals() {
  Program P;
  Global A;
  A.Name = "a";
  A.Size = 4;
  A.Init = {7, 0, 0, 0};
  Global S;
  S.Name = "str";
  S.Size = 3;
  S.Init = {'h', 'i', 0};
  S.ReadOnly = true;
  P.Globals = {A, S};
  return P;
}

TEST(Memory, GlobalsAreSharedUnlessReadOnly) {
  Program P = twoGlobals();
  Memory M(P);
  Object *A = M.resolve(globalPtr(0));
  Object *S = M.resolve(globalPtr(1));
  ASSERT_TRUE(A && S);
  EXPECT_TRUE(A->Shared);
  EXPECT_FALSE(S->Shared);
  EXPECT_TRUE(S->ReadOnly);
  EXPECT_EQ(Memory::load(*A, 0, 4), 7u);
}

TEST(Memory, ResetRestoresInitialisers) {
  Program P = twoGlobals();
  Memory M(P);
  Memory::store(*M.resolve(globalPtr(0)), 0, 4, 99);
  M.reset();
  EXPECT_EQ(Memory::load(*M.resolve(globalPtr(0)), 0, 4), 7u);
}

TEST(Memory, DynamicIdsDependOnlyOnThreadAndCount) {
  Program P = twoGlobals();
  Memory M(P);
  uint64_t A = M.allocate(3, 16, ObjectKind::Heap, 0);
  uint64_t B = M.allocate(1, 8, ObjectKind::Heap, 0);
  uint64_t C = M.allocate(3, 4, ObjectKind::Heap, 0);
  EXPECT_EQ(ptrObj(A), dynamicId(3, 0));
  EXPECT_EQ(ptrObj(B), dynamicId(1, 0));
  EXPECT_EQ(ptrObj(C), dynamicId(3, 1));
  M.reset();
  // Same allocations in another order after a reset: same ids.
  uint64_t C2 = M.allocate(3, 4, ObjectKind::Heap, 0);
  EXPECT_EQ(ptrObj(C2), dynamicId(3, 0));
  EXPECT_EQ(M.resolve(B), nullptr) << "objects of a previous execution are gone";
}

TEST(Memory, ResolveRejectsNullFunctionsAndStrangers) {
  Program P = twoGlobals();
  Memory M(P);
  EXPECT_EQ(M.resolve(0), nullptr);
  EXPECT_EQ(M.resolve(functionPtr(0)), nullptr);
  EXPECT_EQ(M.resolve(globalPtr(5)), nullptr);
  EXPECT_EQ(M.resolve(makePtr(dynamicId(0, 0), 0)), nullptr);
}

TEST(Memory, ReclaimsOnlyDeadUnsharedStackObjectsOnTop) {
  Program P = twoGlobals();
  Memory M(P);
  uint64_t H = M.allocate(0, 8, ObjectKind::Heap, 0);
  uint64_t S1 = M.allocate(0, 8, ObjectKind::Stack, 0);
  uint64_t S2 = M.allocate(0, 8, ObjectKind::Stack, 0);
  M.resolve(S1)->Alive = false;
  M.reclaimStack(0, 0); // S2 is still alive: nothing to reclaim
  EXPECT_NE(M.resolve(S1), nullptr);
  M.resolve(S2)->Alive = false;
  M.reclaimStack(0, 0);
  EXPECT_EQ(M.resolve(S1), nullptr);
  EXPECT_NE(M.resolve(H), nullptr);
  EXPECT_EQ(ptrObj(M.allocate(0, 8, ObjectKind::Stack, 0)), ptrObj(S1));
}

TEST(Memory, KeepsDeadObjectsALiveFrameStillHolds) {
  // A local after its lifetime.end is dead but still its frame's: a callee
  // returning above it must not give its id away.
  Program P = twoGlobals();
  Memory M(P);
  uint64_t Local = M.allocate(0, 4, ObjectKind::Stack, 0);
  uint64_t Callee = M.allocate(0, 4, ObjectKind::Stack, 0);
  M.resolve(Local)->Alive = false;
  M.resolve(Callee)->Alive = false;
  M.reclaimStack(0, Local);
  EXPECT_NE(M.resolve(Local), nullptr);
  EXPECT_NE(ptrObj(M.allocate(0, 4, ObjectKind::Stack, 0)), ptrObj(Local));
}
