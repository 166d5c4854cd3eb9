#pragma once
// Codeforces 2004E "Not a Nim Problem" (Educational Round 169): t tests, each
// a line with n and a line with n integers a_i. A move takes y >= 1 stones
// from a pile of x with gcd(x, y) = 1; Alice moves first; normal play. The
// game of one pile is `coprime` (docs/games/coprime.md); Alice wins iff the
// nim-sum is nonzero.
//
// The official limits are t <= 10^4, sum of n <= 3*10^5, a_i <= 10^7; grundy
// accepts any counts and every a_i from 1 to 2^64 - 1. Odd piles up to a
// bound are answered together by one segmented sieve (least_factor_index.hpp);
// larger ones one by one, by factoring and primecount. The bound grows with
// the number of odd piles (2^20 per pile, from 2^20 to 2^30), so that the
// sieve never costs much more than answering its piles one by one would.

#include <string>

#include "grundy/contest/reader.hpp"

namespace grundy::contest {

// Reads a whole input and returns "Alice" or "Bob", one line per test.
// Throws InputError (line and column) on any input that breaks the format,
// before anything is returned.
[[nodiscard]] std::string solve_not_a_nim(ContestReader& in);

}  // namespace grundy::contest
