#include "grundy/games/cram.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <span>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "grundy/drawing.hpp"
#include "grundy/error.hpp"
#include "grundy/hash_mix.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/search/transposition_table.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"

namespace grundy {

namespace {

CellSet all_cells(unsigned cells) { return cells == 128 ? ~CellSet{0} : (CellSet{1} << cells) - 1; }

// Column 0 of every row of a board w wide.
CellSet first_column(unsigned height, unsigned width) {
  CellSet m = 0;
  for (unsigned r = 0; r < height; ++r) m |= CellSet{1} << (r * width);
  return m;
}

unsigned lowest_bit(CellSet s) {
  const auto low = static_cast<std::uint64_t>(s);
  return low != 0 ? static_cast<unsigned>(__builtin_ctzll(low))
                  : 64 + static_cast<unsigned>(__builtin_ctzll(static_cast<std::uint64_t>(s >> 64)));
}

unsigned bit_count(CellSet s) {
  return static_cast<unsigned>(__builtin_popcountll(static_cast<std::uint64_t>(s)) +
                               __builtin_popcountll(static_cast<std::uint64_t>(s >> 64)));
}

// Row r of a board (its width bits), and a board made of rows.
std::uint64_t row_of(const CramBoard& b, unsigned r) {
  const std::uint64_t mask = b.width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << b.width) - 1;
  return static_cast<std::uint64_t>(b.empty >> (r * b.width)) & mask;
}

// The lowest `width` bits of x in the reverse order (width <= 64).
std::uint64_t reverse_bits(std::uint64_t x, unsigned width) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
  x = __builtin_bswap64(x);
  return x >> (64 - width);
}

// The board turned a quarter about its diagonal: rows become columns.
CramBoard transposed(const CramBoard& b) {
  CramBoard out{b.width, b.height, 0};
  for (unsigned r = 0; r < b.height; ++r)
    for (std::uint64_t row = row_of(b, r); row != 0; row &= row - 1) {
      const auto c = static_cast<unsigned>(__builtin_ctzll(row));
      out.empty |= CellSet{1} << (c * out.width + r);
    }
  return out;
}

// The least of the board's 4 images under reflections of its columns and of
// its rows (rows are at most 64 cells wide here).
CramBoard least_reflection(const CramBoard& b) {
  const unsigned h = b.height, w = b.width;
  CellSet images[4] = {0, 0, 0, 0};  // as is, columns reflected, rows reflected, both
  for (unsigned r = 0; r < h; ++r) {
    const std::uint64_t row = row_of(b, r);
    const std::uint64_t reversed = reverse_bits(row, w);
    images[0] |= CellSet{row} << (r * w);
    images[1] |= CellSet{reversed} << (r * w);
    images[2] |= CellSet{row} << ((h - 1 - r) * w);
    images[3] |= CellSet{reversed} << ((h - 1 - r) * w);
  }
  return CramBoard{b.height, b.width, *std::min_element(images, images + 4)};
}

// The empty cells of s with an empty neighbour on each side (Bits: CellSet,
// or std::uint64_t for boards of at most 64 cells; `left` and `right` are
// the board's first and last columns).
template <class Bits>
struct Neighbours {
  Bits right, left, below, above;
  Neighbours(Bits s, unsigned h, unsigned w, Bits left_column, Bits right_column)
      : right(s & ((s >> 1) & ~right_column)),
        left(s & ((s << 1) & ~left_column)),
        below(h > 1 ? s & (s >> w) : Bits{0}),
        above(h > 1 ? s & (s << w) : Bits{0}) {}
};

