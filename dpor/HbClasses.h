//===- dpor/HbClasses.h - Happens-before signatures of executions -*- C++ -*-===//
//
// The class-counting oracle: two complete executions are Mazurkiewicz
// equivalent iff they have the same events and the same happens-before.
// The signature hashes every event with its vector clock, in (thread, index)
// order, so it does not depend on the interleaving.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_HBCLASSES_H
#define VCDPOR_DPOR_HBCLASSES_H

#include "dpor/Event.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace vcdpor {

using HbSignature = std::pair<uint64_t, uint64_t>;

/// Vector clocks of the events of one execution (in execution order).
/// Happens-before: program order, create -> child's first event, child's
/// last event -> join, and execution order of conflicting events.
std::vector<std::vector<uint32_t>> vectorClocks(const std::vector<Event> &Exec,
                                                unsigned NumThreads);
HbSignature hbSignature(const std::vector<Event> &Exec, unsigned NumThreads);

} // namespace vcdpor

#endif
