//===- chc/Parse.cpp - CHC-COMP files into ClauseSet
//------------------------===//
//
// Z3's SMT-LIB parser reads the file; each asserted clause is taken apart
// here into atoms and a linear constraint in disjunctive normal form. What
// the engine does not model (reals, arrays, bit-vectors, non-linear
// multiplication, quantifiers inside a clause, ...) is refused by name.
//
//===----------------------------------------------------------------------===//
#include "chc/Clauses.h"

#include <z3++.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>

using namespace vcdpor;

namespace {

/// Thrown inside this file only: the construct refused.
struct Refusal {
  std::string Msg;
  bool TooDisjunctive = false; ///< the DNF limit; a clause may then stay whole
};

using Cube = std::vector<LinCons>;
using Dnf = std::vector<Cube>;
/// Cases of an integer term: under the guard, the term is the expression.
using Cases = std::vector<std::pair<Cube, LinExpr>>;

constexpr size_t MaxCubes = 256;

int64_t checkedAdd(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_add_overflow(A, B, &R))
    throw Refusal{"a coefficient beyond 64 bits"};
  return R;
}
int64_t checkedMul(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_mul_overflow(A, B, &R))
    throw Refusal{"a coefficient beyond 64 bits"};
  return R;
}

LinExpr scale(const LinExpr &E, int64_t K) {
  LinExpr R;
  if (K == 0)
    return R;
  for (auto [V, C] : E.Coeffs)
    R.Coeffs[V] = checkedMul(C, K);
  R.Const = checkedMul(E.Const, K);
  return R;
}
LinExpr add(const LinExpr &A, const LinExpr &B) {
  LinExpr R = A;
  for (auto [V, C] : B.Coeffs) {
    int64_t S = checkedAdd(R.Coeffs[V], C);
    if (S == 0)
      R.Coeffs.erase(V);
    else
      R.Coeffs[V] = S;
  }
  R.Const = checkedAdd(R.Const, B.Const);
  return R;
}
LinExpr var(unsigned V) {
  LinExpr E;
  E.Coeffs[V] = 1;
  return E;
}
LinExpr constant(int64_t K) {
  LinExpr E;
  E.Const = K;
  return E;
}

Dnf conj(const Dnf &A, const Dnf &B) {
  Dnf R;
  for (const Cube &X : A)
    for (const Cube &Y : B) {
      Cube C = X;
      C.insert(C.end(), Y.begin(), Y.end());
      R.push_back(std::move(C));
      if (R.size() > MaxCubes)
        throw Refusal{"a constraint with more than 256 disjuncts", true};
    }
  return R;
}
Dnf disj(Dnf A, const Dnf &B) {
  A.insert(A.end(), B.begin(), B.end());
  if (A.size() > MaxCubes)
    throw Refusal{"a constraint with more than 256 disjuncts", true};
  return A;
}
LinFormula leaf(const LinCons &C) {
  LinFormula F;
  F.K = LinFormula::Leaf;
  F.Atom = C;
  return F;
}
LinFormula node(LinFormula::Kind K, std::vector<LinFormula> Kids) {
  LinFormula F;
  F.K = K;
  F.Kids = std::move(Kids);
  return F;
}
LinFormula fromDnf(const Dnf &D) {
  std::vector<LinFormula> Or;
  for (const Cube &C : D) {
    std::vector<LinFormula> And;
    for (const LinCons &L : C)
      And.push_back(leaf(L));
    Or.push_back(node(LinFormula::And, std::move(And)));
  }
  return Or.size() == 1 ? Or[0] : node(LinFormula::Or, std::move(Or));
}
/// The leaves reached from F through conjunctions only.
void topConjuncts(const LinFormula &F, std::vector<LinCons> &Out) {
  if (F.K == LinFormula::Leaf)
    Out.push_back(F.Atom);
  else if (F.K == LinFormula::And || F.Kids.size() == 1)
    for (const LinFormula &K : F.Kids)
      topConjuncts(K, Out);
}
const Dnf TrueDnf = {Cube{}};
const Dnf FalseDnf = {};

std::string sortName(const z3::sort &S) { return S.to_string(); }

/// One assertion being translated into clauses.
class ClauseBuilder {
public:
  ClauseBuilder(ClauseSet &Out, std::unordered_map<unsigned, unsigned> &PredOf)
      : Out(Out), PredOf(PredOf) {}

