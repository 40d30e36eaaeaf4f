//===- tests/unit/bmc/EncodeTest.cpp - The SC encoding on small event sets ===//
//
// Each test builds a SymProgram by hand (threads, events, guards, addresses,
// values), encodes it, and asks Z3 whether an outcome is possible. The
// expected answers are those of sequential consistency and of the
// interpreter's mutex and condition-variable semantics, worked out by hand
// for these litmus-sized programs.
//
//===----------------------------------------------------------------------===//
#include "bmc/Encode.h"
#include "bmc/SymExec.h"
#include "interpreter/Program.h"

#include <gtest/gtest.h>

using namespace vcdpor;
using namespace vcdpor::bmc;

namespace {

const uint64_t X = makePtr(FirstGlobalId, 0);
const uint64_t Y = makePtr(FirstGlobalId, 4);
const uint64_t M = makePtr(FirstGlobalId + 1, 0) | MutexBit;
const uint64_t Cv = makePtr(FirstGlobalId + 2, 0);

/// A hand-made bounded program. Thread 0 is main; other threads start at a
/// Create event of their parent. finish() ends every thread and encodes.
class Prog {
public:
  z3::context C;
  SymProgram SP;
  Encoding En{C};

  Prog() {
    SP.Threads.push_back(SymThread(C));
    addObject(8);  // x at 0, y at 4
    addObject(1);  // m
    addObject(8);  // c
  }
  unsigned spawn(unsigned Parent) {
    unsigned E = event(Parent, SymKind::Create);
    SymThread T(C);
    T.CreateEvent = int(E);
    SP.Threads.push_back(T);
    SP.Events[E].Child = int(SP.Threads.size() - 1);
    return SP.Threads.size() - 1;
  }
  unsigned event(unsigned T, SymKind K) {
    SymEvent E(C);
    E.Kind = K;
    E.Thread = T;
    E.Clock = C.int_const(("c" + std::to_string(SP.Events.size())).c_str());
    SP.Events.push_back(E);
    SP.Threads[T].Events.push_back(SP.Events.size() - 1);
    return SP.Events.size() - 1;
  }
  unsigned access(unsigned T, SymKind K, uint64_t Addr, uint32_t Size) {
    unsigned E = event(T, K);
    SymEvent &Ev = SP.Events[E];
    Ev.Addr = C.bv_val(Addr, 64);
    Ev.Size = Size;
    Ev.Reads = K != SymKind::Write;
    Ev.Writes = K != SymKind::Read;
    Ev.RVal = C.bv_const(("r" + std::to_string(E)).c_str(), 8 * Size);
    return E;
  }
  unsigned write(unsigned T, uint64_t Addr, uint32_t V) {
    unsigned E = access(T, SymKind::Write, Addr, 4);
    SP.Events[E].WVal = C.bv_val(V, 32);
    return E;
  }
  unsigned read(unsigned T, uint64_t Addr) {
    return access(T, SymKind::Read, Addr, 4);
  }
  /// The mutex operations as SymBuiltins.cpp makes them: RMWs of the
  /// mutex byte holding the owner's id + 1.
  unsigned mutexOp(unsigned T, SymKind K) {
    unsigned E = access(T, SymKind::Rmw, M, 1);
    SymEvent &Ev = SP.Events[E];
    Ev.Kind = K;
    z3::expr Me = C.bv_val(T + 1, 8);
    switch (K) {
    case SymKind::Lock:
      Ev.WVal = Me;
      Ev.Bad = Ev.RVal == Me;
      break;
    case SymKind::Unlock:
    case SymKind::CondWait:
      Ev.WVal = C.bv_val(0, 8);
      Ev.Bad = Ev.RVal != Me;
      break;
    default: // CondWake
      Ev.WVal = Me;
      break;
    }
    Ev.Finding = FindingKind::Mutex;
    Ev.Cond = C.bv_val(Cv, 64);
    return E;
  }
  /// pthread_cond_wait: its two events.
  void wait(unsigned T) {
    mutexOp(T, SymKind::CondWait);
    mutexOp(T, SymKind::CondWake);
  }
  unsigned signal(unsigned T, bool All = false) {
    unsigned E = event(T, All ? SymKind::Broadcast : SymKind::Signal);
    SP.Events[E].Addr = C.bv_val(Cv, 64);
    return E;
  }
  void finish() {
    for (unsigned T = 0; T < SP.Threads.size(); ++T)
      SP.Threads[T].EndEvent = int(event(T, SymKind::ThreadEnd));
    encode(C, SP, En);
  }
  z3::expr ex(unsigned E) { return executes(SP, En, E); }
  z3::expr rv(unsigned E) { return SP.Events[E].RVal; }
  z3::expr all() {
    z3::expr A = C.bool_val(true);
    for (unsigned E = 0; E < SP.Events.size(); ++E)
      if (SP.Events[E].Kind != SymKind::Cut)
        A = A && ex(E);
    return A;
  }
  /// Whether some execution satisfies Q.
  bool possible(const z3::expr &Q) {
    z3::solver S(C);
    S.add(En.Hard);
    S.add(Q);
    z3::check_result R = S.check();
    EXPECT_NE(R, z3::unknown);
    return R == z3::sat;
  }
  z3::expr v32(uint32_t V) { return C.bv_val(V, 32); }
  z3::expr anyViolation() {
    z3::expr A = C.bool_val(false);
    for (const Violation &V : En.Violations)
      A = A || V.Flag;
    return A;
  }

private:
  void addObject(uint64_t Size) {
    SymObject O(C);
    O.Id = FirstGlobalId + SP.Objects.size();
    O.Size = C.bv_val(Size, 64);
    SP.Objects.push_back(O);
  }
};

TEST(BmcEncode, StoreBufferingIsForbiddenUnderSC) {
  Prog P;
  unsigned T1 = P.spawn(0);
  P.write(0, X, 1);
  unsigned R0 = P.read(0, Y);
  P.write(T1, Y, 1);
  unsigned R1 = P.read(T1, X);
  P.finish();
  EXPECT_FALSE(P.possible(P.all() && P.rv(R0) == P.v32(0) && P.rv(R1) == P.v32(0)));
  EXPECT_TRUE(P.possible(P.all() && P.rv(R0) == P.v32(0) && P.rv(R1) == P.v32(1)));
  EXPECT_TRUE(P.possible(P.all() && P.rv(R0) == P.v32(1) && P.rv(R1) == P.v32(0)));
  EXPECT_TRUE(P.possible(P.all() && P.rv(R0) == P.v32(1) && P.rv(R1) == P.v32(1)));
  // Every access is to a valid global: no violation at all.
  EXPECT_FALSE(P.possible(P.anyViolation()));
}

TEST(BmcEncode, AReadSeesTheLastWriteOrTheInitialValue) {
  Prog P;
  // x starts as 5 (little-endian bytes), as a global's initialiser.
  P.SP.InitBytes.push_back({X, 5});
  unsigned R0 = P.read(0, X);
  P.write(0, X, 1);
  P.write(0, X, 2);
  unsigned R1 = P.read(0, X);
  P.finish();
  EXPECT_TRUE(P.possible(P.all()));
  EXPECT_FALSE(P.possible(P.all() && P.rv(R0) != P.v32(5)));
  EXPECT_FALSE(P.possible(P.all() && P.rv(R1) != P.v32(2)));
}

TEST(BmcEncode, LocksExcludeEachOther) {
  for (bool Locked : {false, true}) {
    Prog P;
    unsigned T1 = P.spawn(0);
    unsigned R[2];
    for (unsigned T : {0u, T1}) {
      if (Locked)
        P.mutexOp(T, SymKind::Lock);
      P.write(T, X, T + 1);
      R[T ? 1 : 0] = P.read(T, X);
      if (Locked)
        P.mutexOp(T, SymKind::Unlock);
    }
    P.finish();
    // Another thread's write between one's write and its read of x.
    z3::expr Interfered =
        P.rv(R[0]) != P.v32(1) || P.rv(R[1]) != P.v32(T1 + 1);
    EXPECT_EQ(P.possible(P.all() && Interfered), !Locked);
    EXPECT_FALSE(P.possible(P.anyViolation()));
  }
}

TEST(BmcEncode, LockOrderInversionDeadlocks) {
  for (bool Inverted : {false, true}) {
    Prog P;
    unsigned T1 = P.spawn(0);
    // Two mutexes: m and a second one next to it.
    uint64_t M2 = makePtr(FirstGlobalId + 3, 0) | MutexBit;
    SymObject O(P.C);
    O.Id = FirstGlobalId + 3;
    O.Size = P.C.bv_val(1, 64);
    P.SP.Objects.push_back(O);
    auto op = [&](unsigned T, SymKind K, uint64_t Mx) {
      unsigned E = P.mutexOp(T, K);
      P.SP.Events[E].Addr = P.C.bv_val(Mx, 64);
    };
    for (unsigned T : {0u, T1}) {
      bool Rev = Inverted && T == T1;
      op(T, SymKind::Lock, Rev ? M2 : M);
      op(T, SymKind::Lock, Rev ? M : M2);
      op(T, SymKind::Unlock, Rev ? M : M2);
      op(T, SymKind::Unlock, Rev ? M2 : M);
    }
    P.finish();
    EXPECT_EQ(P.possible(P.En.Dead), Inverted);
  }
}

TEST(BmcEncode, ASignalWakesOneWaiterABroadcastAll) {
  for (bool All : {false, true}) {
    Prog P;
    unsigned T1 = P.spawn(0), T2 = P.spawn(0);
    unsigned Reacq[2];
    for (unsigned T : {T1, T2}) {
      P.mutexOp(T, SymKind::Lock);
      P.wait(T);
      Reacq[T == T1 ? 0 : 1] = P.SP.Threads[T].Events.back();
      P.mutexOp(T, SymKind::Unlock);
    }
    P.mutexOp(0, SymKind::Lock);
    unsigned S = P.signal(0, All);
    P.mutexOp(0, SymKind::Unlock);
    P.finish();
    // Both waiting when the signal comes, both woken: only a broadcast.
    EXPECT_EQ(P.possible(P.ex(Reacq[0]) && P.ex(Reacq[1])), All);
    // One woken after one signal.
    EXPECT_TRUE(P.possible(P.ex(Reacq[0]) && P.ex(S)));
    // Both threads waiting at the signal and neither woken by it is
    // impossible: a signal with waiters wakes one.
    z3::expr WokenByS = P.C.bool_val(false);
    for (const Wake &W : P.En.Wakes)
      if (W.Signal == S)
        WokenByS = WokenByS || W.Var;
    z3::expr BothWaiting = P.ex(S);
    for (unsigned K : Reacq)
      BothWaiting = BothWaiting && P.ex(K - 1) &&
                    P.SP.Events[K - 1].Clock < P.SP.Events[S].Clock;
    EXPECT_TRUE(P.possible(BothWaiting));
    EXPECT_FALSE(P.possible(BothWaiting && !WokenByS));
    // A signal before both waits is lost: a deadlock (with a broadcast too).
    EXPECT_TRUE(P.possible(P.En.Dead));
    EXPECT_FALSE(P.possible(P.anyViolation()));
  }
}

TEST(BmcEncode, NoSpuriousWakeUps) {
  Prog P;
  unsigned T1 = P.spawn(0);
  P.mutexOp(T1, SymKind::Lock);
  P.wait(T1);
  unsigned Wake = P.SP.Threads[T1].Events.back();
  P.finish();
  // Nobody signals: the wait never returns, and that is a deadlock.
  EXPECT_FALSE(P.possible(P.ex(Wake)));
  EXPECT_TRUE(P.possible(P.En.Dead));
}

TEST(BmcEncode, WaitingWithoutTheMutexIsAFinding) {
  Prog P;
  unsigned T1 = P.spawn(0);
  P.wait(T1);
  P.signal(0);
  P.finish();
  ASSERT_FALSE(P.En.Violations.empty());
  EXPECT_TRUE(P.possible(P.anyViolation()));
}

TEST(BmcEncode, AtomicSectionsAreNotInterleaved) {
  Prog P;
  unsigned T1 = P.spawn(0);
  unsigned B = P.event(0, SymKind::AtomicBegin);
  P.write(0, X, 1);
  P.write(0, X, 2);
  unsigned E = P.event(0, SymKind::AtomicEnd);
  P.SP.Sections.push_back({B, int(E)});
  unsigned R = P.read(T1, X);
  P.finish();
  EXPECT_FALSE(P.possible(P.all() && P.rv(R) == P.v32(1)));
  EXPECT_TRUE(P.possible(P.all() && P.rv(R) == P.v32(2)));
  EXPECT_TRUE(P.possible(P.all() && P.rv(R) == P.v32(0)));
}

TEST(BmcEncode, ReachingACutIsTheUnwindingQuery) {
  for (bool Reachable : {false, true}) {
    Prog P;
    unsigned T1 = P.spawn(0);
    P.write(T1, X, Reachable ? 1 : 2);
    unsigned R = P.read(0, X);
    unsigned Cut = P.event(0, SymKind::Cut);
    // The loop bound is reached only when x is 1, which some write makes.
    P.SP.Events[Cut].Guard = P.rv(R) == P.v32(1);
    P.finish();
    EXPECT_EQ(P.possible(P.En.Reach), Reachable);
    // A cut event never runs.
    EXPECT_FALSE(P.possible(P.ex(Cut)));
  }
}

TEST(BmcEncode, OutOfBoundsIsAViolation) {
  Prog P;
  // Reading 4 bytes at offset 6 of an 8-byte object.
  P.read(0, makePtr(FirstGlobalId, 6));
  P.finish();
  ASSERT_EQ(P.En.Violations.size(), 1u);
  EXPECT_EQ(P.En.Violations[0].Kind, FindingKind::Memory);
  EXPECT_TRUE(P.possible(P.En.Violations[0].Flag));
}

} // namespace
