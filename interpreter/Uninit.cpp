//===- interpreter/Uninit.cpp - Uninitialised locals as nondet values ----===//
#include "interpreter/Uninit.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <map>
#include <vector>

using namespace llvm;

namespace vcdpor {
namespace {

/// Whether an undef operand Op of I stands for a value the program reads,
/// rather than a placeholder no execution looks at.
bool readsUndef(const Instruction &I, unsigned Op) {
  // Aggregates and vectors are built up from undef, a field at a time.
  if (isa<InsertValueInst>(I) || isa<InsertElementInst>(I) ||
      isa<ShuffleVectorInst>(I))
    return false;
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    if (isa<DbgInfoIntrinsic>(I) || Op >= CB->arg_size())
      return false;
    // The optimiser passes undef for a parameter its callee never uses.
    const Function *Callee = CB->getCalledFunction();
    return !Callee || Callee->isDeclaration() || Op >= Callee->arg_size() ||
           !Callee->getArg(Op)->use_empty();
  }
  if (isa<ReturnInst>(I)) {
    // An undef result nobody uses (a function falling off its end, or one
    // whose result the optimiser found unused) is no read.
    const Function &F = *I.getFunction();
    if (F.getName() == "main")
      return false;
    for (const User *U : F.users()) {
      const auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledOperand() != &F || !Call->use_empty())
        return true;
    }
    return false;
  }
  return true;
}

/// A call of __vcdpor_uninit_iN (lowered as a nondet draw of width N),
/// inserted before Where with source location Loc. The callee neither reads
/// nor writes memory, so the optimiser drops a draw nobody reads; each call
/// has an argument of its own, so two draws are never merged into one.
Value *uninitValue(IntegerType *Ty, Instruction *Where, DebugLoc Loc) {
  Module &M = *Where->getModule();
  LLVMContext &Ctx = M.getContext();
  std::string Name = "__vcdpor_uninit_i" + std::to_string(Ty->getBitWidth());
  Type *Id = Type::getInt32Ty(Ctx);
  FunctionCallee Callee =
      M.getOrInsertFunction(Name, FunctionType::get(Ty, {Id}, false));
  auto *Decl = dyn_cast<Function>(Callee.getCallee());
  if (Decl) {
    Decl->addFnAttr(Attribute::NoUnwind);
    Decl->addFnAttr(Attribute::WillReturn);
    Decl->addFnAttr(Attribute::ReadNone);
  }
  IRBuilder<> B(Where);
  unsigned N = Decl ? Decl->getNumUses() : 0;
  CallInst *Call = B.CreateCall(Callee, {ConstantInt::get(Id, N)}, "uninit");
  Call->setDebugLoc(Loc);
  return Call;
}

DebugLoc firstLocation(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (I.getDebugLoc())
      return I.getDebugLoc();
  return DebugLoc();
}

} // namespace

bool promoteScalarLocals(Function &F) {
  if (F.isDeclaration())
    return false;
  std::vector<AllocaInst *> Allocas;
  for (Instruction &I : F.getEntryBlock()) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI)
      continue;
    Type *Ty = AI->getAllocatedType();
    if ((Ty->isIntegerTy() || Ty->isPointerTy() || Ty->isFloatingPointTy()) &&
        isAllocaPromotable(AI))
      Allocas.push_back(AI);
  }
  if (Allocas.empty())
    return false;
  // An integer local starts with a draw: where its lifetime starts (each
  // iteration of the loop that declares it, above -O0), or else where it is
  // allocated. mem2reg then keeps the draw only where some read sees it;
  // left as undef, mem2reg would fold it away (a phi of undef and 1 is 1).
  std::vector<Instruction *> Draws;
  for (AllocaInst *AI : Allocas) {
    auto *Ty = dyn_cast<IntegerType>(AI->getAllocatedType());
    if (!Ty || Ty->getBitWidth() > 64)
      continue;
    DebugLoc Loc;
    SmallVector<DbgVariableIntrinsic *, 1> Decls;
    findDbgUsers(Decls, AI);
    if (!Decls.empty())
      Loc = Decls.front()->getDebugLoc();
    std::vector<Instruction *> Starts;
    auto NoteStart = [&](User *U) {
      if (auto *II = dyn_cast<IntrinsicInst>(U);
          II && II->getIntrinsicID() == Intrinsic::lifetime_start)
        Starts.push_back(II->getNextNode());
    };
    for (User *U : AI->users()) {
      NoteStart(U);
      if (isa<BitCastInst>(U))
        for (User *V : U->users())
          NoteStart(V);
    }
    if (Starts.empty())
      Starts.push_back(AI->getNextNode());
    for (Instruction *Where : Starts) {
      while (isa<AllocaInst>(Where))
        Where = Where->getNextNode();
      auto *Draw = cast<Instruction>(uninitValue(Ty, Where, Loc));
      new StoreInst(Draw, AI, Where);
      Draws.push_back(Draw);
    }
  }
  DominatorTree DT(F);
  PromoteMemToReg(Allocas, DT);
  for (Instruction *Draw : Draws)
    if (Draw->use_empty())
      Draw->eraseFromParent();
  return true;
}

bool nondetUninitialised(Function &F) {
  if (F.isDeclaration())
    return false;
  // Collected first: the rewrite inserts instructions.
  std::vector<std::pair<Instruction *, unsigned>> Uses;
  for (Instruction &I : instructions(F))
    for (unsigned K = 0; K < I.getNumOperands(); ++K) {
      const Value *V = I.getOperand(K);
      if (isa<UndefValue>(V) && V->getType()->isIntegerTy() &&
          V->getType()->getIntegerBitWidth() <= 64 &&
          (isa<PHINode>(I) || readsUndef(I, K)))
        Uses.push_back({&I, K});
    }
  // A phi lists a block once per edge, with one value: one draw per block.
  std::map<std::pair<PHINode *, BasicBlock *>, Value *> PhiDraws;
  for (auto [I, K] : Uses) {
    auto *Ty = cast<IntegerType>(I->getOperand(K)->getType());
    if (auto *Phi = dyn_cast<PHINode>(I)) {
      BasicBlock *From = Phi->getIncomingBlock(K);
      Value *&V = PhiDraws[{Phi, From}];
      if (!V)
        V = uninitValue(Ty, From->getTerminator(),
                        firstLocation(*Phi->getParent()));
      Phi->setIncomingValue(K, V);
      continue;
    }
    I->setOperand(K, uninitValue(Ty, I, I->getDebugLoc()));
  }
  return !Uses.empty();
}

void uninitialisedLocalsAsNondet(Module &M) {
  for (Function &F : M) {
    promoteScalarLocals(F);
    nondetUninitialised(F);
  }
}

} // namespace vcdpor
