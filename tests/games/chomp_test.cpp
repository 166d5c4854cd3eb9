// Chomp through SearchedGame and the component search, held against a brute
// force written here from the rule alone (a memoised mex over bars as lists
// of row lengths: no mirror images, no theorems), and against two theorems
// of the literature: a whole rectangle is a first-player win (Gale 1974)
// and the two-row bars with second-player wins are those whose top row is
// one square shorter than the bottom one (Zeilberger, "Three-rowed Chomp",
// 2001, recalls it).
#include "grundy/games/chomp.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/drawing.hpp"
#include "grundy/error.hpp"
#include "grundy/games/chomp_box.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/spec.hpp"
#include "grundy/sum.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;
using Rows = std::vector<int>;  // from the poisoned square's row up, no zeros

// Every bar a bite leaves: square (i, j) but the poisoned one, with every
// square above and to its right.
std::vector<Rows> bites(const Rows& rows) {
  std::vector<Rows> out;
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int j = i == 0 ? 1 : 0; j < rows[i]; ++j) {
      Rows left = rows;
      for (std::size_t k = i; k < left.size(); ++k) left[k] = std::min(left[k], j);
      while (!left.empty() && left.back() == 0) left.pop_back();
      out.push_back(left);
    }
  return out;
}

class BruteChomp {
 public:
  unsigned value(const Rows& rows) {
    if (const auto it = values_.find(rows); it != values_.end()) return it->second;
    std::vector<bool> seen(1024, false);
    for (const Rows& o : bites(rows)) seen[value(o)] = true;
    unsigned mex = 0;
    while (seen[mex]) ++mex;
    values_.emplace(rows, mex);
    return mex;
  }
  // Misère: a P-position has a move and every move leaves an N-position.
  bool misere_p(const Rows& rows) {
    if (const auto it = misere_.find(rows); it != misere_.end()) return it->second;
    const std::vector<Rows> all = bites(rows);
    bool p = !all.empty();
    for (const Rows& o : all)
      if (misere_p(o)) p = false;
    misere_.emplace(rows, p);
    return p;
  }

 private:
  std::map<Rows, unsigned> values_;
  std::map<Rows, bool> misere_;
};

std::string text_of(const Rows& rows) {
  std::string text;
  for (const int r : rows) text += fmt::format("{}{}", text.empty() ? "" : ",", r);
  return text;
}

// Every bar of at most h rows of at most w squares.
void every_bar(int h, int w, const std::function<void(const Rows&)>& f) {
  Rows rows;
  const std::function<void(int)> grow = [&](int most) {
    if (!rows.empty()) f(rows);
    if (static_cast<int>(rows.size()) == h) return;
    for (int r = 1; r <= most; ++r) {
      rows.push_back(r);
      grow(r);
      rows.pop_back();
    }
  };
  grow(w);
}

TEST(Chomp, EveryBarUpTo6x7AgreesWithTheBruteForce) {
  const auto game = parse_game("chomp");
  BruteChomp brute;
  int bars = 0;
  int zeros = 0;
  every_bar(6, 7, [&](const Rows& rows) {
    const unsigned expected = brute.value(rows);
    ++bars;
    zeros += expected == 0 ? 1 : 0;
    ASSERT_EQ(game->value(game->parse_position(text_of(rows))).value(), expected) << text_of(rows);
  });
  EXPECT_EQ(bars, 1715);  // C(13, 6) - 1: every path through a 6 x 7 box but the empty one
  EXPECT_GT(zeros, 50);
}

// The game searches by the plain mex (ChompRules::kMethod); the pruned
// search, on the same rules, agrees with the brute force too.
TEST(Chomp, BothSearchMethodsAgreeWithTheBruteForce) {
  BruteChomp brute;
  ComponentSearch<ChompRules> plain(ChompRules{}, SearchMethod::plain), pruned(ChompRules{}, SearchMethod::pruned);
  int bars = 0;
  every_bar(5, 6, [&](const Rows& rows) {
    const ChompWord w = chomp_word_of(parse_chomp_bar(text_of(rows)));
    const unsigned expected = brute.value(rows);
    ASSERT_EQ(plain.value(w).value(), expected) << text_of(rows);
    ASSERT_EQ(pruned.value(w).value(), expected) << text_of(rows);
    ++bars;
  });
  EXPECT_EQ(bars, 461);  // C(11, 5) - 1
  EXPECT_GT(pruned.stats().searched, 0u);
}