  void build(z3::expr F, unsigned Origin);

private:
  ClauseSet &Out;
  std::unordered_map<unsigned, unsigned> &PredOf; ///< decl id -> predicate
  std::vector<z3::sort> BoundSorts;               ///< by de Bruijn index
  std::unordered_map<unsigned, unsigned> VarOf;   ///< de Bruijn -> variable
  unsigned NumVars = 0;
  Dnf Extra = TrueDnf; ///< side conditions (argument terms, div, mod)

  bool isPred(const z3::expr &E);
  unsigned predOf(const z3::expr &E);
  unsigned clauseVar(unsigned Index);
  unsigned fresh() { return NumVars++; }
  void checkSort(const z3::sort &S, const z3::expr &E);
  Cases terms(const z3::expr &E);
  Dnf dnf(const z3::expr &E, bool Pos);
  /// The same constraint kept in negation normal form, atoms in DNF.
  LinFormula nnf(const z3::expr &E, bool Pos);
  Dnf compare(Z3_decl_kind K, const z3::expr &A, const z3::expr &B, bool Pos);
  unsigned argVar(const z3::expr &T, int Want);
};

bool ClauseBuilder::isPred(const z3::expr &E) {
  if (!E.is_app() || !E.get_sort().is_bool())
    return false;
  z3::func_decl D = E.decl();
  return D.decl_kind() == Z3_OP_UNINTERPRETED;
}

unsigned ClauseBuilder::predOf(const z3::expr &E) {
  z3::func_decl D = E.decl();
  auto [It, New] = PredOf.try_emplace(D.id(), Out.Preds.size());
  if (New) {
    for (unsigned I = 0; I < D.arity(); ++I) {
      z3::sort S = D.domain(I);
      if (!S.is_int() && !S.is_bool())
        throw Refusal{"predicate " + D.name().str() +
                      " has an argument of sort " + sortName(S) +
                      " (only Int and Bool are supported)"};
    }
    Out.Preds.push_back({D.name().str(), D.arity()});
  }
  return It->second;
}

unsigned ClauseBuilder::clauseVar(unsigned Index) {
  auto [It, New] = VarOf.try_emplace(Index, 0);
  if (New) {
    It->second = fresh();
    if (BoundSorts[Index].is_bool())
      Extra = conj(
          Extra,
          {Cube{LinCons{var(It->second), false},
                LinCons{add(constant(1), scale(var(It->second), -1)), false}}});
  }
  return It->second;
}

void ClauseBuilder::checkSort(const z3::sort &S, const z3::expr &E) {
  if (!S.is_int() && !S.is_bool())
    throw Refusal{"a term of sort " + sortName(S) + " (" +
                  E.to_string().substr(0, 80) +
                  "); only linear integer arithmetic is supported"};
}

/// A variable of the clause equal to the argument term T. Want >= 0 asks
/// for that variable (a head argument position).
unsigned ClauseBuilder::argVar(const z3::expr &T, int Want) {
  checkSort(T.get_sort(), T);
  if (T.is_var()) {
    unsigned Index = Z3_get_index_value(T.ctx(), T);
    if (Want >= 0 && !VarOf.count(Index)) {
      VarOf[Index] = Want;
      if (BoundSorts[Index].is_bool())
        Extra = conj(
            Extra,
            {Cube{LinCons{var(Want), false},
                  LinCons{add(constant(1), scale(var(Want), -1)), false}}});
      return Want;
    }
    if (Want < 0)
      return clauseVar(Index);
  }
  unsigned V = Want >= 0 ? unsigned(Want) : fresh();
  if (T.get_sort().is_bool()) {
    // V is 1 when T holds, else 0.
    Dnf One =
        conj(dnf(T, true), {Cube{LinCons{add(var(V), constant(-1)), true}}});
    Dnf Zero = conj(dnf(T, false), {Cube{LinCons{var(V), true}}});
    Extra = conj(Extra, disj(One, Zero));
    return V;
  }
  Dnf D;
  for (auto &[G, E] : terms(T)) {
    Cube C = G;
    C.push_back({add(E, scale(var(V), -1)), true});
    D.push_back(std::move(C));
  }
  Extra = conj(Extra, D);
  return V;
}

