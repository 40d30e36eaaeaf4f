//===- interpreter/QuietSummary.cpp - Code no other thread can see --------===//
#include "interpreter/QuietSummary.h"
#include "interpreter/Lower.h"
#include "interpreter/LowerModule.h"
#include "interpreter/WriteSummary.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <set>
#include <vector>

using namespace llvm;

namespace vcdpor {

using lowering::calleeOf;

namespace {

/// What one block does itself: whether it is quiet but for its calls of
/// defined functions, and those callees.
struct Local {
  bool Loud = false;
  std::set<uint32_t> Callees;
};

bool localAddress(const Value *Ptr) {
  const auto *A = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr, 0));
  return A && !allocaEscapes(*A);
}

void scan(const Instruction &I,
          const DenseMap<const llvm::Function *, uint32_t> &FuncIds, Local &S) {
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    S.Loud |= !localAddress(L->getPointerOperand());
    return;
  }
  if (const auto *St = dyn_cast<StoreInst>(&I)) {
    S.Loud |= !localAddress(St->getPointerOperand());
    return;
  }
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I) || isa<FenceInst>(I) ||
      isa<VAArgInst>(I)) {
    S.Loud = true;
    return;
  }
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return; // arithmetic, casts, addresses, control flow, allocas
  if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
    Intrinsic::ID Id = II->getIntrinsicID();
    S.Loud |= !(isa<DbgInfoIntrinsic>(II) || Id == Intrinsic::lifetime_start ||
                Id == Intrinsic::lifetime_end || !II->mayReadOrWriteMemory());
    return;
  }
  const llvm::Function *F = calleeOf(*CB);
  if (!F) {
    S.Loud = true;
  } else if (!F->isDeclaration()) {
    S.Callees.insert(FuncIds.lookup(F));
  } else {
    S.Loud |= !quietBuiltin(lookupBuiltin(F->getName()),
                            CB->arg_size() > 1 &&
                                isa<ConstantPointerNull>(CB->getArgOperand(1)));
  }
}

} // namespace

void summarizeQuiet(const Module &M,
                    const DenseMap<const llvm::Function *, uint32_t> &FuncIds,
                    Program &P) {
  std::vector<std::vector<Local>> Blocks(P.Functions.size());
  for (const llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    std::vector<Local> &BL = Blocks[FuncIds.lookup(&F)];
    for (const BasicBlock &BB : F) {
      BL.emplace_back();
      for (const Instruction &I : BB)
        scan(I, FuncIds, BL.back());
    }
  }
  // Whole functions, closed over calls: loud while a callee is.
  std::vector<uint8_t> FnLoud(P.Functions.size(), 0);
  for (size_t I = 0; I < Blocks.size(); ++I)
    for (const Local &B : Blocks[I])
      FnLoud[I] |= B.Loud;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Blocks.size(); ++I)
      for (const Local &B : Blocks[I])
        for (uint32_t C : B.Callees)
          if (FnLoud[C] && !FnLoud[I])
            FnLoud[I] = Changed = true;
  }
  // Per block: loud when some block reachable from it is (itself included).
  for (const llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    uint32_t Id = FuncIds.lookup(&F);
    std::vector<Local> &BL = Blocks[Id];
    DenseMap<const BasicBlock *, unsigned> Index;
    for (const BasicBlock &BB : F)
      Index[&BB] = Index.size();
    std::vector<uint8_t> Loud(BL.size());
    for (size_t B = 0; B < BL.size(); ++B) {
      Loud[B] = BL[B].Loud;
      for (uint32_t C : BL[B].Callees)
        Loud[B] |= FnLoud[C];
    }
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const BasicBlock &BB : F) {
        unsigned B = Index[&BB];
        for (const BasicBlock *Succ : successors(&BB))
          if (Loud[Index[Succ]] && !Loud[B])
            Loud[B] = Changed = true;
      }
    }
    Function &Out = P.Functions[Id];
    Out.BlockQuiet.clear();
    Out.BlockTailQuiet.clear();
    for (const BasicBlock &BB : F) {
      Out.BlockQuiet.push_back(!Loud[Index[&BB]]);
      bool Tail = true;
      for (const BasicBlock *Succ : successors(&BB))
        Tail &= !Loud[Index[Succ]];
      Out.BlockTailQuiet.push_back(Tail);
    }
  }
}

} // namespace vcdpor
