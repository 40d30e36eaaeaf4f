//===- bmc/SymBuiltins.cpp - External functions, symbolically -------------===//
//
// What each supported external function does to the symbolic state, as
// interpreter/Builtins.cpp does to the concrete one; what bmc does not
// model is refused by name.
//
//===----------------------------------------------------------------------===//
#include "bmc/SymExec.h"

namespace vcdpor::bmc {

void SymExec::execBuiltin(const Function &F, const Inst &I,
                          const CallInfo &CI, Builtin Ext,
                          const std::vector<z3::expr> &Args, PathState &S) {
  auto Arg = [&](size_t X) { return X < Args.size() ? Args[X] : bv(0); };
  auto Ret = [&](const z3::expr &X) {
    if (CI.Dst != NoOperand && CI.DstCount)
      S.R[CI.Dst] = CI.RetWidth && CI.RetWidth < 64
                        ? widen(low(X, CI.RetWidth))
                        : X;
  };
  switch (Ext) {
  case Builtin::PthreadCreate: {
    z3::expr Start = Arg(2).simplify();
    uint64_t FP;
    uint32_t Id;
    if (!Start.is_numeral_u64(FP) || ptrOff(FP) ||
        (Id = ptrObj(FP)) < FunctionIdBase || (Id & DynamicIdBit) ||
        Id - FunctionIdBase >= P.Functions.size() ||
        P.Functions[Id - FunctionIdBase].Insts.empty())
      refuse(F, I, "pthread_create with a start routine that is not a "
                   "constant defined function");
    // The id store, as the interpreter makes it: before the thread runs
    // (glibc's order); from it to the create, the id is reserved.
    unsigned ChildIdx = O.Threads.size();
    // pthread_t is an unsigned long: as wide as a pointer.
    unsigned W = access(SymKind::Write, S.G, Arg(0), P.ptrBytes(), I.Loc);
    O.Events[W].WVal = bv(ChildIdx + 1, 8 * P.ptrBytes());
    unsigned E = emit(SymKind::Create, S.G, I.Loc);
    SymThread Child(C);
    Child.Function = Id - FunctionIdBase;
    Child.Arg = Arg(3);
    Child.CreateEvent = int(E);
    Child.IdStore = int(W);
    O.Threads.push_back(Child);
    O.Events[E].Child = int(ChildIdx);
    Ret(bv(0));
    return;
  }
  case Builtin::PthreadJoin: {
    unsigned E = emit(SymKind::Join, S.G, I.Loc);
    O.Events[E].WVal = Arg(0);
    O.Events[E].Addr = Arg(1); // where the result goes (0: nowhere)
    // The result store: a write of its own where a pointer was given. Its
    // value is tied to the joined thread's result by the encoding.
    z3::expr HasRes = Arg(1) != bv(0);
    z3::expr Res = fresh("joinres", 64);
    // (No check of bmc's address layout here: Res is free unless the join
    // is valid.)
    z3::expr Stored = P.Ptr32 ? flat(Res) : Res;
    unsigned W = access(SymKind::Write, (S.G && HasRes).simplify(), Arg(1),
                        P.ptrBytes(), I.Loc);
    O.Events[W].WVal = Stored;
    O.Events[E].RVal = Res;
    Ret(bv(0));
    return;
  }
  case Builtin::PthreadExit:
    ThreadExits.push_back({S.G, Arg(0)});
    S.G = C.bool_val(false);
    return;
  case Builtin::PthreadSelf:
    Ret(bv(Cur + 1));
    return;
  case Builtin::PthreadEqual:
    Ret(boolBv(Arg(0) == Arg(1)));
    return;
  case Builtin::MutexInit:
  case Builtin::MutexDestroy:
  case Builtin::CondInit:
  case Builtin::CondDestroy:
  case Builtin::AttrNoop:
  case Builtin::Yield:
    Ret(bv(0));
    return;
  case Builtin::MutexLock:
  case Builtin::MutexUnlock:
  case Builtin::MutexTryLock: {
    SymKind K = Ext == Builtin::MutexLock     ? SymKind::Lock
                : Ext == Builtin::MutexUnlock ? SymKind::Unlock
                                              : SymKind::TryLock;
    unsigned E = access(SymKind::Rmw, S.G, Arg(0) | bv(MutexBit), 1, I.Loc);
    SymEvent &Ev = O.Events[E];
    Ev.Kind = K;
    z3::expr Me = bv(Cur + 1, 8);
    if (K == SymKind::Lock) {
      // Relocking a mutex the thread holds blocks it for ever, as in the
      // interpreter (a deadlock once nothing else can run), not a finding.
      Ev.WVal = Me;
      Ret(bv(0));
    } else if (K == SymKind::Unlock) {
      Ev.WVal = bv(0, 8);
      Ev.Bad = Ev.RVal != Me;
      Ev.Finding = FindingKind::Mutex;
      Ev.Message = "unlock of a mutex the thread does not hold";
      Ret(bv(0));
    } else {
      z3::expr Ok = Ev.RVal == bv(0, 8);
      Ev.WVal = z3::ite(Ok, Me, Ev.RVal);
      Ret(z3::ite(Ok, bv(0), bv(16)));
    }
    return;
  }
  case Builtin::CondWait: {
    // The interpreter's two events: release and wait, then re-acquire once
    // a signal or broadcast woke the thread (the encoding ties the wake-up
    // to one; there are no spurious wake-ups, as in every engine).
    z3::expr Me = bv(Cur + 1, 8);
    unsigned W = access(SymKind::Rmw, S.G, Arg(1) | bv(MutexBit), 1, I.Loc);
    SymEvent &Wv = O.Events[W];
    Wv.Kind = SymKind::CondWait;
    Wv.Cond = Arg(0);
    Wv.WVal = bv(0, 8);
    Wv.Bad = Wv.RVal != Me;
    Wv.Finding = FindingKind::Mutex;
    Wv.Message = "pthread_cond_wait with a mutex the thread does not hold";
    // A failed wait ends the path in the interpreter.
    z3::expr Held = (S.G && !Wv.Bad).simplify();
    unsigned K = access(SymKind::Rmw, Held, Arg(1) | bv(MutexBit), 1, I.Loc);
    SymEvent &Kv = O.Events[K];
    Kv.Kind = SymKind::CondWake;
    Kv.Cond = Arg(0);
    Kv.WVal = Me;
    S.G = Held;
    Ret(bv(0));
    return;
  }
  case Builtin::CondSignal:
  case Builtin::CondBroadcast: {
    unsigned E = emit(Ext == Builtin::CondSignal ? SymKind::Signal
                                                 : SymKind::Broadcast,
                      S.G, I.Loc);
    O.Events[E].Addr = Arg(0);
    Ret(bv(0));
    return;
  }
  case Builtin::Assume: {
    unsigned E = emit(SymKind::Assume, S.G, I.Loc);
    O.Events[E].Bad = Arg(0) != bv(0); // the condition
    S.G = S.G && O.Events[E].Bad;
    Ret(bv(0));
    return;
  }
  case Builtin::AtomicBegin:
    if (AtomicDepth++ == 0) {
      unsigned E = emit(SymKind::AtomicBegin, S.G, I.Loc);
      O.Events[E].InAtomic = true;
      OpenSection = O.Sections.size();
      O.Sections.push_back({E, -1});
    }
    Ret(bv(0));
    return;
  case Builtin::AtomicEnd:
    if (AtomicDepth && --AtomicDepth == 0) {
      unsigned E = emit(SymKind::AtomicEnd, S.G, I.Loc);
      O.Sections[OpenSection].second = int(E);
      OpenSection = -1;
    }
    Ret(bv(0));
    return;
  case Builtin::ReachError:
  case Builtin::AssertFail:
    check(S.G, C.bool_val(true), FindingKind::Assertion,
          Ext == Builtin::ReachError ? "reach_error() called"
                                     : "assertion failed",
          I.Loc);
    S.G = C.bool_val(false);
    return;
  case Builtin::Assert: {
    z3::expr Fails = Arg(0) == bv(0);
    check(S.G, Fails, FindingKind::Assertion, "assertion failed", I.Loc);
    S.G = S.G && !Fails;
    Ret(bv(0));
    return;
  }
  case Builtin::NondetInt:
  case Builtin::NondetBool: {
    unsigned E = emit(SymKind::Nondet, S.G, I.Loc);
    unsigned W = Ext == Builtin::NondetBool ? 1
                 : CI.RetWidth              ? CI.RetWidth
                                            : 64;
    O.Events[E].RVal = fresh("nondet", W);
    Ret(widen(O.Events[E].RVal));
    return;
  }
  case Builtin::Malloc:
  case Builtin::Calloc: {
    z3::expr Size = Ext == Builtin::Calloc ? Arg(0) * Arg(1) : Arg(0);
    // As the interpreter: a calloc whose size product overflows returns
    // NULL; an allocation above its 256 MiB object limit cuts the
    // execution (a bound, as a loop bound is).
    z3::expr Ovf = C.bool_val(false);
    if (Ext == Builtin::Calloc)
      Ovf = (!z3::bvmul_no_overflow(Arg(0), Arg(1), false)).simplify();
    z3::expr Huge = (!Ovf && z3::ugt(Size, bv(MaxAllocation))).simplify();
    if (!Huge.is_false()) {
      unsigned E = emit(SymKind::Cut, (S.G && Huge).simplify(), I.Loc);
      O.Events[E].Message = "an allocation above 256 MiB";
      O.Events[E].Allocation = true;
      S.G = (S.G && !Huge).simplify();
    }
    unsigned Ob = newObject(ObjKind::Heap, Size.simplify(), "heap");
    Ret(z3::ite(Ovf, bv(0), bv(makePtr(O.Objects[Ob].Id, 0))).simplify());
    return;
  }
  case Builtin::Free: {
    unsigned E = emit(SymKind::Free, S.G, I.Loc);
    O.Events[E].Addr = Arg(0);
    return;
  }
  case Builtin::Exit:
  case Builtin::Abort:
    emit(SymKind::Exit, S.G, I.Loc);
    S.G = C.bool_val(false);
    return;
  case Builtin::Ffs: {
    // The lowest set bit, counted from 1; 0 for 0 (as the interpreter).
    z3::expr X = Arg(0), R = bv(0);
    for (int B = 63; B >= 0; --B)
      R = z3::ite(X.extract(B, B) == C.bv_val(1, 1), bv(B + 1), R);
    Ret(R);
    return;
  }
  case Builtin::Printf:
  case Builtin::Fprintf:
  case Builtin::Puts:
  case Builtin::Putchar:
  case Builtin::Putc:
  case Builtin::Fputs:
  case Builtin::Fwrite:
    // Output is not modelled: the call returns 0 and reads nothing.
    Ret(bv(0));
    return;
  default:
    break;
  }
  std::string Name = "an external function";
  for (const Function &G : P.Functions)
    if (G.Ext == Ext && G.Insts.empty()) {
      Name = "'" + G.Name + "'";
      break;
    }
  refuse(F, I, "call of " + Name + ", which bmc does not model");
}

} // namespace vcdpor::bmc
