//===- tools/vcdpor.cpp - The command-line driver --------------------------===//
//
// Parses options into a Config, loads the program, runs the chosen engine
// and reports. The only place that prints results or decides exit codes:
//   0 no errors (within the stated bounds), 1 error found,
//   2 bad input or usage, 3 a limit was reached first, 4 bounded, 5 a task's
//   expected verdict contradicted, 6 a witness not confirmed.
//
//===----------------------------------------------------------------------===//
#include "tools/Chc.h"
#include "tools/Config.h"
#include "tools/MemoryLimit.h"
#include "tools/Task.h"
#include "tools/TraceView.h"

#include "bmc/Bmc.h"
#include "interpreter/Executor.h"
#include "interpreter/Loader.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace llvm;
using namespace vcdpor;

namespace {
cl::OptionCategory Cat("vcdpor options");

cl::list<std::string> Positional(cl::Positional, cl::desc("PROGRAM [-- program-args]"),
                                 cl::cat(Cat));
cl::opt<std::string>
    Engine("engine",
           cl::desc("exploration algorithm: exhaustive, source, optimal, vc, "
                    "bmc (SMT bounded model checking; bmc-refine: with "
                    "scheduling-constraint refinement; bmc-oc: with "
                    "an order-consistency theory propagator), or chc "
                    "(Horn clauses; the default for .smt2 input) "
                    "(default=vc, falling back to optimal on a program "
                    "vc refuses)"),
           cl::init("vc"), cl::cat(Cat));
cl::opt<std::string> ChcRefine(
    "chc-refine",
    cl::desc("chc: refinement of spurious derivations: rahit (interpolant "
             "tree automata) or rahft (the one derivation) (default=rahit)"),
    cl::init("rahit"), cl::cat(Cat));
cl::opt<std::string> EmitChc(
    "emit-chc",
    cl::desc("chc, C input: write the program's Horn clauses to FILE "
             "(CHC-COMP SMT-LIB, for other Horn solvers)"),
    cl::cat(Cat));
cl::opt<bool> ChcWrap(
    "chc-wrap",
    cl::desc("chc, C input: model wrap-around of integers below 64 bits "
             "exactly (case splits) instead of answering unknown where a "
             "result may leave its type's range"),
    cl::cat(Cat));
cl::opt<unsigned> ChcIterations(
    "chc-iterations",
    cl::desc("chc: give up (unknown) after N refinements (default=500)"),
    cl::init(500), cl::cat(Cat));
cl::opt<unsigned> Threads("threads",
                          cl::desc("workers exploring in parallel (vc only; "
                                   "default=1)"),
                          cl::init(1), cl::cat(Cat));
cl::opt<unsigned> Unroll("unroll",
                         cl::desc("bound every loop to N iterations; cut executions are "
                                  "reported as bounded (default=0: unbounded)"),
                         cl::init(0), cl::cat(Cat));
cl::opt<std::string> NondetRange("nondet-range",
                                 cl::desc("domain LO:HI of __VERIFIER_nondet_* values (default=0:1)"),
                                 cl::init("0:1"), cl::cat(Cat));
cl::opt<uint64_t> MaxExecutions("max-executions",
                                cl::desc("stop after N executions (default=0: none)"),
                                cl::init(0), cl::cat(Cat));
cl::opt<double> Timeout("timeout", cl::desc("stop after S seconds (default=0: none)"),
                        cl::init(0), cl::cat(Cat));
cl::opt<double>
    MaxMemory("max-memory",
              cl::desc("stop when resident memory exceeds MB (default: 80% of "
                       "the memory of the machine or its cgroup; 0: none)"),
              cl::init(0), cl::cat(Cat));
cl::opt<double> AssumeMemory(
    "assume-memory",
    cl::desc("take the machine to have MB of memory for the default "
             "--max-memory (a test of that default)"),
    cl::init(0), cl::cat(Cat), cl::Hidden);
cl::opt<std::string> Json("json", cl::desc("write the JSON report to FILE ('-': stdout)"),
                          cl::value_desc("FILE"), cl::cat(Cat));
cl::opt<bool> StopOnFirst("stop-on-first", cl::desc("stop at the first error (default)"),
                          cl::cat(Cat));
cl::opt<bool> AllErrors("all-errors", cl::desc("keep exploring and collect distinct errors"),
                        cl::cat(Cat));
cl::opt<std::string> Root("root",
                          cl::desc("VC-DPOR's root thread id (vc engine only; default: the "
                                   "first thread main creates)"),
                          cl::cat(Cat));
cl::opt<bool> CountVhb("count-vhb-classes",
                       cl::desc("count distinct value-happens-before classes for the "
                                "--root thread (exhaustive; a test oracle for vc)"),
                       cl::cat(Cat));
cl::opt<bool> CountLocal("local-behaviours",
                         cl::desc("count distinct per-thread local behaviours (a test oracle)"),
                         cl::cat(Cat));
cl::opt<bool> HandOffAll(
    "hand-off-all",
    cl::desc("with --threads: hand every node that can go to another "
             "worker, not only while one is idle (a test of the parallel "
             "search)"),
    cl::cat(Cat));
cl::opt<bool> VhbExact(
    "vhb-exact",
    cl::desc("vc: explore every order of conflicting leaf writes, as "
             "value-happens-before does, also of threads' final writes that "
             "only a read after them all can observe (by default only their "
             "last one is chosen)"),
    cl::cat(Cat));
cl::opt<bool> VcStrict(
    "vc-strict",
    cl::desc("with --engine=vc: refuse (exit code 2) a program with a "
             "construct vc cannot explore by values, instead of exploring "
             "its Mazurkiewicz classes with Optimal-DPOR"),
    cl::cat(Cat));
cl::opt<bool> NoRebase(
    "no-rebase",
    cl::desc("vc: replay every node that cannot continue the live execution "
             "from the initial state, instead of running it on from its "
             "parent's saved state (a test of rebasing)"),
    cl::cat(Cat));
cl::opt<bool> Progress("progress",
                       cl::desc("progress line on stderr (default=on when stderr is a terminal)"),
                       cl::cat(Cat));
cl::opt<std::string> SolverOpt(
    "solver",
    cl::desc("bmc's decision procedure: z3, or acdlp (abstract conflict-"
             "driven learning over intervals, paper 004; --engine=bmc, "
             "one-thread programs) (default=z3)"),
    cl::init("z3"), cl::cat(Cat));
cl::opt<bool> AcdlpTraceOpt(
    "acdlp-trace",
    cl::desc("--solver=acdlp: print the search on stderr (decisions, "
             "propagations, conflicts, learned clauses)"),
    cl::cat(Cat));
cl::opt<bool> AcdlpRestartsOpt(
    "acdlp-restarts",
    cl::desc("--solver=acdlp: restart the search on a Luby schedule "
             "(default: no restarts)"),
    cl::cat(Cat));
cl::opt<std::string> AcdlpDecisionsOpt(
    "acdlp-decisions",
    cl::desc("--solver=acdlp: how a bit-vector is decided: split (halve its "
             "unsigned interval, as paper 004) or bits (fix its lowest "
             "unknown bit) (default=split)"),
    cl::init("split"), cl::cat(Cat));
cl::opt<bool> PrintTrace("print-trace", cl::desc("print the full interleaving of a counterexample"),
                         cl::cat(Cat));
cl::alias PrintTraceV("v", cl::desc("alias for --print-trace"), cl::aliasopt(PrintTrace),
                      cl::cat(Cat));
cl::opt<std::string> EmitLL("emit-ll", cl::desc("write the checked LLVM module to FILE"),
                            cl::value_desc("FILE"), cl::cat(Cat));
cl::opt<std::string> OptLevel("opt", cl::desc("clang optimisation level for .c inputs: 0, 1, 2 (default=1)"),
                              cl::init("1"), cl::cat(Cat));
cl::opt<std::string> DataModel(
    "data-model",
    cl::desc("LP64 (default) or ILP32 for .c inputs: ILP32 compiles with "
             "clang -m32 (32-bit long and pointers); an SV-COMP task's "
             "data_model is taken unless this is given"),
    cl::value_desc("MODEL"), cl::cat(Cat));
cl::list<std::string> Defines("D", cl::Prefix, cl::desc("macro definition for .c inputs"),
                              cl::value_desc("NAME=VALUE"), cl::cat(Cat));
cl::list<std::string> Includes("I", cl::Prefix, cl::desc("include directory for .c inputs"),
                               cl::value_desc("DIR"), cl::cat(Cat));
cl::opt<std::string> DataRaces(
    "data-races",
    cl::desc("data races (two unordered accesses of one location, one a "
             "write, one not atomic): warn (default; the verdict stands), "
             "error, or off; vc does not check them"),
    cl::init("warn"), cl::cat(Cat));
cl::opt<std::string> Property(
    "property",
    cl::desc("SV-COMP property FILE.prp (or its name): unreach-call (only "
             "assertion failures and reach_error count), no-data-race (data "
             "races are errors; every error is collected), valid-memsafety "
             "(memory errors; leaks are not checked)"),
    cl::value_desc("FILE"), cl::cat(Cat));
cl::opt<bool> SvComp("svcomp",
                     cl::desc("end with the SV-COMP result line (TRUE, "
                              "FALSE(property), UNKNOWN) for --property"),
                     cl::cat(Cat));
cl::opt<std::string> Witness(
    "witness",
    cl::desc("write an SV-COMP violation witness of the error found to FILE "
             "(GraphML 1.0; YAML 2.0 when FILE ends in .yml or .yaml)"),
    cl::value_desc("FILE"), cl::cat(Cat));
cl::opt<std::string> ValidateWitnessOpt(
    "validate-witness",
    cl::desc("check the violation witness FILE against the program: exit 1 "
             "when its error is reached, 6 when not"),
    cl::value_desc("FILE"), cl::cat(Cat));
cl::opt<std::string> TraceHtml(
    "trace-html",
    cl::desc("write the counterexample as a self-contained HTML page to FILE"),
    cl::value_desc("FILE"), cl::cat(Cat));
cl::opt<std::string> TraceDot(
    "trace-dot",
    cl::desc("write the counterexample's events as a Graphviz graph to FILE"),
    cl::value_desc("FILE"), cl::cat(Cat));
cl::opt<bool> NoCache(
    "no-cache",
    cl::desc("compile a .c input afresh instead of taking its module from "
             "the compile cache ($VCDPOR_CACHE_DIR, else "
             "$XDG_CACHE_HOME/vcdpor or ~/.cache/vcdpor)"),
    cl::cat(Cat));
cl::opt<bool> CountHb("count-hb-classes",
                      cl::desc("count distinct happens-before classes among the executions explored (exhaustive, source, optimal; a test oracle)"),
                      cl::cat(Cat));

/// The property a .prp file (or a bare name) states, or "" when it is none
/// vcdpor checks.
std::string propertyOf(const std::string &Arg, std::string &Error) {
  for (const char *Name : {"unreach-call", "no-data-race", "valid-memsafety"})
    if (Arg == Name)
      return Name;
  std::ifstream F(Arg);
  if (!F) {
    Error = "--property " + Arg +
            ": cannot read the file (or name one of unreach-call, "
            "no-data-race, valid-memsafety)";
    return "";
  }
  std::stringstream SS;
  SS << F.rdbuf();
  std::string T = SS.str();
  if (T.find("G ! call(reach_error())") != std::string::npos)
    return "unreach-call";
  if (T.find("G ! data-race") != std::string::npos)
    return "no-data-race";
  if (T.find("G valid-free") != std::string::npos ||
      T.find("G valid-deref") != std::string::npos)
    return "valid-memsafety";
  Error = "--property " + Arg +
          ": not a property vcdpor checks (unreach-call, no-data-race, "
          "valid-memsafety)";
  return "";
}

/// What C.Property decides: what a data race is, and whether the run
/// stops at its first error.
void applyProperty(Config &C) {
  if (C.Property == "no-data-race") {
    // A failed assertion violates nothing here: every error is collected,
    // and only races count.
    C.Explore.Races = RaceMode::Error;
    C.Explore.StopOnFirst = false;
  } else {
    C.Explore.Races = RaceMode::Off;
    C.Explore.StopOnFirst = true;
  }
}

/// vcdpor.h beside an installed tool: <prefix>/bin/vcdpor and
/// <prefix>/include/vcdpor.h (also in a package unpacked anywhere). Empty
/// for a tool run from its build tree.
std::string installedRuntimeInclude(const char *Argv0) {
  std::string Exe =
      sys::fs::getMainExecutable(Argv0, (void *)&installedRuntimeInclude);
  if (Exe.empty())
    return "";
  SmallString<256> Dir(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Dir, "include");
  SmallString<256> Header(Dir);
  sys::path::append(Header, "vcdpor.h");
  return sys::fs::exists(Header) ? std::string(Dir.str()) : "";
}

/// Where compiled .c inputs are kept: $VCDPOR_CACHE_DIR, else
/// $XDG_CACHE_HOME/vcdpor, else ~/.cache/vcdpor (empty: none found).
std::string compileCacheDir() {
  if (const char *D = getenv("VCDPOR_CACHE_DIR"); D && *D)
    return D;
  if (const char *X = getenv("XDG_CACHE_HOME"); X && *X)
    return std::string(X) + "/vcdpor";
  if (const char *H = getenv("HOME"); H && *H)
    return std::string(H) + "/.cache/vcdpor";
  return "";
}

/// Names this build of the tool for the compile cache: a rebuilt tool
/// (another commit, or the same commit rebuilt) compiles afresh.
std::string compileCacheSalt(const char *Argv0) {
  std::string Exe =
      sys::fs::getMainExecutable(Argv0, (void *)&compileCacheSalt);
  sys::fs::file_status St;
  std::string S = std::string(VCDPOR_VERSION) + " " + VCDPOR_COMMIT + " " + Exe;
  if (!Exe.empty() && !sys::fs::status(Exe, St))
    S += " " + std::to_string(St.getSize()) + " " +
         std::to_string(St.getLastModificationTime().time_since_epoch().count());
  return S;
}

void printVersion(raw_ostream &OS) {
  OS << "vcdpor " << VCDPOR_VERSION << " (commit " << VCDPOR_COMMIT << ", "
     << VCDPOR_BUILD_TYPE << " build)\n"
     << "  LLVM " << LLVM_VERSION_STRING << ", Z3 " << z3Version() << "\n";
}

int usage(const std::string &Msg) {
  errs() << "vcdpor: error: " << Msg << "\n";
  return 2;
}

/// LLVM 14's bitcode reader reports some malformed input (bad abbreviation
/// encodings) with report_fatal_error instead of an Error. While loading,
/// that is bad input: name it and exit with the bad-input code rather than
/// abort. Installed around loading only; later fatal errors are our bugs.
void badInputFatal(void *Program, const char *Reason, bool) {
  errs() << "vcdpor: error: " << *static_cast<const std::string *>(Program)
         << ": cannot load: " << Reason << "\n";
  _exit(2);
}

bool parseRange(const std::string &S, int64_t &Lo, int64_t &Hi) {
  size_t C = S.find(':', S.empty() ? 0 : 1);
  if (C == std::string::npos)
    return false;
  std::string L = S.substr(0, C), H = S.substr(C + 1);
  char *E;
  Lo = strtoll(L.c_str(), &E, 10);
  if (*E || L.empty())
    return false;
  Hi = strtoll(H.c_str(), &E, 10);
  return !*E && !H.empty() && Lo <= Hi;
}
/// The default run is a portfolio: where the explicit engines could not
/// decide (their "no errors" depended on the nondet range or a loop bound,
/// a limit stopped them, or they refused the program), bmc takes over
/// within what is left of --timeout (the explicit engine has half of it
/// first; where bmc ends early without deciding, the explicit engine runs
/// again with what is left); with --threads 2 or more, bmc runs
/// beside them from the start on one of the threads (BesideBmc). Its
/// answer replaces theirs only when it decides: a counterexample the
/// interpreter confirmed, or no error with a complete bound. With data
/// races as errors, bmc seeks them too; under --property no-data-race it
/// seeks races only.
constexpr double PortfolioBudgetS = 30;
/// The explicit engine's share of --timeout in the sequential portfolio.
constexpr double ExplicitShare = 0.5;
/// Below this much time left, the explicit engine does not run again.
constexpr double RerunMinS = 1;

/// Whether R answers the question asked under Property: any error or
/// "safe", except under no-data-race, where only a data race does, or no
/// race in any execution (other findings are collected, so an error
/// verdict does not decide by itself).
bool decided(const std::string &Property, const ExploreResult &R) {
  if (!R.Refused.empty() || (R.V != Verdict::Safe && R.V != Verdict::Error))
    return false;
  if (Property != "no-data-race")
    return true;
  for (const ErrorReport &E : R.Errors)
    if (E.F.Kind == FindingKind::DataRace)
      return true;
  return R.RacesChecked && R.Limit.empty() && !R.S.NondetUsed && !R.S.Bounded;
}

/// What bmc is asked under C.
BmcOptions bmcOptions(const Config &C, double TimeoutS) {
  BmcOptions BO;
  BO.Engine = C.BmcMode;
  BO.Solver = C.Solver;
  BO.AcdlpRestarts = C.AcdlpRestarts;
  BO.AcdlpBitDecisions = C.AcdlpBitDecisions;
  if (C.AcdlpTrace)
    BO.AcdlpTrace = [](const std::string &Line) {
      std::fprintf(stderr, "%s\n", Line.c_str());
    };
  BO.Unroll = C.Unroll;
  BO.TimeoutS = TimeoutS;
  BO.Races = C.Explore.Races;
  BO.RacesOnly = C.Property == "no-data-race";
  return BO;
}

/// Why the explicit engine's result R does not decide the program.
std::string undecidedWhy(const ExploreResult &R) {
  return !R.Refused.empty() ? "it refused the program"
         : R.V == Verdict::Unknown || !R.Limit.empty()
             ? "the " + R.Limit + " limit stopped it"
         : R.S.NondetUsed ? "its answer held for the nondet range only"
                          : "its answer held up to the loop bound only";
}

/// What bmc's undecided result B says.
std::string bmcOutcome(const ExploreResult &B) {
  return !B.Refused.empty() ? B.Refused
         : B.V == Verdict::Bounded
             ? "no error up to " + std::to_string(B.S.SmtBound) +
                   " loop iterations, not complete"
             : "stopped by the " + B.Limit + " limit";
}

/// Takes bmc's result B in place of R when it decides; records what the
/// portfolio did either way.
void adoptBmc(Config &C, ExploreResult &R, ExploreResult B,
              const std::string &Why) {
  C.PortfolioFirst = C.EngineName;
  C.PortfolioWhy = Why;
  if (!decided(C.Property, B)) {
    C.PortfolioBmc = bmcOutcome(B);
    return;
  }
  C.PortfolioBmc = "decided";
  C.EngineName = "bmc";
  C.Bmc = true;
  R = std::move(B);
}

void portfolio(Config &C, const Program &P, ExploreResult &R,
               std::chrono::steady_clock::time_point Start) {
  if (decided(C.Property, R))
    return;
  // Without --timeout, bmc gets PortfolioBudgetS: deepening bounds on a
  // long loop could otherwise run for ever after a quick explicit answer.
  double Left = PortfolioBudgetS;
  if (C.PortfolioTimeoutS > 0) {
    Left = C.PortfolioTimeoutS - std::chrono::duration<double>(
                                     std::chrono::steady_clock::now() - Start)
                                     .count();
    if (Left <= 0.05)
      return;
  }
  ExecOptions EO;
  EO.Args = C.ProgramArgs;
  Executor Exec(P, EO);
  ExploreResult B = runBmc(P, Exec, bmcOptions(C, Left));
  settleVerdict(B);
  adoptBmc(C, R, std::move(B), undecidedWhy(R));
}

/// bmc on a thread of its own beside the explicit engine (--threads 2 or
/// more on the default run). Whichever decides first cancels the other
/// (ExploreConfig::Cancel, BmcOptions::Cancel); when both decide, the
/// explicit engine's answer is the one reported, as in the sequential
/// portfolio.
class BesideBmc {
public:
  BesideBmc(const Config &C, const Program &P)
      : StopExplicit(std::make_shared<std::atomic<bool>>(false)),
        StopBmc(std::make_shared<std::atomic<bool>>(false)) {
    BmcOptions BO = bmcOptions(C, C.Explore.TimeoutS > 0 ? C.Explore.TimeoutS
                                                         : PortfolioBudgetS);
    BO.Cancel = StopBmc;
    ExecOptions EO;
    EO.Args = C.ProgramArgs;
    Worker = std::thread([this, Property = C.Property, &P, BO, EO] {
      Executor Exec(P, EO);
      B = runBmc(P, Exec, BO);
      settleVerdict(B);
      if (decided(Property, B))
        StopExplicit->store(true);
    });
  }
  /// An early return (a usage error after bmc started) must not wait for
  /// bmc's whole budget: bmc is stopped first.
  ~BesideBmc() {
    StopBmc->store(true);
    finish();
  }
  /// The explicit engine's Cancel flag.
  std::shared_ptr<std::atomic<bool>> StopExplicit;
  /// After the explicit engine answered R: stops bmc if R decides, waits
  /// for it otherwise, and settles the portfolio's answer into R.
  void settle(Config &C, ExploreResult &R) {
    bool Cancelled = R.Limit == "cancelled";
    if (decided(C.Property, R)) {
      StopBmc->store(true);
      finish();
      C.PortfolioFirst = C.EngineName;
      C.PortfolioExplicitDecided = true;
      C.PortfolioBmc =
          decided(C.Property, B)
              ? "decided too; " + C.EngineName + "'s answer is reported"
          : B.Limit == "cancelled" ? "stopped when " + C.EngineName + " decided"
                                   : bmcOutcome(B);
      return;
    }
    finish();
    adoptBmc(C, R, std::move(B),
             Cancelled ? "stopped once bmc had decided" : undecidedWhy(R));
  }

private:
  void finish() {
    if (Worker.joinable())
      Worker.join();
  }
  std::shared_ptr<std::atomic<bool>> StopBmc;
  ExploreResult B;
  std::thread Worker;
};

/// The chc options shared by .smt2 and C input; "" when valid.
std::string chcUsage() {
  if (ChcRefine != "rahit" && ChcRefine != "rahft")
    return "--chc-refine '" + ChcRefine + "': expected rahit or rahft";
  if (Timeout < 0)
    return "--timeout must not be negative";
  if (Positional.size() > 1)
    return "--engine=chc takes one file and no program arguments";
  return "";
}

/// --engine=chc, or an .smt2 input: Horn clauses (tools/Chc.cpp).
int runChcEngine(const std::string &Program) {
  if (Engine.getNumOccurrences() && Engine != "chc")
    return usage(Program + ": a .smt2 file (Horn clauses) needs --engine=chc");
  if (EmitChc.getNumOccurrences() || ChcWrap.getNumOccurrences())
    return usage(std::string(EmitChc.getNumOccurrences() ? "--emit-chc"
                                                         : "--chc-wrap") +
                 " applies to C programs; " + Program + " is already clauses");
  std::string U = chcUsage();
  if (!U.empty())
    return usage(U);
  ChcRun R;
  R.Program = Program;
  R.Refine = ChcRefine;
  R.TimeoutS = Timeout;
  R.MaxIterations = ChcIterations;
  R.JsonPath = Json;
  return runChc(R);
}

/// Compiles (or reads) C.Program into the lowered Program every engine
/// reads; LLVM's fatal errors on bad input become an error with exit 2.
LoadResult load(const Config &C) {
  LoadOptions LO;
  LO.RuntimeInclude = C.RuntimeInclude;
  LO.CacheDir = C.CacheDir;
  LO.CacheSalt = C.CacheSalt;
  LO.OptLevel = C.OptLevel;
  LO.CFlags = C.CFlags;
  LO.EmitLL = C.EmitLL;
  // The handler only reads the name.
  install_fatal_error_handler(badInputFatal,
                              const_cast<std::string *>(&C.Program));
  LoadResult L = loadProgram(C.Program, LO);
  remove_fatal_error_handler();
  return L;
}

/// --engine=chc on a C program (or LLVM IR): its one thread's Horn clauses
/// (chc/FromProgram.h), solved by the chc engine.
int runChcOnProgram(Config &C) {
  std::string U = chcUsage();
  if (!U.empty())
    return usage(U);
  LoadResult L = load(C);
  if (!L.Prog) {
    errs() << "vcdpor: error: " << L.Error << "\n";
    return 2;
  }
  ChcRun R;
  R.Program = C.Program;
  R.Refine = ChcRefine;
  R.TimeoutS = Timeout;
  R.MaxIterations = ChcIterations;
  R.JsonPath = Json;
  R.EmitPath = EmitChc;
  R.Wrap = ChcWrap;
  return runChcProgram(R, *L.Prog);
}

/// Prints why the engine gave no verdict: exit code 2 for a construct it
/// does not handle, 7 for an internal inconsistency of vcdpor.
int refused(const Config &C, const ExploreResult &R) {
  errs() << "vcdpor: error: " << C.Program << ": " << R.Refused << "\n";
  return R.Internal ? 7 : 2;
}

/// Loads C.Program and explores it; where vc refuses it, Optimal-DPOR
/// explores it instead (not under --vc-strict). 0 with R filled, or an exit
/// code after printing why (bad input, usage, or an internal error).
int check(Config &C, ExploreResult &R) {
  LoadResult L = load(C);
  if (!L.Prog) {
    errs() << "vcdpor: error: " << L.Error << "\n";
    return 2;
  }
  C.Ptr32 = L.Prog->Ptr32;
  if (!C.DataModel.empty() && (C.DataModel == "ILP32") != C.Ptr32) {
    errs() << "vcdpor: error: " << C.Program << ": --data-model="
           << C.DataModel << ", but the module is "
           << (C.Ptr32 ? "ILP32" : "LP64") << " (" << L.Prog->ptrBytes()
           << "-byte pointers)\n";
    return 2;
  }
  StringRef Ext = sys::path::extension(C.Program);
  if (Ext == ".c" || Ext == ".i")
    C.CompileCache = C.CacheDir.empty() ? "off" : L.FromCache ? "hit" : "miss";
  if (C.Bmc) {
    // The interpreter only confirms bmc's counterexamples: unbounded, and
    // nondet values come from the model.
    ExecOptions EO;
    EO.Args = C.ProgramArgs;
    Executor Exec(*L.Prog, EO);
    R = runBmc(*L.Prog, Exec, bmcOptions(C, C.Explore.TimeoutS));
    settleVerdict(R);
    if (!R.Refused.empty())
      return refused(C, R);
    return 0;
  }
  ExecOptions EO;
  EO.Unroll = C.Unroll;
  EO.NondetLo = C.NondetLo;
  EO.NondetHi = C.NondetHi;
  EO.Args = C.ProgramArgs;
  EO.Names = std::make_shared<ThreadNames>(); // one naming for all workers
  Executor Exec(*L.Prog, EO);
  std::unique_ptr<BesideBmc> Beside;
  if (C.EngineDefaulted && C.Workers >= 2) {
    C.PortfolioBeside = true;
    C.RequestedWorkers = C.Workers;
    C.Workers -= 1;
    Beside = std::make_unique<BesideBmc>(C, *L.Prog);
    C.Explore.Cancel = Beside->StopExplicit;
  }
  if (C.EngineDefaulted && !Beside && C.Explore.TimeoutS > 0) {
    C.PortfolioTimeoutS = C.Explore.TimeoutS;
    C.PortfolioExplicitS = C.Explore.TimeoutS * ExplicitShare;
    C.Explore.TimeoutS = C.PortfolioExplicitS;
  }
  C.Explore.Workers = C.Workers;
  C.Explore.NewSystem = [&]() -> std::unique_ptr<System> {
    return std::make_unique<Executor>(*L.Prog, EO);
  };
  std::string Err;
  std::unique_ptr<Explorer> X = makeExplorer(C.Explore, Err);
  if (!X)
    return usage(Err);
  auto Start = std::chrono::steady_clock::now();
  R = X->explore(Exec);
  std::unique_ptr<Executor> Fresh;
  // Where vc refuses the program (a construct it cannot explore by values
  // yet), Optimal-DPOR explores it from the start, on one worker, within
  // what is left of the time limit: its Mazurkiewicz classes refine vc's
  // value classes, so the verdict is the one vc would give, from more
  // executions. The default run also does so where vc failed internally
  // (the report says so); --engine=vc reports that as an internal error.
  bool VcFallback = C.EngineDefaulted ||
                    (C.Explore.Engine == EngineKind::VC && !C.VcStrict &&
                     !R.Internal);
  if (!R.Refused.empty() && VcFallback) {
    double Spent = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
    C.FallbackReason = R.Refused;
    C.FallbackInternal = R.Internal;
    C.FallbackAfterS = Spent;
    if (!C.PortfolioBeside)
      C.RequestedWorkers = C.Workers;
    C.EngineName = "optimal";
    C.Explore.Engine = EngineKind::Optimal;
    C.Workers = C.Explore.Workers = 1;
    C.Explore.HandOffAll = false;
    if (C.Explore.TimeoutS > 0)
      C.Explore.TimeoutS = std::max(C.Explore.TimeoutS - Spent, 1e-3);
    EO.Names = std::make_shared<ThreadNames>();
    Fresh = std::make_unique<Executor>(*L.Prog, EO);
    X = makeExplorer(C.Explore, Err);
    if (!X)
      return usage(Err);
    R = X->explore(*Fresh);
  }
  settleVerdict(R);
  if (C.Progress)
    fprintf(stderr, "\n");
  if (Beside)
    Beside->settle(C, R);
  else if (C.EngineDefaulted) {
    portfolio(C, *L.Prog, R, Start);
    // bmc ended early without deciding (it refused the program, or its
    // bounds were done): the explicit engine, stopped at its share of the
    // time, explores again from the start with what is left, so that the
    // split never leaves it less than the whole limit would have.
    double Left =
        C.PortfolioTimeoutS -
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    if (C.PortfolioExplicitS > 0 && C.PortfolioBmc != "decided" &&
        R.Limit == "timeout" && !C.Bmc && Left > RerunMinS) {
      C.PortfolioRerunS = Left;
      C.Explore.TimeoutS = Left;
      X = makeExplorer(C.Explore, Err);
      if (!X)
        return usage(Err);
      Fresh = std::make_unique<Executor>(*L.Prog, EO);
      R = X->explore(*Fresh);
      settleVerdict(R);
    }
  }
  if (!R.Refused.empty())
    return refused(C, R);
  return 0;
}

/// Runs each property of the SV-COMP task at C.Program (only C.Property's
/// when one was given) and compares the result with the expected verdict.
/// Exit code: 0 every result as expected, 5 some result contradicts its
/// expected verdict, 3 some result is UNKNOWN (and none wrong), 2 bad
/// input or no property vcdpor checks.
int runTask(const Config &C) {
  Task T;
  std::string Err;
  if (!readTask(C.Program, T, Err)) {
    errs() << "vcdpor: error: " << Err << "\n";
    return 2;
  }
  SmallString<256> Input(sys::path::parent_path(C.Program));
  sys::path::append(Input, T.Input);
  if (!sys::fs::exists(Input) && sys::path::extension(Input) == ".i") {
    // A task whose preprocessed input was left out, its C source kept.
    SmallString<256> Source(Input);
    sys::path::replace_extension(Source, ".c");
    if (sys::fs::exists(Source)) {
      std::printf("Note: %s names %s, which is absent; checking %s.\n",
                  C.Program.c_str(), T.Input.c_str(), Source.c_str());
      Input = Source;
    }
  }
  bool Wrong = false, Open = false;
  unsigned Ran = 0;
  for (const TaskProperty &P : T.Properties) {
    SmallString<256> File(sys::path::parent_path(C.Program));
    sys::path::append(File, P.File);
    std::string Name = propertyOf(std::string(File), Err);
    // The competition's property files are named by their property; a
    // task copied without them still names it.
    if (Name.empty() && sys::path::extension(P.File) == ".prp")
      Name = propertyOf(std::string(sys::path::stem(P.File)), Err);
    if (Name.empty()) {
      std::printf("Property %s: not checked (vcdpor checks unreach-call, "
                  "no-data-race and valid-memsafety)\n",
                  P.File.c_str());
      continue;
    }
    if (!C.Property.empty() && Name != C.Property)
      continue;
    Config Run = C;
    Run.Program = std::string(Input);
    // The task's data model, unless --data-model chose one.
    if (C.DataModel.empty() && T.DataModel == "ILP32") {
      Run.DataModel = "ILP32";
      Run.CFlags.push_back("-m32");
    }
    Run.Property = Name;
    Run.SvComp = true;
    applyProperty(Run);
    ExploreResult R;
    if (int Rc = check(Run, R))
      return Rc;
    ++Ran;
    printHuman(Run, R);
    std::string Result = svcompResult(Run, R);
    std::printf("SV-COMP result: %s\n", Result.c_str());
    std::string Judged = "no expected verdict";
    if (P.Expected) {
      std::string Expected =
          *P.Expected ? "TRUE"
                      : "FALSE(" +
                            (P.SubProperty.empty() ? Name : P.SubProperty) +
                            ")";
      bool AnyFalse = !*P.Expected && P.SubProperty.empty() &&
                      StringRef(Result).startswith("FALSE");
      if (Result == "UNKNOWN") {
        Open = true;
        Judged = "expected " + Expected + ": unknown";
      } else if (Result == Expected || AnyFalse) {
        Judged = "expected " + Expected + ": correct";
      } else {
        Wrong = true;
        Judged = "expected " + Expected + ": WRONG";
      }
    }
    std::printf("Task %s, property %s: %s, %s\n", C.Program.c_str(),
                Name.c_str(), Result.c_str(), Judged.c_str());
  }
  if (!C.DataModel.empty() && !T.DataModel.empty() &&
      C.DataModel != T.DataModel)
    std::printf("Note: the task's data model is %s; vcdpor checked the "
                "program as %s (--data-model).\n",
                T.DataModel.c_str(), C.DataModel.c_str());
  if (!Ran) {
    errs() << "vcdpor: error: " << C.Program
           << ": no property of the task is one vcdpor checks "
              "(unreach-call, no-data-race, valid-memsafety)\n";
    return 2;
  }
  return Wrong ? 5 : Open ? 3 : 0;
}

} // namespace

