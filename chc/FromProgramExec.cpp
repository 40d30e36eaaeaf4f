//===- chc/FromProgramExec.cpp - Instructions as linear constraints -------===//
//
// The walk of one path from a program point: each instruction's result as
// a linear expression over the clause's variables (exact, or a fresh value
// in the type's range where the operation is not linear), case splits
// copying the path, and the clauses at the next points, errors and
// overflows.
//
//===----------------------------------------------------------------------===//
#include "chc/FromProgramImpl.h"

using namespace vcdpor;
using namespace vcdpor::chcenc;

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
                      const std::function<void(Alt &, LinExpr)> &K, bool Wrap,
                      int Dir) {
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
  if (Wrap && W < 63) {
    // The bits of R read as a signed value: R - 2^W k within the range.
    for (int Side : {1, -1}) {
      if (Side * Dir < 0)
        continue;
      const LinCons &Out = Side > 0 ? Above : Below;
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
  if (Dir >= 0)
    emit(A, Clause::False, {},
         {ChcClauseInfo::Overflow,
          std::string(What) + " above the " + Ty + " range",
          Loc,
          {}},
         {Above});
  if (Dir <= 0)
    emit(A, Clause::False, {},
         {ChcClauseInfo::Overflow,
          std::string(What) + " below the " + Ty + " range",
          Loc,
          {}},
         {Below});
  A.Cons.push_back(InLo), A.Cons.push_back(InHi);
  K(A, R);
}

void Encoder::exec(Alt A, uint32_t Pc) {
  const Function &H = F();
  for (;;) {
    if (!Err.empty())
      return;
    if (Pc != StartPc && Fns[Fn].Points.count(Pc))
      return toPoint(A, Pc);
    const Inst &I = H.Insts[Pc];
    auto W = [&](Operand O) -> unsigned {
      return O == NoOperand || (O & ConstBit) ? 64 : Fns[Fn].RegW[O];
    };
    auto Next = [&](Alt &B) { exec(B, Pc + 1); };
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
      if (linAll(A, {{I.A, I.W}, {I.B, I.W}}, [&](Alt &B) { exec(B, Pc); }))
        return;
      return binary(std::move(A), Pc, I);
    case Op::ICmp: {
      IPred Pr = IPred(I.Sub);
      // A comparison of a comparison's value with 0 or 1 is a comparison.
      auto It = A.Regs.find(I.A);
      if (I.W == 1 && !(I.A & ConstBit) && It != A.Regs.end() &&
          It->second.IsCond && (I.B & ConstBit) &&
          (Pr == IPred::Eq || Pr == IPred::Ne)) {
        Val V = It->second;
        bool One = sext(H.Consts[I.B & ~ConstBit], 1) == 1;
        if ((Pr == IPred::Eq) != One)
          V.Truth = !V.Truth;
        A.Regs[I.Dst] = V;
        ++Pc;
        continue;
      }
      if (linAll(A, {{I.A, I.W}, {I.B, I.W}}, [&](Alt &B) { exec(B, Pc); }))
        return;
      Val V;
      V.IsCond = true;
      V.P = Pr;
      V.A = value(A, I.A, I.W);
      V.B = value(A, I.B, I.W);
      V.CW = I.W;
      A.Regs[I.Dst] = V;
      ++Pc;
      continue;
    }
    case Op::Copy:
      if (cellOf(Fn, I.A) != NoOperand || !Fns[Fn].RegW[I.Dst]) {
        ++Pc; // a local's address, for lifetime markers; or not a number
        continue;
      }
      if (I.A & ConstBit)
        A.Regs[I.Dst] = Val{value(A, I.A, W(I.Dst))};
      else
        A.Regs[I.Dst] = A.Regs.at(I.A);
      ++Pc;
      continue;
    case Op::ZExt:
    case Op::SExt:
    case Op::Trunc: {
      auto It = A.Regs.find(I.A);
      bool Cond = !(I.A & ConstBit) && It != A.Regs.end() && It->second.IsCond;
      if (Cond && I.Opc == Op::ZExt) { // still 0 or 1
        A.Regs[I.Dst] = It->second;
        ++Pc;
        continue;
      }
      if (linAll(A, {{I.A, I.W2}}, [&](Alt &B) { exec(B, Pc); }))
        return;
      LinExpr X = value(A, I.A, I.W2);
      if (I.Opc == Op::SExt) {
        A.Regs[I.Dst] = Val{I.W2 == 1 ? scale(X, -1) : X};
      } else if (I.Opc == Op::ZExt) {
        if (I.W2 <= 1) {
          A.Regs[I.Dst] = Val{X};
        } else if (I.W2 > 32) {
          refuse("zero extension of a " + std::to_string(I.W2) + "-bit value",
                 I.Loc);
          return;
        } else {
          // Non-negative: the same; negative: plus 2^W2.
          int64_t M = int64_t(1) << I.W2;
          for (bool Neg : {false, true})
            fork(A, {{Neg ? ge0(plus(scale(X, -1), -1)) : ge0(X)}},
                 [&](Alt &B) {
                   B.Regs[I.Dst] = Val{Neg ? plus(X, M) : X};
                   Next(B);
                 });
          return;
        }
      } else { // Trunc: X = R + 2^W Q with R in range
        if (I.W >= I.W2) {
          A.Regs[I.Dst] = Val{X};
        } else {
          unsigned Q = A.fresh();
          LinExpr R = freshIn(A, I.W);
          A.Cons.push_back(eqs(X, add(R, scale(var(Q), int64_t(1) << I.W))));
          A.Regs[I.Dst] = Val{R};
        }
      }
      ++Pc;
      continue;
    }
    case Op::Select: {
      Dnf T = truth(A, I.A, true), E = truth(A, I.A, false);
      auto Pick = [&](Operand O) {
        return [&, O](Alt &B) {
          B.Regs[I.Dst] =
              (O & ConstBit) ? Val{value(B, O, W(I.Dst))} : B.Regs.at(O);
          Next(B);
        };
      };
      fork(A, T, Pick(I.B));
      fork(A, E, Pick(I.C));
      return;
    }
    case Op::Alloca: { // an unescaped scalar local: any initial value
      Operand C = cellOf(Fn, I.Dst);
      if (Fns[Fn].RegW[C])
        A.Regs[C] = Val{freshIn(A, Fns[Fn].RegW[C])};
      ++Pc;
      continue;
    }
    case Op::Load:
      if (cellOf(Fn, I.A) != NoOperand) {
        auto It = A.Regs.find(cellOf(Fn, I.A));
        A.Regs[I.Dst] = It != A.Regs.end() ? It->second : Val{freshIn(A, I.W)};
        ++Pc;
        continue;
      }
      A.Regs[I.Dst] = Val{A.Glob[GlobalIdx.at(
          ptrObj(H.Consts[I.A & ~ConstBit]) - FirstGlobalId)]};
      ++Pc;
      continue;
    case Op::Store: {
      if (linAll(A, {{I.B, I.W}}, [&](Alt &B) { exec(B, Pc); }))
        return;
      if (cellOf(Fn, I.A) != NoOperand) {
        A.Regs[cellOf(Fn, I.A)] = Val{value(A, I.B, I.W)};
        ++Pc;
        continue;
      }
      A.Glob[GlobalIdx.at(ptrObj(H.Consts[I.A & ~ConstBit]) - FirstGlobalId)] =
          value(A, I.B, I.W);
      ++Pc;
      continue;
    }
    case Op::LifetimeStart:
    case Op::LifetimeEnd:
      ++Pc;
      continue;
    case Op::Br:
    case Op::CondBr:
    case Op::Switch: {
      // The edge: parallel phi copies, then the target's point.
      auto Take = [&](uint32_t E) {
        return [&, E](Alt &B) {
          const Edge &Ed = H.Edges[E];
          std::vector<std::pair<Operand, Val>> Moves;
          for (uint32_t M = Ed.MovesBegin; M < Ed.MovesEnd; ++M) {
            const Move &Mv = H.Moves[M];
            if (!Fns[Fn].RegW[Mv.Dst])
              continue;
            Moves.push_back({Mv.Dst, (Mv.Src & ConstBit)
                                         ? Val{value(B, Mv.Src, W(Mv.Dst))}
                                         : B.Regs.at(Mv.Src)});
          }
          for (auto &[D, V] : Moves)
            B.Regs[D] = V;
          if (Fns[Fn].Points.count(Ed.Target))
            toPoint(B, Ed.Target);
          else
            exec(B, Ed.Target);
        };
      };
      if (I.Opc == Op::Br)
        return Take(I.Aux)(A);
      if (I.Opc == Op::CondBr) {
        fork(A, truth(A, I.A, true), Take(I.Aux));
        fork(A, truth(A, I.A, false), Take(uint32_t(I.Imm)));
        return;
      }
      const SwitchInfo &SI = H.Switches[I.Aux];
      if (linAll(A, {{I.A, SI.Width}}, [&](Alt &B) { exec(B, Pc); }))
        return;
      LinExpr X = value(A, I.A, SI.Width);
      std::vector<int64_t> Vs;
      for (auto &[V, E] : SI.Cases) {
        int64_t C = sext(V, SI.Width);
        Vs.push_back(C);
        fork(A, {{eqs(X, cst(C))}}, Take(E));
      }
      // The default: strictly between consecutive case values.
      std::sort(Vs.begin(), Vs.end());
      Dnf D;
      for (size_t K = 0; K <= Vs.size(); ++K) {
        std::vector<LinCons> C;
        if (K > 0)
          C.push_back(ge0(plus(X, -Vs[K - 1] - 1)));
        if (K < Vs.size())
          C.push_back(ge0(plus(scale(X, -1), Vs[K] - 1)));
        D.push_back(C);
      }
      fork(A, D, Take(SI.DefaultEdge));
      return;
    }
    case Op::Ret: {
      if (isMain(Fn))
        return; // the program ends
      std::vector<std::pair<Operand, unsigned>> Os;
      for (Operand O : Fns[Fn].Params)
        Os.push_back({O, W(O)});
      Operand R = I.Aux != NoOperand && !H.Rets[I.Aux].empty()
                      ? H.Rets[I.Aux][0]
                      : NoOperand;
      if (R != NoOperand && Fns[Fn].RetW)
        Os.push_back({R, Fns[Fn].RetW});
      if (linAll(A, Os, [&](Alt &B) { exec(B, Pc); }))
        return;
      std::vector<LinExpr> Args;
      for (Operand O : Fns[Fn].Params)
        Args.push_back(value(A, O, W(O)));
      Args.insert(Args.end(), A.GlobIn.begin(), A.GlobIn.end());
      if (Fns[Fn].RetW)
        Args.push_back(R == NoOperand ? freshIn(A, Fns[Fn].RetW)
                                      : value(A, R, Fns[Fn].RetW));
      Args.insert(Args.end(), A.Glob.begin(), A.Glob.end());
      emit(A, summary(Fn), Args, {ChcClauseInfo::Return, "", I.Loc, {}});
      return;
    }
    case Op::Unreachable:
      return error(A, "reached 'unreachable' (undefined behaviour)", I.Loc);
    case Op::Trap:
      return error(A, "llvm.trap executed", I.Loc);
    case Op::Call: {
      const CallInfo &CI = H.Calls[I.Aux];
      return builtin(std::move(A), Pc, I, CI);
    }
    default:
      refuse("an instruction the encoding does not model", I.Loc);
      return;
    }
  }
}

void Encoder::binary(Alt A, uint32_t Pc, const Inst &I) {
  const unsigned W = I.W;
  LinExpr X = value(A, I.A, W), Y = value(A, I.B, W);
  auto Set = [&](Alt &B, LinExpr R) {
    B.Regs[I.Dst] = Val{std::move(R)};
    exec(B, Pc + 1);
  };
  auto Fresh = [&]() {
    LinExpr R = freshIn(A, W);
    Set(A, R);
  };
  auto [Lo, Hi] = range(W);
  bool YC = isConst(Y), XC = isConst(X);
  if (W == 1) {
    // 0/1 values: exact where linear, else a fresh 0/1 value.
    if (XC && YC) {
      int64_t V = 0, P = X.Const, Q = Y.Const;
      switch (I.Opc) {
      case Op::And:
        V = P & Q;
        break;
      case Op::Or:
        V = P | Q;
        break;
      case Op::Xor:
      case Op::Add:
      case Op::Sub:
        V = P ^ Q;
        break;
      default:
        return Fresh();
      }
      return Set(A, cst(V));
    }
    if (I.Opc == Op::Xor && (XC || YC)) {
      LinExpr V = XC ? Y : X;
      return Set(A, (XC ? X.Const : Y.Const) ? plus(scale(V, -1), 1) : V);
    }
    if (I.Opc == Op::And || I.Opc == Op::Or) {
      LinExpr R = freshIn(A, 1);
      if (I.Opc == Op::And) {
        A.Cons.push_back(le(R, X)), A.Cons.push_back(le(R, Y));
        A.Cons.push_back(le(plus(add(X, Y), -1), R));
      } else {
        A.Cons.push_back(le(X, R)), A.Cons.push_back(le(Y, R));
        A.Cons.push_back(le(R, add(X, Y)));
      }
      return Set(A, R);
    }
    return Fresh();
  }
  // Without LLVM's nsw flag the operation wraps in C too (unsigned
  // arithmetic, or the optimiser's own range checks): modelled exactly.
  // With it, wrapping is signed overflow: an overflow query, unless
  // --chc-wrap.
  const bool MayWrap = Opts.Wrap || !(I.Sub & 1);
  switch (I.Opc) {
  case Op::Add:
  case Op::Sub: {
    LinExpr R = add(X, Y, I.Opc == Op::Add ? 1 : -1);
    // A register plus a positive constant cannot fall below the range.
    int Dir = 0;
    if (YC && Y.Const != 0)
      Dir = (Y.Const > 0) == (I.Opc == Op::Add) ? 1 : -1;
    else if (XC && X.Const != 0 && I.Opc == Op::Add)
      Dir = X.Const > 0 ? 1 : -1;
    return inRange(A, R, W, I.Opc == Op::Add ? "a sum" : "a difference", I.Loc,
                   Set, MayWrap, Dir);
  }
  case Op::Mul:
  case Op::Shl: {
    if (I.Opc == Op::Shl) {
      if (!YC || Y.Const < 0 || Y.Const >= std::min(W, 62u))
        return Fresh();
      Y = cst(int64_t(1) << Y.Const);
      YC = true;
    }
    if (!XC && !YC)
      return Fresh(); // a product of two variables: not linear
    LinExpr R = XC ? scale(Y, X.Const) : scale(X, Y.Const);
    return inRange(A, R, W, I.Opc == Op::Mul ? "a product" : "a left shift",
                   I.Loc, Set, MayWrap);
  }
  case Op::SDiv:
  case Op::SRem:
  case Op::UDiv:
  case Op::URem: {
    bool Signed = I.Opc == Op::SDiv || I.Opc == Op::SRem;
    bool Div = I.Opc == Op::SDiv || I.Opc == Op::UDiv;
    if (!YC || Y.Const == 0) {
      error(A, "division by zero", I.Loc, {eq0(Y)});
      if (YC)
        return;
      if (Signed && W > 1)
        error(A, "signed division overflow", I.Loc,
              {eqs(X, cst(Lo)), eqs(Y, cst(-1))});
      // Not linear: a fresh value in range, the divisor not zero.
      fork(A, compare(IPred::Ne, Y, cst(0), W, true), [&](Alt &B) {
        LinExpr R = freshIn(B, W);
        Set(B, R);
      });
      return;
    }
    int64_t C = Y.Const;
    if (Signed && C == -1) {
      error(A, "signed division overflow", I.Loc, {eqs(X, cst(Lo))});
      A.Cons.push_back(ge0(plus(X, -Lo - 1)));
      return Set(A, Div ? scale(X, -1) : cst(0));
    }
    if (!Signed && (C < 2 || W > 32)) {
      if (C == 1)
        return Set(A, Div ? X : cst(0));
      return Fresh(); // a divisor of 2^(W-1) or more, or 64-bit unsigned
    }
    int64_t M = C < 0 ? -C : C;
    // X (or its unsigned reading U) = C Q + R, R towards zero's side.
    for (bool Neg : {false, true}) {
      fork(A, {{Neg ? ge0(plus(scale(X, -1), -1)) : ge0(X)}}, [&](Alt &B) {
        LinExpr U = !Signed && Neg ? plus(X, int64_t(1) << W) : X;
        unsigned Q = B.fresh(), R = B.fresh();
        B.Cons.push_back(eqs(U, add(scale(var(Q), C), var(R))));
        if (Signed && Neg) {
          B.Cons.push_back(le(cst(-(M - 1)), var(R)));
          B.Cons.push_back(le(var(R), cst(0)));
        } else {
          B.Cons.push_back(le(cst(0), var(R)));
          B.Cons.push_back(le(var(R), cst(M - 1)));
        }
        Set(B, Div ? var(Q) : var(R));
      });
    }
    return;
  }
  case Op::AShr:
  case Op::LShr: {
    if (!YC || Y.Const < 0 || Y.Const >= W || Y.Const > 62 ||
        (I.Opc == Op::LShr && W > 32))
      return Fresh();
    if (Y.Const == 0)
      return Set(A, X);
    int64_t M = int64_t(1) << Y.Const;
    for (bool Neg : {false, true}) {
      if (I.Opc == Op::AShr && Neg)
        break;
      Dnf D = I.Opc == Op::AShr
                  ? Dnf{{}}
                  : Dnf{{Neg ? ge0(plus(scale(X, -1), -1)) : ge0(X)}};
      fork(A, D, [&](Alt &B) {
        LinExpr U = Neg ? plus(X, int64_t(1) << W) : X;
        unsigned Q = B.fresh(), R = B.fresh();
        B.Cons.push_back(eqs(U, add(scale(var(Q), M), var(R))));
        B.Cons.push_back(le(cst(0), var(R)));
        B.Cons.push_back(le(var(R), cst(M - 1)));
        Set(B, var(Q));
      });
    }
    return;
  }
  case Op::And: {
    // A mask 2^k - 1: the remainder modulo 2^k.
    if (XC && !YC)
      std::swap(X, Y), std::swap(XC, YC);
    if (YC && Y.Const == -1)
      return Set(A, X);
    if (YC && Y.Const > 0 && (Y.Const & (Y.Const + 1)) == 0) {
      unsigned Q = A.fresh(), R = A.fresh();
      A.Cons.push_back(eqs(X, add(scale(var(Q), Y.Const + 1), var(R))));
      A.Cons.push_back(le(cst(0), var(R)));
      A.Cons.push_back(le(var(R), Y));
      return Set(A, var(R));
    }
    LinExpr R = freshIn(A, W);
    if (YC && Y.Const >= 0) // its bits are among the mask's
      A.Cons.push_back(le(cst(0), R)), A.Cons.push_back(le(R, Y));
    return Set(A, R);
  }
  case Op::Xor:
    if (XC && !YC)
      std::swap(X, Y), std::swap(XC, YC);
    if (YC && Y.Const == -1) // ~X = -X - 1
      return Set(A, plus(scale(X, -1), -1));
    if (YC && Y.Const == 0)
      return Set(A, X);
    return Fresh();
  case Op::Or:
    if (XC && !YC)
      std::swap(X, Y), std::swap(XC, YC);
    if (YC && Y.Const == 0)
      return Set(A, X);
    return Fresh();
  case Op::Abs:
    for (bool Neg : {false, true})
      fork(A, {{Neg ? ge0(plus(scale(X, -1), -1)) : ge0(X)}}, [&](Alt &B) {
        LinExpr R = Neg ? scale(X, -1) : X;
        inRange(B, R, W, "an absolute value", I.Loc, Set, Opts.Wrap);
      });
    return;
  case Op::SMin:
  case Op::SMax:
  case Op::UMin:
  case Op::UMax: {
    IPred Lt = I.Opc == Op::SMin || I.Opc == Op::SMax ? IPred::Slt : IPred::Ult;
    bool Min = I.Opc == Op::SMin || I.Opc == Op::UMin;
    for (bool T : {true, false})
      fork(A, compare(Lt, X, Y, W, T),
           [&](Alt &B) { Set(B, T == Min ? X : Y); });
    return;
  }
  default:
    return Fresh();
  }
}

void Encoder::builtin(Alt A, uint32_t Pc, const Inst &I, const CallInfo &CI) {
  auto Next = [&](Alt &B) { exec(B, Pc + 1); };
  switch (CI.Ext) {
  case Builtin::NondetInt:
  case Builtin::NondetBool: {
    unsigned W = CI.Ext == Builtin::NondetBool ? 1 : CI.RetWidth;
    if (W == 0)
      W = 64;
    unsigned V = A.fresh();
    A.Nondets.push_back(V);
    auto [Lo, Hi] = range(W);
    // At 64 bits no lower bound (-2^63 does not fit one): more values than
    // the type has, which is sound.
    if (W < 64)
      A.Cons.push_back(ge0(plus(var(V), -Lo)));
    A.Cons.push_back(ge0(plus(scale(var(V), -1), Hi)));
    if (CI.DstCount == 1)
      A.Regs[CI.Dst] = Val{var(V)};
    return Next(A);
  }
  case Builtin::Assume:
    if (CI.Args.empty())
      return Next(A);
    return fork(A, truth(A, CI.Args[0], true), Next);
  case Builtin::Assert:
    if (CI.Args.empty())
      return Next(A);
    fork(A, truth(A, CI.Args[0], false),
         [&](Alt &B) { error(B, "assertion failed", I.Loc); });
    return fork(A, truth(A, CI.Args[0], true), Next);
  case Builtin::ReachError:
    return error(A, "error function called (reach_error)", I.Loc);
  case Builtin::AssertFail:
    return error(A, "assertion failed (__assert_fail)", I.Loc);
  case Builtin::Exit:
  case Builtin::Abort:
    return; // the program ends without an error
  case Builtin::PthreadCreate:
  case Builtin::PthreadJoin:
  case Builtin::PthreadExit:
  case Builtin::MutexLock:
  case Builtin::MutexUnlock:
  case Builtin::AtomicBegin:
  case Builtin::AtomicEnd:
    refuse(std::string("threads (") + builtinName(CI.Ext) +
               "; chc encodes one-thread programs)",
           I.Loc);
    return;
  case Builtin::Malloc:
  case Builtin::Calloc:
  case Builtin::Realloc:
  case Builtin::Free:
    refuse(std::string("the heap (") + builtinName(CI.Ext) + ")", I.Loc);
    return;
  default:
    refuse(std::string("a call of ") + builtinName(CI.Ext), I.Loc);
    return;
  }
}

/// The call of a defined function at Pc: a clause into its entry, and one
/// through its summary to the point after the call.
void Encoder::callPoint(uint32_t Pc) {
  const Function &H = F();
  const Inst &I = H.Insts[Pc];
  const CallInfo &CI = H.Calls[I.Aux];
  uint32_t G = CI.Callee;
  FnInfo &C = Fns[G];
  Alt A0 = enter(Fn, Pc);
  std::vector<std::pair<Operand, unsigned>> Os;
  for (Operand O : C.Params)
    if (O < CI.Args.size())
      Os.push_back({CI.Args[O], C.RegW[O]});
  std::function<void(Alt &)> K = [&](Alt &A) {
    std::vector<LinExpr> Args;
    for (Operand O : C.Params)
      Args.push_back(O < CI.Args.size() ? value(A, CI.Args[O], C.RegW[O])
                                        : freshIn(A, C.RegW[O]));
    unsigned Entry = point(G, 0);
    const PointInfo &EP = C.Pt.at(0);
    if (EP.Regs.size() != C.Params.size()) {
      refuse("internal: registers live at the entry of " + P.Functions[G].Name +
                 " that are not parameters",
             I.Loc);
      return;
    }
    std::vector<LinExpr> EArgs = Args;
    EArgs.insert(EArgs.end(), A.Glob.begin(), A.Glob.end()); // on entry
    EArgs.insert(EArgs.end(), A.Glob.begin(), A.Glob.end()); // current
    emit(A, Entry, EArgs, {ChcClauseInfo::Entry, "", I.Loc, {}});
    // Through the summary: its arguments fresh variables equal to the
    // call's values.
    Alt B = A;
    Atom S{summary(G), {}};
    auto Arg = [&](const LinExpr &E) {
      unsigned V = B.fresh();
      S.Args.push_back(V);
      B.Cons.push_back(eqs(var(V), E));
    };
    for (const LinExpr &E : Args)
      Arg(E);
    for (const LinExpr &E : A.Glob)
      Arg(E);
    if (C.RetW) {
      unsigned V = B.fresh();
      S.Args.push_back(V);
      if (CI.DstCount == 1 && Fns[Fn].RegW[CI.Dst])
        B.Regs[CI.Dst] = Val{var(V)};
    }
    for (LinExpr &E : B.Glob) {
      unsigned V = B.fresh();
      S.Args.push_back(V);
      E = var(V);
    }
    B.Body.push_back(std::move(S));
    toPoint(B, Pc + 1, ChcClauseInfo::Call);
  };
  if (linAll(A0, Os, K))
    return;
  K(A0);
}
