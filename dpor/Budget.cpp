#include "dpor/Budget.h"
#include "dpor/Races.h"

#include <algorithm>
#include <tuple>

namespace vcdpor {

void Budget::setLimit(const char *Which) {
  std::lock_guard<std::mutex> L(LimitM);
  R.Limit = Which;
}

bool Budget::executionLimitReached() {
  if (!C.MaxExecutions || total() < C.MaxExecutions)
    return false;
  setLimit("max-executions");
  return true;
}

bool Budget::timedOut() {
  if (C.TimeoutS > 0 && elapsed() >= C.TimeoutS) {
    setLimit("timeout");
    return true;
  }
  return false;
}

bool Budget::cancelled() {
  if (!C.Cancel || !C.Cancel->load(std::memory_order_relaxed))
    return false;
  setLimit("cancelled");
  return true;
}

bool Budget::limitReached(uint64_t PendingBytes) {
  if (cancelled())
    return true;
  // Explorers ask per node (vc, per ordering step), often a million times a
  // second: the clock read is the coarse one (a few milliseconds' grain, a
  // fraction of the cost), and the resident size before every large
  // allocation and otherwise every 64th call when residentCheckDue().
  if (C.TimeoutS > 0) {
    timespec Now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &Now);
    double S = double(Now.tv_sec - CoarseStart.tv_sec) +
               1e-9 * double(Now.tv_nsec - CoarseStart.tv_nsec);
    // The coarse clock can run a tick ahead: the precise one decides.
    if (S >= C.TimeoutS && timedOut())
      return true;
  }
  if (PendingBytes)
    return memoryExceeded(PendingBytes);
  static thread_local uint64_t Polls = 0;
  return (++Polls & 63) == 0 && residentCheckDue() && memoryExceeded(0);
}

bool Budget::residentCheckDue() {
  // Reading the resident size costs three system calls; there is a memory
  // limit by default (tools/MemoryLimit.h), so every run pays them.
  static thread_local int64_t NextCheck = 0;
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &Now);
  int64_t Ns = int64_t(Now.tv_sec) * 1000000000 + Now.tv_nsec;
  if (Ns < NextCheck)
    return false;
  NextCheck = Ns + ResidentCheckNs;
  return true;
}

bool Budget::memoryExceeded(uint64_t PendingBytes) {
  if (C.MaxMemoryMb > 0 &&
      currentRssMb() + PendingBytes / (1024.0 * 1024.0) >= C.MaxMemoryMb) {
    setLimit("max-memory");
    return true;
  }
  return false;
}

void Budget::tally(ExecutionEnd E, uint64_t Times) {
  switch (E) {
  case ExecutionEnd::Complete:
    R.S.Executions += Times;
    break;
  case ExecutionEnd::Blocked:
    R.S.Blocked += Times;
    break;
  case ExecutionEnd::Bounded:
    R.S.Bounded += Times;
    break;
  case ExecutionEnd::Error:
  case ExecutionEnd::Deadlock:
    R.S.Executions += Times;
    if (E == ExecutionEnd::Error)
      R.S.ErrorExecutions += Times;
    break;
  case ExecutionEnd::Running:
  case ExecutionEnd::Interrupted:
    break;
  }
}

namespace {

/// The trace of a report as text, for a total order of reports.
std::string traceKey(const ErrorReport &E) {
  std::string K;
  for (const TraceEntry &T : E.Trace)
    K += std::to_string(T.Thread) + " " + T.Kind + " " + T.Object + " " +
         T.Value + " " + std::to_string(T.Src.Line) + "\n";
  return K;
}

/// Of two reports of one finding: the shorter trace, then the lesser text.
bool lessReport(const ErrorReport &A, const ErrorReport &B) {
  if (A.Trace.size() != B.Trace.size())
    return A.Trace.size() < B.Trace.size();
  return traceKey(A) < traceKey(B);
}

} // namespace

bool Budget::countExecution(const System &Sys, ExecutionEnd E,
                            const std::vector<Event> &Events) {
  std::lock_guard<std::mutex> L(M);
  // Workers finishing at once can get here after the limit was reached;
  // their executions are beyond it.
  if (executionLimitReached())
    return true;
  // An error cuts its execution short: only maximal executions (complete
  // or deadlocked) are classes.
  if (C.CountHbClasses &&
      (E == ExecutionEnd::Complete || E == ExecutionEnd::Deadlock))
    HbSet.insert(hbSignature(Events, Sys.numThreads()));
  tally(E, 1);
  if (E == ExecutionEnd::Bounded)
    R.S.BoundCauses |= Sys.boundCauses();
  if (C.Races != RaceMode::Off && E != ExecutionEnd::Interrupted &&
      checkRaces(Sys, Events))
    return true;
  if (E != ExecutionEnd::Error && E != ExecutionEnd::Deadlock)
    return false;
  const Finding *F = Sys.finding();
  std::string Key = std::string(findingKindName(F->Kind)) + "|" + F->Message +
                    "|" + std::to_string(F->SrcLoc);
  keepLocked(Key, [&] { return makeReport(Sys, Events); });
  return C.StopOnFirst;
}

