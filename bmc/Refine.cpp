//===- bmc/Refine.cpp - bmc-refine: scheduling-constraint refinement ------===//
//
// Paper 000 (Yogar-CBMC) on bmc's encoding. The solver holds Hard, the
// monolithic formula without the read events' scheduling constraint
// (Encoding::Sched: "no write of the location between a read and its
// source"). Clocks stay in Hard: mutexes, condition variables, atomic
// sections, joins, deadlocks, memory safety, races and the loop-bound
// query are all clock formulas there, exact as in bmc; only the expensive
// part is abstracted. Each model of Hard and the goal is checked:
//   1. its event order graph (bmc/EventGraph.h) with the paper's rules to a
//      fixpoint; a cycle proves it spurious, and every core kernel reason
//      (bmc/OrderGraph.h) becomes a clause "not all of these literals";
//   2. with no cycle (the rules are incomplete: the butterfly), the exact
//      check: the Sched constraints the model violates are added back. A
//      model that violates none satisfies the whole monolithic formula, and
//      only such a model is returned (the interpreter still replays it).
// Both kinds of clause are implied by the monolithic formula, so they are
// kept for the rest of the bound (the goal is an assumption literal), and
// the loop terminates: each clause is false in the model that caused it.
//
//===----------------------------------------------------------------------===//
#include "bmc/Decide.h"
#include "bmc/EventGraph.h"

#include <chrono>

namespace vcdpor::bmc {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

class Refining final : public Decider {
public:
  Refining(z3::context &C, const SymProgram &SP, const Encoding &En,
           TimeLeft Left, Stats &St)
      : C(C), S(C), En(En), Left(std::move(Left)), St(St), M(C) {
    auto T0 = Clock::now();
    Graph = std::make_unique<EventGraph>(C, SP, En);
    St.SmtGraphS += since(T0);
    S.add(En.Hard);
    Added.assign(En.Sched.size(), false);
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
      if (refine())
        St.SmtRefinements++;
      else
        return z3::sat;
    }
  }
  z3::model model() override { return M; }
  std::string reasonUnknown() override { return Why; }

private:
  /// Adds the clauses that exclude M when M is spurious; returns whether
  /// it was.
  bool refine() {
    auto T0 = Clock::now();
    const std::vector<z3::expr> &Lits = Graph->literals();
    std::vector<int8_t> Val(Lits.size(), -1);
    OrderGraph G = Graph->build([&](unsigned L) {
      if (Val[L] < 0)
        Val[L] = M.eval(Lits[L], true).is_true();
      return Val[L] == 1;
    });
    bool Acyclic = G.derive();
    std::vector<Reason> Kernels;
    if (!Acyclic)
      Kernels = G.kernelReasons(&St.SmtKernelFound);
    St.SmtGraphS += since(T0);
    unsigned Clauses = 0;
    for (const Reason &K : Kernels) {
      if (K.empty())
        continue; // would say the formula is unsatisfiable: never trusted
      z3::expr_vector Not(C);
      for (unsigned L : K)
        Not.push_back(!Lits[L]);
      S.add(z3::mk_or(Not));
      ++Clauses;
    }
    St.SmtKernelKept += Clauses;
    if (Clauses)
      return true;
    // The exact check: the scheduling constraints M violates.
    unsigned Lazy = addViolatedSched(S, En, M, Added);
    St.SmtLazy += Lazy;
    return Lazy > 0;
  }

  z3::context &C;
  z3::solver S;
  const Encoding &En;
  TimeLeft Left;
  Stats &St;
  std::unique_ptr<EventGraph> Graph;
  std::vector<bool> Added; ///< per Sched constraint: in the solver
  z3::model M;
  std::string Why;
  unsigned Goals = 0;
};

} // namespace

std::unique_ptr<Decider> makeRefining(z3::context &C, const SymProgram &SP,
                                      const Encoding &En, TimeLeft Left,
                                      Stats &St) {
  return std::make_unique<Refining>(C, SP, En, std::move(Left), St);
}

} // namespace vcdpor::bmc
