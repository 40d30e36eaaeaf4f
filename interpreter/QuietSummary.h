//===- interpreter/QuietSummary.h - Code no other thread sees --*- C++ -*-===//
#ifndef VCDPOR_INTERPRETER_QUIETSUMMARY_H
#define VCDPOR_INTERPRETER_QUIETSUMMARY_H

#include "interpreter/Program.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Module;
class Function;
} // namespace llvm

namespace vcdpor {

/// Fills Function::BlockQuiet and BlockTailQuiet for every defined
/// function: per basic block, whether the code reachable from it (from its
/// successors) and its callees is *quiet*: it accesses no memory but
/// unescaped locals of its own frames, and its only operations another
/// thread could see or be ordered against are pthread_join (with a null
/// result pointer) and assertion failures: no other load, store, RMW or
/// library call, no lock, no thread creation, no output, no exit(). A
/// quiet thread's events are joins and its end. Conservative.
void summarizeQuiet(
    const llvm::Module &M,
    const llvm::DenseMap<const llvm::Function *, uint32_t> &FuncIds,
    Program &P);

} // namespace vcdpor

#endif
