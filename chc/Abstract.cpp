//===- chc/Abstract.cpp - Polyhedral abstract interpretation
//----------------===//
#include "chc/Abstract.h"

// PPL's automatic initialisation sets the FPU to round upwards for the
// whole process at start-up, which changed every floating-point result the
// interpreter computes (printf("%.2f", 3.14159) printed 3.15). It is
// initialised on first use instead, and its rounding mode holds only while
// analyse() runs (the mode is per thread).
#define PPL_NO_AUTOMATIC_INITIALIZATION
#include <ppl.hh>

#include <algorithm>
#include <cassert>
#include <mutex>

#include <functional>

using namespace vcdpor;
namespace PPL = Parma_Polyhedra_Library;

size_t Derivation::size() const {
  size_t N = 1;
  for (const Derivation &C : Children)
    N += C.size();
  return N;
}

namespace {

PPL::Linear_Expression toPPL(const LinExpr &E,
                             const std::vector<unsigned> *Map = nullptr) {
  PPL::Linear_Expression L;
  for (auto [V, K] : E.Coeffs)
    L += PPL::Coefficient(K) * PPL::Variable(Map ? (*Map)[V] : V);
  L += PPL::Coefficient(E.Const);
  return L;
}

void addCons(PPL::C_Polyhedron &P, const LinCons &C,
             const std::vector<unsigned> *Map = nullptr) {
  PPL::Linear_Expression L = toPPL(C.E, Map);
  if (C.Eq)
    P.add_constraint(L == 0);
  else
    P.add_constraint(L >= 0);
}

bool fits(const PPL::Coefficient &K, int64_t &Out) {
  if (!K.fits_slong_p())
    return false;
  Out = K.get_si();
  return true;
}

Polyhedron fromPPL(const PPL::C_Polyhedron &P) {
  Polyhedron R;
  if (P.is_empty())
    return R;
  R.Empty = false;
  for (const PPL::Constraint &C : P.minimized_constraints()) {
    LinCons L;
    L.Eq = C.is_equality();
    bool Ok = fits(C.inhomogeneous_term(), L.E.Const);
    for (PPL::dimension_type I = 0; Ok && I < C.space_dimension(); ++I) {
      int64_t K;
      Ok = fits(C.coefficient(PPL::Variable(I)), K);
      if (Ok && K != 0)
        L.E.Coeffs[I] = K;
    }
    if (!Ok) {
      R.Weakened = true;
      continue;
    }
    if (L.E.Coeffs.empty() && L.E.Const >= 0 && !L.Eq)
      continue; // the trivial 1 >= 0
    R.Cons.push_back(std::move(L));
  }
  return R;
}

/// All coefficients of P's constraints within +-2^24. Descending sweeps may
/// converge towards a non-polyhedral limit with exploding coefficients; a
/// step that leaves this range is not taken (any subset of the descending
/// steps keeps a post-fixpoint).
bool tame(const PPL::C_Polyhedron &P) {
  static const PPL::Coefficient Bound(1 << 24);
  for (const PPL::Constraint &C : P.minimized_constraints()) {
    if (PPL::Coefficient(abs(C.inhomogeneous_term())) > Bound)
      return false;
    for (PPL::dimension_type I = 0; I < C.space_dimension(); ++I)
      if (PPL::Coefficient(abs(C.coefficient(PPL::Variable(I)))) > Bound)
        return false;
  }
  return true;
}

class Analyser {
public:
  Analyser(const ClauseSet &S, const AbsOptions &O, AbsStats &Stats)
      : S(S), O(O), Stats(Stats) {}
  AbsResult run();

private:
  const ClauseSet &S;
  const AbsOptions &O;
  AbsStats &Stats;
  std::vector<PPL::C_Polyhedron> P;
  std::vector<bool> Widen;
  /// Per widening point: the clause constraints over its arguments alone
  /// (loop guards), kept by the widening when the new polyhedron meets them.
  std::vector<PPL::Constraint_System> Thresholds;
  std::vector<unsigned> Updates;
  std::vector<int> First; ///< the clause that first made a predicate non-empty

