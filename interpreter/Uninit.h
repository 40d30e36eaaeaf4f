//===- interpreter/Uninit.h - Uninitialised locals as nondet -*- C++ -*-===//
//
// C gives a local that is read before it is written an indeterminate value;
// SV-COMP and the 2LS tests read it as a nondeterministic one. Left as LLVM's
// undef it becomes whatever the optimiser or the lowering picks (0), and a
// bug that needs another value is missed. These transformations make every
// such read a call of __vcdpor_uninit_iN, which every engine treats as
// __VERIFIER_nondet_* of that width (the explicit engines draw it from
// --nondet-range, so a verdict that depends on it says it is bounded).
//
// Covered: integer locals promoted to registers (their address never taken),
// at every optimisation level, and any integer undef left in a module.
// Locals kept in memory (arrays, structs, locals whose address escapes) and
// heap objects start zeroed, as the interpreter allocates them.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_UNINIT_H
#define VCDPOR_INTERPRETER_UNINIT_H

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace vcdpor {

/// Promotes every scalar local of F whose address is only loaded from and
/// stored to (never taken, never volatile) to registers, as mem2reg does.
/// Returns whether anything was promoted.
bool promoteScalarLocals(llvm::Function &F);

/// Replaces every use of an integer undef (or poison) value in F by a call
/// of __vcdpor_uninit_iN placed before the user (for a phi: at the end of
/// the incoming block). Aggregate and vector constructions, whose undef
/// operands are placeholders, are left alone. Returns whether F changed.
bool nondetUninitialised(llvm::Function &F);

/// Both, for every function defined in M.
void uninitialisedLocalsAsNondet(llvm::Module &M);

} // namespace vcdpor

#endif
