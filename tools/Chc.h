//===- tools/Chc.h - The driver of --engine=chc ------------------*- C++
//-*-===//
#ifndef VCDPOR_TOOLS_CHC_H
#define VCDPOR_TOOLS_CHC_H

#include <string>

namespace vcdpor {

struct ChcRun {
  std::string Program; ///< a CHC-COMP .smt2 file
  std::string Refine;  ///< "rahit" or "rahft"
  double TimeoutS = 0;
  unsigned MaxIterations = 500;
  std::string JsonPath; ///< "" none, "-" stdout
};

/// Solves the clauses and reports; returns the tool's exit code: 0 safe
/// (satisfiable), 1 error (unsatisfiable), 2 bad input, 3 unknown.
int runChc(const ChcRun &R);

} // namespace vcdpor

#endif
