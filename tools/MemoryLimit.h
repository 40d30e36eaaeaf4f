//===- tools/MemoryLimit.h - The default --max-memory -----------*- C++ -*-===//
#ifndef VCDPOR_TOOLS_MEMORYLIMIT_H
#define VCDPOR_TOOLS_MEMORYLIMIT_H

namespace vcdpor {

/// The share of the available memory that --max-memory defaults to.
constexpr double DefaultMemoryShare = 0.8;

/// The memory this process may use, in MB: the machine's physical memory,
/// or its cgroup's limit where that is lower; 0 if neither can be read.
double machineMemoryMb();

} // namespace vcdpor

#endif
