//===- bmc/Encode.cpp - The SC formula of a bounded program ---------------===//
#include "bmc/Encode.h"

#include "interpreter/Program.h"

#include <cassert>
#include <map>
#include <optional>

namespace vcdpor::bmc {

z3::expr executes(const SymProgram &SP, const Encoding &En, unsigned E) {
  const SymEvent &Ev = SP.Events[E];
  return Ev.Guard && Ev.Clock < En.End;
}

namespace {

bool isCondition(SymKind K) {
  return K == SymKind::CondWait || K == SymKind::CondWake ||
         K == SymKind::Signal || K == SymKind::Broadcast;
}

bool isMemory(SymKind K) {
  return K == SymKind::Read || K == SymKind::Write || K == SymKind::Rmw;
}

class Encoder {
public:
  Encoder(z3::context &C, const SymProgram &SP, Encoding &En, bool Split)
      : C(C), SP(SP), En(En), Init(C), Zero(C), Split(Split) {}
  void run(bool Races);

private:
  z3::context &C;
  const SymProgram &SP;
  Encoding &En;
  /// Initial memory (BV64 -> BV8), as an access whose object is not known
  /// sees it. A deep store chain under symbolic indices costs Z3 an axiom
  /// per store and index, so an access whose object is known reads the
  /// array of that object's bytes alone (InitOf; Zero for an object
  /// without any): outside them, it is a memory error of its own.
  z3::expr Init, Zero;
  std::map<uint32_t, z3::expr> InitOf;
  bool Split; ///< read events' scheduling constraints to En.Sched
  std::vector<std::optional<uint64_t>> ObjNum, AddrNum;
  std::vector<unsigned> Writes, Frees;
  /// Per event: every event of its thread listed before it whose guard
  /// holds runs before End.
  std::vector<z3::expr> AllBefore;
  std::map<uint32_t, unsigned> ObjectById;
  unsigned Fresh = 0;

