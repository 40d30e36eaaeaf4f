//===- tests/unit/closure/TestSupport.cpp - Instances and oracles ---------===//

#include "TestSupport.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace vcdpor::closure::test {

unsigned Instance::numEvents() const {
  unsigned N = 0;
  for (const auto &T : Threads)
    N += T.size();
  return N;
}

unsigned Instance::flat(EventId E) const {
  unsigned F = 0;
  for (ThreadId T = 0; T < E.Thread; ++T)
    F += Threads[T].size();
  return F + E.Index;
}

EventId Instance::id(unsigned Flat) const {
  for (ThreadId T = 0;; ++T) {
    if (Flat < Threads[T].size())
      return {T, Flat};
    Flat -= Threads[T].size();
  }
}

AnnotatedPO build(const Instance &I) {
  AnnotatedPO::Options Opts;
  Opts.ReadsFrom = I.ReadsFrom;
  AnnotatedPO A(I.K, Opts);
  for (ThreadId T = 0; T < I.K; ++T)
    for (const Event &E : I.Threads[T])
      A.addEvent(T, E);
  for (auto [X, Y] : I.Edges) {
    Status S = A.addEdge(X, Y);
    assert(S.ok());
    (void)S;
  }
  for (const Annotation &An : I.Annotations) {
    Status S = A.setGoodWrites(An.Read, An.Good, An.S);
    assert(S.ok());
    (void)S;
  }
  return A;
}

Relation instanceOrder(const Instance &I) {
  unsigned N = I.numEvents();
  assert(N <= 64);
  Relation M;
  M.Rows.assign(N, 0);
  for (ThreadId T = 0; T < I.K; ++T)
    for (uint32_t A = 0; A < I.Threads[T].size(); ++A)
      for (uint32_t B = A + 1; B < I.Threads[T].size(); ++B)
        M.Rows[I.flat({T, A})] |= uint64_t(1) << I.flat({T, B});
  for (auto [X, Y] : I.Edges)
    M.Rows[I.flat(X)] |= uint64_t(1) << I.flat(Y);
  for (unsigned K = 0; K < N; ++K)
    for (unsigned A = 0; A < N; ++A)
      if (M(A, K))
        M.Rows[A] |= M.Rows[K];
  return M;
}

std::vector<EventId> randomLinearization(std::mt19937_64 &Rng,
                                         const Instance &I) {
  Relation M = instanceOrder(I);
  unsigned N = I.numEvents();
  std::vector<uint64_t> Pred(N, 0);
  for (unsigned A = 0; A < N; ++A)
    for (unsigned B = 0; B < N; ++B)
      if (M(A, B))
        Pred[B] |= uint64_t(1) << A;
  uint64_t Done = 0;
  std::vector<EventId> Out;
  std::vector<unsigned> Ready;
  while (Out.size() < N) {
    Ready.clear();
    for (unsigned E = 0; E < N; ++E)
      if (!(Done >> E & 1) && !(Pred[E] & ~Done))
        Ready.push_back(E);
    unsigned Pick = Ready[Rng() % Ready.size()];
    Done |= uint64_t(1) << Pick;
    Out.push_back(I.id(Pick));
  }
  return Out;
}

namespace {

bool chance(std::mt19937_64 &Rng, double P) {
  return std::uniform_real_distribution<double>(0, 1)(Rng) < P;
}

unsigned uniform(std::mt19937_64 &Rng, unsigned Lo, unsigned Hi) {
  return std::uniform_int_distribution<unsigned>(Lo, Hi)(Rng);
}

} // namespace

