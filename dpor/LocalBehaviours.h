//===- dpor/LocalBehaviours.h - Per-thread local behaviours -----*- C++ -*-===//
//
// A test oracle shared by the engines: the set of distinct local behaviours
// (one thread's sequence of visible events with the values it read, wrote or
// chose) over the complete executions an engine visits. Equivalences that
// preserve local states (Mazurkiewicz, value-happens-before) must visit the
// same set as the exhaustive engine.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_LOCALBEHAVIOURS_H
#define VCDPOR_DPOR_LOCALBEHAVIOURS_H

#include "dpor/Event.h"

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace vcdpor {

class LocalBehaviours {
public:
  /// Adds the behaviour of every thread of one execution (events in
  /// execution order).
  void add(const std::vector<Event> &Exec);
  /// Adds every behaviour of O.
  void merge(const LocalBehaviours &O) {
    Set.insert(O.Set.begin(), O.Set.end());
  }
  uint64_t size() const { return Set.size(); }
  /// Independent of the order behaviours were added in.
  uint64_t digest() const;

private:
  std::unordered_set<uint64_t> Set;
};

} // namespace vcdpor

#endif
