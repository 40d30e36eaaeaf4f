//===- chc/FromProgram.cpp - A one-thread program as Horn clauses --------===//
//
// Each program point's clauses come from a depth-first walk of the paths
// from the point to the next points (a block entry, a call of a defined
// function, the instruction after one): an Alt is one path, its registers
// as linear expressions over the clause's variables (or, for comparison
// results, as the comparison itself until a value is needed), its
// constraints and its nondet draws. A case split copies the Alt.
//
//===----------------------------------------------------------------------===//
#include "chc/FromProgramImpl.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

using namespace vcdpor;

using namespace vcdpor::chcenc;

std::vector<Operand> Encoder::uses(uint32_t Gi, const Inst &I) const {
  const Function &G = P.Functions[Gi];
  std::vector<Operand> U;
  auto Reg = [&](Operand O) {
    if (O != NoOperand && !(O & ConstBit))
      U.push_back(O);
  };
  if (I.Opc == Op::Call) {
    const CallInfo &CI = G.Calls[I.Aux];
    for (Operand O : CI.Args)
      Reg(O);
    Reg(CI.Target);
  } else if (I.Opc == Op::Ret) {
    if (I.Aux != NoOperand)
      for (Operand O : G.Rets[I.Aux])
        Reg(O);
  } else if (I.Opc == Op::Gep) {
    Reg(I.A);
    for (const GepIndex &X : G.Geps[I.Aux].Indices)
      Reg(X.Idx);
  } else if (cellOf(Gi, I.A) != NoOperand) {
    // A local's load reads its cell; a store reads only its value.
    if (I.Opc == Op::Load)
      Reg(cellOf(Gi, I.A));
    else if (I.Opc == Op::Store)
      Reg(I.B);
  } else {
    Reg(I.A);
    Reg(I.B);
    Reg(I.C);
  }
  return U;
}

/// Whether register R (an alloca's address) is only the address operand
/// of loads and stores of its own size, and of lifetime markers.
bool Encoder::unescaped(const Function &G, Operand R, uint64_t Size) const {
  for (const Inst &I : G.Insts) {
    if ((I.Opc == Op::Load || I.Opc == Op::Store ||
         I.Opc == Op::LifetimeStart || I.Opc == Op::LifetimeEnd) &&
        I.A == R) {
      if (I.Opc == Op::Store && I.B == R)
        return false;
      if ((I.Opc == Op::Load || I.Opc == Op::Store) &&
          (I.Size != Size || I.W != Size * 8))
        return false;
      if ((I.Opc == Op::Load && (I.Sub & 3)) ||
          (I.Opc == Op::Store && (I.Sub & 3)))
        return false; // atomic, or a pointer
      continue;
    }
    if (I.Opc == Op::Call || I.Opc == Op::Ret || I.Opc == Op::Gep) {
      for (Operand O : uses(uint32_t(&G - P.Functions.data()), I))
        if (O == R)
          return false;
      continue;
    }
    if (I.Opc == Op::Copy && I.A == R) {
      // A cast of the address for the lifetime markers only.
      for (const Inst &J : G.Insts)
        if ((J.A == I.Dst || J.B == I.Dst || J.C == I.Dst) &&
            J.Opc != Op::LifetimeStart && J.Opc != Op::LifetimeEnd)
          return false;
      for (const Move &M : G.Moves)
        if (M.Src == I.Dst)
          return false;
      continue;
    }
    if (I.A == R || I.B == R || I.C == R)
      return false;
  }
  for (const Move &M : G.Moves)
    if (M.Src == R)
      return false;
  return true;
}