// The empty cells of s with the cells that change no value taken off:
// - redundant leaves: a leaf is an empty cell with one empty neighbour (its
//   centre); when a centre has two or more leaves, the dominoes on it and
//   any of its leaves leave the same position but for single cells (no
//   move, value 0), so all its leaves but one can go;
// - bridges: an empty cell, not a leaf, whose empty neighbours are all
//   centres. A domino on it and a centre C leaves C's leaf alone, the same
//   position as the domino on C and its leaf leaves without the bridge; by
//   induction the bridge changes no option's value, so it can go.
// Both as Beling's Cram solver reduces "stars" and "bridges" (igsolve); the
// test holds the value of a board against the nim-sum of its parts' by
// brute force. Fewer cells, more parts, and more parts of one form.
template <class Bits>
Bits reduced(Bits s, unsigned h, unsigned w, Bits left_column, Bits right_column) {
  const Neighbours<Bits> n(s, h, w, left_column, right_column);
  const Bits two_or_more = (n.right & n.left) | (n.below & n.above) | ((n.right | n.left) & (n.below | n.above));
  const Bits leaves = (n.right ^ n.left ^ n.below ^ n.above) & ~two_or_more;
  // The centre of each leaf, direction by direction: a leaf whose centre
  // already has one goes.
  Bits centres = 0, extra = 0;
  if (h > 1) centres = (leaves & n.below) << w;
  const Bits from_left = (leaves & n.right) << 1;
  extra |= (from_left & centres) >> 1;
  centres |= from_left;
  if (h > 1) {
    const Bits from_above = (leaves & n.above) >> w;
    extra |= (from_above & centres) << w;
    centres |= from_above;
  }
  const Bits from_right = (leaves & n.left) >> 1;
  extra |= (from_right & centres) << 1;
  centres |= from_right;
  // Cells neither leaves nor centres with no neighbour of their kind: every
  // neighbour is a centre (a leaf's one neighbour is its centre).
  Bits bridges = s & ~(leaves | centres);
  Bits near_one = ((bridges >> 1) & ~right_column) | ((bridges << 1) & ~left_column);
  if (h > 1) near_one |= bridges >> w | bridges << w;
  bridges &= ~near_one;
  return s & ~(extra | bridges);
}

// The left cells of the horizontal dominoes of s that can be cut without
// changing a value: in a 2 x 2 square of empty cells whose two corners on a
// diagonal have no other empty neighbour, a horizontal domino leaves the
// same shape as the vertical one beside it (one cell hanging on the far
// corner), so the horizontal ones can be left out, and the cells on either
// side of them split into parts (Beling's Cram solver cuts the same links).
template <class Bits>
Bits cut_links(const Neighbours<Bits>& n, unsigned h, unsigned w) {
  if (h < 2 || w < 2) return 0;
  // Corners open only inside the square: top left, bottom right, top right, bottom left.
  const Bits tl = n.right & n.below & ~n.left & ~n.above, br = n.left & n.above & ~n.right & ~n.below;
  const Bits tr = n.left & n.below & ~n.right & ~n.above, bl = n.right & n.above & ~n.left & ~n.below;
  const Bits squares = (tl & (br >> (w + 1))) | ((tr >> 1) & (bl >> w));  // by their top left cell
  return squares | squares << w;
}

// Calls emit(region) for each part of the empty cells s that holds a move:
// s reduced, then split into regions of empty cells joined by the links not
// cut; a region split off by a cut link is reduced and split again.
template <class Bits, class Emit>
void for_each_region(Bits s, unsigned h, unsigned w, Bits left_column, Bits right_column, Emit&& emit) {
  s = reduced(s, h, w, left_column, right_column);
  const Neighbours<Bits> n(s, h, w, left_column, right_column);
  const Bits cut = cut_links(n, h, w);
  const Bits link_right = n.right & ~cut;
  for (Bits rest = s; rest != 0;) {
    Bits region = rest & (~rest + 1);
    for (;;) {
      // Rightward along a whole run of links at once: adding the region's
      // cells that have a link to the links carries from each such cell
      // through the run of links above it, so the bits the sum changes are
      // the cells from it to the run's end (one step a loop took a step a cell).
      Bits grown = region | ((link_right + (region & link_right)) ^ link_right) | ((region >> 1) & link_right);
      if (h > 1) grown |= region << w | region >> w;  // (a board one row high may be 128 wide: no shift by 128)
      grown &= s;
      if (grown == region) break;
      region = grown;
    }
    rest &= ~region;
    if ((region & (region - 1)) == 0) continue;  // one cell: no move
    if (cut != 0 && region != s)
      for_each_region(region, h, w, left_column, right_column, emit);
    else
      emit(region);
  }
}

