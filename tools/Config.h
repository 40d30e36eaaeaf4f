//===- tools/Config.h - Everything the command line decides -----*- C++ -*-===//
#ifndef VCDPOR_TOOLS_CONFIG_H
#define VCDPOR_TOOLS_CONFIG_H

#include "dpor/Explorer.h"

#include <string>
#include <vector>

namespace vcdpor {

struct Config {
  std::string Program;
  std::vector<std::string> ProgramArgs;
  std::string EngineName = "vc";
  /// --engine was not given: vc runs, and Optimal-DPOR takes over where vc
  /// refuses the program.
  bool EngineDefaulted = false;
  /// Set when that happened: vc's refusal, the seconds vc ran, and the
  /// workers asked for (the fallback runs on one).
  std::string FallbackReason;
  double FallbackAfterS = 0;
  unsigned RequestedWorkers = 1;
  ExploreConfig Explore;
  /// --engine=bmc: bounded model checking (bmc/) instead of an explorer;
  /// also set when the default portfolio's bmc decided.
  bool Bmc = false;
  /// The default portfolio ran bmc after PortfolioFirst (an explicit
  /// engine) could not decide, for PortfolioWhy; PortfolioBmc is "decided"
  /// or what bmc answered instead. Empty: bmc did not run.
  std::string PortfolioFirst, PortfolioWhy, PortfolioBmc;
  /// bmc ran beside the explicit engine on one of --threads (Workers is
  /// then what the explicit engine had).
  bool PortfolioBeside = false;
  /// With PortfolioBeside: the explicit engine decided (PortfolioBmc then
  /// says what bmc did).
  bool PortfolioExplicitDecided = false;
  unsigned Workers = 1;
  unsigned Unroll = 0;
  int64_t NondetLo = 0, NondetHi = 1;
  std::string JsonPath;
  bool PrintTrace = false;
  bool Progress = false;
  std::string EmitLL;
  std::string OptLevel = "1";
  /// --max-memory was not given: Explore.MaxMemoryMb is the default share of
  /// the machine's memory (0 where that could not be read).
  bool DefaultMemoryLimit = false;
  std::vector<std::string> CFlags;
  /// --property: unreach-call, no-data-race or valid-memsafety (empty:
  /// none; every finding is an error).
  std::string Property;
  /// --svcomp: end with the competition's result line.
  bool SvComp = false;
};

/// The SV-COMP result for the property (TRUE, FALSE(...), UNKNOWN).
std::string svcompResult(const Config &C, const ExploreResult &R);

void printHuman(const Config &C, const ExploreResult &R);
bool writeJson(const Config &C, const ExploreResult &R, std::string &Error);

} // namespace vcdpor

#endif