  void findWideningPoints();
  /// The head's polyhedron the clause derives from P (for a query, the
  /// body's: empty iff the query is unreachable in the abstraction).
  PPL::C_Polyhedron post(const Clause &C);
  bool ascend();
  void descend();
  bool buildCex(unsigned Pred, Derivation &D, size_t &Budget);
};

void Analyser::findWideningPoints() {
  // Edges body predicate -> head predicate; back edges of a DFS close every
  // cycle, so widening at their targets makes the ascent terminate.
  size_t N = S.Preds.size();
  std::vector<std::vector<unsigned>> Succ(N);
  for (const Clause &C : S.Clauses)
    if (!C.isQuery())
      for (const Atom &A : C.Body)
        Succ[A.Pred].push_back(C.Head);
  std::vector<int> Mark(N, 0); // 0 new, 1 on stack, 2 done
  Widen.assign(N, false);
  for (unsigned Root = 0; Root < N; ++Root) {
    if (Mark[Root])
      continue;
    std::vector<std::pair<unsigned, size_t>> Stack{{Root, 0}};
    Mark[Root] = 1;
    while (!Stack.empty()) {
      auto &[V, I] = Stack.back();
      if (I == Succ[V].size()) {
        Mark[V] = 2;
        Stack.pop_back();
        continue;
      }
      unsigned W = Succ[V][I++];
      if (Mark[W] == 1)
        Widen[W] = true;
      else if (Mark[W] == 0) {
        Mark[W] = 1;
        Stack.push_back({W, 0});
      }
    }
  }
  for (bool B : Widen)
    Stats.WideningPoints += B;
  Thresholds.assign(N, PPL::Constraint_System());
  auto add = [&](unsigned P, const LinCons &L,
                 const std::vector<unsigned> &Args) {
    // L's variables must all be arguments of the atom: position of each.
    std::vector<unsigned> Map(*std::max_element(Args.begin(), Args.end()) + 1,
                              ~0u);
    for (unsigned I = 0; I < Args.size(); ++I)
      Map[Args[I]] = I;
    for (auto [V, K] : L.E.Coeffs)
      if (V >= Map.size() || Map[V] == ~0u)
        return;
    PPL::Linear_Expression E;
    for (auto [V, K] : L.E.Coeffs)
      E += PPL::Coefficient(K) * PPL::Variable(Map[V]);
    E += PPL::Coefficient(L.E.Const);
    Thresholds[P].insert(E >= 0);
    if (L.Eq)
      Thresholds[P].insert(E <= 0);
  };
  for (const Clause &C : S.Clauses) {
    if (!C.isQuery() && Widen[C.Head] && S.Preds[C.Head].Arity) {
      std::vector<unsigned> Head(S.Preds[C.Head].Arity);
      for (unsigned I = 0; I < Head.size(); ++I)
        Head[I] = I;
      for (const LinCons &L : C.Cons)
        if (!L.E.Coeffs.empty())
          add(C.Head, L, Head);
    }
    for (const Atom &A : C.Body)
      if (Widen[A.Pred] && !A.Args.empty())
        for (const LinCons &L : C.Cons)
          if (!L.E.Coeffs.empty())
            add(A.Pred, L, A.Args);
  }
}

PPL::C_Polyhedron Analyser::post(const Clause &C) {
  unsigned Arity = C.isQuery() ? 0 : S.Preds[C.Head].Arity;
  for (const Atom &A : C.Body)
    if (P[A.Pred].is_empty())
      return PPL::C_Polyhedron(Arity, PPL::EMPTY);
  PPL::C_Polyhedron R(C.NumVars, PPL::UNIVERSE);
  for (const LinCons &L : C.Cons)
    addCons(R, L);
  ++Stats.PolyOps;
  for (const Atom &A : C.Body) {
    for (const PPL::Constraint &K : P[A.Pred].minimized_constraints()) {
      PPL::Linear_Expression L;
      for (PPL::dimension_type I = 0; I < K.space_dimension(); ++I)
        L += K.coefficient(PPL::Variable(I)) * PPL::Variable(A.Args[I]);
      L += K.inhomogeneous_term();
      if (K.is_equality())
        R.add_constraint(L == 0);
      else
        R.add_constraint(L >= 0);
    }
    ++Stats.PolyOps;
  }
  R.remove_higher_space_dimensions(Arity);
  ++Stats.PolyOps;
  return R;
}

/// Gauss-Seidel sweeps until no polyhedron grows. False when stopped.
bool Analyser::ascend() {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    ++Stats.Sweeps;
    for (unsigned CI = 0; CI < S.Clauses.size(); ++CI) {
      const Clause &C = S.Clauses[CI];
      if (C.isQuery())
        continue;
      if (O.Stop && O.Stop())
        return false;
      PPL::C_Polyhedron R = post(C);
      PPL::C_Polyhedron &Old = P[C.Head];
      ++Stats.PolyOps;
      if (R.is_empty() || Old.contains(R))
        continue;
      if (Old.is_empty())
        First[C.Head] = CI;
      PPL::C_Polyhedron New = Old;
      New.poly_hull_assign(R);
      ++Stats.PolyOps;
      if (Widen[C.Head] && ++Updates[C.Head] > O.WideningDelay &&
          !Old.is_empty()) {
        New.limited_BHRZ03_extrapolation_assign(Old, Thresholds[C.Head]);
        ++Stats.Widenings;
        ++Stats.PolyOps;
      }
      Old = std::move(New);
      Changed = true;
    }
  }
  return true;
}

