//===- chc/Smt.cpp - The engine's questions to Z3
//---------------------------===//
#include "chc/Smt.h"

#include <z3++.h>

#include <chrono>
#include <functional>
#include <optional>
#include <unordered_map>

using namespace vcdpor;


struct Smt::Impl {
  z3::context Ctx;
  std::vector<z3::expr> Forms; ///< by FormulaId, over a0, a1, ...
  double DeadlineS;
  unsigned Instance = 0; ///< names fresh variables of clause instances
  /// An assertion of the file with its outer quantifier opened: (not
  /// (exists ...)) sets Negated (the assertion holds iff the body is
  /// unsat), and the bound variables become fresh constants named
  /// Prefix<instance>_<j>.
  /// The file's assertions as Z3's parser reads them; false with Why set
  /// when it no longer parses.
  bool parse(const std::string &Text, z3::expr_vector &Out, std::string &Why) {
    try {
      Out = Ctx.parse_string(Text.c_str());
    } catch (const z3::exception &E) {
      Why = std::string("the file no longer parses: ") + E.msg();
      return false;
    }
    return true;
  }
  z3::expr open(z3::expr F, const char *Prefix, bool &Negated) {
    Negated = false;
    if (F.is_app() && F.decl().decl_kind() == Z3_OP_NOT &&
        F.arg(0).is_exists()) {
      F = F.arg(0);
      Negated = true;
    }
    if (!F.is_quantifier())
      return F;
    unsigned NB = Z3_get_quantifier_num_bound(Ctx, F);
    z3::expr_vector Consts(Ctx);
    for (unsigned J = 0; J < NB; ++J) // de Bruijn J: bound variable NB-1-J
      Consts.push_back(Ctx.constant(
          (Prefix + std::to_string(Instance) + "_" + std::to_string(J)).c_str(),
          z3::sort(Ctx, Z3_get_quantifier_bound_sort(Ctx, F, NB - 1 - J))));
    ++Instance;
    return F.body().substitute(Consts);
  }
  /// One solver for the many small implication checks, each in a scope.
  z3::solver Inc;
  uint64_t IncQueries = 0;

