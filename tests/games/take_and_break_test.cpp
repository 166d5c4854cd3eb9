// Moves of take-and-break games in sums: every winning move analyze_sum
// lists, against the options written out from the code's digits here and
// the values the truth tests check (take_and_break_truth_test.cpp).

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/pattern.hpp"
#include "grundy/spec.hpp"
#include "grundy/sum.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;

// Every option of heap n under `digits` (bit k of digit i: removing i may
// leave k non-empty heaps), each as its sorted heaps, with nothing shared
// with the library's enumeration.
std::set<Option> options_by_rule(const std::vector<unsigned>& digits, Position n, bool unequal) {
  std::set<Option> out;
  for (Position i = 0; i < digits.size() && i <= n; ++i) {
    const Position r = n - i;
    if ((digits[i] & 1) && r == 0) out.insert(Option{});  // not insert({}), an empty list
    if ((digits[i] & 2) && r > 0 && i > 0) out.insert({r});
    if (digits[i] & 4)
      for (Position a = 1; a < r; ++a)
        if (!unequal || 2 * a != r) out.insert(a <= r - a ? Option{a, r - a} : Option{r - a, a});
    if (digits[i] & 8)
      for (Position a = 1; a < r; ++a)
        for (Position b = 1; a + b < r; ++b) {
          Option o{a, b, r - a - b};
          std::sort(o.begin(), o.end());
          out.insert(o);
        }
  }
  return out;
}

struct Family {
  std::string spec;
  std::vector<unsigned> digits;
  bool unequal;
};

TEST(TakeAndBreakMoves, EveryWinningMoveOfRandomSums) {
  const std::vector<Family> families{{"kayles", {0, 7, 7}, false},
                                     {"octal:0.137", {0, 1, 3, 7}, false},
                                     {"octal:4.06", {4, 0, 6}, false},
                                     {"hex:0.9F", {0, 9, 15}, false},
                                     {"grundy-game", {4}, true}};
  std::mt19937_64 rng(17);
  for (const Family& f : families) {
    const auto game = parse_game(f.spec);
    for (int trial = 0; trial < 60; ++trial) {
      std::vector<Component> sum;
      const std::size_t size = 1 + rng() % 3;
      for (std::size_t c = 0; c < size; ++c) sum.push_back({game.get(), rng() % 30});
      const SumAnalysis a = analyze_sum(sum);
      std::set<std::pair<std::size_t, Option>> expected;
      for (std::size_t c = 0; c < sum.size(); ++c)
        for (const Option& o : options_by_rule(f.digits, sum[c].position, f.unequal)) {
          Nimber left = a.nim_sum ^ game->value(sum[c].position);
          for (Position h : o) left ^= game->value(h);
          if (left.is_zero()) expected.insert({c, o});
        }
      std::set<std::pair<std::size_t, Option>> got;
      for (const Move& m : a.winning_moves) {
        EXPECT_EQ(m.from, sum[m.component].position);
        got.insert({m.component, m.to});
      }
      EXPECT_EQ(got.size(), a.winning_moves.size()) << f.spec << ": a move listed twice";
      EXPECT_EQ(got, expected) << f.spec << " trial " << trial;
      EXPECT_TRUE(a.unlisted.empty());
    }
  }
}

TEST(TakeAndBreakMoves, EveryListedOptionIsAMoveAndTheTotalCountsThem) {
  for (const char* spec : {"kayles", "octal:0.137", "octal:4.06", "hex:0.9F", "grundy-game", "octal:0.0"}) {
    const auto game = parse_game(spec);
    for (Position n = 0; n < 40; ++n) {
      const OptionSample all = game->list_options(n, kNoLimit);
      ASSERT_TRUE(all.complete()) << spec << " " << n;
      EXPECT_EQ(game->has_move(n), !all.options.empty()) << spec << " " << n;
      for (const Option& o : all.options)
        EXPECT_TRUE(game->is_option(n, o)) << spec << " " << n << " -> " << game->format_option(o);
      const OptionSample first = game->list_options(n, 3);
      EXPECT_EQ(first.total, all.total);
      EXPECT_EQ(first.options,
                std::vector<Option>(all.options.begin(),
                                    all.options.begin() +
                                        std::min<std::ptrdiff_t>(3, static_cast<std::ptrdiff_t>(all.options.size()))));
    }
  }
}

