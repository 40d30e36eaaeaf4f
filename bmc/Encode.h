//===- bmc/Encode.h - The SC formula of a bounded program --------*- C++ -*-===//
//
// The monolithic encoding of a SymProgram under sequential consistency.
// Every event has an integer clock; a thread's events are ordered by their
// listing (which extends program order), a child's after its creation. An
// execution is a prefix: the events that run are those whose guard holds and
// whose clock is below End. A read takes its value from one write of the
// same location with a smaller clock and no write of that location between
// (or from the initial memory when there is none): with clocks a total
// order, this is exactly an SC execution. Findings, deadlocks and reaching
// the loop bound are formulas over those clocks and values.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_ENCODE_H
#define VCDPOR_BMC_ENCODE_H

#include "bmc/Model.h"

namespace vcdpor::bmc {

/// A finding the formula can reach: when Flag holds, event Event runs and
/// fails (Flag implies Cond). Kind UnsupportedAtRuntime marks what bmc
/// cannot model exactly (accesses of different sizes to overlapping bytes).
/// A DataRace's Event is the pending second access of two conflicting ones
/// that can run one right after the other.
struct Violation {
  explicit Violation(z3::context &C) : Flag(C), Cond(C) {}
  z3::expr Flag, Cond;
  unsigned Event = 0;
  FindingKind Kind = FindingKind::Assertion;
  std::string Message;
};

/// Wait's wake-up (its CondWake event) came from signal or broadcast
/// Signal when Var holds.
struct Wake {
  explicit Wake(z3::context &C) : Var(C) {}
  unsigned Wait = 0, Signal = 0;
  z3::expr Var;
};

/// One read event's reads-from choices: when Exec holds, exactly one of
/// Sources' variables does; a source is a write event, or -1 for the
/// initial value. A variable implies its write's guard, address and value
/// and that the write's clock is below the read's.
struct RfChoice {
  explicit RfChoice(z3::context &C) : Exec(C) {}
  unsigned Read = 0;
  z3::expr Exec;
  std::vector<std::pair<int, z3::expr>> Sources;
};

/// An order that holds when Cond does: From's clock is below To's (a join
/// after the joined thread's end, a wake-up between its wait and signal).
struct CondOrder {
  explicit CondOrder(z3::context &C) : Cond(C) {}
  unsigned From = 0, To = 0;
  z3::expr Cond;
};

struct Encoding {
  explicit Encoding(z3::context &C)
      : Hard(C), Sched(C), End(C.int_const("End")), Dead(C.bool_val(false)),
        Reach(C.bool_val(false)), ReachLoop(C.bool_val(false)) {}
  z3::expr_vector Hard; ///< what every execution satisfies
  /// With SplitSched: the scheduling constraint of the read events (no
  /// write of the location between a read and its source), which Hard
  /// then lacks. Hard and Sched together are the monolithic formula.
  z3::expr_vector Sched;
  std::vector<RfChoice> Rfs;      ///< per read event
  std::vector<CondOrder> Orders;
  z3::expr End;
  std::vector<Violation> Violations;
  z3::expr Dead;  ///< the execution ends in a deadlock
  z3::expr Reach; ///< some thread reaches the loop bound (or a cut)
  /// Some thread reaches a cut that a deeper unwinding moves: the loop
  /// bound, not an allocation larger than vcdpor models.
  z3::expr ReachLoop;
  std::vector<Wake> Wakes;
  /// With races encoded: conditions under which the interpreter ends the
  /// execution at another finding, as soon as a thread arrives at it (a
  /// search for races only excludes them).
  std::vector<z3::expr> Stops;
  uint64_t Reads = 0, RfVars = 0;
};

/// With Races, the data races of SP are violations too (DataRace). With
/// SplitSched, the read events' scheduling constraints go to Out.Sched
/// (bmc-refine and bmc-oc leave them out of the solver until a model
/// violates them).
void encode(z3::context &C, const SymProgram &SP, Encoding &Out,
            bool Races = false, bool SplitSched = false);

/// Whether event E runs in the execution (guard holds, clock below End).
z3::expr executes(const SymProgram &SP, const Encoding &En, unsigned E);

} // namespace vcdpor::bmc

#endif
