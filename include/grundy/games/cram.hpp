#pragma once
// Cram: on a board of empty and blocked cells, a move places a domino on two
// adjacent empty cells (side by side or one above the other); whoever cannot
// move loses. The empty regions are independent parts of the position, and a
// region's value does not change under the symmetries of its rectangle, so
// the search (component_search.hpp) values each region once, in canonical
// form. Published values: Beling's igsolve tables and Glop's records
// (docs/games/cram.md).
//
// A board is at most kCramMaxCells cells: its empty cells are a 128-bit set,
// bit r * width + c for row r and column c.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "grundy/search/component_search.hpp"
#include "grundy/game.hpp"
#include "grundy/game_family.hpp"
#include "grundy/search/searched_game.hpp"

namespace grundy {

__extension__ using CellSet = unsigned __int128;  // GCC's and Clang's 128-bit integer

inline constexpr unsigned kCramMaxCells = 128;

// The cells as a CramBoard holds them: 8-byte aligned (x86-64 reads such a
// 128-bit number as well as a 16-byte aligned one), so that a board is 24
// bytes, not 32, and a search table's slot 40, not 48. Copy them to a
// CellSet before binding a reference (std::tie, std::min): a CellSet& must
// be 16-byte aligned.
__extension__ typedef unsigned __int128 PackedCellSet __attribute__((aligned(8)));

struct CramBoard {
  std::uint8_t height = 0;
  std::uint8_t width = 0;
  PackedCellSet empty = 0;  // the empty cells
  friend bool operator==(const CramBoard&, const CramBoard&) = default;

  [[nodiscard]] bool is_empty(unsigned row, unsigned column) const {
    return (empty >> (row * width + column) & 1) != 0;
  }
  [[nodiscard]] unsigned empty_cells() const;
};

struct CramBoardHash {
  [[nodiscard]] std::size_t operator()(const CramBoard& b) const;
};

// "HxW" (an empty H x W board) or its rows, top first, joined by '/': '.'
// an empty cell, '#' a blocked one ("..#./..../...."). Throws InputError
// saying where and what was expected. O(|text|).
[[nodiscard]] CramBoard parse_cram_board(std::string_view text);
// The rows form of a board, which parse_cram_board reads back.
[[nodiscard]] std::string format_cram_board(const CramBoard& board);

// The least of the board's images under the 8 symmetries of its rectangle
// (ordered by height, width, then cells), so symmetric boards share it.
// O(8 x cells).
[[nodiscard]] CramBoard canonical_cram_board(const CramBoard& board);

// The regions of 4-connected empty cells of a board that hold a move, each
// cut to its bounding box and in canonical form; single cells (no move,
// value 0) are left out. O(cells x regions).
// The mirror strategy. When a board's empty cells are the same after a
// half turn about its centre, the second player can answer each domino by
// its image, which is free, unless a domino can be its own image (two
// central cells side by side, on a board with one side odd and one even)
// or overlap it (on the central cell of a board with both sides odd). So
// the board is a second-player win (value 0) when no such domino fits:
// both sides even, or the central pair or cell not empty; and a
// first-player win (value not 0) when the central pair is empty: the first
// player takes it and then mirrors (docs/games/cram.md). A board with both
// sides odd and its central cell empty is decided by neither.
enum class HalfTurn { not_decided, second_player_wins, first_player_wins };
[[nodiscard]] HalfTurn cram_half_turn(const CramBoard& board);

[[nodiscard]] std::vector<CramBoard> cram_regions(const CramBoard& board);
// The same regions appended to `out` (a search reuses one vector).
void append_cram_regions(const CramBoard& board, std::vector<CramBoard>& out);

// The search table's slot of a board of at most 64 cells in 16 bytes, not
// the 40 of a CramBoard, its entry and weight: the cells in one word, and
// the height, width, weight and entry in the other. A large search waits on
// its table's memory more than on anything else, and its table fills most
// of the memory it touches (4x11: 3.4 million parts). The entry keeps its
// flag and 43 low bits: a "not in S" fact forgets the values from 43 up,
// which leaves it true; a value is at most the part's options (112 on 64
// cells), well below 2^43.
struct CramSmallSlots {
  struct Slot {
    std::uint64_t cells = 0;
    std::uint64_t meta = 0;  // weight: bits 0-5 (0: free), height 6-12, width 13-19, excluded 20, entry 21-63
  };
  static constexpr unsigned kMaxWeight = 63;
  static constexpr unsigned kEntryBits = 43;
  [[nodiscard]] static bool fits(const CramBoard& b) { return unsigned{b.height} * b.width <= 64; }
  [[nodiscard]] static std::uint64_t shape(const CramBoard& b) {
    return (std::uint64_t{b.height} | std::uint64_t{b.width} << 7) << 6;
  }
  [[nodiscard]] static bool holds(const Slot& s, const CramBoard& b) {
    return s.cells == static_cast<std::uint64_t>(b.empty) && (s.meta & kShapeBits) == shape(b);
  }
  [[nodiscard]] static std::uint8_t weight(const Slot& s) { return static_cast<std::uint8_t>(s.meta & 63); }
  [[nodiscard]] static std::uint64_t value(const Slot& s) {
    const std::uint64_t entry = s.meta >> 21;
    return (s.meta & kExcludedBit) != 0 ? entry | kSearchEntryExcluded : entry;
  }
  [[nodiscard]] static CramBoard key(const Slot& s) {
    return CramBoard{static_cast<std::uint8_t>(s.meta >> 6 & 127), static_cast<std::uint8_t>(s.meta >> 13 & 127),
                     s.cells};
  }
  [[nodiscard]] static Slot make(const CramBoard& b, std::uint64_t entry, std::uint8_t weight) {
    const std::uint64_t flag = (entry & kSearchEntryExcluded) != 0 ? kExcludedBit : 0;
    const std::uint64_t low = entry & ((std::uint64_t{1} << kEntryBits) - 1);
    return Slot{static_cast<std::uint64_t>(b.empty), weight | shape(b) | flag | low << 21};
  }

