//===- dpor/Trace.cpp - Counterexample rendering ---------------------------===//
#include "dpor/Explorer.h"

#include <algorithm>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

namespace vcdpor {

static std::string num(uint64_t V, uint32_t Size) {
  // Values are shown as signed integers of their access size.
  int64_t S = int64_t(V);
  if (Size == 1)
    S = int8_t(V);
  else if (Size == 2)
    S = int16_t(V);
  else if (Size == 4)
    S = int32_t(V);
  return std::to_string(S);
}

std::vector<TraceEntry> renderTrace(const System &Sys,
                                    const std::vector<Event> &Events) {
  std::vector<TraceEntry> Out;
  const std::vector<OutputLine> &Lines = Sys.output();
  size_t NextLine = 0;
  auto FlushOutput = [&](size_t Step) {
    while (NextLine < Lines.size() && Lines[NextLine].AfterStep <= Step) {
      TraceEntry T;
      T.Thread = Lines[NextLine].Thread;
      T.Kind = "output";
      T.Value = Lines[NextLine].Text;
      while (!T.Value.empty() && T.Value.back() == '\n')
        T.Value.pop_back();
      Out.push_back(std::move(T));
      ++NextLine;
    }
  };
  for (size_t I = 0; I < Events.size(); ++I) {
    FlushOutput(I);
    const Event &E = Events[I];
    TraceEntry T;
    T.Thread = E.Thread;
    T.Kind = std::string(eventKindName(E.Kind));
    T.Src = Sys.describeSrc(E.SrcLoc);
    switch (E.Kind) {
    case EventKind::Read:
      T.Object = Sys.describeAddr(E.Addr);
      T.Value = num(E.Value, E.Size);
      T.HasValue = true;
      T.NumValue = std::stoll(T.Value);
      if (std::string P = Sys.describeValue(E.Value, E.Size); !P.empty())
        T.Value = P;
      if (E.Flag)
        T.Kind = "read (failed cas)";
      break;
    case EventKind::Write:
      T.Object = Sys.describeAddr(E.Addr);
      T.Value = num(E.Written, E.Size);
      T.HasValue = true;
      T.NumValue = std::stoll(T.Value);
      if (std::string P = Sys.describeValue(E.Written, E.Size); !P.empty())
        T.Value = P;
      break;
    case EventKind::Rmw:
      T.Object = Sys.describeAddr(E.Addr);
      T.Value = num(E.Value, E.Size) + " -> " + num(E.Written, E.Size);
      T.HasValue = true;
      T.NumValue = std::stoll(num(E.Written, E.Size));
      break;
    case EventKind::Free:
    case EventKind::Lock:
    case EventKind::Unlock:
    case EventKind::CondWake:
    case EventKind::Broadcast:
      T.Object = Sys.describeAddr(E.Addr);
      break;
    case EventKind::TryLock:
      T.Object = Sys.describeAddr(E.Addr);
      T.Value = E.Flag ? "acquired" : "busy";
      break;
    case EventKind::Signal:
      T.Object = Sys.describeAddr(E.Addr);
      T.Value = E.Value ? "wakes T" + std::to_string(E.Value - 1) : "no waiter";
      break;
    case EventKind::CondWait:
      T.Object = Sys.describeAddr(E.Addr) + " releasing " + Sys.describeAddr(E.Addr2);
      break;
    case EventKind::Create:
    case EventKind::Join:
      T.Object = "T" + std::to_string(E.Value);
      break;
    case EventKind::Nondet:
      T.Value = std::to_string(int64_t(E.Value));
      T.HasValue = true;
      T.NumValue = int64_t(E.Value);
      break;
    default:
      break;
    }
    Out.push_back(std::move(T));
  }
  FlushOutput(Events.size());
  return Out;
}

ErrorReport makeReport(const System &Sys, const std::vector<Event> &Events) {
  ErrorReport R;
  R.F = *Sys.finding();
  R.Where = Sys.describeSrc(R.F.SrcLoc);
  // The trace ends where the finding happened, even if the explorer let the
  // other threads run on.
  std::vector<Event> Upto(Events.begin(),
                          Events.begin() + std::min(Events.size(), R.F.Step));
  R.Trace = renderTrace(Sys, Upto);
  return R;
}

double currentPeakRssMb() {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_maxrss / 1024.0;
}

double currentRssMb() {
  std::ifstream F("/proc/self/statm");
  long Size = 0, Res = 0;
  F >> Size >> Res;
  return Res * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

} // namespace vcdpor
