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
#include "grundy/game_value.hpp"

namespace grundy::fuzz {

// The definition of generalized Sprague-Grundy values (Smith; Fraenkel and
// Yesha), at p with all its options (each one position, as in a graph):
//   finite m: no option of value m, an option of each value below m, and
//     every option of infinite value or of finite value above m has an
//     option of value m;
//   ∞_K: K is the set of finite values of the options, and some option of
//     infinite value has no option of value mex(K) (else p would be mex(K)).
inline void check_generalized_value(const Game& game, Position p, const std::vector<Option>& options) {
  const GameValue value = game.game_value(p);
  auto has_option_of_value = [&](Position q, std::uint64_t m) {
    const OptionSample s = game.list_options(q, kNoLimit);
    return std::any_of(s.options.begin(), s.options.end(), [&](const Option& o) {
      const GameValue v = game.game_value(o.at(0));
      return v.is_finite() && v.nimber().value() == m;
    });
  };
  std::vector<std::uint64_t> finite;
  for (const Option& o : options) {
    const GameValue v = game.game_value(o.at(0));
    if (v.is_finite()) finite.push_back(v.nimber().value());
  }
  std::sort(finite.begin(), finite.end());
  finite.erase(std::unique(finite.begin(), finite.end()), finite.end());
  std::uint64_t mex = 0;
  while (mex < finite.size() && finite[mex] == mex) ++mex;
  const std::string where = fmt::format("{} position {} of value {}", game.spec(), game.format_position(p), to_string(value));
  if (value.is_finite()) {
    const std::uint64_t m = value.nimber().value();
    check(m == mex, "a finite value is the mex of the finite values of the options", [&] { return where; });
    for (const Option& o : options) {
      const GameValue v = game.game_value(o.at(0));
      if (!v.is_finite() || v.nimber().value() > m)
        check(has_option_of_value(o.at(0), m), "an option of infinite or larger value can be answered back to the value",
              [&] { return where + ", option " + game.format_option(o); });
    }
    return;
  }
  std::vector<std::uint64_t> k;
  for (Nimber n : value.options()) k.push_back(n.value());
  check(k == finite, "K of an infinite value is the set of finite values of the options", [&] { return where; });
  const bool escapes = std::any_of(options.begin(), options.end(), [&](const Option& o) {
    return !game.game_value(o.at(0)).is_finite() && !has_option_of_value(o.at(0), mex);
  });
  check(escapes, "an infinite value has an infinite option with no answer back to mex(K)", [&] { return where; });
}

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
  if (game.has_cycles()) return check_generalized_value(game, p, sample.options);
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