/// Functions reachable from main, tracked globals, and refusals of what
/// the encoding leaves out.
bool Encoder::scan() {
  Fns.assign(P.Functions.size(), {});
  std::vector<uint32_t> Todo{uint32_t(P.Main)};
  Fns[P.Main].Reached = true;
  while (!Todo.empty() && !ErrFirst) {
    Fn = Todo.back();
    Todo.pop_back();
    const Function &G = F();
    if (G.VarArg)
      refuse("a variadic function", 0);
    for (const Inst &I : G.Insts)
      if (I.Opc == Op::Alloca && I.B == NoOperand &&
          (I.Imm == 1 || I.Imm == 2 || I.Imm == 4 || I.Imm == 8) &&
          unescaped(G, I.Dst, I.Imm))
        Fns[Fn].Cell[I.Dst] = G.NumRegs + Fns[Fn].Cell.size();
    for (const Inst &I : G.Insts) {
      switch (I.Opc) {
      case Op::Call: {
        const CallInfo &CI = G.Calls[I.Aux];
        switch (CI.Ext) {
        case Builtin::PthreadCreate:
        case Builtin::PthreadJoin:
        case Builtin::PthreadExit:
        case Builtin::MutexLock:
        case Builtin::MutexUnlock:
        case Builtin::AtomicBegin:
        case Builtin::AtomicEnd:
          refuse(std::string("threads (") + builtinName(CI.Ext) +
                     "; chc encodes one-thread programs)",
                 I.Loc, true);
          break;
        case Builtin::Malloc:
        case Builtin::Calloc:
        case Builtin::Realloc:
        case Builtin::Free:
          refuse(std::string("the heap (") + builtinName(CI.Ext) + ")", I.Loc,
                 true);
          break;
        default:
          break;
        }
        if (CI.Callee < 0 && CI.Target != NoOperand)
          refuse("an indirect call (a function pointer)", I.Loc);
        else if (CI.Callee >= 0) {
          if (CI.DstCount > 1)
            refuse("a call returning an aggregate", I.Loc);
          if (!Fns[CI.Callee].Reached) {
            Fns[CI.Callee].Reached = true;
            Todo.push_back(CI.Callee);
          }
        }
        break;
      }
      case Op::Load:
      case Op::Store: {
        if ((I.Opc == Op::Load && (I.Sub & 2)) ||
            (I.Opc == Op::Store && (I.Sub & 1))) {
          refuse("a pointer kept in memory", I.Loc);
          break;
        }
        if (cellOf(Fn, I.A) != NoOperand)
          break;
        if (!(I.A & ConstBit)) {
          refuse("an access through a pointer whose target is not a "
                 "constant scalar global (pointers, arrays, heap)",
                 I.Loc);
          break;
        }
        uint64_t Addr = G.Consts[I.A & ~ConstBit];
        uint32_t Obj = ptrObj(Addr);
        if (Obj < FirstGlobalId || Obj - FirstGlobalId >= P.Globals.size()) {
          refuse("an access to memory other than a global", I.Loc);
          break;
        }
        uint32_t Gi = Obj - FirstGlobalId;
        const Global &Gl = P.Globals[Gi];
        if (ptrOff(Addr) != 0 || Gl.Size != I.Size || I.W != I.Size * 8 ||
            I.W > 64) {
          refuse("global '" + Gl.Name +
                     "' accessed as an array, a struct or at another size",
                 I.Loc);
          break;
        }
        if (Gl.ThreadLocal)
          refuse("thread-local global '" + Gl.Name + "'", I.Loc);
        if (I.Sub & (I.Opc == Op::Load ? 1 : 2))
          refuse("an atomic access", I.Loc);
        if (!GlobalIdx.count(Gi)) {
          GlobalIdx[Gi] = Out.Globals.size();
          Out.Globals.push_back(Gl.Name);
          GlobalW.push_back(I.W);
        } else if (GlobalW[GlobalIdx[Gi]] != I.W)
          refuse("global '" + Gl.Name + "' accessed at two sizes", I.Loc);
        break;
      }
      case Op::Alloca:
        if (cellOf(Fn, I.Dst) != NoOperand)
          break;
        refuse("a pointer to a local or into an object (arrays, structs, "
               "address-taken locals)",
               I.Loc);
        break;
      case Op::Gep:
        refuse("a pointer to a local or into an object (arrays, structs, "
               "address-taken locals)",
               I.Loc);
        break;
      case Op::FAdd:
      case Op::FSub:
      case Op::FMul:
      case Op::FDiv:
      case Op::FRem:
      case Op::FNeg:
      case Op::FCmp:
      case Op::FPTrunc:
      case Op::FPExt:
      case Op::FPToUI:
      case Op::FPToSI:
      case Op::UIToFP:
      case Op::SIToFP:
      case Op::FAbs:
      case Op::FSqrt:
      case Op::FMin:
      case Op::FMax:
      case Op::FCopySign:
      case Op::FFloor:
      case Op::FCeil:
      case Op::FTrunc:
      case Op::FRound:
      case Op::FFma:
        refuse("floating-point arithmetic", I.Loc);
        break;
      case Op::PtrToInt:
      case Op::IntToPtr:
        refuse("a pointer converted to or from an integer", I.Loc);
        break;
      case Op::Cmpxchg:
      case Op::AtomicRmw:
        refuse("an atomic operation", I.Loc);
        break;
      case Op::MemCpy:
      case Op::MemMove:
      case Op::MemSet:
        refuse("a block copy or fill (memcpy, memset)", I.Loc);
        break;
      case Op::StackSave:
      case Op::StackRestore:
        refuse("a variable-length array", I.Loc);
        break;
      case Op::TlsAddr:
        refuse("a thread-local variable", I.Loc);
        break;
      case Op::AddOvf:
      case Op::SubOvf:
      case Op::MulOvf:
        refuse("an overflow-checking intrinsic", I.Loc);
        break;
      case Op::Fshl:
      case Op::Fshr:
      case Op::Ctpop:
      case Op::Ctlz:
      case Op::Cttz:
      case Op::Bswap:
        refuse("a bit-manipulation intrinsic", I.Loc);
        break;
      default:
        break;
      }
      if (ErrFirst)
        break;
    }
    if (G.RetCount > 1)
      refuse("a function returning an aggregate", 0);
  }
  return Err.empty();
}