int main(int argc, char **argv) {
#ifdef __GLIBC__
  // Explorers copy and drop search nodes of tens of KiB all the time; keep
  // freed memory in the heap instead of returning it to the system and
  // faulting it back in (measured: lastzero(9) under vc 0.8x the time).
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter(printVersion);
  std::string ParseErr;
  raw_string_ostream ErrOS(ParseErr);
  if (!cl::ParseCommandLineOptions(argc, argv, "vcdpor: a stateless model checker for concurrent C\n",
                                   &ErrOS)) {
    errs() << ErrOS.str();
    return 2;
  }
  Config C;
  C.RuntimeInclude = installedRuntimeInclude(argv[0]);
  if (!NoCache) {
    C.CacheDir = compileCacheDir();
    C.CacheSalt = compileCacheSalt(argv[0]);
  }
  if (Positional.empty())
    return usage("no program given (usage: vcdpor [options] PROGRAM [-- program-args])");
  C.Program = Positional[0];
  if (StringRef(C.Program).endswith(".smt2"))
    return runChcEngine(C.Program);
  const bool ChcOnProgram = Engine == "chc";
  if ((EmitChc.getNumOccurrences() || ChcWrap.getNumOccurrences()) &&
      !ChcOnProgram)
    return usage(std::string(EmitChc.getNumOccurrences() ? "--emit-chc"
                                                         : "--chc-wrap") +
                 " needs --engine=chc");
  C.ProgramArgs.assign(Positional.begin(), Positional.end());
  C.EngineName = Engine;
  C.EngineDefaulted = !Engine.getNumOccurrences();
  if (Engine == "exhaustive")
    C.Explore.Engine = EngineKind::Exhaustive;
  else if (Engine == "source")
    C.Explore.Engine = EngineKind::Source;
  else if (Engine == "optimal")
    C.Explore.Engine = EngineKind::Optimal;
  else if (Engine == "vc")
    C.Explore.Engine = EngineKind::VC;
  else if (Engine == "bmc")
    C.Bmc = true;
  else if (Engine == "chc")
    ; // runChcOnProgram() below
  else if (Engine == "bmc-refine") {
    C.Bmc = true;
    C.BmcMode = BmcEngine::Refine;
  } else if (Engine == "bmc-oc") {
    C.Bmc = true;
    C.BmcMode = BmcEngine::OrderCheck;
  } else
    return usage(
        "--engine=" + Engine +
        ": unknown engine (available: exhaustive, source, optimal, vc, "
        "bmc, bmc-refine, bmc-oc, chc)");
  if (SolverOpt == "acdlp")
    C.Solver = BmcSolver::Acdlp;
  else if (SolverOpt != "z3")
    return usage("--solver=" + SolverOpt +
                 ": unknown solver (available: z3, acdlp)");
  C.SolverGiven = SolverOpt.getNumOccurrences() > 0;
  // The explicit engines and chc run no bounded formula: a solver named for
  // them would be ignored, so it is refused (the portfolio's bmc takes it).
  if (C.SolverGiven && !C.Bmc && !C.EngineDefaulted)
    return usage("--solver=" + SolverOpt + " applies to the bounded engines "
                 "(bmc, bmc-refine, bmc-oc) and the default portfolio, not "
                 "--engine=" + Engine);
  if (C.Solver == BmcSolver::Acdlp && C.Bmc &&
      C.BmcMode != BmcEngine::Monolithic)
    return usage("--solver=acdlp decides the monolithic formula: use it with "
                 "--engine=bmc");
  if ((AcdlpTraceOpt || AcdlpRestartsOpt ||
       AcdlpDecisionsOpt.getNumOccurrences()) &&
      C.Solver != BmcSolver::Acdlp)
    return usage("--acdlp-trace, --acdlp-restarts and --acdlp-decisions need "
                 "--solver=acdlp");
  if (AcdlpDecisionsOpt != "split" && AcdlpDecisionsOpt != "bits")
    return usage("--acdlp-decisions=" + AcdlpDecisionsOpt +
                 ": expected split or bits");
  C.AcdlpBitDecisions = AcdlpDecisionsOpt == "bits";
  C.AcdlpTrace = AcdlpTraceOpt;
  C.AcdlpRestarts = AcdlpRestartsOpt;
  if (Threads == 0)
    return usage("--threads must be at least 1");
  if (Threads > 1 && (C.Explore.Engine != EngineKind::VC || C.Bmc))
    return usage("--threads " + std::to_string(Threads) +
                 ": parallel exploration is implemented for --engine=vc only "
                 "(use --threads 1)");
  if (Threads > 256)
    return usage("--threads " + std::to_string(Threads) + ": at most 256");
  if (!Root.empty()) {
    if (C.Explore.Engine != EngineKind::VC && !CountVhb)
      return usage("--root applies to --engine=vc (or --count-vhb-classes) only");
    char *End = nullptr;
    long long T = std::strtoll(Root.c_str(), &End, 10);
    if (End == Root.c_str() || *End || T < 0 || T > 1 << 20)
      return usage("--root '" + Root + "': expected a thread id (0 is main)");
    C.Explore.VcRoot = T;
  }
  if (StopOnFirst && AllErrors)
    return usage("--stop-on-first and --all-errors are mutually exclusive");
  if (!parseRange(NondetRange, C.NondetLo, C.NondetHi))
    return usage("--nondet-range '" + NondetRange + "': expected LO:HI with LO <= HI");
  if (C.NondetHi - C.NondetLo >= (1 << 20))
    return usage("--nondet-range '" + NondetRange + "': at most 2^20 values");
  if (OptLevel != "0" && OptLevel != "1" && OptLevel != "2" && OptLevel != "3" &&
      OptLevel != "s")
    return usage("--opt '" + OptLevel + "': expected 0, 1, 2, 3 or s");
  if (Timeout < 0 || MaxMemory < 0)
    return usage("--timeout and --max-memory must not be negative");
  if (AssumeMemory < 0)
    return usage("--assume-memory must not be negative");
  C.Workers = Threads;
  C.Unroll = Unroll;
  C.JsonPath = Json;
  C.PrintTrace = PrintTrace;
  C.Progress = Progress || isatty(2);
  C.EmitLL = EmitLL;
  C.OptLevel = OptLevel;
  if (DataModel.getNumOccurrences()) {
    if (DataModel != "LP64" && DataModel != "ILP32")
      return usage("--data-model '" + DataModel + "': expected LP64 or ILP32");
    C.DataModel = DataModel;
    if (DataModel == "ILP32")
      C.CFlags.push_back("-m32");
  }
  for (const std::string &D : Defines)
    C.CFlags.push_back("-D" + D);
  for (const std::string &I : Includes)
    C.CFlags.push_back("-I" + I);
  C.Explore.MaxExecutions = MaxExecutions;
  C.Explore.TimeoutS = Timeout;
  C.Explore.MaxMemoryMb = MaxMemory;
  if (!MaxMemory.getNumOccurrences()) {
    double Mb = AssumeMemory > 0 ? double(AssumeMemory) : machineMemoryMb();
    C.Explore.MaxMemoryMb = DefaultMemoryShare * Mb;
    C.DefaultMemoryLimit = Mb > 0;
  }
  C.Explore.StopOnFirst = !AllErrors;
  if (DataRaces == "warn")
    C.Explore.Races = RaceMode::Warn;
  else if (DataRaces == "error")
    C.Explore.Races = RaceMode::Error;
  else if (DataRaces == "off")
    C.Explore.Races = RaceMode::Off;
  else
    return usage("--data-races '" + DataRaces +
                 "': expected warn, error or off");
  if (Property.getNumOccurrences()) {
    std::string PErr;
    C.Property = propertyOf(Property, PErr);
    if (C.Property.empty())
      return usage(PErr);
    if (C.Property != Property)
      C.PropertyFile = Property;
    if (DataRaces.getNumOccurrences())
      return usage("--data-races and --property are exclusive (the property "
                   "decides what a race is)");
    if (StopOnFirst && C.Property == "no-data-race")
      return usage("--property no-data-race collects every error "
                   "(--stop-on-first does not apply)");
    applyProperty(C);
  }
  const bool IsTask = StringRef(C.Program).endswith(".yml") ||
                      StringRef(C.Program).endswith(".yaml");
  if (IsTask && (!C.JsonPath.empty() || DataRaces.getNumOccurrences() ||
                 StopOnFirst || AllErrors))
    return usage("a task (.yml) runs each property as SV-COMP does: "
                 "--json, --data-races, --stop-on-first and --all-errors do "
                 "not apply");
  if (SvComp && C.Property.empty() && !IsTask)
    return usage("--svcomp needs --property (the result names it)");
  C.SvComp = SvComp;
  C.Explore.CountHbClasses = CountHb;
  C.Explore.CountLocalBehaviours = CountLocal;
  C.Explore.CountVhbClasses = CountVhb;
  if (HandOffAll && Threads < 2)
    return usage("--hand-off-all needs --threads 2 or more");
  C.Explore.HandOffAll = HandOffAll;
  C.Explore.Rebase = !NoRebase;
  C.Explore.VhbExact = VhbExact;
  if (VcStrict && (C.EngineDefaulted || C.Explore.Engine != EngineKind::VC))
    return usage("--vc-strict applies to --engine=vc only");
  C.VcStrict = VcStrict;
  if (CountHb && C.Explore.Engine == EngineKind::VC)
    return usage("--count-hb-classes needs --engine=exhaustive, source or "
                 "optimal");
  if (CountVhb && C.Explore.Engine != EngineKind::Exhaustive)
    return usage("--count-vhb-classes needs --engine=exhaustive");
  if (C.Bmc) {
    if (AllErrors)
      return usage("--engine=bmc reports one counterexample: --all-errors "
                   "needs an explicit engine");
    if (CountHb || CountLocal || CountVhb)
      return usage("class and behaviour counts need an explicit engine, not "
                   "--engine=bmc");
    if (NondetRange.getNumOccurrences())
      return usage("--engine=bmc draws every nondet value of its type: "
                   "--nondet-range does not apply");
  }
  if (C.Progress)
    C.Explore.Progress = [](const Stats &S) {
      uint64_t N = S.Executions + S.Blocked + S.Bounded;
      fprintf(stderr, "\r[vcdpor] %llu executions, %.0f/s, %.1f s elapsed   ",
              (unsigned long long)N, S.TimeS > 0 ? N / S.TimeS : 0.0, S.TimeS);
      fflush(stderr);
    };

  C.WitnessPath = Witness;
  C.ValidateWitness = ValidateWitnessOpt;
  if (IsTask && (!C.WitnessPath.empty() || !C.ValidateWitness.empty() ||
                 !TraceHtml.empty() || !TraceDot.empty()))
    return usage("--witness, --validate-witness, --trace-html and "
                 "--trace-dot take the program (and --property), not a task "
                 "file");
  if (!C.ValidateWitness.empty()) {
    if (!C.WitnessPath.empty() || !C.JsonPath.empty() || !C.EngineDefaulted)
      return usage("--validate-witness replays a witness: --witness, --json "
                   "and --engine do not apply");
    return validateWitness(C);
  }
  if (ChcOnProgram) {
    if (IsTask)
      return usage("--engine=chc takes a C program or a .smt2 file, not a "
                   "task");
    return runChcOnProgram(C);
  }
  if (IsTask)
    return runTask(C);
  ExploreResult R;
  if (int Rc = check(C, R))
    return Rc;
  std::string Err;
  if (C.JsonPath != "-") {
    printHuman(C, R);
    if (C.SvComp)
      std::printf("SV-COMP result: %s\n", svcompResult(C, R).c_str());
  }
  if (!C.JsonPath.empty() && !writeJson(C, R, Err))
    return usage(Err);
  if (!C.WitnessPath.empty() && !writeRunWitness(C, R, Err))
    return usage(Err);
  for (const auto &[Path, Html] : {std::pair<std::string, bool>{TraceHtml, true},
                                  {TraceDot, false}}) {
    if (Path.empty())
      continue;
    if (R.Errors.empty()) {
      errs() << "vcdpor: note: no counterexample: nothing written to "
             << Path << "\n";
      continue;
    }
    if (!(Html ? writeTraceHtml(Path, R.Errors[0], C.Program, Err)
               : writeTraceDot(Path, R.Errors[0], Err)))
      return usage(Err);
  }
  if (R.V == Verdict::Error)
    return 1;
  if (R.V == Verdict::Unknown)
    return 3;
  if (R.V == Verdict::Bounded)
    return 4;
  return 0;
}