  explicit Impl(double D) : DeadlineS(D), Inc(Ctx) {
    Forms.push_back(Ctx.bool_val(true));
    Forms.push_back(Ctx.bool_val(false));
  }
  z3::expr arg(unsigned I) {
    return Ctx.int_const(("a" + std::to_string(I)).c_str());
  }
  FormulaId add(const z3::expr &E) {
    z3::expr S = E.simplify();
    if (S.is_true())
      return True;
    if (S.is_false())
      return False;
    Forms.push_back(S);
    return Forms.size() - 1;
  }
  z3::expr lin(const LinExpr &E, const std::vector<z3::expr> &Vars) {
    z3::expr R = Ctx.int_val(E.Const);
    for (auto [V, K] : E.Coeffs)
      R = R + Ctx.int_val(K) * Vars[V];
    return R;
  }
  z3::expr cons(const LinCons &L, const std::vector<z3::expr> &Vars) {
    z3::expr E = lin(L.E, Vars);
    return L.Eq ? E == 0 : E >= 0;
  }
  /// F with a<i> replaced by Args[i].
  z3::expr apply(FormulaId F, const std::vector<z3::expr> &Args) {
    z3::expr_vector Src(Ctx), Dst(Ctx);
    for (unsigned I = 0; I < Args.size(); ++I) {
      Src.push_back(arg(I));
      Dst.push_back(Args[I]);
    }
    return Forms[F].substitute(Src, Dst);
  }
  /// Fresh variables for one instance of C.
  /// Fresh variables for one instance of C; Scoped: the same names each
  /// time (w<i>), for a query alone in its solver scope. Fresh names cost:
  /// the context keeps every declaration until it is deleted.
  std::vector<z3::expr> instance(const Clause &C, bool Scoped = false) {
    std::vector<z3::expr> V;
    std::string P = Scoped ? "w" : "v" + std::to_string(Instance++) + "_";
    for (unsigned I = 0; I < C.NumVars; ++I)
      V.push_back(Ctx.int_const((P + std::to_string(I)).c_str()));
    return V;
  }
  std::vector<z3::expr> atomArgs(const Atom &A,
                                 const std::vector<z3::expr> &V) {
    std::vector<z3::expr> R;
    for (unsigned X : A.Args)
      R.push_back(V[X]);
    return R;
  }
  z3::expr formula(const LinFormula &F, const std::vector<z3::expr> &V) {
    if (F.K == LinFormula::Leaf)
      return cons(F.Atom, V);
    z3::expr_vector Kids(Ctx);
    for (const LinFormula &K : F.Kids)
      Kids.push_back(formula(K, V));
    return F.K == LinFormula::And ? z3::mk_and(Kids) : z3::mk_or(Kids);
  }
  z3::expr constraint(const Clause &C, const std::vector<z3::expr> &V) {
    z3::expr R = C.Exact ? formula(*C.Exact, V) : Ctx.bool_val(true);
    for (const LinCons &L : C.Cons)
      R = R && cons(L, V);
    return R;
  }
  /// Milliseconds left before the deadline (0: none left; ~0u: no deadline).
  unsigned budgetMs() {
    if (DeadlineS <= 0)
      return ~0u;
    double Left = DeadlineS - nowS();
    return Left <= 0 ? 0 : unsigned(std::min(Left * 1000, 4e9));
  }
  Answer check(Smt &Outer, z3::solver &S) {
    unsigned Ms = budgetMs();
    if (Ms == 0)
      return Answer::Unknown;
    if (Ms != ~0u) {
      z3::params P(Ctx);
      P.set("timeout", Ms);
      S.set(P);
    }
    double T0 = nowS();
    z3::check_result R = S.check();
    Outer.SolverTimeS += nowS() - T0;
    ++Outer.Queries;
    return R == z3::sat     ? Answer::Yes
           : R == z3::unsat ? Answer::No
                            : Answer::Unknown;
  }
  /// The derivation's constraints; Head receives the root's head variables.
  void encode(const ClauseSet &S, const Derivation &D, z3::solver &Sol,
              std::vector<z3::expr> &Head,
              std::vector<std::vector<z3::expr>> *Nodes = nullptr) {
    const Clause &C = S.Clauses[D.Clause];
    std::vector<z3::expr> V = instance(C);
    if (Nodes)
      Nodes->push_back(V);
    Sol.add(constraint(C, V));
    for (size_t J = 0; J < D.Children.size(); ++J) {
      std::vector<z3::expr> CH;
      encode(S, D.Children[J], Sol, CH, Nodes);
      const Atom &A = C.Body[J];
      for (size_t K = 0; K < A.Args.size(); ++K)
        Sol.add(V[A.Args[K]] == CH[K]);
    }
    unsigned Arity = C.isQuery() ? 0 : S.Preds[C.Head].Arity;
    Head.assign(V.begin(), V.begin() + Arity);
  }
};

double Smt::nowS() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

Smt::Smt(double DeadlineS) : I(std::make_unique<Impl>(DeadlineS)) {}
Smt::~Smt() = default;

FormulaId Smt::polyhedron(const Polyhedron &P) {
  if (P.Empty)
    return False;
  std::vector<z3::expr> Args;
  unsigned Max = 0;
  for (const LinCons &L : P.Cons)
    for (auto [V, K] : L.E.Coeffs)
      Max = std::max(Max, V + 1);
  for (unsigned A = 0; A < Max; ++A)
    Args.push_back(I->arg(A));
  z3::expr R = I->Ctx.bool_val(true);
  for (const LinCons &L : P.Cons)
    R = R && I->cons(L, Args);
  return I->add(R);
}

FormulaId Smt::conj(FormulaId A, FormulaId B) {
  if (A == True)
    return B;
  if (B == True)
    return A;
  return I->add(I->Forms[A] && I->Forms[B]);
}

FormulaId Smt::disj(const std::vector<FormulaId> &Fs) {
  z3::expr_vector V(I->Ctx);
  for (FormulaId F : Fs) {
    if (F == True)
      return True;
    if (F != False)
      V.push_back(I->Forms[F]);
  }
  return V.empty() ? False : I->add(z3::mk_or(V));
}

