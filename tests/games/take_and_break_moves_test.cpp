// Winning moves of take-and-break games on heaps of every size: the options
// to a value that TakeAndBreakGame::options_to_value lists (through
// split_search), against the options enumerated here from the code's
// definition; and on heaps up to 2^64 - 1, where no enumeration is
// possible, against the mex rule itself: a heap of value v has an option
// of every value below v and none of value v.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "games/split_search.hpp"
#include "grundy/error.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/spec.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

constexpr Position kMax64 = std::numeric_limits<Position>::max();

// Periodic games (periods proven quickly), two- and three-heap splits,
// d0 = 4 (split without taking), long preperiods (0.7777: 142).
const std::vector<std::string> kPeriodic = {"kayles",     "dawson-kayles", "dawson-chess", "octal:0.7777", "octal:4.7",
                                            "octal:0.51", "octal:4.0",     "octal:0.35",   "octal:0.644",  "hex:0.F",
                                            "hex:0.A",    "hex:0.B",       "hex:0.D",      "hex:4.F"};

// The options of heap n in the game's order, from the code alone: by
// tokens taken i, then heaps left (none, one, two, three), then increasing
// heaps. digits[i] has bits 1, 2, 4, 8 for leaving 0, 1, 2, 3 heaps.
std::vector<Option> all_options(const std::vector<std::uint8_t>& digits, Position n) {
  std::vector<Option> out;
  for (Position i = 0; i < digits.size() && i <= n; ++i) {
    const Position r = n - i;
    if ((digits[i] & 1) != 0 && r == 0) out.push_back({});
    if ((digits[i] & 2) != 0 && r >= 1) out.push_back({r});
    if ((digits[i] & 4) != 0)
      for (Position a = 1; 2 * a <= r; ++a) out.push_back({a, r - a});
    if ((digits[i] & 8) != 0)
      for (Position a = 1; 3 * a <= r; ++a)
        for (Position b = a; a + 2 * b <= r; ++b) out.push_back({a, b, r - a - b});
  }
  return out;
}

const TakeAndBreakGame& as_take_and_break(const Game& g) { return dynamic_cast<const TakeAndBreakGame&>(g); }

// Every heap up to a few periods past the preperiod, every target value up
// to one past the largest: the list equals the enumeration filtered by
// value, in the same order, with the right total; a limit keeps its prefix.
TEST(TakeAndBreakWinningMoves, EqualTheEnumerationFromTheCode) {
  for (const std::string& spec : kPeriodic) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    const auto& digits = as_take_and_break(*game).digits();
    const bool three = as_take_and_break(*game).most_heaps_left() == 3;
    for (Position n = 0; n <= (three ? 120 : 400); ++n) {
      const std::vector<Option> options = all_options(digits, n);
      std::uint64_t largest = 0;
      for (const Option& o : options) largest = std::max(largest, game->option_value(o).value());
      for (std::uint64_t t = 0; t <= largest + 1; ++t) {
        std::vector<Option> expected;
        for (const Option& o : options)
          if (game->option_value(o).value() == t) expected.push_back(o);
        const OptionSample got = game->options_to_value(n, Nimber(t));
        ASSERT_EQ(got.options, expected) << n << " to value " << t;
        ASSERT_EQ(got.total, expected.size()) << n << " to value " << t;
        for (const std::uint64_t limit : {0ULL, 1ULL, 2ULL, 5ULL}) {
          const OptionSample cut = game->options_to_value(n, Nimber(t), limit);
          const std::size_t k = std::min<std::size_t>(limit, expected.size());
          ASSERT_EQ(cut.options,
                    std::vector<Option>(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(k)))
              << n << " to value " << t << ", limit " << limit;
        }
      }
    }
  }
}

