//===- interpreter/LowerCall.cpp - Calls and intrinsics to Program -------===//
//
// A call goes to a defined function, an entry of the supported-function
// table (interpreter/Builtins.def) or through a pointer; intrinsics become
// instructions of their own (mem*, lifetimes, stack save/restore, integer
// and floating-point helpers) or are dropped where they only inform the
// optimiser or the debugger.
//
//===----------------------------------------------------------------------===//
#include "interpreter/ExecOps.h"
#include "interpreter/Lower.h"
#include "interpreter/LowerFunction.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace vcdpor::lowering {

bool FunctionLowerer::lowerIntrinsic(IntrinsicInst &II) {
  Intrinsic::ID ID = II.getIntrinsicID();
  auto Args = [&](std::initializer_list<unsigned> Idx, Operand *Ops) {
    unsigned K = 0;
    for (unsigned I : Idx)
      if (!operand(II.getArgOperand(I), Ops[K++]))
        return false;
    return true;
  };
  Operand O[3];
  auto Simple = [&](Op Opc, unsigned NArgs) {
    static const std::initializer_list<unsigned> A1 = {0}, A2 = {0, 1},
                                                 A3 = {0, 1, 2};
    if (!Args(NArgs == 1 ? A1 : NArgs == 2 ? A2 : A3, O))
      return false;
    Inst &X = emit(Opc);
    X.W = scalarWidth(II.getArgOperand(0)->getType());
    X.Dst = regOf(&II);
    X.A = O[0];
    X.B = NArgs > 1 ? O[1] : NoOperand;
    X.C = NArgs > 2 ? O[2] : NoOperand;
    return true;
  };
  switch (ID) {
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_label:
  case Intrinsic::assume: // an optimiser hint, never a check
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::donothing:
  case Intrinsic::sideeffect:
    return true;
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end: {
    if (!Args({1}, O))
      return false;
    Inst &X = emit(ID == Intrinsic::lifetime_start ? Op::LifetimeStart
                                                   : Op::LifetimeEnd);
    X.A = O[0];
    return true;
  }
  case Intrinsic::expect:
  case Intrinsic::ssa_copy: {
    if (!Args({0}, O))
      return false;
    return copySlots(regOf(&II), O[0], 1);
  }
  case Intrinsic::memcpy:
  case Intrinsic::memmove:
  case Intrinsic::memset: {
    if (!Args({0, 1, 2}, O))
      return false;
    Inst &X = emit(ID == Intrinsic::memcpy    ? Op::MemCpy
                   : ID == Intrinsic::memmove ? Op::MemMove
                                              : Op::MemSet);
    X.A = O[0];
    X.B = O[1];
    X.C = O[2];
    X.W2 = scalarWidth(II.getArgOperand(2)->getType());
    return true;
  }
  case Intrinsic::stacksave: {
    Inst &X = emit(Op::StackSave);
    X.Dst = regOf(&II);
    return true;
  }
  case Intrinsic::stackrestore: {
    if (!Args({0}, O))
      return false;
    Inst &X = emit(Op::StackRestore);
    X.A = O[0];
    return true;
  }
  case Intrinsic::trap:
  case Intrinsic::debugtrap:
    emit(Op::Trap);
    return true;
  case Intrinsic::abs: return Simple(Op::Abs, 1);
  case Intrinsic::smin: return Simple(Op::SMin, 2);
  case Intrinsic::smax: return Simple(Op::SMax, 2);
  case Intrinsic::umin: return Simple(Op::UMin, 2);
  case Intrinsic::umax: return Simple(Op::UMax, 2);
  case Intrinsic::fshl: return Simple(Op::Fshl, 3);
  case Intrinsic::fshr: return Simple(Op::Fshr, 3);
  case Intrinsic::ctpop: return Simple(Op::Ctpop, 1);
  case Intrinsic::ctlz: return Simple(Op::Ctlz, 1);
  case Intrinsic::cttz: return Simple(Op::Cttz, 1);
  case Intrinsic::bswap: return Simple(Op::Bswap, 1);
  case Intrinsic::fabs: return Simple(Op::FAbs, 1);
  case Intrinsic::sqrt: return Simple(Op::FSqrt, 1);
  case Intrinsic::minnum: return Simple(Op::FMin, 2);
  case Intrinsic::maxnum: return Simple(Op::FMax, 2);
  case Intrinsic::copysign: return Simple(Op::FCopySign, 2);
  case Intrinsic::floor: return Simple(Op::FFloor, 1);
  case Intrinsic::ceil: return Simple(Op::FCeil, 1);
  case Intrinsic::trunc: return Simple(Op::FTrunc, 1);
  case Intrinsic::round: return Simple(Op::FRound, 1);
  case Intrinsic::fma:
  case Intrinsic::fmuladd: return Simple(Op::FFma, 3);
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::smul_with_overflow:
  case Intrinsic::umul_with_overflow: {
    Op Opc = (ID == Intrinsic::sadd_with_overflow || ID == Intrinsic::uadd_with_overflow)
                 ? Op::AddOvf
             : (ID == Intrinsic::ssub_with_overflow || ID == Intrinsic::usub_with_overflow)
                 ? Op::SubOvf
                 : Op::MulOvf;
    if (!Simple(Opc, 2))
      return false;
    Out.Insts.back().Sub = (ID == Intrinsic::sadd_with_overflow ||
                            ID == Intrinsic::ssub_with_overflow ||
                            ID == Intrinsic::smul_with_overflow);
    return true;
  }
  default:
    return unsupported("intrinsic '" + II.getCalledFunction()->getName().str() + "'");
  }
}

