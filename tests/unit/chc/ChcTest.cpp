//===- tests/unit/chc/ChcTest.cpp - Abstract interpretation, refinement -===//
#include "chc/Chc.h"
#include "chc/Refine.h"

#include <gtest/gtest.h>

using namespace vcdpor;

namespace {
ClauseSet parse(const std::string &Text) {
  ClauseSet S;
  std::string Err;
  EXPECT_TRUE(parseChcString(Text, S, Err)) << Err;
  return S;
}

// x and y counted up together from 0 to 100: the polyhedron x = y.
const char *Counters = R"(
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (inv x y) (< x 100) (= x1 (+ x 1)) (= y1 (+ y 1))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (>= x 100) (not (= x y))) false)))
)";

// p holds at 0 and 2, q at p + 1: the hull 0..2 of p lets q reach 2, a
// spurious derivation only a split of p removes.
const char *Hull = R"(
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int)) (=> (= x 2) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (= y (+ x 1))) (q y))))
(assert (forall ((y Int)) (=> (and (q y) (= y 2)) false)))
)";

// y reaches 10 when x reaches 5: unsafe after five loop iterations.
const char *Unsafe = R"(
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (inv x y) (< x 5) (= x1 (+ x 1)) (= y1 (+ y 2))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (>= x 5) (= y 10)) false)))
)";
} // namespace

TEST(ChcParse, ClausesAndDisjuncts) {
  ClauseSet S = parse(Counters);
  ASSERT_EQ(S.Preds.size(), 1u);
  EXPECT_EQ(S.Preds[0].Arity, 2u);
  // x != y is two clauses, x < y and x > y.
  ASSERT_EQ(S.Clauses.size(), 4u);
  EXPECT_TRUE(S.Clauses[2].isQuery());
  EXPECT_EQ(S.Clauses[3].Origin, 2u);
  EXPECT_EQ(S.Clauses[1].Body.size(), 1u);
}

TEST(ChcParse, RefusesByName) {
  ClauseSet S;
  std::string Err;
  EXPECT_FALSE(parseChcString(R"((set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (p x) (= y (* x x))) (p y)))))",
                              S, Err));
  EXPECT_NE(Err.find("non-linear multiplication"), std::string::npos) << Err;
  EXPECT_FALSE(parseChcString(R"((set-logic HORN)
(declare-fun p (Real) Bool)
(assert (forall ((x Real)) (=> (= x 0.0) (p x)))))",
                              S, Err));
  EXPECT_NE(Err.find("Real"), std::string::npos) << Err;
  EXPECT_FALSE(parseChcString("(assert true)", S, Err));
  EXPECT_NE(Err.find("HORN"), std::string::npos) << Err;
}

TEST(ChcAbstract, ProvesWithoutRefinement) {
  ClauseSet S = parse(Counters);
  AbsStats St;
  AbsResult R = analyse(S, AbsOptions(), St);
  EXPECT_FALSE(R.Cex);
  ASSERT_EQ(R.Inv.size(), 1u);
  EXPECT_FALSE(R.Inv[0].Empty);
  bool HasEq = false; // x - y = 0
  for (const LinCons &C : R.Inv[0].Cons)
    HasEq |= C.Eq && C.E.Coeffs.size() == 2 && C.E.Const == 0;
  EXPECT_TRUE(HasEq);
  EXPECT_EQ(St.WideningPoints, 1u);
  EXPECT_GE(St.Widenings, 1u);
}

TEST(ChcAbstract, HullGivesSpuriousDerivation) {
  ClauseSet S = parse(Hull);
  AbsStats St;
  AbsResult R = analyse(S, AbsOptions(), St);
  ASSERT_TRUE(R.Cex);
  EXPECT_TRUE(S.Clauses[R.Cex->Clause].isQuery());
  EXPECT_EQ(R.Cex->size(), 3u); // false <- q <- p
  EXPECT_EQ(St.WideningPoints, 0u);
  Smt Z;
  EXPECT_EQ(Z.feasible(S, *R.Cex), Answer::No);
}

