//===- chc/Engine.cpp - Abstract interpretation refined by tree automata
//----===//
//
// The loop: analyse the current clause set over polyhedra; no reachable
// query: build the model and have Z3 check it; else take the abstract
// derivation of false, map it onto the input clauses and have Z3 decide
// it: feasible is a counterexample, infeasible is removed (with its
// interpolant generalisation) and the loop goes on.
//
//===----------------------------------------------------------------------===//
#include "chc/Chc.h"
#include "chc/Refine.h"

using namespace vcdpor;

namespace {
double nowS() { return Smt::nowS(); }

Derivation onInput(const Level &L, const Derivation &D) {
  Derivation R{L.Base[D.Clause], {}};
  for (const Derivation &C : D.Children)
    R.Children.push_back(onInput(L, C));
  return R;
}

unsigned flatten(const ClauseSet &S, const Derivation &D,
                 std::vector<ChcDerivationNode> &Out) {
  unsigned Id = Out.size();
  const Clause &C = S.Clauses[D.Clause];
  Out.push_back(
      {D.Clause, C.Origin, C.isQuery() ? "false" : S.Preds[C.Head].Name, {}});
  for (const Derivation &Ch : D.Children) {
    unsigned K = flatten(S, Ch, Out);
    Out[Id].Children.push_back(K);
  }
  return Id;
}

std::vector<std::string> argNames(unsigned Arity) {
  std::vector<std::string> N;
  for (unsigned I = 0; I < Arity; ++I)
    N.push_back("x" + std::to_string(I));
  return N;
}

void setModel(ChcResult &R, Smt &Z, const ClauseSet &S,
              const std::vector<FormulaId> &M) {
  for (size_t P = 0; P < S.Preds.size(); ++P) {
    const Predicate &Pr = S.Preds[P];
    std::string Def = "(define-fun |" + Pr.Name + "| (";
    std::vector<std::string> Names = argNames(Pr.Arity);
    for (unsigned I = 0; I < Pr.Arity; ++I)
      Def += std::string(I ? " " : "") + "(" + Names[I] + " Int)";
    Def += ") Bool " + Z.text(M[P], Names) + ")";
    R.Model.push_back({Pr.Name, Def});
  }
}

} // namespace

