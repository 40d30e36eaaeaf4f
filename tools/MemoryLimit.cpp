//===- tools/MemoryLimit.cpp - The default --max-memory -------------------===//
//
// A search that keeps nodes on a deep stack can grow without bound (VC-DPOR
// on a program that creates threads for ever holds gigabytes within
// seconds). Without a limit the kernel kills the process and the user gets
// no report; with one the run ends as "unknown" with what it covered.
//
//===----------------------------------------------------------------------===//
#include "tools/MemoryLimit.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <unistd.h>

namespace vcdpor {

namespace {
// A cgroup's limit in bytes, or 0 (none, or not readable).
uint64_t cgroupLimit(const char *Path) {
  std::ifstream In(Path);
  std::string S;
  if (!(In >> S) || S.empty() || S == "max")
    return 0;
  try {
    return std::stoull(S);
  } catch (...) {
    return 0;
  }
}
} // namespace

double machineMemoryMb() {
  long Pages = sysconf(_SC_PHYS_PAGES), Page = sysconf(_SC_PAGESIZE);
  uint64_t Bytes = Pages > 0 && Page > 0 ? uint64_t(Pages) * uint64_t(Page) : 0;
  // cgroup v2, then v1 (whose "no limit" is a huge number, which min drops).
  for (const char *P : {"/sys/fs/cgroup/memory.max",
                        "/sys/fs/cgroup/memory/memory.limit_in_bytes"})
    if (uint64_t L = cgroupLimit(P))
      Bytes = Bytes ? std::min(Bytes, L) : L;
  return double(Bytes) / (1024.0 * 1024.0);
}

} // namespace vcdpor
