//===- bmc/acdlp/FromZ3.cpp - bmc's formula decided by ACDLP --------------===//
//
// The Decider of --solver=acdlp: each query (Hard, Sched and the goal) is
// simplified by Z3's rewriter (no search: it folds constants and reads of
// the initial memory at known addresses), translated into an acdlp::Ir
// (one node per distinct term; array reads become if-then-else chains
// over the stores of the initial memory) and decided by acdlp::Solver.
// A Sat answer is never trusted: the leaves' values become a Z3 model,
// which must satisfy every original assertion under Z3's evaluation
// before bmc replays it through the interpreter.
//
//===----------------------------------------------------------------------===//
#include "bmc/Decide.h"
#include "bmc/acdlp/Solver.h"

#include <chrono>
#include <cstdlib>
#include <map>
#include <unordered_map>

namespace vcdpor::bmc {

namespace {

using namespace acdlp;

struct Unsupported {
  std::string What;
};

class Translator {
public:
  Translator(z3::context &C, Ir &P) : C(C), P(P) {}
  uint32_t tr(const z3::expr &E);
  /// Per leaf node: the constant it stands for.
  std::vector<std::pair<uint32_t, z3::func_decl>> Leaves;

private:
  z3::context &C;
  Ir &P;
  std::unordered_map<unsigned, uint32_t> Memo;
  std::map<std::pair<unsigned, uint32_t>, uint32_t> Selects;
  std::map<std::pair<uint64_t, unsigned>, uint32_t> Consts;

