//===- tools/Config.h - Everything the command line decides -----*- C++ -*-===//
#ifndef VCDPOR_TOOLS_CONFIG_H
#define VCDPOR_TOOLS_CONFIG_H

#include "bmc/Bmc.h"
#include "dpor/Explorer.h"

#include <string>
#include <vector>

namespace vcdpor {

struct Config {
  std::string Program;
  std::vector<std::string> ProgramArgs;
  std::string EngineName = "vc";
  /// --engine was not given: vc runs, and Optimal-DPOR takes over where vc
  /// refuses the program (as with --engine=vc unless VcStrict) or fails
  /// internally.
  bool EngineDefaulted = false;
  /// Set when that happened: vc's refusal, the seconds vc ran, and the
  /// workers asked for (the fallback runs on one).
  std::string FallbackReason;
  bool FallbackInternal = false; ///< vc failed internally (default run only)
  double FallbackAfterS = 0;
  /// --vc-strict: --engine=vc refuses what it cannot explore by values
  /// instead of handing the program to Optimal-DPOR.
  bool VcStrict = false;
  unsigned RequestedWorkers = 1;
  ExploreConfig Explore;
  /// --engine=bmc: bounded model checking (bmc/) instead of an explorer;
  /// also set when the default portfolio's bmc decided.
  bool Bmc = false;
  /// With Bmc: how each bound is decided (bmc, bmc-refine, bmc-oc).
  vcdpor::BmcEngine BmcMode = vcdpor::BmcEngine::Monolithic;
  /// --solver: bmc's decision procedure; SolverGiven: named on the command
  /// line (the report then shows the solver's own figures).
  vcdpor::BmcSolver Solver = vcdpor::BmcSolver::Z3;
  bool SolverGiven = false;
  bool AcdlpTrace = false, AcdlpRestarts = false, AcdlpBitDecisions = false;
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
  /// The sequential default run under --timeout T (no bmc beside): the
  /// explicit engine first has PortfolioExplicitS (half of T), so that bmc
  /// keeps time for programs it decides in seconds and the explicit engines
  /// never finish. PortfolioTimeoutS is T; PortfolioRerunS, when non-zero,
  /// the time left to the explicit engine's second run (bmc ended early
  /// without deciding; the second run starts over).
  double PortfolioTimeoutS = 0, PortfolioExplicitS = 0, PortfolioRerunS = 0;
  unsigned Workers = 1;
  unsigned Unroll = 0;
  int64_t NondetLo = 0, NondetHi = 1;
  std::string JsonPath;
  bool PrintTrace = false;
  bool Progress = false;
  std::string EmitLL;
  std::string OptLevel = "1";
  /// --data-model: "ILP32" compiles .c inputs with -m32; empty: LP64 for
  /// .c inputs, the module's own for IR.
  std::string DataModel;
  bool Ptr32 = false; ///< the checked module is ILP32 (set once loaded)
  /// --max-memory was not given: Explore.MaxMemoryMb is the default share of
  /// the machine's memory (0 where that could not be read).
  bool DefaultMemoryLimit = false;
  std::vector<std::string> CFlags;
  /// --property: unreach-call, no-data-race or valid-memsafety (empty:
  /// none; every finding is an error).
  std::string Property;
  /// The .prp file --property named (empty for a bare property name).
  std::string PropertyFile;
  /// --svcomp: end with the competition's result line.
  bool SvComp = false;
  /// --witness: where the violation witness of the run's error goes.
  std::string WitnessPath;
  /// --validate-witness: the witness to check against the program.
  std::string ValidateWitness;
  /// Where vcdpor.h is for .c inputs: beside an installed tool
  /// (<prefix>/include), else empty (the source tree's runtime/include).
  std::string RuntimeInclude;
  /// Where compiled .c inputs are kept (empty: --no-cache), the salt naming
  /// this build of the tool, and what the cache did for this run ("hit",
  /// "miss", "off"; empty for IR inputs).
  std::string CacheDir, CacheSalt, CompileCache;
};

/// Whether a finding of kind K violates the SV-COMP property (unreach-call:
/// assertions, no-data-race: races, valid-memsafety: memory errors).
bool violates(const std::string &Property, FindingKind K);
/// The SV-COMP result for the property (TRUE, FALSE(...), UNKNOWN).
std::string svcompResult(const Config &C, const ExploreResult &R);

void printHuman(const Config &C, const ExploreResult &R);
/// Writes C.WitnessPath for the run's first error that violates the
/// property (a note on stderr when there is none).
bool writeRunWitness(const Config &C, const ExploreResult &R,
                     std::string &Error);
/// Checks C.ValidateWitness against C.Program. Exit code: 1 the witness's
/// error is reached (and printed), 6 it is not (why is printed), 2 bad
/// witness or program, 3 a limit stopped the search.
int validateWitness(Config &C);

/// One finding with its trace (Label: "Error", "Warning", ...).
void printReport(const Config &C, const char *Label, const ErrorReport &E);
bool writeJson(const Config &C, const ExploreResult &R, std::string &Error);

} // namespace vcdpor

#endif