/// Register widths from definitions and uses, unified across moves, calls
/// and returns, to a fixpoint.
bool Encoder::inferWidths() {
  for (size_t G = 0; G < Fns.size(); ++G)
    if (Fns[G].Reached)
      Fns[G].RegW.assign(P.Functions[G].NumRegs + Fns[G].Cell.size(), 0);
  bool Changed = true;
  auto Set = [&](uint32_t G, Operand O, unsigned W) {
    if (O == NoOperand || (O & ConstBit) || W == 0 || O >= Fns[G].RegW.size())
      return;
    uint8_t &X = Fns[G].RegW[O];
    if (X == 0) {
      X = uint8_t(W);
      Changed = true;
    } else if (X != W && Err.empty())
      Err = "chc: internal: register " + std::to_string(O) + " of " +
            P.Functions[G].Name + " has two widths";
  };
  while (Changed && Err.empty()) {
    Changed = false;
    for (uint32_t G = 0; G < Fns.size(); ++G) {
      if (!Fns[G].Reached)
        continue;
      const Function &H = P.Functions[G];
      auto W = [&](Operand O) -> unsigned {
        return O == NoOperand || (O & ConstBit) ? 0 : Fns[G].RegW[O];
      };
      for (const Inst &I : H.Insts) {
        switch (I.Opc) {
        case Op::Add:
        case Op::Sub:
        case Op::Mul:
        case Op::UDiv:
        case Op::SDiv:
        case Op::URem:
        case Op::SRem:
        case Op::Shl:
        case Op::LShr:
        case Op::AShr:
        case Op::And:
        case Op::Or:
        case Op::Xor:
        case Op::Abs:
        case Op::SMin:
        case Op::SMax:
        case Op::UMin:
        case Op::UMax:
          Set(G, I.Dst, I.W), Set(G, I.A, I.W), Set(G, I.B, I.W);
          break;
        case Op::ICmp:
          Set(G, I.A, I.W), Set(G, I.B, I.W), Set(G, I.Dst, 1);
          break;
        case Op::Trunc:
        case Op::ZExt:
        case Op::SExt:
          Set(G, I.A, I.W2), Set(G, I.Dst, I.W);
          break;
        case Op::Copy:
          Set(G, I.Dst, W(I.A)), Set(G, I.A, W(I.Dst));
          break;
        case Op::Select:
          Set(G, I.A, 1);
          Set(G, I.Dst, W(I.B) ? W(I.B) : W(I.C));
          Set(G, I.B, W(I.Dst)), Set(G, I.C, W(I.Dst));
          break;
        case Op::Load:
          Set(G, I.Dst, I.W);
          Set(G, cellOf(G, I.A), I.W);
          break;
        case Op::Store:
          Set(G, I.B, I.W);
          Set(G, cellOf(G, I.A), I.W);
          break;
        case Op::CondBr:
          Set(G, I.A, 1);
          break;
        case Op::Switch:
          Set(G, I.A, H.Switches[I.Aux].Width);
          break;
        case Op::Ret:
          if (I.Aux != NoOperand && !H.Rets[I.Aux].empty()) {
            Operand R = H.Rets[I.Aux][0];
            if (!Fns[G].RetW && W(R))
              Fns[G].RetW = W(R), Changed = true;
            Set(G, R, Fns[G].RetW);
          }
          break;
        case Op::Call: {
          const CallInfo &CI = H.Calls[I.Aux];
          if (CI.DstCount == 1)
            Set(G, CI.Dst, CI.RetWidth);
          if (CI.Callee < 0)
            break;
          FnInfo &C = Fns[CI.Callee];
          if (CI.DstCount == 1 && !C.RetW && CI.RetWidth)
            C.RetW = CI.RetWidth, Changed = true;
          for (size_t K = 0; K < CI.Args.size(); ++K) {
            Set(CI.Callee, Operand(K), W(CI.Args[K]));
            if (K < C.RegW.size())
              Set(G, CI.Args[K], C.RegW[K]);
          }
          break;
        }
        default:
          break;
        }
      }
      for (const Move &M : H.Moves)
        Set(G, M.Dst, W(M.Src)), Set(G, M.Src, W(M.Dst));
    }
  }
  return Err.empty();
}

