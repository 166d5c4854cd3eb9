#pragma once
// HeapGame: what a game whose positions are heap sizes 0, 1, 2, ... can do
// beyond the Game interface — its values form one sequence G(0), G(1), ...,
// so it has a pattern (periodic, self-similar) that its family's theorem may
// prove, and perhaps every value at hand as runs. Graph games and games
// given as code are not heap games and have none of this.
//
// A heap family derives from both Game (or OneToOneGame) and HeapGame and
// answers Game::heap_game() with itself; callers ask game.heap_game() and
// never a family's name.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/pattern.hpp"
#include "grundy/run_table.hpp"

namespace grundy {

class HeapGame {
 public:
  // The pattern of the values (pattern.hpp), with the proof of the family's
  // theorem when it has one; families without a theorem return
  // observe_pattern(*this, limit). Cost: the family's (a proven period of
  // a subtraction game is O(window); an observed one, O(limit) values).
  [[nodiscard]] virtual Pattern pattern(std::uint64_t limit) const = 0;
  // The last heap `pattern` examines when the caller names none
  // (kDefaultPatternLimit unless the game computes faster or needs more),
  // and the largest it accepts (kMaxPatternLimit unless ...).
  [[nodiscard]] virtual std::uint64_t default_pattern_limit() const { return kDefaultPatternLimit; }
  [[nodiscard]] virtual std::uint64_t max_pattern_limit() const { return kMaxPatternLimit; }
  // Why `limit` cannot be the last heap a pattern examines ("zero examines
  // nothing", "too large; octal:0.07 examines heaps up to ..."), or "" when
  // it can: each front-end says it with its own name for the bound.
  [[nodiscard]] std::string pattern_limit_problem(std::uint64_t limit, std::string_view spec) const;

  // Every value below 2^64 as runs, for games that have them at hand (so a
  // table of runs up to any size costs nothing); nullptr otherwise.
  [[nodiscard]] virtual const RunTable* value_runs() const { return nullptr; }

  // The digits d_0..d_k of the octal code the moves follow, when they
  // follow one: taking t tokens from a heap of n is a move to no heap
  // (t = n) when d_t has bit 1, to one heap of n - t when it has bit 2, and
  // to two non-empty heaps adding to n - t when it has bit 4; d_k is not 0.
  // Empty for other rules. The misère periodicity theorem
  // (misere_quotient.hpp) holds for such games.
  [[nodiscard]] virtual std::vector<std::uint8_t> octal_digits() const { return {}; }
  // k, the code's length, when the moves follow an octal code. O(k).
  [[nodiscard]] std::optional<std::uint64_t> octal_code_length() const {
    const std::vector<std::uint8_t> d = octal_digits();
    if (d.empty()) return std::nullopt;
    return d.size() - 1;
  }

 protected:
  // The reason shared by heap games when `to` is not below `from`.
  [[nodiscard]] static std::string heap_not_smaller(Position from, Position to);

  HeapGame() = default;
  HeapGame(const HeapGame&) = default;
  HeapGame& operator=(const HeapGame&) = default;
  HeapGame(HeapGame&&) = default;
  HeapGame& operator=(HeapGame&&) = default;
  ~HeapGame() = default;
};

}  // namespace grundy
