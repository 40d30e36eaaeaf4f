//===- interpreter/LowerFunction.cpp - LLVM function bodies to Program ---===//
//
// One function at a time: registers are assigned to SSA values (one slot per
// scalar leaf), constants go to the function's pool, phis become parallel
// copies on CFG edges, GEPs a constant offset plus scaled indices; calls and
// intrinsics are in interpreter/LowerCall.cpp.
//
//===----------------------------------------------------------------------===//
#include "interpreter/ExecOps.h"
#include "interpreter/Lower.h"
#include "interpreter/LowerFunction.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <map>

using namespace llvm;

namespace vcdpor::lowering {


bool FunctionLowerer::constantSlots(const Constant *C, Operand &First) {
  Type *T = C->getType();
  First = ConstBit | uint32_t(Out.Consts.size());
  if (isScalar(T)) {
    uint64_t V;
    if (!ML.constantScalar(C, V)) {
      std::string Why = ML.Err;
      ML.Err.clear();
      return fail(Why);
    }
    Out.Consts.push_back(V);
    return true;
  }
  int N = slotCount(T);
  if (N < 0)
    return unsupported("constant of type " + typeName(T));
  if (isa<ConstantAggregateZero>(C) || isa<UndefValue>(C)) {
    Out.Consts.insert(Out.Consts.end(), N, 0);
    return true;
  }
  for (unsigned I = 0; I < C->getNumOperands(); ++I) {
    Operand Sub;
    if (!constantSlots(cast<Constant>(C->getOperand(I)), Sub))
      return false;
  }
  if (auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
    for (unsigned I = 0; I < CDS->getNumElements(); ++I) {
      Operand Sub;
      if (!constantSlots(CDS->getElementAsConstant(I), Sub))
        return false;
    }
  }
  return true;
}

bool FunctionLowerer::operand(const Value *V, Operand &Op) {
  if (auto *GV = dyn_cast<GlobalVariable>(V); GV && GV->isThreadLocal()) {
    Op = newRegs(1);
    Inst &I = emit(Op::TlsAddr);
    I.Dst = Op;
    I.Imm = ML.GlobalIds.lookup(GV);
    return true;
  }
  if (auto *C = dyn_cast<Constant>(V)) {
    std::string Saved = ML.Err;
    if (isScalar(C->getType())) {
      uint64_t X;
      if (!ML.constantScalar(C, X)) {
        std::string Why = ML.Err;
        ML.Err = Saved;
        return fail(Why);
      }
      Op = constant(X);
      return true;
    }
    return constantSlots(C, Op);
  }
  if (isa<Instruction>(V) || isa<Argument>(V)) {
    Op = regOf(V);
    return true;
  }
  return unsupported("operand " + valueText(V));
}

uint32_t FunctionLowerer::edgeTo(const BasicBlock *From, const BasicBlock *To) {
  Edge E;
  E.Target = 0;
  E.MovesBegin = Out.Moves.size();
  // Phi copies: every phi of To receives its incoming value for From.
  for (const PHINode &Phi : To->phis()) {
    const Value *In = Phi.getIncomingValueForBlock(From);
    int N = slotCount(Phi.getType());
    Operand Dst = regOf(&Phi);
    Operand Src;
    if (!operand(In, Src))
      return ~0u;
    for (int K = 0; K < N; ++K)
      Out.Moves.push_back({Dst + K, Src + K});
  }
  E.MovesEnd = Out.Moves.size();
  auto It = HeaderLoop.find(To);
  if (It != HeaderLoop.end()) {
    E.Loop = It->second;
    Loop *L = LI->getLoopFor(To);
    E.Backedge = L && L->contains(From);
  }
  uint32_t Id = Out.Edges.size();
  Out.Edges.push_back(E);
  EdgeTargets.push_back({Id, To});
  return Id;
}

bool FunctionLowerer::copySlots(Operand Dst, Operand Src, unsigned N) {
  for (unsigned K = 0; K < N; ++K) {
    Inst &I = emit(Op::Copy);
    I.Dst = Dst + K;
    I.A = Src + K;
  }
  return true;
}

bool FunctionLowerer::run() {
  Out.Name = F.getName().str();
  Out.VarArg = F.isVarArg();
  Out.AtomicFn = F.getName().startswith("__VERIFIER_atomic_") &&
                 F.getName() != "__VERIFIER_atomic_begin" &&
                 F.getName() != "__VERIFIER_atomic_end";
  int RC = slotCount(F.getReturnType());
  if (RC < 0)
    return unsupported("return type " + typeName(F.getReturnType()));
  Out.RetCount = RC;
  for (Argument &A : F.args()) {
    if (slotCount(A.getType()) < 0)
      return unsupported("parameter type " + typeName(A.getType()));
    Operand R = regOf(&A);
    if (A.hasByValAttr()) {
      Out.Byval.resize(R + 1, 0);
      Out.Byval[R] = uint32_t(DL.getTypeAllocSize(A.getParamByValType()));
    }
  }
  Out.NumParams = Out.NumRegs;

  DominatorTree DT(F);
  LoopInfo Loops(DT);
  LI = &Loops;
  for (Loop *L : Loops.getLoopsInPreorder()) {
    LoopInfoLite Lite;
    Lite.Header = 0;
    for (const PHINode &Phi : L->getHeader()->phis()) {
      Operand R = regOf(&Phi);
      for (int K = 0; K < slotCount(Phi.getType()); ++K)
        Lite.Phis.push_back(R + K);
    }
    HeaderLoop[L->getHeader()] = Out.Loops.size();
    Out.Loops.push_back(std::move(Lite));
  }

  for (BasicBlock &BB : F) {
    BlockPc[&BB] = Out.Insts.size();
    Out.BlockStart.push_back(Out.Insts.size());
    for (Instruction &I : BB) {
      Cur = &I;
      CurLoc = ML.locId(&I, F);
      if (!lowerInst(I))
        return false;
    }
  }
  for (auto &[Id, BB] : EdgeTargets)
    Out.Edges[Id].Target = BlockPc[BB];
  for (auto &[BB, L] : HeaderLoop)
    Out.Loops[L].Header = BlockPc[BB];
  return true;
}

IPred ipred(CmpInst::Predicate P) {
  switch (P) {
  case CmpInst::ICMP_EQ: return IPred::Eq;
  case CmpInst::ICMP_NE: return IPred::Ne;
  case CmpInst::ICMP_UGT: return IPred::Ugt;
  case CmpInst::ICMP_UGE: return IPred::Uge;
  case CmpInst::ICMP_ULT: return IPred::Ult;
  case CmpInst::ICMP_ULE: return IPred::Ule;
  case CmpInst::ICMP_SGT: return IPred::Sgt;
  case CmpInst::ICMP_SGE: return IPred::Sge;
  case CmpInst::ICMP_SLT: return IPred::Slt;
  default: return IPred::Sle;
  }
}

bool FunctionLowerer::lowerInst(Instruction &I) {
  if (!I.getType()->isVoidTy() && !checkType(I.getType()))
    return false;
  for (const Use &U : I.operands())
    if (!isa<BasicBlock>(U.get()) && !isa<MetadataAsValue>(U.get()) &&
        !isa<InlineAsm>(U.get()) && !isa<llvm::Function>(U.get()) &&
        U->getType()->isVectorTy())
      return unsupported("vector operand of type " + typeName(U->getType()));

  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    static const std::map<unsigned, Op> Ops = {
        {Instruction::Add, Op::Add},   {Instruction::Sub, Op::Sub},
        {Instruction::Mul, Op::Mul},   {Instruction::UDiv, Op::UDiv},
        {Instruction::SDiv, Op::SDiv}, {Instruction::URem, Op::URem},
        {Instruction::SRem, Op::SRem}, {Instruction::Shl, Op::Shl},
        {Instruction::LShr, Op::LShr}, {Instruction::AShr, Op::AShr},
        {Instruction::And, Op::And},   {Instruction::Or, Op::Or},
        {Instruction::Xor, Op::Xor},   {Instruction::FAdd, Op::FAdd},
        {Instruction::FSub, Op::FSub}, {Instruction::FMul, Op::FMul},
        {Instruction::FDiv, Op::FDiv}, {Instruction::FRem, Op::FRem}};
    auto It = Ops.find(BO->getOpcode());
    if (It == Ops.end())
      return unsupported("instruction '" + std::string(I.getOpcodeName()) + "'");
    // Sub: bit 0 nsw, bit 1 nuw (read by chc only; execution wraps).
    uint8_t Flags = 0;
    if (isa<OverflowingBinaryOperator>(BO))
      Flags = (BO->hasNoSignedWrap() ? 1 : 0) |
              (BO->hasNoUnsignedWrap() ? 2 : 0);
    return scalarOp(It->second, I, scalarWidth(I.getType()), 0, Flags);
  }

