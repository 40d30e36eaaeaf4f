//===- dpor/Vc.h - Value-centric DPOR ----------------------------*- C++
//-*-===//
//
// VC-DPOR: explores the value-happens-before classes of a program through
// annotated partial orders and their closure (closure/). See Vc.cpp for the
// algorithm and docs/vc-dpor.md for what it supports.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_VC_H
#define VCDPOR_DPOR_VC_H

#include "dpor/Explorer.h"

namespace vcdpor {

class VcExplorer final : public Explorer {
public:
  /// Data races are left to the other engines: a value class can hold a
  /// racy execution and a race-free one (an atomic read that observes
  /// equal values from a write that synchronises and one that does not).
  explicit VcExplorer(ExploreConfig C) : Config(std::move(C)) {
    WantedRaces = Config.Races;
    Config.Races = RaceMode::Off;
  }
  ExploreResult explore(System &Sys) override;

private:
  ExploreConfig Config;
  RaceMode WantedRaces;
};

} // namespace vcdpor

#endif