ChcResult vcdpor::solveChc(const ClauseSet &Input, const ChcOptions &O) {
  ChcResult R;
  const double T0 = nowS();
  const double Deadline = O.TimeoutS > 0 ? T0 + O.TimeoutS : 0;
  // Deleting Z3's context after a long run takes up to a minute; a caller
  // about to exit may leave it to the process's end (ChcOptions).
  std::unique_ptr<Smt> Owned = std::make_unique<Smt>(Deadline);
  Smt &Z = *Owned;
  struct Keep {
    std::unique_ptr<Smt> &P;
    bool Leak;
    ~Keep() {
      if (Leak)
        (void)P.release();
    }
  } KeepSolver{Owned, O.LeakSolver};
  auto finish = [&](ChcVerdict V, std::string Reason) {
    R.V = V;
    R.Reason = std::move(Reason);
    R.S.SolverTimeS = Z.SolverTimeS;
    R.S.SolverQueries = Z.Queries;
    R.S.TotalTimeS = nowS() - T0;
    return R;
  };
  AbsOptions AO;
  AO.WideningDelay = O.WideningDelay;
  if (Deadline > 0)
    AO.Stop = [Deadline] { return nowS() > Deadline; };
  Level L = initialLevel(Input);
  std::vector<std::vector<FormulaId>> Dropped(Input.Preds.size());
  for (;;) {
    if (R.S.Iterations >= O.MaxIterations)
      return finish(ChcVerdict::Unknown, "iteration limit (" +
                                             std::to_string(O.MaxIterations) +
                                             " refinements)");
    ++R.S.Iterations;
    R.S.Clauses = L.P.Clauses.size();
    R.S.Preds = L.P.Preds.size();
    double A0 = nowS();
    AbsResult Abs = analyse(L.P, AO, R.S.Abs);
    R.S.AbsTimeS += nowS() - A0;
    if (Abs.Stopped)
      return finish(ChcVerdict::Unknown, "time limit");
    if (Abs.TooLarge)
      return finish(ChcVerdict::Unknown, "abstract derivation too large");
    if (!Abs.Cex) {
      // The model of the input: each predicate the disjunction of its
      // splits' polyhedra with their labels, and the labels of splits that
      // lead to no query.
      std::vector<FormulaId> Local, M;
      for (size_t P = 0; P < L.P.Preds.size(); ++P)
        Local.push_back(Z.conj(Z.polyhedron(Abs.Inv[P]), L.Label[P]));
      std::vector<std::vector<FormulaId>> Parts = Dropped;
      for (size_t P = 0; P < L.P.Preds.size(); ++P)
        Parts[L.OrigPred[P]].push_back(Local[P]);
      for (auto &Ps : Parts)
        M.push_back(Z.disj(Ps));
      std::string Why;
      Answer A = Z.isModel(Input, M, Why);
      // And against Z3's reading of the file, past the engine's parser.
      if (A == Answer::Yes && !Input.Source.empty()) {
        A = Z.isModelOfText(Input.Source, Input, M, Why);
        if (A == Answer::No)
          return finish(ChcVerdict::Unknown,
                        "internal error: the model failed Z3's check at " +
                            Why);
        R.ModelOfFile = A == Answer::Yes;
      }
      if (A == Answer::Yes) {
        R.ModelOfInput = true;
        setModel(R, Z, Input, M);
        return finish(ChcVerdict::Sat, "");
      }
      if (A == Answer::Unknown)
        return finish(ChcVerdict::Unknown, "time limit (checking the model)");
      // RAHFT's splits carry no labels: check against the refined clauses,
      // each removed derivation having been checked infeasible.
      std::string WhyRefined;
      Answer B = Z.isModel(L.P, Local, WhyRefined);
      if (B == Answer::Yes && O.Refine == Refinement::Rahft) {
        setModel(R, Z, L.P, Local);
        return finish(ChcVerdict::Sat, "");
      }
      if (B == Answer::Unknown)
        return finish(ChcVerdict::Unknown, "time limit (checking the model)");
      return finish(ChcVerdict::Unknown,
                    "internal error: the model failed Z3's check at " +
                        (B == Answer::No
                             ? WhyRefined + " of the refined clauses"
                             : Why + " of the input"));
    }
    Derivation InputCex = onInput(L, *Abs.Cex);
    std::vector<std::vector<int64_t>> Values;
    Answer F = Z.feasible(Input, InputCex, Values);
    std::string Why;
    if (F == Answer::Yes && !Input.Source.empty()) {
      // And under Z3's reading of the file, past the engine's parser.
      F = Z.feasibleInText(Input.Source, Input, InputCex, Why);
      if (F == Answer::No)
        return finish(ChcVerdict::Unknown,
                      "internal error: a derivation feasible on the clauses "
                      "is not on the file's assertions" +
                          (Why.empty() ? std::string() : ": " + Why));
      R.CexOfFile = F == Answer::Yes;
    }
    if (F == Answer::Yes) {
      flatten(Input, InputCex, R.Cex);
      R.CexValues = std::move(Values);
      return finish(ChcVerdict::Unsat, "");
    }
    if (F == Answer::Unknown)
      return finish(ChcVerdict::Unknown, "time limit (checking a derivation)");
    // Infeasible: remove it, generalised when RAHIT.
    ++R.S.Refinements;
    TreeAutomaton B;
    std::vector<FormulaId> BLabel;
    bool Itp = O.Refine == Refinement::Rahit &&
               interpolantAutomaton(Z, L.P, *Abs.Cex, B, BLabel);
    if (O.Refine == Refinement::Rahit && !Itp)
      ++R.S.InterpolationFailures;
    if (!Itp)
      B = derivationAutomaton(*Abs.Cex);
    R.S.MaxRefinerStates = std::max<size_t>(R.S.MaxRefinerStates, B.NumStates);
    Level Next;
    size_t ProductStates = 0;
    if (!removeLanguage(L, B, Itp ? &BLabel : nullptr, Z, 4 * O.MaxClauses,
                        Next, Dropped, ProductStates))
      return finish(ChcVerdict::Unknown, "difference automaton too large");
    R.S.MaxProductStates = std::max(R.S.MaxProductStates, ProductStates);
    if (Next.P.Clauses.size() > O.MaxClauses)
      return finish(ChcVerdict::Unknown,
                    "refined clause set too large (" +
                        std::to_string(Next.P.Clauses.size()) + " clauses)");
    if (Deadline > 0 && nowS() > Deadline)
      return finish(ChcVerdict::Unknown, "time limit");
    L = std::move(Next);
  }
}