TEST(Chomp, WholeBarsAreFirstPlayerWinsAndTwoRowsFollowTheirRule) {
  const auto game = parse_game("chomp");
  for (int h = 1; h <= 9; ++h)
    for (int w = 1; w <= 9; ++w) {
      const Position p = game->parse_position(fmt::format("{}x{}", h, w));
      EXPECT_EQ(game->value(p).value() != 0, h * w > 1) << h << "x" << w;
    }
  // Two rows: a second-player win exactly when the top row is one shorter.
  for (int a = 2; a <= 32; ++a)
    for (int b = 1; b <= a; ++b) {
      const bool zero = game->value(game->parse_position(fmt::format("{},{}", a, b))).value() == 0;
      EXPECT_EQ(zero, b == a - 1) << a << "," << b;
    }
}

TEST(Chomp, ABarAndItsMirrorImageHaveOneValue) {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 200; ++trial) {
    ChompBar bar;
    int last = 1 + static_cast<int>(rng() % 12);
    for (unsigned i = 0; i < 10 && last > 0; ++i) {
      bar.rows[i] = static_cast<std::uint8_t>(last);
      last = static_cast<int>(rng() % static_cast<std::uint64_t>(last + 1));
    }
    const ChompBar t = transpose_chomp_bar(bar);
    EXPECT_EQ(transpose_chomp_bar(t), bar);
    EXPECT_EQ(t.squares(), bar.squares());
    EXPECT_EQ(canonical_chomp_bar(bar), canonical_chomp_bar(t));
  }
  const auto game = parse_game("chomp");
  EXPECT_EQ(game->value(game->parse_position("5,3,3,1")), game->value(game->parse_position("4,3,3,1,1")));
}

// The search's word (chomp_word.hpp) against the bar it stands for: every
// measure, the mirror image and every bite, on random bars of the whole
// 32 x 32 box (full rows and columns included) and every bar within 5 x 5.
TEST(Chomp, TheSearchWordAgreesWithTheBar) {
  std::mt19937_64 rng(73);
  std::vector<ChompBar> bars;
  every_bar(5, 5, [&](const Rows& rows) { bars.push_back(parse_chomp_bar(text_of(rows))); });
  for (int trial = 0; trial < 3000; ++trial) {
    ChompBar bar;
    const unsigned height = 1 + static_cast<unsigned>(rng() % kChompMaxSide);
    unsigned last = trial % 3 == 0 ? kChompMaxSide : 1 + static_cast<unsigned>(rng() % kChompMaxSide);
    for (unsigned i = 0; i < height && last > 0; ++i) {
      bar.rows[i] = static_cast<std::uint8_t>(last);
      if (rng() % 4 != 0) last = static_cast<unsigned>(rng() % (last + 1));
    }
    bars.push_back(bar);
  }
  bars.push_back(parse_chomp_bar("32x32"));
  bars.push_back(parse_chomp_bar("1x1"));
  for (const ChompBar& bar : bars) {
    const std::string name = format_chomp_bar(bar);
    const ChompWord w = chomp_word_of(bar);
    ASSERT_EQ(std::popcount(w), 32) << name;
    ASSERT_EQ(chomp_bar_of(w), bar) << name;
    EXPECT_EQ(chomp_word_width(w), bar.width()) << name;
    EXPECT_EQ(chomp_word_height(w), bar.height()) << name;
    EXPECT_EQ(chomp_word_squares(w), bar.squares()) << name;
    EXPECT_EQ(chomp_word_is_rectangle(w), bar.is_rectangle()) << name;
    EXPECT_EQ(chomp_word_is_l(w), bar.height() <= 1 || bar.rows[1] <= 1) << name;
    EXPECT_EQ(chomp_bar_of(chomp_word_transpose(w)), transpose_chomp_bar(bar)) << name;
    EXPECT_EQ(chomp_word_canonical(w), chomp_word_canonical(chomp_word_of(transpose_chomp_bar(bar)))) << name;
    // Every bite, in the game's order (rows up, each row's columns outwards).
    std::vector<ChompWord> expected, listed;
    for (unsigned i = 0; i < bar.height(); ++i)
      for (unsigned j = i == 0 ? 1 : 0; j < bar.rows[i]; ++j) {
        expected.push_back(chomp_word_of(chomp_eat(bar, i, j)));
        EXPECT_EQ(chomp_word_eat(w, i, j), expected.back()) << name << " at " << i << "," << j;
      }
    chomp_word_for_each_bite(w, [&](ChompWord o) {
      listed.push_back(o);
      return true;
    });
    EXPECT_EQ(listed, expected) << name;
    EXPECT_EQ(ChompRules{}.option_count(w), expected.size()) << name;
  }
  EXPECT_EQ(chomp_word_of(ChompBar{}), kChompEmptyWord);
  EXPECT_EQ(chomp_word_of(parse_chomp_bar("1x1")), kChompPoisonWord);
  // A listing stops when asked to.
  int calls = 0;
  EXPECT_FALSE(chomp_word_for_each_bite(chomp_word_of(parse_chomp_bar("4x4")), [&](ChompWord) { return ++calls < 3; }));
  EXPECT_EQ(calls, 3);
}

