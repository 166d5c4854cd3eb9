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
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/game_family.hpp"
#include "grundy/games/chomp_word.hpp"
#include "grundy/search/component_search.hpp"
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

  [[nodiscard]] unsigned height() const;  // rows with a square
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

// The bar as the search's word (chomp_word.hpp), and back.
[[nodiscard]] ChompWord chomp_word_of(const ChompBar& bar);
[[nodiscard]] ChompBar chomp_bar_of(ChompWord word);

// Chomp for ComponentSearch: a part is a bar as one word (chomp_word.hpp),
// the lesser of its word and its mirror image's; the poisoned square alone
// has no move and is left out. Listing options allocates nothing.
struct ChompRules {
  // No state: several threads may list options at once (a search on every core).
  static constexpr bool kThreadSafe = true;
  // The plain mex: the search reaches nearly every bar below the first
  // anyway (11x11: 355,490 parts searched, for the 353,739 bars within it
  // up to mirror images), and the pruned search's repeated queries listed
  // 2,384,578, taking 6 to 7 times as long (docs/games/chomp.md).
  static constexpr SearchMethod kMethod = SearchMethod::plain;
  using Key = ChompWord;
  using SmallSlots = WordSlots;  // 16 bytes a part
  struct KeyHash {
    [[nodiscard]] std::size_t operator()(ChompWord w) const {
      // (A word has 32 ones; its high bits differ little between bars.)
      w = (w ^ (w >> 31)) * 0x7fb5d329728ea185ULL;
      w = (w ^ (w >> 27)) * 0x81dadef4bc2dd44dULL;
      return static_cast<std::size_t>(w ^ (w >> 33));
    }
  };
  [[nodiscard]] std::vector<Key> components(Key bar) const {
    if (chomp_word_squares(bar) <= 1) return {};
    return {chomp_word_canonical(bar)};
  }
  [[nodiscard]] std::size_t size(Key bar) const { return chomp_word_squares(bar); }
  // Theorems (docs/games/chomp.md): an L (one row and one column) plays as
  // two Nim heaps, the arm lengths: their nim-sum. (Parts are bars of at
  // least one square: the empty word never comes here.)
  [[nodiscard]] std::optional<std::uint64_t> known_value(Key bar) const {
    if (!chomp_word_is_l(bar)) return std::nullopt;
    return std::uint64_t{chomp_word_width(bar) - 1u} ^ std::uint64_t{chomp_word_height(bar) - 1u};
  }
  // A whole rectangle of two or more squares is a first-player win
  // (strategy stealing, Gale 1974).
  [[nodiscard]] bool known_nonzero(Key bar) const { return chomp_word_is_rectangle(bar) && bar != kChompPoisonWord; }
  [[nodiscard]] std::size_t option_count(Key bar) const { return chomp_word_squares(bar) - 1; }
  // Row 0's bites first, then row 1's, ..., each row's from its first
  // column outwards: the first leave small bars, cheap to value (the plain
  // mex takes them in this order; the pruned search orders them by size,
  // this order breaking ties). f gets the part an option leaves, canonical,
  // or none for the poisoned square alone, and may return false to stop.
  template <class F>
  void for_each_option_parts(Key bar, F&& f) const {
    chomp_word_for_each_bite(bar, [&](ChompWord option) {
      if (option == kChompPoisonWord) return give_option(f, std::span<const Key>());
      const Key part = chomp_word_canonical(option);
      return give_option(f, std::span<const Key>(&part, 1));
    });
  }
};

class ChompBox;

// Chomp as a game of the registry (`grundy value chomp 6x7`): a position is
// a bar, numbered by SearchedGame. A bar whose bounding box is small enough
// is valued with every bar of that box at once (chomp_box.hpp), the box kept
// for the next question; a larger one by the component search. Safe to use
// from several threads.
class ChompGame final : public SearchedGame<ChompBar, ChompBarHash, ChompRules> {
 public:
  // A bar's box is valued whole when its values fit the search's memory
  // bound (`memory_bytes`: the budget's, --memory) and it holds at most this many
  // times the bars within the bar itself (all of them for a whole bar; a
  // thin L within a large box goes to the search, which meets few).
  static constexpr std::uint64_t kBoxBarsPerBarWithin = 8;
  // Whether a bar is valued by its box (the rule above).
  [[nodiscard]] static bool valued_by_box(const ChompBar& bar, std::size_t memory_bytes);

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
  [[nodiscard]] ChompWord search_key(const ChompBar& b) const override { return chomp_word_of(b); }
  [[nodiscard]] std::vector<ChompBar> option_states(const ChompBar& b) const override;
  [[nodiscard]] std::size_t state_size(const ChompBar& b) const override { return b.squares(); }
  [[nodiscard]] std::optional<Nimber> value_outside_search(const ChompBar& b) const override;

 private:
  mutable std::mutex box_mutex_;
  mutable std::shared_ptr<const ChompBox> box_;  // the last box valued
};

// The family in the registry (registry.hpp).
extern const GameFamily kChompFamily;

}  // namespace grundy
