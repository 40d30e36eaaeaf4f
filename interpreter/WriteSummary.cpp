//===- interpreter/WriteSummary.cpp - Which globals code may store to -----===//
#include "interpreter/WriteSummary.h"
#include "interpreter/LowerModule.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace llvm;

namespace vcdpor {

using lowering::calleeOf;

bool allocaEscapes(const AllocaInst &A) {
  std::vector<const Value *> Work{&A};
  std::set<const Value *> Seen{&A};
  while (!Work.empty()) {
    const Value *V = Work.back();
    Work.pop_back();
    for (const Use &U : V->uses()) {
      const auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I)
        return true;
      if (isa<LoadInst>(I) || isa<ICmpInst>(I))
        continue;
      if (const auto *S = dyn_cast<StoreInst>(I)) {
        if (S->getValueOperand() == V)
          return true;
        continue;
      }
      if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I) ||
          isa<AddrSpaceCastInst>(I)) {
        if (Seen.insert(I).second)
          Work.push_back(I);
        continue;
      }
      if (const auto *CB = dyn_cast<CallBase>(I)) {
        if (isa<IntrinsicInst>(CB))
          continue; // lifetime, debug info, mem* and va_* keep no pointer
        const llvm::Function *F = calleeOf(*CB);
        if (!F || !F->isDeclaration())
          return true;
        // Library functions keep no pointer, except the thread argument.
        if (F->getName() == "pthread_create" && CB->getArgOperandNo(&U) != 0)
          return true;
        continue;
      }
      return true;
    }
  }
  return false;
}

namespace {

// Library functions that write no program memory through their arguments
// (or write only what the executor models as events of their own).
bool writesNothing(StringRef Name) {
  static const char *const Names[] = {"pthread_mutex_lock",
                                      "pthread_mutex_unlock",
                                      "pthread_mutex_trylock",
                                      "pthread_mutex_init",
                                      "pthread_mutex_destroy",
                                      "pthread_cond_wait",
                                      "pthread_cond_signal",
                                      "pthread_cond_broadcast",
                                      "pthread_cond_init",
                                      "pthread_cond_destroy",
                                      "pthread_exit",
                                      "pthread_self",
                                      "pthread_equal",
                                      "pthread_attr_init",
                                      "pthread_attr_destroy",
                                      "pthread_attr_setdetachstate",
                                      "printf",
                                      "puts",
                                      "putchar",
                                      "fputs",
                                      "fprintf",
                                      "putc",
                                      "fputc",
                                      "fflush",
                                      "malloc",
                                      "calloc",
                                      "free",
                                      "abort",
                                      "exit",
                                      "__assert_fail",
                                      "__assert",
                                      "assert",
                                      "strlen",
                                      "strcmp",
                                      "strncmp",
                                      "memcmp",
                                      "bcmp",
                                      "atoi",
                                      "abs",
                                      "labs",
                                      "ffs",
                                      "ffsl",
                                      "ffsll"};
  if (Name.startswith("__VERIFIER_") || Name.startswith("vcdpor_") ||
      Name == "reach_error")
    return true;
  return std::find(std::begin(Names), std::end(Names), Name) != std::end(Names);
}

/// The objects a pointer may point into, following what clang's -O0 code
/// does with pointers: through address arithmetic, phis and selects, loads
/// of locals whose every write is a plain store of a pointer (a parameter
/// spilled to its slot), and parameters of functions whose every use is a
/// direct call or a pthread_create start routine. Anything else (a pointer
/// read from shared memory, from an integer, returned by a call) is
/// unknown, and so is a search that takes more than Budget steps.
class PointsTo {
public:
  explicit PointsTo(const Module &M) {
    for (const llvm::Function &F : M) {
      // main's arguments come from the runtime, not from a call here.
      if (F.isDeclaration() || F.getName() == "main")
        continue;
      std::vector<std::pair<const CallBase *, unsigned>> &Sites = Callers[&F];
      bool Known = true;
      for (const Use &U : F.uses()) {
        const auto *CB = dyn_cast<CallBase>(U.getUser());
        if (CB && CB->isCallee(&U) &&
            CB->getFunctionType() == F.getFunctionType()) {
          Sites.push_back({CB, 0});
        } else if (CB && calleeOf(*CB) &&
                   calleeOf(*CB)->getName() == "pthread_create" &&
                   CB->getArgOperandNo(&U) == 2) {
          Sites.push_back({CB, 1}); // the start routine gets argument 3
        } else {
          Known = false;
        }
      }
      if (!Known)
        Callers.erase(&F);
    }
  }