Cases ClauseBuilder::terms(const z3::expr &E) {
  checkSort(E.get_sort(), E);
  if (E.is_var()) {
    unsigned V = clauseVar(Z3_get_index_value(E.ctx(), E));
    return {{Cube{}, var(V)}};
  }
  if (E.is_numeral()) {
    int64_t K;
    if (!Z3_get_numeral_int64(E.ctx(), E, &K))
      throw Refusal{"the constant " + E.to_string() + " beyond 64 bits"};
    return {{Cube{}, constant(K)}};
  }
  if (!E.is_app())
    throw Refusal{"a quantifier inside a clause"};
  Z3_decl_kind K = E.decl().decl_kind();
  auto combine = [](const Cases &A, const Cases &B, auto Op) {
    Cases R;
    for (auto &[GA, EA] : A)
      for (auto &[GB, EB] : B) {
        Cube G = GA;
        G.insert(G.end(), GB.begin(), GB.end());
        R.push_back({std::move(G), Op(EA, EB)});
        if (R.size() > MaxCubes)
          throw Refusal{"a term with more than 256 cases"};
      }
    return R;
  };
  switch (K) {
  case Z3_OP_ADD:
  case Z3_OP_SUB: {
    Cases R = terms(E.arg(0));
    for (unsigned I = 1; I < E.num_args(); ++I)
      R = combine(R, terms(E.arg(I)), [&](const LinExpr &A, const LinExpr &B) {
        return add(A, K == Z3_OP_ADD ? B : scale(B, -1));
      });
    return R;
  }
  case Z3_OP_UMINUS: {
    Cases R = terms(E.arg(0));
    for (auto &C : R)
      C.second = scale(C.second, -1);
    return R;
  }
  case Z3_OP_MUL: {
    Cases R = terms(E.arg(0));
    for (unsigned I = 1; I < E.num_args(); ++I)
      R = combine(R, terms(E.arg(I)), [&](const LinExpr &A, const LinExpr &B) {
        if (A.Coeffs.empty())
          return scale(B, A.Const);
        if (B.Coeffs.empty())
          return scale(A, B.Const);
        throw Refusal{"non-linear multiplication (" +
                      E.to_string().substr(0, 80) + ")"};
      });
    return R;
  }
  case Z3_OP_IDIV:
  case Z3_OP_MOD: {
    Cases Den = terms(E.arg(1));
    if (Den.size() != 1 || !Den[0].second.Coeffs.empty() ||
        Den[0].second.Const == 0)
      throw Refusal{"div or mod by a non-constant (" +
                    E.to_string().substr(0, 80) + ")"};
    int64_t D = Den[0].second.Const;
    Cases R;
    for (auto &[G, Num] : terms(E.arg(0))) {
      // Num = D * Q + Rem, 0 <= Rem <= |D| - 1 (SMT-LIB's div and mod).
      unsigned Q = fresh(), Rm = fresh();
      Cube C = G;
      C.push_back({add(Num, add(scale(var(Q), -D), scale(var(Rm), -1))), true});
      C.push_back({var(Rm), false});
      C.push_back(
          {add(constant(D < 0 ? -D - 1 : D - 1), scale(var(Rm), -1)), false});
      R.push_back({std::move(C), var(K == Z3_OP_IDIV ? Q : Rm)});
    }
    return R;
  }
  case Z3_OP_ITE: {
    Cases R;
    for (bool Branch : {true, false}) {
      Dnf G = dnf(E.arg(0), Branch);
      for (auto &[GT, ET] : terms(E.arg(Branch ? 1 : 2)))
        for (const Cube &C : G) {
          Cube All = C;
          All.insert(All.end(), GT.begin(), GT.end());
          R.push_back({std::move(All), ET});
          if (R.size() > MaxCubes)
            throw Refusal{"a term with more than 256 cases"};
        }
    }
    return R;
  }
  default:
    if (K == Z3_OP_UNINTERPRETED)
      throw Refusal{"an uninterpreted function or constant " +
                    E.decl().name().str() + " of sort Int"};
    throw Refusal{"the operator " + E.decl().name().str() +
                  " (only linear integer arithmetic is supported)"};
  }
}

