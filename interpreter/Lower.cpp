//===- interpreter/Lower.cpp - LLVM module to Program ----------------------===//
//
// Lowers each function once: registers are assigned to SSA values (one slot
// per scalar leaf), constants go to a per-function pool, phis become parallel
// copies on CFG edges, GEPs become a constant offset plus scaled indices, and
// calls are resolved to defined functions or to the supported-function table.
//
//===----------------------------------------------------------------------===//
#include "interpreter/Lower.h"
#include "interpreter/ExecOps.h"
#include "interpreter/ExitSummary.h"
#include "interpreter/WriteSummary.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <map>
#include <unordered_map>

using namespace llvm;

namespace vcdpor {

Builtin lookupBuiltin(StringRef Name) {
  static const std::unordered_map<std::string, Builtin> Table = {
#define VCDPOR_BUILTIN(Id, Name) {Name, Builtin::Id},
#define VCDPOR_BUILTIN_ALIAS(Id, Name) {Name, Builtin::Id},
#include "interpreter/Builtins.def"
  };
  auto It = Table.find(Name.str());
  return It == Table.end() ? Builtin::None : It->second;
}

namespace {

struct Unsupported {
  std::string Msg;
};

class ModuleLowerer {
public:
  ModuleLowerer(Module &M, Program &P) : M(M), DL(M.getDataLayout()), P(P) {}
  bool run(std::string &Error);

private:
  friend class FunctionLowerer;
  Module &M;
  const DataLayout &DL;
  Program &P;
  DenseMap<const GlobalVariable *, uint32_t> GlobalIds;
  DenseMap<const llvm::Function *, uint32_t> FuncIds;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> LocIds;
  std::unordered_map<std::string, uint32_t> FileIds, FuncNameIds;
  std::string Err;

  uint32_t intern(std::unordered_map<std::string, uint32_t> &Map,
                  std::vector<std::string> &Vec, const std::string &S) {
    auto [It, New] = Map.try_emplace(S, Vec.size());
    if (New)
      Vec.push_back(S);
    return It->second;
  }
  uint32_t locId(const Instruction *I, const llvm::Function &F);
  std::string where(const Instruction *I, const llvm::Function &F);

  bool fail(std::string Msg) {
    if (Err.empty())
      Err = std::move(Msg);
    return false;
  }
  /// Writes the bytes of constant C at Buf (DL.getTypeAllocSize bytes).
  bool constantBytes(const Constant *C, uint8_t *Buf);
  /// Evaluates a scalar constant (int, fp, pointer, constant expression).
  bool constantScalar(const Constant *C, uint64_t &V);
  bool lowerGlobals();
};

std::string typeName(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return OS.str();
}

std::string valueText(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  V->print(OS);
  std::string R = OS.str();
  size_t B = R.find_first_not_of(' ');
  return B == std::string::npos ? R : R.substr(B);
}

/// Scalar types we run: integers up to 64 bits, float, double, pointers.
bool isScalar(Type *T) {
  if (auto *IT = dyn_cast<IntegerType>(T))
    return IT->getBitWidth() <= 64;
  return T->isFloatTy() || T->isDoubleTy() || T->isPointerTy();
}

/// Number of register slots of a first-class type, or -1 if unsupported.
int slotCount(Type *T) {
  if (T->isVoidTy())
    return 0;
  if (isScalar(T))
    return 1;
  if (auto *ST = dyn_cast<StructType>(T)) {
    int N = 0;
    for (Type *E : ST->elements()) {
      int C = slotCount(E);
      if (C < 0)
        return -1;
      N += C;
    }
    return N;
  }
  if (auto *AT = dyn_cast<ArrayType>(T)) {
    int C = slotCount(AT->getElementType());
    if (C < 0 || AT->getNumElements() > 4096)
      return -1;
    return C * int(AT->getNumElements());
  }
  return -1;
}

/// Leaves of an aggregate: (byte offset, scalar type), in slot order.
void leaves(const DataLayout &DL, Type *T, uint64_t Base,
            std::vector<std::pair<uint64_t, Type *>> &Out) {
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      leaves(DL, ST->getElementType(I), Base + SL->getElementOffset(I), Out);
  } else if (auto *AT = dyn_cast<ArrayType>(T)) {
    uint64_t ES = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t I = 0; I < AT->getNumElements(); ++I)
      leaves(DL, AT->getElementType(), Base + I * ES, Out);
  } else {
    Out.push_back({Base, T});
  }
}