// Boards of at most 64 cells, the common case of a search, on one machine
// word: the same regions and forms as the CellSet code, several times faster.
namespace word {

std::uint64_t all_cells(unsigned cells) { return cells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells) - 1; }

// Column 0 of a board w wide and 64 / w high, for each w (every option of a
// search asks it).
constexpr std::array<std::uint64_t, 65> kFirstColumns = [] {
  std::array<std::uint64_t, 65> columns{};
  for (unsigned w = 1; w <= 64; ++w)
    for (unsigned i = 0; i < 64; i += w) columns[w] |= std::uint64_t{1} << i;
  return columns;
}();

std::uint64_t first_column(unsigned height, unsigned width) { return kFirstColumns[width] & all_cells(height * width); }

// The row of cell i on a board w wide, by a multiplication: ceil(2^16 / w)
// is close enough to 2^16 / w that i < 64 times it, shifted, is i / w (a
// division took a sixth of the time of splitting an option into regions).
constexpr std::array<std::uint32_t, 65> kRowReciprocals = [] {
  std::array<std::uint32_t, 65> r{};
  for (std::uint32_t w = 1; w <= 64; ++w) r[w] = (65536 + w - 1) / w;
  return r;
}();
constexpr unsigned row_of_cell(unsigned i, unsigned w) { return (i * kRowReciprocals[w]) >> 16; }
static_assert([] {
  for (unsigned w = 1; w <= 64; ++w)
    for (unsigned i = 0; i < 64; ++i)
      if (row_of_cell(i, w) != i / w) return false;
  return true;
}());

// The rows in the reverse order (a reflection in the horizontal axis).
std::uint64_t rows_reversed(std::uint64_t x, unsigned h, unsigned w) {
  const std::uint64_t row = all_cells(w);
  std::uint64_t out = 0;
  for (unsigned r = 0; r < h; ++r) out |= (x >> (r * w) & row) << ((h - 1 - r) * w);
  return out;
}

// Row by row: cell (r, c) goes to (c, r), bit c * h + r (no division).
std::uint64_t transposed(std::uint64_t x, unsigned h, unsigned w) {
  const std::uint64_t row_mask = all_cells(w);
  std::uint64_t out = 0;
  for (unsigned r = 0; r < h; ++r)
    for (std::uint64_t row = x >> (r * w) & row_mask; row != 0; row &= row - 1)
      out |= std::uint64_t{1} << (static_cast<unsigned>(__builtin_ctzll(row)) * h + r);
  return out;
}

// The least of the 4 reflections of an h x w board: as is, rows reversed,
// turned half a turn (all its bits reversed), and both.
std::uint64_t least_reflection(std::uint64_t x, unsigned h, unsigned w) {
  const std::uint64_t flipped = rows_reversed(x, h, w);
  return std::min({x, flipped, reverse_bits(x, h * w), reverse_bits(flipped, h * w)});
}

CramBoard canonical(std::uint64_t x, unsigned h, unsigned w) {
  if (h > w) {
    x = transposed(x, h, w);
    std::swap(h, w);
  }
  std::uint64_t best = least_reflection(x, h, w);
  if (h == w) best = std::min(best, least_reflection(transposed(x, h, w), h, w));
  return CramBoard{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), CellSet{best}};
}

