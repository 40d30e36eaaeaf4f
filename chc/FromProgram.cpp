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

using namespace vcdpor;

using namespace vcdpor::chcenc;

std::vector<Operand> Encoder::uses(const Function &G, const Inst &I) const {
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
  } else {
    Reg(I.A);
    Reg(I.B);
    Reg(I.C);
  }
  return U;
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
      Fns[G].RegW.assign(P.Functions[G].NumRegs, 0);
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
          break;
        case Op::Store:
          Set(G, I.B, I.W);
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
    for (Operand O : uses(H, X))
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
  else
    Name += "after" + std::to_string(Pc - 1);
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
  if (++ClausesOfPoint > 4096) {
    refuse("too many paths between two program points (more than 4096 "
           "clauses)",
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

LinExpr Encoder::value(const Alt &A, Operand O, unsigned W) {
  if (O & ConstBit)
    return cst(sext(F().Consts[O & ~ConstBit], W));
  auto It = A.Regs.find(O);
  if (It == A.Regs.end()) {
    refuse("internal: register " + std::to_string(O) + " read but not live", 0);
    return cst(0);
  }
  return It->second.E;
}

void Encoder::fork(const Alt &A, const Dnf &D,
                   const std::function<void(Alt &)> &K) {
  for (const auto &Conj : D) {
    if (!Err.empty())
      return;
    Alt B = A;
    B.Cons.insert(B.Cons.end(), Conj.begin(), Conj.end());
    K(B);
  }
}

/// Makes O a number on every path (a comparison splits the path in two);
/// true when it split and K has run on each part.
bool Encoder::lin(Alt &A, Operand O, unsigned W,
                  const std::function<void(Alt &)> &K) {
  (void)W;
  if (O & ConstBit)
    return false;
  auto It = A.Regs.find(O);
  if (It == A.Regs.end() || !It->second.IsCond)
    return false;
  Val V = It->second;
  for (bool T : {true, false})
    fork(A, compare(V.P, V.A, V.B, V.CW, T == V.Truth), [&](Alt &B) {
      B.Regs[O] = Val{cst(T ? 1 : 0)};
      K(B);
    });
  return true;
}

bool Encoder::linAll(Alt &A,
                     const std::vector<std::pair<Operand, unsigned>> &Os,
                     const std::function<void(Alt &)> &K) {
  for (auto [O, W] : Os)
    if (lin(A, O, W, [&](Alt &B) {
          if (!linAll(B, Os, K))
            K(B);
        }))
      return true;
  return false;
}

/// O (width 1) holds (T) or not, as a disjunction.
Dnf Encoder::truth(const Alt &A, Operand O, bool T) {
  if (!(O & ConstBit)) {
    auto It = A.Regs.find(O);
    if (It != A.Regs.end() && It->second.IsCond) {
      const Val &V = It->second;
      return compare(V.P, V.A, V.B, V.CW, T == V.Truth);
    }
  }
  // A number: non-zero or zero (a 1-bit value is 0 or 1).
  return compare(IPred::Ne, value(A, O, 64), cst(0), 64, T);
}

void Encoder::inRange(Alt &A, const LinExpr &R0, unsigned W, const char *What,
                      uint32_t Loc,
                      const std::function<void(Alt &, LinExpr)> &K) {
  auto [Lo, Hi] = range(W);
  if (W <= 1 || (isConst(R0) && R0.Const >= Lo && R0.Const <= Hi))
    return K(A, R0);
  LinExpr R = R0;
  if (W >= 64) {
    // A variable of its own, so that no constant goes past +-2^63.
    unsigned T = A.fresh();
    A.Cons.push_back(eqs(var(T), R0));
    R = var(T);
  }
  // R > Hi, R < Lo. At 64 bits, Hi + 1 and Lo - 1 are +-2^63.
  LinCons Above = W >= 64 ? ge0(plus(R, INT64_MIN)) : ge0(plus(R, -(Hi + 1)));
  LinCons Below = W >= 64 ? ge0(plus(scale(R, -1), INT64_MIN))
                          : ge0(plus(scale(R, -1), Lo - 1));
  LinCons InLo = ge0(plus(R, -Lo)), InHi = ge0(plus(scale(R, -1), Hi));
  if (Opts.Wrap && W < 63) {
    // The bits of R read as a signed value: R - 2^W k within the range.
    for (const LinCons &Out : {Above, Below}) {
      Alt B = A;
      unsigned Kv = B.fresh(), Rv = B.fresh();
      B.Cons.push_back(Out);
      B.Cons.push_back(
          eqs(var(Rv), add(R, scale(var(Kv), -(int64_t(1) << W)))));
      B.Cons.push_back(ge0(plus(var(Rv), -Lo)));
      B.Cons.push_back(ge0(plus(scale(var(Rv), -1), Hi)));
      K(B, var(Rv));
      if (!Err.empty())
        return;
    }
    A.Cons.push_back(InLo), A.Cons.push_back(InHi);
    return K(A, R);
  }
  std::string Ty = "i" + std::to_string(W);
  emit(A, Clause::False, {},
       {ChcClauseInfo::Overflow,
        std::string(What) + " above the " + Ty + " range",
        Loc,
        {}},
       {Above});
  emit(A, Clause::False, {},
       {ChcClauseInfo::Overflow,
        std::string(What) + " below the " + Ty + " range",
        Loc,
        {}},
       {Below});
  A.Cons.push_back(InLo), A.Cons.push_back(InHi);
  K(A, R);
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
    for (uint32_t B : H.BlockStart)
      FI.Points.insert(B);
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
  if (!E.run(Error))
    return false;
  if (linOverflow()) {
    Error = "chc: unsupported: arithmetic whose constants leave 64 bits";
    return false;
  }
  Out.S.Source = toChcComp(Out);
  return true;
}

std::string vcdpor::toChcComp(const ChcProgram &C) {
  static const char *Kinds[] = {"init",   "step",  "call entry", "call",
                                "return", "error", "overflow"};
  std::string T = "; constrained Horn clauses of a one-thread program "
                  "(vcdpor --emit-chc)\n(set-logic HORN)\n";
  auto Q = [](const std::string &N) { return "|" + N + "|"; };
  for (const Predicate &Pr : C.S.Preds) {
    T += "(declare-fun " + Q(Pr.Name) + " (";
    for (unsigned I = 0; I < Pr.Arity; ++I)
      T += I ? " Int" : "Int";
    T += ") Bool)\n";
  }
  auto AtomText = [&](unsigned Pred, const std::vector<unsigned> &Args) {
    if (Args.empty())
      return Q(C.S.Preds[Pred].Name);
    std::string S = "(" + Q(C.S.Preds[Pred].Name);
    for (unsigned V : Args)
      S += " x" + std::to_string(V);
    return S + ")";
  };
  for (size_t K = 0; K < C.S.Clauses.size(); ++K) {
    const Clause &Cl = C.S.Clauses[K];
    const ChcClauseInfo &In = C.Info[K];
    T += "; " + std::to_string(K) + ": " + Kinds[In.K];
    if (!In.What.empty())
      T += ": " + In.What;
    T += "\n(assert ";
    if (Cl.NumVars) {
      T += "(forall (";
      for (unsigned V = 0; V < Cl.NumVars; ++V)
        T += std::string(V ? " " : "") + "(x" + std::to_string(V) + " Int)";
      T += ") ";
    }
    std::vector<std::string> Conj;
    for (const Atom &At : Cl.Body)
      Conj.push_back(AtomText(At.Pred, At.Args));
    for (const LinCons &L : Cl.Cons)
      Conj.push_back(toString(L));
    std::string Body = Conj.empty()       ? "true"
                       : Conj.size() == 1 ? Conj[0]
                                          : "(and";
    if (Conj.size() > 1) {
      for (const std::string &S : Conj)
        Body += " " + S;
      Body += ")";
    }
    std::vector<unsigned> HeadArgs;
    if (!Cl.isQuery())
      for (unsigned I = 0; I < C.S.Preds[Cl.Head].Arity; ++I)
        HeadArgs.push_back(I);
    T += "(=> " + Body + " " +
         (Cl.isQuery() ? std::string("false") : AtomText(Cl.Head, HeadArgs)) +
         ")";
    T += Cl.NumVars ? "))\n" : ")\n";
  }
  T += "(check-sat)\n(exit)\n";
  return T;
}

bool vcdpor::nondetSequence(const ChcProgram &C,
                            const std::vector<ChcDerivationNode> &Cex,
                            const std::vector<std::vector<int64_t>> &Values,
                            std::vector<int64_t> &Seq, std::string &Why) {
  // Full: the draws from the program's start to the node's head; Local:
  // those since the entry of the head's function.
  std::vector<std::vector<int64_t>> Full(Cex.size()), Local(Cex.size());
  std::vector<bool> Done(Cex.size(), false);
  std::function<bool(unsigned)> Visit = [&](unsigned N) -> bool {
    if (Done[N])
      return true;
    const ChcDerivationNode &D = Cex[N];
    for (unsigned Ch : D.Children)
      if (Ch >= Cex.size() || !Visit(Ch))
        return false;
    if (D.Clause >= C.Info.size() || N >= Values.size()) {
      Why = "a derivation node without its clause or values";
      return false;
    }
    const ChcClauseInfo &In = C.Info[D.Clause];
    std::vector<int64_t> Nd;
    for (unsigned V : In.Nondets) {
      if (V >= Values[N].size()) {
        Why = "a nondet value missing from the derivation's model";
        return false;
      }
      Nd.push_back(Values[N][V]);
    }
    auto Cat = [](std::vector<int64_t> A, const std::vector<int64_t> &B) {
      A.insert(A.end(), B.begin(), B.end());
      return A;
    };
    size_t NC = D.Children.size();
    std::vector<int64_t> Empty;
    const std::vector<int64_t> &F0 = NC ? Full[D.Children[0]] : Empty;
    const std::vector<int64_t> &L0 = NC ? Local[D.Children[0]] : Empty;
    switch (In.K) {
    case ChcClauseInfo::Entry:
      Full[N] = Cat(F0, Nd);
      Local[N].clear();
      break;
    case ChcClauseInfo::Call:
      if (NC != 2) {
        Why = "a call clause without two body atoms";
        return false;
      }
      Full[N] = Cat(Cat(F0, Local[D.Children[1]]), Nd);
      Local[N] = Cat(Cat(L0, Local[D.Children[1]]), Nd);
      break;
    default:
      Full[N] = Cat(F0, Nd);
      Local[N] = Cat(L0, Nd);
      break;
    }
    Done[N] = true;
    return true;
  };
  if (Cex.empty() || !Visit(0))
    return Why.empty() ? (Why = "an empty derivation", false) : false;
  Seq = Full[0];
  return true;
}
