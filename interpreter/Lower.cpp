//===- interpreter/Lower.cpp - LLVM module to Program ----------------------===//
//
// The module: source locations, constants and the initial contents of
// globals, then each function's body once (interpreter/LowerFunction.cpp),
// then the summaries of what code may write, whether it may exit and
// whether another thread can see it, and which globals nothing reads.
//
//===----------------------------------------------------------------------===//
#include "interpreter/Lower.h"
#include "interpreter/ExecOps.h"
#include "interpreter/ExitSummary.h"
#include "interpreter/LowerModule.h"
#include "interpreter/QuietSummary.h"
#include "interpreter/UnreadGlobals.h"
#include "interpreter/WriteSummary.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
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
  if (It != Table.end())
    return It->second;
  // Reads of uninitialised locals (Uninit.h): __vcdpor_uninit_iN.
  if (Name.startswith("__vcdpor_uninit_i"))
    return Name == "__vcdpor_uninit_i1" ? Builtin::NondetBool
                                        : Builtin::NondetInt;
  return Builtin::None;
}

namespace lowering {

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
      // ILP32: integers made of pointers are their 32-bit addresses.
      if (P.Ptr32 && CE->getOpcode() == Instruction::PtrToInt)
        V = staticFlatPointer(P, V);
      if (P.Ptr32 && CE->getOpcode() == Instruction::IntToPtr)
        V = staticUnflatPointer(P, uint32_t(V));
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
  if (P.Ptr32 && T->isPointerTy())
    V = staticFlatPointer(P, V);
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
  if (P.Ptr32) {
    // The ILP32 layout (Program.h): globals in module order, apart.
    uint64_t A = FlatGlobalBase;
    for (Global &G : P.Globals) {
      G.Flat = uint32_t(A);
      A = alignFlat(A + G.Size + 1);
      if (A >= FlatTop / 2)
        return fail("the globals take more than 2 GiB of the ILP32 address "
                    "space");
    }
    P.FlatDynBase = uint32_t((A + 0xfffff) & ~uint64_t(0xfffff));
    if (M.size() >= (FlatGlobalBase - FlatFunctionBase) / 4)
      return fail("too many functions for the ILP32 address layout");
  }
  for (GlobalVariable &GV : M.globals()) {
    Global &G = P.Globals[GlobalIds[&GV]];
    G.Init.assign(G.Size, 0);
    if (GV.isDeclaration()) {
      // A distinct non-null FILE* per stream.
      uint64_t V = globalPtr(GlobalIds[&GV]) + 1;
      if (P.Ptr32)
        V = staticFlatPointer(P, V);
      std::memcpy(G.Init.data(), &V, std::min<size_t>(P.ptrBytes(), G.Size));
      continue;
    }
    if (GV.hasInitializer() && !constantBytes(GV.getInitializer(), G.Init.data()))
      return fail(Err + " (in the initializer of '" + G.Name + "')");
  }
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
    if (!lowerFunction(*this, F, P.Functions[FuncIds[&F]])) {
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
  summarizeQuiet(M, FuncIds, P);
  findUnreadGlobals(M, GlobalIds, P);
  return true;
}

} // namespace lowering

bool lowerModule(llvm::Module &M, Program &Out, std::string &Error) {
  lowering::ModuleLowerer ML(M, Out);
  return ML.run(Error);
}

} // namespace vcdpor
