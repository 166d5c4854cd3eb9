#include "grundy/pattern.hpp"

#include <numeric>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/pattern_fields.hpp"
#include "grundy/games/division.hpp"
#include "grundy/games/graph.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/xy.hpp"
#include "support/xy_brute_force.hpp"

namespace grundy {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The values a pattern is made of, G(0 .. value_count - 1): the game's own.
std::vector<std::uint64_t> rule_values(const Game& game, const Pattern& p) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t n = 0; n < p.value_count; ++n) out.push_back(game.value(n).value());
  return out;
}

// Subtraction values by the definition, with a bit-mask mex.
std::vector<std::uint8_t> brute_subtraction(const std::vector<std::uint64_t>& set, std::size_t count) {
  std::vector<std::uint8_t> g(count, 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::uint64_t seen = 0;
    for (std::uint64_t s : set)
      if (s <= n) seen |= std::uint64_t{1} << g[n - s];
    std::uint8_t m = 0;
    while (seen >> m & 1) ++m;
    g[n] = m;
  }
  return g;
}

// The smallest p, then smallest e, with g[n + p] = g[n] for e <= n < size - p,
// searched exhaustively; valid when the table is far longer than e + p.
std::pair<std::uint64_t, std::uint64_t> brute_period(const std::vector<std::uint8_t>& g) {
  const std::size_t size = g.size();
  for (std::size_t p = 1; p < size / 4; ++p) {
    for (std::size_t e = 0; e < size / 4; ++e) {
      bool periodic = true;
      for (std::size_t n = e; n + p < size && periodic; ++n) periodic = g[n] == g[n + p];
      if (periodic) return {e, p};
    }
  }
  return {0, 0};
}

TEST(Pattern, FdivgameIsProvenSelfSimilar) {
  const DivisionGame game({2, 3, 4, 5, 6});
  const Pattern p = find_pattern(game);
  EXPECT_EQ(p.game, "division:2-6");
  EXPECT_EQ(p.kind, PatternKind::self_similar);
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.base, 12u);
  EXPECT_EQ(p.from, 6u);
  EXPECT_EQ(p.proof_bound, 36u);
  EXPECT_EQ(p.checked_up_to, ~std::uint64_t{0});
  EXPECT_EQ(p.value_count, 6u);
  EXPECT_THAT(rule_values(game, p), ElementsAre(0, 1, 2, 2, 3, 3));
  EXPECT_THAT(p.theorem, ::testing::HasSubstr("docs/games/division.md"));
}

TEST(Pattern, SubtractionOneToThree) {
  const SubtractionGame game({1, 2, 3});
  const Pattern p = find_pattern(game);
  EXPECT_EQ(p.kind, PatternKind::periodic);
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.period, 4u);
  EXPECT_EQ(p.preperiod, 0u);
  EXPECT_EQ(p.value_count, 4u);
  EXPECT_THAT(rule_values(game, p), ElementsAre(0, 1, 2, 3));
}

TEST(Pattern, SubtractionPeriodsAreTheSmallest) {
  std::vector<std::vector<std::uint64_t>> sets{{2, 5, 7}, {1, 2, 3}, {3, 4, 6, 10}, {1, 4},
                                               {2, 3, 7}, {1, 3, 4}, {4, 5, 9, 13}, {2, 4, 7, 11, 12}};
  std::mt19937_64 rng(7);
  for (int i = 0; i < 30; ++i) {
    std::vector<std::uint64_t> s;
    for (std::uint64_t k = 1; k <= 14; ++k)
      if (rng() % 3 == 0) s.push_back(k);
    if (!s.empty()) sets.push_back(s);
  }
  for (const auto& set : sets) {
    const SubtractionGame game(set);
    const Pattern p = find_pattern(game);
    const auto g = brute_subtraction(set, 20000);
    const auto [e, period] = brute_period(g);
    ASSERT_NE(period, 0u) << game.spec();
    EXPECT_EQ(p.kind, PatternKind::periodic) << game.spec();
    EXPECT_TRUE(p.proven) << game.spec();
    EXPECT_EQ(p.period, period) << game.spec();
    EXPECT_EQ(p.preperiod, e) << game.spec();
    ASSERT_EQ(p.value_count, e + period) << game.spec();
    const auto values = rule_values(game, p);
    for (std::size_t n = 0; n < values.size(); ++n) ASSERT_EQ(values[n], g[n]) << game.spec();
  }
}

