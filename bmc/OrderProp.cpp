//===- bmc/OrderProp.cpp - bmc-oc: order consistency inside the search ----===//
//
// Zord's idea on bmc's encoding: the solver holds Hard (as bmc-refine's,
// without the read events' scheduling constraint) and a user propagator
// that watches the event order graph's literals (bmc/EventGraph.h) while
// the search assigns them:
//   - each rf or order literal assigned true adds its edge; a cycle through
//     it (a shortest one, counted in literals: static edges are free) is a
//     conflict on the literals of the cycle;
//   - an rf literal rf(r, w) and a cand literal cand(r, w') both true with
//     w ->+ w' ->+ r already in the graph is the same contradiction as the
//     cycle rule 2 derives (w' between w and r): a conflict on the three
//     paths' literals; otherwise, when one of the two is true and the path
//     w ->+ w' ->+ r exists, the other is propagated false, with the
//     paths' literals as its reason (the from-read and coherence
//     consequences of that order);
//   - at the final check (a full assignment) the paper's rules run to a
//     fixpoint (bmc/OrderGraph.h) and each core kernel reason of a cycle
//     is a conflict.
// After the search, the model gets the same exact check as bmc-refine's
// (Refine.cpp): the Sched constraints it violates are added back and the
// search repeats; only a model violating none is returned.
//
// Z3 4.8.12's C++ user_propagator_base never calls
// Z3_solver_propagate_init, and registering a compound term gives it the
// id of another: so the C API is used directly, on fresh Boolean
// constants equated with the literals, in a solver made with
// z3::solver::simple() (the propagator needs the SMT core).
//
//===----------------------------------------------------------------------===//
#include "bmc/Decide.h"
#include "bmc/EventGraph.h"

#include <algorithm>
#include <chrono>
#include <deque>

namespace vcdpor::bmc {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

class OrderChecking final : public Decider {
public:
  OrderChecking(z3::context &C, const SymProgram &SP, const Encoding &En,
                TimeLeft Left, Stats &St)
      : C(C), S(C, z3::solver::simple()), En(En), Left(std::move(Left)), St(St),
        M(C) {
    auto T0 = Clock::now();
    Graph = std::make_unique<EventGraph>(C, SP, En);
    St.SmtGraphS += since(T0);
    S.add(En.Hard);
    Added.assign(En.Sched.size(), false);
    const std::vector<z3::expr> &Lits = Graph->literals();
    Val.assign(Lits.size(), -1);
    Adj.resize(Graph->numNodes());
    for (auto &[A, B] : Graph->staticEdges())
      Adj[A].push_back({B, -1});
    Z3_solver_propagate_init(C, S, this, pushEh, popEh, freshEh);
    Z3_solver_propagate_fixed(C, S, fixedEh);
    Z3_solver_propagate_final(C, S, finalEh);
    IdOf.assign(Lits.size(), 0);
    for (unsigned L = 0; L < Lits.size(); ++L) {
      z3::expr V = C.bool_const(("oc!" + std::to_string(L)).c_str());
      S.add(V == Lits[L]);
      Vars.push_back(V);
      unsigned Id = Z3_solver_propagate_register(C, S, V);
      if (LitOfId.size() <= Id)
        LitOfId.resize(Id + 1, -1);
      LitOfId[Id] = int(L);
      IdOf[L] = Id;
    }
  }

  z3::check_result check(const z3::expr &Goal) override {
    z3::expr G = C.bool_const(("goal!" + std::to_string(Goals++)).c_str());
    S.add(z3::implies(G, Goal));
    z3::expr_vector A(C);
    A.push_back(G);
    St.SmtQueries++;
    while (true) {
      setTimeout(C, S, Left);
      auto T0 = Clock::now();
      z3::check_result R = S.check(A);
      St.SmtSolverS += since(T0);
      if (R == z3::unknown)
        Why = S.reason_unknown();
      if (R != z3::sat)
        return R;
      M = S.get_model();
      // The exact check (as bmc-refine's).
      unsigned Lazy = addViolatedSched(S, En, M, Added);
      if (!Lazy)
        return z3::sat;
      St.SmtLazy += Lazy;
      St.SmtRefinements++;
    }
  }
  z3::model model() override { return M; }
  std::string reasonUnknown() override { return Why; }

private:
  /// An edge to To, under literal Lit (-1: static).
  struct Arc {
    unsigned To;
    int Lit;
  };