Dnf ClauseBuilder::compare(Z3_decl_kind K, const z3::expr &A, const z3::expr &B,
                           bool Pos) {
  Cases CA = terms(A), CB = terms(B);
  Dnf R;
  for (auto &[GA, EA] : CA)
    for (auto &[GB, EB] : CB) {
      Cube G = GA;
      G.insert(G.end(), GB.begin(), GB.end());
      LinExpr D = add(EA, scale(EB, -1)); // A - B
      // Each relation, positive or negated, as a disjunction of atoms.
      std::vector<LinCons> Alts;
      auto ge = [](LinExpr E, int64_t Off) {
        E.Const = checkedAdd(E.Const, Off);
        return LinCons{std::move(E), false};
      };
      Z3_decl_kind Rel = K;
      if (!Pos)
        Rel = Rel == Z3_OP_LE   ? Z3_OP_GT
              : Rel == Z3_OP_LT ? Z3_OP_GE
              : Rel == Z3_OP_GE ? Z3_OP_LT
              : Rel == Z3_OP_GT ? Z3_OP_LE
              : Rel == Z3_OP_EQ ? Z3_OP_DISTINCT
                                : Z3_OP_EQ;
      switch (Rel) {
      case Z3_OP_LE:
        Alts.push_back(ge(scale(D, -1), 0));
        break;
      case Z3_OP_LT:
        Alts.push_back(ge(scale(D, -1), -1));
        break;
      case Z3_OP_GE:
        Alts.push_back(ge(D, 0));
        break;
      case Z3_OP_GT:
        Alts.push_back(ge(D, -1));
        break;
      case Z3_OP_EQ:
        Alts.push_back({D, true});
        break;
      default: // distinct
        Alts.push_back(ge(D, -1));
        Alts.push_back(ge(scale(D, -1), -1));
      }
      for (LinCons &L : Alts) {
        Cube C = G;
        C.push_back(L);
        R.push_back(std::move(C));
      }
      if (R.size() > MaxCubes)
        throw Refusal{"a constraint with more than 256 disjuncts"};
    }
  return R;
}

Dnf ClauseBuilder::dnf(const z3::expr &E, bool Pos) {
  if (E.is_var()) {
    unsigned V = clauseVar(Z3_get_index_value(E.ctx(), E));
    return {Cube{LinCons{add(var(V), constant(Pos ? -1 : 0)), true}}};
  }
  if (E.is_quantifier())
    throw Refusal{"a quantifier inside a clause"};
  if (!E.is_app())
    throw Refusal{"the formula " + E.to_string().substr(0, 80)};
  if (isPred(E))
    throw Refusal{"the predicate " + E.decl().name().str() +
                  " under a negation or disjunction"};
  Z3_decl_kind K = E.decl().decl_kind();
  unsigned N = E.num_args();
  switch (K) {
  case Z3_OP_TRUE:
    return Pos ? TrueDnf : FalseDnf;
  case Z3_OP_FALSE:
    return Pos ? FalseDnf : TrueDnf;
  case Z3_OP_NOT:
    return dnf(E.arg(0), !Pos);
  case Z3_OP_AND:
  case Z3_OP_OR: {
    bool IsConj = (K == Z3_OP_AND) == Pos;
    Dnf R = IsConj ? TrueDnf : FalseDnf;
    for (unsigned I = 0; I < N; ++I)
      R = IsConj ? conj(R, dnf(E.arg(I), Pos)) : disj(R, dnf(E.arg(I), Pos));
    return R;
  }
  case Z3_OP_IMPLIES: // A => B is !A \/ B
    return Pos ? disj(dnf(E.arg(0), false), dnf(E.arg(1), true))
               : conj(dnf(E.arg(0), true), dnf(E.arg(1), false));
  case Z3_OP_ITE:
    return disj(conj(dnf(E.arg(0), true), dnf(E.arg(1), Pos)),
                conj(dnf(E.arg(0), false), dnf(E.arg(2), Pos)));
  case Z3_OP_XOR:
  case Z3_OP_IFF:
  case Z3_OP_EQ:
  case Z3_OP_DISTINCT:
    if (E.arg(0).get_sort().is_bool()) {
      if (N != 2)
        throw Refusal{"an n-ary Boolean (dis)equality"};
      bool Same = (K == Z3_OP_EQ || K == Z3_OP_IFF) == Pos;
      return disj(conj(dnf(E.arg(0), true), dnf(E.arg(1), Same)),
                  conj(dnf(E.arg(0), false), dnf(E.arg(1), !Same)));
    }
    [[fallthrough]];
  case Z3_OP_LE:
  case Z3_OP_LT:
  case Z3_OP_GE:
  case Z3_OP_GT: {
    if (N == 2)
      return compare(K, E.arg(0), E.arg(1), Pos);
    // Chains (<= a b c) and pairwise (distinct a b c).
    Dnf R = Pos ? TrueDnf : FalseDnf;
    for (unsigned I = 0; I + 1 < N; ++I)
      for (unsigned J = I + 1; J < N; ++J) {
        if (K != Z3_OP_DISTINCT && J != I + 1)
          continue;
        Dnf P = compare(K, E.arg(I), E.arg(J), Pos);
        R = Pos ? conj(R, P) : disj(R, P);
      }
    return R;
  }
  default:
    checkSort(E.get_sort(), E);
    throw Refusal{"the operator " + E.decl().name().str()};
  }
}

