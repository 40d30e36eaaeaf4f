#include "interpreter/Memory.h"

#include <algorithm>

namespace vcdpor {

Memory::Memory(const Program &P) : P(&P) {
  Globals.resize(P.Globals.size());
  reset();
}

void Memory::reset() {
  for (size_t I = 0; I < Globals.size(); ++I) {
    const Global &G = P->Globals[I];
    Object &O = Globals[I];
    O.Bytes = G.Init;
    O.Size = G.Size;
    O.Kind = G.ThreadLocal ? ObjectKind::ThreadLocal : ObjectKind::Global;
    O.Alive = true;
    O.Shared = !G.ReadOnly;
    O.ReadOnly = G.ReadOnly;
    O.Site = I;
    O.Flat = G.Flat;
  }
  for (uint32_t &C : DynCount)
    C = 0;
}

size_t Memory::bytes() const {
  size_t B = 0;
  for (const Object &O : Globals)
    B += sizeof(Object) + O.Bytes.size() + 4 * O.PtrSlots.size();
  for (const std::deque<Object> &D : Dyn)
    for (const Object &O : D) // the copy takes the dead ones too
      B += sizeof(Object) + O.Bytes.size() + 4 * O.PtrSlots.size();
  return B;
}

uint64_t Memory::allocate(ThreadId T, uint32_t Size, ObjectKind Kind,
                          uint32_t Site) {
  if (T >= Dyn.size()) {
    Dyn.resize(T + 1);
    DynCount.resize(T + 1, 0);
  }
  uint32_t Seq = DynCount[T];
  if (Seq >= MaxObjectsPerThread)
    return 0;
  uint32_t Flat = 0;
  if (P->Ptr32) {
    // Bump allocation in the thread's region, one byte at least between
    // objects; an object that does not fit is out of address space.
    auto [Lo, Hi] = flatRegion(*P, T);
    uint64_t A = Lo;
    if (Seq > 0) {
      const Object &Prev = Dyn[T][Seq - 1];
      A = alignFlat(uint64_t(Prev.Flat) + Prev.Size + 1);
    }
    if (A + uint64_t(Size) + 1 > Hi)
      return 0;
    Flat = uint32_t(A);
  }
  if (Seq >= Dyn[T].size())
    Dyn[T].emplace_back();
  Object &O = Dyn[T][Seq];
  O.Flat = Flat;
  O.Bytes.assign(Size, 0);
  O.Size = Size;
  O.Kind = Kind;
  O.Alive = true;
  O.Shared = false;
  O.ReadOnly = false;
  O.Site = Site;
  O.PtrSlots.clear();
  ++DynCount[T];
  return makePtr(dynamicId(T, Seq), 0);
}

std::pair<uint32_t, uint32_t> flatRegion(const Program &P, unsigned T) {
  uint64_t Space = uint64_t(FlatTop) - P.FlatDynBase;
  uint64_t Big = (Space / 2 / FlatBigThreads) & ~uint64_t(0xffff);
  uint64_t Small = (Space / 2 / (MaxThreads - FlatBigThreads)) & ~uint64_t(0xff);
  uint64_t Lo = T < FlatBigThreads
                    ? P.FlatDynBase + T * Big
                    : P.FlatDynBase + FlatBigThreads * Big +
                          (T - FlatBigThreads) * Small;
  return {uint32_t(Lo), uint32_t(Lo + (T < FlatBigThreads ? Big : Small))};
}

uint32_t staticFlatPointer(const Program &P, uint64_t Ptr) {
  uint32_t Obj = ptrObj(Ptr), Off = ptrOff(Ptr);
  if (Obj == 0)
    return Off;
  if (Obj >= FirstGlobalId && Obj - FirstGlobalId < P.Globals.size())
    return P.Globals[Obj - FirstGlobalId].Flat + Off;
  if (Obj >= FunctionIdBase && Obj - FunctionIdBase < P.Functions.size())
    return FlatFunctionBase + 4 * (Obj - FunctionIdBase) + Off;
  return FlatWild;
}

uint64_t staticUnflatPointer(const Program &P, uint32_t A) {
  if (A >= FlatFunctionBase && A < FlatGlobalBase) {
    uint32_t F = (A - FlatFunctionBase) / 4;
    if ((A - FlatFunctionBase) % 4 == 0 && F < P.Functions.size())
      return functionPtr(F);
    return A;
  }
  if (A < FlatGlobalBase || P.Globals.empty())
    return A;
  // The last global whose address is at most A.
  auto It = std::upper_bound(
      P.Globals.begin(), P.Globals.end(), A,
      [](uint32_t X, const Global &G) { return X < G.Flat; });
  if (It == P.Globals.begin())
    return A;
  --It;
  if (A - It->Flat > It->Size)
    return A;
  return makePtr(FirstGlobalId + uint32_t(It - P.Globals.begin()),
                 A - It->Flat);
}

uint32_t Memory::flatPointer(uint64_t Ptr) const {
  uint32_t Id = ptrObj(Ptr);
  if (!(Id & DynamicIdBit))
    return staticFlatPointer(*P, Ptr);
  uint32_t T = (Id >> 20) & (MaxThreads - 1), Seq = Id & (MaxObjectsPerThread - 1);
  if (T >= Dyn.size() || Seq >= Dyn[T].size())
    return FlatWild;
  return Dyn[T][Seq].Flat + ptrOff(Ptr);
}

uint64_t Memory::unflatPointer(uint32_t A) const {
  if (A < P->FlatDynBase)
    return staticUnflatPointer(*P, A);
  // Which thread's region, then the last object there at most at A.
  unsigned Lo = 0, Hi = MaxThreads;
  while (Hi - Lo > 1) {
    unsigned Mid = (Lo + Hi) / 2;
    (flatRegion(*P, Mid).first <= A ? Lo : Hi) = Mid;
  }
  unsigned T = Lo;
  if (T >= Dyn.size() || A >= flatRegion(*P, T).second)
    return A;
  const std::deque<Object> &D = Dyn[T];
  uint32_t N = DynCount[T];
  auto It = std::upper_bound(D.begin(), D.begin() + N, A,
                             [](uint32_t X, const Object &O) { return X < O.Flat; });
  if (It == D.begin())
    return A;
  --It;
  if (A - It->Flat > It->Size)
    return A;
  return makePtr(dynamicId(T, uint32_t(It - D.begin())), A - It->Flat);
}

} // namespace vcdpor
