//===- tests/unit/BudgetTest.cpp - Findings kept by the budget ------------===//
//
// Workers of a parallel search that collects every finding meet equal
// findings in an order timing decides. With canonical reports the budget
// keeps the same report of each, and lists them in the same order, whatever
// the order they arrive in; one worker keeps the first it meets.
//
//===----------------------------------------------------------------------===//
#include "dpor/Budget.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace vcdpor;

namespace {

ErrorReport report(FindingKind K, const std::string &Message,
                   std::vector<std::string> Steps) {
  ErrorReport R;
  R.F.Kind = K;
  R.F.Message = Message;
  for (const std::string &S : Steps) {
    TraceEntry T;
    T.Kind = S;
    R.Trace.push_back(T);
  }
  return R;
}

std::string key(const ErrorReport &R) {
  return std::string(findingKindName(R.F.Kind)) + "|" + R.F.Message;
}

/// The reports kept when the findings arrive in the order given.
std::vector<ErrorReport> keep(const std::vector<ErrorReport> &Arrivals,
                              bool Canonical) {
  ExploreConfig C;
  C.StopOnFirst = false;
  ExploreResult R;
  Budget B(C, R);
  B.setCanonicalReports(Canonical);
  for (const ErrorReport &E : Arrivals)
    B.keepFinding(key(E), [&] { return E; });
  B.finish();
  return R.Errors;
}

std::string traces(const std::vector<ErrorReport> &Es) {
  std::string S;
  for (const ErrorReport &E : Es) {
    S += E.F.Message + ":";
    for (const TraceEntry &T : E.Trace)
      S += " " + T.Kind;
    S += ";";
  }
  return S;
}

TEST(Budget, CanonicalReportsDoNotDependOnArrivalOrder) {
  std::vector<ErrorReport> Arrivals = {
      report(FindingKind::Mutex, "unlock of m",
             {"create", "write", "lock", "write", "unlock", "unlock"}),
      report(FindingKind::Assertion, "x == 1", {"create", "read"}),
      report(FindingKind::Mutex, "unlock of m", {"create", "write", "unlock"}),
      report(FindingKind::Assertion, "x == 1", {"create", "join", "read"}),
      report(FindingKind::Mutex, "unlock of m", {"create", "read", "unlock"}),
  };
  std::sort(Arrivals.begin(), Arrivals.end(),
            [](const ErrorReport &A, const ErrorReport &B) {
              return traces({A}) < traces({B});
            });
  const std::string Want = traces(keep(Arrivals, true));
  // The least of each: the shortest trace, then the least text; sorted by
  // kind, then message.
  EXPECT_EQ(Want, "x == 1: create read;unlock of m: create read unlock;");
  size_t Orders = 0;
  do {
    EXPECT_EQ(traces(keep(Arrivals, true)), Want);
    ++Orders;
  } while (
      std::next_permutation(Arrivals.begin(), Arrivals.end(),
                            [](const ErrorReport &A, const ErrorReport &B) {
                              return traces({A}) < traces({B});
                            }));
  EXPECT_EQ(Orders, 120u);
}

TEST(Budget, OneWorkerKeepsTheFirstReportInArrivalOrder) {
  std::vector<ErrorReport> Arrivals = {
      report(FindingKind::Mutex, "unlock of m",
             {"create", "write", "lock", "write", "unlock", "unlock"}),
      report(FindingKind::Mutex, "unlock of m", {"create", "write", "unlock"}),
      report(FindingKind::Assertion, "x == 1", {"create", "read"}),
  };
  EXPECT_EQ(traces(keep(Arrivals, false)),
            "unlock of m: create write lock write unlock unlock;x == 1: "
            "create read;");
}

} // namespace
