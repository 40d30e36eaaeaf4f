//===- tests/unit/closure/ListsTest.cpp - Lists in one arena --------------===//
//
// Lists against a vector of vectors under random pushes, clears, reserves,
// new lists and copies (a copy packs the lists, after which every push to a
// full list moves it).
//
//===----------------------------------------------------------------------===//

#include "closure/Lists.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace vcdpor::closure;

namespace {

void expectEqual(const Lists<int> &L, const std::vector<std::vector<int>> &R) {
  ASSERT_EQ(L.size(), R.size());
  for (size_t I = 0; I < R.size(); ++I) {
    auto V = L[I];
    ASSERT_EQ(V.size(), R[I].size()) << "list " << I;
    EXPECT_EQ(L.size(I), R[I].size());
    EXPECT_TRUE(std::equal(V.begin(), V.end(), R[I].begin())) << "list " << I;
  }
}

TEST(Lists, RandomOperationsMatchVectors) {
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 200; ++Round) {
    Lists<int> L(1 + Rng() % 4);
    std::vector<std::vector<int>> R(L.size());
    for (int Op = 0; Op < 300; ++Op) {
      unsigned K = Rng() % 100;
      size_t I = Rng() % R.size();
      if (K < 70) {
        int V = int(Rng() % 1000);
        L.push(I, V);
        R[I].push_back(V);
      } else if (K < 75) {
        L.clear(I);
        R[I].clear();
      } else if (K < 80) {
        L.reserve(I, Rng() % 8);
      } else if (K < 85) {
        L.grow(R.size() + 1);
        R.emplace_back();
      } else if (K < 95) {
        Lists<int> C = L; // packed: every list is full
        expectEqual(C, R);
        L = std::move(C);
      } else if (!R[I].empty()) {
        int V = int(Rng() % 1000);
        L.at(I, R[I].size() - 1) = V;
        R[I].back() = V;
      }
      expectEqual(L, R);
    }
  }
}

TEST(Lists, CopyIsIndependent) {
  Lists<int> A(2);
  A.push(0, 1);
  A.push(1, 2);
  Lists<int> B = A;
  B.push(0, 3);
  B.at(1, 0) = 4;
  expectEqual(A, {{1}, {2}});
  expectEqual(B, {{1, 3}, {4}});
}

TEST(Lists, ReserveKeepsEveryListInPlace) {
  // Room reserved for every list holds: pushes to one list do not move
  // another, nor the list itself.
  Lists<int> L(3);
  for (size_t I = 0; I < 3; ++I)
    L.push(I, int(I));
  Lists<int> C = L; // packed: every list full
  for (size_t I = 0; I < 3; ++I)
    C.reserve(I, 4);
  const int *Begin[3];
  for (size_t I = 0; I < 3; ++I)
    Begin[I] = C[I].begin();
  for (int K = 0; K < 4; ++K)
    for (size_t I = 0; I < 3; ++I)
      C.push(I, 10 * K + int(I));
  for (size_t I = 0; I < 3; ++I) {
    EXPECT_EQ(C[I].begin(), Begin[I]) << "list " << I << " moved";
    EXPECT_EQ(C.size(I), 5u);
  }
  expectEqual(C, {{0, 0, 10, 20, 30}, {1, 1, 11, 21, 31}, {2, 2, 12, 22, 32}});
}

} // namespace
