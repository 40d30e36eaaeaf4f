//===- dpor/Trace.cpp - Counterexample rendering ---------------------------===//
#include "dpor/Explorer.h"
#include "dpor/Races.h"

#include <algorithm>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

namespace vcdpor {

/// A value as a signed integer of its access size.
static int64_t asSigned(uint64_t V, uint32_t Size) {
  switch (Size) {
  case 1: return int8_t(V);
  case 2: return int16_t(V);
  case 4: return int32_t(V);
  default: return int64_t(V);
  }
}

static std::string num(uint64_t V, uint32_t Size) {
  return std::to_string(asSigned(V, Size));
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
      T.NumValue = asSigned(E.Value, E.Size);
      if (std::string P = Sys.describeValue(E.Value, E.Size); !P.empty())
        T.Value = P;
      if (E.Flag)
        T.Kind = "read (failed cas)";
      break;
    case EventKind::Write:
      T.Object = Sys.describeAddr(E.Addr);
      T.Value = num(E.Written, E.Size);
      T.HasValue = true;
      T.NumValue = asSigned(E.Written, E.Size);
      if (std::string P = Sys.describeValue(E.Written, E.Size); !P.empty())
        T.Value = P;
      break;
    case EventKind::Rmw:
      T.Object = Sys.describeAddr(E.Addr);
      T.Value = num(E.Value, E.Size) + " -> " + num(E.Written, E.Size);
      T.HasValue = true;
      T.NumValue = asSigned(E.Written, E.Size);
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
      if (E.Value)
        T.Other = ThreadId(E.Value - 1);
      break;
    case EventKind::CondWait:
      T.Object = Sys.describeAddr(E.Addr) + " releasing " + Sys.describeAddr(E.Addr2);
      break;
    case EventKind::Create:
      // Value 0: the thread limit cut the creating thread (Bounded) before
      // a thread was created.
      if (!E.Value) {
        T.Object = "no thread (the thread limit cut the execution)";
        break;
      }
      T.Object = "T" + std::to_string(E.Value);
      T.Other = ThreadId(E.Value);
      break;
    case EventKind::Join:
      T.Object = "T" + std::to_string(E.Value);
      T.Other = ThreadId(E.Value);
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

ErrorReport raceReport(const System &Sys, const std::vector<Event> &Events,
                       const Race &Rc, bool WithTrace) {
  const Event &A = Events[Rc.First], &B = Events[Rc.Second];
  auto Access = [&](const Event &E) {
    SourceLoc S = Sys.describeSrc(E.SrcLoc);
    std::string What = E.Kind == EventKind::Read    ? "read"
                       : E.Kind == EventKind::Write ? "write"
                                                    : "rmw";
    if (E.Atomic)
      What = "atomic " + What;
    return What + " by thread " + std::to_string(E.Thread) + " at " + S.File +
           ":" + std::to_string(S.Line);
  };
  ErrorReport Rep;
  Rep.F.Kind = FindingKind::DataRace;
  Rep.F.Message = "data race on " + Sys.describeAddr(B.Addr) + ": " +
                  Access(A) + ", " + Access(B);
  Rep.F.SrcLoc = B.SrcLoc;
  Rep.F.Thread = B.Thread;
  Rep.F.Step = Rc.Second + 1;
  Rep.Where = Sys.describeSrc(B.SrcLoc);
  if (WithTrace)
    Rep.Trace =
        renderTrace(Sys, std::vector<Event>(Events.begin(),
                                            Events.begin() + Rc.Second + 1));
  return Rep;
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
