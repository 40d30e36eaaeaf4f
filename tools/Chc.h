//===- tools/Chc.h - The driver of --engine=chc ------------------*- C++
//-*-===//
#ifndef VCDPOR_TOOLS_CHC_H
#define VCDPOR_TOOLS_CHC_H

#include <string>

namespace vcdpor {

struct Program;

struct ChcRun {
  std::string Program; ///< a CHC-COMP .smt2 file, or the C program's name
  std::string Refine;  ///< "rahit" or "rahft"
  double TimeoutS = 0;
  unsigned MaxIterations = 500;
  std::string JsonPath; ///< "" none, "-" stdout
  std::string EmitPath; ///< C input: write the clauses here ("" none)
  bool Wrap = false;    ///< C input: ChcEncodeOptions::Wrap
};

/// Solves the clauses and reports; returns the tool's exit code: 0 safe
/// (satisfiable), 1 error (unsatisfiable), 2 bad input, 3 unknown.
int runChc(const ChcRun &R);

/// The same for a one-thread program P (chc/FromProgram.h): its clauses
/// solved, a derivation of false replayed through the interpreter before
/// it is reported as an error, one through an overflow query reported as
/// unknown. Exit codes as runChc.
int runChcProgram(const ChcRun &R, const Program &P);

} // namespace vcdpor

#endif