/// Live registers at each block's entry (phi moves count on their edges).
void Encoder::liveness(uint32_t G) {
  const Function &H = P.Functions[G];
  size_t NB = H.BlockStart.size();
  FnInfo &FI = Fns[G];
  FI.LiveIn.assign(NB, {});
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (size_t B = NB; B-- > 0;) {
      std::set<Operand> L = liveAt(G, H.BlockStart[B]);
      if (L != FI.LiveIn[B]) {
        FI.LiveIn[B] = std::move(L);
        Changed = true;
      }
    }
  }
}

/// Registers live before instruction Pc, from the blocks' LiveIn.
std::set<Operand> Encoder::liveAt(uint32_t G, uint32_t Pc) {
  const Function &H = P.Functions[G];
  FnInfo &FI = Fns[G];
  size_t B = H.blockOf(Pc);
  uint32_t End =
      B + 1 < H.BlockStart.size() ? H.BlockStart[B + 1] : H.Insts.size();
  std::set<Operand> L;
  auto Edge = [&](uint32_t E) {
    const vcdpor::Edge &Ed = H.Edges[E];
    std::set<Operand> T = FI.LiveIn.empty() ? std::set<Operand>{}
                                            : FI.LiveIn[H.blockOf(Ed.Target)];
    for (uint32_t M = Ed.MovesBegin; M < Ed.MovesEnd; ++M)
      T.erase(H.Moves[M].Dst);
    for (uint32_t M = Ed.MovesBegin; M < Ed.MovesEnd; ++M)
      if (!(H.Moves[M].Src & ConstBit))
        T.insert(H.Moves[M].Src);
    L.insert(T.begin(), T.end());
  };
  for (uint32_t I = End; I-- > Pc;) {
    const Inst &X = H.Insts[I];
    if (X.Opc == Op::Br)
      Edge(X.Aux);
    else if (X.Opc == Op::CondBr)
      Edge(X.Aux), Edge(uint32_t(X.Imm));
    else if (X.Opc == Op::Switch) {
      Edge(H.Switches[X.Aux].DefaultEdge);
      for (auto &C : H.Switches[X.Aux].Cases)
        Edge(C.second);
    }
    if (X.Opc == Op::Call) {
      const CallInfo &CI = H.Calls[X.Aux];
      for (uint32_t K = 0; K < CI.DstCount; ++K)
        L.erase(CI.Dst + K);
    } else if (X.Dst != NoOperand)
      L.erase(X.Dst);
    if (X.Opc == Op::Store && cellOf(G, X.A) != NoOperand)
      L.erase(cellOf(G, X.A));
    if (X.Opc == Op::Alloca && cellOf(G, X.Dst) != NoOperand)
      L.erase(cellOf(G, X.Dst));
    for (Operand O : uses(G, X))
      L.insert(O);
  }
  // Registers without a known width are never read as numbers.
  for (auto It = L.begin(); It != L.end();)
    It = FI.RegW[*It] ? std::next(It) : L.erase(It);
  return L;
}

