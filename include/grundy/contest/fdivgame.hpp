#pragma once
// CodeChef FDIVGAME ("Floor Division Game", SnackDown 2016): T tests, each a
// line with N and a line with N integers 1..10^18. A move replaces one
// integer x by floor(x / k), k in {2, ..., 6} (0 is erased); Henry moves
// first; normal play. The game of one integer is division:2-6
// (docs/games/division.md); Henry wins iff the nim-sum is nonzero.

#include <string>

#include "grundy/contest/reader.hpp"

namespace grundy::contest {

// Reads a whole FDIVGAME input and returns the output: "Henry" or "Derek",
// one line per test. Throws InputError (line and column) on any input that
// breaks the format, before anything is returned.
// O(1) per integer (its octave, then two comparisons), so O(length of the
// input) in all; the values' table is built once per process from the runs
// of division:2-6. The input is read in blocks; the output is held, O(T).
[[nodiscard]] std::string solve_fdivgame(ContestReader& in);

}  // namespace grundy::contest
