//===- chc/FromProgramText.cpp - Clauses of a program as text, replays ----===//
//
// The CHC-COMP text of a program's clauses (--emit-chc), and the nondet
// values of the execution a derivation of false stands for.
//
//===----------------------------------------------------------------------===//
#include "chc/FromProgram.h"

#include <functional>

using namespace vcdpor;

std::string vcdpor::toChcComp(const ChcProgram &C) {
  static const char *Kinds[] = {"init",   "step",  "call entry", "call",
                                "return", "error", "overflow"};
  std::string T = "; constrained Horn clauses of a one-thread program "
                  "(vcdpor --emit-chc)\n(set-logic HORN)\n";
  auto Q = [](const std::string &N) { return "|" + N + "|"; };
  for (const Predicate &Pr : C.S.Preds) {
    T += "(declare-fun " + Q(Pr.Name) + " (";
    for (unsigned I = 0; I < Pr.Arity; ++I)
      T += I ? " Int" : "Int";
    T += ") Bool)\n";
  }
  auto AtomText = [&](unsigned Pred, const std::vector<unsigned> &Args) {
    if (Args.empty())
      return Q(C.S.Preds[Pred].Name);
    std::string S = "(" + Q(C.S.Preds[Pred].Name);
    for (unsigned V : Args)
      S += " x" + std::to_string(V);
    return S + ")";
  };
  for (size_t K = 0; K < C.S.Clauses.size(); ++K) {
    const Clause &Cl = C.S.Clauses[K];
    const ChcClauseInfo &In = C.Info[K];
    T += "; " + std::to_string(K) + ": " + Kinds[In.K];
    if (!In.What.empty())
      T += ": " + In.What;
    T += "\n(assert ";
    if (Cl.NumVars) {
      T += "(forall (";
      for (unsigned V = 0; V < Cl.NumVars; ++V)
        T += std::string(V ? " " : "") + "(x" + std::to_string(V) + " Int)";
      T += ") ";
    }
    std::vector<std::string> Conj;
    for (const Atom &At : Cl.Body)
      Conj.push_back(AtomText(At.Pred, At.Args));
    for (const LinCons &L : Cl.Cons)
      Conj.push_back(toString(L));
    std::string Body = Conj.empty()       ? "true"
                       : Conj.size() == 1 ? Conj[0]
                                          : "(and";
    if (Conj.size() > 1) {
      for (const std::string &S : Conj)
        Body += " " + S;
      Body += ")";
    }
    std::vector<unsigned> HeadArgs;
    if (!Cl.isQuery())
      for (unsigned I = 0; I < C.S.Preds[Cl.Head].Arity; ++I)
        HeadArgs.push_back(I);
    T += "(=> " + Body + " " +
         (Cl.isQuery() ? std::string("false") : AtomText(Cl.Head, HeadArgs)) +
         ")";
    T += Cl.NumVars ? "))\n" : ")\n";
  }
  T += "(check-sat)\n(exit)\n";
  return T;
}

bool vcdpor::nondetSequence(const ChcProgram &C,
                            const std::vector<ChcDerivationNode> &Cex,
                            const std::vector<std::vector<int64_t>> &Values,
                            std::vector<int64_t> &Seq, std::string &Why) {
  // Full: the draws from the program's start to the node's head; Local:
  // those since the entry of the head's function.
  std::vector<std::vector<int64_t>> Full(Cex.size()), Local(Cex.size());
  std::vector<bool> Done(Cex.size(), false);
  std::function<bool(unsigned)> Visit = [&](unsigned N) -> bool {
    if (Done[N])
      return true;
    const ChcDerivationNode &D = Cex[N];
    for (unsigned Ch : D.Children)
      if (Ch >= Cex.size() || !Visit(Ch))
        return false;
    if (D.Clause >= C.Info.size() || N >= Values.size()) {
      Why = "a derivation node without its clause or values";
      return false;
    }
    const ChcClauseInfo &In = C.Info[D.Clause];
    std::vector<int64_t> Nd;
    for (unsigned V : In.Nondets) {
      if (V >= Values[N].size()) {
        Why = "a nondet value missing from the derivation's model";
        return false;
      }
      Nd.push_back(Values[N][V]);
    }
    auto Cat = [](std::vector<int64_t> A, const std::vector<int64_t> &B) {
      A.insert(A.end(), B.begin(), B.end());
      return A;
    };
    size_t NC = D.Children.size();
    std::vector<int64_t> Empty;
    const std::vector<int64_t> &F0 = NC ? Full[D.Children[0]] : Empty;
    const std::vector<int64_t> &L0 = NC ? Local[D.Children[0]] : Empty;
    switch (In.K) {
    case ChcClauseInfo::Entry:
      Full[N] = Cat(F0, Nd);
      Local[N].clear();
      break;
    case ChcClauseInfo::Call:
      if (NC != 2) {
        Why = "a call clause without two body atoms";
        return false;
      }
      Full[N] = Cat(Cat(F0, Local[D.Children[1]]), Nd);
      Local[N] = Cat(Cat(L0, Local[D.Children[1]]), Nd);
      break;
    default:
      Full[N] = Cat(F0, Nd);
      Local[N] = Cat(L0, Nd);
      break;
    }
    Done[N] = true;
    return true;
  };
  if (Cex.empty() || !Visit(0))
    return Why.empty() ? (Why = "an empty derivation", false) : false;
  Seq = Full[0];
  return true;
}