unsigned Encoder::summary(uint32_t G) {
  FnInfo &FI = Fns[G];
  if (FI.Summary != ~0u)
    return FI.Summary;
  FI.Summary = Out.S.Preds.size();
  unsigned Ar = FI.Params.size() + 2 * Out.Globals.size() + (FI.RetW ? 1 : 0);
  Out.S.Preds.push_back({P.Functions[G].Name + ".sum", Ar});
  return FI.Summary;
}

unsigned Encoder::point(uint32_t G, uint32_t Pc) {
  FnInfo &FI = Fns[G];
  auto It = FI.Pt.find(Pc);
  if (It != FI.Pt.end())
    return It->second.Pred;
  const Function &H = P.Functions[G];
  PointInfo PI;
  PI.Pred = Out.S.Preds.size();
  std::set<Operand> L = liveAt(G, Pc);
  if (!isMain(G))
    for (Operand O : FI.Params) {
      PI.Regs.push_back(O);
      L.erase(O);
    }
  PI.Regs.insert(PI.Regs.end(), L.begin(), L.end());
  std::string Name = H.Name + ".";
  size_t B = H.blockOf(Pc);
  if (H.BlockStart[B] == Pc)
    Name += "b" + std::to_string(B);
  else if (H.Insts[Pc].Opc == Op::Call)
    Name += "call" + std::to_string(Pc);
  else if (Pc > 0 && H.Insts[Pc - 1].Opc == Op::Call)
    Name += "after" + std::to_string(Pc - 1);
  else
    Name += "pc" + std::to_string(Pc);
  unsigned Ar = PI.Regs.size() + Out.Globals.size() * (isMain(G) ? 1 : 2);
  Out.S.Preds.push_back({Name, Ar});
  FI.Pt[Pc] = PI;
  Work.push_back({G, Pc});
  return PI.Pred;
}

/// A path from point Pc of the current function: its atom's arguments are
/// fresh variables.
Alt Encoder::enter(uint32_t G, uint32_t Pc) {
  Alt A;
  const PointInfo &PI = Fns[G].Pt.at(Pc);
  Atom At{PI.Pred, {}};
  for (Operand O : PI.Regs) {
    unsigned V = A.fresh();
    At.Args.push_back(V);
    A.Regs[O].E = var(V);
  }
  size_t NG = Out.Globals.size();
  A.Glob.resize(NG);
  A.GlobIn.resize(NG);
  if (!isMain(G))
    for (size_t K = 0; K < NG; ++K) {
      unsigned V = A.fresh();
      At.Args.push_back(V);
      A.GlobIn[K] = var(V);
    }
  for (size_t K = 0; K < NG; ++K) {
    unsigned V = A.fresh();
    At.Args.push_back(V);
    A.Glob[K] = var(V);
  }
  A.Body.push_back(std::move(At));
  return A;
}

