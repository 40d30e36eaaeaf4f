//===- bmc/acdlp/Solver.h - Abstract conflict-driven learning ---*- C++ -*-===//
//
// ACDLP (paper 004) over the interval domain of Domain.h: CDCL lifted from
// Boolean assignments to abstract values. The state is one Box per node;
// every change to it is a bound (a meet-irreducible Lit) on the trail,
// with its level and its reason (bounds that were true before it).
//   deduction   the greatest fixpoint of every node's forward and backward
//               transformers and of the learned clauses (a work list);
//   decision    a bound that splits an unfixed node's interval in two:
//               Booleans first (branch conditions, guards), then the
//               formula's bit-vector constants (nondet values), then its
//               integers (clocks: the lowest value first), by activity;
//   conflict    an empty box: first-UIP analysis over the trail gives a
//               clause of complements of bounds (learned), and a
//               backjump to its second-highest level;
//   restarts    only when SolverOptions::Restarts is set (Luby).
// Sat means every node is a single value and no transformer changes it:
// those values satisfy every node's concrete semantics and the roots.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_ACDLP_SOLVER_H
#define VCDPOR_BMC_ACDLP_SOLVER_H

#include "bmc/acdlp/Domain.h"

#include <array>
#include <deque>
#include <functional>

namespace vcdpor::bmc::acdlp {

struct SolverStats {
  uint64_t Decisions = 0, Propagations = 0, Conflicts = 0, Learned = 0,
           Restarts = 0;
};

struct SolverOptions {
  bool Restarts = false;
  /// Bit-vector decisions fix their lowest unknown bit instead of halving
  /// the unsigned interval.
  bool BitDecisions = false;
  unsigned LubyUnit = 64; ///< conflicts per Luby unit
  /// Receives the trace (decisions, propagations, conflicts, learned
  /// clauses), one line per call; empty: none.
  std::function<void(const std::string &)> Trace;
  /// Polled during the search: true makes solve() give up (Unknown).
  std::function<bool()> Stop;
};

enum class Answer { Sat, Unsat, Unknown };

class Solver {
public:
  Solver(Ir P, SolverOptions O);
  Answer solve();
  /// After Sat: node N's value (Int: two's complement).
  uint64_t value(uint32_t N) const;
  const SolverStats &stats() const { return St; }
  const Ir &ir() const { return P; }
  const Box &box(uint32_t N) const { return D[N]; }

  // The steps of solve(), public for the unit tests of conflict analysis.
  /// Asserts the roots at level 0; false when that conflicts.
  bool start();
  /// Opens a decision level with L.
  void decide(const Lit &L);
  /// Runs transformers and clauses to a fixpoint; false on a conflict.
  bool propagate();
  /// After propagate() gave false above level 0: the first-UIP clause (its
  /// first literal the asserting one) and the level to backjump to.
  void analyze(std::vector<Lit> &Learned, unsigned &BackLevel);
  /// Backjumps to Level and adds Clause (asserting there).
  void learn(const std::vector<Lit> &Clause, unsigned Level);
  unsigned level() const { return unsigned(Lim.size()); }

private:
  struct Entry {
    Lit L;
    uint64_t Prev; ///< the bound before it
    int PrevEntry; ///< the entry that set Prev, -1: the initial box
    unsigned Level;
    int Reason; ///< index into Pool, -1: a decision
    unsigned ReasonLen;
    size_t PoolMark; ///< Pool's size before the entry
  };
  struct Clause {
    std::vector<Lit> Lits, Comps; ///< the literals and their complements
  };

  Ir P;
  SolverOptions O;
  SolverStats St;
  std::vector<Box> D;
  /// Per node and bound kind: the entry that set it (-1: the initial box).
  std::vector<std::array<int, 4>> Last;
  /// The same per bit-vector node, bit and value, from BitBase[node].
  std::vector<int> LastBit;
  std::vector<size_t> BitBase;
  int &last(const Lit &L) {
    if (L.K == Bound::Bit0 || L.K == Bound::Bit1)
      return LastBit[BitBase[L.Var] + 2 * L.C + (L.K == Bound::Bit1)];
    return Last[L.Var][unsigned(L.K)];
  }
  std::vector<Entry> Trail;
  std::vector<Lit> Pool;
  std::vector<size_t> Lim;                ///< trail size at each level's start
  std::vector<std::vector<uint32_t>> Occ; ///< constraints per node
  std::vector<Clause> Clauses;            ///< constraint P.Nodes.size()+i
  std::deque<uint32_t> Queue;
  std::vector<char> InQueue;
  std::vector<double> Activity;
  double Bump = 1;
  /// Decision order: 0 Bool, 1 bit-vector leaf, 2 integer leaf, 3 other,
  /// 4 never (constants).
  std::vector<uint8_t> Class;
  std::vector<uint64_t> Phase;
  std::vector<char> HasPhase;
  std::vector<Lit> Conflict; ///< true bounds whose conjunction is false
  std::string ConflictAt;
  std::vector<Lit> Scratch;
  bool PendingConflict = false; ///< Conflict holds one propagate() reports
  size_t Work = 0;              ///< bounds set in this propagate()

  void trace(const std::string &S) {
    if (O.Trace)
      O.Trace(S);
  }
  void enqueue(uint32_t C);
  /// Makes L true with Why (true bounds) as its reason; false on conflict.
  bool set(const Lit &L, const std::vector<Lit> &Why, const char *By);
  /// Tightens node V to box B (met with its current one).
  bool narrow(uint32_t V, const Box &B, const std::vector<Lit> &Why,
              const char *By);
  bool channel(uint32_t V);
  /// V's bounds that are tighter than its sort's: Views 1 unsigned,
  /// 2 signed, 4 known bits, or a sum.
  void boundsOf(uint32_t V, std::vector<Lit> &Out, unsigned Views = 7) const;
  /// Sets each bound and bit of New tighter than Old's.
  bool setAll(uint32_t V, const Box &Old, const Box &New,
              const std::vector<Lit> &Why, const char *By);
  bool propNode(uint32_t N);
  /// Meets To with From's box where Cond holds; each new bound's reason
  /// is Cond and the same bound of From.
  bool copy(uint32_t To, uint32_t From, const Lit &Cond, const char *By);
  bool propAndOr(uint32_t N);
  bool propClause(uint32_t K);
  int source(const Lit &L) const;
  void backtrack(unsigned Level);
  bool pickDecision(Lit &L);
};

} // namespace vcdpor::bmc::acdlp

#endif