  z3::expr ex(unsigned E) { return executes(SP, En, E); }
  /// Event E is its thread's next one at End: every event before it whose
  /// guard holds ran, its own guard holds, it did not run.
  z3::expr pending(unsigned E) {
    const SymEvent &Ev = SP.Events[E];
    return Ev.Guard && AllBefore[E] && created(Ev.Thread) &&
           !(Ev.Clock < En.End);
  }
  /// Accesses A and B touch a common byte.
  z3::expr overlap(unsigned A, unsigned B) {
    const SymEvent &Ea = SP.Events[A], &Eb = SP.Events[B];
    z3::expr OA = z3::zext(Ea.Addr.extract(31, 0), 32);
    z3::expr OB = z3::zext(Eb.Addr.extract(31, 0), 32);
    return Ea.Addr.extract(63, 32) == Eb.Addr.extract(63, 32) &&
           z3::ult(OA, OB + bv(Eb.Size)) && z3::ult(OB, OA + bv(Ea.Size));
  }
  z3::expr bv(uint64_t V, unsigned W = 64) { return C.bv_val(V, W); }
  z3::expr name(const char *Prefix, bool Bool) {
    std::string N = std::string(Prefix) + "!" + std::to_string(Fresh++);
    return Bool ? C.bool_const(N.c_str()) : C.int_const(N.c_str());
  }
  bool mayAlias(unsigned A, unsigned B) const {
    return !(ObjNum[A] && ObjNum[B] && *ObjNum[A] != *ObjNum[B]);
  }
  /// The initial value of the Size bytes at Addr, for an access whose
  /// object is Obj when known. (An access outside its object is a memory
  /// error of its own; its value then does not matter.)
  z3::expr initValue(const z3::expr &Addr, uint32_t Size,
                     std::optional<uint64_t> Obj) {
    z3::expr Mem = Init;
    if (Obj) {
      auto It = InitOf.find(uint32_t(*Obj));
      Mem = It == InitOf.end() ? Zero : It->second;
    }
    z3::expr V = z3::select(Mem, Addr);
    for (uint32_t B = 1; B < Size; ++B)
      V = z3::concat(z3::select(Mem, Addr + bv(B)), V);
    return Obj ? V.simplify() : V;
  }
  void violation(const z3::expr &Cond, unsigned E, FindingKind K,
                 const std::string &Msg) {
    z3::expr S = Cond.simplify();
    if (S.is_false())
      return;
    Violation V(C);
    V.Flag = name("viol", true);
    V.Cond = S;
    V.Event = E;
    V.Kind = K;
    V.Message = Msg;
    En.Hard.push_back(z3::implies(V.Flag, S));
    En.Violations.push_back(V);
  }
  /// A read of Size bytes at Addr that runs when Exec holds, at clock
  /// Clock, returning Val. Self: the read's own event (an RMW writes too).
  /// Obj: the object Addr designates when known (ObjNum of the event).
  /// IsEvent: the read is event Self (not a read at End): its choice is
  /// recorded in En.Rfs.
  void encodeRead(const z3::expr &Exec, const z3::expr &Clock,
                  const z3::expr &Addr, uint32_t Size, const z3::expr &Val,
                  std::optional<uint64_t> Obj, unsigned Self, bool HasSelf,
                  bool IsEvent = false);
  z3::expr alive(unsigned Ob, const z3::expr &Clock);
  /// Whether access or free E is valid at clock At.
  z3::expr valid(unsigned E, const z3::expr &At);
  void encodeStops();
  z3::expr created(unsigned T) {
    const SymThread &Th = SP.Threads[T];
    return Th.CreateEvent < 0 ? C.bool_val(true) : ex(Th.CreateEvent);
  }
  z3::expr finished(unsigned T) { return ex(SP.Threads[T].EndEvent); }
  z3::expr validJoin(unsigned J, const z3::expr &Before);
  void encodeConditions();
  /// Per event: the (outermost) atomic section it lies in by program order
  /// (SecOf, -1 when none), and whether it runs only after that section's
  /// begin ran (Within: its guard is the begin's, or the begin's is true).
  /// An event between a begin and its end under a guard of its own (the
  /// begin under a condition) is in the section only when the begin ran.
  std::vector<int> SecOf;
  std::vector<bool> Within;
  void findSections();
  /// E runs inside an atomic section (given that E runs).
  z3::expr inSection(unsigned E) {
    if (SecOf[E] < 0)
      return C.bool_val(false);
    if (Within[E])
      return C.bool_val(true);
    return SP.Events[SP.Sections[SecOf[E]].first].Guard;
  }
  void encodeSections();
  void encodeRaces();
  /// Per CondWake event: some signal or broadcast woke its wait.
  std::map<unsigned, z3::expr> Woken;
};

/// Condition variables as the interpreter runs them: a wait (CondWait,
/// event K-1 of its CondWake K) waits from its clock on; a signal wakes
/// exactly one thread waiting on its condition at its clock when there is
/// one, a broadcast every such thread; a woken thread re-acquires its mutex
/// (CondWake) after the signal, and only a woken one does: no spurious
/// wake-ups. A Wake variable says which signal woke which wait. Each wait
/// has the clock of the signal that woke it (End or later when none did)
/// and each signal the index of the wait it woke: one integer each instead
/// of pairwise exclusions, so the constraints grow as waits x signals.
void Encoder::encodeConditions() {
  std::vector<unsigned> Wakes, Signals;
  for (size_t E = 0; E < SP.Events.size(); ++E) {
    SymKind K = SP.Events[E].Kind;
    if (K == SymKind::CondWake)
      Wakes.push_back(E);
    else if (K == SymKind::Signal || K == SymKind::Broadcast)
      Signals.push_back(E);
  }
  // Per signal: (index in Wakes, its Wake variable).
  std::vector<std::vector<std::pair<unsigned, z3::expr>>> Woke(Signals.size());
  std::vector<z3::expr> WokenAt;  // per wait, parallel to Wakes
  std::vector<z3::expr> WokeWait; // per signal: the index of the wait it woke
  for (size_t X = 0; X < Signals.size(); ++X)
    WokeWait.push_back(name("wokewait", false));
  for (size_t Y = 0; Y < Wakes.size(); ++Y) {
    unsigned K = Wakes[Y];
    assert(K > 0 && SP.Events[K - 1].Kind == SymKind::CondWait &&
           "a CondWake follows its CondWait");
    const SymEvent &Kv = SP.Events[K], &Wv = SP.Events[K - 1];
    z3::expr At = name("wokenat", false);
    WokenAt.push_back(At);
    z3::expr_vector Any(C);
    for (size_t X = 0; X < Signals.size(); ++X) {
      unsigned Sg = Signals[X];
      const SymEvent &Sv = SP.Events[Sg];
      if (Sv.Thread == Kv.Thread)
        continue; // a waiting thread signals nothing
      Wake Wk(C);
      Wk.Wait = K;
      Wk.Signal = Sg;
      Wk.Var = name("wake", true);
      z3::expr Then = ex(Sg) && ex(K - 1) && Wv.Cond == Sv.Addr &&
                      Wv.Clock < Sv.Clock && Sv.Clock < Kv.Clock &&
                      At == Sv.Clock;
      if (Sv.Kind == SymKind::Signal)
        Then = Then && WokeWait[X] == C.int_val(int(Y));
      En.Hard.push_back(z3::implies(Wk.Var, Then));
      for (auto [From, To] : {std::pair<unsigned, unsigned>{K - 1, Sg},
                              std::pair<unsigned, unsigned>{Sg, K}}) {
        CondOrder O(C);
        O.From = From;
        O.To = To;
        O.Cond = Wk.Var;
        En.Orders.push_back(O);
      }
      Any.push_back(Wk.Var);
      Woke[X].push_back({unsigned(Y), Wk.Var});
      En.Wakes.push_back(Wk);
    }
    z3::expr W = Any.empty() ? C.bool_val(false) : z3::mk_or(Any);
    Woken.emplace(K, W);
    En.Hard.push_back(z3::implies(ex(K), W));
    En.Hard.push_back(z3::implies(!W, At >= En.End));
  }
  for (size_t X = 0; X < Signals.size(); ++X) {
    const SymEvent &Sv = SP.Events[Signals[X]];
    z3::expr_vector Mine(C), Waiting(C);
    for (auto &[Y, Var] : Woke[X]) {
      // The wait is waiting at the signal: it began before, and no earlier
      // signal woke it.
      unsigned K = Wakes[Y];
      const SymEvent &Wv = SP.Events[K - 1];
      z3::expr Pending = ex(K - 1) && Wv.Cond == Sv.Addr &&
                         Wv.Clock < Sv.Clock && !(WokenAt[Y] < Sv.Clock);
      if (Sv.Kind == SymKind::Broadcast)
        En.Hard.push_back(z3::implies(ex(Signals[X]) && Pending, Var));
      Waiting.push_back(Pending);
      Mine.push_back(Var);
    }
    if (Sv.Kind == SymKind::Signal && !Mine.empty())
      En.Hard.push_back(
          z3::implies(ex(Signals[X]) && z3::mk_or(Waiting), z3::mk_or(Mine)));
  }
}

/// Data races (dpor/Races.h): two accesses of a common byte by different
/// threads, at least one a write and at least one neither atomic nor inside
/// an atomic section, unordered by happens-before. A program has one
/// exactly when some execution can run two such accesses one right after
/// the other (the first race of a racy execution can be brought next to
/// its partner; two adjacent accesses are never ordered by happens-before,
/// which only a synchronisation between them could do). So a race is: A
/// runs last (End is just after it, or after the end of the atomic section
/// holding it, since no other thread can run inside it) and B is the next
/// event of its thread, which would run now. A memory access is enabled
/// whenever its thread is: no other thread's section can be open after A
/// (the section constraints forbid it), and B's own section cannot have
/// begun after A ran. The pairs are quadratic in the accesses; they are
/// only built when races are checked.
void Encoder::encodeRaces() {
  const size_t N = SP.Events.size();
  std::vector<unsigned> Acc;
  for (size_t E = 0; E < N; ++E)
    if (isMemory(SP.Events[E].Kind))
      Acc.push_back(E);
  // A pending cmpxchg writes only if it would succeed now: what it would
  // read is the location's value at End.
  std::vector<std::optional<z3::expr>> Pending(N);
  for (unsigned E : Acc) {
    const SymEvent &Ev = SP.Events[E];
    Pending[E] = pending(E);
    if (Ev.Writes && !Ev.Wrote.is_true())
      encodeRead(*Pending[E], En.End, Ev.Addr, Ev.Size, Ev.RVal, ObjNum[E], E,
                 true);
  }
  // Atomic (an atomic instruction, or inside a section that began) when
  // it runs; surely so, whatever the path.
  auto atomicLike = [&](unsigned E) {
    return SP.Events[E].Atomic ? C.bool_val(true) : inSection(E);
  };
  auto surelyAtomic = [&](unsigned E) {
    return SP.Events[E].Atomic || Within[E];
  };
  auto writes = [&](unsigned E) {
    const SymEvent &Ev = SP.Events[E];
    return Ev.Writes ? Ev.Wrote : C.bool_val(false);
  };
  for (unsigned A : Acc) {
    const SymEvent &Ea = SP.Events[A];
    // A's step ends at A, or, inside a section, at the section's end (never
    // within the bound when the section does not end there: no other
    // thread runs after A then).
    z3::expr Last = En.End == Ea.Clock + 1;
    if (SecOf[A] >= 0) {
      int SE = SP.Sections[SecOf[A]].second;
      z3::expr InSec =
          SE < 0 ? C.bool_val(false)
                 : ex(unsigned(SE)) && En.End == SP.Events[SE].Clock + 1;
      Last = Within[A] ? InSec : z3::ite(inSection(A), InSec, Last);
    }
    if (Last.simplify().is_false())
      continue;
    for (unsigned B : Acc) {
      const SymEvent &Eb = SP.Events[B];
      if (Eb.Thread == Ea.Thread || (surelyAtomic(A) && surelyAtomic(B)) ||
          (!Ea.Writes && !Eb.Writes) || !mayAlias(A, B))
        continue;
      violation(ex(A) && Last && *Pending[B] && overlap(A, B) &&
                    (writes(A) || writes(B)) &&
                    !(atomicLike(A) && atomicLike(B)),
                B, FindingKind::DataRace, "data race");
    }
  }
}

/// Where the interpreter stops an execution at another finding, for a
/// search of races only (Encoding::Stops). The interpreter runs a thread's
/// local steps as soon as its previous visible step is done: a failed
/// check, or an access to memory that is invalid then, ends the execution
/// when the thread arrives there, before its next visible step and
/// whatever the other threads do later. An event is arrived at when its
/// guard holds and every visible event before it in its thread ran; the
/// arrival happens at the clock of the last of those.
void Encoder::encodeStops() {
  for (unsigned T = 0; T < SP.Threads.size(); ++T) {
    const SymThread &Th = SP.Threads[T];
    z3::expr AllVisible = created(T);
    z3::expr Since =
        Th.CreateEvent < 0 ? C.int_val(0) : SP.Events[Th.CreateEvent].Clock;
    for (unsigned E : Th.Events) {
      const SymEvent &Ev = SP.Events[E];
      z3::expr Arrived = Ev.Guard && AllVisible;
      if (Ev.Kind == SymKind::Check)
        En.Stops.push_back((Arrived && Ev.Bad).simplify());
      else if (isMemory(Ev.Kind))
        En.Stops.push_back(Arrived && !valid(E, Since + 1));
      else if (Ev.Kind == SymKind::Free)
        En.Stops.push_back(Arrived && Ev.Addr != bv(0) && !valid(E, Since + 1));
      if (isPseudo(Ev.Kind))
        continue;
      AllVisible = AllVisible && z3::implies(Ev.Guard, Ev.Clock < En.End);
      Since = z3::ite(Ev.Guard, Ev.Clock, Since);
    }
  }
}

void Encoder::encodeRead(const z3::expr &Exec, const z3::expr &Clock,
                         const z3::expr &Addr, uint32_t Size,
                         const z3::expr &Val, std::optional<uint64_t> MyObj,
                         unsigned Self, bool HasSelf, bool IsEvent) {
  En.Reads++;
  RfChoice Rc(C);
  Rc.Read = Self;
  Rc.Exec = Exec;
  z3::expr Src = name("src", false);
  z3::expr_vector Choices(C);
  std::vector<std::pair<unsigned, z3::expr>> Cands;
  for (unsigned W : Writes) {
    if (HasSelf && W == Self)
      continue;
    const SymEvent &Wv = SP.Events[W];
    if (Wv.Size != Size || (MyObj && ObjNum[W] && *MyObj != *ObjNum[W]))
      continue;
    z3::expr S = name("rf", true);
    En.RfVars++;
    En.Hard.push_back(z3::implies(S, Wv.Guard && Wv.Clock < Clock &&
                                         Wv.Addr == Addr && Val == Wv.WVal &&
                                         Src == Wv.Clock));
    Choices.push_back(S);
    Cands.push_back({W, S});
    Rc.Sources.push_back({int(W), S});
  }
  z3::expr SInit = name("rfinit", true);
  En.Hard.push_back(z3::implies(SInit, Val == initValue(Addr, Size, MyObj) &&
                                           Src == C.int_val(0)));
  Choices.push_back(SInit);
  Rc.Sources.push_back({-1, SInit});
  En.Hard.push_back(z3::implies(Exec, z3::mk_or(Choices)));
  // No write of the location between the source and the read.
  z3::expr_vector &To = IsEvent && Split ? En.Sched : En.Hard;
  for (auto &[W, S] : Cands) {
    const SymEvent &Wv = SP.Events[W];
    To.push_back(
        z3::implies(Exec && Wv.Guard && Wv.Addr == Addr && Wv.Clock < Clock,
                    S || Wv.Clock < Src));
  }
  if (IsEvent)
    En.Rfs.push_back(Rc);
}

z3::expr Encoder::alive(unsigned Ob, const z3::expr &Clock) {
  const SymObject &O = SP.Objects[Ob];
  z3::expr A = C.bool_val(true);
  if (O.Kind == ObjKind::Stack && O.DeathEvent >= 0)
    A = A && !(ex(O.DeathEvent) && SP.Events[O.DeathEvent].Clock < Clock);
  if (O.Kind == ObjKind::Heap)
    for (unsigned F : Frees) {
      const SymEvent &Fv = SP.Events[F];
      if (ObjNum[F] && *ObjNum[F] != O.Id)
        continue;
      A = A && !(ex(F) && Fv.Addr.extract(63, 32) == bv(O.Id, 32) &&
                 Fv.Clock < Clock);
    }
  return A;
}

z3::expr Encoder::valid(unsigned E, const z3::expr &At) {
  const SymEvent &Ev = SP.Events[E];
  z3::expr_vector Ok(C);
  z3::expr Off = z3::zext(Ev.Addr.extract(31, 0), 32);
  z3::expr Obj = Ev.Addr.extract(63, 32);
  for (size_t Ob = 0; Ob < SP.Objects.size(); ++Ob) {
    const SymObject &O = SP.Objects[Ob];
    if (ObjNum[E] && *ObjNum[E] != O.Id)
      continue;
    if (Ev.Kind == SymKind::Free) {
      if (O.Kind == ObjKind::Heap)
        Ok.push_back(Obj == bv(O.Id, 32) && Off == bv(0) && alive(Ob, At));
      continue;
    }
    if (Ev.Writes && O.ReadOnly)
      continue;
    Ok.push_back(Obj == bv(O.Id, 32) && z3::ule(Off + bv(Ev.Size), O.Size) &&
                 alive(Ob, At));
  }
  return Ok.empty() ? C.bool_val(false) : z3::mk_or(Ok);
}

z3::expr Encoder::validJoin(unsigned J, const z3::expr &Before) {
  const SymEvent &Jv = SP.Events[J];
  z3::expr_vector Ok(C);
  for (unsigned T = 0; T < SP.Threads.size(); ++T) {
    if (T == Jv.Thread)
      continue;
    // Reserved: the parent stored the id (its create follows; a valid join
    // waits for the thread's end).
    int Store = SP.Threads[T].IdStore;
    z3::expr Cr = Store < 0 ? C.bool_val(true)
                            : ex(Store) && SP.Events[Store].Clock < Before;
    Ok.push_back(Jv.WVal == bv(T + 1) && Cr);
  }
  return Ok.empty() ? C.bool_val(false) : z3::mk_or(Ok);
}

void Encoder::findSections() {
  const size_t N = SP.Events.size();
  SecOf.assign(N, -1);
  Within.assign(N, false);
  for (size_t S = 0; S < SP.Sections.size(); ++S) {
    auto [Begin, EndEv] = SP.Sections[S];
    const SymEvent &Bv = SP.Events[Begin];
    for (unsigned E : SP.Threads[Bv.Thread].Events)
      if (E >= Begin && (EndEv < 0 || E <= unsigned(EndEv))) {
        SecOf[E] = int(S);
        Within[E] = Bv.Guard.is_true() || z3::eq(SP.Events[E].Guard, Bv.Guard);
      }
  }
}

/// Atomic sections: no event of another thread between a section's begin
/// and its end. Two sections of different threads are ordered as wholes:
/// one's end before the other's begin. That covers every event of a
/// section that runs whenever its begin does (its guard is the begin's:
/// its clock lies between begin and end, and it runs only after the begin
/// ran), so only the other events (outside sections, or under a guard of
/// their own) are ordered against each section one by one.
void Encoder::encodeSections() {
  const size_t N = SP.Events.size();
  // Section S's end ran before clock T.
  auto endsBefore = [&](size_t S, const z3::expr &T) {
    int EndEv = SP.Sections[S].second;
    return EndEv < 0 ? C.bool_val(false)
                     : ex(unsigned(EndEv)) && SP.Events[EndEv].Clock < T;
  };
  for (size_t S = 0; S < SP.Sections.size(); ++S) {
    unsigned Begin = SP.Sections[S].first;
    const SymEvent &Bv = SP.Events[Begin];
    for (size_t S2 = S + 1; S2 < SP.Sections.size(); ++S2) {
      unsigned Begin2 = SP.Sections[S2].first;
      const SymEvent &Bv2 = SP.Events[Begin2];
      if (Bv2.Thread == Bv.Thread)
        continue;
      En.Hard.push_back(
          z3::implies(ex(Begin) && ex(Begin2),
                      endsBefore(S, Bv2.Clock) || endsBefore(S2, Bv.Clock)));
    }
    for (size_t Y = 0; Y < N; ++Y) {
      const SymEvent &Yv = SP.Events[Y];
      if (Yv.Thread == Bv.Thread || Within[Y])
        continue;
      En.Hard.push_back(z3::implies(
          ex(Y) && ex(Begin), Yv.Clock < Bv.Clock || endsBefore(S, Yv.Clock)));
    }
  }
}

void Encoder::run(bool Races) {
  const size_t N = SP.Events.size();
  // Initial memory.
  Zero = Init = z3::const_array(C.bv_sort(64), bv(0, 8));
  for (auto &[A, B] : SP.InitBytes) {
    z3::expr &Own = InitOf.try_emplace(uint32_t(A >> 32), Zero).first->second;
    Own = z3::store(Own, bv(A), bv(B, 8));
    Init = z3::store(Init, bv(A), bv(B, 8));
  }
  ObjNum.resize(N);
  AddrNum.resize(N);
  AllBefore.assign(N, C.bool_val(true));
  for (size_t E = 0; E < N; ++E) {
    const SymEvent &Ev = SP.Events[E];
    uint64_t X;
    z3::expr O = Ev.Addr.extract(63, 32).simplify();
    if (O.is_numeral_u64(X))
      ObjNum[E] = X;
    if (Ev.Addr.simplify().is_numeral_u64(X))
      AddrNum[E] = X;
    if (Ev.Writes)
      Writes.push_back(E);
    if (Ev.Kind == SymKind::Free)
      Frees.push_back(E);
  }
  for (size_t Ob = 0; Ob < SP.Objects.size(); ++Ob)
    ObjectById[SP.Objects[Ob].Id] = Ob;
  findSections();

  // Clocks: positive, increasing along each thread, a child's after its
  // creation; AllBefore along each thread.
  En.Hard.push_back(En.End > C.int_val(0));
  for (unsigned T = 0; T < SP.Threads.size(); ++T) {
    const SymThread &Th = SP.Threads[T];
    z3::expr AB = C.bool_val(true);
    for (size_t K = 0; K < Th.Events.size(); ++K) {
      const SymEvent &Ev = SP.Events[Th.Events[K]];
      AllBefore[Th.Events[K]] = AB;
      if (K == 0)
        En.Hard.push_back(Th.CreateEvent < 0
                              ? Ev.Clock > C.int_val(0)
                              : Ev.Clock > SP.Events[Th.CreateEvent].Clock);
      else
        En.Hard.push_back(SP.Events[Th.Events[K - 1]].Clock < Ev.Clock);
      AB = AB && z3::implies(Ev.Guard, Ev.Clock < En.End);
    }
  }

  auto Ends = [](SymKind K) {
    return K == SymKind::Free || K == SymKind::FrameEnd;
  };
  // Conflicting events of different threads never share a clock: a tie
  // would let two writes both be "last" (two CAS both succeed), and the
  // replay could not tell their order.
  for (size_t A = 0; A < N; ++A) {
    const SymEvent &Ea = SP.Events[A];
    bool ExitA = Ea.Kind == SymKind::Exit;
    for (size_t B = A + 1; B < N; ++B) {
      const SymEvent &Eb = SP.Events[B];
      if (Eb.Thread == Ea.Thread)
        continue;
      bool Conflict = (Ea.Writes || Eb.Writes) && (Ea.Reads || Ea.Writes) &&
                      (Eb.Reads || Eb.Writes) && mayAlias(A, B);
      // An access and the end of an object's life: a tie would leave the
      // access valid in the formula and the replay free to run it after.
      Conflict |= (Ends(Ea.Kind) && isMemory(Eb.Kind)) ||
                  (isMemory(Ea.Kind) && Ends(Eb.Kind));
      if (Conflict || ExitA || Eb.Kind == SymKind::Exit ||
          (isCondition(Ea.Kind) && isCondition(Eb.Kind)))
        En.Hard.push_back(Ea.Clock != Eb.Clock);
    }
  }

  z3::expr_vector Exits(C);
  for (size_t E = 0; E < N; ++E) {
    const SymEvent &Ev = SP.Events[E];
    switch (Ev.Kind) {
    case SymKind::Assume:
      En.Hard.push_back(z3::implies(ex(E), Ev.Bad));
      break;
    case SymKind::Cut: {
      En.Hard.push_back(!ex(E));
      z3::expr Arrives = Ev.Guard && AllBefore[E] && created(Ev.Thread);
      En.Reach = En.Reach || Arrives;
      if (!Ev.Allocation)
        En.ReachLoop = En.ReachLoop || Arrives;
      break;
    }
    case SymKind::Exit:
      En.Hard.push_back(z3::implies(ex(E), En.End == Ev.Clock + 1));
      Exits.push_back(ex(E));
      break;
    case SymKind::Check:
      violation(ex(E) && Ev.Bad, E, Ev.Finding, Ev.Message);
      break;
    case SymKind::Lock:
      // A lock runs only on a free mutex; a thread relocking its own
      // waits for ever (the interpreter's semantics: a deadlock, not a
      // finding of its own).
      En.Hard.push_back(z3::implies(ex(E), Ev.RVal == bv(0, 8)));
      break;
    case SymKind::Unlock:
    case SymKind::CondWait:
      violation(ex(E) && Ev.Bad, E, Ev.Finding, Ev.Message);
      break;
    case SymKind::CondWake:
      En.Hard.push_back(z3::implies(ex(E), Ev.RVal == bv(0, 8)));
      break;
    default:
      break;
    }
    if (Ev.Reads)
      encodeRead(ex(E), Ev.Clock, Ev.Addr, Ev.Size, Ev.RVal, ObjNum[E], E, true,
                 true);
  }

  // Memory safety of every access and free.
  for (size_t E = 0; E < N; ++E) {
    const SymEvent &Ev = SP.Events[E];
    if (!isMemory(Ev.Kind) && Ev.Kind != SymKind::Free)
      continue;
    z3::expr Valid = valid(E, Ev.Clock);
    if (Ev.Kind == SymKind::Free)
      violation(ex(E) && Ev.Addr != bv(0) && !Valid, E, FindingKind::Memory,
                "invalid free");
    else
      violation(ex(E) && !Valid, E, FindingKind::Memory,
                "invalid memory access (null, out of bounds, freed or dead "
                "object)");
  }

  // Accesses of different sizes (or offsets) to overlapping bytes: the
  // reads-from encoding above matches whole accesses only.
  for (size_t A = 0; A < N; ++A) {
    const SymEvent &Ea = SP.Events[A];
    if (!isMemory(Ea.Kind))
      continue;
    for (size_t B = A + 1; B < N; ++B) {
      const SymEvent &Eb = SP.Events[B];
      if (!isMemory(Eb.Kind) || (!Ea.Writes && !Eb.Writes) || !mayAlias(A, B))
        continue;
      if (AddrNum[A] && AddrNum[B]) {
        uint64_t X = *AddrNum[A], Y = *AddrNum[B];
        bool Overlap = (X >> 32) == (Y >> 32) &&
                       uint32_t(X) < uint64_t(uint32_t(Y)) + Eb.Size &&
                       uint32_t(Y) < uint64_t(uint32_t(X)) + Ea.Size;
        if (!Overlap || (X == Y && Ea.Size == Eb.Size))
          continue;
      }
      z3::expr Partial = overlap(A, B);
      if (Ea.Size == Eb.Size)
        Partial = Partial && Ea.Addr != Eb.Addr;
      violation(ex(A) && ex(B) && Partial, unsigned(B),
                FindingKind::UnsupportedAtRuntime,
                "accesses of different sizes to overlapping bytes");
    }
  }

  encodeConditions();
  if (Races) {
    encodeRaces();
    encodeStops();
  }

  // Joins: a valid join waits for its thread's end and stores its result.
  std::vector<unsigned> Joins;
  for (size_t E = 0; E < N; ++E)
    if (SP.Events[E].Kind == SymKind::Join)
      Joins.push_back(E);
  for (unsigned J : Joins) {
    const SymEvent &Jv = SP.Events[J];
    z3::expr Valid = validJoin(J, Jv.Clock);
    z3::expr_vector Waits(C);
    for (unsigned T = 0; T < SP.Threads.size(); ++T) {
      if (T == Jv.Thread)
        continue;
      const SymEvent &End = SP.Events[SP.Threads[T].EndEvent];
      if (SP.Threads[T].EndEvent >= 0) {
        CondOrder O(C);
        O.From = unsigned(SP.Threads[T].EndEvent);
        O.To = J;
        O.Cond = ex(J) && Valid && Jv.WVal == bv(T + 1);
        En.Orders.push_back(O);
      }
      Waits.push_back(z3::implies(Jv.WVal == bv(T + 1),
                                  finished(T) && End.Clock < Jv.Clock &&
                                      Jv.RVal == SP.Threads[T].Ret));
    }
    if (!Waits.empty())
      En.Hard.push_back(z3::implies(ex(J) && Valid, z3::mk_and(Waits)));
    violation(ex(J) && !Valid, J, FindingKind::Thread,
              "pthread_join of an invalid thread");
    for (unsigned J2 : Joins)
      if (J2 > J)
        violation(ex(J) && ex(J2) && Valid && Jv.WVal == SP.Events[J2].WVal, J2,
                  FindingKind::Thread,
                  "pthread_join of an already joined thread");
  }

  encodeSections();

  // Deadlock: no exit, and every created thread finished or blocked at End
  // on a held mutex, a join of an unfinished thread or a condition no one
  // signalled, some blocked.
  z3::expr_vector Each(C), Some(C);
  for (unsigned T = 0; T < SP.Threads.size(); ++T) {
    z3::expr_vector Blocked(C);
    for (unsigned E : SP.Threads[T].Events) {
      const SymEvent &Ev = SP.Events[E];
      if (Ev.Kind != SymKind::Lock && Ev.Kind != SymKind::Join &&
          Ev.Kind != SymKind::CondWake)
        continue;
      z3::expr Pending = pending(E);
      if (Ev.Kind == SymKind::Lock || Ev.Kind == SymKind::CondWake) {
        // Waiting for a wake-up, or woken and the mutex held.
        z3::expr Held = C.bv_const(("held!" + std::to_string(E)).c_str(), 8);
        encodeRead(Pending, En.End, Ev.Addr, 1, Held, ObjNum[E], 0, false);
        z3::expr Stuck = Held != bv(0, 8);
        if (Ev.Kind == SymKind::CondWake)
          Stuck = Stuck || !Woken.at(E);
        Blocked.push_back(Pending && Stuck);
      } else {
        z3::expr_vector Unfinished(C);
        for (unsigned U = 0; U < SP.Threads.size(); ++U)
          if (U != T)
            Unfinished.push_back(
                z3::implies(Ev.WVal == bv(U + 1), !finished(U)));
        Blocked.push_back(Pending && validJoin(E, En.End) &&
                          z3::mk_and(Unfinished));
      }
    }
    z3::expr B = Blocked.empty() ? C.bool_val(false) : z3::mk_or(Blocked);
    Each.push_back(z3::implies(created(T), finished(T) || B));
    Some.push_back(created(T) && B);
  }
  En.Dead = z3::mk_and(Each) && z3::mk_or(Some);
  if (!Exits.empty())
    En.Dead = En.Dead && !z3::mk_or(Exits);
}

} // namespace

void encode(z3::context &C, const SymProgram &SP, Encoding &Out, bool Races,
            bool SplitSched) {
  Encoder(C, SP, Out, SplitSched).run(Races);
}

} // namespace vcdpor::bmc
