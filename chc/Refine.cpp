//===- chc/Refine.cpp - Removing infeasible derivations
//---------------------===//
#include "chc/Refine.h"

#include <cassert>
#include <map>

using namespace vcdpor;

Level vcdpor::initialLevel(const ClauseSet &S) {
  Level L;
  L.P.Preds = S.Preds;
  L.P.Clauses = S.Clauses;
  for (unsigned C = 0; C < S.Clauses.size(); ++C)
    L.Base.push_back(C);
  for (unsigned P = 0; P < S.Preds.size(); ++P) {
    L.OrigPred.push_back(P);
    L.Label.push_back(Smt::True);
  }
  return L;
}

TreeAutomaton vcdpor::programAutomaton(const ClauseSet &S) {
  TreeAutomaton A;
  for (size_t P = 0; P < S.Preds.size(); ++P)
    A.addState();
  unsigned False = A.addState(true);
  for (unsigned CI = 0; CI < S.Clauses.size(); ++CI) {
    const Clause &C = S.Clauses[CI];
    TaTransition T{CI, {}, C.isQuery() ? False : C.Head};
    for (const Atom &At : C.Body)
      T.Children.push_back(At.Pred);
    A.Delta.push_back(std::move(T));
  }
  return A;
}

Tree vcdpor::toTree(const Derivation &D) {
  Tree T{D.Clause, {}};
  for (const Derivation &C : D.Children)
    T.Children.push_back(toTree(C));
  return T;
}

namespace {
unsigned addDerivation(const Derivation &D, TreeAutomaton &A) {
  std::vector<unsigned> Kids;
  for (const Derivation &C : D.Children)
    Kids.push_back(addDerivation(C, A));
  unsigned S = A.addState();
  A.Delta.push_back({D.Clause, Kids, S});
  return S;
}
} // namespace

TreeAutomaton vcdpor::derivationAutomaton(const Derivation &D) {
  TreeAutomaton A;
  unsigned Root = addDerivation(D, A);
  A.Final[Root] = true;
  return A;
}

bool vcdpor::interpolantAutomaton(Smt &Z, const ClauseSet &S,
                                  const Derivation &D, TreeAutomaton &B,
                                  std::vector<FormulaId> &Label) {
  std::vector<FormulaId> Itp;
  if (!Z.interpolants(S, D, Itp))
    return false;
  // States: distinct (head predicate, interpolant) of the nodes, preorder.
  const unsigned FalsePred = Clause::False;
  std::map<std::pair<unsigned, std::string>, unsigned> Id;
  std::vector<unsigned> Pred;
  std::vector<const Derivation *> Stack{&D};
  std::vector<const Derivation *> Nodes;
  while (!Stack.empty()) {
    const Derivation *N = Stack.back();
    Stack.pop_back();
    Nodes.push_back(N);
    for (auto It = N->Children.rbegin(); It != N->Children.rend(); ++It)
      Stack.push_back(&*It);
  }
  B = TreeAutomaton();
  Label.clear();
  for (size_t K = 0; K < Nodes.size(); ++K) {
    unsigned P = S.Clauses[Nodes[K]->Clause].Head;
    auto [It, New] = Id.try_emplace({P, Z.text(Itp[K])}, B.NumStates);
    if (New) {
      B.addState(P == FalsePred);
      Pred.push_back(P);
      Label.push_back(Itp[K]);
    }
  }
  // Transitions: every clause over these states whose constraint carries
  // the body's interpolants into the head's.
  for (unsigned CI = 0; CI < S.Clauses.size(); ++CI) {
    const Clause &C = S.Clauses[CI];
    std::vector<std::vector<unsigned>> Options(C.Body.size());
    std::vector<unsigned> Heads;
    for (unsigned Q = 0; Q < B.NumStates; ++Q) {
      if (Pred[Q] == C.Head)
        Heads.push_back(Q);
      for (size_t J = 0; J < C.Body.size(); ++J)
        if (Pred[Q] == C.Body[J].Pred)
          Options[J].push_back(Q);
    }
    bool Any = !Heads.empty();
    for (auto &O : Options)
      Any = Any && !O.empty();
    if (!Any)
      continue;
    std::vector<size_t> Idx(C.Body.size(), 0);
    size_t Budget = 4096; // combinations per clause
    while (Budget--) {
      std::vector<unsigned> Kids;
      std::vector<FormulaId> BodyF;
      for (size_t J = 0; J < Idx.size(); ++J) {
        Kids.push_back(Options[J][Idx[J]]);
        BodyF.push_back(Label[Kids.back()]);
      }
      for (unsigned H : Heads)
        if (Z.implies(C, BodyF, Label[H]) == Answer::Yes)
          B.Delta.push_back({CI, Kids, H});
      size_t J = 0;
      while (J < Idx.size() && ++Idx[J] == Options[J].size())
        Idx[J++] = 0;
      if (J == Idx.size())
        break;
    }
  }
  return accepts(B, toTree(D));
}

bool vcdpor::removeLanguage(const Level &L, const TreeAutomaton &B,
                            const std::vector<FormulaId> *BLabel, Smt &Z,
                            size_t MaxStates, Level &Out,
                            std::vector<std::vector<FormulaId>> &Dropped,
                            size_t &ProductStates) {
  TreeAutomaton A = programAutomaton(L.P);
  const unsigned FalseState = L.P.Preds.size();
  Difference Dif;
  if (!difference(A, B, Dif, MaxStates))
    return false;
  ProductStates = Dif.A.NumStates;
  std::vector<int> Ren;
  TreeAutomaton T = trim(Dif.A, Ren);
  auto labelOf = [&](unsigned S) {
    FormulaId F = L.Label[Dif.Left[S]];
    if (BLabel)
      for (unsigned Q : Dif.Subset[S])
        F = Z.conj(F, (*BLabel)[Q]);
    return F;
  };
  Out = Level();
  std::vector<int> NewPred(Dif.A.NumStates, -1);
  std::map<unsigned, unsigned> Count;
  for (unsigned S = 0; S < Dif.A.NumStates; ++S) {
    unsigned P = Dif.Left[S];
    if (P == FalseState)
      continue;
    if (Ren[S] < 0) {
      Dropped[L.OrigPred[P]].push_back(labelOf(S));
      continue;
    }
    NewPred[Ren[S]] = Out.P.Preds.size();
    Predicate Pr = L.P.Preds[P];
    Pr.Name += "#" + std::to_string(Count[P]++);
    Out.P.Preds.push_back(Pr);
    Out.OrigPred.push_back(L.OrigPred[P]);
    Out.Label.push_back(labelOf(S));
  }
  for (const TaTransition &D : T.Delta) {
    Clause C = L.P.Clauses[D.Symbol];
    C.Head = NewPred[D.Target] < 0 ? Clause::False : NewPred[D.Target];
    for (size_t J = 0; J < D.Children.size(); ++J) {
      assert(NewPred[D.Children[J]] >= 0 && "false in a clause body");
      C.Body[J].Pred = NewPred[D.Children[J]];
    }
    // The head's label holds of every derivation: its linear part
    // strengthens the clause for the abstract interpretation.
    if (BLabel && !C.isQuery())
      for (LinCons &K : Z.linearPart(Out.Label[C.Head]))
        C.Cons.push_back(std::move(K));
    Out.P.Clauses.push_back(std::move(C));
    Out.Base.push_back(L.Base[D.Symbol]);
  }
  return true;
}