TEST(TakeAndBreakMoves, WhyNotSaysWhatIsWrong) {
  const auto kayles = parse_game("kayles");
  EXPECT_THAT(kayles->why_not_option(5, Option{1, 6}), HasSubstr("hold more than the heap of 5"));
  EXPECT_THAT(kayles->why_not_option(9, Option{}), HasSubstr("does not let a move take 9 tokens and leave 0"));
  EXPECT_THAT(kayles->why_not_option(9, Option{9}), HasSubstr("must change the heap"));
  EXPECT_EQ(kayles->why_not_option(9, Option{5, 3}), "");  // any order
  EXPECT_EQ(kayles->normalize_option(Option{5, 0, 3}), (Option{3, 5}));
  const auto grundy = parse_game("grundy-game");
  EXPECT_THAT(grundy->why_not_option(8, Option{4, 4}), HasSubstr("unequal"));
  EXPECT_EQ(grundy->why_not_option(8, Option{3, 5}), "");
  EXPECT_EQ(kayles->format_option(Option{}), "nothing");
  EXPECT_EQ(kayles->format_option(Option{3, 5}), "3 + 5");
}

TEST(TakeAndBreakMoves, BadCodesSayWhatIsWrong) {
  auto error_of = [](const char* spec) {
    try {
      (void)parse_game(spec);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(error_of("octal:0.78"), HasSubstr("'8' at character 10 is not an octal digit (0-7)"));
  EXPECT_THAT(error_of("octal:1.7"), HasSubstr("must be 0 or 4"));
  EXPECT_THAT(error_of("hex:1.7"), HasSubstr("must be 0, 4, 8 or C"));
  EXPECT_THAT(error_of("octal:"), HasSubstr("the code '' has no digits"));
  EXPECT_THAT(error_of("octal:."), HasSubstr("the code '.' has no digits"));
  EXPECT_THAT(error_of("octal:+0.7"), HasSubstr("'+' at character 7 is not a digit"));
  EXPECT_THAT(error_of("octal:00.7"), HasSubstr("one digit goes before the point, not 2"));
  EXPECT_EQ(parse_game("octal:0.7" + std::string(70, '0'))->spec(), "octal:0.7");
  EXPECT_THAT(error_of("octal"), HasSubstr("expected octal:CODE"));
  EXPECT_THAT(error_of("octal:0.7.7"), HasSubstr("a second point at character 10"));
  EXPECT_THAT(error_of("octal:0.77 "), HasSubstr("' ' at character 11 is not an octal digit"));
  EXPECT_THAT(error_of("octal:77"), HasSubstr("has no point"));
  EXPECT_THAT(error_of("hex:0.G"), HasSubstr("not a hexadecimal digit"));
  EXPECT_THAT(error_of("kayles:3"), HasSubstr("kayles takes no parameters"));
  EXPECT_THAT(error_of(("octal:0." + std::string(65, '7')).c_str()),
              HasSubstr("number 65 after the point; grundy takes at most 64"));
  // Found by a review: these were accepted, and a non-ASCII character was shown by its first byte.
  EXPECT_THAT(error_of("octal:0."), HasSubstr("the code '0.' has no digit after the point: write 0.0 when"));
  EXPECT_THAT(error_of("octal:4."), HasSubstr("the code '4.' has no digit after the point"));
  EXPECT_THAT(error_of("hex:C."), HasSubstr("the code 'C.' has no digit after the point"));
  EXPECT_THAT(error_of("octal:0.7\xC3\xA9"), HasSubstr("'\xC3\xA9' at character 10 is not an octal digit"));
  EXPECT_THAT(error_of("octal:\xC3\xA9.7"), HasSubstr("'\xC3\xA9' at character 7 is not a digit"));
  EXPECT_EQ(parse_game("octal:4")->spec(), "octal:4.0");
  EXPECT_EQ(parse_game("octal:0." + std::string(64, '7'))->spec(), "octal:0." + std::string(64, '7'));
}

TEST(TakeAndBreakMoves, ProvenPeriodAnswersEveryHeap) {
  const auto kayles = parse_game("kayles");
  // G(n) = G(71 + (n - 71) % 12) past the preperiod (A002186).
  EXPECT_EQ(kayles->value(1000000000000000000ull), kayles->value(71 + (1000000000000000000ull - 71) % 12));
  EXPECT_EQ(kayles->value(~std::uint64_t{0}), kayles->value(71 + (~std::uint64_t{0} - 71) % 12));
  const Pattern p = find_pattern(*kayles);
  EXPECT_EQ(p.preperiod, 71u);
  EXPECT_EQ(p.period, 12u);
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.proof_bound, 2u * 71 + 2 * 12 + 2);  // 2e + 2p + t values
  // Grundy's game has no theorem: its rule is never proven, and a heap
  // beyond the table is refused rather than guessed.
  const auto grundy = parse_game("grundy-game");
  EXPECT_FALSE(find_pattern(*grundy, 2000).proven);
  EXPECT_THROW((void)grundy->value(~std::uint64_t{0}), LimitError);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// A heap far beyond any table: its value comes from the proven period, and
// its winning moves are listed from the first, the rest counted by the
// period (split_search).
TEST(TakeAndBreakMoves, HugeHeapsListTheirFirstWinningMoves) {
  const auto kayles = parse_game("kayles");
  const Position huge = ~Position{0};
  const std::vector<Component> sum{{kayles.get(), huge}, {kayles.get(), 3}};
  const SumAnalysis a = analyze_sum(sum, 5);
  ASSERT_FALSE(a.nim_sum.is_zero());
  ASSERT_FALSE(a.winning_moves.empty());
  for (const Move& m : a.winning_moves) {
    EXPECT_TRUE(kayles->is_option(m.from, m.to));
    EXPECT_EQ(a.nim_sum ^ kayles->value(m.from) ^ kayles->option_value(m.to), Nimber(0));
  }
  ASSERT_FALSE(a.unlisted.empty());
  ASSERT_TRUE(a.unlisted.front().total);  // counted
  EXPECT_GT(*a.unlisted.front().total, Position{1} << 60);
}

// The engine weighs moves of every kind, not only the first ones listed.
TEST(TakeAndBreakMoves, SampledOptionsSpreadOverEveryKindOfMove) {
  const auto kayles = parse_game("kayles");
  const std::vector<Option> sample = kayles->sample_options(100);
  EXPECT_LE(sample.size(), 64u);
  EXPECT_THAT(sample, ::testing::Contains(Option{99}));      // take 1
  EXPECT_THAT(sample, ::testing::Contains(Option{98}));      // take 2
  EXPECT_THAT(sample, ::testing::Contains(Option{49, 49}));  // take 2 from the middle
  EXPECT_THAT(sample, ::testing::Contains(Option{1, 98}));
  for (const Option& o : sample) EXPECT_TRUE(kayles->is_option(100, o));
}

// Codes whose moves leave at most one heap are proven by the window form
// of the theorem (k = 1): e + t values.
TEST(TakeAndBreakMoves, OneHeapCodesUseTheWindowBound) {
  const auto game = parse_game("octal:0.3");  // take 1: whole heap or one heap left
  const Pattern p = find_pattern(*game);
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.period, 2u);
  EXPECT_EQ(p.preperiod, 0u);
  EXPECT_THAT(p.check, HasSubstr("= e + t"));
  EXPECT_THAT(p.theorem, HasSubstr("at most t = 1 token and leaves at most 1 heap"));
}

// A table asked for in turn, G(0..last), with the last said first, stops
// at it: without the hint the doubling went on to twice the size of the
// table before it (here 8,192 values for 5,001), where each value of a game
// with no mask costs a scan of every pair. The values are the same.
TEST(TakeAndBreak, ValuesExpectedInTurnStopAtTheLastOne) {
  const auto told = parse_game("octal:0.0666");
  const auto untold = parse_game("octal:0.0666");
  const auto* told_game = dynamic_cast<const TakeAndBreakGame*>(told.get());
  const auto* untold_game = dynamic_cast<const TakeAndBreakGame*>(untold.get());
  ASSERT_NE(told_game, nullptr);
  ASSERT_NE(untold_game, nullptr);
  constexpr std::uint64_t kLast = 5000;
  told->expect_values_up_to(kLast);
  for (std::uint64_t n = 0; n <= kLast; ++n) ASSERT_EQ(told->value(n), untold->value(n)) << "n = " << n;
  EXPECT_EQ(told_game->stored_size(), kLast + 1);
  EXPECT_EQ(untold_game->stored_size(), 8192u);
  // Past the last value said, the table doubles again as before.
  (void)told->value(kLast + 1);
  EXPECT_EQ(told_game->stored_size(), 2 * (kLast + 1));
}

}  // namespace
}  // namespace grundy
