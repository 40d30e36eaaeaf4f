#include "dpor/Event.h"

namespace vcdpor {

std::string_view eventKindName(EventKind K) {
  switch (K) {
#define VCDPOR_EVENT(Name, Spelling, Writes)                                   \
  case EventKind::Name:                                                        \
    return Spelling;
#include "dpor/EventKinds.def"
  }
  return "?";
}

bool eventKindWrites(EventKind K) {
  switch (K) {
#define VCDPOR_EVENT(Name, Spelling, Writes)                                   \
  case EventKind::Name:                                                        \
    return Writes;
#include "dpor/EventKinds.def"
  }
  return false;
}

std::string_view findingKindName(FindingKind K) {
  switch (K) {
#define VCDPOR_FINDING(Name, Spelling)                                         \
  case FindingKind::Name:                                                      \
    return Spelling;
#include "dpor/FindingKinds.def"
  }
  return "?";
}

bool overlaps(uint64_t A, uint32_t SA, uint64_t B, uint32_t SB) {
  if (SA == 0 || SB == 0)
    return false;
  if ((A >> 32) != (B >> 32))
    return false;
  return A < B + SB && B < A + SA;
}

bool eventsConflict(const Event &A, const Event &B) {
  if (A.Thread == B.Thread)
    return false;
  if (A.Kind == EventKind::Exit || B.Kind == EventKind::Exit)
    return true;
  bool Hit = overlaps(A.Addr, A.Size, B.Addr, B.Size) ||
             overlaps(A.Addr2, A.Size2, B.Addr, B.Size) ||
             overlaps(A.Addr, A.Size, B.Addr2, B.Size2) ||
             overlaps(A.Addr2, A.Size2, B.Addr2, B.Size2);
  if (!Hit)
    return false;
  // Joins of one thread: the second fails, so their order matters.
  if (A.Kind == EventKind::Join && B.Kind == EventKind::Join)
    return true;
  bool AW =
      eventKindWrites(A.Kind) && !(A.Kind == EventKind::TryLock && !A.Flag);
  bool BW =
      eventKindWrites(B.Kind) && !(B.Kind == EventKind::TryLock && !B.Flag);
  return AW || BW;
}

} // namespace vcdpor
