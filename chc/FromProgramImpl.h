//===- chc/FromProgramImpl.h - The encoder of chc/FromProgram ---*- C++ -*-===//
//
// Private to chc/FromProgram*.cpp: linear expressions and comparisons over
// a clause's variables, the paths of the walk (Alt) and the encoder.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_FROMPROGRAMIMPL_H
#define VCDPOR_CHC_FROMPROGRAMIMPL_H

#include "chc/FromProgram.h"

#include "interpreter/Program.h"

#include <functional>
#include <map>
#include <set>

namespace vcdpor::chcenc {

inline const char *builtinName(Builtin B) {
  switch (B) {
#define VCDPOR_BUILTIN(Id, Name)                                               \
  case Builtin::Id:                                                            \
    return Name;
#include "interpreter/Builtins.def"
  case Builtin::None:
    break;
  }
  return "?";
}

inline LinExpr cst(int64_t C) { return LinExpr{{}, C}; }
inline LinExpr var(unsigned V) { return LinExpr{{{V, 1}}, 0}; }
/// Set when a coefficient or constant left 64 bits: the encoder refuses
/// the program then (a wrapped coefficient would change the constraint).
inline bool &linOverflow() {
  static thread_local bool Flag = false;
  return Flag;
}
inline int64_t mulK(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_mul_overflow(A, B, &R))
    linOverflow() = true;
  return R;
}
inline int64_t addK(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_add_overflow(A, B, &R))
    linOverflow() = true;
  return R;
}
inline LinExpr scale(LinExpr E, int64_t K) {
  if (K == 0)
    return cst(0);
  for (auto &[V, C] : E.Coeffs)
    C = mulK(C, K);
  E.Const = mulK(E.Const, K);
  return E;
}
inline LinExpr add(LinExpr A, const LinExpr &B, int64_t K = 1) {
  for (auto [V, C] : B.Coeffs) {
    int64_t &X = A.Coeffs[V];
    X = addK(X, mulK(K, C));
    if (X == 0)
      A.Coeffs.erase(V);
  }
  A.Const = addK(A.Const, mulK(K, B.Const));
  return A;
}
inline LinExpr plus(LinExpr A, int64_t C) {
  A.Const = addK(A.Const, C);
  return A;
}
inline bool isConst(const LinExpr &E) { return E.Coeffs.empty(); }
inline LinCons ge0(LinExpr E) { return {std::move(E), false}; } // E >= 0
inline LinCons eq0(LinExpr E) { return {std::move(E), true}; }  // E = 0
inline LinCons le(const LinExpr &A, const LinExpr &B) {
  return ge0(add(B, A, -1));
}
inline LinCons eqs(const LinExpr &A, const LinExpr &B) {
  return eq0(add(A, B, -1));
}

/// The range of a width-W register: 1 bit is 0..1, wider ones signed. At 64
/// bits the range leaves out -2^63 (whose bound does not fit a coefficient):
/// a result there counts as an overflow.
inline std::pair<int64_t, int64_t> range(unsigned W) {
  if (W <= 1)
    return {0, 1};
  if (W >= 64)
    return {-INT64_MAX, INT64_MAX};
  return {-(int64_t(1) << (W - 1)), (int64_t(1) << (W - 1)) - 1};
}

inline int64_t sext(uint64_t V, unsigned W) {
  if (W <= 1)
    return int64_t(V & 1);
  if (W >= 64)
    return int64_t(V);
  uint64_t M = uint64_t(1) << (W - 1);
  V &= (M << 1) - 1;
  return int64_t(V ^ M) - int64_t(M);
}

inline IPred negate(IPred P) {
  switch (P) {
  case IPred::Eq:
    return IPred::Ne;
  case IPred::Ne:
    return IPred::Eq;
  case IPred::Ugt:
    return IPred::Ule;
  case IPred::Uge:
    return IPred::Ult;
  case IPred::Ult:
    return IPred::Uge;
  case IPred::Ule:
    return IPred::Ugt;
  case IPred::Sgt:
    return IPred::Sle;
  case IPred::Sge:
    return IPred::Slt;
  case IPred::Slt:
    return IPred::Sge;
  case IPred::Sle:
    return IPred::Sgt;
  }
  return P;
}

using Dnf = std::vector<std::vector<LinCons>>;