  switch (I.getOpcode()) {
  case Instruction::FNeg:
    return scalarOp(Op::FNeg, I, scalarWidth(I.getType()));
  case Instruction::ICmp:
  case Instruction::FCmp: {
    auto *CI = cast<CmpInst>(&I);
    return scalarOp(isa<ICmpInst>(CI) ? Op::ICmp : Op::FCmp, I,
                    scalarWidth(CI->getOperand(0)->getType()), 0,
                    isa<ICmpInst>(CI) ? uint8_t(ipred(CI->getPredicate()))
                                      : uint8_t(CI->getPredicate()));
  }
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast: {
    static const std::map<unsigned, Op> Ops = {
        {Instruction::Trunc, Op::Trunc},       {Instruction::ZExt, Op::ZExt},
        {Instruction::SExt, Op::SExt},         {Instruction::FPTrunc, Op::FPTrunc},
        {Instruction::FPExt, Op::FPExt},       {Instruction::FPToUI, Op::FPToUI},
        {Instruction::FPToSI, Op::FPToSI},     {Instruction::UIToFP, Op::UIToFP},
        {Instruction::SIToFP, Op::SIToFP},     {Instruction::PtrToInt, Op::PtrToInt},
        {Instruction::IntToPtr, Op::IntToPtr}, {Instruction::BitCast, Op::Copy},
        {Instruction::AddrSpaceCast, Op::Copy}};
    return scalarOp(Ops.at(I.getOpcode()), I, scalarWidth(I.getType()),
                    scalarWidth(I.getOperand(0)->getType()));
  }
  case Instruction::Select: {
    Operand C, A, B;
    if (!operand(I.getOperand(0), C) || !operand(I.getOperand(1), A) ||
        !operand(I.getOperand(2), B))
      return false;
    int N = slotCount(I.getType());
    Operand D = regOf(&I);
    for (int K = 0; K < N; ++K) {
      Inst &X = emit(Op::Select);
      X.Dst = D + K;
      X.A = C;
      X.B = A + K;
      X.C = B + K;
    }
    return true;
  }
  case Instruction::Freeze: {
    Operand A;
    if (!operand(I.getOperand(0), A))
      return false;
    return copySlots(regOf(&I), A, slotCount(I.getType()));
  }
  case Instruction::PHI:
    regOf(&I);
    return true;
  case Instruction::GetElementPtr:
    return lowerGep(cast<GetElementPtrInst>(I));
  case Instruction::Alloca: {
    auto &AI = cast<AllocaInst>(I);
    if (!AI.getAllocatedType()->isSized())
      return unsupported("alloca of unsized type");
    Operand N = NoOperand; // element count of a VLA
    if (AI.isArrayAllocation() && !operand(AI.getArraySize(), N))
      return false;
    Inst &X = emit(Op::Alloca);
    X.Imm = DL.getTypeAllocSize(AI.getAllocatedType());
    X.Dst = regOf(&I);
    X.B = N;
    if (N != NoOperand)
      X.W2 = scalarWidth(AI.getArraySize()->getType());
    std::string Name = AI.getName().str();
    if (Name.empty())
      Name = "stack";
    X.Aux = ML.P.SiteNames.size();
    ML.P.SiteNames.push_back(Name + "@" + F.getName().str());
    return true;
  }
  case Instruction::Load:
    return lowerLoad(cast<LoadInst>(I));
  case Instruction::Store:
    return lowerStore(cast<StoreInst>(I));
  case Instruction::AtomicCmpXchg: {
    auto &CX = cast<AtomicCmpXchgInst>(I);
    Type *VT = CX.getCompareOperand()->getType();
    if (!isScalar(VT))
      return unsupported("cmpxchg of type " + typeName(VT));
    Operand P, E, N;
    if (!operand(CX.getPointerOperand(), P) ||
        !operand(CX.getCompareOperand(), E) || !operand(CX.getNewValOperand(), N))
      return false;
    Inst &X = emit(Op::Cmpxchg);
    X.Size = DL.getTypeStoreSize(VT);
    X.W = scalarWidth(VT);
    X.Sub = VT->isPointerTy();
    X.Dst = regOf(&I);
    X.A = P;
    X.B = E;
    X.C = N;
    return true;
  }
  case Instruction::AtomicRMW: {
    auto &RMW = cast<AtomicRMWInst>(I);
    Type *VT = RMW.getValOperand()->getType();
    RmwOp R;
    switch (RMW.getOperation()) {
    case AtomicRMWInst::Xchg: R = RmwOp::Xchg; break;
    case AtomicRMWInst::Add: R = RmwOp::Add; break;
    case AtomicRMWInst::Sub: R = RmwOp::Sub; break;
    case AtomicRMWInst::And: R = RmwOp::And; break;
    case AtomicRMWInst::Nand: R = RmwOp::Nand; break;
    case AtomicRMWInst::Or: R = RmwOp::Or; break;
    case AtomicRMWInst::Xor: R = RmwOp::Xor; break;
    case AtomicRMWInst::Max: R = RmwOp::Max; break;
    case AtomicRMWInst::Min: R = RmwOp::Min; break;
    case AtomicRMWInst::UMax: R = RmwOp::UMax; break;
    case AtomicRMWInst::UMin: R = RmwOp::UMin; break;
    case AtomicRMWInst::FAdd: R = RmwOp::FAdd; break;
    case AtomicRMWInst::FSub: R = RmwOp::FSub; break;
    default:
      return unsupported("atomicrmw operation");
    }
    Operand P, V;
    if (!operand(RMW.getPointerOperand(), P) || !operand(RMW.getValOperand(), V))
      return false;
    Inst &X = emit(Op::AtomicRmw);
    X.Size = DL.getTypeStoreSize(VT);
    X.W = scalarWidth(VT);
    X.Sub = uint8_t(R);
    X.Imm = VT->isPointerTy();
    X.Dst = regOf(&I);
    X.A = P;
    X.B = V;
    return true;
  }
  case Instruction::Fence:
    // Every access is sequentially consistent: a fence orders nothing more.
    return true;
  case Instruction::Br: {
    auto &BI = cast<BranchInst>(I);
    if (BI.isUnconditional()) {
      uint32_t E = edgeTo(BI.getParent(), BI.getSuccessor(0));
      if (E == ~0u)
        return false;
      Inst &X = emit(Op::Br);
      X.Aux = E;
      return true;
    }
    Operand C;
    if (!operand(BI.getCondition(), C))
      return false;
    uint32_t T = edgeTo(BI.getParent(), BI.getSuccessor(0));
    uint32_t E = edgeTo(BI.getParent(), BI.getSuccessor(1));
    if (T == ~0u || E == ~0u)
      return false;
    Inst &X = emit(Op::CondBr);
    X.A = C;
    X.Aux = T;
    X.Imm = E;
    return true;
  }
  case Instruction::Switch: {
    auto &SI = cast<SwitchInst>(I);
    Operand C;
    if (!operand(SI.getCondition(), C))
      return false;
    SwitchInfo Info;
    Info.Width = scalarWidth(SI.getCondition()->getType());
    Info.DefaultEdge = edgeTo(SI.getParent(), SI.getDefaultDest());
    if (Info.DefaultEdge == ~0u)
      return false;
    for (auto &Case : SI.cases()) {
      uint32_t E = edgeTo(SI.getParent(), Case.getCaseSuccessor());
      if (E == ~0u)
        return false;
      Info.Cases.push_back({Case.getCaseValue()->getZExtValue(), E});
    }
    Inst &X = emit(Op::Switch);
    X.A = C;
    X.Aux = Out.Switches.size();
    Out.Switches.push_back(std::move(Info));
    return true;
  }
  case Instruction::Ret: {
    auto &RI = cast<ReturnInst>(I);
    std::vector<Operand> Slots;
    if (Value *V = RI.getReturnValue()) {
      Operand R;
      if (!operand(V, R))
        return false;
      for (int K = 0; K < slotCount(V->getType()); ++K)
        Slots.push_back(R + K);
    }
    Inst &X = emit(Op::Ret);
    X.Aux = Out.Rets.size();
    Out.Rets.push_back(std::move(Slots));
    return true;
  }
  case Instruction::Unreachable:
    emit(Op::Unreachable);
    return true;
  case Instruction::Call:
    return lowerCall(cast<CallBase>(I));
  case Instruction::ExtractValue: {
    auto &EV = cast<ExtractValueInst>(I);
    Type *AT = EV.getAggregateOperand()->getType();
    unsigned Skip = 0;
    Type *T = AT;
    for (unsigned Idx : EV.indices()) {
      if (auto *ST = dyn_cast<StructType>(T)) {
        for (unsigned K = 0; K < Idx; ++K)
          Skip += slotCount(ST->getElementType(K));
        T = ST->getElementType(Idx);
      } else {
        T = cast<ArrayType>(T)->getElementType();
        Skip += Idx * slotCount(T);
      }
    }
    Operand A;
    if (!operand(EV.getAggregateOperand(), A))
      return false;
    return copySlots(regOf(&I), A + Skip, slotCount(I.getType()));
  }
  case Instruction::InsertValue: {
    auto &IV = cast<InsertValueInst>(I);
    Type *T = IV.getType();
    unsigned Skip = 0;
    for (unsigned Idx : IV.indices()) {
      if (auto *ST = dyn_cast<StructType>(T)) {
        for (unsigned K = 0; K < Idx; ++K)
          Skip += slotCount(ST->getElementType(K));
        T = ST->getElementType(Idx);
      } else {
        T = cast<ArrayType>(T)->getElementType();
        Skip += Idx * slotCount(T);
      }
    }
    Operand A, V;
    if (!operand(IV.getAggregateOperand(), A) ||
        !operand(IV.getInsertedValueOperand(), V))
      return false;
    Operand D = regOf(&I);
    copySlots(D, A, slotCount(IV.getType()));
    return copySlots(D + Skip, V, slotCount(T));
  }
  default:
    return unsupported("instruction '" + std::string(I.getOpcodeName()) + "'");
  }
}

