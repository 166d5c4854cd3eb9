// The XY game (ARC208 E) against three oracles that share nothing with the
// library's block formula:
// - XyWalk: the mex rule itself, size by size (support/xy_brute_force.hpp);
// - the interval walk: the interval lemma of docs/games/xy.md applied to every
//   multiple of X and Y in order, O(v/X) steps, for large X;
// - periodicity: S repeats with L = lcm(X, Y), so G(v + 2L) = G(v) once
//   v >= 2L, which carries small tables to heaps near 2^64;
// and against the closed forms for Y a multiple of X (the editorial's, with
// its X = 2 (mod 3) condition read as (v mod X) = 0 (mod 3)).

#include "grundy/games/xy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/sum.hpp"
#include "support/xy_brute_force.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMax64 = std::numeric_limits<std::uint64_t>::max();
constexpr std::uint64_t kE18 = 1'000'000'000'000'000'000;

// Every value of XyGame(x, y) for sizes 0..last, against the mex rule.
void expect_matches_walk(std::uint64_t x, std::uint64_t y, std::uint64_t last) {
  const XyGame game(x, y);
  test::XyWalk walk(x, y);
  for (std::uint64_t v = 0; v <= last; ++v) {
    walk.advance_to(v);
    ASSERT_EQ(game.grundy_value(v), walk.value()) << "X=" << x << " Y=" << y << " v=" << v;
  }
}

// G(v) by the interval lemma, walking the forbidden sizes in order.
unsigned interval_walk_value(std::uint64_t x, std::uint64_t y, std::uint64_t v) {
  auto value_after = [](std::uint64_t start, unsigned type, std::uint64_t w) {
    const auto k = static_cast<unsigned>((w - start - 1) % 3);
    return type == 1 && k < 2 ? k ^ 1U : k;
  };
  auto free_value = [&](std::uint64_t w) {
    std::uint64_t start = 0, next_x = x, next_y = y;
    unsigned type = 0;
    while (true) {
      const std::uint64_t cut = std::min(next_x, next_y);
      if (cut >= w) break;
      const std::uint64_t length = cut - start;
      type = length % 3 == 0 ? type : length % 3 == 1 ? 0 : type ^ 1U;
      start = cut;
      if (next_x == cut) next_x += x;
      if (next_y == cut) next_y += y;
    }
    return value_after(start, type, w);
  };
  auto forbidden = [&](std::uint64_t w) { return w % x == 0 || w % y == 0; };
  if (!forbidden(v)) return free_value(v);
  bool seen[3] = {false, false, false};
  for (std::uint64_t t = 1; t <= 2 && t <= v; ++t)
    if (!forbidden(v - t)) seen[free_value(v - t)] = true;
  unsigned mex = 0;
  while (seen[mex]) ++mex;
  return mex;
}

TEST(Xy, EveryPairUpTo40AndEverySizeTo5000MatchesTheMexRule) {
  for (std::uint64_t y = 2; y <= 40; ++y)
    for (std::uint64_t x = 1; x < y; ++x) expect_matches_walk(x, y, 5000);
}

TEST(Xy, RandomPairsUpTo1e5MatchTheMexRuleUpToAMillion) {
  // 2500 pairs; each walks to a random bound (log-uniform up to 10^6) and is
  // compared at about 300 sizes: at random and at the sizes around every
  // 16th multiple of Y, where the types change.
  std::mt19937_64 rng(208);
  for (int pair = 0; pair < 2500; ++pair) {
    const std::uint64_t y = 3 + rng() % 99'998;
    // Every third pair has X = 2 (mod 3), the case with the window search.
    const std::uint64_t x = pair % 3 == 0 ? 2 + 3 * (rng() % ((y - 3) / 3 + 1)) : 1 + rng() % (y - 1);
    const auto last = static_cast<std::uint64_t>(std::exp2(10.0 + 9.93 * static_cast<double>(rng() % 1000) / 1000.0));
    std::vector<std::uint64_t> probes;
    for (int i = 0; i < 200; ++i) probes.push_back(rng() % (last + 1));
    for (std::uint64_t m = y; m + 2 <= last; m += 16 * y)
      for (std::uint64_t d = 0; d < 5; ++d) probes.push_back(m - 2 + d);
    std::sort(probes.begin(), probes.end());
    const XyGame game(x, y);
    test::XyWalk walk(x, y);
    for (std::uint64_t v : probes) {
      walk.advance_to(v);
      ASSERT_EQ(game.grundy_value(v), walk.value()) << "X=" << x << " Y=" << y << " v=" << v;
    }
  }
}