 private:
  static constexpr std::uint64_t kShapeBits = std::uint64_t{0x3FFF} << 6;
  static constexpr std::uint64_t kExcludedBit = std::uint64_t{1} << 20;
};

// Cram for ComponentSearch: parts are canonical regions.
struct CramRules {
  // No state: several threads may list options at once (a search on every core).
  static constexpr bool kThreadSafe = true;
  using Key = CramBoard;
  using KeyHash = CramBoardHash;
  using SmallSlots = CramSmallSlots;
  [[nodiscard]] std::vector<Key> components(const Key& board) const { return cram_regions(board); }
  [[nodiscard]] std::size_t size(const Key& board) const { return board.empty_cells(); }
  // Boards the mirror strategy decides (cram_half_turn): 0, or not 0.
  [[nodiscard]] std::optional<std::uint64_t> known_value(const Key& board) const {
    if (cram_half_turn(board) == HalfTurn::second_player_wins) return 0;
    return std::nullopt;
  }
  [[nodiscard]] bool known_nonzero(const Key& board) const {
    return cram_half_turn(board) == HalfTurn::first_player_wins;
  }
  // The moves from the centre of the board outward: columns in the order
  // middle, one after, one before, ..., in each column its cells in the same
  // order from the middle row. On a board of odd height each cell gives its
  // standing domino (across the board's short side: a canonical board is
  // no higher than wide) before its lying one; on a board of even height
  // every standing domino comes first, then every lying one (standing
  // dominoes can fill its columns: 4x9 and 4x11 search 13% and 21% fewer
  // parts that way; boards 5 high searched 14 to 53% more, so odd heights
  // keep the first order). The search tries options of equal cost in this
  // order; central dominoes cut a board into parts, which are cheaper to
  // value (docs/search.md has the orders measured).
  // (f may return false to stop the listing.)
  template <class F>
  void for_each_option(const Key& board, F&& f) const {
    const unsigned w = board.width, h = board.height;
    // The top cells of the standing dominoes that fit, and the left cells of
    // the lying ones, found once as two words each (a board has at most 128
    // cells), instead of two cells of the 128-bit board tested per domino:
    // 4x11 on one thread took 0.97 to 0.99 of the time (medians of pairs).
    const CellSet empty = board.empty;
    CellSet right_column = 0;
    for (unsigned r = 0; r < h; ++r) right_column |= CellSet{1} << (r * w + w - 1);
    const CellSet standing_cells = h > 1 ? empty & (empty >> w) : CellSet{0};
    const CellSet lying_cells = empty & (empty >> 1) & ~right_column;
    const std::uint64_t standing_words[2] = {static_cast<std::uint64_t>(standing_cells),
                                             static_cast<std::uint64_t>(standing_cells >> 64)};
    const std::uint64_t lying_words[2] = {static_cast<std::uint64_t>(lying_cells),
                                          static_cast<std::uint64_t>(lying_cells >> 64)};
    const auto fits = [](const std::uint64_t(&words)[2], unsigned i) { return (words[i / 64] >> (i % 64) & 1) != 0; };
    // Each gives f the domino on (r, c) and the cell below or to its right,
    // when both are empty; false when f says to stop.
    const auto standing = [&](unsigned r, unsigned c) {
      const unsigned i = r * w + c;
      if (!fits(standing_words, i)) return true;
      const CellSet here = CellSet{1} << i;
      return give_option(f, CramBoard{board.height, board.width, empty & ~(here | here << w)});
    };
    const auto lying = [&](unsigned r, unsigned c) {
      const unsigned i = r * w + c;
      if (!fits(lying_words, i)) return true;
      const CellSet here = CellSet{1} << i;
      return give_option(f, CramBoard{board.height, board.width, empty & ~(here | here << 1)});
    };
    if (h % 2 == 1) {
      for (unsigned j = 0; j < w; ++j)
        for (unsigned i = 0; i < h; ++i)
          if (!standing(outward(i, h), outward(j, w)) || !lying(outward(i, h), outward(j, w))) return;
      return;
    }
    for (unsigned j = 0; j < w; ++j)
      for (unsigned i = 0; i < h; ++i)
        if (!standing(outward(i, h), outward(j, w))) return;
    for (unsigned j = 0; j < w; ++j)
      for (unsigned i = 0; i < h; ++i)
        if (!lying(outward(i, h), outward(j, w))) return;
  }
  // The same options, each given as its regions (one vector for all, kept
  // for the next listing at the same depth of a search: no allocation).
  template <class F>
  void for_each_option_parts(const Key& board, F&& f) const {
    thread_local std::deque<std::vector<CramBoard>> pool;  // (a deque: its vectors stay put as it grows)
    thread_local std::size_t depth = 0;
    if (pool.size() <= depth) pool.emplace_back();
    std::vector<CramBoard>& parts = pool[depth];
    struct Level {
      std::size_t& depth;
      explicit Level(std::size_t& d) : depth(d) { ++depth; }
      ~Level() { --depth; }
      Level(const Level&) = delete;
      Level& operator=(const Level&) = delete;
    } level(depth);
    for_each_option(board, [&](const CramBoard& option) {
      parts.clear();
      append_cram_regions(option, parts);
      return give_option(f, std::span<const CramBoard>(parts));
    });
  }
  // The number of dominoes that fit the board's empty cells.
  [[nodiscard]] std::size_t option_count(const Key& board) const;