TEST(Chomp, OptionsAreEveryBiteAndTheWinningOnesLeaveZero) {
  const auto game = parse_game("chomp");
  BruteChomp brute;
  every_bar(4, 5, [&](const Rows& rows) {
    const Position p = game->parse_position(text_of(rows));
    std::vector<std::string> expected, to_zero;
    for (const Rows& o : bites(rows)) {
      if (o.empty()) continue;  // (the poisoned square is never eaten)
      expected.push_back(format_chomp_bar(parse_chomp_bar(text_of(o))));
      if (brute.value(o) == 0) to_zero.push_back(expected.back());
    }
    std::vector<std::string> listed, winning;
    for (const Option& o : game->list_options(p, kNoLimit).options) listed.push_back(game->format_position(o.at(0)));
    for (const Option& o : game->options_to_value(p, Nimber{0}).options)
      winning.push_back(game->format_position(o.at(0)));
    std::sort(expected.begin(), expected.end());
    std::sort(listed.begin(), listed.end());
    EXPECT_EQ(listed, expected) << text_of(rows);
    std::sort(to_zero.begin(), to_zero.end());
    std::sort(winning.begin(), winning.end());
    EXPECT_EQ(winning, to_zero) << text_of(rows);
    // The picture offers the same moves, a square each.
    const Drawing d = game->drawing(p);
    std::vector<std::string> drawn;
    for (const DrawnMove& m : d.moves) {
      EXPECT_EQ(m.pieces.size(), 1u);
      drawn.push_back(game->format_position(m.to.at(0)));
    }
    std::sort(drawn.begin(), drawn.end());
    EXPECT_EQ(drawn, expected) << text_of(rows);
    // The poisoned square is marked: the bottom row's first cell, free, and no move's.
    ASSERT_EQ(d.marks.size(), 1u) << text_of(rows);
    const std::size_t width = d.rows.front().size(), poison = d.marks[0].piece;
    EXPECT_EQ(poison, (d.rows.size() - 1) * width) << text_of(rows);
    EXPECT_EQ(d.rows.back()[0], '.') << text_of(rows);
    EXPECT_EQ(d.marks[0].what, "the poisoned square");
    for (const DrawnMove& m : d.moves) EXPECT_NE(m.pieces.at(0), poison) << text_of(rows);
    EXPECT_FALSE(d.moves_place_pieces);
    EXPECT_EQ(game->why_not_option(p, std::vector<Position>{game->list_options(p, 1).options.empty()
                                                                ? p
                                                                : game->list_options(p, 1).options[0].at(0)}),
              expected.empty() ? "a move must eat a square: the bar is unchanged" : "");
  });
}

TEST(Chomp, MisereOutcomesAgreeWithTheBruteForce) {
  const auto game = parse_game("chomp");
  BruteChomp brute;
  MisereSearch search;
  int p_positions = 0;
  every_bar(4, 5, [&](const Rows& rows) {
    const bool expected = brute.misere_p(rows);
    p_positions += expected ? 1 : 0;
    const std::vector<Component> one{{game.get(), game->parse_position(text_of(rows))}};
    ASSERT_EQ(search.is_p_position(one), expected) << text_of(rows);
  });
  EXPECT_GT(p_positions, 5);
}

