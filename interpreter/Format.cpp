//===- interpreter/Format.cpp - printf formatting for captured output ------===//
#include "interpreter/Executor.h"

#include <cstdio>

namespace vcdpor {

bool Executor::formatPrintf(ThreadId T, uint64_t Fmt, const uint64_t *Args,
                            size_t N, const CallInfo &CI, size_t FirstArg,
                            uint32_t Loc, std::string &Out) {
  std::string F;
  if (!readCString(T, Fmt, F, Loc))
    return false;
  size_t AI = FirstArg;
  auto Next = [&](bool &IsFloat) -> uint64_t {
    IsFloat = AI < CI.ArgIsFloat.size() && CI.ArgIsFloat[AI];
    return AI < N ? Args[AI++] : 0;
  };
  for (size_t K = 0; K < F.size(); ++K) {
    if (F[K] != '%') {
      Out.push_back(F[K]);
      continue;
    }
    size_t Start = K++;
    while (K < F.size() && strchr("-+ #0123456789.*", F[K])) {
      if (F[K] == '*') {
        bool Fl;
        Next(Fl); // width argument: ignored, the text stays readable
      }
      ++K;
    }
    std::string Len;
    while (K < F.size() && strchr("hlLqjzt", F[K]))
      Len.push_back(F[K++]);
    if (K >= F.size())
      break;
    char C = F[K];
    std::string Spec = F.substr(Start, K - Start);
    // Drop '*' and length modifiers: we pass 64-bit values ourselves.
    std::string Clean;
    for (char X : Spec)
      if (X != '*' && !strchr("hlLqjzt", X))
        Clean.push_back(X);
    char Buf[512];
    bool Fl;
    // int, and in ILP32 long, size_t and ptrdiff_t too, are 32 bits.
    bool Word32 = Len.empty() || Len == "h" || Len == "hh" ||
                  (P.Ptr32 && (Len == "l" || Len == "z" || Len == "t"));
    switch (C) {
    case '%':
      Out.push_back('%');
      break;
    case 'd':
    case 'i': {
      uint64_t V = Next(Fl);
      int64_t S = Word32 ? int64_t(int32_t(V)) : int64_t(V);
      snprintf(Buf, sizeof Buf, (Clean + "lld").c_str(), (long long)S);
      Out += Buf;
      break;
    }
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
      uint64_t V = Next(Fl);
      if (Word32)
        V = uint32_t(V);
      snprintf(Buf, sizeof Buf, (Clean + "ll" + C).c_str(), (unsigned long long)V);
      Out += Buf;
      break;
    }
    case 'c':
      Out.push_back(char(Next(Fl)));
      break;
    case 'p': {
      uint64_t V = Next(Fl);
      Out += V ? describeAddr(V) : "(nil)";
      break;
    }
    case 's': {
      std::string S;
      uint64_t P = Next(Fl);
      if (!P)
        S = "(null)";
      else if (!readCString(T, P, S, Loc))
        return false;
      Out += S;
      break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      uint64_t V = Next(Fl);
      double D;
      std::memcpy(&D, &V, 8);
      snprintf(Buf, sizeof Buf, (Clean + C).c_str(), D);
      Out += Buf;
      break;
    }
    default:
      fail(T, FindingKind::UnsupportedAtRuntime,
           std::string("printf conversion '%") + C + "'", Loc);
      return false;
    }
  }
  return true;
}

} // namespace vcdpor
