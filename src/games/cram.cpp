#include "grundy/games/cram.hpp"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
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

// The image of `b` under symmetry k of the rectangle: bit 1 reflects the
// columns, bit 2 the rows, bit 4 transposes (after the reflections).
CramBoard image(const CramBoard& b, unsigned k) {
  const unsigned h = b.height, w = b.width;
  const bool transpose = (k & 4) != 0;
  CramBoard out{transpose ? b.width : b.height, transpose ? b.height : b.width, 0};
  for (CellSet s = b.empty; s != 0; s &= s - 1) {
    const unsigned i = lowest_bit(s);
    unsigned r = i / w, c = i % w;
    if ((k & 1) != 0) c = w - 1 - c;
    if ((k & 2) != 0) r = h - 1 - r;
    if (transpose) std::swap(r, c);
    out.empty |= CellSet{1} << (r * out.width + c);
  }
  return out;
}

bool less(const CramBoard& a, const CramBoard& b) {
  return std::tie(a.height, a.width, a.empty) < std::tie(b.height, b.width, b.empty);
}

}  // namespace

unsigned CramBoard::empty_cells() const { return bit_count(empty); }

std::size_t CramBoardHash::operator()(const CramBoard& b) const {
  // splitmix64's finaliser over both halves and the shape.
  auto mix = [](std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  const std::uint64_t shape = std::uint64_t{b.height} << 8 | b.width;
  return static_cast<std::size_t>(mix(static_cast<std::uint64_t>(b.empty) ^ mix(static_cast<std::uint64_t>(b.empty >> 64) ^ mix(shape))));
}

CramBoard parse_cram_board(std::string_view text) {
  const std::size_t x = text.find('x');
  if (x != std::string_view::npos && text.find_first_of("./#") == std::string_view::npos) {
    const auto h = parse_u64(text.substr(0, x));
    const auto w = parse_u64(text.substr(x + 1));
    if (!h || !w || *h == 0 || *w == 0)
      throw InputError(fmt::format("Cram board {}: expected HxW with two whole numbers >= 1, such as 5x7", quote(text)));
    if (*h > kCramMaxCells || *w > kCramMaxCells || *h * *w > kCramMaxCells)
      throw InputError(fmt::format("Cram board {}: {} cells, and a board holds at most {}", quote(text),
                                   *h > kCramMaxCells || *w > kCramMaxCells ? std::string("too many") : fmt::format("{}", *h * *w),
                                   kCramMaxCells));
    const auto hh = static_cast<unsigned>(*h), ww = static_cast<unsigned>(*w);
    return CramBoard{static_cast<std::uint8_t>(hh), static_cast<std::uint8_t>(ww), all_cells(hh * ww)};
  }
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
      throw InputError(fmt::format("Cram board {}, at character {}: an empty row; expected rows of '.' (empty) and "
                                   "'#' (blocked) joined by '/', or HxW such as 5x7",
                                   quote(text), column));
    if (row.size() != width)
      throw InputError(fmt::format("Cram board {}, at character {}: a row of {} cells after rows of {}; every row "
                                   "is as wide as the first",
                                   quote(text), column, row.size(), width));
    for (std::size_t i = 0; i < row.size(); ++i)
      if (row[i] != '.' && row[i] != '#')
        throw InputError(fmt::format("Cram board {}, at character {}: {} is not a cell; expected '.' (empty) or "
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
  CramBoard best = board;
  for (unsigned k = 1; k < 8; ++k) {
    const CramBoard other = image(board, k);
    if (less(other, best)) best = other;
  }
  return best;
}

std::vector<CramBoard> cram_regions(const CramBoard& board) {
  const unsigned h = board.height, w = board.width;
  const CellSet inside = all_cells(h * w);
  const CellSet left = first_column(h, w);               // column 0
  const CellSet right = left << (w - 1);                 // column w - 1
  std::vector<CramBoard> regions;
  for (CellSet rest = board.empty; rest != 0;) {
    CellSet region = CellSet{1} << lowest_bit(rest);
    for (;;) {
      const CellSet grown = (region | (region & ~right) << 1 | (region & ~left) >> 1 | region << w | region >> w) &
                            board.empty & inside;
      if (grown == region) break;
      region = grown;
    }
    rest &= ~region;
    if ((region & (region - 1)) == 0) continue;  // one cell: no move
    unsigned top = h, bottom = 0, first = w, last = 0;
    for (CellSet s = region; s != 0; s &= s - 1) {
      const unsigned i = lowest_bit(s);
      top = std::min(top, i / w);
      bottom = std::max(bottom, i / w);
      first = std::min(first, i % w);
      last = std::max(last, i % w);
    }
    CramBoard part{static_cast<std::uint8_t>(bottom - top + 1), static_cast<std::uint8_t>(last - first + 1), 0};
    for (CellSet s = region; s != 0; s &= s - 1) {
      const unsigned i = lowest_bit(s);
      part.empty |= CellSet{1} << ((i / w - top) * part.width + (i % w - first));
    }
    regions.push_back(canonical_cram_board(part));
  }
  return regions;
}

}  // namespace grundy
