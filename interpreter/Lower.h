//===- interpreter/Lower.h - LLVM module to Program (private) ---*- C++ -*-===//
#ifndef VCDPOR_INTERPRETER_LOWER_H
#define VCDPOR_INTERPRETER_LOWER_H

#include "interpreter/Program.h"

#include <string>

namespace llvm {
class Module;
}

namespace vcdpor {

/// Lowers a verified module. On failure returns false with Error naming the
/// unsupported construct, its function and source line.
bool lowerModule(llvm::Module &M, Program &Out, std::string &Error);

} // namespace vcdpor

#endif
