//===- interpreter/ExitSummary.h - Which code may end the process -*- C++ -*-===//
#ifndef VCDPOR_INTERPRETER_EXITSUMMARY_H
#define VCDPOR_INTERPRETER_EXITSUMMARY_H

#include "interpreter/Program.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Module;
class Function;
} // namespace llvm

namespace vcdpor {

/// Fills Function::BlockExits for every defined function: per basic block,
/// whether the code reachable from it, its callees and the threads they
/// create may call exit() or abort() (an indirect call may). A conditional
/// branch that compares the result of a pthread function that returns only
/// 0 here (pthread_create, _join, the mutex and condition variable
/// operations but trylock) with a constant goes one way. Conservative: it
/// serves only to prove that no thread can end the process any more.
void summarizeExits(
    const llvm::Module &M,
    const llvm::DenseMap<const llvm::Function *, uint32_t> &FuncIds,
    Program &P);

} // namespace vcdpor

#endif
