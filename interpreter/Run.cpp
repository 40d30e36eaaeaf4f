//===- interpreter/Run.cpp - The interpretation loop -----------------------===//
//
// Runs one thread until it reaches a visible operation that has not been
// granted, blocks, finishes, or hits a finding. Thread-local instructions
// (registers, memory no other thread can reach) never leave this loop.
//
//===----------------------------------------------------------------------===//
#include "interpreter/ExecOps.h"
#include "interpreter/Executor.h"

namespace vcdpor {

void Executor::run(ThreadId T) {
  Thread &Th = Threads[T];
  Th.Pending.Thread = T;
  while (!halted()) {
    if (Th.State != ThreadState::Ready || Th.Deferred)
      return;
    if (++Budget >= (1u << 16)) {
      Budget = 0;
      if (StopCheck && StopCheck(0)) {
        Interrupted = true;
        return;
      }
    }
    Frame &Fr = Th.Frames.back();
    const Function &F = P.Functions[Fr.Fn];
    const Inst &I = F.Insts[Fr.Pc];
    uint64_t *R = Th.Regs.data() + Fr.RegBase;
    auto V = [&](Operand O) { return operandValue(F, R, O); };
    switch (I.Opc) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::UDiv: case Op::SDiv:
    case Op::URem: case Op::SRem: case Op::Shl: case Op::LShr: case Op::AShr:
    case Op::And: case Op::Or: case Op::Xor: {
      int Err = 0;
      // An address taken apart (its object id shifted down) may be put
      // together again anywhere: its object escapes.
      if ((I.Opc == Op::LShr || I.Opc == Op::AShr) && I.W == 64 &&
          mayBePointer(V(I.A)))
        escape(V(I.A));
      uint64_t X = evalIntBinary(I.Opc, I.W, V(I.A), V(I.B), Err);
      if (Err) {
        fail(T, FindingKind::Arithmetic,
             Err == 1 ? "division by zero" : "signed division overflow", I.Loc);
        return;
      }
      R[I.Dst] = X;
      Fr.Pc++;
      break;
    }
    case Op::FAdd: case Op::FSub: case Op::FMul: case Op::FDiv: case Op::FRem:
    case Op::FNeg:
      R[I.Dst] = evalFloatBinary(I.Opc, I.W, V(I.A),
                                 I.B == NoOperand ? 0 : V(I.B));
      Fr.Pc++;
      break;
    case Op::ICmp:
      R[I.Dst] = evalICmp(IPred(I.Sub), I.W, V(I.A), V(I.B));
      Fr.Pc++;
      break;
    case Op::FCmp:
      R[I.Dst] = evalFCmp(FPred(I.Sub), I.W, V(I.A), V(I.B));
      Fr.Pc++;
      break;
    case Op::PtrToInt:
      escape(V(I.A));
      // ILP32: the pointer's 32-bit address (Program.h).
      R[I.Dst] = evalCast(I.Opc, I.W, I.W2,
                          P.Ptr32 ? Mem.flatPointer(V(I.A)) : V(I.A));
      Fr.Pc++;
      break;
    case Op::IntToPtr:
      R[I.Dst] = P.Ptr32 ? Mem.unflatPointer(uint32_t(V(I.A))) : V(I.A);
      Fr.Pc++;
      break;
    case Op::Trunc: case Op::ZExt: case Op::SExt: case Op::FPTrunc:
    case Op::FPExt: case Op::FPToUI: case Op::FPToSI: case Op::UIToFP:
    case Op::SIToFP:
      R[I.Dst] = evalCast(I.Opc, I.W, I.W2, V(I.A));
      Fr.Pc++;
      break;
    case Op::Copy:
      R[I.Dst] = V(I.A);
      Fr.Pc++;
      break;
    case Op::Select:
      R[I.Dst] = (V(I.A) & 1) ? V(I.B) : V(I.C);
      Fr.Pc++;
      break;
    case Op::Gep: {
      const GepInfo &G = F.Geps[I.Aux];
      uint64_t Base = V(I.A);
      int64_t Delta = G.Offset;
      for (const GepIndex &X : G.Indices)
        Delta += sextFrom(V(X.Idx), X.Width) * X.Scale;
      // Offsets are signed 32-bit; arithmetic beyond that range leaves every
      // object, and the pointer becomes one that no access accepts.
      int64_t Off = int64_t(int32_t(ptrOff(Base))) + Delta;
      R[I.Dst] = Off < INT32_MIN || Off > INT32_MAX
                     ? makePtr(WildObjectId, 0)
                     : makePtr(ptrObj(Base), uint32_t(int32_t(Off)));
      Fr.Pc++;
      break;
    }
    case Op::Alloca: {
      uint64_t N = I.B == NoOperand ? 1 : maskTo(V(I.B), I.W2);
      uint64_t Size = I.Imm * N;
      if (Size > (1u << 28)) {
        fail(T, FindingKind::Memory,
             "stack allocation of " + std::to_string(Size) + " bytes", I.Loc);
        return;
      }
      if (!chargeAllocation(Size))
        return;
      uint64_t Ptr = Mem.allocate(T, uint32_t(Size), ObjectKind::Stack, I.Aux);
      if (!Ptr) {
        Th.State = ThreadState::Bounded; // out of object ids: cut, not a finding
        Th.Cut = ObjectLimit;
        return;
      }
      Th.Allocas.push_back(Ptr);
      R[I.Dst] = Ptr;
      Fr.Pc++;
      break;
    }
    case Op::Load: {
      uint64_t Ptr = V(I.A);
      Object *O = access(T, Ptr, I.Size, false, I.Loc);
      if (!O)
        return;
      uint64_t X;
      if (O->Shared) {
        if (!visible(T, EventKind::Read, Ptr, I.Size, I.Loc))
          return;
        X = Memory::load(*O, ptrOff(Ptr), I.Size);
        Last.Value = X;
        Last.Atomic = I.Sub & 1;
        recordEvent(T);
        noteRead(T, Ptr, I.Size);
      } else {
        X = Memory::load(*O, ptrOff(Ptr), I.Size);
        if (!O->PtrSlots.empty())
          partialPointerRead(*O, ptrOff(Ptr), I.Size);
      }
      R[I.Dst] = (I.Sub & 2) && P.Ptr32 ? Mem.unflatPointer(uint32_t(X))
                                         : maskTo(X, I.W);
      Fr.Pc++;
      break;
    }
    case Op::Store: {
      uint64_t Ptr = V(I.A);
      Object *O = access(T, Ptr, I.Size, true, I.Loc);
      if (!O)
        return;
      uint64_t Reg = V(I.B);
      // What memory holds: in ILP32 a pointer's 32-bit address.
      uint64_t X = (I.Sub & 1) ? Mem.toMemory(Reg) : Reg;
      if (O->Shared) {
        if (!visible(T, EventKind::Write, Ptr, I.Size, I.Loc))
          return;
        Last.Written = X;
        Last.Atomic = I.Sub & 2;
        recordEvent(T);
      }
      if ((I.Sub & 1) || (I.Size == 8 && mayBePointer(X)))
        storedPointer(*O, ptrOff(Ptr), Reg);
      // A local store that leaves memory as it was is no side effect: a spin
      // loop that re-stores a temporary still only waits.
      if (O->Shared || Memory::load(*O, ptrOff(Ptr), I.Size) != maskTo(X, I.Size * 8))
        noteWrite(T, *O, Ptr, I.Size);
      Memory::store(*O, ptrOff(Ptr), I.Size, X);
      if (O->Shared)
        sharedWrite(Ptr, I.Size);
      Fr.Pc++;
      break;
    }
    case Op::Cmpxchg: {
      uint64_t Ptr = V(I.A);
      Object *O = access(T, Ptr, I.Size, true, I.Loc);
      if (!O)
        return;
      bool Shared = O->Shared;
      // Memory's form of the operands (ILP32: pointers as addresses).
      uint64_t Exp = I.Sub ? Mem.toMemory(V(I.B)) : V(I.B);
      uint64_t New = I.Sub ? Mem.toMemory(V(I.C)) : V(I.C);
      if (Shared && !visible(T, EventKind::Cas, Ptr, I.Size, I.Loc)) {
        Th.Pending.Value = Exp; // what pending() compares against
        Th.Pending.Written = New;
        Th.SpinCas = Th.Pending;
        return;
      }
      uint64_t Old = maskTo(Memory::load(*O, ptrOff(Ptr), I.Size), I.W);
      bool Ok = Old == Exp;
      if (Ok) {
        if (I.Sub || (I.Size == 8 && mayBePointer(New)))
          storedPointer(*O, ptrOff(Ptr), I.Sub ? V(I.C) : New);
        noteWrite(T, *O, Ptr, I.Size);
        Memory::store(*O, ptrOff(Ptr), I.Size, New);
      }
      if (Shared) {
        Last.Kind = Ok ? EventKind::Rmw : EventKind::Read;
        Last.Flag = true;
        Last.Atomic = true;
        Last.Value = Old;
        Last.Written = Ok ? New : 0;
        recordEvent(T);
        if (Ok)
          sharedWrite(Ptr, I.Size);
        else
          noteRead(T, Ptr, I.Size);
      }
      R[I.Dst] = I.Sub ? Mem.fromMemory(Old) : Old;
      R[I.Dst + 1] = Ok;
      Fr.Pc++;
      break;
    }
    case Op::AtomicRmw: {
      uint64_t Ptr = V(I.A);
      Object *O = access(T, Ptr, I.Size, true, I.Loc);
      if (!O)
        return;
      bool Shared = O->Shared;
      if (Shared && !visible(T, EventKind::Rmw, Ptr, I.Size, I.Loc))
        return;
      uint64_t Old = maskTo(Memory::load(*O, ptrOff(Ptr), I.Size), I.W);
      // Only an exchange takes a pointer operand (ILP32: its address).
      uint64_t New = evalRmw(RmwOp(I.Sub), I.W, Old,
                             I.Imm ? Mem.toMemory(V(I.B)) : V(I.B));
      if (I.Imm || (I.Size == 8 && mayBePointer(New)))
        storedPointer(*O, ptrOff(Ptr), I.Imm ? V(I.B) : New);
      // An exchange that rewrites the value it found changes nothing: for
      // spin-loop detection it only read (a test-and-set lock's retry).
      bool Changes = New != Old;
      if (Changes)
        noteWrite(T, *O, Ptr, I.Size);
      Memory::store(*O, ptrOff(Ptr), I.Size, New);
      if (Shared) {
        Last.Value = Old;
        Last.Written = New;
        Last.Atomic = true;
        recordEvent(T);
        if (Changes)
          sharedWrite(Ptr, I.Size);
        else
          noteRead(T, Ptr, I.Size);
      }
      R[I.Dst] = I.Imm ? Mem.fromMemory(Old) : Old;
      Fr.Pc++;
      break;
    }
    case Op::Br:
      if (!takeEdge(T, I.Aux))
        return;
      break;
    case Op::CondBr:
      if (!takeEdge(T, (V(I.A) & 1) ? I.Aux : uint32_t(I.Imm)))
        return;
      break;
    case Op::Switch: {
      const SwitchInfo &S = F.Switches[I.Aux];
      uint64_t X = maskTo(V(I.A), S.Width);
      uint32_t E = S.DefaultEdge;
      for (auto &[C, Ed] : S.Cases)
        if (C == X) {
          E = Ed;
          break;
        }
      if (!takeEdge(T, E))
        return;
      break;
    }
    case Op::Ret:
      if (!doReturn(T, I))
        return;
      break;
    case Op::Call: {
      const CallInfo &CI = F.Calls[I.Aux];
      uint64_t Args[32];
      size_t NA = std::min<size_t>(CI.Args.size(), 32);
      if (CI.Args.size() > 32) {
        fail(T, FindingKind::UnsupportedAtRuntime, "call with more than 32 arguments", I.Loc);
        return;
      }
      for (size_t K = 0; K < NA; ++K)
        Args[K] = V(CI.Args[K]);
      int32_t Callee = CI.Callee;
      Builtin Ext = CI.Ext;
      if (CI.Target != NoOperand) {
        uint64_t FP = V(CI.Target);
        uint32_t Id = ptrObj(FP);
        if (ptrOff(FP) != 0 || Id < FunctionIdBase || (Id & DynamicIdBit) ||
            Id - FunctionIdBase >= P.Functions.size()) {
          fail(T, FindingKind::Memory,
               "call through invalid function pointer " + describeAddr(FP), I.Loc);
          return;
        }
        const Function &Tgt = P.Functions[Id - FunctionIdBase];
        if (Tgt.Insts.empty() && Tgt.Ext == Builtin::None) {
          fail(T, FindingKind::UnsupportedAtRuntime,
               "call of unsupported external function '" + Tgt.Name + "'", I.Loc);
          return;
        }
        if (Tgt.Insts.empty())
          Ext = Tgt.Ext;
        else
          Callee = Id - FunctionIdBase;
      }
      if (Callee >= 0) {
        bool Atomic = CI.AtomicFn || P.Functions[Callee].AtomicFn;
        if (Atomic) {
          if (Th.AtomicDepth == 0) {
            if (!visible(T, EventKind::AtomicBegin, 0, 0, I.Loc))
              return;
            recordEvent(T);
            AtomicOwner = T;
            Th.UndoLog.clear();
          }
          Th.AtomicDepth++;
        }
        CallInfo Fixed;
        const CallInfo *Use = &CI;
        if (Atomic && !CI.AtomicFn) {
          Fixed = CI;
          Fixed.AtomicFn = true;
          Use = &Fixed;
        }
        if (!callFunction(T, Callee, *Use, Args))
          return;
        break;
      }
      if (!execBuiltin(T, I, CI, Ext, Args))
        return;
      break;
    }
    case Op::Unreachable:
      fail(T, FindingKind::Trap, "reached 'unreachable' (undefined behaviour)", I.Loc);
      return;
    case Op::Trap:
      fail(T, FindingKind::Trap, "llvm.trap executed", I.Loc);
      return;
    case Op::Abs: case Op::SMin: case Op::SMax: case Op::UMin: case Op::UMax:
    case Op::Fshl: case Op::Fshr: case Op::Ctpop: case Op::Ctlz: case Op::Cttz:
    case Op::Bswap: case Op::FAbs: case Op::FSqrt: case Op::FMin: case Op::FMax:
    case Op::FCopySign: case Op::FFloor: case Op::FCeil: case Op::FTrunc:
    case Op::FRound: case Op::FFma:
      R[I.Dst] = evalIntrinsic(I.Opc, I.W, V(I.A),
                               I.B == NoOperand ? 0 : V(I.B),
                               I.C == NoOperand ? 0 : V(I.C));
      Fr.Pc++;
      break;
    case Op::AddOvf: case Op::SubOvf: case Op::MulOvf: {
      bool Ovf = false;
      R[I.Dst] = evalOverflow(I.Opc, I.Sub, I.W, V(I.A), V(I.B), Ovf);
      R[I.Dst + 1] = Ovf;
      Fr.Pc++;
      break;
    }
    case Op::MemCpy: case Op::MemMove: case Op::MemSet:
      if (!memIntrinsic(T, I.Opc, V(I.A), V(I.B), maskTo(V(I.C), I.W2), I.Loc))
        return;
      Fr.Pc++;
      break;
    case Op::StackSave:
      R[I.Dst] = Th.Allocas.size();
      Fr.Pc++;
      break;
    case Op::StackRestore: {
      if (!killStack(T, V(I.A), I.Loc))
        return;
      Fr.Pc++;
      break;
    }
    case Op::LifetimeStart:
    case Op::LifetimeEnd:
      if (Object *O = Mem.resolve(V(I.A)); O && O->Kind == ObjectKind::Stack)
        if (!stackLifetime(T, *O, V(I.A), I.Opc == Op::LifetimeStart, I.Loc))
          return;
      Fr.Pc++;
      break;
    case Op::TlsAddr: {
      if (Th.Tls.size() < P.Globals.size())
        Th.Tls.resize(P.Globals.size(), 0);
      uint64_t &Slot = Th.Tls[I.Imm];
      if (!Slot) {
        const Global &G = P.Globals[I.Imm];
        if (!chargeAllocation(G.Size))
          return;
        Slot = Mem.allocate(T, G.Size, ObjectKind::ThreadLocal, I.Imm);
        if (!Slot) {
          Th.State =
              ThreadState::Bounded; // out of object ids: cut, not a finding
          Th.Cut = ObjectLimit;
          return;
        }
        std::memcpy(Mem.resolve(Slot)->Bytes.data(), G.Init.data(), G.Size);
      }
      R[I.Dst] = Slot;
      Fr.Pc++;
      break;
    }
    }
  }
}

} // namespace vcdpor
