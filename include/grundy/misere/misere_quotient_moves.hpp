#pragma once
// The winning moves of one heap in a misère sum, found through the game's
// misère quotient rather than by listing the heap's options, so that a heap
// of any size (up to 2^64 - 1) is answered.
//
// In a sum whose other heaps have class `rest`, an option of heap n wins
// exactly when rest times the option's class is in the P-portion. An option
// of an octal game takes t tokens and leaves nothing, one heap or two; the
// two-heap options a + (m - a), a <= m / 2, number about m / 2. Once the
// pretending function is periodic from n0 with period p (a whole game's
// quotient), both heaps of a split with a >= n0 are in the periodic part, so
// whether it wins depends only on a mod p: each class is tested once and
// counted by division (support/periodic_matches.hpp). The cost is
// O(k (n0 + p)) products for a code of length k, whatever n is.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/misere/misere_quotient.hpp"

namespace grundy {

struct QuotientMoves {
  std::vector<Option> options;         // the first `limit`, in the game's order
  std::optional<std::uint64_t> total;  // how many win in all (unknown only past 2^64 - 1)
};

// The options of heap n of the octal game of `digits` (HeapGame::octal_digits,
// the game `q` is the quotient of) whose class times `rest` is in q's
// P-portion, in the game's order: by tokens taken, then heaps left, then
// increasing heaps. Every heap involved must have a class: n <= q.max_heap,
// or q.whole (InputError otherwise, from pretending_of).
[[nodiscard]] QuotientMoves quotient_winning_options(const MisereQuotient& q, std::span<const std::uint8_t> digits,
                                                     Position n, QuotientElement rest, std::uint64_t limit);

}  // namespace grundy
