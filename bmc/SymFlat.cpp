//===- bmc/SymFlat.cpp - ILP32 pointers as 32-bit addresses ---------------===//
//
// In an ILP32 program memory holds a pointer as a 32-bit address
// (interpreter/Program.h). bmc keeps pointers as (object << 32 | offset) in
// registers, as the interpreter does, and converts where a pointer enters
// or leaves memory or becomes an integer. Addresses of functions and
// globals are the interpreter's; bmc's own objects (stack, heap,
// thread-local copies) are numbered apart from the interpreter's, so they
// get a layout of their own in the upper half of the address space:
// 1 | number (11 bits) | offset (20 bits). Below it, the interpreter's
// globals (under 2 GiB, as Lower.cpp makes sure).
//
//===----------------------------------------------------------------------===//
#include "bmc/SymExec.h"

namespace vcdpor::bmc {

namespace {

/// A balanced ite tree over Keys[Lo, Hi): Leaf(K) where Key(K) <= X (the
/// last such K), Else below the first key.
template <typename KeyFn, typename LeafFn>
z3::expr search(const z3::expr &X, size_t Lo, size_t Hi, const KeyFn &Key,
                const LeafFn &Leaf) {
  if (Hi - Lo == 1)
    return Leaf(Lo);
  size_t Mid = (Lo + Hi) / 2;
  return z3::ite(z3::ult(X, Key(Mid)), search(X, Lo, Mid, Key, Leaf),
                 search(X, Mid, Hi, Key, Leaf));
}

} // namespace

z3::expr SymExec::flat(const z3::expr &Ptr, const z3::expr *G, uint32_t Loc) {
  z3::expr Obj = Ptr.extract(63, 32), Off = Ptr.extract(31, 0);
  z3::expr IsDyn = Obj.extract(31, 31) == C.bv_val(1, 1);
  z3::expr Dyn = z3::concat(
      C.bv_val(1, 1),
      z3::concat(Obj.extract(10, 0), Off.extract(FlatOffsetBits - 1, 0)));
  // Plain integers are themselves; functions and globals at their
  // addresses; anything else (wild pointers) at FlatWild.
  z3::expr Static = C.bv_val(FlatWild, 32);
  uint32_t NF = P.Functions.size();
  Static = z3::ite(z3::uge(Obj, C.bv_val(FunctionIdBase, 32)) &&
                       z3::ult(Obj, C.bv_val(FunctionIdBase + NF, 32)),
                   C.bv_val(FlatFunctionBase, 32) +
                       (Obj - C.bv_val(FunctionIdBase, 32)) * C.bv_val(4, 32) +
                       Off,
                   Static);
  const std::vector<uint32_t> &Gs = Addressable;
  if (!Gs.empty()) {
    size_t NG = P.Globals.size();
    z3::expr G0 = C.bv_val(FirstGlobalId, 32);
    z3::expr InGlobals = z3::uge(Obj, G0) &&
                         z3::ult(Obj, C.bv_val(FirstGlobalId + NG, 32));
    z3::expr Base = search(
        Obj, 0, Gs.size(),
        [&](size_t K) { return C.bv_val(FirstGlobalId + Gs[K], 32); },
        [&](size_t K) { return C.bv_val(P.Globals[Gs[K]].Flat, 32); });
    Static = z3::ite(InGlobals, Base + Off, Static);
  }
  Static = z3::ite(Obj == C.bv_val(0, 32), Off, Static);
  z3::expr R = z3::ite(IsDyn, Dyn, Static);
  if (Ptr.is_numeral())
    return R.simplify();
  if (G) {
    z3::expr Far =
        IsDyn && z3::uge(Off, C.bv_val(uint64_t(1) << FlatOffsetBits, 32));
    if (!Far.simplify().is_false())
      check(*G, Far, FindingKind::UnsupportedAtRuntime,
            "ILP32: a pointer beyond the first MiB of an object (bmc's "
            "address layout)",
            Loc);
  }
  return R;
}

z3::expr SymExec::unflat(const z3::expr &A) {
  z3::expr Int = z3::zext(A, 32);
  // bmc's objects.
  z3::expr Dyn = z3::concat(
      z3::concat(C.bv_val(1, 1), z3::concat(C.bv_val(0, 20), A.extract(30, 20))),
      z3::zext(A.extract(FlatOffsetBits - 1, 0), 32 - FlatOffsetBits));
  // Globals: the last one whose address is at most A, if A is inside it
  // (one past its end included).
  z3::expr Static = Int;
  const std::vector<uint32_t> &Gs = Addressable;
  if (!Gs.empty()) {
    Static = search(
        A, 0, Gs.size(),
        [&](size_t K) { return C.bv_val(P.Globals[Gs[K]].Flat, 32); },
        [&](size_t K) {
          const Global &Gl = P.Globals[Gs[K]];
          z3::expr D = A - C.bv_val(Gl.Flat, 32);
          return z3::ite(z3::uge(A, C.bv_val(Gl.Flat, 32)) &&
                             z3::ule(D, C.bv_val(Gl.Size, 32)),
                         z3::concat(C.bv_val(FirstGlobalId + Gs[K], 32), D),
                         Int);
        });
  }
  uint32_t NF = P.Functions.size();
  z3::expr FOff = A - C.bv_val(FlatFunctionBase, 32);
  z3::expr IsFn = z3::uge(A, C.bv_val(FlatFunctionBase, 32)) &&
                  z3::ult(FOff, C.bv_val(4 * uint64_t(NF), 32)) &&
                  FOff.extract(1, 0) == C.bv_val(0, 2);
  Static = z3::ite(
      IsFn,
      z3::concat(C.bv_val(FunctionIdBase, 32) + z3::lshr(FOff, 2),
                 C.bv_val(0, 32)),
      Static);
  z3::expr R = z3::ite(A.extract(31, 31) == C.bv_val(1, 1), Dyn, Static);
  return A.is_numeral() ? R.simplify() : R;
}

} // namespace vcdpor::bmc
