//===- interpreter/LowerFunction.h - Lowering one function (private) -*- C++ -*-===//
//
// The function lowerer: interpreter/LowerFunction.cpp lowers instructions,
// interpreter/LowerCall.cpp calls and intrinsics.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_LOWERFUNCTION_H
#define VCDPOR_INTERPRETER_LOWERFUNCTION_H

#include "interpreter/LowerModule.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

namespace llvm {
class LoopInfo;
} // namespace llvm

namespace vcdpor::lowering {

class FunctionLowerer {
public:
  FunctionLowerer(ModuleLowerer &ML, llvm::Function &F, vcdpor::Function &Out)
      : ML(ML), DL(ML.DL), F(F), Out(Out) {}
  bool run();

private:
  ModuleLowerer &ML;
  const llvm::DataLayout &DL;
  llvm::Function &F;
  vcdpor::Function &Out;
  llvm::DenseMap<const llvm::Value *, Operand> Regs;
  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> BlockPc;
  llvm::DenseMap<const llvm::BasicBlock *, int> HeaderLoop;
  llvm::LoopInfo *LI = nullptr;
  const llvm::Instruction *Cur = nullptr;
  uint32_t CurLoc = 0;
  std::vector<std::pair<uint32_t, const llvm::BasicBlock *>> EdgeTargets;

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
  Operand regOf(const llvm::Value *V) {
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
  bool constantSlots(const llvm::Constant *C, Operand &First);
  /// Operand for a scalar value (first slot for aggregates).
  bool operand(const llvm::Value *V, Operand &Op);
  Inst &emit(Op O) {
    Out.Insts.emplace_back();
    Inst &I = Out.Insts.back();
    I.Opc = O;
    I.Loc = CurLoc;
    return I;
  }
  uint32_t edgeTo(const llvm::BasicBlock *From, const llvm::BasicBlock *To);
  bool lowerInst(llvm::Instruction &I);
  /// One instruction over scalar operands (all of I's, in order, at most 3)
  /// with one result slot.
  bool scalarOp(Op O, llvm::Instruction &I, uint8_t W, uint8_t W2 = 0, uint8_t Sub = 0);
  bool lowerCall(llvm::CallBase &CB);
  bool lowerIntrinsic(llvm::IntrinsicInst &II);
  bool lowerLoad(llvm::LoadInst &LIn);
  bool lowerStore(llvm::StoreInst &SI);
  bool lowerGep(llvm::GetElementPtrInst &G);
  /// P + Off as a new register (P itself when Off is 0): the address of an
  /// aggregate's leaf, which is loaded or stored on its own.
  Operand offsetPointer(Operand P, uint64_t Off);
  bool copySlots(Operand Dst, Operand Src, unsigned N);
  bool checkType(llvm::Type *T) {
    if (slotCount(T) < 0)
      return unsupported("type " + typeName(T));
    return true;
  }
};

} // namespace vcdpor::lowering

#endif // VCDPOR_INTERPRETER_LOWERFUNCTION_H
