//===- dpor/Budget.h - Limits, progress and findings for explorers -*- C++
//-*-===//
//
// What every explorer does around its search: check the limits of the run,
// report progress, collect distinct findings, and fill in the final verdict
// and statistics.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_BUDGET_H
#define VCDPOR_DPOR_BUDGET_H

#include "dpor/Explorer.h"
#include "dpor/HbClasses.h"

#include <chrono>
#include <ctime>
#include <mutex>
#include <functional>
#include <map>
#include <set>
#include <string>

namespace vcdpor {

/// Thread-safe: the workers of a parallel exploration share one Budget (and
/// the ExploreResult it fills in).
class Budget {
public:
  Budget(const ExploreConfig &C, ExploreResult &R)
      : C(C), R(R), Start(std::chrono::steady_clock::now()) {
    clock_gettime(CLOCK_MONOTONIC_COARSE, &CoarseStart);
  }

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
        .count();
  }
  /// The timeout is reached (recorded in R.Limit). Cheap: checked after
  /// every execution, so a run of long executions stops within one.
  bool timedOut();
  /// The timeout or the memory limit is reached (recorded in R.Limit), or
  /// the memory limit would be by PendingBytes about to be allocated. Reads
  /// the coarse clock (milliseconds' grain), and the resident memory with
  /// PendingBytes, otherwise every 64th call when residentCheckDue().
  bool limitReached(uint64_t PendingBytes = 0);
  /// Counts an execution that ended as E, keeping the report of its finding
  /// unless an equal one (kind, message, location) was seen, and the
  /// happens-before class of a maximal one (CountHbClasses). Returns true
  /// when that finding ends the exploration (--stop-on-first).
  bool countExecution(const System &Sys, ExecutionEnd E,
                      const std::vector<Event> &Events);
  /// Counts Times executions that ended as E, decided on after the fact
  /// (vc::Ledger, and one worker's first finding): without a finding, or
  /// with Report's. Hb: their happens-before class (CountHbClasses). No
  /// limit is checked.
  void countDecided(ExecutionEnd E, const HbSignature *Hb, ErrorReport *Report,
                    uint64_t Times = 1);
  /// An execution met but counted only after the search (countDecided()):
  /// shown in progress lines meanwhile.
  void countPending();
  /// --max-executions ended the run (decided after the search, vc::Ledger).
  void executionLimitHit() { setLimit("max-executions"); }
  /// After each execution: true when a limit says the run must stop (the
  /// clock every time, the resident memory every 64 executions when
  /// residentCheckDue()). Also
  /// reports progress about once a second.
  bool stopAfterExecution();
  /// The search recursed as deep as its stack allows (VC-DPOR: an execution
  /// with more choices than that); recorded in R.Limit as "search depth".
  void searchTooDeep() { setLimit("search depth"); }
  /// Final verdict (unknown when a limit ended an error-free run), time,
  /// peak memory and the class count.
  void finish();
  /// Workers share this budget: findings arrive in an order timing decides,
  /// so of equal findings the report kept is the least (shortest trace,
  /// then the trace's text), and finish() sorts the reports by kind,
  /// message and location. One worker keeps the first it meets.
  void setCanonicalReports(bool On) { Canonical = On; }
  /// Keeps the report Make renders for a finding named Key (kind, message,
  /// location) unless one is kept already (with canonical reports: unless
  /// the kept one is less); the verdict is an error.
  void keepFinding(const std::string &Key,
                   const std::function<ErrorReport()> &Make);

private:
  void setLimit(const char *Which);
  /// ExploreConfig::Cancel is set (recorded in R.Limit as "cancelled").
  bool cancelled();
  /// keepFinding() with M held.
  void keepLocked(const std::string &Key,
                  const std::function<ErrorReport()> &Make);
  /// Adds Times executions that ended as E to R's counts (M held).
  void tally(ExecutionEnd E, uint64_t Times);
  /// Executions counted against --max-executions (M held).
  uint64_t total() const {
    return R.S.Executions + R.S.Blocked + R.S.Bounded + R.S.SleepBlocked;
  }
  /// total() has reached --max-executions (recorded in R.Limit; M held).
  bool executionLimitReached();
  std::mutex M;      // counts and findings in R
  std::mutex LimitM; // R.Limit
  const ExploreConfig &C;
  ExploreResult &R;
  std::chrono::steady_clock::time_point Start;
  timespec CoarseStart; // limitReached()'s clock
  /// The resident size is read at most once per ResidentCheckNs (per
  /// thread) but when an allocation is announced (PendingBytes: the
  /// interpreter per MiB, VC-DPOR before copies of a megabyte or more).
  static constexpr int64_t ResidentCheckNs = 10'000'000;
  bool residentCheckDue();
  double LastProgress = 0;
  uint64_t Pending = 0; // countPending()
  /// The memory limit is reached, or would be by PendingBytes (recorded in
  /// R.Limit).
  bool memoryExceeded(uint64_t PendingBytes);
  std::set<std::string> SeenRaces;
  bool Canonical = false;
  /// The index in R.Errors of each finding's report, by kind, message and
  /// location (keepFinding()).
  std::map<std::string, size_t> ErrorAt;
  /// Races reported with their traces; the others with their accesses only.
  static constexpr size_t MaxRaceTraces = 10;
  /// The execution's data races, new ones as warnings or errors (C.Races);
  /// true when it ends the exploration (M held).
  bool checkRaces(const System &Sys, const std::vector<Event> &Events);
  std::set<HbSignature> HbSet;
};

} // namespace vcdpor

#endif
