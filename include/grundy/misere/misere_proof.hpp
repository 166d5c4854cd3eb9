#pragma once
// The finite check that proves a misère quotient (docs/misere.md, "How the
// quotient is built and proven"): a bipartite monoid, a pretending function
// and the heaps' moves make the outcome rule of every sum of those heaps
// (a sum is a P-position exactly when its class is in the P-portion) when
// every sum is consistent with its options. The check covers the infinitely
// many sums through a finite summary of them.

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/misere/misere_quotient.hpp"

namespace grundy {

// A finite commutative monoid with a marked subset (the P-portion):
// elements 0..size-1, 0 the identity, table row-major.
// Memory: size^2 elements (4 bytes each) for the table; mul is O(1).
struct BipartiteMonoid {
  std::uint32_t size = 1;
  std::vector<QuotientElement> table{0};
  std::vector<char> p{0};
  [[nodiscard]] QuotientElement mul(QuotientElement a, QuotientElement b) const {
    return table[std::size_t{a} * size + b];
  }
};

// How heavy a heap of h >= 1 counts in a sum: 2h - 1, so that a sum of
// heaps weighs 2 (its total) - (its number of heaps), and every move makes
// a sum lighter, even one that splits a heap without taking a token
// (4.7's 2 -> 1 + 1): the proof's and the recalibration's "lightest sums
// first" then see every option before the sum.
[[nodiscard]] constexpr std::uint64_t heap_weight(std::uint64_t h) { return 2 * h - 1; }

// The moves of one heap: each option is the heaps it leaves.
struct HeapMoves {
  std::uint64_t heap = 0;
  std::vector<Option> options;
};

// The classes of the options of `h` under `phi`, each once, sorted.
// O(P + k log k) for k options leaving P heaps in all.
[[nodiscard]] std::vector<QuotientElement> option_images(const BipartiteMonoid& q,
                                                         const std::vector<QuotientElement>& phi, const HeapMoves& h);

struct ProofResult {
  bool proven = false;
  std::string failure;  // why not, for people
  // A lightest sum (by heap_weight) whose prediction disagrees with its
  // options': every lighter sum is predicted right, so this one is wrong.
  std::vector<std::uint64_t> witness;
  bool predicted_p = false;  // what the witness is predicted to be
  std::uint64_t states = 0;  // classes of sums examined
};

// The check that makes (q, phi) the outcome rule of every sum of the
// heaps in `heaps` (which have moves; others are the empty game). A sum W
// is predicted to be a P-position when phi(W) is in q.p. By induction over
// the game tree, the predictions are right for every sum when they are
// consistent at every sum: the empty sum is an N-position (whoever is to
// move has no move and wins), a sum predicted P has no option predicted P
// (a), and a nonempty sum predicted N has one (b). (a) depends only on the
// pair (phi(W - h), h) and is checked for every element some sum reaches and
// every heap; (b) is
// checked on a finite summary of the sums, explored from the empty sum by
// adding one heap at a time (see inside).
// phi[h] is heap h's class (heaps without moves: the identity). LimitError
// when the summary would store more than `max_numbers` 4-byte numbers.
// Cost, with |q| elements, H heaps and T heap types (T <= H): the lightest
// sums in O(H |q| log(H |q|)), (a) in O(H |q| images); then (b) over S states
// (S about max_numbers / (|q|/32 + 6) at most), each tried with every type in
// O(|q|) and compared with the states of its class (O(|q|/64) each): up to
// O(S T (|q| + S |q| / 64)) time in the worst case. Memory: the states, about
// 4 max_numbers bytes, and a queue of pending states beside them.
[[nodiscard]] ProofResult prove_outcome_rule(const BipartiteMonoid& q, const std::vector<QuotientElement>& phi,
                                             const std::vector<HeapMoves>& heaps, std::uint64_t max_numbers);

}  // namespace grundy