/// Drops constant constraints that hold, and disjuncts with one that fails.
inline Dnf simplify(const Dnf &D) {
  Dnf R;
  for (const auto &Conj : D) {
    std::vector<LinCons> Keep;
    bool False = false;
    for (const LinCons &C : Conj) {
      if (!isConst(C.E)) {
        Keep.push_back(C);
        continue;
      }
      if (C.Eq ? C.E.Const != 0 : C.E.Const < 0)
        False = true;
    }
    if (!False)
      R.push_back(std::move(Keep));
  }
  return R;
}

/// A P B over width-W values (1 bit: 0/1; wider: signed readings), as a
/// disjunction of conjunctions of linear constraints.
inline Dnf compare(IPred P, const LinExpr &A, const LinExpr &B, unsigned W,
                   bool Truth) {
  if (!Truth)
    P = negate(P);
  if (W <= 1) { // 1-bit values: signed reading is -b, unsigned b
    switch (P) {
    case IPred::Sgt:
      P = IPred::Ult;
      break;
    case IPred::Sge:
      P = IPred::Ule;
      break;
    case IPred::Slt:
      P = IPred::Ugt;
      break;
    case IPred::Sle:
      P = IPred::Uge;
      break;
    default:
      break;
    }
  }
  LinExpr D = add(A, B, -1);                         // A - B
  auto lt = [](const LinExpr &X, const LinExpr &Y) { // X < Y
    return ge0(plus(add(Y, X, -1), -1));
  };
  auto leq = [](const LinExpr &X, const LinExpr &Y) { return le(X, Y); };
  auto nonneg = [](const LinExpr &X) { return ge0(X); };
  auto neg = [](const LinExpr &X) { return ge0(plus(scale(X, -1), -1)); };
  // Unsigned X < Y (Strict) or X <= Y on signed readings: same sign and
  // the signed order, or X non-negative and Y negative.
  auto ult = [&](const LinExpr &X, const LinExpr &Y, bool Strict) -> Dnf {
    if (W <= 1)
      return {{Strict ? lt(X, Y) : leq(X, Y)}};
    LinCons O = Strict ? lt(X, Y) : leq(X, Y);
    return {
        {nonneg(X), nonneg(Y), O}, {neg(X), neg(Y), O}, {nonneg(X), neg(Y)}};
  };
  Dnf R;
  switch (P) {
  case IPred::Eq:
    R = {{eq0(D)}};
    break;
  case IPred::Ne:
    R = {{ge0(plus(D, -1))}, {ge0(plus(scale(D, -1), -1))}};
    break;
  case IPred::Sgt:
    R = {{lt(B, A)}};
    break;
  case IPred::Sge:
    R = {{leq(B, A)}};
    break;
  case IPred::Slt:
    R = {{lt(A, B)}};
    break;
  case IPred::Sle:
    R = {{leq(A, B)}};
    break;
  case IPred::Ult:
    R = ult(A, B, true);
    break;
  case IPred::Ule:
    R = ult(A, B, false);
    break;
  case IPred::Ugt:
    R = ult(B, A, true);
    break;
  case IPred::Uge:
    R = ult(B, A, false);
    break;
  }
  return simplify(R);
}

/// A register's value on a path: a linear expression, or a comparison not
/// yet needed as a number (its value is 1 when it holds, else 0).
struct Val {
  LinExpr E;
  bool IsCond = false;
  IPred P = IPred::Eq;
  LinExpr A, B;
  unsigned CW = 0; ///< the compared values' width
  bool Truth = true;
};

struct Alt {
  std::map<Operand, Val> Regs;
  std::vector<LinExpr> Glob, GlobIn;
  std::vector<Atom> Body; ///< over the Alt's variables
  std::vector<LinCons> Cons;
  std::vector<unsigned> Nondets;
  unsigned NumVars = 0;
  unsigned fresh() { return NumVars++; }
};

struct PointInfo {
  unsigned Pred;
  std::vector<Operand> Regs; ///< parameters (not main), then live registers
};

struct FnInfo {
  bool Reached = false;
  std::vector<uint8_t> RegW; ///< inferred width, 0 unknown
  /// Scalar locals whose address serves only their loads and stores: the
  /// alloca's register -> a pseudo-register (NumRegs and up) holding the
  /// value, a register of the frame like any other.
  std::map<Operand, Operand> Cell;
  std::vector<Operand> Params; ///< parameters of known width
  uint8_t RetW = 0;
  unsigned Summary = ~0u;                ///< predicate, not for main
  std::set<uint32_t> Points;             ///< pcs
  std::vector<std::set<Operand>> LiveIn; ///< per block
  std::map<uint32_t, PointInfo> Pt;      ///< by pc, once its predicate exists
};