void regions(const CramBoard& board, std::vector<CramBoard>& out) {
  const unsigned h = board.height, w = board.width;
  const std::uint64_t left = first_column(h, w), right = left << (w - 1);
  const std::uint64_t empty = static_cast<std::uint64_t>(board.empty) & all_cells(h * w);
  for_each_region(empty, h, w, left, right, [&](std::uint64_t region) {
    // The bounding box: rows from the lowest and highest cell, columns from
    // the rows' union.
    const unsigned top = row_of_cell(static_cast<unsigned>(__builtin_ctzll(region)), w);
    const unsigned bottom = row_of_cell(63 - static_cast<unsigned>(__builtin_clzll(region)), w);
    if ((region & left) != 0 && (region & right) != 0) {  // (the common case: as wide as the board)
      out.push_back(canonical(region >> (top * w), bottom - top + 1, w));
      return;
    }
    const std::uint64_t row_mask = all_cells(w);
    std::uint64_t columns = 0;
    for (unsigned r = top; r <= bottom; ++r) columns |= region >> (r * w) & row_mask;
    const auto first = static_cast<unsigned>(__builtin_ctzll(columns));
    const unsigned width = 64 - static_cast<unsigned>(__builtin_clzll(columns)) - first;
    std::uint64_t part = 0;
    for (unsigned r = top; r <= bottom; ++r) part |= (region >> (r * w) & row_mask) >> first << ((r - top) * width);
    out.push_back(canonical(part, bottom - top + 1, width));
  });
}

}  // namespace word

// (Cells compared by value: a reference to a board's cells would be a
// 16-byte-aligned reference to an 8-byte-aligned number.)
bool less(const CramBoard& a, const CramBoard& b) {
  if (a.height != b.height) return a.height < b.height;
  if (a.width != b.width) return a.width < b.width;
  const CellSet x = a.empty, y = b.empty;
  return x < y;
}

// A board of one row wider than 64 cells (1 x 65 to 1 x 128), or its
// reflection, whichever is less.
CramBoard least_reflection_wide(const CramBoard& b) {
  CramBoard reflected{b.height, b.width, 0};
  for (CellSet s = b.empty; s != 0; s &= s - 1) reflected.empty |= CellSet{1} << (b.width - 1 - lowest_bit(s));
  return less(reflected, b) ? reflected : b;
}

}  // namespace

unsigned CramBoard::empty_cells() const { return bit_count(empty); }

HalfTurn cram_half_turn(const CramBoard& board) {
  const unsigned h = board.height, w = board.width, cells = h * w;
  const CellSet empty = cells == 0 ? CellSet{0} : board.empty & all_cells(cells);
  if (empty == 0) return HalfTurn::second_player_wins;  // (no move)
  // The half turn takes cell i to cells - 1 - i: the cells' bits reversed.
  CellSet turned;
  if (cells <= 64) {
    turned = reverse_bits(static_cast<std::uint64_t>(empty), cells);
  } else {
    const CellSet all = CellSet{reverse_bits(static_cast<std::uint64_t>(empty), 64)} << 64 |
                        reverse_bits(static_cast<std::uint64_t>(empty >> 64), 64);
    turned = all >> (128 - cells);
  }
  if (turned != empty) return HalfTurn::not_decided;
  const auto is_empty = [&](unsigned r, unsigned c) { return (empty >> (r * w + c) & 1) != 0; };
  if (h % 2 == 0 && w % 2 == 0) return HalfTurn::second_player_wins;
  if (h % 2 == 1 && w % 2 == 1) return is_empty(h / 2, w / 2) ? HalfTurn::not_decided : HalfTurn::second_player_wins;
  // One side odd: the central pair lies along the even side.
  const bool pair = h % 2 == 1 ? is_empty(h / 2, w / 2 - 1) && is_empty(h / 2, w / 2)
                               : is_empty(h / 2 - 1, w / 2) && is_empty(h / 2, w / 2);
  return pair ? HalfTurn::first_player_wins : HalfTurn::second_player_wins;
}

std::size_t CramRules::option_count(const CramBoard& board) const {
  const unsigned h = board.height, w = board.width;
  const CellSet s = board.empty & all_cells(h * w);
  const CellSet right = first_column(h, w) << (w - 1);
  const CellSet lying = s & (s >> 1) & ~right;  // left cells of horizontal dominoes
  const CellSet standing = h > 1 ? s & (s >> w) : CellSet{0};
  return bit_count(lying) + bit_count(standing);
}

std::size_t CramBoardHash::operator()(const CramBoard& b) const {
  // (The high half and the shape are folded in by multiplication: one
  // finaliser then spreads every input bit; the search hashes every part.)
  const std::uint64_t shape = std::uint64_t{b.height} << 8 | b.width;
  const auto low = static_cast<std::uint64_t>(b.empty), high = static_cast<std::uint64_t>(b.empty >> 64);
  return static_cast<std::size_t>(mix64(low ^ (high * 0x9e3779b97f4a7c15ULL) ^ (shape * 0xc2b2ae3d27d4eb4fULL)));
}

