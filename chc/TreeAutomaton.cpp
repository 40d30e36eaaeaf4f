//===- chc/TreeAutomaton.cpp - Bottom-up finite tree automata
//---------------===//
#include "chc/TreeAutomaton.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <unordered_map>

using namespace vcdpor;

std::vector<bool> vcdpor::reach(const TreeAutomaton &A, const Tree &T) {
  std::vector<std::vector<bool>> Kids;
  for (const Tree &C : T.Children)
    Kids.push_back(reach(A, C));
  std::vector<bool> R(A.NumStates, false);
  for (const TaTransition &D : A.Delta) {
    if (D.Symbol != T.Symbol || D.Children.size() != Kids.size())
      continue;
    bool Ok = true;
    for (size_t I = 0; Ok && I < Kids.size(); ++I)
      Ok = Kids[I][D.Children[I]];
    if (Ok)
      R[D.Target] = true;
  }
  return R;
}

bool vcdpor::accepts(const TreeAutomaton &A, const Tree &T) {
  std::vector<bool> R = reach(A, T);
  for (unsigned S = 0; S < A.NumStates; ++S)
    if (R[S] && A.Final[S])
      return true;
  return false;
}

std::vector<bool> vcdpor::reachableStates(const TreeAutomaton &A) {
  std::vector<bool> R(A.NumStates, false);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const TaTransition &D : A.Delta) {
      if (R[D.Target])
        continue;
      if (std::all_of(D.Children.begin(), D.Children.end(),
                      [&](unsigned C) { return R[C]; })) {
        R[D.Target] = true;
        Changed = true;
      }
    }
  }
  return R;
}

bool vcdpor::isEmpty(const TreeAutomaton &A) {
  std::vector<bool> R = reachableStates(A);
  for (unsigned S = 0; S < A.NumStates; ++S)
    if (R[S] && A.Final[S])
      return false;
  return true;
}

namespace {
/// Transitions by symbol.
std::unordered_map<unsigned, std::vector<const TaTransition *>>
bySymbol(const TreeAutomaton &A) {
  std::unordered_map<unsigned, std::vector<const TaTransition *>> M;
  for (const TaTransition &D : A.Delta)
    M[D.Symbol].push_back(&D);
  return M;
}

/// Calls F(Choice) for each choice of one element of Lists[i] per i where
/// at least one element is >= Fresh[i] (not all old); stops when F is false.
template <typename Fn>
bool forCombos(const std::vector<const std::vector<unsigned> *> &Lists,
               const std::vector<size_t> &OldCount, Fn F) {
  size_t N = Lists.size();
  std::vector<size_t> Idx(N, 0);
  for (size_t I = 0; I < N; ++I)
    if (Lists[I]->empty())
      return true;
  std::vector<unsigned> Choice(N);
  while (true) {
    bool AnyNew = N == 0 ? OldCount.empty() : false;
    for (size_t I = 0; I < N; ++I) {
      Choice[I] = (*Lists[I])[Idx[I]];
      AnyNew |= Idx[I] >= OldCount[I];
    }
    if (AnyNew && !F(Choice))
      return false;
    size_t I = 0;
    while (I < N && ++Idx[I] == Lists[I]->size())
      Idx[I++] = 0;
    if (I == N)
      return true;
  }
}
} // namespace

Product vcdpor::intersect(const TreeAutomaton &A, const TreeAutomaton &B) {
  Product P;
  std::map<std::pair<unsigned, unsigned>, unsigned> Id;
  auto BS = bySymbol(B);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const TaTransition &DA : A.Delta) {
      auto It = BS.find(DA.Symbol);
      if (It == BS.end())
        continue;
      for (const TaTransition *DB : It->second) {
        if (DB->Children.size() != DA.Children.size())
          continue;
        std::vector<unsigned> Kids;
        bool Ok = true;
        for (size_t I = 0; Ok && I < DA.Children.size(); ++I) {
          auto K = Id.find({DA.Children[I], DB->Children[I]});
          Ok = K != Id.end();
          if (Ok)
            Kids.push_back(K->second);
        }
        if (!Ok)
          continue;
        auto [T, New] = Id.try_emplace({DA.Target, DB->Target}, 0);
        if (New) {
          T->second = P.A.addState(A.Final[DA.Target] && B.Final[DB->Target]);
          P.Pair.push_back({DA.Target, DB->Target});
          Changed = true;
        }
        TaTransition D{DA.Symbol, Kids, T->second};
        bool Seen = false;
        for (const TaTransition &E : P.A.Delta)
          if (E.Symbol == D.Symbol && E.Target == D.Target &&
              E.Children == D.Children) {
            Seen = true;
            break;
          }
        if (!Seen)
          P.A.Delta.push_back(std::move(D));
      }
    }
  }
  return P;
}

