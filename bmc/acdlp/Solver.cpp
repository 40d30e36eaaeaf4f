//===- bmc/acdlp/Solver.cpp - The ACDLP search ----------------------------===//
//
// Invariants of the trail: an entry's bound is strictly tighter than the
// one before it on the same node and view (Prev); every literal of its
// reason held before it was pushed; levels never decrease along it.
//
//===----------------------------------------------------------------------===//
#include "bmc/acdlp/Solver.h"

#include <algorithm>
#include <cassert>

namespace vcdpor::bmc::acdlp {

namespace {

uint64_t boundOf(const Box &B, Bound K) {
  switch (K) {
  case Bound::UGe:
    return B.ULo;
  case Bound::ULe:
    return B.UHi;
  case Bound::SGe:
    return uint64_t(B.SLo);
  case Bound::SLe:
    return uint64_t(B.SHi);
  case Bound::Bit0:
    return B.Zeros;
  case Bound::Bit1:
    return B.Ones;
  }
  return 0;
}

constexpr Bound AllBounds[] = {Bound::UGe, Bound::ULe, Bound::SGe, Bound::SLe};

/// Whether bound value V of kind K implies L (same node and kind).
bool implies(Bound K, uint64_t V, const Lit &L) {
  switch (K) {
  case Bound::UGe:
    return V >= L.C;
  case Bound::ULe:
    return V <= L.C;
  case Bound::SGe:
    return int64_t(V) >= int64_t(L.C);
  case Bound::SLe:
    return int64_t(V) <= int64_t(L.C);
  case Bound::Bit0:
  case Bound::Bit1:
    return (V >> L.C) & 1;
  }
  return false;
}

/// The stronger of two literals of one node and kind.
Lit stronger(const Lit &A, const Lit &B) {
  return implies(A.K, A.C, B) ? A : B;
}

uint64_t luby(uint64_t I) {
  uint64_t Size = 1, Seq = 0;
  while (Size < I + 1)
    Seq++, Size = 2 * Size + 1;
  while (Size - 1 != I) {
    Size = (Size - 1) >> 1;
    Seq--;
    I = I % Size;
  }
  return uint64_t(1) << Seq;
}

} // namespace

Solver::Solver(Ir Pr, SolverOptions Opt) : P(std::move(Pr)), O(std::move(Opt)) {
  size_t N = P.Nodes.size();
  D.resize(N);
  Last.assign(N, {-1, -1, -1, -1});
  BitBase.assign(N, 0);
  size_t Bits = 0;
  for (size_t I = 0; I < N; ++I)
    if (P.Nodes[I].S == Sort::BV) {
      BitBase[I] = Bits;
      Bits += 2 * P.Nodes[I].W;
    }
  LastBit.assign(Bits, -1);
  Occ.resize(N);
  InQueue.assign(N, 0);
  Activity.assign(N, 0);
  Class.assign(N, 2);
  Phase.assign(N, 0);
  HasPhase.assign(N, 0);
  for (size_t I = 0; I < N; ++I) {
    const Node &Nd = P.Nodes[I];
    D[I] = forward(P, uint32_t(I), D);
    if (Nd.O == Op::Const) {
      Class[I] = 4; // never decided
      continue;
    }
    Class[I] = Nd.S == Sort::Bool ? 0
               : Nd.O != Op::Leaf ? 3
               : Nd.S == Sort::BV ? 1
                                  : 2;
    if (Nd.O == Op::Leaf)
      continue;
    Occ[I].push_back(uint32_t(I));
    for (uint32_t A : Nd.Args)
      if (Occ[A].empty() || Occ[A].back() != I)
        Occ[A].push_back(uint32_t(I));
  }
}

uint64_t Solver::value(uint32_t N) const {
  return valueOf(P.Nodes[N].S, P.Nodes[N].W, D[N]);
}

void Solver::enqueue(uint32_t C) {
  if (C >= InQueue.size())
    InQueue.resize(C + 1, 0);
  if (!InQueue[C]) {
    InQueue[C] = 1;
    Queue.push_back(C);
  }
}

void Solver::boundsOf(uint32_t V, std::vector<Lit> &Out, unsigned Views) const {
  const Node &N = P.Nodes[V];
  Box F = full(N.S, N.W);
  const Box &B = D[V];
  if (hasU(N.S) && (Views & 1)) {
    if (B.ULo > F.ULo)
      Out.push_back({V, Bound::UGe, B.ULo});
    if (B.UHi < F.UHi)
      Out.push_back({V, Bound::ULe, B.UHi});
  }
  // Signed bounds and bits that the unsigned bounds imply are left out.
  Box U = F;
  U.ULo = B.ULo, U.UHi = B.UHi;
  bool Implied = (Views & 1) && N.S == Sort::BV && reduce(N.S, N.W, U);
  if (N.S == Sort::BV && (Views & 4)) {
    uint64_t Zs = B.Zeros & ~(Implied ? U.Zeros : 0);
    uint64_t Os = B.Ones & ~(Implied ? U.Ones : 0);
    for (; Zs; Zs &= Zs - 1)
      Out.push_back({V, Bound::Bit0, uint64_t(__builtin_ctzll(Zs))});
    for (; Os; Os &= Os - 1)
      Out.push_back({V, Bound::Bit1, uint64_t(__builtin_ctzll(Os))});
  }
  if (hasS(N.S) && (Views & 2)) {
    if (Implied && U.SLo == B.SLo && U.SHi == B.SHi)
      return;
    if (B.SLo > F.SLo)
      Out.push_back({V, Bound::SGe, uint64_t(B.SLo)});
    if (B.SHi < F.SHi)
      Out.push_back({V, Bound::SLe, uint64_t(B.SHi)});
  }
}

bool Solver::set(const Lit &L, const std::vector<Lit> &Why, const char *By) {
  Box &B = D[L.Var];
  if (holds(B, L))
    return true;
  Box NB = apply(B, L);
  if (isEmpty(NB)) {
    Conflict = Why;
    Lit Opp = L;
    Opp.K = L.K == Bound::UGe    ? Bound::ULe
            : L.K == Bound::ULe  ? Bound::UGe
            : L.K == Bound::SGe  ? Bound::SLe
            : L.K == Bound::SLe  ? Bound::SGe
            : L.K == Bound::Bit0 ? Bound::Bit1
                                 : Bound::Bit0;
    if (L.K != Bound::Bit0 && L.K != Bound::Bit1)
      Opp.C = boundOf(B, Opp.K);
    Conflict.push_back(Opp);
    ConflictAt = By;
    return false;
  }
  int &Prev = last(L);
  Entry E{L,          boundOf(B, L.K),  Prev,
          level(),    int(Pool.size()), unsigned(Why.size()),
          Pool.size()};
  Pool.insert(Pool.end(), Why.begin(), Why.end());
  Prev = int(Trail.size());
  Trail.push_back(E);
  B = NB;
  St.Propagations++;
  ++Work;
  if (O.Trace)
    trace("  " + show(P, L) + "   [" + By + "]");
  for (uint32_t C : Occ[L.Var])
    enqueue(C);
  return channel(L.Var);
}

/// The reduction of node V's two views, as propagation with reasons.
bool Solver::channel(uint32_t V) {
  const Node &N = P.Nodes[V];
  if (N.S != Sort::BV)
    return true;
  Box R = D[V];
  std::vector<Lit> Why;
  if (!reduce(N.S, N.W, R)) {
    Conflict.clear();
    boundsOf(V, Conflict);
    ConflictAt = "views";
    return false;
  }
  if (R == D[V])
    return true;
  boundsOf(V, Why);
  return setAll(V, D[V], R, Why, "views");
}

bool Solver::setAll(uint32_t V, const Box &Old, const Box &New,
                    const std::vector<Lit> &Why, const char *By) {
  for (Bound K : AllBounds)
    if (boundOf(New, K) != boundOf(Old, K) &&
        !set({V, K, boundOf(New, K)}, Why, By))
      return false;
  for (uint64_t Zs = New.Zeros & ~Old.Zeros; Zs; Zs &= Zs - 1)
    if (!set({V, Bound::Bit0, uint64_t(__builtin_ctzll(Zs))}, Why, By))
      return false;
  for (uint64_t Os = New.Ones & ~Old.Ones; Os; Os &= Os - 1)
    if (!set({V, Bound::Bit1, uint64_t(__builtin_ctzll(Os))}, Why, By))
      return false;
  return true;
}

bool Solver::narrow(uint32_t V, const Box &B, const std::vector<Lit> &Why,
                    const char *By) {
  const Box Old = D[V];
  if (isEmpty(B) || isEmpty(meet(Old, B))) {
    Conflict = Why;
    ConflictAt = By;
    std::vector<Lit> Own;
    boundsOf(V, Own);
    // One of V's bounds alone may contradict B: then only it.
    const Node &N = P.Nodes[V];
    for (const Lit &L : Own) {
      Box T = apply(B, L);
      if (!isEmpty(B) && !reduce(N.S, N.W, T)) {
        Conflict.push_back(L);
        return false;
      }
    }
    Conflict.insert(Conflict.end(), Own.begin(), Own.end());
    return false;
  }
  Box M = meet(Old, B);
  if (M == Old)
    return true;
  return setAll(V, Old, M, Why, By);
}

bool Solver::propAndOr(uint32_t N) {
  const Node &Nd = P.Nodes[N];
  uint64_t Absorb =
      Nd.O == Op::And ? 0 : 1; // an argument of this value decides
  const char *By = opName(Nd.O);
  const Box &Z = D[N];
  std::vector<Lit> Why;
  auto is = [&](uint32_t V, uint64_t X) {
    return D[V].ULo == X && D[V].UHi == X;
  };
  auto lit = [&](uint32_t V, uint64_t X) {
    return X ? Lit{V, Bound::UGe, 1} : Lit{V, Bound::ULe, 0};
  };
  // Forward: an absorbing argument, or all arguments non-absorbing.
  int Free = -1, NumFree = 0;
  for (uint32_t A : Nd.Args) {
    if (is(A, Absorb)) {
      Why = {lit(A, Absorb)};
      return set(lit(N, Absorb), Why, By);
    }
    if (!is(A, !Absorb))
      Free = int(A), NumFree++;
  }
  if (NumFree == 0) {
    for (uint32_t A : Nd.Args)
      Why.push_back(lit(A, !Absorb));
    return set(lit(N, !Absorb), Why, By);
  }
  // Backward.
  if (Z.ULo != Z.UHi)
    return true;
  if (Z.ULo != Absorb) {
    Why = {lit(N, !Absorb)};
    for (uint32_t A : Nd.Args)
      if (!set(lit(A, !Absorb), Why, By))
        return false;
    return true;
  }
  if (NumFree == 1) {
    Why = {lit(N, Absorb)};
    for (uint32_t A : Nd.Args)
      if (int(A) != Free)
        Why.push_back(lit(A, !Absorb));
    return set(lit(uint32_t(Free), Absorb), Why, By);
  }
  return true;
}

bool Solver::copy(uint32_t To, uint32_t From, const Lit &Cond, const char *By) {
  Box M = meet(D[To], D[From]);
  const Node &N = P.Nodes[To];
  if (M == D[To])
    return true;
  const Box Old = D[To];
  std::vector<Lit> Why{Cond, Cond};
  auto one = [&](const Lit &L) {
    Why[1] = L;
    Why[1].Var = From;
    return set(L, Why, By);
  };
  Box R = M;
  if (!reduce(N.S, N.W, R)) {
    // From's box contradicts To's.
    Conflict = {Cond};
    boundsOf(From, Conflict);
    boundsOf(To, Conflict);
    ConflictAt = By;
    return false;
  }
  for (Bound K : AllBounds)
    if (boundOf(M, K) != boundOf(Old, K) &&
        boundOf(M, K) == boundOf(D[From], K) && !one({To, K, boundOf(M, K)}))
      return false;
  for (uint64_t Zs = D[From].Zeros & ~Old.Zeros; Zs; Zs &= Zs - 1)
    if (!one({To, Bound::Bit0, uint64_t(__builtin_ctzll(Zs))}))
      return false;
  for (uint64_t Os = D[From].Ones & ~Old.Ones; Os; Os &= Os - 1)
    if (!one({To, Bound::Bit1, uint64_t(__builtin_ctzll(Os))}))
      return false;
  return true;
}

bool Solver::propNode(uint32_t N) {
  const Node &Nd = P.Nodes[N];
  if (Nd.O == Op::And || Nd.O == Op::Or)
    return propAndOr(N);
  // Copies (an equality that holds, a decided if-then-else): each bound
  // is explained by the same bound of the other side and the condition
  // alone, so learned clauses keep only what the conflict used.
  if (Nd.O == Op::Eq && D[N].ULo == 1) {
    Lit Holds{N, Bound::UGe, 1};
    return copy(Nd.Args[0], Nd.Args[1], Holds, "=") &&
           copy(Nd.Args[1], Nd.Args[0], Holds, "=");
  }
  if (Nd.O == Op::Ite && D[Nd.Args[0]].ULo == D[Nd.Args[0]].UHi) {
    bool Then = D[Nd.Args[0]].ULo == 1;
    Lit Cond =
        Then ? Lit{Nd.Args[0], Bound::UGe, 1} : Lit{Nd.Args[0], Bound::ULe, 0};
    uint32_t B = Nd.Args[Then ? 1 : 2];
    return copy(N, B, Cond, "ite") && copy(B, N, Cond, "ite");
  }
  const char *By = opName(Nd.O);
  // The views the transformers of Nd read of its arguments; the argument
  // whose box is narrowed is read only by those of Eq and Extract.
  unsigned Views = Nd.O == Op::ULe || Nd.O == Op::ULt   ? 1
                   : Nd.O == Op::SLe || Nd.O == Op::SLt ? 2
                                                        : 7;
  bool ReadsOwn = Nd.O == Op::Eq || Nd.O == Op::Extract;
  std::vector<Lit> &Why = Scratch;
  Why.clear();
  for (uint32_t A : Nd.Args)
    boundsOf(A, Why, Views);
  if (!narrow(N, forward(P, N, D), Why, By))
    return false;
  for (unsigned I = 0; I < Nd.Args.size(); ++I) {
    Box B = backward(P, N, I, D);
    uint32_t A = Nd.Args[I];
    Box M = meet(D[A], B);
    if (M == D[A])
      continue;
    std::vector<Lit> W;
    boundsOf(N, W);
    for (unsigned J = 0; J < Nd.Args.size(); ++J)
      if (J != I || ReadsOwn)
        boundsOf(Nd.Args[J], W, Views);
    if (!narrow(A, B, W, By))
      return false;
  }
  return true;
}

bool Solver::propClause(uint32_t K) {
  const Clause &C = Clauses[K];
  int Unit = -1, NonFalse = 0;
  for (size_t I = 0; I < C.Lits.size(); ++I) {
    if (holds(D[C.Lits[I].Var], C.Lits[I]))
      return true;
    if (!holds(D[C.Comps[I].Var], C.Comps[I]))
      NonFalse++, Unit = int(I);
  }
  if (NonFalse > 1)
    return true;
  std::vector<Lit> Why;
  for (size_t I = 0; I < C.Lits.size(); ++I)
    if (int(I) != Unit)
      Why.push_back(C.Comps[I]);
  if (NonFalse == 0) {
    Conflict = Why;
    ConflictAt = "learned clause";
    return false;
  }
  return set(C.Lits[Unit], Why, "learned clause");
}

bool Solver::start() {
  for (size_t I = 0; I < P.Nodes.size(); ++I)
    if (!Occ[I].empty() && Occ[I][0] == I)
      enqueue(uint32_t(I));
  for (uint32_t R : P.Roots)
    if (!set({R, Bound::UGe, 1}, {}, "assertion"))
      return false;
  return propagate();
}

void Solver::decide(const Lit &L) {
  Lim.push_back(Trail.size());
  St.Decisions++;
  trace("decide @" + std::to_string(level()) + ": " + show(P, L));
  int &Prev = last(L);
  Entry E{L, boundOf(D[L.Var], L.K), Prev, level(), -1, 0, Pool.size()};
  Prev = int(Trail.size());
  Trail.push_back(E);
  D[L.Var] = apply(D[L.Var], L);
  for (uint32_t C : Occ[L.Var])
    enqueue(C);
  if (!channel(L.Var))
    PendingConflict = true;
}

bool Solver::propagate() {
  size_t NC = P.Nodes.size();
  if (PendingConflict) {
    PendingConflict = false;
    return false;
  }
  Work = 0;
  size_t Budget = std::max<size_t>(20000, 4 * NC);
  while (!Queue.empty() && Work < Budget) {
    uint32_t C = Queue.front();
    Queue.pop_front();
    InQueue[C] = 0;
    bool Ok = C < NC ? (P.Nodes[C].O == Op::Leaf || P.Nodes[C].O == Op::Const
                            ? true
                            : propNode(C))
                     : propClause(C - uint32_t(NC));
    if (!Ok) {
      for (uint32_t Q : Queue)
        InQueue[Q] = 0;
      Queue.clear();
      return false;
    }
  }
  return true;
}

int Solver::source(const Lit &L) const {
  int E = const_cast<Solver *>(this)->last(L);
  while (E >= 0) {
    const Entry &En = Trail[E];
    if (!implies(L.K, En.Prev, L))
      return E;
    E = En.PrevEntry;
  }
  return -1;
}

void Solver::analyze(std::vector<Lit> &Learned, unsigned &BackLevel) {
  unsigned Cur = level();
  std::vector<char> Marked(Trail.size(), 0);
  std::vector<Lit> Need(Trail.size());
  std::vector<int> Lower;
  unsigned Count = 0;
  auto add = [&](const Lit &L) {
    Lit Comp;
    if (!complement(P, L, Comp))
      return; // true of every value
    int E = source(L);
    if (E < 0 || Trail[E].Level == 0)
      return;
    if (Marked[E]) {
      Need[E] = stronger(Need[E], L);
      return;
    }
    Marked[E] = 1;
    Need[E] = L;
    if (Trail[E].Level == Cur)
      Count++;
    else
      Lower.push_back(E);
  };
  for (const Lit &L : Conflict)
    add(L);
  int I = int(Trail.size()) - 1;
  int Uip = -1;
  while (true) {
    while (I >= 0 && !(Marked[I] && Trail[I].Level == Cur))
      --I;
    assert(I >= 0 && "the current level's decision ends the analysis");
    if (Count == 1) {
      Uip = I;
      break;
    }
    const Entry &E = Trail[I];
    Marked[I] = 0;
    Count--;
    for (unsigned K = 0; K < E.ReasonLen; ++K)
      add(Pool[E.Reason + K]);
    --I;
  }
  Learned.clear();
  Lit C;
  complement(P, Need[Uip], C);
  Learned.push_back(C);
  BackLevel = 0;
  for (int E : Lower)
    if (Marked[E]) {
      complement(P, Need[E], C);
      Learned.push_back(C);
      BackLevel = std::max(BackLevel, Trail[E].Level);
      Activity[Need[E].Var] += Bump;
    }
  Activity[Need[Uip].Var] += Bump;
  Bump *= 1.05;
  if (Bump > 1e100) {
    for (double &A : Activity)
      A *= 1e-100;
    Bump *= 1e-100;
  }
}

void Solver::backtrack(unsigned Level) {
  if (Level >= level())
    return;
  size_t To = Lim[Level];
  for (size_t I = Trail.size(); I-- > To;) {
    const Entry &E = Trail[I];
    uint32_t V = E.L.Var;
    if (isSingle(P.Nodes[V].S, D[V])) {
      Phase[V] = value(V);
      HasPhase[V] = 1;
    }
    switch (E.L.K) {
    case Bound::UGe:
      D[V].ULo = E.Prev;
      break;
    case Bound::ULe:
      D[V].UHi = E.Prev;
      break;
    case Bound::SGe:
      D[V].SLo = int64_t(E.Prev);
      break;
    case Bound::SLe:
      D[V].SHi = int64_t(E.Prev);
      break;
    case Bound::Bit0:
      D[V].Zeros = E.Prev;
      break;
    case Bound::Bit1:
      D[V].Ones = E.Prev;
      break;
    }
    last(E.L) = E.PrevEntry;
  }
  Pool.resize(Trail[To].PoolMark);
  Trail.resize(To);
  Lim.resize(Level);
  for (uint32_t Q : Queue)
    InQueue[Q] = 0;
  Queue.clear();
}

void Solver::learn(const std::vector<Lit> &Lits, unsigned Level) {
  backtrack(Level);
  Clause C;
  C.Lits = Lits;
  for (const Lit &L : Lits) {
    Lit Comp;
    bool Ok = complement(P, L, Comp);
    assert(Ok && "a learned literal is a complement, which has one");
    (void)Ok;
    C.Comps.push_back(Comp);
  }
  uint32_t Id = uint32_t(P.Nodes.size() + Clauses.size());
  Clauses.push_back(std::move(C));
  for (const Lit &L : Lits)
    if (Occ[L.Var].empty() || Occ[L.Var].back() != Id)
      Occ[L.Var].push_back(Id);
  St.Learned++;
  enqueue(Id);
}

bool Solver::pickDecision(Lit &L) {
  int Best = -1;
  for (size_t I = 0; I < P.Nodes.size(); ++I) {
    if (Class[I] > 3 || isSingle(P.Nodes[I].S, D[I]))
      continue;
    if (Best < 0 || Class[I] < Class[Best] ||
        (Class[I] == Class[Best] && Activity[I] > Activity[Best]))
      Best = int(I);
  }
  if (Best < 0)
    return false;
  const Node &N = P.Nodes[Best];
  const Box &B = D[Best];
  uint32_t V = uint32_t(Best);
  if (N.S == Sort::Int) {
    // bmc's integers are clocks: the earliest one left is tried first
    // (its complement, learned on a conflict, moves the bound up).
    L = Lit{V, Bound::SLe, uint64_t(B.SLo)};
    return true;
  }
  if (O.BitDecisions && N.S == Sort::BV) {
    // The lowest unknown bit, to the saved phase's value (else 0).
    uint64_t Unknown = umax(N.W) & ~(B.Zeros | B.Ones);
    if (Unknown) {
      uint64_t I = uint64_t(__builtin_ctzll(Unknown));
      bool One = HasPhase[V] && ((Phase[V] >> I) & 1);
      L = Lit{V, One ? Bound::Bit1 : Bound::Bit0, I};
      return true;
    }
  }
  uint64_t Mid = B.ULo + (B.UHi - B.ULo) / 2;
  bool Up = HasPhase[V] && Phase[V] > Mid;
  L = Up ? Lit{V, Bound::UGe, Mid + 1} : Lit{V, Bound::ULe, Mid};
  return true;
}

Answer Solver::solve() {
  if (!start()) {
    trace("conflict at level 0: unsat");
    return Answer::Unsat;
  }
  uint64_t RestartNo = 0, Budget = O.LubyUnit * luby(0), SinceRestart = 0;
  uint64_t Steps = 0;
  while (true) {
    if ((++Steps & 63) == 0 && O.Stop && O.Stop())
      return Answer::Unknown;
    if (!propagate()) {
      St.Conflicts++;
      trace("conflict @" + std::to_string(level()) + " in " + ConflictAt);
      if (level() == 0) {
        trace("conflict at level 0: unsat");
        return Answer::Unsat;
      }
      std::vector<Lit> Learned;
      unsigned Back = 0;
      analyze(Learned, Back);
      if (O.Trace) {
        std::string S = "learn (";
        for (size_t I = 0; I < Learned.size(); ++I)
          S += (I ? " | " : "") + show(P, Learned[I]);
        trace(S + "), backjump to " + std::to_string(Back));
      }
      learn(Learned, Back);
      if (O.Restarts && ++SinceRestart >= Budget) {
        St.Restarts++;
        trace("restart");
        backtrack(0);
        for (uint32_t K = 0; K < Clauses.size(); ++K)
          enqueue(uint32_t(P.Nodes.size()) + K);
        SinceRestart = 0;
        Budget = O.LubyUnit * luby(++RestartNo);
      }
      continue;
    }
    Lit L;
    if (!pickDecision(L)) {
      // A propagation budget may have left work undone, or a backjump
      // dropped it: every transformer runs once more before Sat.
      uint64_t Before = St.Propagations;
      for (uint32_t C = 0; C < P.Nodes.size() + Clauses.size(); ++C)
        enqueue(C);
      bool Ok = true;
      while (Ok && !Queue.empty())
        Ok = propagate();
      if (!Ok) {
        PendingConflict = true;
        continue;
      }
      if (St.Propagations != Before)
        continue;
      trace("every node has one value: sat");
      return Answer::Sat;
    }
    decide(L);
  }
}

} // namespace vcdpor::bmc::acdlp
