//===- bmc/Bmc.h - Bounded model checking with an SMT solver -----*- C++ -*-===//
//
// --engine=bmc: every thread of the program unrolled to a bound, every
// interleaving and every nondet value at once, one SMT query (Z3) under
// sequential consistency. A counterexample is never trusted: the model's
// schedule and nondet values are replayed through the interpreter, which
// must reach the same finding; only that replay is reported. No Z3 type
// appears in this header.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_BMC_H
#define VCDPOR_BMC_BMC_H

#include "dpor/Explorer.h"

#include <functional>

namespace vcdpor {

struct Program;

/// How each bound's formula is decided (bmc/Decide.h): --engine=bmc,
/// bmc-refine (scheduling-constraint refinement, paper 000) or bmc-oc
/// (order consistency checked inside the solver's search).
enum class BmcEngine { Monolithic, Refine, OrderCheck };

/// The decision procedure of each bound's formula: Z3, or ACDLP
/// (bmc/acdlp/, paper 004; --engine=bmc only, one-thread programs).
enum class BmcSolver { Z3, Acdlp };

struct BmcOptions {
  BmcEngine Engine = BmcEngine::Monolithic;
  BmcSolver Solver = BmcSolver::Z3;
  bool AcdlpRestarts = false;
  /// ACDLP decides a bit-vector's lowest unknown bit instead of halving
  /// its unsigned interval.
  bool AcdlpBitDecisions = false;
  /// ACDLP's search log, line by line (empty: none).
  std::function<void(const std::string &)> AcdlpTrace;
  /// Loop iterations (and recursion depth) per loop; 0: deepen 1, 2, 4, ...
  /// until the bound is complete, an error is found or time runs out.
  unsigned Unroll = 0;
  unsigned MaxUnroll = 64; ///< with Unroll 0: the deepest bound tried
  double TimeoutS = 0;     ///< 0: none
  /// Data races (dpor/Races.h): Error makes them findings of the query;
  /// Off and Warn leave them out (ExploreResult::RacesChecked stays false).
  RaceMode Races = RaceMode::Off;
  /// Only data races are sought (SV-COMP's no-data-race): an execution
  /// stops at any other finding, and deadlocks are not errors.
  bool RacesOnly = false;
  /// Set by another thread to stop the search (the solver is interrupted);
  /// the result is then Unknown with Limit "cancelled", or the last bound
  /// answered.
  std::shared_ptr<std::atomic<bool>> Cancel;
};

/// Checks P up to the bound. Sys must be an interpreter of P: it confirms
/// every counterexample before it is reported (System::forceNondet()).
/// Result: Error (confirmed), Safe (no error and no execution reaches the
/// bound: a proof for every execution), Bounded (no error up to the bound),
/// Unknown (time out); Refused names a construct bmc does not model, or an
/// internal inconsistency (a model the interpreter does not confirm).
ExploreResult runBmc(const Program &P, System &Sys, const BmcOptions &O);

/// The version of the Z3 library bmc runs on ("4.8.12").
std::string z3Version();

} // namespace vcdpor

#endif
