#include "grundy/games/chomp.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "grundy/drawing.hpp"
#include "grundy/error.hpp"
#include "grundy/games/chomp_box.hpp"
#include "grundy/hash_mix.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/spec.hpp"

namespace grundy {

unsigned ChompBar::height() const {
  unsigned h = 0;
  while (h < kChompMaxSide && rows[h] != 0) ++h;
  return h;
}

unsigned ChompBar::squares() const {
  unsigned n = 0;
  for (const std::uint8_t r : rows) n += r;
  return n;
}

bool ChompBar::is_rectangle() const {
  const unsigned h = height();
  return h > 0 && rows[h - 1] == rows[0];
}

std::size_t ChompBarHash::operator()(const ChompBar& b) const {
  std::uint64_t h = kHashSeed;
  for (std::size_t i = 0; i < kChompMaxSide; i += 8) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 8; ++k) word |= std::uint64_t{b.rows[i + k]} << (8 * k);
    h = mix_in(h, word);
  }
  return static_cast<std::size_t>(h);
}

namespace {

constexpr const char* kExpected =
    "expected HxW (a whole bar: H rows of W squares, each from 1 to 32) or the rows' lengths from the poisoned "
    "square's row up, joined by ',' (such as 4,4,2), each at most the one before";

// A side or a row's length, from 1 to 32 (`what` names it in the message).
unsigned side(std::string_view whole, std::string_view word, std::size_t at, std::string_view what) {
  const std::optional<std::uint64_t> n = parse_u64(word);
  if (!n || *n < 1 || *n > kChompMaxSide)
    throw InputError(fmt::format("chomp bar {}, at character {}: {} {} is not a whole number from 1 to {}; {}",
                                 quote(whole), at + 1, what, quote(word), kChompMaxSide, kExpected));
  return static_cast<unsigned>(*n);
}

}  // namespace

ChompBar parse_chomp_bar(std::string_view text) {
  ChompBar bar;
  if (const std::size_t x = text.find('x'); x != std::string_view::npos) {
    const unsigned h = side(text, text.substr(0, x), 0, "the height");
    const unsigned w = side(text, text.substr(x + 1), x + 1, "the width");
    for (unsigned i = 0; i < h; ++i) bar.rows[i] = static_cast<std::uint8_t>(w);
    return bar;
  }
  unsigned count = 0;
  for (std::size_t start = 0;;) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (count == kChompMaxSide)
      throw InputError(fmt::format("chomp bar {}, at character {}: more than {} rows; {}", quote(text), start + 1,
                                   kChompMaxSide, kExpected));
    const unsigned r = side(text, text.substr(start, comma - start), start, "the row");
    if (count > 0 && r > bar.rows[count - 1])
      throw InputError(
          fmt::format("chomp bar {}, at character {}: row {} has {} squares, more than the {} of the row "
                      "below it; {}",
                      quote(text), start + 1, count + 1, r, bar.rows[count - 1], kExpected));
    bar.rows[count++] = static_cast<std::uint8_t>(r);
    if (comma == text.size()) break;
    start = comma + 1;
  }
  return bar;
}

std::string format_chomp_bar(const ChompBar& bar) {
  if (bar.is_rectangle()) return fmt::format("{}x{}", bar.height(), bar.width());
  std::string text;
  for (unsigned i = 0; i < bar.height(); ++i) text += fmt::format("{}{}", i == 0 ? "" : ",", bar.rows[i]);
  return text;
}

ChompBar transpose_chomp_bar(const ChompBar& bar) {
  ChompBar t;
  // Column j's height: the rows longer than j (rows never grow upwards).
  for (unsigned j = 0; j < bar.width(); ++j) {
    unsigned h = 0;
    while (h < kChompMaxSide && bar.rows[h] > j) ++h;
    t.rows[j] = static_cast<std::uint8_t>(h);
  }
  return t;
}

ChompBar canonical_chomp_bar(const ChompBar& bar) {
  return std::min(bar, transpose_chomp_bar(bar), [](const ChompBar& a, const ChompBar& b) { return a.rows < b.rows; });
}

ChompBar chomp_eat(const ChompBar& bar, unsigned row, unsigned column) {
  ChompBar left = bar;
  for (unsigned i = row; i < kChompMaxSide && left.rows[i] > column; ++i)
    left.rows[i] = static_cast<std::uint8_t>(column);
  return left;
}

ChompWord chomp_word_of(const ChompBar& bar) {
  ChompWord w = 0;
  for (unsigned i = 0; i < kChompMaxSide; ++i) w |= chomp_row_bit(i, bar.rows[i]);
  return w;
}

ChompBar chomp_bar_of(ChompWord word) {
  // Row i's step down is the (i + 1)-th one from the top, at r_i + 31 - i.
  ChompBar bar;
  for (unsigned i = 0; i < kChompMaxSide; ++i) {
    const unsigned t = chomp_top_bit(word);
    bar.rows[i] = static_cast<std::uint8_t>(t + i - 31u);
    word &= ~(ChompWord{1} << t);
  }
  return bar;
}