class Encoder {
public:
  Encoder(const Program &P, ChcProgram &Out, const ChcEncodeOptions &O)
      : P(P), Out(Out), Opts(O) {}
  bool run(std::string &Error);
  bool TooManyPaths = false;

private:
  const Program &P;
  ChcProgram &Out;
  ChcEncodeOptions Opts;
  std::vector<FnInfo> Fns;
  std::map<uint32_t, unsigned> GlobalIdx; ///< program global -> tracked
  std::vector<unsigned> GlobalW;
  std::string Err;
  // The point being encoded.
  uint32_t Fn = 0, StartPc = 0;
  std::vector<std::pair<uint32_t, uint32_t>> Work;
  size_t ClausesOfPoint = 0;

  const Function &F() const { return P.Functions[Fn]; }
  bool isMain(uint32_t G) const { return int32_t(G) == P.Main; }
  /// The first refusal is kept; threads and the heap are named first (a
  /// thread handle is also a pointer to a local).
  void refuse(const std::string &What, uint32_t Loc, bool First = false) {
    if (!Err.empty() && !(First && !ErrFirst))
      return;
    ErrFirst = First;
    std::string Where = F().Name;
    if (Loc && Loc < P.Locs.size() && P.Locs[Loc].Line)
      Where += " (" + P.Files[P.Locs[Loc].File] + ":" +
               std::to_string(P.Locs[Loc].Line) + ")";
    Err = "chc: unsupported: " + What + " in " + Where;
  }
  bool ErrFirst = false;
  std::vector<Operand> uses(uint32_t G, const Inst &I) const;
  /// The pseudo-register of an unescaped local at address operand O, or
  /// NoOperand.
  Operand cellOf(uint32_t G, Operand O) const {
    auto It = Fns[G].Cell.find(O);
    return It == Fns[G].Cell.end() ? NoOperand : It->second;
  }
  bool scan();
  bool unescaped(const Function &G, Operand R, uint64_t Size) const;
  static void backEdgeTargets(const Function &H, std::set<uint32_t> &Out);
  bool inferWidths();
  void liveness(uint32_t G);
  std::set<Operand> liveAt(uint32_t G, uint32_t Pc);
  unsigned point(uint32_t G, uint32_t Pc);
  unsigned summary(uint32_t G);
  Alt enter(uint32_t G, uint32_t Pc);
  void emit(const Alt &A, unsigned Head, const std::vector<LinExpr> &Args,
            ChcClauseInfo Info, const std::vector<LinCons> &Extra = {});
  void error(const Alt &A, const std::string &What, uint32_t Loc,
             const std::vector<LinCons> &Extra = {}) {
    emit(A, Clause::False, {}, {ChcClauseInfo::Error, What, Loc, {}}, Extra);
  }
  bool lin(Alt &A, Operand O, unsigned W, const std::function<void(Alt &)> &K);
  bool linAll(Alt &A, const std::vector<std::pair<Operand, unsigned>> &Os,
              const std::function<void(Alt &)> &K);
  LinExpr value(const Alt &A, Operand O, unsigned W);
  void fork(const Alt &A, const Dnf &D, const std::function<void(Alt &)> &K);
  Dnf truth(const Alt &A, Operand O, bool T);
  /// R, the exact result of an operation of width W, as the register's
  /// value: within the range, K(A, R). Outside: with Wrap (below 64 bits)
  /// the wrapped value (R - 2^W k in range, k an integer), else overflow
  /// queries. Dir > 0: R cannot be below the range; Dir < 0: not above.
  void inRange(Alt &A, const LinExpr &R, unsigned W, const char *What,
               uint32_t Loc, const std::function<void(Alt &, LinExpr)> &K,
               bool Wrap, int Dir = 0);
  LinExpr freshIn(Alt &A, unsigned W) {
    unsigned V = A.fresh();
    auto [Lo, Hi] = range(W);
    A.Cons.push_back(ge0(plus(var(V), -Lo)));
    A.Cons.push_back(ge0(plus(scale(var(V), -1), Hi)));
    return var(V);
  }
  void toPoint(Alt A, uint32_t Pc, ChcClauseInfo::Kind K = ChcClauseInfo::Step);
  void exec(Alt A, uint32_t Pc);
  void callPoint(uint32_t Pc);
  void binary(Alt A, uint32_t Pc, const Inst &I);
  void builtin(Alt A, uint32_t Pc, const Inst &I, const CallInfo &CI);
};

} // namespace vcdpor::chcenc

#endif
