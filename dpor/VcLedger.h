//===- dpor/VcLedger.h - What one VC-DPOR worker would count ----*- C++ -*-===//
//
// --stop-on-first on several workers. One worker meets the executions of
// its search in a fixed order (depth first) and stops at the first finding
// (or refusal), or after the MaxExecutions-th execution it counts; several
// workers meet them in an order that depends on timing. So every place of
// one worker's order has a position (Vc::Path: the ticks of each enclosing
// visit, outermost first, compared lexicographically), and the workers of
// a parallel search count nothing as they go. The ledger keeps each class
// at the least position it was met, and the least stop; its bound is that
// stop or the MaxExecutions-th least position counted, and workers abandon
// what lies past it. Once the search is over, settle() counts what lies
// before the bound, which is what one worker reports.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_DPOR_VCLEDGER_H
#define VCDPOR_DPOR_VCLEDGER_H

#include "dpor/Budget.h"

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace vcdpor::vc {

/// A position encoded so that byte order is the lexicographic order of the
/// tick sequences: each tick is a prefix-free code whose first byte gives
/// its length, big-endian within.
using Position = std::string;
Position encodePosition(const std::vector<uint32_t> &Ticks);

class Ledger {
public:
  using Sig = std::pair<uint64_t, uint64_t>;
  /// KeepAll: keep every class's position to the end (the happens-before
  /// oracle needs each counted class's own record).
  Ledger(uint64_t MaxExecutions, bool KeepAll)
      : MaxExecutions(MaxExecutions), KeepAll(KeepAll) {}

  /// Where the workers are, so that classes met where no worker can still
  /// count are settled (counted and their positions dropped) as the search
  /// goes: a worker's slot holds a position at or before every place it
  /// will still count at, the queue the positions of the nodes handed over
  /// and not yet started. join() gives a worker its slot; at() moves it to
  /// P (a task taken from the queue when FromQueue), or to none (idle).
  int join();
  void at(int Slot, const std::optional<Position> &P, bool FromQueue);
  void handOver(const Position &P);

  /// What a worker last saw of the bound (past()).
  struct View {
    uint64_t Seen = ~uint64_t(0);
    std::optional<Position> Bound;
  };
  /// Nothing after the position of Ticks counts: the worker abandons it.
  /// (Encoded only when there is a bound.)
  bool past(const std::vector<uint32_t> &Ticks, View &V);

  /// An execution of class Sig (Space: 0 for node classes, 1 for exit
  /// classes, which are signed differently) met at P, ending as E without a
  /// finding. Hb: its happens-before class, for that oracle. Returns true
  /// when the class was met before (at any position).
  /// P is the worker's current position (its slot moves there).
  bool count(int Slot, int Space, const Sig &S, const Position &P,
             ExecutionEnd E, std::optional<HbSignature> Hb);
  /// Executions of classes that no other node denotes (Vc::distinctWrites()),
  /// met in Batch's order by the worker in Slot, which is now at or after
  /// the last of them: they need no signature, and the lot one lock.
  /// Empties Batch.
  struct Unique {
    Position At;
    ExecutionEnd E;
    std::optional<HbSignature> Hb;
  };
  void countUnique(int Slot, std::vector<Unique> &Batch);
  /// A finding at P. Report is called only if P comes before every stop
  /// known, while the system still holds the execution.
  void finding(const Position &P, ExecutionEnd E, std::optional<HbSignature> Hb,
               const std::function<ErrorReport()> &Report);
  /// A refusal (or internal error) at P: the search ends there.
  void refusal(const Position &P, const std::string &Message);
  /// The exit part Key was run at some position before P (VcExit.cpp:
  /// then it is not run again at P).
  bool partBefore(const Sig &Key, const Position &P);
  void partRun(const Sig &Key, const Position &P);

  /// Counts into B (and R.Refused) what lies before the bound.
  void settle(Budget &B, ExploreResult &R);

private:
  struct Entry {
    Position At;
    ExecutionEnd E;
    std::optional<HbSignature> Hb;
  };
  struct SigHash {
    size_t operator()(const Sig &S) const {
      return S.first ^ (S.second * 0x9e3779b97f4a7c15ull);
    }
  };
  /// A counted place moved to P (from Old, unless empty): keeps Least.
  void counted(const Position *Old, const Position &P);
  /// Settles the classes before every worker's slot, every queued node and
  /// the bound: no worker can meet them at a smaller position any more,
  /// nor can the bound come before them.
  void compact();
  void bump() { Version.fetch_add(1, std::memory_order_release); }
  std::optional<Position> bound() const;
  void refresh(View &V);

  const uint64_t MaxExecutions;
  const bool KeepAll;
  std::mutex M;
  std::atomic<uint64_t> Version{0};
  /// Classes not settled, by signature and by position.
  std::unordered_map<Sig, Entry, SigHash> Classes[2];
  std::multimap<Position, std::pair<int, Sig>> ByPos;
  /// The executions countUnique() was given, not settled.
  std::multimap<Position, std::pair<ExecutionEnd, std::optional<HbSignature>>>
      UniqueByPos;
  /// Settled classes and how many ended each way (by ExecutionEnd).
  std::unordered_set<Sig, SigHash> Settled[2];
  uint64_t SettledEnds[8] = {};
  uint64_t SinceCompact = 0;
  std::vector<std::optional<Position>> Slots;
  std::multiset<Position> Queued;
  std::unordered_map<Sig, Position, SigHash> Parts;
  /// The least stop: a finding (Report set) or a refusal.
  std::optional<Position> StopAt;
  std::optional<ErrorReport> Report;
  ExecutionEnd ReportEnd = ExecutionEnd::Error;
  std::optional<HbSignature> ReportHb;
  std::string Refusal;
  /// With MaxExecutions: the least positions counted (classes and the
  /// finding), at most MaxExecutions of them.
  std::set<Position> Least;
};

} // namespace vcdpor::vc

#endif