namespace {
/// E as a linear expression over a<i> (variable i); false when it is not.
bool linearTerm(const z3::expr &E, LinExpr &Out, int64_t Scale) {
  if (E.is_numeral()) {
    int64_t K;
    if (!Z3_get_numeral_int64(E.ctx(), E, &K) ||
        __builtin_mul_overflow(K, Scale, &K) ||
        __builtin_add_overflow(Out.Const, K, &Out.Const))
      return false;
    return true;
  }
  if (!E.is_app() || !E.get_sort().is_int())
    return false;
  Z3_decl_kind K = E.decl().decl_kind();
  if (K == Z3_OP_UNINTERPRETED && E.num_args() == 0) {
    std::string N = E.decl().name().str();
    if (N.size() < 2 || N[0] != 'a')
      return false;
    unsigned V = std::stoul(N.substr(1));
    int64_t &C = Out.Coeffs[V];
    if (__builtin_add_overflow(C, Scale, &C))
      return false;
    if (C == 0)
      Out.Coeffs.erase(V);
    return true;
  }
  if (K == Z3_OP_ADD) {
    for (unsigned I = 0; I < E.num_args(); ++I)
      if (!linearTerm(E.arg(I), Out, Scale))
        return false;
    return true;
  }
  if (K == Z3_OP_SUB) {
    for (unsigned I = 0; I < E.num_args(); ++I)
      if (!linearTerm(E.arg(I), Out, I == 0 ? Scale : -Scale))
        return false;
    return true;
  }
  if (K == Z3_OP_UMINUS)
    return linearTerm(E.arg(0), Out, -Scale);
  if (K == Z3_OP_MUL && E.num_args() == 2 && E.arg(0).is_numeral()) {
    int64_t C;
    if (!Z3_get_numeral_int64(E.ctx(), E.arg(0), &C) ||
        __builtin_mul_overflow(C, Scale, &C))
      return false;
    return linearTerm(E.arg(1), Out, C);
  }
  return false;
}

void linearConjuncts(const z3::expr &E, bool Pos, std::vector<LinCons> &Out) {
  if (!E.is_app())
    return;
  Z3_decl_kind K = E.decl().decl_kind();
  if (K == Z3_OP_AND && Pos) {
    for (unsigned I = 0; I < E.num_args(); ++I)
      linearConjuncts(E.arg(I), Pos, Out);
    return;
  }
  if (K == Z3_OP_NOT) {
    linearConjuncts(E.arg(0), !Pos, Out);
    return;
  }
  if (E.num_args() != 2 || !E.arg(0).get_sort().is_int())
    return;
  LinExpr D; // arg0 - arg1
  if (!linearTerm(E.arg(0), D, 1) || !linearTerm(E.arg(1), D, -1))
    return;
  auto neg = [](LinExpr X) {
    for (auto &[V, C] : X.Coeffs)
      C = -C;
    X.Const = -X.Const;
    return X;
  };
  auto minusOne = [](LinExpr X) {
    X.Const -= 1;
    return X;
  };
  // Integers: a < b is b - a - 1 >= 0.
  if (!Pos)
    K = K == Z3_OP_LE   ? Z3_OP_GT
        : K == Z3_OP_LT ? Z3_OP_GE
        : K == Z3_OP_GE ? Z3_OP_LT
        : K == Z3_OP_GT ? Z3_OP_LE
                        : Z3_OP_TRUE;
  switch (K) {
  case Z3_OP_LE:
    Out.push_back({neg(D), false});
    break;
  case Z3_OP_LT:
    Out.push_back({minusOne(neg(D)), false});
    break;
  case Z3_OP_GE:
    Out.push_back({D, false});
    break;
  case Z3_OP_GT:
    Out.push_back({minusOne(D), false});
    break;
  case Z3_OP_EQ:
    Out.push_back({D, true});
    break;
  default:
    break;
  }
}
} // namespace