  /// Adds to Out the objects P may point into; false when unknown.
  bool objects(const Value *P, SmallPtrSetImpl<const Value *> &Out) {
    SmallPtrSet<const Value *, 16> Seen;
    unsigned Steps = 0;
    return walk(P, Out, Seen, Steps);
  }

private:
  static constexpr unsigned Budget = 256;
  DenseMap<const llvm::Function *,
           std::vector<std::pair<const CallBase *, unsigned>>>
      Callers;
  /// The values stored into a local, or none when it may hold others.
  DenseMap<const AllocaInst *, std::optional<std::vector<const Value *>>>
      StoredIn;

  /// A local whose address goes only to loads and to stores into it of
  /// pointer values: the values it may hold are those stores'.
  static bool onlyPointerStores(const AllocaInst &A,
                                std::vector<const Value *> &Stored) {
    std::vector<const Value *> Work{&A};
    SmallPtrSet<const Value *, 8> Seen{&A};
    while (!Work.empty()) {
      const Value *V = Work.back();
      Work.pop_back();
      for (const User *U : V->users()) {
        if (isa<LoadInst>(U))
          continue;
        if (const auto *S = dyn_cast<StoreInst>(U)) {
          if (S->getValueOperand() == V ||
              !S->getValueOperand()->getType()->isPointerTy())
            return false;
          Stored.push_back(S->getValueOperand());
          continue;
        }
        if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U)) {
          if (Seen.insert(U).second)
            Work.push_back(U);
          continue;
        }
        if (const auto *II = dyn_cast<IntrinsicInst>(U))
          if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
            continue;
        return false;
      }
    }
    return true;
  }

  bool walk(const Value *P, SmallPtrSetImpl<const Value *> &Out,
            SmallPtrSetImpl<const Value *> &Seen, unsigned &Steps) {
    if (!Seen.insert(P).second)
      return true; // its objects are being collected already
    if (++Steps > Budget)
      return false;
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(P, Objects, nullptr, 0);
    for (const Value *O : Objects) {
      if (isa<GlobalVariable>(O) || isa<AllocaInst>(O) ||
          isa<ConstantPointerNull>(O) || isa<llvm::Function>(O)) {
        Out.insert(O);
        continue;
      }
      if (const auto *L = dyn_cast<LoadInst>(O)) {
        const auto *A = dyn_cast<AllocaInst>(
            getUnderlyingObject(L->getPointerOperand(), 0));
        if (!A)
          return false;
        // Each store of a -O0 function loads its pointer from such a local:
        // its stored values are collected once.
        auto It = StoredIn.find(A);
        if (It == StoredIn.end()) {
          std::vector<const Value *> Stored;
          It = StoredIn
                   .insert({A, onlyPointerStores(*A, Stored)
                                   ? std::optional(std::move(Stored))
                                   : std::nullopt})
                   .first;
        }
        if (!It->second)
          return false;
        for (const Value *V : *It->second)
          if (!walk(V, Out, Seen, Steps))
            return false;
        continue;
      }
      if (const auto *Arg = dyn_cast<Argument>(O)) {
        auto It = Callers.find(Arg->getParent());
        if (It == Callers.end())
          return false;
        for (auto [CB, Shift] : It->second) {
          unsigned I = Arg->getArgNo() + (Shift ? 3 : 0);
          if (Shift && Arg->getArgNo() != 0)
            return false;
          if (I >= CB->arg_size() ||
              !walk(CB->getArgOperand(I), Out, Seen, Steps))
            return false;
        }
        continue;
      }
      return false;
    }
    return true;
  }
};

struct Local {
  std::set<uint32_t> Globals;
  bool Any = false;
  std::set<uint32_t> Callees;
  void add(const Local &O) {
    Globals.insert(O.Globals.begin(), O.Globals.end());
    Any |= O.Any;
  }
  bool operator==(const Local &O) const {
    return Globals == O.Globals && Any == O.Any;
  }
};

} // namespace

