#pragma once
// Checks of one position of a Game that hold for every game: the position's
// name reads back as itself, every listed move is a move, and (when all its
// moves are listed) its value is the mex of their values, which ties each
// game's value formula to its move rule.

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fuzz_check.hpp"
#include "grundy/game.hpp"

namespace grundy::fuzz {

inline void check_position(const Game& game, Position p, bool compute_value) {
  const std::string name = game.format_position(p);
  check(game.parse_position(name) == p, "format_position reads back with parse_position",
        [&] { return fmt::format("{} position {} printed as '{}'", game.spec(), p, name); });
  constexpr std::uint64_t kMoves = 48;
  const MoveSample sample = game.moves_from(p, 0, kMoves);
  check(sample.moves.size() <= kMoves, "moves_from keeps to its limit");
  check(std::is_sorted(sample.moves.begin(), sample.moves.end()) &&
            std::adjacent_find(sample.moves.begin(), sample.moves.end()) == sample.moves.end(),
        "moves_from lists each move once, in increasing order", [&] { return game.spec(); });
  check(game.has_move(p) == !sample.moves.empty(), "has_move agrees with moves_from",
        [&] { return fmt::format("{} position {}", game.spec(), p); });
  if (sample.total) check(*sample.total >= sample.moves.size(), "the total counts at least the moves listed");
  for (const Position m : sample.moves)
    check(game.is_move(p, m), "every listed move is a move", [&] { return fmt::format("{}: {} -> {}", game.spec(), p, m); });
  if (!compute_value || !sample.complete() || sample.moves.size() >= kMoves) return;
  std::vector<std::uint64_t> seen;
  for (const Position m : sample.moves) seen.push_back(game.value(m).value());
  std::sort(seen.begin(), seen.end());
  std::uint64_t mex = 0;
  for (const std::uint64_t v : seen)
    if (v == mex) ++mex;
  check(game.value(p).value() == mex, "the value is the mex of the values of the moves",
        [&] { return fmt::format("{} position {}: value {}, mex {}", game.spec(), p, game.value(p).value(), mex); });
}

}  // namespace grundy::fuzz
