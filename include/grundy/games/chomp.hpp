#pragma once
// Chomp (Gale 1974): a bar of chocolate whose bottom-left square is
// poisoned; a move eats a square with every square above it and to its
// right, and whoever must eat the poisoned square loses. As a normal-play
// impartial game the poisoned square is never eaten: a position is what is
// left (a Young diagram: rows that never grow upwards), a move eats any other
// square, and the player left with the poisoned square alone cannot move.
// A bar and its mirror image across the diagonal (rows read as columns)
// play alike, so the search values each pair once. Beling's igsolve solves
// Chomp too (bench/search/chomp.sh compares them); docs/games/chomp.md has
// the rule, the theorems the search uses, and the values.
//
// A bar is at most kChompMaxSide rows by kChompMaxSide columns.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/search/component_search.hpp"
#include "grundy/game_family.hpp"
#include "grundy/search/searched_game.hpp"

namespace grundy {

inline constexpr unsigned kChompMaxSide = 32;

// A position: rows[i] squares in row i, counted from the poisoned square's
// row (0) upwards and from its column (0) rightwards; never more than the
// row below; 0 past the top row. The empty bar (rows[0] == 0) is no
// position of the game but keys the search's empty sum.
struct ChompBar {
  std::array<std::uint8_t, kChompMaxSide> rows{};
  friend bool operator==(const ChompBar&, const ChompBar&) = default;

  [[nodiscard]] unsigned height() const;   // rows with a square
  [[nodiscard]] unsigned width() const { return rows[0]; }
  [[nodiscard]] unsigned squares() const;  // the poisoned one included
  // A full rectangle: every row as long as the bottom one.
  [[nodiscard]] bool is_rectangle() const;
};

struct ChompBarHash {
  [[nodiscard]] std::size_t operator()(const ChompBar& b) const;
};

// "HxW" (a whole bar, H rows of W squares) or the rows' lengths from the
// poisoned square's row up, joined by ',' ("4,4,2"). Throws InputError
// saying where and what was expected. O(|text|).
[[nodiscard]] ChompBar parse_chomp_bar(std::string_view text);
// "HxW" for a whole bar, the rows otherwise; parse_chomp_bar reads it back.
[[nodiscard]] std::string format_chomp_bar(const ChompBar& bar);
// The bar mirrored across its diagonal: its columns as rows. O(squares).
[[nodiscard]] ChompBar transpose_chomp_bar(const ChompBar& bar);
// The lesser of the bar and its mirror image (rows compared from row 0).
[[nodiscard]] ChompBar canonical_chomp_bar(const ChompBar& bar);
// The bar after eating the square in row `row`, column `column` (which must
// be on the bar and not the poisoned square).
[[nodiscard]] ChompBar chomp_eat(const ChompBar& bar, unsigned row, unsigned column);

// Chomp for ComponentSearch: a bar is one part, in canonical form; a bar of
// the poisoned square alone has no move and is left out.
struct ChompRules {
  // No state: several threads may list options at once (a search on every core).
  static constexpr bool kThreadSafe = true;
  using Key = ChompBar;
  using KeyHash = ChompBarHash;
  [[nodiscard]] std::vector<Key> components(const Key& bar) const;
  [[nodiscard]] std::size_t size(const Key& bar) const { return bar.squares(); }
  // Theorems (docs/games/chomp.md): an L (one row and one column) plays as
  // two Nim heaps, the arm lengths: their nim-sum.
  [[nodiscard]] std::optional<std::uint64_t> known_value(const Key& bar) const;
  // A whole rectangle of two or more squares is a first-player win
  // (strategy stealing, Gale 1974).
  [[nodiscard]] bool known_nonzero(const Key& bar) const { return bar.is_rectangle() && bar.squares() >= 2; }
  [[nodiscard]] std::size_t option_count(const Key& bar) const { return bar.squares() - 1; }
  // Large bites first (from the poisoned square's row and column outwards):
  // they leave small bars, cheap to value. (f may return false to stop.)
  template <class F>
  void for_each_option(const Key& bar, F&& f) const {
    for (unsigned i = 0; i < kChompMaxSide && bar.rows[i] != 0; ++i)
      for (unsigned j = i == 0 ? 1 : 0; j < bar.rows[i]; ++j) {
        if (!give_option(f, chomp_eat(bar, i, j))) return;
      }
  }
};

// Chomp as a game of the registry (`grundy value chomp 6x7`): a position is
// a bar, numbered by SearchedGame. Safe to use from several threads.
class ChompGame final : public SearchedGame<ChompBar, ChompBarHash, ChompRules> {
 public:
  [[nodiscard]] std::string spec() const override { return "chomp"; }
  [[nodiscard]] std::string_view component_noun() const override { return "bar"; }
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] std::string why_not_option(Position from, std::span<const Position> to) const override;
  // A grid, top row first: '.' a square left, '#' one eaten within the
  // bar's bounding box; a move per square but the poisoned one.
  [[nodiscard]] Drawing drawing(Position p) const override;

 protected:
  [[nodiscard]] ChompBar parse_state(std::string_view text) const override { return parse_chomp_bar(text); }
  [[nodiscard]] std::string format_state(const ChompBar& b) const override { return format_chomp_bar(b); }
  [[nodiscard]] ChompBar search_key(const ChompBar& b) const override { return b; }
  [[nodiscard]] std::vector<ChompBar> option_states(const ChompBar& b) const override;
  [[nodiscard]] std::size_t state_size(const ChompBar& b) const override { return b.squares(); }
};

// The family in the registry (registry.hpp).
extern const GameFamily kChompFamily;

}  // namespace grundy