// Heaps far past the enumerations above, where the periodic part counts
// whole progressions of splits: still every option of each value, counted
// exactly (heaps of Kayles to 20,000: 10,000 splits each).
TEST(TakeAndBreakWinningMoves, CountSplitsExactlyOnLargerHeaps) {
  for (const char* spec : {"kayles", "dawson-kayles", "octal:0.7777", "octal:4.7"}) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    const auto& digits = as_take_and_break(*game).digits();
    std::mt19937_64 rng(7);
    for (int k = 0; k < 40; ++k) {
      const Position n = 1000 + rng() % 19000;
      std::vector<std::uint64_t> count(64, 0);
      std::vector<Option> first_to_zero;
      for (const Option& o : all_options(digits, n)) {
        const std::uint64_t v = game->option_value(o).value();
        ++count.at(v);
        if (v == 0 && first_to_zero.size() < 3) first_to_zero.push_back(o);
      }
      for (std::uint64_t t = 0; t < 64; ++t) {
        const OptionSample got = game->options_to_value(n, Nimber(t), 3);
        ASSERT_EQ(got.total, count[t]) << n << " to value " << t;
        if (t == 0) {
          ASSERT_EQ(got.options, first_to_zero) << n;
        }
      }
    }
  }
}

// Counts on heaps up to 2^64 - 1, against an enumeration and a line: for
// heaps far past the preperiod e, adding 2p tokens adds one split to each
// residue class of the smaller heap, so the number of options of each
// value grows by the same amount for every 2p tokens. Enumerated at two
// moderate heaps of the same residue mod 2p, extrapolated to the huge one.
TEST(TakeAndBreakWinningMoves, CountsOnHugeHeapsFollowTheLineOfTheEnumeratedOnes) {
  std::mt19937_64 rng(3);
  for (const char* spec : {"kayles", "dawson-kayles", "octal:0.7777", "octal:4.7", "octal:0.644"}) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    const auto& t_and_b = as_take_and_break(*game);
    const std::optional<Periodicity> period = t_and_b.prove_period(1 << 16);
    ASSERT_TRUE(period);
    const std::uint64_t step = 2 * period->period;
    const std::uint64_t base = 4 * (period->preperiod + period->period) + 100;
    for (int k = 0; k < 8; ++k) {
      const Position n = k == 0 ? kMax64 : rng() | (Position{1} << 62);
      const Position n0 = base + (n - base) % step;
      for (std::uint64_t t = 0; t < 8; ++t) {
        std::uint64_t c0 = 0, c1 = 0;
        for (const Option& o : all_options(t_and_b.digits(), n0)) c0 += game->option_value(o).value() == t;
        for (const Option& o : all_options(t_and_b.digits(), n0 + step)) c1 += game->option_value(o).value() == t;
        ASSERT_GE(c1, c0);
        const OptionSample got = game->options_to_value(n, Nimber(t), 1);
        ASSERT_TRUE(got.total) << n;
        EXPECT_EQ(*got.total, c0 + (n - n0) / step * (c1 - c0)) << n << " to value " << t;
      }
    }
  }
}

// Heaps up to 2^64 - 1: each option listed is a move (why_not_option),
// of the value asked, listed once and in the game's order; the mex rule
// holds (an option of every value below G(n), none of G(n)); and the total,
// when given, is at least what was listed.
TEST(TakeAndBreakWinningMoves, HugeHeapsListAnOptionOfEveryValueBelowTheirOwn) {
  std::mt19937_64 rng(2026);
  for (const std::string& spec : kPeriodic) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    for (int k = 0; k < 60; ++k) {
      const int bits = 20 + static_cast<int>(rng() % 45);
      Position n = bits >= 64 ? rng() : rng() % (Position{1} << bits);
      if (k < 4) n = kMax64 - static_cast<Position>(k);
      const std::uint64_t v = game->value(n).value();
      for (std::uint64_t t = 0; t <= v; ++t) {
        const OptionSample got = game->options_to_value(n, Nimber(t), 4);
        if (t == v) {
          EXPECT_TRUE(got.options.empty()) << n << " lists an option of its own value " << v;
          if (got.total) {
            EXPECT_EQ(*got.total, 0u) << n;
          }
          continue;
        }
        ASSERT_FALSE(got.options.empty()) << n << " (value " << v << ") lists no option of value " << t;
        if (got.total) {
          EXPECT_GE(*got.total, got.options.size());
        }
        for (std::size_t i = 0; i < got.options.size(); ++i) {
          const Option& o = got.options[i];
          EXPECT_EQ(game->why_not_option(n, o), "") << n << " -> " << game->format_option(o);
          EXPECT_EQ(game->option_value(o).value(), t) << n << " -> " << game->format_option(o);
          if (i > 0) {
            // The game's order: more tokens left first, then fewer heaps, then smaller heaps.
            const Option& before = got.options[i - 1];
            auto left = [](const Option& x) {
              Position s = 0;
              for (Position h : x) s += h;
              return s;
            };
            const bool ordered = left(before) != left(o)     ? left(before) > left(o)
                                 : before.size() != o.size() ? before.size() < o.size()
                                                             : before < o;
            EXPECT_TRUE(ordered) << game->format_option(before) << " before " << game->format_option(o);
          }
        }
      }
    }
  }
}