std::string ChompGame::move_rule() const {
  return "a move eats a square other than the poisoned corner, with every square above it and to its right";
}

std::vector<ChompBar> ChompGame::option_states(const ChompBar& b) const {
  std::vector<ChompBar> out;
  // Row 0's bites first, then row 1's, ..., each row's from its first column
  // (the search's order, ChompRules).
  for (unsigned i = 0; i < kChompMaxSide && b.rows[i] != 0; ++i)
    for (unsigned j = i == 0 ? 1 : 0; j < b.rows[i]; ++j) out.push_back(chomp_eat(b, i, j));
  return out;
}

std::string ChompGame::why_not_option(Position from, std::span<const Position> to) const {
  if (to.size() != 1) return fmt::format("a move here leaves one bar, not {}", to.size());
  const ChompBar a = state(from), b = state(to.front());
  for (unsigned i = 0; i < kChompMaxSide; ++i)
    if (b.rows[i] > a.rows[i]) return "a move eats squares, and never brings one back";
  if (a == b) return "a move must eat a square: the bar is unchanged";
  // The lowest row the move changed, and its new length, name the square eaten.
  unsigned row = 0;
  while (a.rows[row] == b.rows[row]) ++row;
  if (row == 0 && b.rows[0] == 0) return "the poisoned square is never eaten: the player left with it alone has lost";
  if (chomp_eat(a, row, b.rows[row]) == b) return {};
  return fmt::format(
      "a bite takes a square with every square above it and to its right; eating row {}, column {} "
      "leaves {}, not {}",
      row + 1, b.rows[row] + 1u, quote(format_chomp_bar(chomp_eat(a, row, b.rows[row]))), quote(format_chomp_bar(b)));
}

bool ChompGame::valued_by_box(const ChompBar& bar, std::size_t memory_bytes) {
  const unsigned h = bar.height(), w = bar.width();
  if (h == 0) return false;
  const std::optional<std::uint64_t> bytes = ChompBox::bytes_for(h, w);
  if (!bytes || *bytes > memory_bytes) return false;
  const std::uint64_t within = ChompBox::bars_within(bar);
  return *ChompBox::bar_count(h, w) / kBoxBarsPerBarWithin <= within;
}

std::optional<Nimber> ChompGame::value_outside_search(const ChompBar& b) const {
  const std::lock_guard lock(box_mutex_);
  if (box_ && box_->holds(b)) return box_->value(b);
  if (!valued_by_box(b, budget().table_bytes())) return std::nullopt;
  const unsigned h = b.height(), w = b.width();
  // A box of some seconds or more says how far it is.
  std::optional<LongTask> task;
  if (*ChompBox::bar_count(h, w) >= (std::uint64_t{1} << 24))
    task.emplace(fmt::format("valuing chomp {}: every bar of its {}x{} box at once", format_chomp_bar(b), h, w));
  box_ = std::make_shared<const ChompBox>(h, w, budget().search_threads(), task ? &*task : nullptr);
  return box_->value(b);
}

Drawing ChompGame::drawing(Position p) const {
  const ChompBar bar = state(p);
  Drawing d;
  d.kind = Drawing::Kind::grid;
  d.how_to_move =
      "click a square: it is eaten with every square above it and to its right (never the poisoned "
      "square, bottom left)";
  const unsigned h = bar.height(), w = bar.width();
  for (unsigned r = 0; r < h; ++r) {  // drawn top row first
    const unsigned row = h - 1 - r;
    std::string line(w, '#');
    std::fill_n(line.begin(), bar.rows[row], '.');
    d.rows.push_back(std::move(line));
  }
  if (h > 0) d.marks.push_back({std::size_t{h - 1} * w, "the poisoned square"});  // row 0, column 0, drawn last
  const std::lock_guard lock(search_mutex());
  for (unsigned r = 0; r < h; ++r)
    for (unsigned c = 0; c < w; ++c) {
      const unsigned row = h - 1 - r;
      if (c >= bar.rows[row] || (row == 0 && c == 0)) continue;
      d.moves.push_back({{std::size_t{r} * w + c}, {number(chomp_eat(bar, row, c))}});
    }
  return d;
}

namespace {

std::unique_ptr<Game> parse_chomp(const SpecText& spec) {
  spec.expect_no_params();
  return std::make_unique<ChompGame>();
}

}  // namespace

const GameFamily kChompFamily{"chomp",
                              "chomp",
                              "Chomp: eat a square of a chocolate bar and every square above and right of it, "
                              "never the poisoned corner; a position is HxW (a whole bar) or its rows from the "
                              "bottom, such as 4,4,2",
                              "chomp",
                              parse_chomp,
                              /*reads_file=*/false,
                              /*theorem=*/{},
                              /*census_codes=*/nullptr,
                              /*max_census_digits=*/0,
                              /*example_positions=*/"4x5 3,2"};

}  // namespace grundy
