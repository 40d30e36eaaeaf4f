#include "interpreter/Memory.h"

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
  if (Seq >= Dyn[T].size())
    Dyn[T].emplace_back();
  Object &O = Dyn[T][Seq];
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

} // namespace vcdpor
