//===- bmc/Decide.h - How one bound's formula is decided ---------*- C++
//-*-===//
//
// The part of bmc that differs between its engines: given the encoding of
// one bound (Hard and Sched, bmc/Encode.h), decide whether a goal (a
// finding, a deadlock, reaching the loop bound) is satisfiable together
// with the whole monolithic formula. Every Decider is exact: sat comes with
// a model of Hard, Sched and the goal (the interpreter still replays it),
// unsat means the monolithic formula and the goal are unsatisfiable.
//   monolithic (bmc)  Hard and Sched in one solver;
//   refining  (bmc-refine, Refine.cpp)  Hard only; each model's event order
//             graph is checked outside the solver, its kernel reasons or
//             the Sched constraints it violates are added back;
//   order     (bmc-oc, OrderProp.cpp)  Hard only, with a user propagator
//             that checks the order graph while literals are assigned.
// Internal to bmc/.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_DECIDE_H
#define VCDPOR_BMC_DECIDE_H

#include "bmc/Encode.h"
#include "dpor/Explorer.h"

#include <functional>
#include <memory>

namespace vcdpor::bmc {

/// Seconds left for solving, or a negative number for no limit.
using TimeLeft = std::function<double()>;

class Decider {
public:
  virtual ~Decider() = default;
  /// Whether Hard, Sched and Goal are satisfiable together. Goals of
  /// successive calls are independent (each holds only for its call).
  virtual z3::check_result check(const z3::expr &Goal) = 0;
  /// After check() gave sat: the model (of the whole monolithic formula).
  virtual z3::model model() = 0;
  virtual std::string reasonUnknown() = 0;
};

enum class DecideMode { Monolithic, Refine, Order };

/// St receives the solver time and queries and the refinement figures.
std::unique_ptr<Decider> makeMonolithic(z3::context &C, const Encoding &En,
                                        TimeLeft Left, Stats &St);
std::unique_ptr<Decider> makeRefining(z3::context &C, const SymProgram &SP,
                                      const Encoding &En, TimeLeft Left,
                                      Stats &St);
std::unique_ptr<Decider> makeOrderChecking(z3::context &C, const SymProgram &SP,
                                           const Encoding &En, TimeLeft Left,
                                           Stats &St);

/// --solver=acdlp (bmc/acdlp/): Restarts enables Luby restarts; Trace, when
/// set, receives the search's log line by line.
struct AcdlpConfig {
  bool Restarts = false;
  bool BitDecisions = false; ///< acdlp::SolverOptions::BitDecisions
  std::function<void(const std::string &)> Trace;
};
/// ACDLP (paper 004) on Hard, Sched and the goal: one-thread formulas are
/// what it is meant for, but any formula of bmc's operators is decided.
/// St also receives the search figures (Stats::Solver*).
std::unique_ptr<Decider> makeAcdlp(z3::context &C, const SymProgram &SP,
                                   const Encoding &En, TimeLeft Left,
                                   Stats &St, const AcdlpConfig &Cfg);

/// Sets S's timeout to what Left allows (at least a millisecond).
void setTimeout(z3::context &C, z3::solver &S, const TimeLeft &Left);

/// The exact check of bmc-refine and bmc-oc: adds to S each scheduling
/// constraint (Encoding::Sched) not yet Added that M violates; returns how
/// many. None: M satisfies the whole monolithic formula.
unsigned addViolatedSched(z3::solver &S, const Encoding &En,
                          const z3::model &M, std::vector<bool> &Added);

} // namespace vcdpor::bmc

#endif