bool FunctionLowerer::scalarOp(Op O, Instruction &I, uint8_t W, uint8_t W2,
                               uint8_t Sub) {
  Operand Ops[3] = {NoOperand, NoOperand, NoOperand};
  for (unsigned K = 0; K < I.getNumOperands() && K < 3; ++K)
    if (!operand(I.getOperand(K), Ops[K]))
      return false;
  Inst &X = emit(O);
  X.W = W;
  X.W2 = W2;
  X.Sub = Sub;
  X.Dst = regOf(&I);
  X.A = Ops[0];
  X.B = Ops[1];
  X.C = Ops[2];
  return true;
}

bool FunctionLowerer::lowerGep(GetElementPtrInst &G) {
  Operand Base;
  if (!operand(G.getPointerOperand(), Base))
    return false;
  GepInfo Info;
  for (gep_type_iterator GTI = gep_type_begin(G), E = gep_type_end(G);
       GTI != E; ++GTI) {
    Value *Idx = GTI.getOperand();
    if (StructType *ST = GTI.getStructTypeOrNull()) {
      unsigned Field = cast<ConstantInt>(Idx)->getZExtValue();
      Info.Offset += DL.getStructLayout(ST)->getElementOffset(Field);
      continue;
    }
    int64_t Scale = DL.getTypeAllocSize(GTI.getIndexedType());
    if (auto *CI = dyn_cast<ConstantInt>(Idx)) {
      Info.Offset += CI->getSExtValue() * Scale;
      continue;
    }
    Operand Op;
    if (!operand(Idx, Op))
      return false;
    Info.Indices.push_back({Op, scalarWidth(Idx->getType()), Scale});
  }
  Inst &X = emit(Op::Gep);
  X.Dst = regOf(&G);
  X.A = Base;
  X.Aux = Out.Geps.size();
  Out.Geps.push_back(std::move(Info));
  return true;
}

