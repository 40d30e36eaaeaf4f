//===- chc/FromProgram.h - A one-thread program as Horn clauses --*- C++
//-*-===//
//
// The lowered Program of a one-thread C program (interpreter/Program.h)
// turned into constrained Horn clauses over linear integer arithmetic:
//
// - one predicate per program point of each function reachable from main:
//   function entries, loop heads (targets of back edges), and the
//   instructions before and after each call of a defined function (or
//   every block, or every instruction, where the paths between those are
//   too many); its arguments are the registers live there (for a function
//   other than main all its parameters, which SSA never redefines), the
//   values the tracked globals had on entry to the function (not for main),
//   and the globals' current values. Each path between two points is a
//   clause;
// - one summary predicate per function other than main: parameters,
//   globals on entry, result, globals on return. Calls are a clause into
//   the callee's entry and a clause through the summary, so recursion needs
//   no bound;
// - integers are mathematical integers: a register of width 1 holds 0 or
//   1, a wider one the signed reading of its bits. Unsigned comparisons,
//   zero extension and unsigned division are exact (case splits on the
//   sign). Arithmetic LLVM marks nsw (C's signed arithmetic, whose overflow
//   is undefined) gets an overflow query (ChcClauseInfo::Overflow) where its
//   result may leave the range, and the path goes on within the range;
//   other arithmetic (unsigned, or the optimiser's own range checks) wraps
//   exactly: a case split into the result or the result minus a multiple of
//   2^W. ChcEncodeOptions::Wrap treats nsw arithmetic so too. At 64 bits
//   (2^64 is no coefficient) every possible wrap is an overflow query.
//   What the encoding does not model exactly but soundly (product of two
//   variables, bit operations other than masks, division by a variable) is
//   a fresh value in its type's range: that may turn safe into unknown,
//   never unsafe into safe;
// - scalar locals whose address only serves their loads and stores are
//   registers of the frame.
//
// Errors (assertion failures, reach_error, __assert_fail, unreachable,
// llvm.trap, division by zero, signed division overflow) are error queries;
// exit() and abort() end the path. Threads, heap, pointers other than
// constant addresses of scalar globals, floats and other externals are
// refused by name. No Z3, PPL or LLVM type appears here.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_CHC_FROMPROGRAM_H
#define VCDPOR_CHC_FROMPROGRAM_H

#include "chc/Chc.h"
#include "chc/Clauses.h"

#include <string>
#include <vector>

namespace vcdpor {

struct Program;

struct ChcClauseInfo {
  enum Kind : uint8_t {
    Init,     ///< no body: main's entry
    Step,     ///< one body atom: a point of the same function
    Entry,    ///< the caller's call point -> the callee's entry
    Call,     ///< call point and callee summary -> the point after the call
    Return,   ///< a point of the callee -> its summary
    Error,    ///< query: an error of the program
    Overflow, ///< query: a result leaves its type's range
  } K = Step;
  std::string What; ///< Error, Overflow: what happens
  uint32_t Loc = 0; ///< source-location id of the instruction
  /// The clause's variables holding the nondet draws, in execution order.
  std::vector<unsigned> Nondets;
};

struct ChcProgram {
  ClauseSet S;
  std::vector<ChcClauseInfo> Info;  ///< by clause (Clause::Origin = index)
  std::vector<std::string> Globals; ///< the tracked globals, in order
  unsigned OverflowQueries = 0, ErrorQueries = 0;
};

struct ChcEncodeOptions {
  /// Model wrap-around exactly (a case split: in range, or the result minus
  /// a multiple of 2^W) instead of overflow queries, below 64 bits; at 64
  /// bits overflow queries remain. A proof is then a proof under the
  /// interpreter's wrapping semantics (which is also C's for unsigned types),
  /// not a proof that nothing wraps.
  bool Wrap = false;
  /// Where predicates are: Loops (large blocks: function entries, loop
  /// heads, i.e. targets of back edges, and call sites; each path between
  /// them a clause), Blocks (every basic block too) or Instructions (every
  /// instruction). encodeProgram() starts with Loops and moves on to the
  /// next when some point has too many paths (256 clauses).
  enum PointKind : uint8_t { Loops, Blocks, Instructions } Points = Loops;
};

/// Encodes P (its main and every function main may call). On a construct
/// outside the encoding: false, Error naming it, its function and source
/// line. Out.S.Source is the CHC-COMP text of the clauses (toChcComp).
bool encodeProgram(const Program &P, ChcProgram &Out, std::string &Error,
                   const ChcEncodeOptions &O = {});

/// The clauses as a CHC-COMP file (SMT-LIB 2, logic HORN), one assertion
/// per clause in order, each preceded by a comment saying what it encodes.
std::string toChcComp(const ChcProgram &C);

/// The nondet values of the execution a derivation of false stands for, in
/// the order the program draws them. Values[n][v]: variable v of node n's
/// clause (ChcResult::CexValues). False with Why when a value is missing.
bool nondetSequence(const ChcProgram &C,
                    const std::vector<ChcDerivationNode> &Cex,
                    const std::vector<std::vector<int64_t>> &Values,
                    std::vector<int64_t> &Seq, std::string &Why);

} // namespace vcdpor

#endif