Instance randomInstance(std::mt19937_64 &Rng, const GenParams &P) {
  Instance I;
  I.K = uniform(Rng, P.MinThreads, P.MaxThreads);
  I.ReadsFrom = P.ReadsFrom;
  I.Threads.assign(I.K, {});
  unsigned NumLocs = uniform(Rng, 1, P.MaxLocations);
  unsigned N = uniform(Rng, 2, P.MaxEvents);
  // Optionally, initial writes at the start of the root, ordered before the
  // first event of every leaf.
  bool Init = N > NumLocs + 1 && chance(Rng, P.InitialWrites);
  if (Init) {
    for (Location L = 0; L < NumLocs; ++L)
      I.Threads[0].push_back({EventKind::Write, L, 0, 0});
    N -= NumLocs;
  }
  for (unsigned E = 0; E < N; ++E) {
    Event Ev;
    unsigned R = uniform(Rng, 0, 9);
    Ev.Kind = R < 4   ? EventKind::Read
              : R < 8 ? EventKind::Write
                      : EventKind::ReadModifyWrite;
    Ev.Loc = uniform(Rng, 0, NumLocs - 1);
    Ev.WriteValue = writesMemory(Ev.Kind) ? uniform(Rng, 0, P.MaxValue) : 0;
    I.Threads[uniform(Rng, 0, I.K - 1)].push_back(Ev);
  }
  if (Init)
    for (ThreadId T = 1; T < I.K; ++T)
      if (!I.Threads[T].empty())
        I.Edges.push_back({{0, NumLocs - 1}, {T, 0}});

  // T1 fixes the order of conflicting leaf events and of a few random pairs.
  std::vector<EventId> T1 = randomLinearization(Rng, I);
  std::map<EventId, unsigned> Pos1;
  for (unsigned Pos = 0; Pos < T1.size(); ++Pos)
    Pos1[T1[Pos]] = Pos;
  auto Ordered = [&](EventId X, EventId Y) {
    return Pos1[X] < Pos1[Y] ? std::make_pair(X, Y) : std::make_pair(Y, X);
  };
  unsigned NE = I.numEvents();
  auto OrderLeafConflicts = [&] {
    for (unsigned A = 0; A < NE; ++A)
      for (unsigned B = A + 1; B < NE; ++B) {
        EventId X = I.id(A), Y = I.id(B);
        auto E = Ordered(X, Y);
        if (X.Thread != Y.Thread && X.Thread != 0 && Y.Thread != 0 &&
            conflict(I.event(X), I.event(Y)) &&
            std::find(I.Edges.begin(), I.Edges.end(), E) == I.Edges.end())
          I.Edges.push_back(E);
      }
  };
  OrderLeafConflicts();
  for (unsigned Extra = uniform(Rng, 0, 3); Extra; --Extra) {
    EventId X = I.id(uniform(Rng, 0, NE - 1)),
            Y = I.id(uniform(Rng, 0, NE - 1));
    if (X.Thread != Y.Thread)
      I.Edges.push_back(Ordered(X, Y));
  }

  // T2 decides what each read observes.
  std::vector<EventId> T2;
  double Mode = std::uniform_real_distribution<double>(0, 1)(Rng);
  if (Mode < P.SameTrace) {
    T2 = T1;
  } else if (Mode < P.SameTrace + (1 - P.SameTrace) / 2) {
    T2 = randomLinearization(Rng, I);
  } else {
    Instance ProgramOrderOnly = I;
    ProgramOrderOnly.Edges.clear();
    T2 = randomLinearization(Rng, ProgramOrderOnly);
  }
  std::unordered_map<Location, EventId> Last;
  for (EventId R : T2) {
    Event &Ev = I.Threads[R.Thread][R.Index];
    if (readsMemory(Ev.Kind)) {
      auto It = Last.find(Ev.Loc);
      std::optional<EventId> Obs;
      if (It != Last.end())
        Obs = It->second;
      Annotation An;
      An.Read = R;
      if (P.ReadsFrom) {
        if (!Obs) {
          // Read from a random write of the location, if there is one.
          std::vector<EventId> Any;
          for (unsigned F = 0; F < NE; ++F) {
            EventId W = I.id(F);
            if (W != R && writesMemory(I.event(W).Kind) &&
                I.event(W).Loc == Ev.Loc)
              Any.push_back(W);
          }
          if (!Any.empty())
            Obs = Any[Rng() % Any.size()];
        }
        if (Obs) {
          Ev.ReadValue = I.event(*Obs).WriteValue;
          An.Good = {*Obs};
          An.S = Obs->Thread == 0 ? Side::Local : Side::Remote;
          I.Annotations.push_back(An);
        } else {
          // Nothing to read from: make it a plain write.
          Ev.Kind = EventKind::Write;
          Ev.WriteValue = uniform(Rng, 0, P.MaxValue);
        }
      } else {
        Ev.ReadValue = Obs ? I.event(*Obs).WriteValue
                           : static_cast<Value>(uniform(Rng, 0, P.MaxValue));
        An.S = Obs && !chance(Rng, P.Perturb)
                   ? (Obs->Thread == 0 ? Side::Local : Side::Remote)
                   : (chance(Rng, 0.5) ? Side::Local : Side::Remote);
        bool Root = R.Thread == 0;
        for (unsigned F = 0; F < NE; ++F) {
          EventId W = I.id(F);
          const Event &WE = I.event(W);
          if (W == R || !writesMemory(WE.Kind) || WE.Loc != Ev.Loc ||
              WE.WriteValue != Ev.ReadValue)
            continue;
          if (Root && (W.Thread == 0) != (An.S == Side::Local))
            continue;
          bool IsObs = Obs && W == *Obs;
          if (IsObs ? !chance(Rng, P.Perturb) : chance(Rng, 0.35))
            An.Good.push_back(W);
        }
        if (!Root)
          An.S = Side::Unset;
        I.Annotations.push_back(An);
      }
    }
    if (writesMemory(Ev.Kind))
      Last[Ev.Loc] = R;
  }
  // Reads-from mode may have turned reads into writes: new leaf conflicts.
  if (P.ReadsFrom)
    OrderLeafConflicts();
  return I;
}