LinFormula ClauseBuilder::nnf(const z3::expr &E, bool Pos) {
  if (E.is_app() && !isPred(E)) {
    Z3_decl_kind K = E.decl().decl_kind();
    unsigned N = E.num_args();
    auto kids = [&](bool P) {
      std::vector<LinFormula> R;
      for (unsigned I = 0; I < N; ++I)
        R.push_back(nnf(E.arg(I), P));
      return R;
    };
    switch (K) {
    case Z3_OP_NOT:
      return nnf(E.arg(0), !Pos);
    case Z3_OP_AND:
    case Z3_OP_OR:
      return node((K == Z3_OP_AND) == Pos ? LinFormula::And : LinFormula::Or,
                  kids(Pos));
    case Z3_OP_IMPLIES:
      return node(Pos ? LinFormula::Or : LinFormula::And,
                  {nnf(E.arg(0), !Pos), nnf(E.arg(1), Pos)});
    case Z3_OP_ITE:
      return node(
          LinFormula::Or,
          {node(LinFormula::And, {nnf(E.arg(0), true), nnf(E.arg(1), Pos)}),
           node(LinFormula::And, {nnf(E.arg(0), false), nnf(E.arg(2), Pos)})});
    case Z3_OP_IFF:
    case Z3_OP_EQ:
    case Z3_OP_XOR:
    case Z3_OP_DISTINCT:
      if (N == 2 && E.arg(0).get_sort().is_bool()) {
        bool Same = (K == Z3_OP_EQ || K == Z3_OP_IFF) == Pos;
        return node(
            LinFormula::Or,
            {node(LinFormula::And, {nnf(E.arg(0), true), nnf(E.arg(1), Same)}),
             node(LinFormula::And,
                  {nnf(E.arg(0), false), nnf(E.arg(1), !Same)})});
      }
      break;
    default:
      break;
    }
  }
  return fromDnf(dnf(E, Pos));
}

void flattenAnd(const z3::expr &E, std::vector<z3::expr> &Out) {
  if (E.is_app() && E.decl().decl_kind() == Z3_OP_AND) {
    for (unsigned I = 0; I < E.num_args(); ++I)
      flattenAnd(E.arg(I), Out);
    return;
  }
  Out.push_back(E);
}

