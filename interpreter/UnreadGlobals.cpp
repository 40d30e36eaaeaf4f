//===- interpreter/UnreadGlobals.cpp - Globals no instruction reads -------===//
#include "interpreter/UnreadGlobals.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <vector>

using namespace llvm;

namespace vcdpor {

namespace {

/// Whether Allowed(U, V) holds for every use U of GV's address V, and of
/// every address computed from it: address arithmetic and casts, as
/// instructions or constant expressions, address the same global and are
/// followed (an index that is the address fails).
template <typename Pred>
bool everyUse(const GlobalVariable &GV, const Pred &Allowed) {
  std::vector<const Value *> Work{&GV};
  SmallPtrSet<const Value *, 16> Seen;
  Seen.insert(&GV);
  while (!Work.empty()) {
    const Value *V = Work.back();
    Work.pop_back();
    for (const Use &U : V->uses()) {
      const User *Us = U.getUser();
      if (isa<GEPOperator>(Us) || isa<BitCastOperator>(Us) ||
          isa<AddrSpaceCastOperator>(Us)) {
        if (Us->getOperand(0) != V)
          return false; // V is an index, not the address
        if (Seen.insert(Us).second)
          Work.push_back(Us);
        continue;
      }
      if (!Allowed(U, V))
        return false;
    }
  }
  return true;
}

/// Whether every use of GV's address, and of the addresses computed from
/// it, is the address of a store (or a comparison).
bool onlyStored(const GlobalVariable &GV) {
  return everyUse(GV, [](const Use &U, const Value *V) {
    if (const auto *S = dyn_cast<StoreInst>(U.getUser()))
      // Not when the address itself is stored.
      return S->getPointerOperand() == V && S->getValueOperand() != V;
    return isa<ICmpInst>(U.getUser());
  });
}

/// Whether GV's address, and every address computed from it, is only ever
/// an operand of a comparison or an argument of an assertion failure: no
/// instruction accesses it, and it never becomes a value.
bool unaccessed(const GlobalVariable &GV) {
  return everyUse(GV, [](const Use &U, const Value *) {
    const User *Us = U.getUser();
    if (isa<ICmpInst>(Us))
      return true;
    const auto *CB = dyn_cast<CallBase>(Us);
    if (!CB || CB->isCallee(&U))
      return false;
    const llvm::Function *F = CB->getCalledFunction();
    return F && (F->getName() == "__assert_fail" || F->getName() == "__assert");
  });
}

} // namespace

void findUnreadGlobals(
    const Module &M,
    const DenseMap<const GlobalVariable *, uint32_t> &GlobalIds, Program &P) {
  for (const GlobalVariable &GV : M.globals()) {
    Global &G = P.Globals[GlobalIds.lookup(&GV)];
    G.Unread = !GV.isDeclaration() && !GV.isThreadLocal() && !G.ReadOnly &&
               onlyStored(GV);
    G.Unaccessed =
        !GV.isDeclaration() && !GV.isThreadLocal() && unaccessed(GV);
  }
}

} // namespace vcdpor
