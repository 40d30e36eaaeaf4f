//===- dpor/VhbClasses.h - Value-happens-before signatures ------*- C++ -*-===//
//
// The class-counting oracle for VC-DPOR: the value-happens-before class of a
// complete execution, computed from the execution alone. Two executions are
// in one class when every thread has the same events with the same values,
// every read of the root thread observes a write of the same side (the root,
// or a leaf; initial values count as a leaf's), the conflicting accesses of
// different leaf threads come in the same order, and every mutex is taken in
// the same order (condition variables: their waits, signals and broadcasts;
// a failed trylock counts by the grant interval it fell in).
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_VHBCLASSES_H
#define VCDPOR_DPOR_VHBCLASSES_H

#include "dpor/Event.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace vcdpor {

/// With Unread, the order of the writes it accepts (by address: writes no
/// instruction can read, System::unread()) is left out of the class, as
/// vc leaves it out unless --vhb-exact.
std::pair<uint64_t, uint64_t>
vhbSignature(const std::vector<Event> &Exec, ThreadId Root,
             const std::function<bool(uint64_t)> &Unread = nullptr);

/// The default root: the first thread main creates, or main itself.
ThreadId defaultRoot(const std::vector<Event> &Exec);

} // namespace vcdpor

#endif
