//===- bmc/Monolithic.cpp - bmc: the whole formula in one solver ----------===//
#include "bmc/Decide.h"

#include <algorithm>
#include <chrono>

namespace vcdpor::bmc {

unsigned addViolatedSched(z3::solver &S, const Encoding &En,
                          const z3::model &M, std::vector<bool> &Added) {
  unsigned N = 0;
  for (unsigned I = 0; I < En.Sched.size(); ++I)
    if (!Added[I] && !M.eval(En.Sched[I], true).is_true()) {
      S.add(En.Sched[I]);
      Added[I] = true;
      ++N;
    }
  return N;
}

void setTimeout(z3::context &C, z3::solver &S, const TimeLeft &Left) {
  double L = Left ? Left() : -1;
  if (L < 0)
    return;
  z3::params Pm(C);
  Pm.set("timeout", unsigned(std::max(1.0, L * 1000)));
  S.set(Pm);
}

namespace {

/// Z3's statistic Key, 0 when absent.
uint64_t statOf(const z3::stats &S, const char *Key) {
  for (unsigned I = 0; I < S.size(); ++I)
    if (S.key(I) == Key)
      return S.is_uint(I) ? S.uint_value(I) : uint64_t(S.double_value(I));
  return 0;
}

class Monolithic final : public Decider {
public:
  Monolithic(z3::context &C, const Encoding &En, TimeLeft Left, Stats &St)
      : C(C), S(C), Left(std::move(Left)), St(St), M(C) {
    S.add(En.Hard);
    S.add(En.Sched);
  }
  z3::check_result check(const z3::expr &Goal) override {
    setTimeout(C, S, Left);
    S.push();
    S.add(Goal);
    auto T0 = std::chrono::steady_clock::now();
    z3::check_result R = S.check();
    St.SmtSolverS +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
            .count();
    St.SmtQueries++;
    // Z3's own search figures, to compare with --solver=acdlp's (the SMT
    // core's or, after bit-blasting, the SAT solver's).
    z3::stats Zs = S.statistics();
    St.SolverDecisions += statOf(Zs, "decisions") + statOf(Zs, "sat decisions");
    St.SolverConflicts += statOf(Zs, "conflicts") + statOf(Zs, "sat conflicts");
    St.SolverPropagations +=
        statOf(Zs, "propagations") + statOf(Zs, "sat propagations 2ary") +
        statOf(Zs, "sat propagations nary");
    St.SolverRestarts += statOf(Zs, "restarts") + statOf(Zs, "sat restarts");
    if (R == z3::sat)
      M = S.get_model();
    else if (R == z3::unknown)
      Why = S.reason_unknown();
    S.pop();
    return R;
  }
  z3::model model() override { return M; }
  std::string reasonUnknown() override { return Why; }

private:
  z3::context &C;
  z3::solver S;
  TimeLeft Left;
  Stats &St;
  z3::model M;
  std::string Why;
};

} // namespace

std::unique_ptr<Decider> makeMonolithic(z3::context &C, const Encoding &En,
                                        TimeLeft Left, Stats &St) {
  return std::make_unique<Monolithic>(C, En, std::move(Left), St);
}

} // namespace vcdpor::bmc
