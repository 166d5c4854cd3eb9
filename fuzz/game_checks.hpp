#pragma once
// Checks of one position of a Game that hold for every game: the position's
// name reads back as itself, every listed option is a move, and (when all its
// options are listed) its value is the mex of their values, which ties each
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
  const OptionSample sample = game.list_options(p, kMoves);
  check(sample.options.size() <= kMoves, "list_options keeps to its limit");
  std::vector<Option> sorted = sample.options;
  std::sort(sorted.begin(), sorted.end());
  check(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(), "list_options lists each option once",
        [&] { return game.spec(); });
  check(game.has_move(p) == !sample.options.empty(), "has_move agrees with list_options",
        [&] { return fmt::format("{} position {}", game.spec(), p); });
  if (sample.total) check(*sample.total >= sample.options.size(), "the total counts at least the options listed");
  for (const Option& o : sample.options) {
    check(game.normalize_option(o) == o, "options are listed in canonical order", [&] { return game.spec(); });
    check(game.is_option(p, o), "every listed option is a move",
          [&] { return fmt::format("{}: {} -> {}", game.spec(), p, game.format_option(o)); });
  }
  if (!compute_value || !sample.complete() || sample.options.size() >= kMoves) return;
  if (game.has_cycles()) return;  // no mex rule: graph_fuzz.cpp checks the generalized values
  std::vector<std::uint64_t> seen;
  for (const Option& o : sample.options) seen.push_back(game.option_value(o).value());
  std::sort(seen.begin(), seen.end());
  std::uint64_t mex = 0;
  for (const std::uint64_t v : seen)
    if (v == mex) ++mex;
  check(game.value(p).value() == mex, "the value is the mex of the values of the moves",
        [&] { return fmt::format("{} position {}: value {}, mex {}", game.spec(), p, game.value(p).value(), mex); });
}

}  // namespace grundy::fuzz