void Budget::keepFinding(const std::string &Key,
                         const std::function<ErrorReport()> &Make) {
  std::lock_guard<std::mutex> L(M);
  keepLocked(Key, Make);
}

void Budget::keepLocked(const std::string &Key,
                        const std::function<ErrorReport()> &Make) {
  auto [At, First] = ErrorAt.try_emplace(Key, R.Errors.size());
  if (First) {
    R.Errors.push_back(Make());
  } else if (Canonical) {
    ErrorReport New = Make();
    ErrorReport &Old = R.Errors[At->second];
    if (lessReport(New, Old))
      Old = std::move(New);
  }
  R.V = Verdict::Error;
}

bool Budget::checkRaces(const System &Sys, const std::vector<Event> &Events) {
  bool Stop = false;
  for (const Race &Rc : findRaces(Events)) {
    const Event &A = Events[Rc.First], &B = Events[Rc.Second];
    // One report per pair of source locations and object.
    std::string Key = std::to_string(std::min(A.SrcLoc, B.SrcLoc)) + "|" +
                      std::to_string(std::max(A.SrcLoc, B.SrcLoc)) + "|" +
                      Sys.describeAddr(B.Addr);
    if (!SeenRaces.insert(Key).second)
      continue;
    // A program can race at hundreds of pairs of lines: every one is
    // reported, the first MaxRaceTraces with their traces.
    ErrorReport Rep =
        raceReport(Sys, Events, Rc, SeenRaces.size() <= MaxRaceTraces);
    if (C.Races == RaceMode::Warn) {
      R.Warnings.push_back(std::move(Rep));
      continue;
    }
    R.Errors.push_back(std::move(Rep));
    R.V = Verdict::Error;
    Stop |= C.StopOnFirst;
    if (Stop)
      break;
  }
  return Stop;
}

void Budget::countDecided(ExecutionEnd E, const HbSignature *Hb,
                          ErrorReport *Report, uint64_t Times) {
  std::lock_guard<std::mutex> L(M);
  if (C.CountHbClasses && Hb &&
      (E == ExecutionEnd::Complete || E == ExecutionEnd::Deadlock))
    HbSet.insert(*Hb);
  tally(E, Times);
  if (Report) {
    R.Errors.push_back(std::move(*Report));
    R.V = Verdict::Error;
  }
}

void Budget::countPending() {
  std::lock_guard<std::mutex> L(M);
  ++Pending;
}

bool Budget::stopAfterExecution() {
  std::lock_guard<std::mutex> L(M);
  uint64_t Total = total();
  bool Stop = false;
  if (executionLimitReached() || cancelled()) {
    Stop = true;
  } else if (timedOut() ||
             ((Total & 63) == 0 && residentCheckDue() && memoryExceeded(0))) {
    Stop = true;
  }
  double Now = elapsed();
  if (C.Progress && Now - LastProgress >= 1.0) {
    LastProgress = Now;
    R.S.TimeS = Now;
    Stats Shown = R.S;
    Shown.Executions += Pending;
    C.Progress(Shown);
  }
  return Stop;
}

void Budget::finish() {
  std::lock_guard<std::mutex> L(M);
  std::lock_guard<std::mutex> LL(LimitM);
  if (!R.Limit.empty() && R.V != Verdict::Error)
    R.V = Verdict::Unknown;
  R.S.TimeS = elapsed();
  R.S.PeakRssMb = currentPeakRssMb();
  R.S.HbClasses = HbSet.size();
  R.RacesChecked = C.Races != RaceMode::Off;
  if (Canonical)
    std::stable_sort(R.Errors.begin(), R.Errors.end(),
                     [](const ErrorReport &A, const ErrorReport &B) {
                       return std::tie(A.F.Kind, A.F.Message, A.F.SrcLoc) <
                              std::tie(B.F.Kind, B.F.Message, B.F.SrcLoc);
                     });
}

} // namespace vcdpor