void Encoder::emit(const Alt &A, unsigned Head,
                   const std::vector<LinExpr> &Args, ChcClauseInfo Info,
                   const std::vector<LinCons> &Extra) {
  const unsigned Cap =
      Opts.Points == ChcEncodeOptions::Instructions ? 4096 : 256;
  if (++ClausesOfPoint > Cap) {
    TooManyPaths = true;
    refuse("too many paths between two program points (more than " +
               std::to_string(Cap) + " clauses)",
           0);
    return;
  }
  // Head arguments are variables 0..k-1; the Alt's variable v is k + v.
  unsigned K = Args.size();
  auto Shift = [K](LinExpr E) {
    LinExpr R;
    R.Const = E.Const;
    for (auto [V, C] : E.Coeffs)
      R.Coeffs[V + K] = C;
    return R;
  };
  Clause C;
  C.Head = Head;
  C.NumVars = A.NumVars + K;
  C.Origin = Out.S.Clauses.size();
  for (const Atom &B : A.Body) {
    Atom X{B.Pred, {}};
    for (unsigned V : B.Args)
      X.Args.push_back(V + K);
    C.Body.push_back(std::move(X));
  }
  for (unsigned I = 0; I < K; ++I)
    C.Cons.push_back(eqs(var(I), Shift(Args[I])));
  for (const LinCons &L : A.Cons)
    C.Cons.push_back({Shift(L.E), L.Eq});
  for (const LinCons &L : Extra)
    C.Cons.push_back({Shift(L.E), L.Eq});
  for (unsigned V : A.Nondets)
    Info.Nondets.push_back(V + K);
  if (Info.K == ChcClauseInfo::Error)
    ++Out.ErrorQueries;
  if (Info.K == ChcClauseInfo::Overflow)
    ++Out.OverflowQueries;
  Out.S.Clauses.push_back(std::move(C));
  Out.Info.push_back(std::move(Info));
}

/// The path reaches point Pc: a clause into its predicate.
void Encoder::toPoint(Alt A, uint32_t Pc, ChcClauseInfo::Kind K) {
  unsigned Pred = point(Fn, Pc);
  std::vector<std::pair<Operand, unsigned>> Os;
  for (Operand O : Fns[Fn].Pt.at(Pc).Regs)
    Os.push_back({O, Fns[Fn].RegW[O]});
  if (linAll(A, Os, [&](Alt &B) { toPoint(B, Pc, K); }))
    return;
  std::vector<LinExpr> Args;
  for (Operand O : Fns[Fn].Pt.at(Pc).Regs)
    Args.push_back(value(A, O, Fns[Fn].RegW[O]));
  if (!isMain(Fn))
    Args.insert(Args.end(), A.GlobIn.begin(), A.GlobIn.end());
  Args.insert(Args.end(), A.Glob.begin(), A.Glob.end());
  emit(A, Pred, Args, {K, "", 0, {}});
}

/// Inserts into Out the first instruction of every block some depth-first
/// walk from the entry reaches again while inside it.
void Encoder::backEdgeTargets(const Function &H, std::set<uint32_t> &Out) {
  size_t NB = H.BlockStart.size();
  std::vector<uint8_t> State(NB, 0); // 0 new, 1 on the stack, 2 done
  std::vector<std::pair<size_t, std::vector<uint32_t>>> Stack;
  auto Succ = [&](size_t B) {
    std::vector<uint32_t> R;
    uint32_t End = B + 1 < NB ? H.BlockStart[B + 1] : H.Insts.size();
    if (End == H.BlockStart[B])
      return R;
    const Inst &T = H.Insts[End - 1];
    auto E = [&](uint32_t X) { R.push_back(H.blockOf(H.Edges[X].Target)); };
    if (T.Opc == Op::Br)
      E(T.Aux);
    else if (T.Opc == Op::CondBr)
      E(T.Aux), E(uint32_t(T.Imm));
    else if (T.Opc == Op::Switch) {
      E(H.Switches[T.Aux].DefaultEdge);
      for (auto &C : H.Switches[T.Aux].Cases)
        E(C.second);
    }
    return R;
  };
  if (!NB)
    return;
  State[0] = 1;
  Stack.push_back({0, Succ(0)});
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    if (Next.empty()) {
      State[B] = 2;
      Stack.pop_back();
      continue;
    }
    uint32_t S = Next.back();
    Next.pop_back();
    if (State[S] == 1)
      Out.insert(H.BlockStart[S]);
    else if (State[S] == 0) {
      State[S] = 1;
      Stack.push_back({S, Succ(S)});
    }
  }
}