// XY games: the proven period against a walk of the mex rule 40 times as long
// as lcm(X, Y): the smallest p whose last failure G(n) != G(n + p) comes in
// the first quarter, and the preperiod right after that failure.
TEST(Pattern, XyPeriodsAreProvenAndTheSmallest) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs{{5, 7}, {3, 6}, {8, 12}, {20, 50}, {29, 31}, {96, 120}};
  for (std::uint64_t y = 2; y <= 12; ++y)
    for (std::uint64_t x = 1; x < y; ++x) pairs.emplace_back(x, y);
  for (const auto& [x, y] : pairs) {
    const XyGame game(x, y);
    const Pattern p = find_pattern(game);
    const std::uint64_t size = 40 * std::lcm(x, y) + 40;
    std::vector<std::uint8_t> g;
    test::XyWalk walk(x, y);
    for (std::uint64_t n = 0; n < size; ++n) {
      walk.advance_to(n);
      g.push_back(static_cast<std::uint8_t>(walk.value()));
    }
    std::uint64_t period = 0, preperiod = 0;
    for (std::uint64_t q = 1; q < size / 4 && period == 0; ++q) {
      std::uint64_t e = size - q;
      while (e > 0 && g[e - 1] == g[e - 1 + q]) --e;
      if (e < size / 4) period = q, preperiod = e;
    }
    ASSERT_NE(period, 0u) << game.spec();
    EXPECT_EQ(p.kind, PatternKind::periodic) << game.spec();
    EXPECT_TRUE(p.proven) << game.spec();
    EXPECT_EQ(p.period, period) << game.spec();
    EXPECT_EQ(p.preperiod, preperiod) << game.spec();
    EXPECT_THAT(p.theorem, ::testing::HasSubstr("docs/games/xy.md")) << game.spec();
    ASSERT_EQ(p.value_count, preperiod + period) << game.spec();
    const auto values = rule_values(game, p);
    for (std::size_t n = 0; n < values.size(); ++n) ASSERT_EQ(values[n], g[n]) << game.spec();
  }
  // X = 3, Y = 6: the period 3 is shorter than lcm(X, Y) = 6.
  EXPECT_EQ(find_pattern(XyGame(3, 6)).period, 3u);
}

TEST(Pattern, XyWithALargeLcmIsOnlyObserved) {
  const Pattern p = find_pattern(XyGame(530, 879), 20000);  // lcm 465870
  EXPECT_FALSE(p.proven);
  EXPECT_EQ(p.checked_up_to, 20000u);
  EXPECT_THAT(p.reason, HasSubstr("lcm(530, 879) = 465870 is above 250000"));
  // 6 lcm - 1 values hold the preperiod and two whole periods (docs/games/xy.md).
  EXPECT_EQ(p.advice.kind, PatternAdvice::Kind::enough_bound);
  EXPECT_EQ(p.advice.bound, 2795219u);
}

TEST(Pattern, XyWithALargeLcmSaysWhyAndWhatToTry) {
  const Pattern p = find_pattern(XyGame(1000, 1001));
  EXPECT_EQ(p.kind, PatternKind::none);
  EXPECT_EQ(p.value_count, 0u);
  EXPECT_THAT(p.reason, HasSubstr("lcm(1000, 1001) = 1001000 is above 250000, the largest the proof handles"));
  EXPECT_EQ(p.advice.kind, PatternAdvice::Kind::enough_bound);
  EXPECT_EQ(p.advice.bound, 6005999u);
  // The advice holds: that many values show the period, observed.
  const Pattern seen = find_pattern(XyGame(1000, 1001), 6005999);
  EXPECT_EQ(seen.kind, PatternKind::periodic);
  EXPECT_FALSE(seen.proven);
  EXPECT_EQ(2002000 % seen.period, 0u);
  EXPECT_THAT(seen.reason, HasSubstr("is above 250000, the largest the proof handles, so the rule was only seen on "
                                     "G(0..6005999)"));
  EXPECT_TRUE(seen.advice.empty());
}

TEST(Pattern, NimIsAProvenArithmeticPeriod) {
  const Pattern p = find_pattern(Nim(), 5000);
  EXPECT_EQ(p.kind, PatternKind::arithmetic_periodic);
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.value_count, 1u);
  EXPECT_THAT(p.theorem, HasSubstr("G(n) = mex{0, ..., n - 1} = n"));
}

TEST(Pattern, GraphGamesHaveNoSequence) {
  const GraphGame g = GraphGame::from_text("a b\n", "inline");
  EXPECT_THROW((void)find_pattern(g), InputError);
}

TEST(Pattern, DivisionWithoutRuleIsNoneOverAllOfIt) {
  const Pattern p = find_pattern(DivisionGame({11, 24, 28, 33, 556, 667}));
  EXPECT_EQ(p.kind, PatternKind::none);
  EXPECT_EQ(p.checked_up_to, ~std::uint64_t{0});
  EXPECT_THAT(p.reason, HasSubstr("no base m makes G(n) = G(floor(n/m)) hold from some n on: checked on all 123 runs"));
  EXPECT_EQ(p.advice.kind, PatternAdvice::Kind::values_as_runs);
}

