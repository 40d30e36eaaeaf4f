//===- bmc/SymExec.h - Bounded symbolic execution (private) -----*- C++ -*-===//
//
// The symbolic executor of SymExec.cpp and SymBuiltins.cpp (the external
// functions): private to bmc/, see Model.h for what it produces.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_SYMEXEC_H
#define VCDPOR_BMC_SYMEXEC_H

#include "bmc/Model.h"
#include "interpreter/Program.h"

#include <map>
#include <memory>

namespace vcdpor::bmc {

struct Unsupported {
  std::string Msg;
};

/// Bit 63 marks a mutex: its state is a location of its own, apart from
/// the bytes of the pthread_mutex_t.
constexpr uint64_t MutexBit = uint64_t(1) << 63;
/// Objects bmc allocates (stack and heap instances) are numbered from here,
/// as the interpreter's dynamic objects are.
constexpr uint32_t FirstDynamic = DynamicIdBit;
/// ILP32: bmc's objects are numbered in 11 bits of an address, and their
/// offsets take the low 20 (SymExec::flat()); the last number is
/// FlatWild's, no object's.
constexpr uint32_t FlatDynObjects = (1u << 11) - 1;
constexpr unsigned FlatOffsetBits = 20;

struct LoopShape {
  /// Per block: the loops containing it, sorted.
  std::vector<std::vector<int>> BlockLoops;
  std::vector<uint32_t> BlockEnd; ///< one past each block's last instruction
};

struct PathState {
  z3::expr G;
  std::vector<z3::expr> R;
};

struct FnResult {
  z3::expr G;
  std::vector<z3::expr> Vals;
};

class SymExec {
public:
  SymExec(z3::context &C, const Program &P, unsigned K, SymProgram &O)
      : C(C), P(P), K(K), O(O) {
    for (uint32_t G = 0; G < P.Globals.size(); ++G)
      if (!P.Globals[G].Unaccessed)
        Addressable.push_back(G);
  }
  void run();

private:
  z3::context &C;
  const Program &P;
  unsigned K;
  SymProgram &O;
  uint32_t NextDyn = FirstDynamic;
  std::map<uint32_t, std::unique_ptr<LoopShape>> Shapes;
  /// Per (thread, thread-local global): that thread's copy (an object).
  std::map<std::pair<unsigned, uint32_t>, unsigned> TlsCopies;
  unsigned Cur = 0; ///< thread being built
  std::vector<uint32_t> CallStack;
  unsigned AtomicDepth = 0;
  int OpenSection = -1;
  std::vector<std::pair<z3::expr, z3::expr>> ThreadExits; ///< pthread_exit

  [[noreturn]] void refuse(const Function &F, const Inst &I,
                           const std::string &What) {
    std::string Where = F.Name;
    if (I.Loc && I.Loc < P.Locs.size())
      Where += " (" + P.Files[P.Locs[I.Loc].File] + ":" +
               std::to_string(P.Locs[I.Loc].Line) + ")";
    throw Unsupported{Where + ": " + What};
  }