void summarizeWrites(
    const Module &M, const DenseMap<const llvm::Function *, uint32_t> &FuncIds,
    const DenseMap<const GlobalVariable *, uint32_t> &GlobalIds, Program &P) {
  // What each block stores itself, and whom it calls or creates.
  std::vector<std::vector<Local>> Blocks(P.Functions.size());
  PointsTo Points(M);
  for (const llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    std::vector<Local> &BL = Blocks[FuncIds.lookup(&F)];
    for (const BasicBlock &BB : F) {
      BL.emplace_back();
      Local &S = BL.back();
      auto Store = [&](const Value *Ptr) {
        // Through phis and selects too (a loop that walks the slots of a
        // global array stores through a phi of addresses in it), and
        // through parameters and the locals -O0 spills them to.
        SmallPtrSet<const Value *, 8> Objects;
        if (!Points.objects(Ptr, Objects)) {
          S.Any = true;
          return;
        }
        for (const Value *O : Objects) {
          if (isa<ConstantPointerNull>(O) || isa<llvm::Function>(O))
            continue; // a store there is a memory error, not a write
          if (const auto *G = dyn_cast<GlobalVariable>(O)) {
            if (!G->isThreadLocal())
              S.Globals.insert(GlobalIds.lookup(G));
          } else if (!isa<AllocaInst>(O) ||
                     allocaEscapes(*cast<AllocaInst>(O))) {
            S.Any = true;
          }
        }
      };
      for (const Instruction &I : BB) {
        if (const auto *St = dyn_cast<StoreInst>(&I)) {
          Store(St->getPointerOperand());
        } else if (const auto *R = dyn_cast<AtomicRMWInst>(&I)) {
          Store(R->getPointerOperand());
        } else if (const auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
          Store(X->getPointerOperand());
        } else if (const auto *MI = dyn_cast<MemIntrinsic>(&I)) {
          Store(MI->getDest());
        } else if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
          if (II->getIntrinsicID() == Intrinsic::vastart ||
              II->getIntrinsicID() == Intrinsic::vacopy)
            Store(II->getArgOperand(0));
        } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
          const llvm::Function *Callee = calleeOf(*CB);
          if (!Callee) {
            S.Any = true;
          } else if (!Callee->isDeclaration()) {
            S.Callees.insert(FuncIds.lookup(Callee));
          } else if (Callee->getName() == "pthread_create") {
            Store(CB->getArgOperand(0));
            const auto *Fn = dyn_cast<llvm::Function>(
                CB->getArgOperand(2)->stripPointerCasts());
            if (Fn && !Fn->isDeclaration())
              S.Callees.insert(FuncIds.lookup(Fn));
            else
              S.Any = true;
          } else if (!writesNothing(Callee->getName())) {
            for (const Value *A : CB->args())
              if (A->getType()->isPointerTy())
                Store(A);
          }
        }
      }
    }
  }
  // Whole functions, closed over calls and thread creation.
  std::vector<Local> Fn(P.Functions.size());
  for (size_t I = 0; I < Blocks.size(); ++I)
    for (const Local &B : Blocks[I]) {
      Fn[I].add(B);
      Fn[I].Callees.insert(B.Callees.begin(), B.Callees.end());
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Local &S : Fn) {
      Local Old = S;
      for (uint32_t C : S.Callees)
        S.add(Fn[C]);
      Changed |= !(Old == S);
    }
  }
  // Per block: everything reachable from it in the control-flow graph.
  for (const llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    uint32_t Id = FuncIds.lookup(&F);
    std::vector<Local> &BL = Blocks[Id];
    DenseMap<const BasicBlock *, unsigned> Index;
    for (const BasicBlock &BB : F)
      Index[&BB] = Index.size();
    for (Local &B : BL)
      for (uint32_t C : B.Callees)
        B.add(Fn[C]);
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const BasicBlock &BB : F) {
        Local &B = BL[Index[&BB]];
        Local Old = B;
        for (const BasicBlock *Succ : successors(&BB))
          B.add(BL[Index[Succ]]);
        Changed |= !(Old == B);
      }
    }
    Function &Out = P.Functions[Id];
    auto Set = [](const Local &L) {
      return WriteSet{std::vector<uint32_t>(L.Globals.begin(), L.Globals.end()),
                      L.Any};
    };
    Out.BlockWrites.clear();
    Out.BlockTail.clear();
    for (const BasicBlock &BB : F) {
      Out.BlockWrites.push_back(Set(BL[Index[&BB]]));
      Local Tail;
      for (const BasicBlock *Succ : successors(&BB))
        Tail.add(BL[Index[Succ]]);
      Out.BlockTail.push_back(Set(Tail));
    }
  }
}

} // namespace vcdpor
