//===- closure/Linearize.h - Witness traces of closed orders ----*- C++ -*-===//
//
// A closed annotated partial order is realizable (Lemma 4.3 of the paper);
// linearize() builds the witness: the root runs one event at a time, and
// before each root event the leaf events that must precede it are emitted,
// always a P-minimal one first; the remaining leaf events come last. Leaves
// thus run as late as possible.
//
//===----------------------------------------------------------------------===//

#ifndef VCDPOR_CLOSURE_LINEARIZE_H
#define VCDPOR_CLOSURE_LINEARIZE_H

#include "closure/AnnotatedPO.h"

#include <vector>

namespace vcdpor::closure {

/// A trace of all events of A in which every read observes one of its good
/// writes. Fails if A is not closed (call close() first); before it is
/// returned, the result is checked as checkWitness() does, but for the order,
/// which holds by construction (every event is emitted after its
/// predecessors).
Result<std::vector<EventId>> linearize(const AnnotatedPO &A);

/// Checks that Trace contains every event of A once, respects A's order, lets
/// every read observe a good write, and keeps every mutex exclusive.
Status checkWitness(const AnnotatedPO &A, const std::vector<EventId> &Trace);

/// checkWitness() for a Trace that respected A's order when it began to
/// record its inserts (PartialOrder::recordInserts()), events added since
/// aside: the order is checked on the pairs recorded since then, in time
/// linear in the trace, rather than on every event's predecessors. Where A
/// does not record, the same as checkWitness().
Status checkWitnessSince(const AnnotatedPO &A,
                         const std::vector<EventId> &Trace);

} // namespace vcdpor::closure

#endif // VCDPOR_CLOSURE_LINEARIZE_H
