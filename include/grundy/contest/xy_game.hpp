#pragma once
// AtCoder ARC208 E "XY Game": T tests, each a line `N X Y` and a line of N
// piles A_i. A move takes 1 or 2 stones from a pile but may not leave a
// multiple of X or of Y; Alice moves first; normal play. The game of one pile
// is `xy:X,Y` (docs/games/xy.md); Alice wins iff the nim-sum is nonzero.
//
// Limits enforced as the statement gives them: 1 <= X < Y <= 10^9,
// 1 <= A_i <= 10^18. T and N may be as large as the data that follows (the
// official sums, T <= 2*10^5 and sum of N <= 2*10^5, are not required).
// Piles are not kept: each goes into its test's nim-sum as it is read, at
// O(log X) each.

#include <string>

#include "grundy/contest/reader.hpp"

namespace grundy::contest {

// Reads a whole input and returns "Alice" or "Bob", one line per test.
// Throws InputError (line and column) on any input that breaks the format,
// before anything is returned.
[[nodiscard]] std::string solve_xy_game(ContestReader& in);

}  // namespace grundy::contest
