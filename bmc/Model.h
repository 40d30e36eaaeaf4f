//===- bmc/Model.h - The symbolic events of a bounded program ----*- C++ -*-===//
//
// What bounded symbolic execution (SymExec.cpp) makes of a Program and what
// the encoding (Encode.cpp) turns into one SMT formula: per thread a chain of
// events in program order, each with a guard (its path condition), a clock
// (its position in the interleaving) and, for memory and mutex operations, a
// symbolic address, size and values. Internal to bmc/: the only place Z3
// types appear besides the .cpp files.
//
// Event kinds follow dpor/EventKinds.def where the interpreter has the same
// visible operation (read, write, rmw, lock, unlock, trylock, create, join,
// nondet, exit, free, atomic-begin, cond-wait, cond-reacquire, signal,
// broadcast); the rest are pseudo-events that only the
// formula sees: checks (a finding where Bad holds), assumes, loop-bound cuts,
// thread ends, the end of an atomic section and the death of a stack frame.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_BMC_MODEL_H
#define VCDPOR_BMC_MODEL_H

#include "dpor/Event.h"

#include <z3++.h>

#include <string>
#include <vector>

namespace vcdpor {
struct Program;
}

namespace vcdpor::bmc {

enum class SymKind : uint8_t {
  Read, Write, Rmw, Lock, Unlock, TryLock, Create, Join, Nondet, Exit, Free,
  AtomicBegin,
  // pthread_cond_wait is two events, as in the interpreter: CondWait
  // releases the mutex and starts waiting, CondWake (after a signal or
  // broadcast woke the thread) re-acquires it. Both are RMWs of the mutex
  // byte, with the condition in Cond.
  CondWait, CondWake, Signal, Broadcast,
  // Pseudo-events: not operations of the interpreter.
  Check, Assume, Cut, ThreadEnd, AtomicEnd, FrameEnd
};
const char *symKindName(SymKind K);
/// The pseudo-events: steps only the formula has, run as part of a
/// thread's local computation (no interpreter event matches them).
bool isPseudo(SymKind K);

/// One event of one thread. Invariant: a thread's events are listed in an
/// order that extends program order; two events of one thread that are not
/// ordered by program order lie on exclusive paths (their guards cannot
/// both hold).
struct SymEvent {
  explicit SymEvent(z3::context &C)
      : Guard(C.bool_val(true)), Clock(C), Addr(C.bv_val(0, 64)),
        RVal(C.bv_val(0, 8)), WVal(C.bv_val(0, 8)), Wrote(C.bool_val(true)),
        Bad(C.bool_val(false)), Cond(C.bv_val(0, 64)) {}
  SymKind Kind = SymKind::Check;
  unsigned Thread = 0;
  z3::expr Guard;
  z3::expr Clock; ///< Int
  z3::expr Addr;  ///< BV64 (object << 32 | offset); mutexes have bit 63 set
                  ///< (Signal, Broadcast: the condition variable)
  uint32_t Size = 0;
  bool Reads = false, Writes = false;
  /// A C11 atomic access (atomic load or store, atomicrmw, cmpxchg), as the
  /// interpreter's Event::Atomic: never part of a data race with another
  /// atomic access (or one inside an atomic section).
  bool Atomic = false;
  z3::expr RVal; ///< value read (BV of 8*Size; Nondet: the value drawn)
  z3::expr WVal; ///< value written (BV of 8*Size); Join: the thread id
  /// Rmw: whether it stores. A failed cmpxchg writes back what it read (the
  /// same values), but for data races it is a read, as in the interpreter.
  z3::expr Wrote;
  /// Check: the finding happens when the event runs and Bad holds.
  /// Assume: the condition that must hold. Stack and heap objects: unused.
  z3::expr Bad;
  z3::expr Cond; ///< CondWait, CondWake: the condition variable's address
  FindingKind Finding = FindingKind::Assertion;
  std::string Message;
  uint32_t SrcLoc = 0;
  int Child = -1;  ///< Create: the thread it starts
  int Object = -1; ///< FrameEnd: first and (ObjectEnd) one past last object
  int ObjectEnd = -1;
  bool InAtomic = false;
  /// Cut: at an allocation larger than vcdpor models, not a loop bound.
  bool Allocation = false;
};

struct SymThread {
  explicit SymThread(z3::context &C) : Arg(C.bv_val(0, 64)), Ret(C.bv_val(0, 64)) {}
  uint32_t Function = 0;
  z3::expr Arg;
  int CreateEvent = -1; ///< in the parent's chain (-1 for main)
  /// The parent's store of the id, just before CreateEvent: from it on, a
  /// join of the thread is valid (it waits for the thread's end).
  int IdStore = -1;
  std::vector<unsigned> Events; ///< indices into SymProgram::Events
  z3::expr Ret;                 ///< the start routine's result
  int EndEvent = -1;            ///< ThreadEnd (main: pthread_exit only)
  int ExitEvent = -1;           ///< main returning: the process exits
};

/// ThreadLocal: one thread's copy of a `__thread` global, made at its
/// first use in that thread with the global's initialiser (as the
/// interpreter does); it is never freed.
enum class ObjKind : uint8_t { Global, Stack, Heap, ThreadLocal };
struct SymObject {
  explicit SymObject(z3::context &C) : Size(C.bv_val(0, 64)) {}
  ObjKind Kind = ObjKind::Global;
  uint32_t Id = 0;
  z3::expr Size; ///< BV64 bytes
  bool ReadOnly = false;
  int DeathEvent = -1; ///< Stack: its frame's end
  std::string Name;
};

/// The bounded program: every thread's events, the objects they may touch.
struct SymProgram {
  std::vector<SymEvent> Events;
  std::vector<SymThread> Threads;
  std::vector<SymObject> Objects;
  /// Atomic sections: (AtomicBegin event, AtomicEnd event or -1).
  std::vector<std::pair<unsigned, int>> Sections;
  /// Initial memory: byte array BV64 -> BV8 (globals' initialisers, else 0).
  std::vector<std::pair<uint64_t, uint8_t>> InitBytes;
};

/// Unrolls every thread of P to Unroll iterations per loop (and recursion
/// depth). Returns false with Error set for a construct bmc does not model.
bool buildSymProgram(z3::context &C, const Program &P, unsigned Unroll,
                     SymProgram &Out, std::string &Error);

} // namespace vcdpor::bmc

#endif