TEST(Chomp, BarsAreReadAndWrittenBack) {
  EXPECT_EQ(format_chomp_bar(parse_chomp_bar("3x4")), "3x4");
  EXPECT_EQ(format_chomp_bar(parse_chomp_bar("4,4,4")), "3x4");
  EXPECT_EQ(format_chomp_bar(parse_chomp_bar("4,4,2")), "4,4,2");
  EXPECT_EQ(parse_chomp_bar("32x32").squares(), 1024u);
  const auto error_of = [](const char* text) {
    try {
      (void)parse_chomp_bar(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(error_of("0x3"), HasSubstr("at character 1: the height '0' is not a whole number from 1 to 32"));
  EXPECT_THAT(error_of("3x33"), HasSubstr("at character 3: the width '33' is not a whole number from 1 to 32"));
  EXPECT_THAT(error_of("3,4"), HasSubstr("at character 3: row 2 has 4 squares, more than the 3 of the row below it"));
  EXPECT_THAT(error_of("3,,1"), HasSubstr("at character 3: the row '' is not a whole number"));
  EXPECT_THAT(error_of(""), HasSubstr("expected HxW"));
  std::string rows = "1";
  for (int i = 0; i < 32; ++i) rows += ",1";
  EXPECT_THAT(error_of(rows.c_str()), HasSubstr("more than 32 rows"));
}

// ChompBox (chomp_box.hpp): every bar of every box up to 6 x 7, either way
// round, against the brute force; values of one byte and of two alike.
TEST(ChompBox, EveryBarOfEveryBoxUpTo6x7AgreesWithTheBruteForce) {
  BruteChomp brute;
  for (unsigned h = 1; h <= 6; ++h)
    for (unsigned w = 1; w <= 7; ++w) {
      const ChompBox box(h, w, 1, nullptr, /*two_byte_values=*/(h + w) % 2 == 0);
      EXPECT_EQ(box.rows(), std::min(h, w));
      EXPECT_EQ(box.columns(), std::max(h, w));
      int bars = 0;
      const auto check = [&](const Rows& rows) {
        const ChompBar bar = parse_chomp_bar(text_of(rows));
        ASSERT_TRUE(box.holds(bar)) << text_of(rows);
        ASSERT_EQ(box.value(bar).value(), brute.value(rows)) << h << "x" << w << ": " << text_of(rows);
        ++bars;
      };
      every_bar(static_cast<int>(h), static_cast<int>(w), check);
      EXPECT_EQ(bars + 1, static_cast<int>(*ChompBox::bar_count(h, w))) << h << "x" << w;
      every_bar(static_cast<int>(w), static_cast<int>(h), check);  // mirror images
    }
}

// Larger boxes against the component search (held to the brute force above):
// every bar of 8x8 and of 5x11.
TEST(ChompBox, EveryBarOf8x8And5x11AgreesWithTheSearch) {
  ComponentSearch<ChompRules> search;
  for (const auto& [h, w] : {std::pair{8, 8}, std::pair{5, 11}}) {
    const ChompBox box(static_cast<unsigned>(h), static_cast<unsigned>(w), 1);
    int zeros = 0;
    every_bar(h, w, [&](const Rows& rows) {
      const ChompBar bar = parse_chomp_bar(text_of(rows));
      const Nimber v = box.value(bar);
      zeros += v.value() == 0 ? 1 : 0;
      ASSERT_EQ(v, search.value(chomp_word_of(bar))) << text_of(rows);
    });
    EXPECT_GT(zeros, 20) << h << "x" << w;
  }
}

TEST(ChompBox, HoldsABarOrItsMirrorImageAndNothingElse) {
  const ChompBox box(3, 9, 1);
  EXPECT_TRUE(box.holds(parse_chomp_bar("3x9")));
  EXPECT_TRUE(box.holds(parse_chomp_bar("9x3")));
  EXPECT_TRUE(box.holds(parse_chomp_bar("2,1,1,1,1,1,1,1,1")));
  EXPECT_FALSE(box.holds(parse_chomp_bar("4x4")));
  EXPECT_FALSE(box.holds(parse_chomp_bar("1x10")));
  EXPECT_THROW((void)box.value(parse_chomp_bar("4x4")), std::logic_error);
  EXPECT_EQ(box.value(parse_chomp_bar("3x9")), box.value(parse_chomp_bar("9x3")));
  EXPECT_THROW(ChompBox(0, 3, 1), std::invalid_argument);
  EXPECT_THROW(ChompBox(3, 33, 1), std::invalid_argument);
  EXPECT_EQ(ChompBox::bar_count(32, 32), std::uint64_t{1832624140942590534});  // C(64, 32)
  EXPECT_EQ(ChompBox::bytes_for(7, 36), std::nullopt);
  EXPECT_EQ(ChompBox::bytes_for(10, 10), 184756u);
  EXPECT_EQ(ChompBox::bytes_for(8, 32), 2 * *ChompBox::bar_count(8, 32));  // 256 squares: two bytes a value
}

// bars_within against a count of every bar of the box that fits inside.
TEST(ChompBox, BarsWithinCountsEveryBarInside) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    Rows shape;
    int last = 1 + static_cast<int>(rng() % 7);
    while (last > 0 && shape.size() < 6) {
      shape.push_back(last);
      last = static_cast<int>(rng() % static_cast<std::uint64_t>(last + 1));
    }
    std::uint64_t inside = 1;  // the empty bar
    every_bar(static_cast<int>(shape.size()), shape[0], [&](const Rows& rows) {
      bool fits = true;
      for (std::size_t i = 0; i < rows.size(); ++i) fits = fits && i < shape.size() && rows[i] <= shape[i];
      inside += fits ? 1 : 0;
    });
    EXPECT_EQ(ChompBox::bars_within(parse_chomp_bar(text_of(shape))), inside) << text_of(shape);
  }
  EXPECT_EQ(ChompBox::bars_within(parse_chomp_bar("9x11")), *ChompBox::bar_count(9, 11));
  EXPECT_EQ(ChompBox::bars_within(parse_chomp_bar("32x32")), *ChompBox::bar_count(32, 32));
}

// The game values small boxes whole and leaves the rest to the search: a
// thin bar in a large box, or a box past the memory bound.
TEST(Chomp, SmallBoxesAreValuedWholeAndTheRestSearched) {
  const std::size_t machine = machine_table_bytes();
  EXPECT_TRUE(ChompGame::valued_by_box(parse_chomp_bar("11x11"), machine));
  EXPECT_TRUE(ChompGame::valued_by_box(parse_chomp_bar("9,9,9,9,9,9,9,9,9,9,9,2"), machine));
  std::string thin = "32";  // an L: a row of 32 and a column of 32
  for (int i = 1; i < 32; ++i) thin += ",1";
  EXPECT_FALSE(ChompGame::valued_by_box(parse_chomp_bar(thin), machine));
  EXPECT_FALSE(ChompGame::valued_by_box(parse_chomp_bar("32x32"), machine));  // 1.8 * 10^18 bars
  const auto game = parse_game("chomp");
  EXPECT_EQ(game->value(game->parse_position(thin)).value(), 0u);  // 31 ^ 31: two equal arms
  // A bar with few bars inside its box goes to the search: two long rows
  // and a long column (871 bars within; C(24, 12) in its box).
  const Rows comb{12, 12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  const ChompBar bar = parse_chomp_bar(text_of(comb));
  EXPECT_EQ(ChompBox::bars_within(bar), 871u);
  EXPECT_FALSE(ChompGame::valued_by_box(bar, machine));
  BruteChomp brute;
  EXPECT_EQ(game->value(game->parse_position(text_of(comb))).value(), brute.value(comb));
  // A memory bound below a box's bytes leaves it to the search too.
  constexpr std::size_t kSmall = std::size_t{1} << 10;
  EXPECT_FALSE(ChompGame::valued_by_box(parse_chomp_bar("6x7"), kSmall));  // C(13, 6) = 1,716 bytes
  EXPECT_TRUE(ChompGame::valued_by_box(parse_chomp_bar("4x7"), kSmall));   // C(11, 4) = 330
  // A game's bound is its budget's (Game::use_budget).
  EXPECT_EQ(parse_game("chomp", ExecutionBudget{.memory_bytes = kSmall})->budget().table_bytes(), kSmall);
}

TEST(ChompBox, AnInterruptStopsTheBox) {
  request_interrupt();
  EXPECT_THROW(ChompBox(10, 10, 2), Interrupted);
  clear_interrupt();
  EXPECT_EQ(ChompBox(10, 10, 2).value(parse_chomp_bar("10x10")).value(), 19u);
}

}  // namespace
}  // namespace grundy