std::vector<LinCons> Smt::linearPart(FormulaId F) {
  std::vector<LinCons> Out;
  if (F == False) {
    Out.push_back({LinExpr{{}, -1}, false}); // -1 >= 0
    return Out;
  }
  linearConjuncts(I->Forms[F], true, Out);
  return Out;
}

std::string Smt::text(FormulaId F, const std::vector<std::string> &Names) {
  if (Names.empty())
    return I->Forms[F].to_string();
  std::vector<z3::expr> Args;
  for (const std::string &N : Names)
    Args.push_back(I->Ctx.int_const(N.c_str()));
  return I->apply(F, Args).to_string();
}

Answer Smt::feasible(const ClauseSet &S, const Derivation &D) {
  z3::solver Sol(I->Ctx);
  std::vector<z3::expr> Head;
  I->encode(S, D, Sol, Head);
  return I->check(*this, Sol);
}

Answer Smt::feasible(const ClauseSet &S, const Derivation &D,
                     std::vector<std::vector<int64_t>> &Values) {
  z3::solver Sol(I->Ctx);
  std::vector<z3::expr> Head;
  std::vector<std::vector<z3::expr>> Nodes;
  I->encode(S, D, Sol, Head, &Nodes);
  Answer A = I->check(*this, Sol);
  Values.clear();
  if (A != Answer::Yes)
    return A;
  z3::model M = Sol.get_model();
  for (const auto &Vs : Nodes) {
    Values.emplace_back();
    for (const z3::expr &X : Vs) {
      int64_t K = 0;
      if (!M.eval(X, true).is_numeral_i64(K))
        break;
      Values.back().push_back(K);
    }
  }
  return A;
}

Answer Smt::implies(const Clause &C, const std::vector<FormulaId> &BodyF,
                    FormulaId HeadF) {
  if (HeadF == True)
    return Answer::Yes;
  for (FormulaId F : BodyF)
    if (F == False)
      return Answer::Yes;
  z3::solver &Sol = I->Inc;
  // The solver keeps what it learnt across scopes; start afresh now and
  // then so that it does not grow without bound.
  if (++I->IncQueries % 256 == 0)
    Sol.reset();
  Sol.push();
  std::vector<z3::expr> V = I->instance(C, /*Scoped=*/true);
  Sol.add(I->constraint(C, V));
  for (size_t J = 0; J < C.Body.size(); ++J)
    Sol.add(I->apply(BodyF[J], I->atomArgs(C.Body[J], V)));
  // HeadF names only a0..a<arity-1>, the head's variables 0..arity-1.
  std::vector<z3::expr> H(V.begin(), V.begin() + (C.isQuery() ? 0 : C.NumVars));
  if (!C.isQuery())
    Sol.add(!I->apply(HeadF, H));
  Answer A = I->check(*this, Sol);
  Sol.pop();
  return A == Answer::No    ? Answer::Yes
         : A == Answer::Yes ? Answer::No
                            : Answer::Unknown;
}

Answer Smt::isModel(const ClauseSet &S, const std::vector<FormulaId> &M,
                    std::string &Why) {
  for (size_t CI = 0; CI < S.Clauses.size(); ++CI) {
    const Clause &C = S.Clauses[CI];
    std::vector<FormulaId> Body;
    for (const Atom &A : C.Body)
      Body.push_back(M[A.Pred]);
    Answer A = implies(C, Body, C.isQuery() ? False : M[C.Head]);
    if (A == Answer::Unknown)
      return A;
    if (A == Answer::No) {
      Why = "clause " + std::to_string(CI) + " (assertion " +
            std::to_string(C.Origin + 1) + ")";
      return A;
    }
  }
  return Answer::Yes;
}