  uint32_t mk(Op O, Sort S, unsigned W, std::vector<uint32_t> Args) {
    Node N;
    N.O = O, N.S = S, N.W = W, N.Args = std::move(Args);
    return P.add(std::move(N));
  }
  uint32_t constant(Sort S, unsigned W, uint64_t V) {
    auto Key = std::make_pair(
        V, S == Sort::Int ? 0u : W + (S == Sort::Bool ? 1000u : 0u));
    auto It = Consts.find(Key);
    if (It != Consts.end())
      return It->second;
    Node N;
    N.O = Op::Const, N.S = S, N.W = W, N.Val = V;
    return Consts[Key] = P.add(std::move(N));
  }
  uint32_t fold(Op O, Sort S, unsigned W, const z3::expr &E) {
    uint32_t R = tr(E.arg(0));
    for (unsigned I = 1; I < E.num_args(); ++I)
      R = mk(O, S, W, {R, tr(E.arg(I))});
    return R;
  }
  uint32_t select(const z3::expr &Array, uint32_t Index, Sort S, unsigned W);
};

uint32_t Translator::select(const z3::expr &Array, uint32_t Index, Sort S,
                            unsigned W) {
  auto Key = std::make_pair(Array.id(), Index);
  auto It = Selects.find(Key);
  if (It != Selects.end())
    return It->second;
  // The chain of stores down to a constant array, outermost first.
  std::vector<std::pair<z3::expr, z3::expr>> Stores;
  z3::expr A = Array;
  while (A.is_app() && A.decl().decl_kind() == Z3_OP_STORE) {
    Stores.push_back({A.arg(1), A.arg(2)});
    A = A.arg(0);
  }
  if (!A.is_app() || A.decl().decl_kind() != Z3_OP_CONST_ARRAY)
    throw Unsupported{"an array that is not a constant array with stores"};
  const Node &Ix = P.Nodes[Index];
  uint32_t R = 0;
  bool Done = false;
  if (Ix.O == Op::Const) {
    // A known address: the outermost store there, when every store's
    // address is known too.
    bool AllKnown = true;
    for (auto &[J, V] : Stores) {
      uint64_t X;
      if (!J.is_numeral_u64(X)) {
        AllKnown = false;
        break;
      }
      if (X == Ix.Val) {
        R = tr(V), Done = true;
        break;
      }
    }
    if (AllKnown && !Done)
      R = tr(A.arg(0)), Done = true;
  }
  if (!Done) {
    R = tr(A.arg(0));
    for (size_t I = Stores.size(); I-- > 0;) {
      uint32_t J = tr(Stores[I].first);
      uint32_t Eq = mk(Op::Eq, Sort::Bool, 1, {Index, J});
      R = mk(Op::Ite, S, W, {Eq, tr(Stores[I].second), R});
    }
  }
  return Selects[Key] = R;
}

uint32_t Translator::tr(const z3::expr &E) {
  auto It = Memo.find(E.id());
  if (It != Memo.end())
    return It->second;
  Sort S;
  unsigned W;
  z3::sort So = E.get_sort();
  if (So.is_bool())
    S = Sort::Bool, W = 1;
  else if (So.is_bv())
    S = Sort::BV, W = So.bv_size();
  else if (So.is_int())
    S = Sort::Int, W = 64;
  else
    throw Unsupported{"a term of sort " + So.to_string()};
  if (W > 64)
    throw Unsupported{"a bit-vector wider than 64 bits"};
  if (!E.is_app())
    throw Unsupported{"a quantifier or variable"};
  uint32_t R = 0;
  Z3_decl_kind K = E.decl().decl_kind();
  auto a = [&](unsigned I) { return tr(E.arg(I)); };
  switch (K) {
  case Z3_OP_TRUE:
    R = constant(S, 1, 1);
    break;
  case Z3_OP_FALSE:
    R = constant(S, 1, 0);
    break;
  case Z3_OP_BNUM: {
    uint64_t V = 0;
    E.is_numeral_u64(V);
    R = constant(S, W, V);
    break;
  }
  case Z3_OP_ANUM: {
    int64_t V = 0;
    if (!E.is_numeral_i64(V) || V > IntMax || V < IntMin)
      throw Unsupported{"an integer constant beyond 2^40"};
    R = constant(S, W, uint64_t(V));
    break;
  }
  case Z3_OP_UNINTERPRETED: {
    if (E.num_args())
      throw Unsupported{"an uninterpreted function"};
    Node N;
    N.O = Op::Leaf, N.S = S, N.W = W, N.Name = E.decl().name().str();
    R = P.add(std::move(N));
    Leaves.push_back({R, E.decl()});
    break;
  }
  case Z3_OP_AND:
  case Z3_OP_OR: {
    std::vector<uint32_t> Args;
    for (unsigned I = 0; I < E.num_args(); ++I)
      Args.push_back(a(I));
    R = mk(K == Z3_OP_AND ? Op::And : Op::Or, S, 1, Args);
    break;
  }
  case Z3_OP_NOT:
    R = mk(Op::Not, S, 1, {a(0)});
    break;
  case Z3_OP_IMPLIES:
    R = mk(Op::Or, S, 1, {mk(Op::Not, S, 1, {a(0)}), a(1)});
    break;
  case Z3_OP_XOR:
    R = fold(Op::Xor, S, 1, E);
    break;
  case Z3_OP_ITE:
    R = mk(Op::Ite, S, W, {a(0), a(1), a(2)});
    break;
  case Z3_OP_EQ:
  case Z3_OP_IFF:
    if (E.num_args() != 2)
      throw Unsupported{"an n-ary equality"};
    R = mk(Op::Eq, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_DISTINCT: {
    std::vector<uint32_t> Ne;
    for (unsigned I = 0; I < E.num_args(); ++I)
      for (unsigned J = I + 1; J < E.num_args(); ++J)
        Ne.push_back(mk(Op::Not, S, 1, {mk(Op::Eq, S, 1, {a(I), a(J)})}));
    R = mk(Op::And, S, 1, Ne);
    break;
  }
  case Z3_OP_BADD:
  case Z3_OP_ADD:
    R = fold(Op::Add, S, W, E);
    break;
  case Z3_OP_BSUB:
  case Z3_OP_SUB:
    R = fold(Op::Sub, S, W, E);
    break;
  case Z3_OP_BMUL:
  case Z3_OP_MUL:
    R = fold(Op::Mul, S, W, E);
    break;
  case Z3_OP_BNEG:
  case Z3_OP_UMINUS:
    R = mk(Op::Neg, S, W, {a(0)});
    break;
  case Z3_OP_BUDIV:
  case Z3_OP_BUDIV_I:
    R = mk(Op::UDiv, S, W, {a(0), a(1)});
    break;
  case Z3_OP_BUREM:
  case Z3_OP_BUREM_I:
    R = mk(Op::URem, S, W, {a(0), a(1)});
    break;
  case Z3_OP_BSDIV:
  case Z3_OP_BSDIV_I:
    R = mk(Op::SDiv, S, W, {a(0), a(1)});
    break;
  case Z3_OP_BSREM:
  case Z3_OP_BSREM_I:
    R = mk(Op::SRem, S, W, {a(0), a(1)});
    break;
  case Z3_OP_BSMOD:
  case Z3_OP_BSMOD_I:
    R = mk(Op::SMod, S, W, {a(0), a(1)});
    break;
  case Z3_OP_BAND:
    R = fold(Op::BAnd, S, W, E);
    break;
  case Z3_OP_BOR:
    R = fold(Op::BOr, S, W, E);
    break;
  case Z3_OP_BXOR:
    R = fold(Op::BXor, S, W, E);
    break;
  case Z3_OP_BNOT:
    R = mk(Op::BNot, S, W, {a(0)});
    break;
  case Z3_OP_BNAND:
    R = mk(Op::BNot, S, W, {fold(Op::BAnd, S, W, E)});
    break;
  case Z3_OP_BNOR:
    R = mk(Op::BNot, S, W, {fold(Op::BOr, S, W, E)});
    break;
  case Z3_OP_BXNOR:
    R = mk(Op::BNot, S, W, {fold(Op::BXor, S, W, E)});
    break;
  case Z3_OP_BSHL:
    R = mk(Op::Shl, S, W, {a(0), a(1)});
    break;
  case Z3_OP_BLSHR:
    R = mk(Op::LShr, S, W, {a(0), a(1)});
    break;
  case Z3_OP_BASHR:
    R = mk(Op::AShr, S, W, {a(0), a(1)});
    break;
  case Z3_OP_ULEQ:
    R = mk(Op::ULe, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_UGEQ:
    R = mk(Op::ULe, S, 1, {a(1), a(0)});
    break;
  case Z3_OP_ULT:
    R = mk(Op::ULt, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_UGT:
    R = mk(Op::ULt, S, 1, {a(1), a(0)});
    break;
  case Z3_OP_SLEQ:
  case Z3_OP_LE:
    R = mk(Op::SLe, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_SGEQ:
  case Z3_OP_GE:
    R = mk(Op::SLe, S, 1, {a(1), a(0)});
    break;
  case Z3_OP_SLT:
  case Z3_OP_LT:
    R = mk(Op::SLt, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_SGT:
  case Z3_OP_GT:
    R = mk(Op::SLt, S, 1, {a(1), a(0)});
    break;
  case Z3_OP_BCOMP:
    R = mk(Op::Ite, S, 1,
           {mk(Op::Eq, Sort::Bool, 1, {a(0), a(1)}), constant(S, 1, 1),
            constant(S, 1, 0)});
    break;
  case Z3_OP_CONCAT: {
    // Right-nested: concat(a, concat(b, c)), each node two arguments.
    R = a(E.num_args() - 1);
    unsigned Wr = E.arg(E.num_args() - 1).get_sort().bv_size();
    for (unsigned I = E.num_args() - 1; I-- > 0;) {
      Wr += E.arg(I).get_sort().bv_size();
      R = mk(Op::Concat, S, Wr, {a(I), R});
    }
    break;
  }
  case Z3_OP_EXTRACT: {
    R = mk(Op::Extract, S, W, {a(0)});
    P.Nodes[R].Hi = E.hi(), P.Nodes[R].Lo = E.lo();
    break;
  }
  case Z3_OP_ZERO_EXT:
  case Z3_OP_SIGN_EXT:
    R = mk(K == Z3_OP_ZERO_EXT ? Op::ZExt : Op::SExt, S, W, {a(0)});
    if (W == E.arg(0).get_sort().bv_size())
      R = a(0);
    break;
  case Z3_OP_BUMUL_NO_OVFL:
    R = mk(Op::UMulNoOvfl, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_BSMUL_NO_OVFL:
    R = mk(Op::SMulNoOvfl, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_BSMUL_NO_UDFL:
    R = mk(Op::SMulNoUdfl, S, 1, {a(0), a(1)});
    break;
  case Z3_OP_SELECT:
    R = select(E.arg(0), a(1), S, W);
    break;
  default:
    throw Unsupported{"the operator " + E.decl().name().str()};
  }
  Memo.emplace(E.id(), R);
  return R;
}

/// Bounds every integer leaf to [-B, B]. bmc's integers are clocks, the
/// reads' source clocks and signal indices: the formula compares them
/// (x + a <= y + b, x = c) with small constants. Any model can then be
/// compressed (values sorted, each gap cut to M + 1, M the largest
/// constant) into [-B, B] for B = (leaves + constants + 1) * (M + 2) + M,
/// so the bounds lose no model; they stop interval propagation from
/// creeping by 1 up a range of 2^40 where a cycle of strict orders is
/// infeasible. (A sat answer is checked by Z3 in any case.)
void boundIntegers(Ir &P) {
  int64_t Leaves = 0, Consts = 0, M = 0;
  for (const Node &N : P.Nodes) {
    if (N.S != Sort::Int)
      continue;
    if (N.O == Op::Leaf)
      Leaves++;
    if (N.O == Op::Const) {
      Consts++;
      M = std::max(M, std::abs(int64_t(N.Val)));
    }
  }
  if (!Leaves)
    return;
  int64_t B = (Leaves + Consts + 1) * (M + 2) + M;
  if (B > IntMax)
    return;
  auto cst = [&](int64_t V) {
    Node N;
    N.O = Op::Const, N.S = Sort::Int, N.W = 64, N.Val = uint64_t(V);
    return P.add(std::move(N));
  };
  uint32_t Lo = cst(-B), Hi = cst(B);
  size_t Size = P.Nodes.size();
  for (uint32_t I = 0; I < Size; ++I) {
    if (P.Nodes[I].S != Sort::Int || P.Nodes[I].O != Op::Leaf)
      continue;
    for (auto [A, C] : {std::pair<uint32_t, uint32_t>{Lo, I}, {I, Hi}}) {
      Node N;
      N.O = Op::SLe, N.S = Sort::Bool, N.W = 1, N.Args = {A, C};
      P.Roots.push_back(P.add(std::move(N)));
    }
  }
}

class Acdlp final : public Decider {
public:
  Acdlp(z3::context &C, const SymProgram &SP, const Encoding &En, TimeLeft Left,
        Stats &St, const AcdlpConfig &Cfg)
      : C(C), SP(SP), En(En), Left(std::move(Left)), St(St), Cfg(Cfg), M(C),
        Clocks(C), Positions(C) {
    fixClocks();
  }
  z3::check_result check(const z3::expr &Goal) override;
  z3::model model() override { return M; }
  std::string reasonUnknown() override { return Why; }

private:
  z3::context &C;
  const SymProgram &SP;
  const Encoding &En;
  TimeLeft Left;
  Stats &St;
  AcdlpConfig Cfg;
  z3::model M;
  std::string Why;
  /// One thread: its events' clocks and their positions in it (1, 2, ...).
  z3::expr_vector Clocks, Positions;
  void fixClocks();
};

/// With one thread, the clocks only order its events, in program order:
/// any model maps, order-preserving, to clocks 1, 2, ... (End to one past
/// the number of events below it, a read's source clock to its image), and
/// every constraint on clocks (their order, End, the sources' order, an
/// exit's End = clock + 1) keeps its truth. So the clocks become those
/// constants: the formula loses its integer ordering, which intervals can
/// only decide by creeping bound by bound.
void Acdlp::fixClocks() {
  if (SP.Threads.size() != 1)
    return;
  int64_t K = 0;
  for (unsigned E : SP.Threads[0].Events) {
    const z3::expr &Clock = SP.Events[E].Clock;
    if (!Clock.is_const() || Clock.decl().decl_kind() != Z3_OP_UNINTERPRETED) {
      Clocks.resize(0);
      Positions.resize(0);
      return;
    }
    Clocks.push_back(Clock);
    Positions.push_back(C.int_val(++K));
  }
}

z3::check_result Acdlp::check(const z3::expr &Goal) {
  auto T0 = std::chrono::steady_clock::now();
  struct Account {
    Stats &St;
    std::chrono::steady_clock::time_point T0;
    ~Account() {
      St.SmtSolverS +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
              .count();
      St.SmtQueries++;
    }
  } A{St, T0};
  std::vector<z3::expr> All;
  for (const z3::expr &E : En.Hard)
    All.push_back(E);
  for (const z3::expr &E : En.Sched)
    All.push_back(E);
  All.push_back(Goal);
  if (Cfg.Trace && Clocks.size())
    Cfg.Trace("acdlp: one thread: its " + std::to_string(Clocks.size()) +
              " clocks fixed to program order");
  Ir P;
  Translator Tr(C, P);
  // The simplified terms stay alive while the Translator's memo, keyed by
  // term ids (which Z3 reuses once a term is freed), is in use.
  z3::expr_vector Simplified(C);
  try {
    for (const z3::expr &E : All) {
      z3::expr Sm = Clocks.size()
                        ? z3::expr(E).substitute(Clocks, Positions).simplify()
                        : E.simplify();
      Simplified.push_back(Sm);
      if (Sm.is_true())
        continue;
      if (Cfg.Trace) {
        std::string Text = Sm.to_string();
        for (char &Ch : Text)
          if (Ch == '\n')
            Ch = ' ';
        size_t Max = 160;
        Cfg.Trace("assert " + Text.substr(0, Max) +
                  (Text.size() > Max ? " ..." : ""));
      }
      P.Roots.push_back(Tr.tr(Sm));
    }
  } catch (Unsupported &U) {
    Why = "acdlp: unsupported: " + U.What;
    return z3::unknown;
  }
  boundIntegers(P);
  if (Cfg.Trace)
    Cfg.Trace("acdlp: query of " + std::to_string(P.Nodes.size()) + " nodes, " +
              std::to_string(Tr.Leaves.size()) + " leaves, " +
              std::to_string(P.Roots.size()) + " assertions");
  SolverOptions O;
  O.Restarts = Cfg.Restarts;
  O.BitDecisions = Cfg.BitDecisions;
  O.Trace = Cfg.Trace;
  double Limit = Left ? Left() : -1;
  O.Stop = [&] {
    return Limit >= 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
                   .count() > Limit;
  };
  Solver S(std::move(P), O);
  Answer Res = S.solve();
  const SolverStats &SS = S.stats();
  St.SolverDecisions += SS.Decisions;
  St.SolverPropagations += SS.Propagations;
  St.SolverConflicts += SS.Conflicts;
  St.SolverLearned += SS.Learned;
  St.SolverRestarts += SS.Restarts;
  if (Res == Answer::Unknown) {
    Why = "acdlp: time limit";
    return z3::unknown;
  }
  if (Res == Answer::Unsat) {
    // ACDLP's own unsatisfiability is a proof only as far as its
    // transformers and learned clauses are right, and a "safe" of bmc rests
    // on it: Z3 decides the same query before it counts (the two decision
    // procedures cross-check each other). Z3's time is kept apart.
    auto T1 = std::chrono::steady_clock::now();
    z3::solver Z(C);
    if (Left)
      setTimeout(C, Z, Left);
    for (const z3::expr &E : All)
      Z.add(E);
    z3::check_result ZRes = Z.check();
    double ConfirmS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - T1)
            .count();
    St.SolverConfirmS += ConfirmS;
    St.SmtSolverS -= ConfirmS; // Account adds the whole call
    if (ZRes == z3::unsat) {
      St.SolverConfirmed++;
      return z3::unsat;
    }
    Why = ZRes == z3::sat
              ? "acdlp: internal error: ACDLP found the query unsatisfiable, "
                "Z3 found a model of it"
              : "acdlp: Z3 did not confirm the query's unsatisfiability in "
                "time (" +
                    Z.reason_unknown() + ")";
    return z3::unknown;
  }
  // Concretise: the leaves' values as a Z3 model, checked by Z3.
  z3::model Mod(C);
  for (unsigned I = 0; I < Clocks.size(); ++I) {
    z3::func_decl D = Clocks[I].decl();
    z3::expr V = Positions[I];
    Mod.add_const_interp(D, V);
  }
  for (auto &[N, Decl] : Tr.Leaves) {
    const Node &Nd = S.ir().Nodes[N];
    uint64_t V = S.value(N);
    z3::expr Val = Nd.S == Sort::Bool  ? C.bool_val(V != 0)
                   : Nd.S == Sort::Int ? C.int_val(int64_t(V))
                                       : C.bv_val(V, Nd.W);
    Mod.add_const_interp(Decl, Val);
  }
  for (const z3::expr &E : All)
    if (!Mod.eval(E, true).is_true()) {
      Why = "acdlp: internal error: the concretised model violates " +
            E.to_string().substr(0, 200);
      return z3::unknown;
    }
  M = Mod;
  return z3::sat;
}

} // namespace

std::unique_ptr<Decider> makeAcdlp(z3::context &C, const SymProgram &SP,
                                   const Encoding &En, TimeLeft Left, Stats &St,
                                   const AcdlpConfig &Cfg) {
  return std::make_unique<Acdlp>(C, SP, En, std::move(Left), St, Cfg);
}

} // namespace vcdpor::bmc