uint8_t scalarWidth(Type *T) {
  if (auto *IT = dyn_cast<IntegerType>(T))
    return uint8_t(IT->getBitWidth());
  if (T->isFloatTy())
    return 32;
  return 64;
}

uint32_t ModuleLowerer::locId(const Instruction *I, const llvm::Function &F) {
  uint32_t File = 0, Line = 0;
  std::string FuncName = F.getName().str();
  if (I) {
    if (const DILocation *L = I->getDebugLoc().get()) {
      File = intern(FileIds, P.Files, L->getFilename().str());
      Line = L->getLine();
      if (DISubprogram *SP = L->getScope()->getSubprogram())
        FuncName = SP->getName().str();
    }
  }
  if (!I || !I->getDebugLoc()) {
    if (DISubprogram *SP = F.getSubprogram())
      File = intern(FileIds, P.Files, SP->getFilename().str());
    else
      File = intern(FileIds, P.Files, P.SourceName);
  }
  uint32_t Fn = intern(FuncNameIds, P.FuncNames, FuncName);
  auto Key = std::make_tuple(File, Line, Fn);
  auto [It, New] = LocIds.try_emplace(Key, P.Locs.size());
  if (New)
    P.Locs.push_back({File, Line, Fn});
  return It->second;
}

std::string ModuleLowerer::where(const Instruction *I, const llvm::Function &F) {
  const SrcLocEntry &L = P.Locs[locId(I, F)];
  std::string S = P.Files[L.File];
  if (L.Line)
    S += ":" + std::to_string(L.Line);
  S += ": in function '" + F.getName().str() + "'";
  return S;
}

bool ModuleLowerer::constantScalar(const Constant *C, uint64_t &V) {
  if (auto *CI = dyn_cast<ConstantInt>(C)) {
    if (CI->getBitWidth() > 64)
      return fail("unsupported constant of type " + typeName(C->getType()));
    V = CI->getZExtValue();
    return true;
  }
  if (auto *CF = dyn_cast<ConstantFP>(C)) {
    if (C->getType()->isFloatTy()) {
      float F = CF->getValueAPF().convertToFloat();
      uint32_t B;
      std::memcpy(&B, &F, 4);
      V = B;
      return true;
    }
    if (C->getType()->isDoubleTy()) {
      double D = CF->getValueAPF().convertToDouble();
      std::memcpy(&V, &D, 8);
      return true;
    }
    return fail("unsupported floating-point type " + typeName(C->getType()));
  }
  if (isa<ConstantPointerNull>(C) || isa<UndefValue>(C) ||
      isa<ConstantAggregateZero>(C)) {
    V = 0;
    return true;
  }
  if (auto *GV = dyn_cast<GlobalVariable>(C)) {
    if (GV->isThreadLocal())
      return fail("unsupported use of thread-local global '" +
                  GV->getName().str() + "' in a constant expression");
    V = globalPtr(GlobalIds.lookup(GV));
    return true;
  }
  if (auto *F = dyn_cast<llvm::Function>(C)) {
    V = functionPtr(FuncIds.lookup(F));
    return true;
  }
  if (auto *GA = dyn_cast<GlobalAlias>(C))
    return constantScalar(GA->getAliasee(), V);
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    switch (CE->getOpcode()) {
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr: {
      if (!constantScalar(CE->getOperand(0), V))
        return false;
      if (CE->getOpcode() == Instruction::PtrToInt) {
        unsigned W = CE->getType()->getIntegerBitWidth();
        if (W < 64)
          V &= (uint64_t(1) << W) - 1;
      }
      return true;
    }
    case Instruction::GetElementPtr: {
      auto *GEP = cast<GEPOperator>(CE);
      uint64_t Base;
      if (!constantScalar(CE->getOperand(0), Base))
        return false;
      APInt Off(64, 0);
      if (!GEP->accumulateConstantOffset(DL, Off))
        return fail("unsupported constant GEP " + valueText(CE));
      V = makePtr(ptrObj(Base), uint32_t(ptrOff(Base) + Off.getSExtValue()));
      return true;
    }
    case Instruction::Trunc:
    case Instruction::ZExt:
    case Instruction::SExt: {
      uint64_t A;
      if (!constantScalar(CE->getOperand(0), A))
        return false;
      unsigned W = CE->getType()->getIntegerBitWidth();
      unsigned W2 = CE->getOperand(0)->getType()->getIntegerBitWidth();
      V = CE->getOpcode() == Instruction::Trunc ? maskTo(A, W)
          : CE->getOpcode() == Instruction::ZExt ? A
                                                 : maskTo(uint64_t(sextFrom(A, W2)), W);
      return true;
    }
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul:
    case Instruction::And:
    case Instruction::Or:
    case Instruction::Xor:
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr: {
      uint64_t A, B;
      if (!constantScalar(CE->getOperand(0), A) ||
          !constantScalar(CE->getOperand(1), B))
        return false;
      static const std::map<unsigned, Op> Ops = {
          {Instruction::Add, Op::Add}, {Instruction::Sub, Op::Sub},
          {Instruction::Mul, Op::Mul}, {Instruction::And, Op::And},
          {Instruction::Or, Op::Or},   {Instruction::Xor, Op::Xor},
          {Instruction::Shl, Op::Shl}, {Instruction::LShr, Op::LShr},
          {Instruction::AShr, Op::AShr}};
      int Err = 0;
      V = evalIntBinary(Ops.at(CE->getOpcode()), CE->getType()->getIntegerBitWidth(),
                        A, B, Err);
      return true;
    }
    default:
      break;
    }
  }
  return fail("unsupported constant " + valueText(C));
}