// division:2,1000000 holds with base 2*10^6 only from n0 = 524288000000
// (G(524287999999) = 0, G(262143) = 2): a base table too long to report, but
// the rule is named, not hidden.
TEST(Pattern, DivisionRuleTooLongToReportIsNamed) {
  const Pattern p = find_pattern(DivisionGame({2, 1000000}));
  EXPECT_EQ(p.kind, PatternKind::none);
  EXPECT_THAT(p.reason, HasSubstr("a rule exists: G(n) = G(floor(n / 2000000)) for every n >= 524288000000 (proven"));
  EXPECT_THAT(p.reason, HasSubstr("longer than the 2^20 values grundy reports"));
}

// The names of the fields a front-end publishes for `p`, in order.
std::vector<std::string> field_names(const Pattern& p) {
  std::vector<std::string> names;
  visit_pattern_fields(p, "advice", [&](std::string_view name, const auto&) { names.emplace_back(name); });
  return names;
}

TEST(PatternFields, EachKindListsTheFieldsThatApplyToIt) {
  EXPECT_THAT(field_names(find_pattern(DivisionGame({2, 3, 4, 5, 6}))),
              ElementsAre("game", "kind", "proven", "checked_up_to", "base", "from", "value_count", "proof_bound",
                          "check", "theorem"));
  EXPECT_THAT(field_names(find_pattern(SubtractionGame({1, 2, 3}))),
              ElementsAre("game", "kind", "proven", "checked_up_to", "preperiod", "period", "value_count",
                          "proof_bound", "check", "theorem"));
  EXPECT_THAT(field_names(find_pattern(Nim(), 5000)),
              ElementsAre("game", "kind", "proven", "checked_up_to", "preperiod", "period", "saltus", "value_count",
                          "proof_bound", "check", "theorem"));
  EXPECT_THAT(field_names(find_pattern(XyGame(1000, 1001))),
              ElementsAre("game", "kind", "proven", "checked_up_to", "reason", "advice"));
  // The values, as given.
  const Pattern p = find_pattern(DivisionGame({2, 3, 4, 5, 6}));
  std::uint64_t from = 0;
  std::string kind;
  visit_pattern_fields(p, "", [&](std::string_view name, const auto& value) {
    if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::uint64_t>) {
      if (name == "from") from = value;
    } else if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::string>) {
      if (name == "kind") kind = value;
    }
  });
  EXPECT_EQ(from, 6u);
  EXPECT_EQ(kind, "self-similar");
}

TEST(ObservePeriod, FindsSmallestPeriodThenPreperiod) {
  std::vector<Nimber> v{Nimber(5), Nimber(7)};
  for (int i = 0; i < 10; ++i)
    for (std::uint64_t x : {0u, 1u, 2u, 0u, 1u, 2u}) v.push_back(Nimber(x));
  const auto p = observe_period(v);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->period, 3u);
  EXPECT_EQ(p->preperiod, 2u);
}

TEST(ObservePeriod, RefusesARuleSeenOnce) {
  // 0..9 then 0..9 again: "period 10" appears only once after its start.
  std::vector<Nimber> v;
  for (int r = 0; r < 2; ++r)
    for (std::uint64_t x = 0; x < 10; ++x) v.push_back(Nimber(x));
  v.push_back(Nimber(42));
  EXPECT_FALSE(observe_period(v).has_value());
}

TEST(ObserveArithmeticPeriod, FindsSmallestPeriodThenPreperiodAndTheSaltus) {
  // 9 4, then 0 1 2 | 2 3 4 | 4 5 6 ...: G(n + 3) = G(n) + 2 from n = 2.
  std::vector<Nimber> v{Nimber(9), Nimber(4)};
  for (std::uint64_t k = 0; k < 20; ++k)
    for (std::uint64_t x : {0u, 1u, 2u}) v.push_back(Nimber(2 * k + x));
  EXPECT_FALSE(observe_period(v).has_value());
  const auto p = observe_arithmetic_period(v);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->period, 3u);
  EXPECT_EQ(p->preperiod, 2u);
  EXPECT_EQ(p->saltus, 2u);
  // Values that fall are no arithmetic period, and neither is a broken run.
  std::vector<Nimber> down;
  for (std::uint64_t x = 100; x > 0; --x) down.push_back(Nimber(x));
  EXPECT_FALSE(observe_arithmetic_period(down).has_value());
  v[v.size() - 2] = Nimber(1000);
  EXPECT_FALSE(observe_arithmetic_period(v).has_value());
}

TEST(ObserveSelfSimilarity, SeesTheFdivgameRuleInATable) {
  const DivisionGame game({2, 3, 4, 5, 6});
  std::vector<Nimber> v;
  for (std::uint64_t n = 0; n < 20000; ++n) v.push_back(game.value(n));
  EXPECT_FALSE(observe_period(v).has_value());
  const auto s = observe_self_similarity(v);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->base, 12u);
  EXPECT_EQ(s->from, 6u);
}

}  // namespace
}  // namespace grundy