CramBoard parse_cram_board(std::string_view text) {
  const std::size_t x = text.find('x');
  if (x != std::string_view::npos && text.find_first_of("./#") == std::string_view::npos) {
    const auto h = parse_u64(text.substr(0, x));
    const auto w = parse_u64(text.substr(x + 1));
    const auto digits_only = [](std::string_view s) {
      return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
    };
    if ((!h || !w) && digits_only(text.substr(0, x)) && digits_only(text.substr(x + 1)))
      throw InputError(
          fmt::format("Cram board {}: too many cells, and a board holds at most {}", quote(text), kCramMaxCells));
    if (!h || !w || *h == 0 || *w == 0)
      throw InputError(
          fmt::format("Cram board {}: expected HxW with two whole numbers >= 1, such as 5x7", quote(text)));
    if (*h > kCramMaxCells || *w > kCramMaxCells || *h * *w > kCramMaxCells)
      throw InputError(
          fmt::format("Cram board {}: {} cells, and a board holds at most {}", quote(text),
                      *h > kCramMaxCells || *w > kCramMaxCells ? std::string("too many") : fmt::format("{}", *h * *w),
                      kCramMaxCells));
    const auto hh = static_cast<unsigned>(*h), ww = static_cast<unsigned>(*w);
    return CramBoard{static_cast<std::uint8_t>(hh), static_cast<std::uint8_t>(ww), all_cells(hh * ww)};
  }
  // "5*7", "5X7": a size written another way.
  if (text.find_first_of("./#") == std::string_view::npos && text.find_first_of("0123456789") != std::string_view::npos)
    throw InputError(
        fmt::format("Cram board {}: expected HxW with two whole numbers >= 1, such as 5x7, or rows of "
                    "'.' (empty) and '#' (blocked) joined by '/'",
                    quote(text)));
  std::vector<std::string_view> rows;
  for (std::size_t start = 0;;) {
    const std::size_t slash = text.find('/', start);
    rows.push_back(text.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  const std::size_t width = rows.front().size();
  std::size_t column = 1;  // of the text, from 1
  for (const std::string_view row : rows) {
    if (row.empty())
      throw InputError(
          fmt::format("Cram board {}, at character {}: an empty row; expected rows of '.' (empty) and "
                      "'#' (blocked) joined by '/', or HxW such as 5x7",
                      quote(text), column));
    if (row.size() != width)
      throw InputError(
          fmt::format("Cram board {}, at character {}: a row of {} cell{} after rows of {}; every row "
                      "is as wide as the first",
                      quote(text), column, row.size(), row.size() == 1 ? "" : "s", width));
    for (std::size_t i = 0; i < row.size(); ++i)
      if (row[i] != '.' && row[i] != '#')
        throw InputError(
            fmt::format("Cram board {}, at character {}: {} is not a cell; expected '.' (empty) or "
                        "'#' (blocked)",
                        quote(text), column + i, quote(row.substr(i, 1))));
    column += row.size() + 1;
  }
  if (rows.size() * width > kCramMaxCells)
    throw InputError(fmt::format("Cram board {}: {} cells, and a board holds at most {}", quote(text),
                                 rows.size() * width, kCramMaxCells));
  CramBoard b{static_cast<std::uint8_t>(rows.size()), static_cast<std::uint8_t>(width), 0};
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < width; ++c)
      if (rows[r][c] == '.') b.empty |= CellSet{1} << (r * width + c);
  return b;
}

std::string format_cram_board(const CramBoard& board) {
  std::string text;
  for (unsigned r = 0; r < board.height; ++r) {
    if (r > 0) text += '/';
    for (unsigned c = 0; c < board.width; ++c) text += board.is_empty(r, c) ? '.' : '#';
  }
  return text;
}

CramBoard canonical_cram_board(const CramBoard& board) {
  if (unsigned{board.height} * board.width <= 64)
    return word::canonical(static_cast<std::uint64_t>(board.empty), board.height, board.width);
  // The least image is the least high: a board higher than wide is turned,
  // a square one tried both ways.
  if (board.width > 64) return least_reflection_wide(board);
  if (board.height > board.width) {
    const CramBoard turned = transposed(board);
    return turned.width > 64 ? least_reflection_wide(turned) : least_reflection(turned);
  }
  const CramBoard best = least_reflection(board);
  if (board.height < board.width) return best;
  const CramBoard other = least_reflection(transposed(board));
  return less(other, best) ? other : best;
}

std::vector<CramBoard> cram_regions(const CramBoard& board) {
  std::vector<CramBoard> regions;
  append_cram_regions(board, regions);
  return regions;
}

void append_cram_regions(const CramBoard& board, std::vector<CramBoard>& regions) {
  const unsigned h = board.height, w = board.width;
  if (h * w <= 64) {
    word::regions(board, regions);
    return;
  }
  const CellSet left = first_column(h, w);  // column 0
  const CellSet right = left << (w - 1);    // column w - 1
  for_each_region(board.empty & all_cells(h * w), h, w, left, right, [&](CellSet region) {
    // The region's bounding box, row by row (a region of a board wider than
    // 64 cells is one row: its cells are the set itself).
    CramBoard part;
    if (w > 64) {
      const unsigned first = lowest_bit(region);
      unsigned last = first;
      for (CellSet s = region; s != 0; s &= s - 1) last = lowest_bit(s);
      part = CramBoard{1, static_cast<std::uint8_t>(last - first + 1), region >> first};
    } else {
      const CramBoard whole{board.height, board.width, region};
      unsigned top = h, bottom = 0;
      std::uint64_t columns = 0;
      for (unsigned r = 0; r < h; ++r)
        if (const std::uint64_t row = row_of(whole, r); row != 0) {
          top = std::min(top, r);
          bottom = r;
          columns |= row;
        }
      const auto first = static_cast<unsigned>(__builtin_ctzll(columns));
      const unsigned width = 64 - static_cast<unsigned>(__builtin_clzll(columns)) - first;
      part = CramBoard{static_cast<std::uint8_t>(bottom - top + 1), static_cast<std::uint8_t>(width), 0};
      for (unsigned r = top; r <= bottom; ++r) part.empty |= CellSet{row_of(whole, r) >> first} << ((r - top) * width);
    }
    regions.push_back(canonical_cram_board(part));
  });
}

}  // namespace grundy