bool ModuleLowerer::constantBytes(const Constant *C, uint8_t *Buf) {
  Type *T = C->getType();
  if (isa<ConstantAggregateZero>(C) || isa<UndefValue>(C) ||
      isa<ConstantPointerNull>(C)) {
    std::memset(Buf, 0, DL.getTypeAllocSize(T));
    return true;
  }
  if (auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
    uint64_t ES = DL.getTypeAllocSize(CDS->getElementType());
    for (unsigned I = 0; I < CDS->getNumElements(); ++I)
      if (!constantBytes(CDS->getElementAsConstant(I), Buf + I * ES))
        return false;
    return true;
  }
  if (auto *CA = dyn_cast<ConstantArray>(C)) {
    uint64_t ES = DL.getTypeAllocSize(CA->getType()->getElementType());
    for (unsigned I = 0; I < CA->getNumOperands(); ++I)
      if (!constantBytes(CA->getOperand(I), Buf + I * ES))
        return false;
    return true;
  }
  if (auto *CS = dyn_cast<ConstantStruct>(C)) {
    const StructLayout *SL = DL.getStructLayout(CS->getType());
    for (unsigned I = 0; I < CS->getNumOperands(); ++I)
      if (!constantBytes(CS->getOperand(I), Buf + SL->getElementOffset(I)))
        return false;
    return true;
  }
  if (!isScalar(T))
    return fail("unsupported initializer type " + typeName(T));
  uint64_t V;
  if (!constantScalar(C, V))
    return false;
  std::memcpy(Buf, &V, DL.getTypeStoreSize(T));
  return true;
}

bool ModuleLowerer::lowerGlobals() {
  for (GlobalVariable &GV : M.globals()) {
    uint32_t Id = P.Globals.size();
    GlobalIds[&GV] = Id;
    Global G;
    G.Name = GV.getName().str();
    Type *VT = GV.getValueType();
    if (!VT->isSized())
      return fail("global '" + G.Name + "' has an unsized type");
    G.Size = uint32_t(DL.getTypeAllocSize(VT));
    G.ReadOnly = GV.isConstant();
    G.ThreadLocal = GV.isThreadLocal();
    if (GV.isDeclaration()) {
      // The C library's stream pointers are the only external data we model:
      // opaque, never written, never visible.
      if (G.Name != "stdout" && G.Name != "stderr" && G.Name != "stdin")
        return fail("unsupported external global variable '" + G.Name + "'");
      G.ReadOnly = true;
    }
    P.Globals.push_back(std::move(G));
  }
  for (GlobalVariable &GV : M.globals()) {
    Global &G = P.Globals[GlobalIds[&GV]];
    G.Init.assign(G.Size, 0);
    if (GV.isDeclaration()) {
      // A distinct non-null FILE* per stream.
      uint64_t V = globalPtr(GlobalIds[&GV]) + 1;
      std::memcpy(G.Init.data(), &V, std::min<size_t>(8, G.Size));
      continue;
    }
    if (GV.hasInitializer() && !constantBytes(GV.getInitializer(), G.Init.data()))
      return fail(Err + " (in the initializer of '" + G.Name + "')");
  }
  return true;
}