  static void pushEh(void *P) {
    auto *T = static_cast<OrderChecking *>(P);
    T->Limits.push_back({T->Trail.size(), T->EdgeTrail.size()});
  }
  static void popEh(void *P, unsigned N) {
    auto *T = static_cast<OrderChecking *>(P);
    auto [Lits, Arcs] = T->Limits[T->Limits.size() - N];
    T->Limits.resize(T->Limits.size() - N);
    while (T->Trail.size() > Lits) {
      T->Val[T->Trail.back()] = -1;
      T->Trail.pop_back();
    }
    while (T->EdgeTrail.size() > Arcs) {
      T->Adj[T->EdgeTrail.back()].pop_back();
      T->EdgeTrail.pop_back();
    }
  }
  static void *freshEh(void *P, Z3_context) { return P; }
  static void fixedEh(void *P, Z3_solver_callback Cb, unsigned Id,
                      Z3_ast Value) {
    auto *T = static_cast<OrderChecking *>(P);
    z3::expr V(T->C, Value);
    T->fixed(Cb, Id, V.is_true());
  }
  static void finalEh(void *P, Z3_solver_callback Cb) {
    static_cast<OrderChecking *>(P)->final(Cb);
  }

  /// The literals of a path From ->* To with the fewest literals (a 0-1
  /// breadth-first search: static edges cost nothing); false when none.
  bool path(unsigned From, unsigned To, std::vector<unsigned> &Lits) {
    const unsigned N = Adj.size();
    Dist.assign(N, ~0u);
    Via.assign(N, {~0u, -1});
    std::deque<unsigned> Q{From};
    Dist[From] = 0;
    while (!Q.empty()) {
      unsigned V = Q.front();
      Q.pop_front();
      if (V == To)
        break;
      for (const Arc &A : Adj[V]) {
        unsigned D = Dist[V] + (A.Lit >= 0);
        if (D >= Dist[A.To])
          continue;
        Dist[A.To] = D;
        Via[A.To] = {V, A.Lit};
        if (A.Lit >= 0)
          Q.push_back(A.To);
        else
          Q.push_front(A.To);
      }
    }
    if (Dist[To] == ~0u)
      return false;
    for (unsigned V = To; V != From; V = Via[V].first)
      if (Via[V].second >= 0)
        Lits.push_back(unsigned(Via[V].second));
    return true;
  }

  void conflict(Z3_solver_callback Cb, std::vector<unsigned> Lits) {
    std::sort(Lits.begin(), Lits.end());
    Lits.erase(std::unique(Lits.begin(), Lits.end()), Lits.end());
    std::vector<unsigned> Ids;
    for (unsigned L : Lits)
      Ids.push_back(IdOf[L]);
    Z3_solver_propagate_consequence(C, Cb, Ids.size(), Ids.data(), 0, nullptr,
                                    nullptr, C.bool_val(false));
    St.SmtConflicts++;
  }
  void propagateFalse(Z3_solver_callback Cb, std::vector<unsigned> Lits,
                      unsigned Target) {
    std::sort(Lits.begin(), Lits.end());
    Lits.erase(std::unique(Lits.begin(), Lits.end()), Lits.end());
    std::vector<unsigned> Ids;
    for (unsigned L : Lits)
      Ids.push_back(IdOf[L]);
    Z3_solver_propagate_consequence(C, Cb, Ids.size(), Ids.data(), 0, nullptr,
                                    nullptr, !Vars[Target]);
    St.SmtPropagations++;
  }