Answer Smt::isModelOfText(const std::string &Text, const ClauseSet &S,
                          const std::vector<FormulaId> &M, std::string &Why) {
  z3::context &Ctx = I->Ctx;
  std::unordered_map<std::string, FormulaId> Of;
  for (size_t P = 0; P < S.Preds.size(); ++P)
    Of[S.Preds[P].Name] = M[P];
  z3::expr_vector Asserts(Ctx);
  if (!I->parse(Text, Asserts, Why))
    return Answer::No;
  std::unordered_map<unsigned, z3::expr> Memo;
  // E with every predicate application replaced by its model formula.
  std::function<z3::expr(const z3::expr &)> Rewrite =
      [&](const z3::expr &E) -> z3::expr {
    if (!E.is_app() ||
        (E.num_args() == 0 && E.decl().decl_kind() != Z3_OP_UNINTERPRETED))
      return E;
    auto It = Memo.find(E.id());
    if (It != Memo.end())
      return It->second;
    z3::expr_vector Args(Ctx);
    for (unsigned J = 0; J < E.num_args(); ++J)
      Args.push_back(Rewrite(E.arg(J)));
    z3::func_decl D = E.decl();
    z3::expr R = E;
    auto P = Of.find(D.name().str());
    if (D.decl_kind() == Z3_OP_UNINTERPRETED && E.get_sort().is_bool() &&
        P != Of.end()) {
      std::vector<z3::expr> IntArgs;
      for (unsigned J = 0; J < Args.size(); ++J)
        IntArgs.push_back(Args[J].get_sort().is_bool()
                              ? z3::ite(Args[J], Ctx.int_val(1), Ctx.int_val(0))
                              : Args[J]);
      R = I->apply(P->second, IntArgs);
    } else if (E.num_args() > 0) {
      R = D(Args);
    }
    Memo.emplace(E.id(), R);
    return R;
  };
  for (unsigned K = 0; K < Asserts.size(); ++K) {
    bool Negated = false; // (not (exists ...)): valid iff the body is unsat
    z3::expr F = I->open(Asserts[K], "q", Negated);
    Memo.clear();
    z3::expr Body = Rewrite(F);
    z3::solver Sol(Ctx);
    Sol.add(Negated ? Body : !Body);
    Answer A = I->check(*this, Sol);
    if (A == Answer::Unknown)
      return A;
    if (A == Answer::Yes) {
      Why = "assertion " + std::to_string(K + 1) + " of the file";
      return Answer::No;
    }
  }
  return Answer::Yes;
}

Answer Smt::feasibleInText(const std::string &Text, const ClauseSet &S,
                           const Derivation &D, std::string &Why) {
  z3::context &Ctx = I->Ctx;
  z3::expr_vector Asserts(Ctx);
  if (!I->parse(Text, Asserts, Why))
    return Answer::No;
  z3::solver Sol(Ctx);
  auto isPred = [](const z3::expr &E) {
    return E.is_app() && E.get_sort().is_bool() &&
           E.decl().decl_kind() == Z3_OP_UNINTERPRETED;
  };
  std::function<void(const z3::expr &E, std::vector<z3::expr> &)> Flatten =
      [&](const z3::expr &E, std::vector<z3::expr> &Out) {
        if (E.is_app() && E.decl().decl_kind() == Z3_OP_AND)
          for (unsigned J = 0; J < E.num_args(); ++J)
            Flatten(E.arg(J), Out);
        else
          Out.push_back(E);
      };
  // Adds node N's constraint; returns its head's argument terms (none for
  // false), or false when the assertion does not take the clause's shape.
  std::function<bool(const Derivation &, std::vector<z3::expr> &)> Node =
      [&](const Derivation &N, std::vector<z3::expr> &HeadArgs) -> bool {
    const Clause &C = S.Clauses[N.Clause];
    if (C.Origin >= Asserts.size())
      return false;
    bool Negated = false;
    z3::expr F = I->open(Asserts[C.Origin], "d", Negated);
    std::vector<z3::expr> Body;
    std::optional<z3::expr> Head;
    if (Negated) {
      Flatten(F, Body);
    } else if (F.is_app() && F.decl().decl_kind() == Z3_OP_IMPLIES) {
      Flatten(F.arg(0), Body);
      Head = F.arg(1);
    } else if (F.is_app() && F.decl().decl_kind() == Z3_OP_OR) {
      for (unsigned J = 0; J < F.num_args(); ++J) {
        if (isPred(F.arg(J)) && !Head)
          Head = F.arg(J);
        else
          Body.push_back(!F.arg(J));
      }
    } else if (F.is_app() && F.decl().decl_kind() == Z3_OP_NOT) {
      Flatten(F.arg(0), Body);
    } else {
      Head = F;
    }
    size_t Child = 0;
    for (const z3::expr &B : Body) {
      if (!isPred(B)) {
        Sol.add(B);
        continue;
      }
      if (Child >= N.Children.size())
        return false;
      std::vector<z3::expr> Args;
      if (!Node(N.Children[Child++], Args) || Args.size() != B.num_args())
        return false;
      for (unsigned J = 0; J < B.num_args(); ++J)
        Sol.add(B.arg(J) == Args[J]);
    }
    if (Child != N.Children.size())
      return false;
    HeadArgs.clear();
    if (Head && isPred(*Head)) {
      if (C.isQuery())
        return false;
      for (unsigned J = 0; J < Head->num_args(); ++J)
        HeadArgs.push_back(Head->arg(J));
    } else if (!C.isQuery()) {
      return false;
    } else if (Head) {
      Sol.add(!*Head); // B -> phi: derives false where phi fails
    }
    return true;
  };
  std::vector<z3::expr> Root;
  if (!Node(D, Root)) {
    Why = "the derivation does not match the file's assertions";
    return Answer::No;
  }
  return I->check(*this, Sol);
}

