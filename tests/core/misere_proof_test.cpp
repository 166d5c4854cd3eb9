#include <gtest/gtest.h>

#include <vector>

#include "grundy/error.hpp"
#include "grundy/misere/misere_proof.hpp"

namespace grundy {
namespace {

// One heap, of size 1, whose only move empties it: in misère play the heap
// alone is a P-position (whoever takes it made the last move).
std::vector<HeapMoves> one_counter() { return {HeapMoves{1, {Option{}}}}; }

// {1, a}, a^2 = 1, P-portion {a}: an odd number of counters is lost.
BipartiteMonoid parity() {
  BipartiteMonoid q;
  q.size = 2;
  q.table = {0, 1, 1, 0};
  q.p = {0, 1};
  return q;
}

TEST(MisereProof, ProvesTheRightRule) {
  const ProofResult r = prove_outcome_rule(parity(), {0, 1}, one_counter(), 1'000'000);
  EXPECT_TRUE(r.proven) << r.failure;
  EXPECT_GT(r.states, 0u);
}

// A nonempty sum in the identity's class must still have a move to P when
// predicted N: here the heap is pretended to be the empty sum, so it is
// predicted N, and its only option (the empty sum) is predicted N too. The
// empty sum itself is exempt from the check, and must not stand for it.
TEST(MisereProof, AHeapPretendingToBeEmptyIsChecked) {
  BipartiteMonoid trivial;  // one element, nothing in P
  const ProofResult r = prove_outcome_rule(trivial, {0, 0}, one_counter(), 1'000'000);
  EXPECT_FALSE(r.proven);
  EXPECT_EQ(r.witness, std::vector<std::uint64_t>{1});
  EXPECT_FALSE(r.predicted_p);
}

// A sum predicted P with an option predicted P: the lightest one is named.
TEST(MisereProof, NamesTheLightestSumPredictedWrong) {
  // Heaps 1 (move: empty) and 2 (moves: empty, a heap of 1), both pretended
  // to be a, with P-portion {a}: heap 2 -> heap 1 goes from P to P.
  const std::vector<HeapMoves> heaps{HeapMoves{1, {Option{}}}, HeapMoves{2, {Option{}, Option{1}}}};
  const ProofResult r = prove_outcome_rule(parity(), {0, 1, 1}, heaps, 1'000'000);
  EXPECT_FALSE(r.proven);
  EXPECT_EQ(r.witness, std::vector<std::uint64_t>{2});
  EXPECT_TRUE(r.predicted_p);
}

TEST(MisereProof, StopsAtItsMemoryBound) {
  EXPECT_THROW((void)prove_outcome_rule(parity(), {0, 1}, one_counter(), 4), LimitError);
}

}  // namespace
}  // namespace grundy