  const LoopShape &shape(uint32_t Fn);
  FnResult execFunction(uint32_t Fn, const std::vector<z3::expr> &Args,
                        z3::expr G);
  unsigned emit(SymKind Kind, const z3::expr &G, uint32_t Loc);
  z3::expr bv(uint64_t V, unsigned W = 64) { return C.bv_val(V, W); }
  z3::expr fresh(const std::string &Name, unsigned W) {
    return C.bv_const((Name + "!" + std::to_string(O.Events.size())).c_str(),
                      W);
  }
  static z3::expr low(const z3::expr &X, unsigned W) {
    return W >= 64 ? X : X.extract(W - 1, 0);
  }
  static z3::expr widen(const z3::expr &X) {
    unsigned W = X.get_sort().bv_size();
    return W >= 64 ? X : z3::zext(X, 64 - W);
  }
  z3::expr sextTo64(const z3::expr &X, unsigned W) {
    return W >= 64 ? low(X, 64) : z3::sext(low(X, W), 64 - W);
  }
  z3::expr boolBv(const z3::expr &B) { return z3::ite(B, bv(1), bv(0)); }
  z3::expr objOf(const z3::expr &A) { return A.extract(63, 32); }
  /// ILP32 (Program::Ptr32, SymFlat.cpp): a pointer (BV64, object << 32 |
  /// offset) as the 32-bit address memory holds, and back. Functions and
  /// globals have the interpreter's addresses; bmc's objects have their
  /// own (bit 31, the object's number, a 20-bit offset): values differ
  /// from the interpreter's only where a program looks at an address's
  /// bits, and every counterexample is replayed. With G, a pointer of a
  /// dynamic object beyond its first MiB is a check of its own
  /// (UnsupportedAtRuntime): bmc's layout cannot hold it.
  z3::expr flat(const z3::expr &Ptr, const z3::expr *G = nullptr,
                uint32_t Loc = 0);
  /// The globals a pointer kept in memory may designate, in address order
  /// (flat(), unflat()):
  /// all but the Unaccessed ones (assertion messages), whose address never
  /// becomes a value. (An integer made to equal such an address stays an
  /// integer here, where the interpreter would take it for the global:
  /// bmc's layout differs from the interpreter's where a program looks at
  /// an address's bits, and every counterexample is replayed.)
  std::vector<uint32_t> Addressable;
  z3::expr unflat(const z3::expr &A);
  /// Memory's form of pointer value V (flat() in ILP32).
  z3::expr toMemory(const z3::expr &V, const z3::expr &G, uint32_t Loc) {
    return P.Ptr32 ? flat(V, &G, Loc) : V;
  }
  z3::expr fromMemory(const z3::expr &V) {
    return P.Ptr32 ? unflat(low(V, 32)) : V;
  }
  unsigned newObject(ObjKind Kind, const z3::expr &Size,
                     const std::string &Name) {
    SymObject Ob(C);
    Ob.Kind = Kind;
    if (P.Ptr32 && NextDyn - FirstDynamic >= FlatDynObjects)
      throw Unsupported{"more than " + std::to_string(FlatDynObjects) +
                        " objects in an ILP32 program (bmc's address "
                        "layout)"};
    Ob.Id = NextDyn++;
    Ob.Size = Size;
    Ob.Name = Name;
    O.Objects.push_back(Ob);
    return O.Objects.size() - 1;
  }
  void execInst(const Function &F, const Inst &I, PathState &S,
                std::vector<unsigned> &FrameObjs);
  void execCall(const Function &F, const Inst &I, PathState &S,
                std::vector<unsigned> &FrameObjs);
  void execBuiltin(const Function &F, const Inst &I, const CallInfo &CI,
                   Builtin Ext, const std::vector<z3::expr> &Args,
                   PathState &S);
  z3::expr operand(const Function &F, const PathState &S, Operand Op) {
    if (Op == NoOperand)
      return bv(0);
    if (Op & ConstBit)
      return bv(F.Consts[Op & ~ConstBit]);
    return S.R[Op];
  }
  unsigned access(SymKind Kind, const z3::expr &G, const z3::expr &Addr,
                  uint32_t Size, uint32_t Loc) {
    unsigned E = emit(Kind, G, Loc);
    SymEvent &Ev = O.Events[E];
    Ev.Addr = Addr;
    Ev.Size = Size;
    Ev.Reads = Kind != SymKind::Write;
    Ev.Writes = Kind != SymKind::Read;
    if (Ev.Reads)
      Ev.RVal = fresh("rv", 8 * Size);
    return E;
  }
  void check(const z3::expr &G, const z3::expr &Bad, FindingKind FK,
             const std::string &Msg, uint32_t Loc) {
    unsigned E = emit(SymKind::Check, G, Loc);
    O.Events[E].Bad = Bad;
    O.Events[E].Finding = FK;
    O.Events[E].Message = Msg;
  }
};

} // namespace vcdpor::bmc

#endif
