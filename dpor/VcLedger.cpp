//===- dpor/VcLedger.cpp - What one VC-DPOR worker would count -----------===//

#include "dpor/VcLedger.h"

#include <iterator>

namespace vcdpor::vc {

Position encodePosition(const std::vector<uint32_t> &Ticks) {
  Position Out;
  Out.reserve(Ticks.size() + 4);
  for (uint32_t V : Ticks) {
    if (V < 0x80) {
      Out.push_back(char(V));
    } else if (V < 0x4000) {
      Out.push_back(char(0x80 | V >> 8));
      Out.push_back(char(V & 0xff));
    } else if (V < 0x200000) {
      Out.push_back(char(0xc0 | V >> 16));
      Out.push_back(char(V >> 8 & 0xff));
      Out.push_back(char(V & 0xff));
    } else {
      Out.push_back(char(0xe0));
      for (int Shift = 24; Shift >= 0; Shift -= 8)
        Out.push_back(char(V >> Shift & 0xff));
    }
  }
  return Out;
}

std::optional<Position> Ledger::bound() const {
  std::optional<Position> B = StopAt;
  if (MaxExecutions && Least.size() == MaxExecutions &&
      (!B || *Least.rbegin() < *B))
    B = *Least.rbegin();
  return B;
}

void Ledger::refresh(View &V) {
  if (Version.load(std::memory_order_acquire) == V.Seen)
    return;
  std::lock_guard<std::mutex> L(M);
  V.Bound = bound();
  V.Seen = Version.load(std::memory_order_relaxed);
}

bool Ledger::past(const std::vector<uint32_t> &Ticks, View &V) {
  refresh(V);
  return V.Bound && *V.Bound < encodePosition(Ticks);
}

void Ledger::counted(const Position *Old, const Position &P) {
  if (!MaxExecutions)
    return;
  std::optional<Position> Last;
  if (Least.size() == MaxExecutions)
    Last = *Least.rbegin();
  if (Old)
    Least.erase(*Old);
  Least.insert(P);
  if (Least.size() > MaxExecutions)
    Least.erase(std::prev(Least.end()));
  if (Least.size() == MaxExecutions && (!Last || *Last != *Least.rbegin()))
    bump();
}

int Ledger::join() {
  std::lock_guard<std::mutex> L(M);
  Slots.emplace_back();
  return int(Slots.size() - 1);
}

void Ledger::at(int Slot, const std::optional<Position> &P, bool FromQueue) {
  std::lock_guard<std::mutex> L(M);
  Slots[Slot] = P;
  if (FromQueue && P)
    if (auto It = Queued.find(*P); It != Queued.end())
      Queued.erase(It);
}

void Ledger::handOver(const Position &P) {
  std::lock_guard<std::mutex> L(M);
  Queued.insert(P);
}

bool Ledger::count(int Slot, int Space, const Sig &S, const Position &P,
                   ExecutionEnd E, std::optional<HbSignature> Hb) {
  std::lock_guard<std::mutex> L(M);
  Slots[Slot] = P;
  if (Settled[Space].count(S))
    return true; // met where no worker can count any more: before P
  auto [It, New] = Classes[Space].try_emplace(S, Entry{P, E, Hb});
  if (New) {
    ByPos.emplace(P, std::make_pair(Space, S));
    counted(nullptr, P);
    if (++SinceCompact >= 1024)
      compact();
    return false;
  }
  if (P < It->second.At) {
    auto Range = ByPos.equal_range(It->second.At);
    for (auto B = Range.first; B != Range.second; ++B)
      if (B->second == std::make_pair(Space, S)) {
        ByPos.erase(B);
        break;
      }
    ByPos.emplace(P, std::make_pair(Space, S));
    Position Old = std::move(It->second.At);
    It->second.At = P;
    counted(&Old, P);
  }
  return true;
}

void Ledger::countUnique(int Slot, std::vector<Unique> &Batch) {
  if (Batch.empty())
    return;
  std::lock_guard<std::mutex> L(M);
  Slots[Slot] = Batch.back().At;
  for (Unique &U : Batch) {
    counted(nullptr, U.At);
    UniqueByPos.emplace(std::move(U.At), std::make_pair(U.E, std::move(U.Hb)));
  }
  SinceCompact += Batch.size();
  Batch.clear();
  if (SinceCompact >= 1024)
    compact();
}

void Ledger::compact() {
  SinceCompact = 0;
  if (KeepAll)
    return;
  std::optional<Position> Cut = bound();
  auto Lower = [&](const Position &P) {
    if (!Cut || P < *Cut)
      Cut = P;
  };
  for (const auto &P : Slots)
    if (P)
      Lower(*P);
  if (!Queued.empty())
    Lower(*Queued.begin());
  while (!ByPos.empty() && (!Cut || ByPos.begin()->first < *Cut)) {
    auto [Space, S] = ByPos.begin()->second;
    auto It = Classes[Space].find(S);
    ++SettledEnds[size_t(It->second.E)];
    Settled[Space].insert(S);
    Classes[Space].erase(It);
    ByPos.erase(ByPos.begin());
  }
  while (!UniqueByPos.empty() && (!Cut || UniqueByPos.begin()->first < *Cut)) {
    ++SettledEnds[size_t(UniqueByPos.begin()->second.first)];
    UniqueByPos.erase(UniqueByPos.begin());
  }
}

void Ledger::finding(const Position &P, ExecutionEnd E,
                     std::optional<HbSignature> Hb,
                     const std::function<ErrorReport()> &Make) {
  {
    std::lock_guard<std::mutex> L(M);
    if (StopAt && !(P < *StopAt))
      return;
  }
  // Made without the lock: rendering the report replays the execution, and
  // a replay that meets a refusal records it here (refusal() locks M), at
  // P itself, which then stops this finding as one worker's would.
  ErrorReport R = Make();
  std::lock_guard<std::mutex> L(M);
  if (StopAt && !(P < *StopAt))
    return;
  // A finding is a counted execution too (the limit's count includes it);
  // the one it replaces no longer is.
  std::optional<Position> Old;
  if (StopAt && Report)
    Old = StopAt;
  StopAt = P;
  Report = std::move(R);
  ReportEnd = E;
  ReportHb = Hb;
  Refusal.clear();
  counted(Old ? &*Old : nullptr, P);
  bump();
}

void Ledger::refusal(const Position &P, const std::string &Message) {
  std::lock_guard<std::mutex> L(M);
  if (StopAt && !(P < *StopAt))
    return;
  if (StopAt && Report && MaxExecutions)
    Least.erase(*StopAt);
  StopAt = P;
  Report.reset();
  Refusal = Message;
  bump();
}

bool Ledger::partBefore(const Sig &Key, const Position &P) {
  std::lock_guard<std::mutex> L(M);
  auto It = Parts.find(Key);
  return It != Parts.end() && It->second < P;
}

void Ledger::partRun(const Sig &Key, const Position &P) {
  std::lock_guard<std::mutex> L(M);
  auto [It, New] = Parts.try_emplace(Key, P);
  if (!New && P < It->second)
    It->second = P;
}

void Ledger::settle(Budget &B, ExploreResult &R) {
  std::lock_guard<std::mutex> L(M);
  std::optional<Position> Limit;
  if (MaxExecutions && Least.size() == MaxExecutions)
    Limit = *Least.rbegin();
  // One worker stops at whichever comes first: the stop, or the execution
  // that reaches the limit (a finding that is that execution is reported).
  const bool StopFirst = StopAt && (!Limit || *StopAt <= *Limit);
  auto Before = [&](const Position &At) {
    return StopFirst ? At < *StopAt : !Limit || At <= *Limit;
  };
  // Settled classes come before the bound (compact()).
  for (size_t E = 0; E < std::size(SettledEnds); ++E)
    B.countDecided(ExecutionEnd(E), nullptr, nullptr, SettledEnds[E]);
  for (const auto &Space : Classes)
    for (const auto &[S, En] : Space)
      if (Before(En.At))
        B.countDecided(En.E, En.Hb ? &*En.Hb : nullptr, nullptr);
  for (const auto &[At, En] : UniqueByPos)
    if (Before(At))
      B.countDecided(En.first, En.second ? &*En.second : nullptr, nullptr);
  if (StopFirst) {
    if (Report)
      B.countDecided(ReportEnd, ReportHb ? &*ReportHb : nullptr, &*Report);
    else if (R.Refused.empty())
      R.Refused = Refusal;
  } else if (Limit) {
    B.executionLimitHit();
  }
}

} // namespace vcdpor::vc
