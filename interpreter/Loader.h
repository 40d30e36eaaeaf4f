//===- interpreter/Loader.h - From a file to a Program ----------*- C++ -*-===//
//
// Loads `.c` (compiled with clang-14), `.ll` or `.bc`, verifies the module
// and lowers it into a Program. Everything unsupported is rejected here,
// before any exploration, with a message naming the construct, its function
// and its source line.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_LOADER_H
#define VCDPOR_INTERPRETER_LOADER_H

#include "interpreter/Program.h"

#include <memory>
#include <string>
#include <vector>

namespace vcdpor {

struct LoadOptions {
  std::string OptLevel = "1";         ///< clang -O level for .c inputs
  std::string Clang = "clang-14";     ///< compiler for .c inputs
  std::vector<std::string> CFlags;    ///< extra flags (-D, -I) for .c inputs
  std::string EmitLL;                 ///< write the checked module here
  /// Directory of vcdpor.h for .c inputs (empty: the source tree's
  /// runtime/include this library was built from).
  std::string RuntimeInclude;
  /// Keep compiled .c inputs here (empty: no cache; CompileCache.h), with
  /// CacheSalt naming the build of the tool that keeps them.
  std::string CacheDir, CacheSalt;
};

struct LoadResult {
  std::unique_ptr<Program> Prog;
  std::string Error; ///< set when Prog is null
  /// A .c input's module came from the compile cache.
  bool FromCache = false;
};

LoadResult loadProgram(const std::string &Path, const LoadOptions &Opts);
/// Lowers a module held in memory, textual IR or bitcode (unit tests, the
/// fuzzer). Never exits or prints: every failure comes back in Error.
LoadResult loadProgramFromIR(const std::string &IR, const std::string &Name);

} // namespace vcdpor

#endif
