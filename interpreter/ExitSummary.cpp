//===- interpreter/ExitSummary.cpp - Which code may end the process -------===//
#include "interpreter/ExitSummary.h"
#include "interpreter/Lower.h"
#include "interpreter/LowerModule.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <set>

using namespace llvm;

namespace vcdpor {

using lowering::calleeOf;

namespace {

/// Builtins whose call, when it returns, returns 0 (Builtins.cpp: the
/// others fail the thread or block it instead).
bool returnsOnlyZero(Builtin B) {
  switch (B) {
  case Builtin::PthreadCreate:
  case Builtin::PthreadJoin:
  case Builtin::MutexInit:
  case Builtin::MutexDestroy:
  case Builtin::MutexLock:
  case Builtin::MutexUnlock:
  case Builtin::CondInit:
  case Builtin::CondDestroy:
  case Builtin::CondWait:
  case Builtin::CondSignal:
  case Builtin::CondBroadcast:
  case Builtin::AttrNoop:
    return true;
  default:
    return false;
  }
}

/// The successors of BB that can run: both, or one where BB branches on a
/// comparison of such a builtin's result with a constant.
std::vector<const BasicBlock *> liveSuccessors(const BasicBlock &BB) {
  const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
  if (Br && Br->isConditional())
    if (const auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition())) {
      auto ZeroCall = [](const Value *V) {
        const auto *CB = dyn_cast<CallInst>(V);
        const llvm::Function *F = CB ? calleeOf(*CB) : nullptr;
        return F && F->isDeclaration() &&
               returnsOnlyZero(lookupBuiltin(F->getName()));
      };
      const Value *A = Cmp->getOperand(0), *B = Cmp->getOperand(1);
      const auto *CA = dyn_cast<ConstantInt>(A), *CB = dyn_cast<ConstantInt>(B);
      if ((ZeroCall(A) && CB) || (CA && ZeroCall(B))) {
        Type *Ty = A->getType();
        Constant *Zero = ConstantInt::get(Ty, 0);
        Constant *L = CA ? const_cast<ConstantInt *>(CA) : Zero;
        Constant *R = CB ? const_cast<ConstantInt *>(CB) : Zero;
        Constant *Res = ConstantExpr::getICmp(Cmp->getPredicate(), L, R);
        if (const auto *CI = dyn_cast<ConstantInt>(Res))
          return {Br->getSuccessor(CI->isOne() ? 0 : 1)};
      }
    }
  return {succ_begin(&BB), succ_end(&BB)};
}

struct Local {
  bool Exits = false;            ///< calls exit() or abort() itself
  std::set<uint32_t> Callees;    ///< defined functions it calls or creates
};

} // namespace

void summarizeExits(const Module &M,
                    const DenseMap<const llvm::Function *, uint32_t> &FuncIds,
                    Program &P) {
  // What each block calls or creates itself.
  std::vector<std::vector<Local>> Blocks(P.Functions.size());
  for (const llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    std::vector<Local> &BL = Blocks[FuncIds.lookup(&F)];
    for (const BasicBlock &BB : F) {
      BL.emplace_back();
      Local &S = BL.back();
      for (const Instruction &I : BB) {
        const auto *CB = dyn_cast<CallBase>(&I);
        if (!CB || isa<IntrinsicInst>(CB))
          continue;
        const llvm::Function *Callee = calleeOf(*CB);
        if (!Callee) {
          S.Exits = true; // an indirect call may reach exit()
        } else if (!Callee->isDeclaration()) {
          S.Callees.insert(FuncIds.lookup(Callee));
        } else {
          Builtin B = lookupBuiltin(Callee->getName());
          if (B == Builtin::Exit || B == Builtin::Abort) {
            S.Exits = true;
          } else if (B == Builtin::PthreadCreate) {
            const auto *Fn = dyn_cast<llvm::Function>(
                CB->getArgOperand(2)->stripPointerCasts());
            if (Fn && !Fn->isDeclaration())
              S.Callees.insert(FuncIds.lookup(Fn));
            else
              S.Exits = true;
          }
        }
      }
    }
  }
  // Per block: its own calls, its callees' entry blocks, then whatever the
  // live successors reach; a function exits when its entry block does (its
  // blocks behind a branch that never goes their way do not count). A
  // fixpoint over every function at once, as calls may recurse.
  std::vector<uint8_t> FnExits(P.Functions.size(), 0);
  std::vector<std::vector<uint8_t>> Ex(P.Functions.size());
  std::vector<std::vector<std::vector<unsigned>>> Succs(P.Functions.size());
  std::vector<const llvm::Function *> Defined;
  for (const llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    uint32_t Id = FuncIds.lookup(&F);
    Defined.push_back(&F);
    DenseMap<const BasicBlock *, unsigned> Index;
    for (const BasicBlock &BB : F)
      Index[&BB] = Index.size();
    for (const BasicBlock &BB : F) {
      Succs[Id].emplace_back();
      for (const BasicBlock *S : liveSuccessors(BB))
        Succs[Id].back().push_back(Index[S]);
    }
    Ex[Id].assign(Blocks[Id].size(), 0);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const llvm::Function *F : Defined) {
      uint32_t Id = FuncIds.lookup(F);
      std::vector<uint8_t> &E = Ex[Id];
      for (bool Grew = true; Grew;) {
        Grew = false;
        for (size_t B = 0; B < E.size(); ++B) {
          if (E[B])
            continue;
          bool X = Blocks[Id][B].Exits;
          for (uint32_t C : Blocks[Id][B].Callees)
            X = X || FnExits[C];
          for (unsigned S : Succs[Id][B])
            X = X || E[S];
          if (X)
            Grew = Changed = E[B] = true;
        }
      }
      if (!E.empty() && E[0] && !FnExits[Id])
        Changed = FnExits[Id] = true;
    }
  }
  for (const llvm::Function *F : Defined) {
    uint32_t Id = FuncIds.lookup(F);
    P.Functions[Id].BlockExits = Ex[Id];
  }
}

} // namespace vcdpor
