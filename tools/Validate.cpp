//===- tools/Validate.cpp - --witness and --validate-witness --------------===//
//
// Writing the witness of a run's error, and checking a witness against a
// program: a GraphML witness's schedule is followed step by step; a YAML
// witness (format 2.0 has no threads) fixes the nondet values at its lines
// and Optimal-DPOR searches the interleavings for its target.
//
//===----------------------------------------------------------------------===//
#include "tools/Config.h"
#include "tools/Witness.h"

#include "interpreter/Executor.h"
#include "interpreter/Loader.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace vcdpor {

namespace {

/// The property's text as SV-COMP states it.
std::string specification(const Config &C, const ErrorReport &E) {
  if (!C.PropertyFile.empty()) {
    std::ifstream F(C.PropertyFile);
    std::stringstream SS;
    SS << F.rdbuf();
    std::string T = SS.str();
    while (!T.empty() && (T.back() == '\n' || T.back() == ' '))
      T.pop_back();
    if (!T.empty())
      return T;
  }
  if (C.Property == "unreach-call")
    return "CHECK( init(main()), LTL(G ! call(reach_error())) )";
  if (C.Property == "no-data-race")
    return "CHECK( init(main()), LTL(G ! data-race) )";
  if (C.Property == "valid-memsafety")
    return "CHECK( init(main()), LTL(G valid-free) )\n"
           "CHECK( init(main()), LTL(G valid-deref) )\n"
           "CHECK( init(main()), LTL(G valid-memtrack) )";
  return "vcdpor: no " + std::string(findingKindName(E.F.Kind));
}

/// The error the witness shows: the first that violates the property.
const ErrorReport *witnessed(const Config &C, const ExploreResult &R) {
  for (const ErrorReport &E : R.Errors)
    if (C.Property.empty() || violates(C.Property, E.F.Kind))
      return &E;
  return nullptr;
}

} // namespace

bool writeRunWitness(const Config &C, const ExploreResult &R,
                     std::string &Error) {
  const ErrorReport *E = R.V == Verdict::Error ? witnessed(C, R) : nullptr;
  if (!E) {
    std::fprintf(
        stderr, "vcdpor: note: no %s: no violation witness written to %s\n",
        C.Property.empty() ? "error" : ("violation of " + C.Property).c_str(),
        C.WitnessPath.c_str());
    return true;
  }
  WitnessTask T;
  T.ProgramFile = C.Program;
  T.Specification = specification(C, *E);
  T.Arch32 = C.Ptr32;
  return writeWitness(C.WitnessPath, *E, T, Error);
}

int validateWitness(Config &C) {
  WitnessPath W;
  std::string Err;
  if (!readWitness(C.ValidateWitness, W, Err)) {
    std::fprintf(stderr, "vcdpor: error: --validate-witness %s: %s\n",
                 C.ValidateWitness.c_str(), Err.c_str());
    return 2;
  }
  if (!W.ProgramHash.empty()) {
    std::string H = fileSha256(C.Program);
    if (!H.empty() && H != W.ProgramHash)
      std::fprintf(stderr,
                   "vcdpor: warning: --validate-witness %s: the witness was "
                   "written for a file with another SHA-256 than %s\n",
                   C.ValidateWitness.c_str(), C.Program.c_str());
  }
  LoadOptions LO;
  LO.RuntimeInclude = C.RuntimeInclude;
  LO.CacheDir = C.CacheDir;
  LO.CacheSalt = C.CacheSalt;
  LO.OptLevel = C.OptLevel;
  LO.CFlags = C.CFlags;
  LoadResult L = loadProgram(C.Program, LO);
  if (!L.Prog) {
    std::fprintf(stderr, "vcdpor: error: %s\n", L.Error.c_str());
    return 2;
  }
  ExecOptions EO;
  EO.Unroll = C.Unroll;
  EO.NondetLo = C.NondetLo;
  EO.NondetHi = C.NondetHi;
  EO.Args = C.ProgramArgs;
  ExploreResult R;
  std::string Why;
  if (W.Schedule) {
    Executor Exec(*L.Prog, EO);
    ErrorReport Out;
    if (!followWitness(Exec, W, Out, Why)) {
      std::printf("Witness %s: NOT CONFIRMED: %s\n", C.ValidateWitness.c_str(),
                  Why.c_str());
      return 6;
    }
    std::printf("Witness %s: confirmed: the schedule reaches %s at line %u\n",
                C.ValidateWitness.c_str(),
                std::string(findingKindName(Out.F.Kind)).c_str(), W.TargetLine);
    printReport(C, "Error", Out);
    return 1;
  }
  // YAML: nondet values fixed, interleavings searched.
  EO.NondetAtLine = W.ValuesAt;
  Executor Exec(*L.Prog, EO);
  C.Explore.Engine = EngineKind::Optimal;
  C.Explore.StopOnFirst = false;
  C.Explore.Workers = 1;
  std::unique_ptr<Explorer> X = makeExplorer(C.Explore, Err);
  if (!X) {
    std::fprintf(stderr, "vcdpor: error: %s\n", Err.c_str());
    return 2;
  }
  R = X->explore(Exec);
  if (!R.Refused.empty()) {
    std::fprintf(stderr, "vcdpor: error: %s: %s\n", C.Program.c_str(),
                 R.Refused.c_str());
    return R.Internal ? 7 : 2;
  }
  for (const ErrorReport &E : R.Errors)
    if (E.Where.Line == W.TargetLine) {
      std::printf("Witness %s: confirmed: with its nondet values, an "
                  "interleaving reaches %s at line %u\n",
                  C.ValidateWitness.c_str(),
                  std::string(findingKindName(E.F.Kind)).c_str(), W.TargetLine);
      printReport(C, "Error", E);
      return 1;
    }
  if (R.V == Verdict::Unknown) {
    std::printf("Witness %s: unknown: %s stopped the search before the "
                "target at line %u was reached\n",
                C.ValidateWitness.c_str(), R.Limit.c_str(), W.TargetLine);
    return 3;
  }
  std::printf("Witness %s: NOT CONFIRMED: no interleaving with its nondet "
              "values reaches line %u with an error (%llu executions)\n",
              C.ValidateWitness.c_str(), W.TargetLine,
              (unsigned long long)R.S.Executions);
  return 6;
}

} // namespace vcdpor
