//===- interpreter/Lower.h - LLVM module to Program (private) ---*- C++ -*-===//
#ifndef VCDPOR_INTERPRETER_LOWER_H
#define VCDPOR_INTERPRETER_LOWER_H

#include "interpreter/Program.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Module;
}

namespace vcdpor {

/// Lowers a verified module. On failure returns false with Error naming the
/// unsupported construct, its function and source line.
bool lowerModule(llvm::Module &M, Program &Out, std::string &Error);

/// The supported external function of that name, or Builtin::None.
Builtin lookupBuiltin(llvm::StringRef Name);

} // namespace vcdpor

#endif