//===----------------------------------------------------------------------===//
// Brute force
//===----------------------------------------------------------------------===//

namespace {

// Depth-first search over states (events done, last write per location) with
// memoisation. Every visited state is reachable; it is live if it can also be
// completed, and the live states are exactly the prefixes of realizations.
class Enumerator {
public:
  explicit Enumerator(const Instance &I) : I(I), N(I.numEvents()) {
    assert(N <= 16 && "brute force is for small instances");
    Relation M = instanceOrder(I);
    Pred.assign(N, 0);
    for (unsigned A = 0; A < N; ++A)
      for (unsigned B = 0; B < N; ++B)
        if (M(A, B))
          Pred[B] |= 1u << A;
    Good.assign(N, 0);
    IsRead.assign(N, false);
    IsWrite.assign(N, false);
    LocOf.assign(N, 0);
    std::map<Location, unsigned> Dense;
    for (unsigned F = 0; F < N; ++F) {
      const Event &E = I.event(I.id(F));
      IsRead[F] = readsMemory(E.Kind);
      IsWrite[F] = writesMemory(E.Kind);
      LocOf[F] = Dense.try_emplace(E.Loc, Dense.size()).first->second;
    }
    assert(Dense.size() <= 6);
    for (const Annotation &An : I.Annotations)
      for (EventId W : An.Good)
        Good[I.flat(An.Read)] |= 1u << I.flat(W);
    CanPrecede.assign(N, 0);
  }

  bool run() { return live(0, 0); }

  std::vector<uint32_t> CanPrecede;
  std::unordered_map<uint64_t, bool> Memo;

private:
  // LastW packs 5 bits per location: 0 = no write yet, else flat id + 1.
  bool live(uint32_t Done, uint64_t LastW) {
    uint32_t All = N == 32 ? ~0u : (1u << N) - 1;
    if (Done == All)
      return true;
    uint64_t Key = uint64_t(Done) | LastW << 16;
    if (auto It = Memo.find(Key); It != Memo.end())
      return It->second;
    Memo[Key] = false;
    bool Any = false;
    for (unsigned E = 0; E < N; ++E) {
      if (Done >> E & 1 || (Pred[E] & ~Done))
        continue;
      unsigned Shift = 5 * LocOf[E];
      unsigned Obs = LastW >> Shift & 31;
      if (IsRead[E] && (Obs == 0 || !(Good[E] >> (Obs - 1) & 1)))
        continue;
      uint64_t Next = LastW;
      if (IsWrite[E])
        Next = (LastW & ~(uint64_t(31) << Shift)) | uint64_t(E + 1) << Shift;
      if (live(Done | 1u << E, Next))
        Any = true;
    }
    Memo[Key] = Any;
    if (Any)
      for (unsigned V = 0; V < N; ++V)
        if (Done >> V & 1)
          CanPrecede[V] |= All & ~Done;
    return Any;
  }

  const Instance &I;
  unsigned N;
  std::vector<uint32_t> Pred, Good;
  std::vector<bool> IsRead, IsWrite;
  std::vector<unsigned> LocOf;
};

} // namespace

OracleAnswer enumerate(const Instance &I) {
  Enumerator En(I);
  OracleAnswer Ans;
  Ans.Realizable = En.run();
  Ans.CanPrecede = std::move(En.CanPrecede);
  Ans.States = En.Memo.size();
  return Ans;
}

Status checkRealization(const Instance &I, const std::vector<EventId> &Trace) {
  unsigned N = I.numEvents();
  if (Trace.size() != N)
    return Status::error("wrong length");
  Relation M = instanceOrder(I);
  std::vector<unsigned> Pos(N, ~0u);
  for (unsigned P = 0; P < N; ++P) {
    unsigned F = I.flat(Trace[P]);
    if (Pos[F] != ~0u)
      return Status::error("event twice: " + toString(Trace[P]));
    Pos[F] = P;
  }
  for (unsigned A = 0; A < N; ++A)
    for (unsigned B = 0; B < N; ++B)
      if (M(A, B) && Pos[A] > Pos[B])
        return Status::error("order violated: " + toString(I.id(A)) + " < " +
                             toString(I.id(B)));
  std::map<EventId, const Annotation *> Ann;
  for (const Annotation &An : I.Annotations)
    Ann[An.Read] = &An;
  std::map<Location, EventId> Last;
  for (EventId E : Trace) {
    const Event &Ev = I.event(E);
    if (readsMemory(Ev.Kind)) {
      auto It = Last.find(Ev.Loc);
      const Annotation *An = Ann.count(E) ? Ann[E] : nullptr;
      if (It == Last.end() || !An ||
          std::find(An->Good.begin(), An->Good.end(), It->second) ==
              An->Good.end())
        return Status::error("read " + toString(E) + " observes a bad write");
    }
    if (writesMemory(Ev.Kind))
      Last[Ev.Loc] = E;
  }
  return Status::success();
}