bool Encoder::run(std::string &Error) {
  if (P.Main < 0) {
    Error = "chc: the program has no main";
    return false;
  }
  Fn = P.Main;
  if (!scan() || !inferWidths()) {
    Error = Err;
    return false;
  }
  for (uint32_t G = 0; G < Fns.size(); ++G) {
    FnInfo &FI = Fns[G];
    if (!FI.Reached)
      continue;
    const Function &H = P.Functions[G];
    for (Operand O = 0; O < H.NumParams; ++O)
      if (FI.RegW[O])
        FI.Params.push_back(O);
    // Points: the entry, the heads of back edges of a depth-first walk
    // (every cycle has one); every block or instruction if so chosen.
    FI.Points.insert(0);
    if (Opts.Points == ChcEncodeOptions::Instructions)
      for (uint32_t Pc = 0; Pc < H.Insts.size(); ++Pc)
        FI.Points.insert(Pc);
    else if (Opts.Points == ChcEncodeOptions::Blocks)
      for (uint32_t B : H.BlockStart)
        FI.Points.insert(B);
    else
      backEdgeTargets(H, FI.Points);
    for (uint32_t Pc = 0; Pc < H.Insts.size(); ++Pc)
      if (H.Insts[Pc].Opc == Op::Call && H.Calls[H.Insts[Pc].Aux].Callee >= 0)
        FI.Points.insert(Pc), FI.Points.insert(Pc + 1);
    liveness(G);
  }
  // main's entry: the globals' initial values, main's parameters any value
  // of their type.
  Fn = P.Main;
  StartPc = 0;
  unsigned Entry = point(Fn, 0);
  Alt A;
  std::vector<LinExpr> Args;
  for (Operand O : Fns[Fn].Pt.at(0).Regs)
    Args.push_back(freshIn(A, Fns[Fn].RegW[O]));
  std::vector<LinExpr> Init(Out.Globals.size());
  for (auto [Gi, K] : GlobalIdx) {
    const Global &Gl = P.Globals[Gi];
    uint64_t V = 0;
    for (size_t B = 0; B < Gl.Size && B < Gl.Init.size() && B < 8; ++B)
      V |= uint64_t(Gl.Init[B]) << (8 * B);
    Init[K] = cst(sext(V, GlobalW[K]));
  }
  Args.insert(Args.end(), Init.begin(), Init.end());
  A.Glob = Init;
  emit(A, Entry, Args, {ChcClauseInfo::Init, "", 0, {}});
  while (!Work.empty() && Err.empty()) {
    auto [G, Pc] = Work.back();
    Work.pop_back();
    Fn = G;
    StartPc = Pc;
    ClausesOfPoint = 0;
    const Inst &I = F().Insts[Pc];
    if (I.Opc == Op::Call && F().Calls[I.Aux].Callee >= 0)
      callPoint(Pc);
    else
      exec(enter(G, Pc), Pc);
  }
  if (!Err.empty()) {
    Error = Err;
    return false;
  }
  return true;
}

bool vcdpor::encodeProgram(const Program &P, ChcProgram &Out,
                           std::string &Error, const ChcEncodeOptions &O) {
  Out = ChcProgram();
  linOverflow() = false;
  Encoder E(P, Out, O);
  bool Ok = false;
  try {
    Ok = E.run(Error);
  } catch (const std::exception &X) {
    // A register the walk expected on the path (a liveness gap): no
    // clauses rather than wrong ones.
    Error = std::string("chc: internal error while encoding: ") + X.what();
    return false;
  }
  if (!Ok) {
    if (!E.TooManyPaths || O.Points == ChcEncodeOptions::Instructions)
      return false;
    // A predicate per block instead: fewer paths between points.
    ChcEncodeOptions B = O;
    B.Points = O.Points == ChcEncodeOptions::Loops
                   ? ChcEncodeOptions::Blocks
                   : ChcEncodeOptions::Instructions;
    return encodeProgram(P, Out, Error, B);
  }
  if (linOverflow()) {
    Error = "chc: unsupported: arithmetic whose constants leave 64 bits";
    return false;
  }
  Out.S.Source = toChcComp(Out);
  return true;
}
