//===- tests/fuzz/LoadFuzzer.cpp - libFuzzer over loading and running -----===//
//
// Feeds arbitrary bytes (textual IR or bitcode) to the loader and, when they
// load, explores the program with the exhaustive engine (or the one named by
// VCDPOR_FUZZ_ENGINE) under tight budgets.
// Bad input must come back as a load error or a finding; any crash, hang or
// sanitizer report is a bug in vcdpor.
//
//===----------------------------------------------------------------------===//
#include "dpor/Explorer.h"
#include "interpreter/Executor.h"
#include "interpreter/Loader.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace vcdpor;

namespace {
/// LLVM 14's bitcode reader aborts through report_fatal_error on some
/// malformed bitcode (vcdpor turns that into exit 2, see tests/lit/badinput/
/// bitcode_fatal.test); fuzzing it only re-finds those LLVM aborts, so
/// bitcode inputs are skipped unless VCDPOR_FUZZ_BITCODE is set.
bool FuzzBitcode = false;
/// The engine run on inputs that load: exhaustive unless VCDPOR_FUZZ_ENGINE
/// names source or optimal.
EngineKind Engine = EngineKind::Exhaustive;

bool isBitcode(const uint8_t *Data, size_t Size) {
  static const uint8_t Raw[] = {'B', 'C', 0xc0, 0xde};
  static const uint8_t Wrapper[] = {0xde, 0xc0, 0x17, 0x0b};
  return Size >= 4 && (std::equal(Raw, Raw + 4, Data) ||
                       std::equal(Wrapper, Wrapper + 4, Data));
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  FuzzBitcode = std::getenv("VCDPOR_FUZZ_BITCODE") != nullptr;
  if (const char *E = std::getenv("VCDPOR_FUZZ_ENGINE")) {
    std::string Name = E;
    Engine = Name == "source"    ? EngineKind::Source
             : Name == "optimal" ? EngineKind::Optimal
                                 : EngineKind::Exhaustive;
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!FuzzBitcode && isBitcode(Data, Size))
    return 0;
  // A std::string keeps the buffer NUL-terminated, as the IR parser wants.
  std::string Bytes(reinterpret_cast<const char *>(Data), Size);
  LoadResult L = loadProgramFromIR(Bytes, "fuzz.ll");
  if (!L.Prog) {
    assert(!L.Error.empty() && "a failed load must say why");
    return 0;
  }
  ExecOptions EO;
  EO.Unroll = 3;
  EO.NondetLo = 0;
  EO.NondetHi = 1;
  EO.Args = {"fuzz"};
  Executor Exec(*L.Prog, EO);
  // Budgets small enough that one input stays well under the fuzzer's
  // -timeout; memory is left to -rss_limit_mb (ASan inflates the RSS).
  ExploreConfig C;
  C.Engine = Engine;
  C.MaxExecutions = 50;
  C.TimeoutS = 0.5;
  C.StopOnFirst = true;
  std::string Err;
  std::unique_ptr<Explorer> X = makeExplorer(C, Err);
  assert(X && "the exhaustive engine is always built");
  ExploreResult R = X->explore(Exec);
  assert((R.V != Verdict::Error || !R.Errors.empty()) &&
         "an error verdict carries its report");
  (void)R;
  return 0;
}
