//===- tools/Witness.h - SV-COMP violation witnesses ------------*- C++ -*-===//
//
// A violation witness is a counterexample in the competition's formats, for
// other tools to check: GraphML (format 1.0), one edge per visible step of
// the trace with its thread, source line, created thread and nondet value,
// and YAML (format 2.0), which has no threads: the nondet values as
// function-return waypoints in trace order and the failing location as the
// target. Thread ids in a witness are creation order (main 0, then each
// thread as the trace creates it), not the interpreter's ids, which depend
// on the order a search first met the threads.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_TOOLS_WITNESS_H
#define VCDPOR_TOOLS_WITNESS_H

#include "dpor/Explorer.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vcdpor {

/// What a witness says of the task besides the path.
struct WitnessTask {
  std::string ProgramFile;   ///< the checked source file, as given
  std::string Specification; ///< the property file's text, or vcdpor's kind
  bool Arch32 = false;
};

/// Writes a witness of R to Path: YAML when Path ends in .yml or .yaml,
/// GraphML otherwise.
bool writeWitness(const std::string &Path, const ErrorReport &R,
                  const WitnessTask &T, std::string &Error);

/// One step of a witness's schedule (witness thread ids).
struct WitnessStep {
  unsigned Thread = 0;
  unsigned Line = 0; ///< 0: not given (the thread's next operation)
  std::optional<int64_t> Nondet; ///< the value a nondet draw returns
  std::optional<unsigned> Creates, Wakes;
};

/// A witness as read back. A GraphML witness gives the whole schedule
/// (Schedule set); a YAML one only nondet values by line and the target.
struct WitnessPath {
  bool Schedule = false;
  std::vector<WitnessStep> Steps;
  /// YAML: the values drawn at each line, in trace order.
  std::map<unsigned, std::vector<int64_t>> ValuesAt;
  unsigned TargetLine = 0;
  unsigned TargetThread = 0; ///< GraphML: the thread the violation edge names
  /// The finding kind vcdpor wrote (empty for witnesses of other tools).
  std::string Finding;
  std::string ProgramHash; ///< GraphML: the SHA-256 of the program written for
};

bool readWitness(const std::string &Path, WitnessPath &W, std::string &Error);

/// Follows a GraphML witness's schedule on Sys (from a reset): each step
/// runs the thread it names, whose next operation must be at its line, with
/// its nondet value or woken thread. Confirmed when the execution then meets
/// the witness's finding (kind, when the witness names it, and line); Out
/// is the replayed report. Otherwise Why says where the witness and the
/// program part.
bool followWitness(System &Sys, const WitnessPath &W, ErrorReport &Out,
                   std::string &Why);

/// SHA-256 of the file's bytes, in lower-case hex (empty if unreadable).
std::string fileSha256(const std::string &Path);

} // namespace vcdpor

#endif