// split_search on a made-up periodic sequence (a table cut at e + p, so
// every heap past it repeats the last p values): the three-heap search that
// skips residues with no split (used on heaps above 2^16) lists the same
// first splits as the one that counts them all, and says when it stopped.
TEST(SplitSearch, ThreeHeapSkippingAgreesWithCountingEverySplit) {
  std::mt19937_64 rng(11);
  for (const char* spec : {"kayles", "octal:0.7777", "hex:0.8", "octal:0.6"}) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    for (int trial = 0; trial < 6; ++trial) {
      const std::uint64_t e = rng() % 40;
      const std::uint64_t p = 1 + rng() % 30;
      TakeAndBreakValues table(as_take_and_break(*game).digits(), false);
      table.extend_to(e + p);
      const split_search::HeapValues g(table, Periodicity{e, p, e + p});
      std::uint32_t largest = 0;
      for (std::uint64_t n = 0; n < e + p; ++n) largest = std::max(largest, table[n]);
      for (int k = 0; k < 20; ++k) {
        const std::uint64_t r = 3 + rng() % 1500;
        const std::uint32_t t = static_cast<std::uint32_t>(rng() % (largest + 2));
        std::vector<Option> all;
        const split_search::Count full =
            split_search::triples_to_value(g, r, t, kNoLimit, true, [&](Position a, Position b) {
              all.push_back({a, b, r - a - b});
            });
        // The enumeration from the definition.
        std::uint64_t expected = 0;
        for (Position a = 1; 3 * a <= r; ++a)
          for (Position b = a; a + 2 * b <= r; ++b) expected += (g(a) ^ g(b) ^ g(r - a - b)) == t;
        ASSERT_EQ(static_cast<std::uint64_t>(full.found), expected) << r << " " << t;
        ASSERT_EQ(all.size(), expected);
        for (const std::uint64_t limit : std::vector<std::uint64_t>{1, 3, 10, 200, kNoLimit}) {
          std::vector<Option> first;
          const split_search::Count cut =
              split_search::triples_to_value(g, r, t, limit, false, [&](Position a, Position b) {
                first.push_back({a, b, r - a - b});
              });
          const std::size_t k2 = std::min<std::size_t>(limit, all.size());
          ASSERT_EQ(first, std::vector<Option>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k2)))
              << "r " << r << " t " << t << " limit " << limit << " e " << e << " p " << p;
          ASSERT_EQ(cut.complete, all.size() <= limit) << r << " " << t << " " << limit;
        }
      }
    }
  }
}

// Checks the mex rule at heap n for the targets given: an option of each
// target below G(n), each listed one a move of that value; none of G(n).
void expect_options_to_every_value_below(const Game& game, Position n, const std::vector<std::uint64_t>& targets) {
  const std::uint64_t v = game.value(n).value();
  for (std::uint64_t t : targets) {
    if (t > v) continue;
    const OptionSample got = game.options_to_value(n, Nimber(t), 4);
    if (t == v) {
      EXPECT_TRUE(got.options.empty()) << n << " lists an option of its own value " << v;
      continue;
    }
    ASSERT_FALSE(got.options.empty()) << game.spec() << ": " << n << " (value " << v << ") lists no option of value "
                                      << t;
    for (const Option& o : got.options) {
      EXPECT_EQ(game.why_not_option(n, o), "") << n << " -> " << game.format_option(o);
      EXPECT_EQ(game.option_value(o).value(), t) << n << " -> " << game.format_option(o);
    }
  }
}

