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

/// An ILP32 program with the two globals laid out as Lower.cpp does.
static Program ilp32Program() {
  Program P = twoGlobals();
  P.Ptr32 = true;
  P.Functions.resize(3);
  uint64_t A = FlatGlobalBase;
  for (Global &G : P.Globals) {
    G.Flat = uint32_t(A);
    A = alignFlat(A + G.Size + 1);
  }
  P.FlatDynBase = uint32_t((A + 0xfffff) & ~uint64_t(0xfffff));
  return P;
}

TEST(Memory, Ilp32PointersRoundTripThroughAddresses) {
  Program P = ilp32Program();
  Memory M(P);
  uint64_t A = M.allocate(0, 16, ObjectKind::Heap, 0);
  uint64_t B = M.allocate(0, 0, ObjectKind::Heap, 0); // malloc(0)
  uint64_t C = M.allocate(5, 4, ObjectKind::Stack, 0);
  std::vector<uint64_t> Ptrs = {globalPtr(0),     globalPtr(1) + 2,
                                globalPtr(0) + 4, // one past the end
                                functionPtr(2),   A,
                                A + 16,           B,
                                C + 3,            0};
  for (uint64_t X : Ptrs) {
    uint32_t F = M.flatPointer(X);
    EXPECT_EQ(M.unflatPointer(F), X) << std::hex << X << " -> " << F;
  }
  // Distinct objects have distinct addresses, even a one-past-the-end
  // pointer and the next object; an object's bytes are contiguous.
  EXPECT_LT(M.flatPointer(A + 16), M.flatPointer(B));
  EXPECT_EQ(M.flatPointer(A + 5), M.flatPointer(A) + 5);
  EXPECT_LT(M.flatPointer(globalPtr(1) + 3), P.FlatDynBase);
  // Addresses depend on the thread's own allocations only: thread 5's
  // first object has the same address whatever thread 0 did.
  Memory M2(P);
  EXPECT_EQ(M2.flatPointer(M2.allocate(5, 4, ObjectKind::Stack, 0)),
            M.flatPointer(C));
  // An address in no object is the integer itself (no access accepts it).
  uint32_t Gap = M.flatPointer(A + 16) + 1;
  EXPECT_EQ(M.unflatPointer(Gap), uint64_t(Gap));
  EXPECT_EQ(M.unflatPointer(12345), 12345u);
  EXPECT_EQ(M.resolve(M.unflatPointer(12345)), nullptr);
  // Memory holds a pointer as its 4-byte address.
  EXPECT_EQ(P.ptrBytes(), 4u);
  Object *O = M.resolve(A);
  Memory::store(*O, 4, 4, M.toMemory(C + 3));
  EXPECT_EQ(M.loadPointer(*O, 4), C + 3);
}

TEST(Memory, Ilp32ThreadRegionRunsOut) {
  Program P = ilp32Program();
  Memory M(P);
  auto [Lo, Hi] = flatRegion(P, 40); // a thread past the big regions
  ASSERT_LT(Lo, Hi);
  EXPECT_EQ(M.allocate(40, Hi - Lo, ObjectKind::Heap, 0), 0u)
      << "an object larger than the thread's region is not allocated";
  uint64_t X = M.allocate(40, 1000, ObjectKind::Heap, 0);
  ASSERT_NE(X, 0u);
  EXPECT_EQ(M.flatPointer(X), Lo);
  EXPECT_LE(flatRegion(P, MaxThreads - 1).second, FlatTop);
}
