//===- dpor/Races.h - Data races in one execution ------------------*- C++
//-*-===//
//
// A data race: two accesses of a common byte by different threads, at least
// one of them a write and at least one not atomic, that happens-before does
// not order. Happens-before here is the synchronisation order of C11 under
// sequential consistency, not the explorers' dependence order (which orders
// every two conflicting accesses): program order, a thread's creation
// before its first event, its last event before the join that waits for
// it, a mutex's release before its next acquisition, an atomic write before
// an atomic read of the location that observes it (the last write before
// it in the execution). An access inside an atomic section counts as an
// atomic one.
//
// Whether two accesses race depends only on that order, which the
// dependence order of the execution fixes: every execution of one
// happens-before class (Mazurkiewicz trace) has the same races, so an
// explorer that visits every class finds every race the program has.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_RACES_H
#define VCDPOR_DPOR_RACES_H

#include "dpor/Event.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace vcdpor {

/// Two racing accesses, as indices into the execution: First runs before
/// Second.
struct Race {
  size_t First = 0, Second = 0;
};

/// The races of Exec: every pair of an access and an earlier one it races
/// with (the earlier kept per thread and kind, see Races.cpp), in the order
/// of the second accesses.
std::vector<Race> findRaces(const std::vector<Event> &Exec);

} // namespace vcdpor

#endif