// A random heap: 0 to 2^64 - 1, every size of number as likely.
Position random_heap(std::mt19937_64& rng) {
  const int bits = 1 + static_cast<int>(rng() % 64);
  return bits == 64 ? rng() : rng() % (Position{1} << bits);
}

// Codes the rare-value table does not take (a digit leaving four heaps or
// more), with a proven period: past the table, winning splits into any
// number of heaps are found (issue 50: tb:K.F and tb:K.6 once listed none
// on some winning heaps, and the engine then stopped). Random codes of one
// to three digits, each digit up to 63 (five heaps), on random heaps up
// to 2^64 - 1, every target value.
TEST(TakeAndBreakWinningMoves, GeneralCodesFindWinningSplitsIntoAnyNumberOfHeaps) {
  std::mt19937_64 rng(50);
  std::vector<std::string> specs = {"tb:K.F", "tb:K.6"};
  int periodic = 0, tried = 0;
  // (Eight codes under a sanitizer: each is a search of millions of splits.)
  const int wanted = test::sanitized_or(24, 8);
  while (periodic < wanted && tried < 400) {
    ++tried;
    // d0 splits without taking (bits 2 and up) or is 0; the last digit is not 0.
    std::string spec = fmt::format("tb:{{{}}}.", 4 * (rng() % 16));
    const int digits = 1 + static_cast<int>(rng() % 3);
    const std::uint64_t top = tried % 4 == 0 ? 64 : 32;  // five heaps at most, else four (cheaper tables)
    for (int i = 0; i < digits; ++i)
      spec += fmt::format("{{{}}}", i + 1 == digits ? 1 + rng() % (top - 1) : rng() % top);
    std::unique_ptr<Game> game;
    try {
      game = parse_game(spec);
    } catch (const InputError&) {
      continue;
    }
    const auto& tb = as_take_and_break(*game);
    // A period proven from 128 values (a 5-heap code's table of 128 is
    // about 2.4 million splits).
    if (tb.most_heaps_left() < 4 || !tb.prove_period(128)) continue;
    specs.push_back(spec);
    ++periodic;
  }
  ASSERT_GE(periodic, wanted / 2) << "too few periodic codes among " << tried;
  for (const std::string& spec : specs) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    std::vector<Position> heaps = {kMax64, kMax64 - 1, 1341, 65535};
    for (int k = 0; k < 16; ++k) heaps.push_back(random_heap(rng));
    for (Position n : heaps) {
      std::vector<std::uint64_t> targets;
      for (std::uint64_t t = 0; t <= game->value(n).value(); ++t) targets.push_back(t);
      expect_options_to_every_value_below(*game, n, targets);
    }
  }
}

// Codes that take from a repeating set and leave one heap, with values
// G(n + P) = G(n) + S: heaps up to 2^64 - 1, targets near the heap's own
// value and near 0 (the options of value t are the few heaps near t P / S).
TEST(TakeAndBreakWinningMoves, ArithmeticCodesFindTheHeapsOfEveryValue) {
  std::mt19937_64 rng(51);
  for (const std::string spec : {"tb:0.[3]", "tb:0.0[3]", "tb:0.330[3]", "tb:0.[2]", "tb:0.3[2]"}) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    for (int k = 0; k < 30; ++k) {
      const Position n = k == 0 ? kMax64 / 2 : random_heap(rng) / 2;
      std::uint64_t v = 0;
      try {
        v = game->value(n).value();
      } catch (const LimitError&) {
        continue;  // a value above 2^64 - 1
      }
      std::vector<std::uint64_t> targets = {v, v / 2, rng() % (v + 1)};
      for (std::uint64_t d = 1; d <= 5 && d <= v; ++d) targets.push_back(v - d);
      for (std::uint64_t t = 0; t <= 5 && t <= v; ++t) targets.push_back(t);
      expect_options_to_every_value_below(*game, n, targets);
    }
  }
}

}  // namespace
}  // namespace grundy