 private:
  // The i-th of 0..n-1 counted from the middle outward: (n-1)/2, then one
  // after, one before, ... (for n = 4: 1, 2, 0, 3).
  static unsigned outward(unsigned i, unsigned n) {
    const unsigned middle = (n - 1) / 2;
    return i % 2 == 1 ? middle + (i + 1) / 2 : middle - i / 2;
  }
};

// The format of Cram's table file (searched_game.hpp, search_table_file.hpp):
// the line "grundy search table: cram 3", then 26 bytes a region: height,
// width, its 16 bytes of cells (bit r * width + c, least significant byte
// first), and its 8-byte table entry (a value, or the values it is known not
// to have), little-endian; then the file's checksum (TableChecksum). Format
// 1 had records of 19 bytes, format 2 no checksum.
struct CramTableRecord {
  static constexpr std::string_view kName = "cram";
  static constexpr int kFormat = 3;
  static constexpr std::size_t kBytes = 26;
  static void write(const CramBoard& b, std::uint64_t entry, std::span<unsigned char> out);
  // std::invalid_argument for a record that is no region or whose value no
  // region of its size can have.
  static std::pair<CramBoard, std::uint64_t> read(std::span<const unsigned char> record);
};

// Cram as a game of the registry (`grundy value cram 5x7`): a position is a
// board, numbered by SearchedGame (searched_game.hpp), which gives values,
// options, misère sums and the table file from CramRules and
// CramTableRecord. This class adds the board's text and its drawing. Safe
// to use from several threads (one lock).
class CramGame final : public SearchedGame<CramBoard, CramBoardHash, CramRules, CramTableRecord> {
 public:
  [[nodiscard]] std::string spec() const override { return "cram"; }
  [[nodiscard]] std::string_view component_noun() const override { return "board"; }
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] std::string why_not_option(Position from, std::span<const Position> to) const override;
  // A grid: its rows, and each domino's two cells.
  [[nodiscard]] Drawing drawing(Position p) const override;

  // The board numbered p.
  [[nodiscard]] CramBoard board(Position p) const { return state(p); }

 protected:
  // "HxW" or rows ("..#./...."); throws InputError.
  [[nodiscard]] CramBoard parse_state(std::string_view text) const override { return parse_cram_board(text); }
  [[nodiscard]] std::string format_state(const CramBoard& b) const override { return format_cram_board(b); }
  [[nodiscard]] CramBoard search_key(const CramBoard& b) const override { return b; }
  // The boards a move leads to, in CramRules' order.
  [[nodiscard]] std::vector<CramBoard> option_states(const CramBoard& b) const override;
  [[nodiscard]] std::size_t state_size(const CramBoard& b) const override { return b.empty_cells(); }
  // "4x5" for a whole empty board, its rows otherwise.
  [[nodiscard]] std::string state_title(const CramBoard& b) const override;
  [[nodiscard]] std::string value_task(const CramBoard& b, const std::string& title) const override;
};

// The family in the registry (registry.hpp).
extern const GameFamily kCramFamily;

}  // namespace grundy