Operand FunctionLowerer::offsetPointer(Operand P, uint64_t Off) {
  if (!Off)
    return P;
  Operand Addr = newRegs(1);
  Inst &G = emit(Op::Gep);
  G.Dst = Addr;
  G.A = P;
  G.Aux = Out.Geps.size();
  GepInfo Info;
  Info.Offset = Off;
  Out.Geps.push_back(Info);
  return Addr;
}

bool FunctionLowerer::lowerLoad(LoadInst &L) {
  Operand P;
  if (!operand(L.getPointerOperand(), P))
    return false;
  Type *T = L.getType();
  Operand D = regOf(&L);
  std::vector<std::pair<uint64_t, Type *>> Leaves;
  leaves(DL, T, 0, Leaves);
  unsigned Slot = 0;
  for (auto &[Off, LT] : Leaves) {
    Operand Addr = offsetPointer(P, Off);
    Inst &X = emit(Op::Load);
    X.Size = DL.getTypeStoreSize(LT);
    X.W = scalarWidth(LT);
    // Bit 0: the load is atomic; bit 1: it loads a pointer.
    X.Sub = (L.isAtomic() ? 1 : 0) | (LT->isPointerTy() ? 2 : 0);
    X.Dst = D + Slot++;
    X.A = Addr;
  }
  return true;
}

bool FunctionLowerer::lowerStore(StoreInst &S) {
  Operand P, V;
  if (!operand(S.getPointerOperand(), P) || !operand(S.getValueOperand(), V))
    return false;
  Type *T = S.getValueOperand()->getType();
  if (!checkType(T))
    return false;
  std::vector<std::pair<uint64_t, Type *>> Leaves;
  leaves(DL, T, 0, Leaves);
  unsigned Slot = 0;
  for (auto &[Off, LT] : Leaves) {
    Operand Addr = offsetPointer(P, Off);
    Inst &X = emit(Op::Store);
    X.Size = DL.getTypeStoreSize(LT);
    X.W = scalarWidth(LT);
    // Bit 0: a pointer is stored; bit 1: the store is atomic.
    X.Sub = (LT->isPointerTy() ? 1 : 0) | (S.isAtomic() ? 2 : 0);
    X.A = Addr;
    X.B = V + Slot++;
  }
  return true;
}

bool lowerFunction(ModuleLowerer &ML, llvm::Function &F,
                   vcdpor::Function &Out) {
  FunctionLowerer FL(ML, F, Out);
  return FL.run();
}

} // namespace vcdpor::lowering
