//===- interpreter/UnreadGlobals.h - Globals nothing reads ------*- C++ -*-===//
#ifndef VCDPOR_INTERPRETER_UNREADGLOBALS_H
#define VCDPOR_INTERPRETER_UNREADGLOBALS_H

#include "interpreter/Program.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Module;
class GlobalVariable;
} // namespace llvm

namespace vcdpor {

/// Sets Global::Unread for every global whose address, through casts and
/// address arithmetic alone, serves only as the address of plain or atomic
/// stores (or in comparisons). No instruction, and no library function, can
/// then read its bytes: a pointer designates one object, and one past its
/// bounds is a memory error, not another object. Conservative: any other
/// use (a load, an RMW, a call argument, a stored or converted address, a
/// phi or select, a use in another global's initializer) keeps it readable.
/// Also sets Global::Unaccessed for every global whose address, through
/// casts and address arithmetic, serves only in comparisons or as an
/// argument of __assert_fail (which shows the bytes, never hands the
/// address on): the messages of assertions.
void findUnreadGlobals(
    const llvm::Module &M,
    const llvm::DenseMap<const llvm::GlobalVariable *, uint32_t> &GlobalIds,
    Program &P);

} // namespace vcdpor

#endif
