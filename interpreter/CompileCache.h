//===- interpreter/CompileCache.h - Compiled .c inputs, kept ----*- C++ -*-===//
//
// Compiling a .c input (clang's front end, then its optimiser) takes most of
// a short run. The cache keeps the bitcode of each compile under a key that
// covers everything deciding it: the source file's bytes, its path, the
// compiler command line and a salt from the tool (its build: a rebuilt tool
// compiles afresh). An entry also lists every file the compile read (clang
// -MD: headers included) with its size and modification time; a look-up
// that finds one changed, or gone, is a miss. Entries are written to a
// temporary name and renamed, so concurrent runs never read half an entry.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_COMPILECACHE_H
#define VCDPOR_INTERPRETER_COMPILECACHE_H

#include <string>
#include <vector>

namespace vcdpor {

class CompileCache {
public:
  /// Dir is created on the first store.
  CompileCache(std::string Dir, std::string Salt);

  /// The key of compiling Source with the command line Args (without the
  /// output and dependency-file arguments). Empty when Source is unreadable.
  std::string key(const std::string &Source,
                  const std::vector<std::string> &Args) const;
  /// The cached bitcode's path for Key, or empty on a miss.
  std::string lookup(const std::string &Key) const;
  /// Keeps Bitcode for Key with the dependencies clang wrote to DepFile.
  /// Nothing is stored when a dependency changed in the last two seconds
  /// (its modification time could not tell a later change) or on any error.
  void store(const std::string &Key, const std::string &Bitcode,
             const std::string &DepFile) const;

  /// Entries beyond this many: the oldest half is removed on a store.
  static constexpr unsigned MaxEntries = 2000;

private:
  std::string Dir, Salt;
};

} // namespace vcdpor

#endif