bool vcdpor::difference(const TreeAutomaton &A, const TreeAutomaton &B,
                        Difference &R, size_t MaxStates) {
  R = Difference();
  auto BS = bySymbol(B);
  std::map<std::pair<unsigned, std::vector<unsigned>>, unsigned> Id;
  std::vector<std::vector<unsigned>> OfA(A.NumStates); ///< product states
  std::vector<size_t> Seen(A.NumStates, 0); ///< OfA sizes at the last round
  bool Changed = true;
  bool First = true;
  while (Changed) {
    Changed = false;
    std::vector<std::vector<unsigned>> Snapshot = OfA;
    std::vector<size_t> Old = Seen;
    for (unsigned S = 0; S < A.NumStates; ++S)
      Seen[S] = OfA[S].size();
    for (const TaTransition &DA : A.Delta) {
      std::vector<const std::vector<unsigned> *> Lists;
      std::vector<size_t> OldCount;
      for (unsigned C : DA.Children) {
        Lists.push_back(&Snapshot[C]);
        OldCount.push_back(Old[C]);
      }
      if (DA.Children.empty() && !First)
        continue;
      auto Cand = BS.find(DA.Symbol);
      bool Ok =
          forCombos(Lists, OldCount, [&](const std::vector<unsigned> &Kids) {
            // The B-states the same trees reach: the subset construction.
            std::vector<unsigned> Sub;
            if (Cand != BS.end())
              for (const TaTransition *DB : Cand->second) {
                if (DB->Children.size() != Kids.size())
                  continue;
                bool Match = true;
                for (size_t I = 0; Match && I < Kids.size(); ++I)
                  Match = std::binary_search(R.Subset[Kids[I]].begin(),
                                             R.Subset[Kids[I]].end(),
                                             DB->Children[I]);
                if (Match)
                  Sub.push_back(DB->Target);
              }
            std::sort(Sub.begin(), Sub.end());
            Sub.erase(std::unique(Sub.begin(), Sub.end()), Sub.end());
            bool RejectedByB = false;
            for (unsigned Q : Sub)
              RejectedByB |= B.Final[Q];
            auto [T, New] = Id.try_emplace({DA.Target, Sub}, 0);
            if (New) {
              if (R.A.NumStates >= MaxStates)
                return false;
              T->second = R.A.addState(A.Final[DA.Target] && !RejectedByB);
              R.Left.push_back(DA.Target);
              R.Subset.push_back(Sub);
              OfA[DA.Target].push_back(T->second);
              Changed = true;
            }
            R.A.Delta.push_back({DA.Symbol, Kids, T->second});
            return true;
          });
      if (!Ok)
        return false;
    }
    First = false;
  }
  return true;
}

TreeAutomaton vcdpor::trim(const TreeAutomaton &A, std::vector<int> &Renumber) {
  std::vector<bool> Reach = reachableStates(A);
  std::vector<bool> Co(A.NumStates, false);
  for (unsigned S = 0; S < A.NumStates; ++S)
    Co[S] = A.Final[S] && Reach[S];
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const TaTransition &D : A.Delta) {
      if (!Co[D.Target])
        continue;
      bool Usable = std::all_of(D.Children.begin(), D.Children.end(),
                                [&](unsigned C) { return Reach[C]; });
      if (!Usable)
        continue;
      for (unsigned C : D.Children)
        if (!Co[C]) {
          Co[C] = true;
          Changed = true;
        }
    }
  }
  TreeAutomaton T;
  Renumber.assign(A.NumStates, -1);
  for (unsigned S = 0; S < A.NumStates; ++S)
    if (Co[S])
      Renumber[S] = T.addState(A.Final[S]);
  for (const TaTransition &D : A.Delta) {
    if (Renumber[D.Target] < 0)
      continue;
    TaTransition E{D.Symbol, {}, unsigned(Renumber[D.Target])};
    bool Ok = true;
    for (unsigned C : D.Children) {
      Ok = Ok && Renumber[C] >= 0;
      if (Ok)
        E.Children.push_back(Renumber[C]);
    }
    if (Ok)
      T.Delta.push_back(std::move(E));
  }
  return T;
}
