//===- interpreter/Program.h - The compact executable IR ---------*- C++ -*-===//
//
// What the loader produces from an LLVM module: every function lowered once
// into a flat instruction array over 64-bit register slots. No LLVM types
// here; the executor runs this form only.
//
// Values: integers of width w are kept zero-extended in a 64-bit slot; float
// and double as their bit patterns; pointers as (object id << 32 | offset).
// Aggregates occupy consecutive slots, one per scalar leaf.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_INTERPRETER_PROGRAM_H
#define VCDPOR_INTERPRETER_PROGRAM_H

#include <algorithm>
#include <cstdint>
#include <utility>
#include <string>
#include <vector>

namespace vcdpor {

/// An operand: a register slot of the current frame, or (with ConstBit) an
/// entry of the function's constant pool.
using Operand = uint32_t;
constexpr Operand ConstBit = 0x80000000u;
constexpr Operand NoOperand = 0xffffffffu;

enum class Builtin : uint16_t {
#define VCDPOR_BUILTIN(Id, Name) Id,
#include "interpreter/Builtins.def"
  None
};

/// Library calls a quiet thread may make (QuietSummary.h): an assertion
/// failure is a finding of its own thread; a join with a null result
/// pointer (NullResult) writes nothing.
inline bool quietBuiltin(Builtin B, bool NullResult) {
  return B == Builtin::AssertFail || B == Builtin::ReachError ||
         B == Builtin::Assert || (B == Builtin::PthreadJoin && NullResult);
}

enum class Op : uint8_t {
  // Integer arithmetic on width W. Add, Sub, Mul, Shl: Sub bit 0 is LLVM's
  // nsw flag, bit 1 nuw (execution wraps regardless).
  Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor,
  // Floating point; W is 32 or 64.
  FAdd, FSub, FMul, FDiv, FRem, FNeg,
  ICmp, FCmp, // predicate in Sub
  // Casts: W is the destination width, W2 the source width.
  Trunc, ZExt, SExt, FPTrunc, FPExt, FPToUI, FPToSI, UIToFP, SIToFP,
  PtrToInt, IntToPtr, Copy,
  Select,   // Dst = A ? B : C
  Gep,      // Dst = A + Aux-described offsets
  Alloca,   // Dst = new stack object of Imm bytes (times B elements if B set)
  Load,     // Dst = *A; Size bytes, W bits
  Store,    // *A = B; Size bytes; Sub = 1 when B is a pointer
  Cmpxchg,  // Dst, Dst+1 = {old, success}; *A: B expected, C new
  AtomicRmw, // Dst = old *A; *A = old Sub B
  Br,       // Aux: edge
  CondBr,   // A ? edge Aux : edge Imm
  Switch,   // Aux: switch table
  Ret,      // Aux: return list (or NoOperand)
  Call,     // Aux: call info
  Unreachable,
  // Intrinsics lowered to dedicated ops.
  Abs, SMin, SMax, UMin, UMax,
  AddOvf, SubOvf, MulOvf, // Dst, Dst+1 = {result, overflow}; Sub: 1 signed
  Fshl, Fshr, Ctpop, Ctlz, Cttz, Bswap,
  FAbs, FSqrt, FMin, FMax, FCopySign, FFloor, FCeil, FTrunc, FRound, FFma,
  MemCpy, MemMove, MemSet, // A dst, B src/value, C length
  StackSave, StackRestore,
  LifetimeStart, LifetimeEnd, // A pointer
  TlsAddr,  // Dst = address of this thread's copy of global Imm
  Trap,
};

enum class RmwOp : uint8_t { Xchg, Add, Sub, And, Nand, Or, Xor, Max, Min, UMax, UMin, FAdd, FSub };

/// ICmp predicates (Sub).
enum class IPred : uint8_t { Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle };
/// FCmp predicates (Sub), LLVM's encoding: bit 0 = greater? See evalFCmp.
enum class FPred : uint8_t {
  False, Oeq, Ogt, Oge, Olt, Ole, One, Ord, Uno, Ueq, Ugt, Uge, Ult, Ule, Une, True
};

struct Inst {
  Op Opc;
  uint8_t W = 0;    ///< bit width of the result (or operation)
  uint8_t W2 = 0;   ///< source bit width of casts
  uint8_t Sub = 0;  ///< predicate / rmw operation / flags
  uint32_t Size = 0; ///< bytes accessed by memory operations
  Operand Dst = NoOperand;
  Operand A = NoOperand, B = NoOperand, C = NoOperand;
  uint32_t Aux = 0;
  uint64_t Imm = 0;
  uint32_t Loc = 0; ///< source-location id (0: unknown)
};

/// A CFG edge: where control goes and which phi copies it performs.
struct Edge {
  uint32_t Target;
  uint32_t MovesBegin, MovesEnd; ///< parallel copies into the target's phis
  int32_t Loop = -1;             ///< loop whose header is Target, or -1
  bool Backedge = false;         ///< latch -> header of Loop
};

struct Move {
  Operand Dst, Src;
};

struct LoopInfoLite {
  uint32_t Header;
  std::vector<Operand> Phis; ///< registers that the header's phis define
};

struct GepIndex {
  Operand Idx;
  uint8_t Width; ///< the index is sign-extended from this width
  int64_t Scale;
};
struct GepInfo {
  int64_t Offset = 0;
  std::vector<GepIndex> Indices;
};

struct SwitchInfo {
  uint8_t Width;
  uint32_t DefaultEdge;
  std::vector<std::pair<uint64_t, uint32_t>> Cases; ///< value -> edge
};

struct CallInfo {
  int32_t Callee = -1;            ///< defined function, or -1
  Builtin Ext = Builtin::None;    ///< external function, if Callee < 0
  Operand Target = NoOperand;     ///< indirect callee pointer
  std::vector<Operand> Args;      ///< flattened argument slots
  std::vector<uint8_t> ArgIsFloat; ///< varargs formatting: double in slot
  Operand Dst = NoOperand;        ///< first result slot
  uint32_t DstCount = 0;
  uint8_t RetWidth = 0;           ///< integer width of a scalar result
  bool AtomicFn = false;          ///< __VERIFIER_atomic_*: runs atomically
};

/// Globals some code may store to (sorted indices into Program::Globals), and
/// whether some store goes through a pointer of unknown target.
struct WriteSet {
  std::vector<uint32_t> Globals;
  bool Any = false;
};

struct Function {
  std::string Name;
  std::vector<Inst> Insts;
  std::vector<uint64_t> Consts;
  uint32_t NumRegs = 0;
  uint32_t NumParams = 0; ///< flattened parameter slots: registers 0..N-1
  uint32_t RetCount = 0;  ///< flattened result slots
  bool VarArg = false;
  bool AtomicFn = false;
  /// A declaration resolved against the supported-function table (its body
  /// is empty); reached only through function pointers.
  Builtin Ext = Builtin::None;
  /// Per parameter slot: bytes of a by-value aggregate the callee gets its
  /// own copy of (0: an ordinary parameter).
  std::vector<uint32_t> Byval;
  std::vector<Edge> Edges;
  std::vector<Move> Moves;
  std::vector<LoopInfoLite> Loops;
  std::vector<GepInfo> Geps;
  std::vector<SwitchInfo> Switches;
  std::vector<CallInfo> Calls;
  std::vector<std::vector<Operand>> Rets;
  /// First instruction of each basic block, increasing.
  std::vector<uint32_t> BlockStart;
  /// The basic block instruction Pc belongs to.
  size_t blockOf(uint32_t Pc) const {
    size_t B = std::upper_bound(BlockStart.begin(), BlockStart.end(), Pc) -
               BlockStart.begin();
    return B ? B - 1 : 0;
  }
  /// Per basic block: what running on from it may store to (see
  /// WriteSummary.h). Empty when not computed: then anything.
  std::vector<WriteSet> BlockWrites;
  /// Per basic block: what running on from its successors may store to
  /// (the block's own instructions left out).
  std::vector<WriteSet> BlockTail;
  /// Per basic block: whether running on from it (the block, the blocks
  /// reachable from it, their callees and the threads they create) may call
  /// exit() or abort() (see ExitSummary.h). Empty when not computed: then
  /// any block may.
  std::vector<uint8_t> BlockExits;
  /// Per basic block: whether running on from it (from its successors)
  /// is quiet: only joins, assertion failures and computation on unescaped
  /// locals (see QuietSummary.h). Empty when not computed: then loud.
  std::vector<uint8_t> BlockQuiet;
  std::vector<uint8_t> BlockTailQuiet;
};

enum class ObjectKind : uint8_t { Global, Heap, Stack, ThreadLocal, Function };

struct Global {
  std::string Name;
  uint32_t Size = 0;
  std::vector<uint8_t> Init;
  bool ReadOnly = false;
  bool ThreadLocal = false;
  /// ILP32 programs: the object's 32-bit address (flatPointer()).
  uint32_t Flat = 0;
  /// No instruction can read it: its address serves only stores (see
  /// UnreadGlobals.h).
  bool Unread = false;
  /// No instruction accesses it and its address never becomes a value: it
  /// is only a failed assertion's message, or compared (UnreadGlobals.h).
  /// No event reads its bytes.
  bool Unaccessed = false;
};

struct SrcLocEntry {
  uint32_t File; ///< index into Program::Files
  uint32_t Line;
  uint32_t Func; ///< index into Program::FuncNames
};

struct Program {
  std::vector<Function> Functions;
  std::vector<Global> Globals;
  std::vector<std::string> Files;
  std::vector<std::string> FuncNames;
  std::vector<SrcLocEntry> Locs; ///< id 0 is "unknown"
  /// Name of each alloca / malloc site, by source-location id of the site.
  std::vector<std::string> SiteNames;
  int32_t Main = -1;
  std::string SourceName; ///< the file the user gave
  /// An ILP32 module (32-bit pointers, `clang -m32`): memory holds pointers
  /// as 32-bit addresses (the ILP32 layout below), registers keep them as
  /// (object, offset).
  bool Ptr32 = false;
  /// ILP32: where thread 0's region of dynamic objects begins (above the
  /// globals).
  uint32_t FlatDynBase = 0;
  uint32_t ptrBytes() const { return Ptr32 ? 4 : 8; }
};

/// The largest heap object vcdpor models (256 MiB): a larger allocation
/// cuts its execution (a bound: Thread::Cut ObjectLimit, a Cut in bmc).
constexpr uint64_t MaxAllocation = uint64_t(1) << 28;

// Pointer encoding.
constexpr uint32_t FirstGlobalId = 1;
constexpr uint32_t FunctionIdBase = 0x40000000u;
constexpr uint32_t DynamicIdBit = 0x80000000u;
/// What pointer arithmetic beyond +-2^31 bytes yields: no object at all.
constexpr uint32_t WildObjectId = 0x7fffffffu;
/// Not memory: the location of thread t's handle is (ThreadHandleId, t), so
/// that joins of one thread conflict.
constexpr uint32_t ThreadHandleId = 0x7ffffffeu;
inline uint64_t makePtr(uint32_t Obj, uint32_t Off) {
  return (uint64_t(Obj) << 32) | Off;
}
inline uint32_t ptrObj(uint64_t P) { return uint32_t(P >> 32); }
inline uint32_t ptrOff(uint64_t P) { return uint32_t(P); }
inline uint64_t globalPtr(uint32_t G) { return makePtr(FirstGlobalId + G, 0); }
inline uint64_t functionPtr(uint32_t F) { return makePtr(FunctionIdBase + F, 0); }

// The ILP32 layout. A pointer kept in memory (or turned into an integer) is
// a 32-bit address: the object's address plus the offset. Addresses are a
// function of the object's identity alone, never of the interleaving:
// functions at FlatFunctionBase + 4 * index, globals from FlatGlobalBase in
// module order, and each thread's dynamic objects in a region of its own,
// bump-allocated in the thread's allocation order (Memory::allocate()).
// Objects are at least one byte apart, so a pointer one past an object's
// end still designates that object. An address inside no object is a plain
// integer (object 0), which no access accepts.
constexpr uint32_t FlatFunctionBase = 0x1000;
constexpr uint32_t FlatGlobalBase = 0x10000;
constexpr uint32_t FlatTop = 0xffff0000u; ///< the last 64 KiB: wild pointers
constexpr uint32_t FlatWild = 0xfffffff0u;
/// The first FlatBigThreads threads get FlatBigRegion bytes each, the rest
/// what is left, shared equally among the remaining thread ids.
constexpr unsigned FlatBigThreads = 32;
inline uint32_t alignFlat(uint64_t A) { return uint32_t((A + 15) & ~uint64_t(15)); }

/// Functions, globals and plain integers (everything but dynamic objects)
/// in the ILP32 layout; Memory::flatPointer() handles the rest.
uint32_t staticFlatPointer(const Program &P, uint64_t Ptr);
/// The inverse for addresses below Program::FlatDynBase.
uint64_t staticUnflatPointer(const Program &P, uint32_t A);
/// Thread T's region of dynamic objects: [first, second).
std::pair<uint32_t, uint32_t> flatRegion(const Program &P, unsigned T);

} // namespace vcdpor

#endif