/// Descending sweeps, Gauss-Seidel: each predicate in turn becomes the hull
/// of its clauses' posts from the current P (meet its old polyhedron). When
/// P is a post-fixpoint (F(P) <= P), so is the result: the new value is
/// F(P)[p] <= P[p], and F only shrinks with its argument. Stops when a
/// sweep changes nothing.
void Analyser::descend() {
  std::vector<std::vector<unsigned>> ClausesOf(S.Preds.size());
  std::vector<unsigned> Order;
  for (unsigned CI = 0; CI < S.Clauses.size(); ++CI) {
    const Clause &C = S.Clauses[CI];
    if (C.isQuery())
      continue;
    if (ClausesOf[C.Head].empty())
      Order.push_back(C.Head);
    ClausesOf[C.Head].push_back(CI);
  }
  for (unsigned K = 0; K < O.Narrowing; ++K) {
    bool Changed = false;
    for (unsigned P0 : Order) {
      if (O.Stop && O.Stop())
        return;
      PPL::C_Polyhedron Next(S.Preds[P0].Arity, PPL::EMPTY);
      for (unsigned CI : ClausesOf[P0]) {
        Next.poly_hull_assign(post(S.Clauses[CI]));
        ++Stats.PolyOps;
      }
      Next.intersection_assign(P[P0]);
      Stats.PolyOps += 2;
      if (Next != P[P0] && tame(Next)) {
        P[P0] = std::move(Next);
        Changed = true;
      }
    }
    ++Stats.Sweeps;
    if (!Changed)
      break;
  }
}

/// The derivation of Pred through the clauses that first made each
/// predicate non-empty: their bodies were non-empty earlier, so it is finite.
bool Analyser::buildCex(unsigned Pred, Derivation &D, size_t &Budget) {
  if (Budget-- == 0)
    return false;
  assert(First[Pred] >= 0 && "a non-empty predicate without a first clause");
  D.Clause = First[Pred];
  for (const Atom &A : S.Clauses[D.Clause].Body) {
    D.Children.emplace_back();
    if (!buildCex(A.Pred, D.Children.back(), Budget))
      return false;
  }
  return true;
}

AbsResult Analyser::run() {
  AbsResult Res;
  for (const Predicate &Pr : S.Preds)
    P.emplace_back(Pr.Arity, PPL::EMPTY);
  Updates.assign(S.Preds.size(), 0);
  First.assign(S.Preds.size(), -1);
  findWideningPoints();
  if (!ascend()) {
    Res.Stopped = true;
    return Res;
  }
  // Narrowing keeps a post-fixpoint and may make queries unreachable.
  descend();
  for (unsigned CI = 0; CI < S.Clauses.size(); ++CI) {
    const Clause &C = S.Clauses[CI];
    if (!C.isQuery())
      continue;
    ++Stats.PolyOps;
    if (post(C).is_empty())
      continue;
    Derivation D;
    D.Clause = CI;
    size_t Budget = O.MaxDerivationNodes;
    bool Ok = true;
    for (const Atom &A : C.Body) {
      D.Children.emplace_back();
      Ok = Ok && buildCex(A.Pred, D.Children.back(), Budget);
    }
    if (!Ok) {
      Res.TooLarge = true;
      return Res;
    }
    Res.Cex = std::move(D);
    break;
  }
  for (const PPL::C_Polyhedron &Q : P)
    Res.Inv.push_back(fromPPL(Q));
  return Res;
}

} // namespace

namespace {
struct Abandoned {};
/// PPL polls this inside its expensive loops (the conversion between
/// constraints and generators is exponential in the dimension): it throws
/// Abandoned once Options.Stop answers true, checked every 4096 polls.
struct StopGuard final : PPL::Throwable {
  const AbsOptions &O;
  mutable unsigned Polls = 0;
  explicit StopGuard(const AbsOptions &O) : O(O) {}
  void throw_me() const override {
    if ((++Polls & 4095) == 0 && O.Stop())
      throw Abandoned();
  }
};
} // namespace

namespace {
/// PPL initialised once, and its rounding mode set for the guard's scope.
struct PplScope {
  PplScope() {
    static std::once_flag Once;
    std::call_once(Once, [] {
      PPL::initialize();
      PPL::restore_pre_PPL_rounding();
    });
    PPL::set_rounding_for_PPL();
  }
  ~PplScope() { PPL::restore_pre_PPL_rounding(); }
};
} // namespace

AbsResult vcdpor::analyse(const ClauseSet &S, const AbsOptions &O,
                          AbsStats &Stats) {
  PplScope Rounding;
  Analyser A(S, O, Stats);
  if (!O.Stop)
    return A.run();
  StopGuard G(O);
  PPL::abandon_expensive_computations = &G;
  AbsResult R;
  try {
    R = A.run();
  } catch (const Abandoned &) {
    R = AbsResult();
    R.Stopped = true;
  }
  PPL::abandon_expensive_computations = nullptr;
  return R;
}