namespace grundy {

namespace {

// A board in a title: "4x5" when it is its whole empty rectangle, which says
// more at a glance than rows of dots; its rows otherwise.
std::string cram_title(const CramBoard& b) {
  const unsigned cells = unsigned{b.height} * b.width;
  const bool full = cells > 0 && b.empty == all_cells(cells);
  return full ? fmt::format("{}x{}", b.height, b.width) : format_cram_board(b);
}

}  // namespace

std::string CramGame::state_title(const CramBoard& b) const { return cram_title(b); }

std::string CramGame::value_task(const CramBoard&, const std::string& title) const {
  return fmt::format("valuing the cram board {}", title);
}

void CramTableRecord::write(const CramBoard& b, std::uint64_t entry, std::span<unsigned char> out) {
  out[0] = b.height;
  out[1] = b.width;
  for (unsigned i = 0; i < 16; ++i) out[2 + i] = static_cast<unsigned char>(b.empty >> (8 * i));
  for (unsigned i = 0; i < 8; ++i) out[18 + i] = static_cast<unsigned char>(entry >> (8 * i));
}

std::pair<CramBoard, std::uint64_t> CramTableRecord::read(std::span<const unsigned char> record) {
  CramBoard b{record[0], record[1], 0};
  for (unsigned i = 0; i < 16; ++i) b.empty |= CellSet{record[2 + i]} << (8 * i);
  const unsigned cells = unsigned{b.height} * b.width;
  if (b.height == 0 || b.width == 0 || cells > kCramMaxCells || (b.empty & ~all_cells(cells)) != 0)
    throw std::invalid_argument("is not a board");
  std::uint64_t entry = 0;
  for (unsigned i = 0; i < 8; ++i) entry |= std::uint64_t{record[18 + i]} << (8 * i);
  // (The top bit marks values excluded; a value itself is at most the
  // number of moves, under 256.)
  if (entry < (std::uint64_t{1} << 63) && entry > 255)
    throw std::invalid_argument(
        fmt::format("has the value {}, more than a region of {} cells can have", entry, b.empty_cells()));
  return {b, entry};
}

std::string CramGame::move_rule() const {
  return "a move places a domino on two empty cells side by side or one above the other";
}

std::vector<CramBoard> CramGame::option_states(const CramBoard& b) const {
  std::vector<CramBoard> out;
  CramRules{}.for_each_option(b, [&](const CramBoard& o) { out.push_back(o); });
  return out;
}

// The board's rows, and a move for each domino: cells r * width + c, as
// the board's rows are drawn (not in canonical form).
Drawing CramGame::drawing(Position p) const {
  const CramBoard from = board(p);
  Drawing d;
  d.kind = Drawing::Kind::grid;
  d.moves_place_pieces = true;
  const std::string text = format_cram_board(from);  // rows joined by '/'
  for (std::size_t at = 0; at <= text.size(); at += from.width + 1u) d.rows.push_back(text.substr(at, from.width));
  const std::lock_guard lock(search_mutex());
  auto place = [&](unsigned a, unsigned b) {
    CramBoard to = from;
    to.empty = to.empty & ~(CellSet{1} << a | CellSet{1} << b);
    d.moves.push_back({{a, b}, {number(to)}});
  };
  for (unsigned r = 0; r < from.height; ++r) {
    for (unsigned c = 0; c < from.width; ++c) {
      if (!from.is_empty(r, c)) continue;
      const unsigned cell = r * from.width + c;
      if (c + 1 < from.width && from.is_empty(r, c + 1)) place(cell, cell + 1);
      if (r + 1 < from.height && from.is_empty(r + 1, c)) place(cell, cell + from.width);
    }
  }
  return d;
}

std::string CramGame::why_not_option(Position from, std::span<const Position> to) const {
  if (to.size() != 1) return fmt::format("a move here leaves one board, not {}", to.size());
  const CramBoard a = board(from), b = board(to.front());
  if (a.height != b.height || a.width != b.width)
    return fmt::format("a move keeps the board's shape: {} x {} cannot become {} x {}", a.height, a.width, b.height,
                       b.width);
  if ((b.empty & ~a.empty) != 0) return "a move fills cells, and never empties one";
  const CellSet filled = a.empty & ~b.empty;
  if (filled == 0) return "a move must place a domino: the board is unchanged";
  const unsigned count = bit_count(filled);
  const unsigned first = lowest_bit(filled);
  const unsigned cells = unsigned{a.height} * a.width;
  const bool side_by_side = first % a.width + 1 < a.width && (filled >> (first + 1) & 1) != 0;
  const bool one_above = first + a.width < cells && (filled >> (first + a.width) & 1) != 0;  // no shift past the board
  const bool pair = count == 2 && (side_by_side || one_above);
  if (!pair)
    return fmt::format("a move fills two neighbouring cells, not {} cell{} like these", count, count == 1 ? "" : "s");
  return {};
}

namespace {

std::unique_ptr<Game> parse_cram(const SpecText& spec) {
  spec.expect_no_params();
  return std::make_unique<CramGame>();
}

}  // namespace

const GameFamily kCramFamily{"cram",
                             "cram",
                             "Cram: place a domino on two neighbouring empty cells of a board; a position is HxW "
                             "(an empty board) or its rows, '.' empty and '#' blocked, such as ..#./..../....",
                             "cram",
                             parse_cram,
                             /*reads_file=*/false,
                             /*theorem=*/{},
                             /*census_codes=*/nullptr,
                             /*max_census_digits=*/0,
                             /*example_positions=*/"4x5 2x3"};

}  // namespace grundy