bool FunctionLowerer::lowerCall(CallBase &CB) {
  if (auto *IA = dyn_cast<InlineAsm>(CB.getCalledOperand())) {
    StringRef S = StringRef(IA->getAsmString()).trim();
    if (S.empty() || S == "mfence" || S == "lock; addl $0,0(%rsp)" ||
        S == "lock addl $0,0(%rsp)")
      return true; // a compiler barrier or fence: nothing to do under SC
    return unsupported("inline assembly \"" + IA->getAsmString() + "\"");
  }
  if (auto *II = dyn_cast<IntrinsicInst>(&CB))
    return lowerIntrinsic(*II);
  if (CB.isMustTailCall())
    return unsupported("musttail call");
  CallInfo Info;
  llvm::Function *Callee =
      dyn_cast<llvm::Function>(CB.getCalledOperand()->stripPointerCasts());
  if (Callee) {
    if (Callee->isIntrinsic())
      return unsupported("intrinsic '" + Callee->getName().str() + "'");
    // The SV-COMP error functions are the property itself: calling one is the
    // error, whatever body the program gives it.
    bool ErrorFn = Callee->getName() == "reach_error" ||
                   Callee->getName() == "__VERIFIER_error";
    if (Callee->isDeclaration() || ErrorFn) {
      Info.Ext = lookupBuiltin(Callee->getName());
      if (Info.Ext == Builtin::None)
        return unsupported("external function '" + Callee->getName().str() + "'");
    } else {
      Info.Callee = ML.FuncIds.lookup(Callee);
      Info.AtomicFn = Callee->getName().startswith("__VERIFIER_atomic_");
      if (CB.arg_size() != Callee->arg_size() && !Callee->isVarArg())
        return unsupported("call with mismatched argument count to '" +
                           Callee->getName().str() + "'");
      if (Callee->isVarArg())
        return unsupported("call to variadic function '" +
                           Callee->getName().str() + "' defined in the program");
    }
  } else {
    if (!operand(CB.getCalledOperand(), Info.Target))
      return false;
  }
  for (Value *A : CB.args()) {
    int N = slotCount(A->getType());
    if (N < 0)
      return unsupported("argument of type " + typeName(A->getType()));
    Operand R;
    if (!operand(A, R))
      return false;
    for (int K = 0; K < N; ++K) {
      Info.Args.push_back(R + K);
      Info.ArgIsFloat.push_back(A->getType()->isFloatingPointTy());
    }
  }
  Info.DstCount = slotCount(CB.getType());
  if (Info.DstCount)
    Info.Dst = regOf(&CB);
  if (CB.getType()->isIntegerTy())
    Info.RetWidth = CB.getType()->getIntegerBitWidth();
  else if (CB.getType()->isPointerTy())
    Info.RetWidth = 64;
  Inst &X = emit(Op::Call);
  X.Aux = Out.Calls.size();
  Out.Calls.push_back(std::move(Info));
  return true;
}

} // namespace vcdpor::lowering
