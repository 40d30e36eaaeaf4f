//===- dpor/Exhaustive.h - The ground-truth explorer ------------*- C++ -*-===//
#ifndef VCDPOR_DPOR_EXHAUSTIVE_H
#define VCDPOR_DPOR_EXHAUSTIVE_H

#include "dpor/Explorer.h"

namespace vcdpor {

class ExhaustiveExplorer final : public Explorer {
public:
  explicit ExhaustiveExplorer(ExploreConfig C) : Config(std::move(C)) {}
  ExploreResult explore(System &Sys) override;

private:
  ExploreConfig Config;
};

} // namespace vcdpor

#endif