TEST(Xy, TheIntervalWalkOracleAgreesWithTheMexRule) {
  for (std::uint64_t y = 2; y <= 25; ++y)
    for (std::uint64_t x = 1; x < y; ++x) {
      test::XyWalk walk(x, y);
      for (std::uint64_t v = 0; v <= 800; ++v) {
        walk.advance_to(v);
        ASSERT_EQ(interval_walk_value(x, y, v), walk.value()) << "X=" << x << " Y=" << y << " v=" << v;
      }
    }
}

TEST(Xy, XEqualTo1LeavesNoMoves) {
  const XyGame game(1, 2);
  for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3},
                          std::uint64_t{1'000'000'000'000'000'000}, kMax64}) {
    EXPECT_EQ(game.grundy_value(v), 0U) << v;
    for (unsigned t = 0; t < 3; ++t) EXPECT_TRUE(game.moves_to_value(v, Nimber(t)).empty()) << v;
  }
  expect_matches_walk(1, 1'000'000'000, 3000);
}

// The closed forms for Y a multiple of X and v not a multiple of X.
unsigned multiple_closed_form(std::uint64_t x, std::uint64_t v) {
  const std::uint64_t r = v % x;
  switch (x % 3) {
    case 0:
      return static_cast<unsigned>((v - 1) % 3);
    case 1:
      return static_cast<unsigned>((r + 2) % 3);  // (r - 1) mod 3
    default:
      if (r % 3 == 0) return 2;
      return static_cast<unsigned>(((r + 2) % 3) ^ ((v / x) % 2));
  }
}

TEST(Xy, YAMultipleOfXFollowsTheClosedFormsForEveryResidueOfX) {
  std::mt19937_64 rng(3);
  for (std::uint64_t x : {3ULL, 6ULL, 4ULL, 7ULL, 2ULL, 5ULL, 999'999'999ULL, 999'999'997ULL, 999'999'998ULL}) {
    for (std::uint64_t m : {2ULL, 3ULL, 7ULL}) {
      const std::uint64_t y = m * x;
      if (y > XyGame::kMaxY) continue;
      const XyGame game(x, y);
      if (x < 10) expect_matches_walk(x, y, 4000);
      for (int i = 0; i < 2000; ++i) {
        const std::uint64_t v = i < 1000 ? rng() % 1'000'000'000'000'000'001ULL : rng();
        if (v % x == 0) continue;  // the closed forms are for free sizes
        ASSERT_EQ(game.grundy_value(v), multiple_closed_form(x, v)) << "X=" << x << " Y=" << y << " v=" << v;
      }
    }
  }
}

TEST(Xy, TheEditorialsXEqualTo2Mod3ConditionReadLiterallyIsWrong) {
  // Seed 004 says "v = 0 (mod 3) gives 2"; X = 2, Y = 4, v = 3 has value 1.
  const XyGame game(2, 4);
  EXPECT_EQ(game.grundy_value(3), 1U);
  test::XyWalk walk(2, 4);
  walk.advance_to(3);
  EXPECT_EQ(walk.value(), 1U);
}

