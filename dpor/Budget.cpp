#include "dpor/Budget.h"

namespace vcdpor {

bool Budget::limitReached() {
  if (C.TimeoutS > 0 && elapsed() >= C.TimeoutS) {
    R.Limit = "timeout";
    return true;
  }
  if (C.MaxMemoryMb > 0 && currentRssMb() >= C.MaxMemoryMb) {
    R.Limit = "max-memory";
    return true;
  }
  return false;
}

bool Budget::stopAfterExecution(uint64_t Total) {
  bool Stop = false;
  if (C.MaxExecutions && Total >= C.MaxExecutions) {
    R.Limit = "max-executions";
    Stop = true;
  } else if ((Total & 63) == 0 && limitReached()) {
    Stop = true;
  }
  double Now = elapsed();
  if (C.Progress && Now - LastProgress >= 1.0) {
    LastProgress = Now;
    R.S.TimeS = Now;
    C.Progress(R.S);
  }
  return Stop;
}

void Budget::recordError(const System &Sys, const std::vector<Event> &Events) {
  const Finding *F = Sys.finding();
  std::string Key = std::string(findingKindName(F->Kind)) + "|" + F->Message +
                    "|" + std::to_string(F->SrcLoc);
  if (Seen.insert(Key).second)
    R.Errors.push_back(makeReport(Sys, Events));
  R.V = Verdict::Error;
}

void Budget::finish() {
  if (!R.Limit.empty() && R.V != Verdict::Error)
    R.V = Verdict::Unknown;
  R.S.TimeS = elapsed();
  R.S.PeakRssMb = currentPeakRssMb();
}

} // namespace vcdpor
