//===- interpreter/WriteSummary.h - Which globals code may store to -*- C++
//-*-===//
#ifndef VCDPOR_INTERPRETER_WRITESUMMARY_H
#define VCDPOR_INTERPRETER_WRITESUMMARY_H

#include "interpreter/Program.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Module;
class Function;
class GlobalVariable;
class AllocaInst;
} // namespace llvm

namespace vcdpor {

/// Whether the address of alloca A may reach another thread or code that is
/// not analysed here (so that accesses to it may be shared).
bool allocaEscapes(const llvm::AllocaInst &A);

/// Fills Function::BlockWrites for every defined function: per basic block,
/// the globals the code reachable from it, its callees and the threads they
/// create may store to, or that some store's target is not known (a pointer
/// that is not a global or a non-escaping local); and BlockTail, the same
/// for the code reachable from the block's successors. Conservative: it
/// serves only to prove that a thread can no longer write a location.
void summarizeWrites(
    const llvm::Module &M,
    const llvm::DenseMap<const llvm::Function *, uint32_t> &FuncIds,
    const llvm::DenseMap<const llvm::GlobalVariable *, uint32_t> &GlobalIds,
    Program &P);

} // namespace vcdpor

#endif