bool Smt::interpolants(const ClauseSet &S, const Derivation &D,
                       std::vector<FormulaId> &Out) {
  z3::context &Ctx = I->Ctx;
  z3::solver Sol(Ctx, "HORN");
  std::vector<z3::func_decl> Decls;
  std::vector<unsigned> Arity;
  // Preorder numbering; each node's rule: its constraint and its children's
  // predicates imply its own.
  std::function<unsigned(const Derivation &)> Walk =
      [&](const Derivation &N) -> unsigned {
    const Clause &C = S.Clauses[N.Clause];
    unsigned Id = Decls.size();
    unsigned K = C.isQuery() ? 0 : S.Preds[C.Head].Arity;
    z3::sort_vector Dom(Ctx);
    for (unsigned J = 0; J < K; ++J)
      Dom.push_back(Ctx.int_sort());
    Decls.push_back(
        Ctx.function(("I" + std::to_string(Id)).c_str(), Dom, Ctx.bool_sort()));
    Arity.push_back(K);
    std::vector<unsigned> Kids;
    for (const Derivation &Ch : N.Children)
      Kids.push_back(Walk(Ch));
    std::vector<z3::expr> V = I->instance(C);
    z3::expr Body = I->constraint(C, V);
    for (size_t J = 0; J < Kids.size(); ++J) {
      z3::expr_vector Args(Ctx);
      for (unsigned X : C.Body[J].Args)
        Args.push_back(V[X]);
      Body = Body && Decls[Kids[J]](Args);
    }
    z3::expr_vector HArgs(Ctx);
    for (unsigned J = 0; J < K; ++J)
      HArgs.push_back(V[J]);
    z3::expr Head = Id == 0 ? Ctx.bool_val(false) : Decls[Id](HArgs);
    z3::expr_vector All(Ctx);
    for (const z3::expr &X : V)
      All.push_back(X);
    z3::expr Rule = z3::implies(Body, Head);
    Sol.add(All.empty() ? Rule : z3::forall(All, Rule));
    return Id;
  };
  Walk(D);
  if (I->check(*this, Sol) != Answer::Yes)
    return false;
  z3::model M = Sol.get_model();
  Out.assign(Decls.size(), True);
  Out[0] = False;
  for (size_t N = 1; N < Decls.size(); ++N) {
    const z3::func_decl &F = Decls[N];
    if (Arity[N] == 0) {
      if (M.has_interp(F))
        Out[N] = I->add(M.get_const_interp(F));
      continue;
    }
    if (!M.has_interp(F))
      continue;
    z3::expr E = M.get_func_interp(F).else_value();
    z3::expr_vector Dst(Ctx);
    for (unsigned J = 0; J < Arity[N]; ++J)
      Dst.push_back(I->arg(J));
    Out[N] = I->add(E.substitute(Dst));
  }
  return true;
}