TEST(Xy, YEqualToXPlus1) {
  for (std::uint64_t x : {2ULL, 3ULL, 4ULL, 41ULL, 100ULL, 1000ULL}) expect_matches_walk(x, x + 1, 3 * x * (x + 1));
  // At the contest's top, against the interval walk (10^4 steps each).
  const XyGame game(999'999'999, 1'000'000'000);
  std::mt19937_64 rng(4);
  for (int i = 0; i < 40; ++i) {
    const std::uint64_t v = 1 + rng() % 10'000'000'000'000ULL;
    ASSERT_EQ(game.grundy_value(v), interval_walk_value(999'999'999, 1'000'000'000, v)) << v;
  }
}

TEST(Xy, HeapsBelowXAndForbiddenHeaps) {
  // Below X every block is the first: 0 1 2 0 1 2 ..., and 0 at v = 0.
  const XyGame game(1'000'000, 1'000'003);
  for (std::uint64_t v = 1; v < 1000; ++v) EXPECT_EQ(game.grundy_value(v), (v - 1) % 3) << v;
  EXPECT_EQ(game.grundy_value(0), 0U);
  // Forbidden heaps: the mex of the free ones among v - 1 and v - 2.
  for (std::uint64_t x = 2; x <= 12; ++x)
    for (std::uint64_t y = x + 1; y <= 30; ++y) {
      const XyGame g(x, y);
      test::XyWalk walk(x, y);
      for (std::uint64_t v = 1; v <= 600; ++v) {
        if (!g.forbidden(v)) continue;
        walk.advance_to(v);
        ASSERT_EQ(g.grundy_value(v), walk.value()) << "X=" << x << " Y=" << y << " v=" << v;
      }
    }
}

TEST(Xy, XEqualTo2Mod3WithNoResetBeforeAndResetsFarApart) {
  // Y = X + 3 with X = 2 (mod 3): the multiples jY sit at offsets 3j in
  // their blocks, all 0 (mod 3), until 3j passes X near j = X/3. Then come
  // about X/3 multiples in a row at offsets 1 (mod 3), all resets, then X/3
  // at offsets 2 and X/3 at offsets 0, whose blocks must look back across
  // 2X/3 multiples to the last reset. X = 9998: no reset below 3.3*10^7,
  // then the reset run, then 6.7*10^7 tokens without one; walk to 1.1*10^8.
  const std::uint64_t x = 9998, y = 10001;
  const XyGame game(x, y);
  test::XyWalk walk(x, y);
  std::mt19937_64 rng(5);
  const std::uint64_t last = 110'000'000;
  std::vector<std::uint64_t> probes;
  for (int i = 0; i < 3000; ++i) probes.push_back(rng() % last);
  // Around every multiple of Y with offset 1 (mod 3) in its block: the resets.
  for (std::uint64_t m = y; m < last; m += y)
    if (m % x % 3 == 1)
      for (std::uint64_t d = 0; d < 8; ++d) probes.push_back(m - 3 + d);
  ASSERT_GE(probes.size(), 3000U + 3 * 8);
  std::sort(probes.begin(), probes.end());
  for (std::uint64_t v : probes) {
    walk.advance_to(v);
    ASSERT_EQ(game.grundy_value(v), walk.value()) << "v=" << v;
  }
}

TEST(Xy, HeapsNear10e18And2e64ByPeriodicity) {
  // S repeats every L = lcm(X, Y), and the types at multiples of L evolve by
  // one fixed map (identity, constant or flip), so G(v + 2L) = G(v) for
  // v >= 2L: a heap near 2^64 has the value of a small one.
  std::mt19937_64 rng(6);
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs = {
      {5, 7}, {8, 12}, {11, 14}, {14, 35}, {20, 50}, {29, 31}, {96, 120}, {200, 350}, {998, 1001}, {2, 3}};
  for (const auto& [x, y] : pairs) {
    const std::uint64_t period = 2 * std::lcm(x, y);
    std::vector<unsigned> table;
    test::XyWalk walk(x, y);
    for (std::uint64_t v = 0; v < 2 * period; ++v) {
      walk.advance_to(v);
      table.push_back(walk.value());
    }
    const XyGame game(x, y);
    auto expected = [&](std::uint64_t v) { return table[period + (v - period) % period]; };
    for (int i = 0; i < 3000; ++i) {
      const auto k = static_cast<std::uint64_t>(i);
      std::uint64_t v = period + rng() % (kMax64 - period);
      if (k < 1000)
        v = kE18 - 1500 + k;
      else if (k < 2000)
        v = kMax64 - (k - 1000);
      ASSERT_EQ(game.grundy_value(v), expected(v)) << "X=" << x << " Y=" << y << " v=" << v;
    }
  }
}

TEST(Xy, HugeXAndYAgainstTheIntervalWalk) {
  // 3X above 2^32 takes the 128-bit path of the window search.
  std::mt19937_64 rng(7);
  for (int i = 0; i < 60; ++i) {
    std::uint64_t x = 100'000'000'000'000ULL + rng() % 900'000'000'000'000ULL;
    std::uint64_t y = x + 1 + rng() % (i % 2 == 0 ? 1000 : x);
    if (i % 4 == 1) {  // X = 2 (mod 3), Y = X + 3: no reset below 2^64 (the first is near v = X^2/3)
      x = x - x % 3 + 2;
      y = x + 3;
    }
    const XyGame game(x, y);
    for (int k = 0; k < 20; ++k) {
      const std::uint64_t v = 1 + rng() % 1'000'000'000'000'000'000ULL;
      ASSERT_EQ(game.grundy_value(v), interval_walk_value(x, y, v)) << "X=" << x << " Y=" << y << " v=" << v;
    }
  }
}

// G(v) for free sizes in increasing order, by the interval lemma: one pass
// over the forbidden sizes, so sizes up to 10^12 with X near 10^6 are cheap.
class IntervalWalk {
 public:
  IntervalWalk(std::uint64_t x, std::uint64_t y) : x_(x), y_(y), next_x_(x), next_y_(y) {}
  unsigned free_value(std::uint64_t w) {
    while (std::min(next_x_, next_y_) < w) {
      const std::uint64_t cut = std::min(next_x_, next_y_);
      const std::uint64_t length = cut - start_;
      type_ = length % 3 == 0 ? type_ : length % 3 == 1 ? 0 : type_ ^ 1U;
      start_ = cut;
      if (next_x_ == cut) next_x_ += x_;
      if (next_y_ == cut) next_y_ += y_;
    }
    const auto k = static_cast<unsigned>((w - start_ - 1) % 3);
    return type_ == 1 && k < 2 ? k ^ 1U : k;
  }

 private:
  std::uint64_t x_, y_, next_x_, next_y_, start_ = 0;
  unsigned type_ = 0;
};

TEST(Xy, XEqualTo2Mod3WithResetsAtContestScale) {
  // As above with X near 10^6: the reset run starts near v = X^2/3 = 3.3*10^11
  // and the gap after it ends near 10^12.
  for (std::uint64_t x : {999'998ULL, 1'000'001ULL}) {
    const std::uint64_t y = x + 3;
    const XyGame game(x, y);
    IntervalWalk walk(x, y);
    std::mt19937_64 rng(x);
    std::vector<std::uint64_t> probes;
    for (int i = 0; i < 2000; ++i) probes.push_back(1 + rng() % 1'100'000'000'000ULL);
    std::sort(probes.begin(), probes.end());
    for (std::uint64_t v : probes) {
      if (game.forbidden(v)) continue;
      ASSERT_EQ(game.grundy_value(v), walk.free_value(v)) << "X=" << x << " v=" << v;
    }
  }
}

TEST(Xy, MovesAreTheLegalTakesOfTheirValue) {
  for (std::uint64_t x = 1; x <= 9; ++x)
    for (std::uint64_t y = x + 1; y <= 14; ++y) {
      const XyGame game(x, y);
      for (std::uint64_t v = 0; v <= 200; ++v)
        for (unsigned t = 0; t < 3; ++t) {
          std::vector<Position> expected;
          for (std::uint64_t take = 1; take <= 2 && take <= v; ++take)
            if ((v - take) % x != 0 && (v - take) % y != 0 && game.grundy_value(v - take) == t)
              expected.push_back(v - take);
          ASSERT_EQ(game.moves_to_value(v, Nimber(t)), expected) << "X=" << x << " Y=" << y << " v=" << v;
        }
    }
}

TEST(Xy, OfficialSampleAsSums) {
  // ARC208 E sample 1 (tests "2 3 5 / 4 12", "5 1 2 / 1..5", "6 530 879 / ..."):
  // Alice, Bob, Alice.
  EXPECT_NE(XyGame(3, 5).grundy_value(4) ^ XyGame(3, 5).grundy_value(12), 0U);
  const XyGame b(1, 2);
  unsigned s = 0;
  for (std::uint64_t v = 1; v <= 5; ++v) s ^= b.grundy_value(v);
  EXPECT_EQ(s, 0U);
  const XyGame c(530, 879);
  s = 0;
  for (std::uint64_t v : {17031ULL, 42909ULL, 97721ULL, 34323ULL, 39597ULL, 26999ULL}) s ^= c.grundy_value(v);
  EXPECT_NE(s, 0U);
}

TEST(Xy, ParametersOutsideTheRuleAreRefused) {
  EXPECT_THROW(XyGame(0, 5), InputError);
  EXPECT_THROW(XyGame(5, 5), InputError);
  EXPECT_THROW(XyGame(7, 5), InputError);
  EXPECT_THROW(XyGame(5, XyGame::kMaxY + 1), InputError);
  EXPECT_NO_THROW(XyGame(XyGame::kMaxY - 1, XyGame::kMaxY));
  EXPECT_EQ(XyGame(5, 7).spec(), "xy:5,7");
}

}  // namespace
}  // namespace grundy