TEST(ChcRefine, InterpolantAutomatonAcceptsTheDerivation) {
  ClauseSet S = parse(Hull);
  AbsStats St;
  AbsResult R = analyse(S, AbsOptions(), St);
  ASSERT_TRUE(R.Cex);
  Smt Z;
  TreeAutomaton B;
  std::vector<FormulaId> Label;
  ASSERT_TRUE(interpolantAutomaton(Z, S, *R.Cex, B, Label));
  EXPECT_TRUE(accepts(B, toTree(*R.Cex)));
  EXPECT_EQ(Label[0], Smt::False); // the root's interpolant
  // The difference with the clauses' automaton leaves no derivation of
  // false through p = 0 (the one removed) but keeps p = 2's.
  Level L = initialLevel(S), Next;
  std::vector<std::vector<FormulaId>> Dropped(S.Preds.size());
  size_t States = 0;
  ASSERT_TRUE(removeLanguage(L, B, &Label, Z, 1000, Next, Dropped, States));
  EXPECT_FALSE(accepts(programAutomaton(Next.P), toTree(*R.Cex)));
}

TEST(ChcEngine, RefinementProvesSafe) {
  ClauseSet S = parse(Hull);
  for (Refinement Ref : {Refinement::Rahit, Refinement::Rahft}) {
    ChcOptions O;
    O.Refine = Ref;
    ChcResult R = solveChc(S, O);
    EXPECT_EQ(R.V, ChcVerdict::Sat) << R.Reason;
    EXPECT_EQ(R.S.Refinements, 1u);
    EXPECT_EQ(R.S.Iterations, 2u);
    EXPECT_EQ(R.Model.size(), 2u);
  }
  ChcOptions O;
  ChcResult R = solveChc(S, O);
  EXPECT_TRUE(R.ModelOfInput); // RAHIT's labels make it a model of the input
}

TEST(ChcEngine, UnsafeWithDerivation) {
  ClauseSet S = parse(Unsafe);
  ChcResult R = solveChc(S, ChcOptions());
  ASSERT_EQ(R.V, ChcVerdict::Unsat) << R.Reason;
  // false <- inv <- inv x5 <- fact: seven nodes, five loop iterations.
  EXPECT_EQ(R.Cex.size(), 7u);
  EXPECT_EQ(R.Cex[0].Head, "false");
  EXPECT_EQ(R.Cex.back().Assertion, 0u);
  EXPECT_EQ(R.S.Refinements, 5u);
}

TEST(ChcEngine, SafeWithoutRefinement) {
  ChcResult R = solveChc(parse(Counters), ChcOptions());
  EXPECT_EQ(R.V, ChcVerdict::Sat);
  EXPECT_EQ(R.S.Iterations, 1u);
  EXPECT_EQ(R.S.Refinements, 0u);
  EXPECT_TRUE(R.ModelOfInput);
}

TEST(ChcParse, TooDisjunctiveStaysWhole) {
  // Nine disequalities: 512 disjuncts, beyond the split limit. The clause
  // stays whole (Exact) with its top-level conjuncts for the polyhedra.
  std::string Vars, Neq;
  for (int I = 0; I < 9; ++I) {
    Vars += "(y" + std::to_string(I) + " Int) ";
    Neq += "(not (= y" + std::to_string(I) + " x)) ";
  }
  std::string Text = "(set-logic HORN)\n(declare-fun p (Int) Bool)\n"
                     "(assert (forall ((x Int)) (=> (= x 0) (p x))))\n"
                     "(assert (forall ((x Int) " +
                     Vars + ") (=> (and (p x) (>= x 1) " + Neq + ") false)))\n";
  ClauseSet S = parse(Text);
  ASSERT_EQ(S.Clauses.size(), 2u);
  ASSERT_TRUE(S.Clauses[1].Exact);
  EXPECT_EQ(S.Clauses[1].Cons.size(), 1u); // x >= 1
  ChcResult R = solveChc(S, ChcOptions());
  EXPECT_EQ(R.V, ChcVerdict::Sat) << R.Reason;
}

TEST(ChcSmt, ModelCheckedAgainstTheText) {
  ClauseSet S = parse(Counters);
  Smt Z;
  std::string Why;
  // true satisfies every clause but the query.
  EXPECT_EQ(Z.isModelOfText(S.Source, S, {Smt::True}, Why), Answer::No);
  EXPECT_EQ(Why, "assertion 3 of the file");
  Polyhedron P; // x0 = x1, 0 <= x0 <= 100
  P.Empty = false;
  P.Cons.push_back({LinExpr{{{0, 1}, {1, -1}}, 0}, true});
  P.Cons.push_back({LinExpr{{{0, 1}}, 0}, false});
  P.Cons.push_back({LinExpr{{{0, -1}}, 100}, false});
  EXPECT_EQ(Z.isModelOfText(S.Source, S, {Z.polyhedron(P)}, Why),
            Answer::Yes);
  EXPECT_EQ(Z.isModel(S, {Z.polyhedron(P)}, Why), Answer::Yes);
}
