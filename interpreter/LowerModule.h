//===- interpreter/LowerModule.h - What lowering shares (private) -*- C++ -*-===//
//
// interpreter/Lower.cpp lowers the module (globals, source locations, the
// driver); interpreter/LowerFunction.cpp lowers function bodies. This is
// what they share: the module lowerer's state and the type helpers.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_LOWERMODULE_H
#define VCDPOR_INTERPRETER_LOWERMODULE_H

#include "interpreter/Program.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace vcdpor::lowering {

class FunctionLowerer;

class ModuleLowerer {
public:
  ModuleLowerer(llvm::Module &M, Program &P) : M(M), DL(M.getDataLayout()), P(P) {}
  bool run(std::string &Error);

private:
  friend class FunctionLowerer;
  llvm::Module &M;
  const llvm::DataLayout &DL;
  Program &P;
  llvm::DenseMap<const llvm::GlobalVariable *, uint32_t> GlobalIds;
  llvm::DenseMap<const llvm::Function *, uint32_t> FuncIds;
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
  uint32_t locId(const llvm::Instruction *I, const llvm::Function &F);
  std::string where(const llvm::Instruction *I, const llvm::Function &F);

  bool fail(std::string Msg) {
    if (Err.empty())
      Err = std::move(Msg);
    return false;
  }
  /// Writes the bytes of constant C at Buf (DL.getTypeAllocSize bytes).
  bool constantBytes(const llvm::Constant *C, uint8_t *Buf);
  /// Evaluates a scalar constant (int, fp, pointer, constant expression).
  bool constantScalar(const llvm::Constant *C, uint64_t &V);
  bool lowerGlobals();
};

std::string typeName(llvm::Type *T);
std::string valueText(const llvm::Value *V);
/// Scalar types we run: integers up to 64 bits, float, double, pointers.
bool isScalar(llvm::Type *T);
/// Number of register slots of a first-class type, or -1 if unsupported.
int slotCount(llvm::Type *T);
/// Leaves of an aggregate: (byte offset, scalar type), in slot order.
void leaves(const llvm::DataLayout &DL, llvm::Type *T, uint64_t Base,
            std::vector<std::pair<uint64_t, llvm::Type *>> &Out);
uint8_t scalarWidth(llvm::Type *T);
/// The function a call names directly (through casts), or null.
inline const llvm::Function *calleeOf(const llvm::CallBase &CB) {
  return llvm::dyn_cast<llvm::Function>(
      CB.getCalledOperand()->stripPointerCasts());
}

/// Lowers the body of F into Out; false, with ML's error set, where it meets
/// a construct it does not support.
bool lowerFunction(ModuleLowerer &ML, llvm::Function &F, vcdpor::Function &Out);

} // namespace vcdpor::lowering

#endif // VCDPOR_INTERPRETER_LOWERMODULE_H