void ClauseBuilder::build(z3::expr F, unsigned Origin) {
  z3::context &Ctx = F.ctx();
  bool Negated = false;
  if (F.is_app() && F.decl().decl_kind() == Z3_OP_NOT && F.arg(0).is_exists()) {
    F = F.arg(0);
    Negated = true;
  } else if (F.is_exists())
    throw Refusal{"an existential clause"};
  if (F.is_quantifier()) {
    unsigned NB = Z3_get_quantifier_num_bound(Ctx, F);
    // de Bruijn index I names bound variable NB - 1 - I.
    for (unsigned I = 0; I < NB; ++I)
      BoundSorts.push_back(
          z3::sort(Ctx, Z3_get_quantifier_bound_sort(Ctx, F, NB - 1 - I)));
    for (const z3::sort &S : BoundSorts)
      if (!S.is_int() && !S.is_bool())
        throw Refusal{"a variable of sort " + sortName(S) +
                      " (only Int and Bool are supported)"};
    F = F.body();
  }
  // Body conjuncts and the head (nullptr: false).
  std::vector<z3::expr> Body;
  std::optional<z3::expr> Head;
  if (Negated) {
    flattenAnd(F, Body);
  } else if (F.is_app() && F.decl().decl_kind() == Z3_OP_IMPLIES) {
    flattenAnd(F.arg(0), Body);
    Head = F.arg(1);
  } else if (F.is_app() && F.decl().decl_kind() == Z3_OP_OR) {
    // A clause as a disjunction: at most one positive predicate literal.
    for (unsigned I = 0; I < F.num_args(); ++I) {
      z3::expr L = F.arg(I);
      if (isPred(L) && !Head)
        Head = L;
      else
        Body.push_back(!L);
    }
  } else if (F.is_app() && F.decl().decl_kind() == Z3_OP_NOT) {
    flattenAnd(F.arg(0), Body);
  } else {
    Head = F;
  }
  std::vector<Atom> Atoms;
  std::vector<z3::expr> Constraint;
  Clause C;
  C.Origin = Origin;
  if (Head && isPred(*Head)) {
    C.Head = predOf(*Head);
    NumVars = Head->num_args();
    for (unsigned I = 0; I < Head->num_args(); ++I)
      argVar(Head->arg(I), I);
  } else if (Head && Head->is_app() && Head->decl().decl_kind() == Z3_OP_TRUE) {
    return; // a tautology
  } else if (Head &&
             !(Head->is_app() && Head->decl().decl_kind() == Z3_OP_FALSE)) {
    Constraint.push_back(!*Head); // B -> phi is B /\ !phi -> false
  }
  for (const z3::expr &B : Body) {
    if (isPred(B)) {
      Atom A;
      A.Pred = predOf(B);
      for (unsigned I = 0; I < B.num_args(); ++I)
        A.Args.push_back(argVar(B.arg(I), -1));
      Atoms.push_back(std::move(A));
    } else {
      Constraint.push_back(B);
    }
  }
  C.Body = std::move(Atoms);
  Dnf D = TrueDnf;
  try {
    for (const z3::expr &E : Constraint)
      D = conj(D, dnf(E, true));
    D = conj(D, Extra); // the side conditions of terms met in Constraint
  } catch (const Refusal &R) {
    if (!R.TooDisjunctive)
      throw;
    // One clause with the whole constraint; its top-level conjuncts for the
    // abstract interpretation.
    std::vector<LinFormula> All;
    for (const z3::expr &E : Constraint)
      All.push_back(nnf(E, true));
    All.push_back(fromDnf(Extra));
    auto F =
        std::make_shared<LinFormula>(node(LinFormula::And, std::move(All)));
    topConjuncts(*F, C.Cons);
    C.Exact = std::move(F);
    C.NumVars = NumVars;
    Out.Clauses.push_back(std::move(C));
    return;
  }
  for (Cube &Cu : D) {
    Clause Copy = C;
    Copy.Cons = std::move(Cu);
    Copy.NumVars = NumVars;
    Out.Clauses.push_back(std::move(Copy));
  }
}

bool parse(const std::string &Text, const std::string &Name, ClauseSet &Out,
           std::string &Error) {
  if (Text.find("HORN") == std::string::npos) {
    Error = Name + ": not a CHC-COMP file (no (set-logic HORN))";
    return false;
  }
  z3::context Ctx;
  std::unordered_map<unsigned, unsigned> PredOf;
  Out.Source = Text;
  try {
    z3::expr_vector Asserts = Ctx.parse_string(Text.c_str());
    for (unsigned I = 0; I < Asserts.size(); ++I) {
      ClauseBuilder B(Out, PredOf);
      B.build(Asserts[I], I);
    }
  } catch (const z3::exception &E) {
    Error = Name + ": parse error: " + E.msg();
    return false;
  } catch (const Refusal &R) {
    Error = Name + ": unsupported: " + R.Msg;
    return false;
  }
  return true;
}

} // namespace

bool vcdpor::parseChcString(const std::string &Text, ClauseSet &Out,
                            std::string &Error) {
  return parse(Text, "<string>", Out, Error);
}

bool vcdpor::parseChcFile(const std::string &Path, ClauseSet &Out,
                          std::string &Error) {
  std::ifstream F(Path);
  if (!F) {
    Error = Path + ": cannot read the file";
    return false;
  }
  std::stringstream SS;
  SS << F.rdbuf();
  return parse(SS.str(), Path, Out, Error);
}

std::string vcdpor::toString(const LinCons &C,
                             const std::vector<std::string> *Names) {
  auto Name = [&](unsigned V) {
    return Names && V < Names->size() ? (*Names)[V] : "x" + std::to_string(V);
  };
  auto Num = [](int64_t K) {
    return K < 0 ? "(- " + std::to_string(0 - uint64_t(K)) + ")"
                 : std::to_string(K);
  };
  std::vector<std::string> Terms;
  for (auto [V, K] : C.E.Coeffs)
    Terms.push_back(K == 1 ? Name(V) : "(* " + Num(K) + " " + Name(V) + ")");
  if (C.E.Const != 0 || Terms.empty())
    Terms.push_back(Num(C.E.Const));
  std::string Sum = Terms[0];
  if (Terms.size() > 1) {
    Sum = "(+";
    for (auto &T : Terms)
      Sum += " " + T;
    Sum += ")";
  }
  return std::string(C.Eq ? "(= " : "(>= ") + Sum + " 0)";
}