class FunctionLowerer {
public:
  FunctionLowerer(ModuleLowerer &ML, llvm::Function &F, vcdpor::Function &Out)
      : ML(ML), DL(ML.DL), F(F), Out(Out) {}
  bool run();

private:
  ModuleLowerer &ML;
  const DataLayout &DL;
  llvm::Function &F;
  vcdpor::Function &Out;
  DenseMap<const Value *, Operand> Regs;
  DenseMap<const BasicBlock *, uint32_t> BlockPc;
  DenseMap<const BasicBlock *, int> HeaderLoop;
  LoopInfo *LI = nullptr;
  const Instruction *Cur = nullptr;
  uint32_t CurLoc = 0;
  std::vector<std::pair<uint32_t, const BasicBlock *>> EdgeTargets;

  bool fail(const std::string &What) {
    return ML.fail(ML.where(Cur, F) + ": " + What);
  }
  bool unsupported(const std::string &What) {
    return fail("unsupported " + What);
  }
  Operand newRegs(unsigned N) {
    Operand R = Out.NumRegs;
    Out.NumRegs += N;
    return R;
  }
  Operand regOf(const Value *V) {
    auto It = Regs.find(V);
    if (It != Regs.end())
      return It->second;
    int N = slotCount(V->getType());
    Operand R = newRegs(N < 0 ? 0 : N);
    Regs[V] = R;
    return R;
  }
  Operand constant(uint64_t V) {
    Out.Consts.push_back(V);
    return ConstBit | uint32_t(Out.Consts.size() - 1);
  }
  /// Appends the flattened slots of constant C to the pool; returns the first.
  bool constantSlots(const Constant *C, Operand &First);
  /// Operand for a scalar value (first slot for aggregates).
  bool operand(const Value *V, Operand &Op);
  Inst &emit(Op O) {
    Out.Insts.emplace_back();
    Inst &I = Out.Insts.back();
    I.Opc = O;
    I.Loc = CurLoc;
    return I;
  }
  uint32_t edgeTo(const BasicBlock *From, const BasicBlock *To);
  bool lowerInst(Instruction &I);
  /// One instruction over scalar operands (all of I's, in order, at most 3)
  /// with one result slot.
  bool scalarOp(Op O, Instruction &I, uint8_t W, uint8_t W2 = 0, uint8_t Sub = 0);
  bool lowerCall(CallBase &CB);
  bool lowerIntrinsic(IntrinsicInst &II);
  bool lowerLoad(LoadInst &LIn);
  bool lowerStore(StoreInst &SI);
  bool lowerGep(GetElementPtrInst &G);
  /// P + Off as a new register (P itself when Off is 0): the address of an
  /// aggregate's leaf, which is loaded or stored on its own.
  Operand offsetPointer(Operand P, uint64_t Off);
  bool copySlots(Operand Dst, Operand Src, unsigned N);
  bool checkType(Type *T) {
    if (slotCount(T) < 0)
      return unsupported("type " + typeName(T));
    return true;
  }
};

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
    return scalarOp(It->second, I, scalarWidth(I.getType()));
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
    X.Sub = L.isAtomic();
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
    X.Sub = LT->isPointerTy() ? 1 : 0;
    X.A = Addr;
    X.B = V + Slot++;
  }
  return true;
}

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

bool ModuleLowerer::run(std::string &Error) {
  P.Locs.push_back({0, 0, 0});
  P.Files.push_back(P.SourceName);
  FileIds[P.SourceName] = 0;
  P.FuncNames.push_back("?");
  FuncNameIds["?"] = 0;
  for (llvm::Function &F : M) {
    if (F.isIntrinsic())
      continue;
    FuncIds[&F] = P.Functions.size();
    P.Functions.emplace_back();
    P.Functions.back().Name = F.getName().str();
    if (F.isDeclaration())
      P.Functions.back().Ext = lookupBuiltin(F.getName());
  }
  if (!lowerGlobals()) {
    Error = Err;
    return false;
  }
  for (llvm::Function &F : M) {
    if (F.isIntrinsic() || F.isDeclaration())
      continue;
    FunctionLowerer FL(*this, F, P.Functions[FuncIds[&F]]);
    if (!FL.run()) {
      Error = Err;
      return false;
    }
  }
  if (llvm::Function *Main = M.getFunction("main");
      Main && !Main->isDeclaration())
    P.Main = FuncIds[Main];
  else {
    Error = P.SourceName + ": no definition of 'main'";
    return false;
  }
  summarizeWrites(M, FuncIds, GlobalIds, P);
  summarizeExits(M, FuncIds, P);
  return true;
}

} // namespace

bool lowerModule(llvm::Module &M, Program &Out, std::string &Error) {
  ModuleLowerer ML(M, Out);
  return ML.run(Error);
}

} // namespace vcdpor