  /// Rule 2 for one reads-from record and one other write: w ->+ w' ->+ r
  /// contradicts rf(r, w) and cand(r, w') together. With both true, a
  /// conflict; with one true and the other unassigned, the other is
  /// propagated false. Returns whether a conflict was raised.
  bool between(Z3_solver_callback Cb, unsigned Choice, unsigned Rf,
               unsigned Src) {
    int Cand = Graph->candLits(Choice)[Src];
    if (Cand < 0 || Rf == Graph->rfLits(Choice)[Src])
      return false;
    int VR = Val[Rf], VC = Val[Cand];
    if (VR == 0 || VC == 0 || (VR < 0 && VC < 0))
      return false;
    const EventGraph::LitInfo &RI = Graph->info(Rf), &CI = Graph->info(Cand);
    std::vector<unsigned> Why;
    if (!path(RI.From, CI.From, Why) || !path(CI.From, RI.To, Why))
      return false;
    if (VR == 1 && VC == 1) {
      Why.push_back(Rf);
      Why.push_back(unsigned(Cand));
      conflict(Cb, Why);
      return true;
    }
    if (VR == 1) {
      Why.push_back(Rf);
      propagateFalse(Cb, Why, unsigned(Cand));
    } else {
      Why.push_back(unsigned(Cand));
      propagateFalse(Cb, Why, Rf);
    }
    return false;
  }

  void fixed(Z3_solver_callback Cb, unsigned Id, bool True) {
    if (Id >= LitOfId.size() || LitOfId[Id] < 0)
      return;
    unsigned L = unsigned(LitOfId[Id]);
    if (Val[L] >= 0)
      return;
    Val[L] = True;
    Trail.push_back(L);
    if (!True)
      return;
    auto T0 = Clock::now();
    const EventGraph::LitInfo &I = Graph->info(L);
    if (I.Kind != EventGraph::LitKind::Cand) {
      // A new edge From -> To: a cycle when To already reaches From.
      std::vector<unsigned> Why;
      if (path(I.To, I.From, Why)) {
        Why.push_back(L);
        conflict(Cb, Why);
        St.SmtGraphS += since(T0);
        return;
      }
      Adj[I.From].push_back({I.To, int(L)});
      EdgeTrail.push_back(I.From);
    }
    if (I.Kind == EventGraph::LitKind::Rf) {
      const std::vector<unsigned> &Rfs = Graph->rfLits(I.Choice);
      for (unsigned K = 0; K < Rfs.size(); ++K)
        if (between(Cb, I.Choice, L, K))
          break;
    } else if (I.Kind == EventGraph::LitKind::Cand) {
      for (unsigned Rf : Graph->rfLits(I.Choice))
        if (Val[Rf] == 1) {
          between(Cb, I.Choice, Rf, I.Source);
          break; // one source holds
        }
    }
    St.SmtGraphS += since(T0);
  }

  void final(Z3_solver_callback Cb) {
    auto T0 = Clock::now();
    OrderGraph G = Graph->build([&](unsigned L) { return Val[L] == 1; });
    if (!G.derive()) {
      unsigned Raised = 0;
      for (const Reason &K : G.kernelReasons(&St.SmtKernelFound)) {
        if (K.empty() || Raised == 8)
          continue;
        conflict(Cb, K);
        ++Raised;
      }
      St.SmtKernelKept += Raised;
    }
    St.SmtGraphS += since(T0);
  }

  z3::context &C;
  z3::solver S;
  const Encoding &En;
  TimeLeft Left;
  Stats &St;
  std::unique_ptr<EventGraph> Graph;
  std::vector<bool> Added;
  z3::model M;
  std::string Why;
  unsigned Goals = 0;

  std::vector<z3::expr> Vars; ///< per literal: its registered constant
  std::vector<unsigned> IdOf; ///< per literal: its propagator id
  std::vector<int> LitOfId;
  std::vector<int8_t> Val;     ///< per literal: -1 unassigned, 0, 1
  std::vector<unsigned> Trail; ///< literals assigned, in order
  std::vector<std::vector<Arc>> Adj;
  std::vector<unsigned> EdgeTrail; ///< nodes whose Adj grew, in order
  std::vector<std::pair<size_t, size_t>> Limits;
  std::vector<unsigned> Dist;
  std::vector<std::pair<unsigned, int>> Via;
};

} // namespace

std::unique_ptr<Decider> makeOrderChecking(z3::context &C, const SymProgram &SP,
                                           const Encoding &En, TimeLeft Left,
                                           Stats &St) {
  return std::make_unique<OrderChecking>(C, SP, En, std::move(Left), St);
}

} // namespace vcdpor::bmc