//===----------------------------------------------------------------------===//
// Rules 1-3 from the definitions
//===----------------------------------------------------------------------===//

Status checkClosedNaively(const Instance &I, const AnnotatedPO &A) {
  unsigned N = I.numEvents();
  Relation Lt;
  Lt.Rows.assign(N, 0);
  for (unsigned X = 0; X < N; ++X)
    for (unsigned Y = 0; Y < N; ++Y)
      if (A.before(I.id(X), I.id(Y)))
        Lt.Rows[X] |= uint64_t(1) << Y;
  Relation P = instanceOrder(I);
  for (unsigned X = 0; X < N; ++X) {
    if (Lt(X, X))
      return Status::error("order is reflexive at " + toString(I.id(X)));
    if ((P.Rows[X] & ~Lt.Rows[X]) != 0)
      return Status::error("order does not refine P");
    for (unsigned Y = 0; Y < N; ++Y) {
      if (!Lt(X, Y))
        continue;
      if (Lt(Y, X))
        return Status::error("order is cyclic");
      if ((Lt.Rows[Y] & ~Lt.Rows[X]) != 0)
        return Status::error("order is not transitive");
    }
  }
  auto Ids = [&](const std::vector<unsigned> &Fs) {
    std::vector<EventId> Out;
    for (unsigned F : Fs)
      Out.push_back(I.id(F));
    std::sort(Out.begin(), Out.end());
    return Out;
  };
  for (const Annotation &An : I.Annotations) {
    unsigned R = I.flat(An.Read);
    const Event &RE = I.event(An.Read);
    std::string Name = "read " + toString(An.Read);
    std::vector<unsigned> W, Vis, Min, Max;
    for (unsigned F = 0; F < N; ++F) {
      const Event &E = I.event(I.id(F));
      if (F != R && writesMemory(E.Kind) && E.Loc == RE.Loc)
        W.push_back(F);
    }
    // VisibleW: not after r, and not hidden by a write between it and r.
    for (unsigned X : W) {
      bool Hidden = Lt(R, X);
      for (unsigned Y : W)
        Hidden = Hidden || (Lt(X, Y) && Lt(Y, R));
      if (!Hidden)
        Vis.push_back(X);
    }
    for (unsigned X : Vis) {
      bool IsMin = true, IsMax = true;
      for (unsigned Y : Vis) {
        IsMin = IsMin && !Lt(Y, X);
        IsMax = IsMax && !Lt(X, Y);
      }
      if (IsMin)
        Min.push_back(X);
      if (IsMax)
        Max.push_back(X);
    }
    if (Ids(Vis) != A.visibleWrites(An.Read))
      return Status::error(Name + ": visibleWrites disagrees");
    if (Ids(Min) != A.minimalWrites(An.Read))
      return Status::error(Name + ": minimalWrites disagrees");
    if (Ids(Max) != A.maximalWrites(An.Read))
      return Status::error(Name + ": maximalWrites disagrees");
    auto IsGood = [&](unsigned X) {
      return std::find(An.Good.begin(), An.Good.end(), I.id(X)) !=
             An.Good.end();
    };
    bool Rule1 = std::any_of(Min.begin(), Min.end(),
                             [&](unsigned X) { return IsGood(X) && Lt(X, R); });
    if (!Rule1)
      return Status::error(Name + " violates rule 1");
    if (std::none_of(Max.begin(), Max.end(), IsGood))
      return Status::error(Name + " violates rule 2");
    for (unsigned X : Min) {
      if (IsGood(X) || !Lt(X, R))
        continue;
      bool Covered = std::any_of(Vis.begin(), Vis.end(), [&](unsigned Y) {
        return IsGood(Y) && Lt(X, Y);
      });
      if (!Covered)
        return Status::error(Name + " violates rule 3 for bad write " +
                             toString(I.id(X)));
    }
  }
  return Status::success();
}

} // namespace vcdpor::closure::test
