//===- bmc/SymExec.cpp - Bounded symbolic execution of every thread -------===//
//
// Each thread's start routine is unrolled into a DAG of block instances: a
// block together with the iteration of every loop that contains it. Loops
// run at most Unroll iterations; an edge that would start one more becomes a
// Cut event (the bound was reached). Block instances are executed in
// topological order; the states reaching one are merged (guards or-ed,
// registers chosen by ite), so the formula grows with the unrolled program,
// not with its paths. Calls are inlined, recursion bounded the same way.
// Registers hold 64-bit vectors exactly as the interpreter's slots hold
// values: integers zero-extended, pointers as (object << 32 | offset).
//
//===----------------------------------------------------------------------===//
#include "bmc/SymExec.h"

#include <algorithm>
#include <map>
#include <memory>

namespace vcdpor::bmc {

bool isPseudo(SymKind K) {
  return K == SymKind::Check || K == SymKind::Assume || K == SymKind::Cut ||
         K == SymKind::ThreadEnd || K == SymKind::AtomicEnd;
}

const char *symKindName(SymKind K) {
  static const char *Names[] = {"read",  "write", "rmw",    "lock",
                                "unlock", "trylock", "create", "join",
                                "nondet", "exit",  "free",   "atomic-begin",
                                "cond-wait", "cond-reacquire", "signal",
                                "broadcast",
                                "check", "assume", "cut",    "thread-end",
                                "atomic-end", "frame-end"};
  return Names[unsigned(K)];
}

namespace {

/// What an instruction bmc does not model is, in a user's words.
const char *unmodelled(Op O) {
  switch (O) {
  case Op::FAdd: case Op::FSub: case Op::FMul: case Op::FDiv: case Op::FRem:
  case Op::FNeg: case Op::FCmp: case Op::FPTrunc: case Op::FPExt:
  case Op::FPToUI: case Op::FPToSI: case Op::UIToFP: case Op::SIToFP:
  case Op::FAbs: case Op::FSqrt: case Op::FMin: case Op::FMax:
  case Op::FCopySign: case Op::FFloor: case Op::FCeil: case Op::FTrunc:
  case Op::FRound: case Op::FFma:
    return "floating-point arithmetic";
  case Op::MemCpy: return "memcpy (a block copy)";
  case Op::MemMove: return "memmove (a block copy)";
  case Op::MemSet: return "memset (a block fill)";
  case Op::StackSave:
  case Op::StackRestore:
    return "stack save/restore (a variable-length array)";
  default:
    return "an instruction";
  }
}


/// Whether any instruction, call, phi copy or return of F reads register
/// R (main's argv: bmc passes none).
bool readsRegister(const Function &F, Operand R) {
  for (const Inst &I : F.Insts)
    if (I.A == R || I.B == R || I.C == R)
      return true;
  for (const CallInfo &CI : F.Calls)
    if (CI.Target == R ||
        std::find(CI.Args.begin(), CI.Args.end(), R) != CI.Args.end())
      return true;
  for (const Move &M : F.Moves)
    if (M.Src == R)
      return true;
  for (const GepInfo &G : F.Geps)
    for (const GepIndex &X : G.Indices)
      if (X.Idx == R)
        return true;
  for (const auto &Ops : F.Rets)
    if (std::find(Ops.begin(), Ops.end(), R) != Ops.end())
      return true;
  return false;
}

} // namespace

const LoopShape &SymExec::shape(uint32_t Fn) {
  auto &Slot = Shapes[Fn];
  if (Slot)
    return *Slot;
  const Function &F = P.Functions[Fn];
  auto S = std::make_unique<LoopShape>();
  size_t NB = F.BlockStart.size();
  S->BlockLoops.resize(NB);
  S->BlockEnd.resize(NB);
  for (size_t B = 0; B < NB; ++B)
    S->BlockEnd[B] = B + 1 < NB ? F.BlockStart[B + 1] : F.Insts.size();
  // Predecessors, and the latches of each loop (sources of its backedges).
  std::vector<std::vector<uint32_t>> Preds(NB);
  std::vector<std::vector<uint32_t>> Latches(F.Loops.size());
  auto EdgesOf = [&](const Inst &T, std::vector<uint32_t> &Out) {
    if (T.Opc == Op::Br)
      Out.push_back(T.Aux);
    else if (T.Opc == Op::CondBr) {
      Out.push_back(T.Aux);
      Out.push_back(uint32_t(T.Imm));
    } else if (T.Opc == Op::Switch) {
      const SwitchInfo &SI = F.Switches[T.Aux];
      Out.push_back(SI.DefaultEdge);
      for (auto &Cs : SI.Cases)
        Out.push_back(Cs.second);
    }
  };
  for (size_t B = 0; B < NB; ++B) {
    if (S->BlockEnd[B] == F.BlockStart[B])
      continue;
    std::vector<uint32_t> Es;
    EdgesOf(F.Insts[S->BlockEnd[B] - 1], Es);
    for (uint32_t E : Es) {
      const Edge &Ed = F.Edges[E];
      size_t T = F.blockOf(Ed.Target);
      Preds[T].push_back(B);
      if (Ed.Backedge && Ed.Loop >= 0)
        Latches[Ed.Loop].push_back(B);
    }
  }
  // Natural loops: the header and whatever reaches a latch without it.
  for (size_t L = 0; L < F.Loops.size(); ++L) {
    size_t H = F.blockOf(F.Loops[L].Header);
    std::vector<uint8_t> In(NB, 0);
    In[H] = 1;
    std::vector<size_t> Work(Latches[L].begin(), Latches[L].end());
    while (!Work.empty()) {
      size_t B = Work.back();
      Work.pop_back();
      if (In[B])
        continue;
      In[B] = 1;
      for (uint32_t Pd : Preds[B])
        Work.push_back(Pd);
    }
    for (size_t B = 0; B < NB; ++B)
      if (In[B])
        S->BlockLoops[B].push_back(int(L));
  }
  Slot = std::move(S);
  return *Slot;
}

unsigned SymExec::emit(SymKind Kind, const z3::expr &G, uint32_t Loc) {
  SymEvent E(C);
  E.Kind = Kind;
  E.Thread = Cur;
  E.Guard = G;
  E.Clock = C.int_const(("c!" + std::to_string(O.Events.size())).c_str());
  E.SrcLoc = Loc;
  E.InAtomic = AtomicDepth > 0;
  O.Events.push_back(E);
  O.Threads[Cur].Events.push_back(O.Events.size() - 1);
  return O.Events.size() - 1;
}

FnResult SymExec::execFunction(uint32_t Fn, const std::vector<z3::expr> &Args,
                               z3::expr G) {
  const Function &F = P.Functions[Fn];
  if (F.Insts.empty())
    throw Unsupported{F.Name + ": called but not defined"};
  if (F.VarArg)
    throw Unsupported{F.Name + ": variadic functions are not modelled"};
  for (uint32_t B : F.Byval)
    if (B)
      throw Unsupported{F.Name + ": by-value aggregate parameters are not "
                                 "modelled"};
  FnResult Res{C.bool_val(false), {}};
  unsigned Depth = 0;
  for (uint32_t X : CallStack)
    Depth += X == Fn;
  if (Depth > K) {
    unsigned E = emit(SymKind::Cut, G, 0);
    O.Events[E].Message = "recursion depth of " + F.Name;
    return Res;
  }
  CallStack.push_back(Fn);
  const LoopShape &LS = shape(Fn);

  // The unrolled DAG of block instances, generated from the entry.
  struct Node {
    uint32_t Block;
    std::vector<uint16_t> Iters; ///< per loop in BlockLoops[Block]
    unsigned Preds = 0;
    std::vector<PathState> In;
  };
  std::vector<Node> Nodes;
  std::map<std::pair<uint32_t, std::vector<uint16_t>>, unsigned> Index;
  // Successor of (node, edge): node index, or -1 for a cut.
  std::map<std::pair<unsigned, uint32_t>, int> Succ;
  auto nodeFor = [&](uint32_t Block, std::vector<uint16_t> It) -> unsigned {
    auto Key = std::make_pair(Block, It);
    auto [Pos, New] = Index.try_emplace(Key, Nodes.size());
    if (New)
      Nodes.push_back(Node{Block, std::move(It), 0, {}});
    return Pos->second;
  };
  auto edgesOf = [&](const Inst &T) {
    std::vector<uint32_t> Es;
    if (T.Opc == Op::Br)
      Es.push_back(T.Aux);
    else if (T.Opc == Op::CondBr)
      Es = {T.Aux, uint32_t(T.Imm)};
    else if (T.Opc == Op::Switch) {
      Es.push_back(F.Switches[T.Aux].DefaultEdge);
      for (auto &Cs : F.Switches[T.Aux].Cases)
        Es.push_back(Cs.second);
    }
    return Es;
  };
  nodeFor(0, {});
  constexpr size_t MaxNodes = 200000;
  for (size_t N = 0; N < Nodes.size(); ++N) {
    if (Nodes.size() > MaxNodes)
      throw Unsupported{F.Name + ": more than " + std::to_string(MaxNodes) +
                        " unrolled blocks (lower --unroll)"};
    uint32_t B = Nodes[N].Block;
    const Inst &T = F.Insts[LS.BlockEnd[B] - 1];
    for (uint32_t E : edgesOf(T)) {
      if (Succ.count({unsigned(N), E}))
        continue;
      const Edge &Ed = F.Edges[E];
      uint32_t TB = F.blockOf(Ed.Target);
      std::vector<uint16_t> It;
      bool Cut = false;
      const std::vector<int> &From = LS.BlockLoops[B];
      for (int L : LS.BlockLoops[TB]) {
        auto Pos = std::find(From.begin(), From.end(), L);
        uint16_t X = 0;
        if (Pos != From.end()) {
          X = Nodes[N].Iters[Pos - From.begin()];
          if (Ed.Backedge && Ed.Loop == L)
            ++X;
        }
        if (X >= K)
          Cut = true;
        It.push_back(X);
      }
      int Target = Cut ? -1 : int(nodeFor(TB, It));
      Succ[{unsigned(N), E}] = Target;
      if (Target >= 0)
        Nodes[Target].Preds++;
    }
  }
  // Kahn's order: a node runs once every predecessor instance has.
  std::vector<unsigned> Ready{0};
  std::vector<unsigned> Left(Nodes.size());
  for (size_t N = 0; N < Nodes.size(); ++N)
    Left[N] = Nodes[N].Preds;
  Nodes[0].In.push_back(PathState{G, {}});
  Nodes[0].In[0].R.assign(F.NumRegs, bv(0));
  for (size_t K2 = 0; K2 < Args.size() && K2 < F.NumRegs; ++K2)
    Nodes[0].In[0].R[K2] = Args[K2];
  std::vector<unsigned> FrameObjs;
  std::vector<PathState> Returns;
  size_t Done = 0;
  while (!Ready.empty()) {
    unsigned N = Ready.back();
    Ready.pop_back();
    ++Done;
    Node &Nd = Nodes[N];
    // Merge the incoming states.
    PathState S{C.bool_val(false), {}};
    std::vector<PathState> In = std::move(Nd.In);
    Nd.In.clear();
    if (!In.empty()) {
      S = In[0];
      for (size_t X = 1; X < In.size(); ++X) {
        for (size_t Rg = 0; Rg < S.R.size(); ++Rg)
          if (!z3::eq(S.R[Rg], In[X].R[Rg]))
            S.R[Rg] = z3::ite(In[X].G, In[X].R[Rg], S.R[Rg]);
        S.G = S.G || In[X].G;
      }
      S.G = S.G.simplify();
    }
    auto Release = [&](unsigned Target, PathState St) {
      if (!St.G.is_false())
        Nodes[Target].In.push_back(std::move(St));
      if (--Left[Target] == 0)
        Ready.push_back(Target);
    };
    uint32_t B = Nd.Block;
    bool Live = !S.G.is_false() && !In.empty();
    uint32_t Pc = F.BlockStart[B];
    for (; Live && Pc + 1 < LS.BlockEnd[B]; ++Pc) {
      execInst(F, F.Insts[Pc], S, FrameObjs);
      S.G = S.G.simplify();
      Live = !S.G.is_false();
    }
    const Inst &T = F.Insts[LS.BlockEnd[B] - 1];
    auto take = [&](uint32_t E, const z3::expr &Cond) {
      int Target = Succ[{N, E}];
      if (!Live) {
        if (Target >= 0)
          Release(Target, PathState{C.bool_val(false), {}});
        return;
      }
      PathState Out{(S.G && Cond).simplify(), S.R};
      const Edge &Ed = F.Edges[E];
      std::vector<z3::expr> Vals;
      for (uint32_t M = Ed.MovesBegin; M < Ed.MovesEnd; ++M)
        Vals.push_back(operand(F, S, F.Moves[M].Src));
      for (uint32_t M = Ed.MovesBegin; M < Ed.MovesEnd; ++M)
        Out.R[F.Moves[M].Dst] = Vals[M - Ed.MovesBegin];
      if (Target < 0) {
        if (!Out.G.is_false()) {
          unsigned Ev = emit(SymKind::Cut, Out.G, T.Loc);
          O.Events[Ev].Message = "loop bound in " + F.Name;
        }
        return;
      }
      Release(Target, std::move(Out));
    };
    switch (T.Opc) {
    case Op::Br:
      take(T.Aux, C.bool_val(true));
      break;
    case Op::CondBr: {
      z3::expr Cond = Live ? operand(F, S, T.A).extract(0, 0) == bv(1, 1)
                           : C.bool_val(false);
      take(T.Aux, Cond);
      take(uint32_t(T.Imm), !Cond);
      break;
    }
    case Op::Switch: {
      const SwitchInfo &SI = F.Switches[T.Aux];
      z3::expr X = Live ? low(operand(F, S, T.A), SI.Width) : bv(0, SI.Width);
      z3::expr None = C.bool_val(true);
      for (auto &[V, E] : SI.Cases) {
        z3::expr Hit = X == C.bv_val(V, SI.Width);
        take(E, Hit);
        None = None && !Hit;
      }
      take(SI.DefaultEdge, None);
      break;
    }
    default:
      if (Live)
        execInst(F, T, S, FrameObjs);
      if (Live && T.Opc == Op::Ret && !S.G.is_false())
        Returns.push_back(S);
      break;
    }
  }
  if (Done != Nodes.size())
    throw Unsupported{F.Name + ": irreducible control flow"};
  // Merge the returns.
  if (!Returns.empty()) {
    Res.G = Returns[0].G;
    const Inst *RetInst = nullptr;
    for (uint32_t Pc = 0; Pc < F.Insts.size(); ++Pc)
      if (F.Insts[Pc].Opc == Op::Ret)
        RetInst = &F.Insts[Pc];
    // Return values were stashed by execInst in the state's extra slots.
    for (uint32_t V = 0; V < F.RetCount; ++V)
      Res.Vals.push_back(Returns[0].R[F.NumRegs + V]);
    for (size_t X = 1; X < Returns.size(); ++X) {
      for (uint32_t V = 0; V < F.RetCount; ++V)
        Res.Vals[V] = z3::ite(Returns[X].G, Returns[X].R[F.NumRegs + V],
                              Res.Vals[V]);
      Res.G = Res.G || Returns[X].G;
    }
    Res.G = Res.G.simplify();
    // The frame's stack objects die as it returns.
    if (!FrameObjs.empty()) {
      unsigned E = emit(SymKind::FrameEnd, Res.G, RetInst ? RetInst->Loc : 0);
      for (unsigned Ob : FrameObjs)
        O.Objects[Ob].DeathEvent = int(E);
    }
  } else {
    for (uint32_t V = 0; V < F.RetCount; ++V)
      Res.Vals.push_back(bv(0));
  }
  CallStack.pop_back();
  return Res;
}

void SymExec::execInst(const Function &F, const Inst &I, PathState &S,
                       std::vector<unsigned> &FrameObjs) {
  auto V = [&](Operand Op) { return operand(F, S, Op); };
  auto Set = [&](const z3::expr &X) { S.R[I.Dst] = widen(X).simplify(); };
  unsigned W = I.W;
  if ((I.Opc == Op::Load || I.Opc == Op::Store || I.Opc == Op::Cmpxchg ||
       I.Opc == Op::AtomicRmw) &&
      I.Size > 8)
    refuse(F, I, "memory access of more than 8 bytes");
  switch (I.Opc) {
  case Op::Add: Set(low(V(I.A), W) + low(V(I.B), W)); return;
  case Op::Sub: Set(low(V(I.A), W) - low(V(I.B), W)); return;
  case Op::Mul: Set(low(V(I.A), W) * low(V(I.B), W)); return;
  case Op::And: Set(low(V(I.A), W) & low(V(I.B), W)); return;
  case Op::Or: Set(low(V(I.A), W) | low(V(I.B), W)); return;
  case Op::Xor: Set(low(V(I.A), W) ^ low(V(I.B), W)); return;
  case Op::Shl: Set(z3::shl(low(V(I.A), W), low(V(I.B), W))); return;
  case Op::LShr: Set(z3::lshr(low(V(I.A), W), low(V(I.B), W))); return;
  case Op::AShr: Set(z3::ashr(low(V(I.A), W), low(V(I.B), W))); return;
  case Op::UDiv: case Op::URem: case Op::SDiv: case Op::SRem: {
    z3::expr A = low(V(I.A), W), B = low(V(I.B), W);
    z3::expr Zero = B == bv(0, W);
    check(S.G, Zero, FindingKind::Arithmetic, "division by zero", I.Loc);
    if (I.Opc == Op::SDiv) {
      z3::expr Min = bv(W >= 64 ? uint64_t(1) << 63 : uint64_t(1) << (W - 1), W);
      check(S.G, A == Min && B == bv(~uint64_t(0), W),
            FindingKind::Arithmetic, "signed division overflow", I.Loc);
    }
    S.G = S.G && !Zero;
    Set(I.Opc == Op::UDiv   ? z3::udiv(A, B)
        : I.Opc == Op::URem ? z3::urem(A, B)
        : I.Opc == Op::SDiv ? A / B
                            : z3::srem(A, B));
    return;
  }
  case Op::ICmp: {
    z3::expr A = low(V(I.A), W), B = low(V(I.B), W), R = C.bool_val(false);
    switch (IPred(I.Sub)) {
    case IPred::Eq: R = A == B; break;
    case IPred::Ne: R = A != B; break;
    case IPred::Ugt: R = z3::ugt(A, B); break;
    case IPred::Uge: R = z3::uge(A, B); break;
    case IPred::Ult: R = z3::ult(A, B); break;
    case IPred::Ule: R = z3::ule(A, B); break;
    case IPred::Sgt: R = A > B; break;
    case IPred::Sge: R = A >= B; break;
    case IPred::Slt: R = A < B; break;
    case IPred::Sle: R = A <= B; break;
    }
    Set(boolBv(R));
    return;
  }
  case Op::Trunc: Set(low(V(I.A), W)); return;
  // ILP32: integers made of pointers are their addresses (SymFlat.cpp).
  case Op::PtrToInt:
    Set(low(P.Ptr32 ? widen(flat(V(I.A))) : V(I.A), W));
    return;
  case Op::IntToPtr: Set(fromMemory(V(I.A))); return;
  case Op::ZExt: case Op::Copy: Set(V(I.A)); return;
  case Op::SExt: Set(low(sextTo64(V(I.A), I.W2), W)); return;
  case Op::Select:
    Set(z3::ite(V(I.A).extract(0, 0) == bv(1, 1), V(I.B), V(I.C)));
    return;
  case Op::Gep: {
    const GepInfo &G = F.Geps[I.Aux];
    z3::expr Base = V(I.A);
    z3::expr Off = z3::sext(Base.extract(31, 0), 32) + bv(uint64_t(G.Offset));
    for (const GepIndex &X : G.Indices)
      Off = Off + sextTo64(V(X.Idx), X.Width) * bv(uint64_t(X.Scale));
    z3::expr In = Off >= bv(uint64_t(int64_t(INT32_MIN))) &&
                  Off <= bv(uint64_t(INT32_MAX));
    Set(z3::ite(In, z3::concat(Base.extract(63, 32), Off.extract(31, 0)),
                bv(makePtr(WildObjectId, 0))));
    return;
  }
  case Op::Alloca: {
    z3::expr N = I.B == NoOperand ? bv(1) : widen(low(V(I.B), I.W2));
    std::string Name =
        I.Aux < P.SiteNames.size() ? P.SiteNames[I.Aux] : F.Name + ".alloca";
    unsigned Ob = newObject(ObjKind::Stack, (bv(I.Imm) * N).simplify(), Name);
    FrameObjs.push_back(Ob);
    Set(bv(makePtr(O.Objects[Ob].Id, 0)));
    return;
  }
  case Op::TlsAddr: {
    // This thread's copy of global Imm, made at the first use on any path
    // (an object that no path uses is never accessed).
    auto Key = std::make_pair(Cur, uint32_t(I.Imm));
    auto It = TlsCopies.find(Key);
    if (It == TlsCopies.end()) {
      const Global &Gl = P.Globals[I.Imm];
      unsigned Ob = newObject(ObjKind::ThreadLocal, bv(Gl.Size),
                              Gl.Name + "@" + std::to_string(Cur));
      uint64_t Base = makePtr(O.Objects[Ob].Id, 0);
      for (uint32_t B = 0; B < Gl.Init.size(); ++B)
        if (Gl.Init[B])
          O.InitBytes.push_back({Base + B, Gl.Init[B]});
      It = TlsCopies.emplace(Key, Ob).first;
    }
    Set(bv(makePtr(O.Objects[It->second].Id, 0)));
    return;
  }
  case Op::Load: {
    unsigned E = access(SymKind::Read, S.G, V(I.A), I.Size, I.Loc);
    O.Events[E].Atomic = (I.Sub & 1) != 0; // bit 1: a pointer is loaded
    z3::expr X = O.Events[E].RVal;
    if (I.Sub & 2)
      Set(fromMemory(widen(X)));
    else
      Set(W < 8 * I.Size ? low(X, W) : X);
    return;
  }
  case Op::Store: {
    z3::expr X = (I.Sub & 1) ? toMemory(V(I.B), S.G, I.Loc) : V(I.B);
    unsigned E = access(SymKind::Write, S.G, V(I.A), I.Size, I.Loc);
    O.Events[E].WVal = low(widen(X), 8 * I.Size);
    O.Events[E].Atomic = (I.Sub & 2) != 0; // bit 0: a pointer is stored
    return;
  }
  case Op::Cmpxchg: {
    // Memory's form of the operands (ILP32: pointers as addresses).
    z3::expr Exp = I.Sub ? toMemory(V(I.B), S.G, I.Loc) : V(I.B);
    z3::expr New = I.Sub ? toMemory(V(I.C), S.G, I.Loc) : V(I.C);
    unsigned E = access(SymKind::Rmw, S.G, V(I.A), I.Size, I.Loc);
    z3::expr Old = O.Events[E].RVal;
    unsigned Bits = 8 * I.Size;
    z3::expr Ok = Old == low(widen(Exp), Bits);
    // A failed cmpxchg writes back what it read: the same values for every
    // read, and the event stays atomic.
    O.Events[E].WVal = z3::ite(Ok, low(widen(New), Bits), Old);
    O.Events[E].Wrote = Ok;
    O.Events[E].Atomic = true;
    S.R[I.Dst] = I.Sub ? fromMemory(widen(Old)) : widen(Old);
    S.R[I.Dst + 1] = boolBv(Ok);
    return;
  }
  case Op::AtomicRmw: {
    // Only an exchange takes a pointer operand (ILP32: its address).
    z3::expr Arg = I.Imm ? toMemory(V(I.B), S.G, I.Loc) : V(I.B);
    unsigned E = access(SymKind::Rmw, S.G, V(I.A), I.Size, I.Loc);
    O.Events[E].Atomic = true;
    unsigned Bits = 8 * I.Size;
    z3::expr Old = O.Events[E].RVal, X = low(widen(Arg), Bits), New = Old;
    switch (RmwOp(I.Sub)) {
    case RmwOp::Xchg: New = X; break;
    case RmwOp::Add: New = Old + X; break;
    case RmwOp::Sub: New = Old - X; break;
    case RmwOp::And: New = Old & X; break;
    case RmwOp::Nand: New = ~(Old & X); break;
    case RmwOp::Or: New = Old | X; break;
    case RmwOp::Xor: New = Old ^ X; break;
    case RmwOp::Max: New = z3::ite(Old > X, Old, X); break;
    case RmwOp::Min: New = z3::ite(Old < X, Old, X); break;
    case RmwOp::UMax: New = z3::ite(z3::ugt(Old, X), Old, X); break;
    case RmwOp::UMin: New = z3::ite(z3::ult(Old, X), Old, X); break;
    default: refuse(F, I, "floating-point atomicrmw");
    }
    O.Events[E].WVal = New;
    S.R[I.Dst] = I.Imm ? fromMemory(widen(Old)) : widen(Old);
    return;
  }
  case Op::Ret: {
    const std::vector<Operand> &Ops = F.Rets[I.Aux];
    S.R.resize(F.NumRegs + F.RetCount, bv(0));
    for (uint32_t X = 0; X < F.RetCount && X < Ops.size(); ++X)
      S.R[F.NumRegs + X] = V(Ops[X]);
    return;
  }
  case Op::Call:
    execCall(F, I, S, FrameObjs);
    return;
  case Op::Unreachable:
    check(S.G, C.bool_val(true), FindingKind::Trap,
          "reached 'unreachable' (undefined behaviour)", I.Loc);
    S.G = C.bool_val(false);
    return;
  case Op::Trap:
    check(S.G, C.bool_val(true), FindingKind::Trap, "llvm.trap executed",
          I.Loc);
    S.G = C.bool_val(false);
    return;
  case Op::Ctpop: case Op::Ctlz: case Op::Cttz: {
    // As interpreter/ExecOps.cpp: a count of bits, W for zero (ctlz, cttz).
    z3::expr A = low(V(I.A), W), R = bv(I.Opc == Op::Ctpop ? 0 : W, W);
    auto Bit = [&](unsigned B) { return A.extract(B, B) == C.bv_val(1, 1); };
    for (unsigned B = 0; B < W; ++B) {
      if (I.Opc == Op::Ctpop)
        R = R + z3::zext(A.extract(B, B), W - 1);
      else if (I.Opc == Op::Ctlz)
        R = z3::ite(Bit(B), bv(W - 1 - B, W), R); // the highest set bit wins
      else
        R = z3::ite(Bit(W - 1 - B), bv(W - 1 - B, W), R); // the lowest wins
    }
    Set(R);
    return;
  }
  case Op::Bswap: {
    z3::expr A = low(V(I.A), W), R = A.extract(7, 0);
    for (unsigned K = 1; K < W / 8; ++K)
      R = z3::concat(R, A.extract(8 * K + 7, 8 * K));
    Set(R);
    return;
  }
  case Op::Fshl: case Op::Fshr: {
    // Funnel shifts of A:B by C modulo W; a shift by 0 returns A (fshl) or
    // B (fshr), as the interpreter.
    z3::expr A = low(V(I.A), W), B = low(V(I.B), W);
    z3::expr Sh = z3::urem(low(V(I.C), W), bv(W, W));
    z3::expr Back = bv(W, W) - Sh;
    Set(I.Opc == Op::Fshl
            ? z3::ite(Sh == bv(0, W), A, z3::shl(A, Sh) | z3::lshr(B, Back))
            : z3::ite(Sh == bv(0, W), B, z3::shl(A, Back) | z3::lshr(B, Sh)));
    return;
  }
  case Op::Abs: {
    z3::expr A = low(V(I.A), W);
    Set(z3::ite(A < bv(0, W), -A, A));
    return;
  }
  case Op::SMin: case Op::SMax: case Op::UMin: case Op::UMax: {
    z3::expr A = low(V(I.A), W), B = low(V(I.B), W);
    z3::expr Less = I.Opc == Op::SMin || I.Opc == Op::SMax ? A < B
                                                           : z3::ult(A, B);
    bool Min = I.Opc == Op::SMin || I.Opc == Op::UMin;
    Set(z3::ite(Less, Min ? A : B, Min ? B : A));
    return;
  }
  case Op::AddOvf: case Op::SubOvf: case Op::MulOvf: {
    z3::expr A = low(V(I.A), W), B = low(V(I.B), W);
    bool Signed = I.Sub;
    z3::expr XA = Signed ? z3::sext(A, W) : z3::zext(A, W);
    z3::expr XB = Signed ? z3::sext(B, W) : z3::zext(B, W);
    z3::expr R = I.Opc == Op::AddOvf   ? XA + XB
                 : I.Opc == Op::SubOvf ? XA - XB
                                       : XA * XB;
    z3::expr Narrow = R.extract(W - 1, 0);
    z3::expr Back = Signed ? z3::sext(Narrow, W) : z3::zext(Narrow, W);
    S.R[I.Dst] = widen(Narrow);
    S.R[I.Dst + 1] = boolBv(Back != R);
    return;
  }
  case Op::LifetimeStart:
  case Op::LifetimeEnd:
    return;
  default:
    break;
  }
  refuse(F, I, std::string(unmodelled(I.Opc)) + ", which bmc does not model");
}

void SymExec::execCall(const Function &F, const Inst &I, PathState &S,
                       std::vector<unsigned> &FrameObjs) {
  (void)FrameObjs;
  const CallInfo &CI = F.Calls[I.Aux];
  std::vector<z3::expr> Args;
  for (Operand A : CI.Args)
    Args.push_back(operand(F, S, A));
  int32_t Callee = CI.Callee;
  Builtin Ext = CI.Ext;
  if (CI.Target != NoOperand) {
    z3::expr T = operand(F, S, CI.Target).simplify();
    uint64_t FP;
    if (!T.is_numeral_u64(FP))
      refuse(F, I, "call through a function pointer that is not a constant");
    uint32_t Id = ptrObj(FP);
    if (ptrOff(FP) || Id < FunctionIdBase || (Id & DynamicIdBit) ||
        Id - FunctionIdBase >= P.Functions.size())
      refuse(F, I, "call through an invalid function pointer");
    const Function &Tgt = P.Functions[Id - FunctionIdBase];
    if (Tgt.Insts.empty()) {
      Ext = Tgt.Ext;
      Callee = -1;
    } else
      Callee = Id - FunctionIdBase;
  }
  if (Callee < 0) {
    execBuiltin(F, I, CI, Ext, Args, S);
    return;
  }
  bool Atomic = CI.AtomicFn || P.Functions[Callee].AtomicFn;
  if (Atomic && AtomicDepth++ == 0) {
    unsigned E = emit(SymKind::AtomicBegin, S.G, I.Loc);
    O.Events[E].InAtomic = true;
    OpenSection = O.Sections.size();
    O.Sections.push_back({E, -1});
  }
  FnResult R = execFunction(Callee, Args, S.G);
  S.G = R.G;
  for (uint32_t X = 0; X < CI.DstCount && X < R.Vals.size(); ++X)
    S.R[CI.Dst + X] = R.Vals[X];
  if (Atomic && --AtomicDepth == 0) {
    unsigned E = emit(SymKind::AtomicEnd, S.G, I.Loc);
    O.Sections[OpenSection].second = int(E);
    OpenSection = -1;
  }
}

void SymExec::run() {
  if (P.Main < 0)
    throw Unsupported{"no main function"};
  // Initial memory: the globals' initialisers.
  for (size_t G = 0; G < P.Globals.size(); ++G) {
    const Global &Gl = P.Globals[G];
    SymObject Ob(C);
    Ob.Kind = ObjKind::Global;
    Ob.Id = FirstGlobalId + G;
    Ob.Size = bv(Gl.Size);
    Ob.ReadOnly = Gl.ReadOnly;
    Ob.Name = Gl.Name;
    O.Objects.push_back(Ob);
    // A thread-local global is only used through its threads' copies; no
    // event reads an Unaccessed one (assertion messages): a deep store
    // chain of initial bytes under symbolic read addresses costs Z3 an
    // axiom per store and address.
    for (uint32_t B = 0;
         B < Gl.Init.size() && !Gl.ThreadLocal && !Gl.Unaccessed; ++B)
      if (Gl.Init[B])
        O.InitBytes.push_back({globalPtr(G) + B, Gl.Init[B]});
  }
  SymThread Main(C);
  Main.Function = P.Main;
  O.Threads.push_back(Main);
  // Threads are built in creation order; a thread's children are appended
  // as its start routine runs.
  for (Cur = 0; Cur < O.Threads.size(); ++Cur) {
    SymThread &T = O.Threads[Cur];
    z3::expr G = T.CreateEvent < 0 ? C.bool_val(true)
                                   : O.Events[T.CreateEvent].Guard;
    std::vector<z3::expr> Args;
    const Function &F = P.Functions[T.Function];
    if (Cur > 0) {
      Args.push_back(T.Arg);
    } else {
      // main(argc, argv): argc 1 and a null argv are enough for programs
      // that do not read their arguments.
      for (uint32_t X = 0; X < F.NumParams; ++X)
        Args.push_back(bv(X == 0 ? 1 : 0));
      for (uint32_t X = 1; X < F.NumParams; ++X)
        if (readsRegister(F, X))
          throw Unsupported{"main reads argv, which bmc does not model"};
    }
    ThreadExits.clear();
    AtomicDepth = 0;
    CallStack.clear();
    FnResult R = execFunction(T.Function, Args, G);
    z3::expr EndG = R.G;
    z3::expr Val = R.Vals.empty() ? bv(0) : R.Vals[0];
    for (auto &[XG, XV] : ThreadExits) {
      Val = z3::ite(XG, XV, Val);
      EndG = EndG || XG;
    }
    unsigned E = emit(SymKind::ThreadEnd, EndG.simplify(), 0);
    O.Threads[Cur].EndEvent = int(E);
    O.Threads[Cur].Ret = Val.simplify();
  }
}

bool buildSymProgram(z3::context &C, const Program &P, unsigned Unroll,
                     SymProgram &Out, std::string &Error) {
  try {
    SymExec(C, P, Unroll, Out).run();
  } catch (Unsupported &U) {
    Error = U.Msg;
    return false;
  }
  return true;
}

} // namespace vcdpor::bmc
