//===- dpor/Dpor.h - Source-DPOR and Optimal-DPOR ----------------*- C++ -*-===//
//
// One explorer, two modes sharing the machinery: vector-clock happens-before,
// race detection at the end of each maximal execution, sleep sets, and
// stateless replay of decision prefixes.
//  - Source: backtrack sets grown from source-set initials; may hit
//    sleep-set-blocked executions, which are counted apart.
//  - Optimal: wakeup trees with weak-initial insertion; exactly one complete
//    execution per Mazurkiewicz class, none sleep-set blocked.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_DPOR_H
#define VCDPOR_DPOR_DPOR_H

#include "dpor/Explorer.h"

namespace vcdpor {

/// True when the order of A and B matters: same thread, conflicting
/// accesses, or a structural dependency (create/join of the other's thread).
bool dependent(const Event &A, const Event &B);

class DporExplorer final : public Explorer {
public:
  explicit DporExplorer(ExploreConfig C) : Config(std::move(C)) {}
  ExploreResult explore(System &Sys) override;

private:
  ExploreConfig Config;
};

} // namespace vcdpor

#endif
