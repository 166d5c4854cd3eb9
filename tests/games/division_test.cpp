#include "grundy/games/division.hpp"

#include <map>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"

namespace grundy {
namespace {

using ::testing::ElementsAre;

#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kBruteLimit = 200'000;  // same checks, smaller range, in the slower build
#else
constexpr std::uint64_t kBruteLimit = 1'000'000;
#endif

// Definition-level values G(0..last): the mex spelled out over a bit mask
// (every value of these games is tiny), sharing no code with the library.
std::vector<std::uint8_t> brute_table(const std::vector<std::uint64_t>& d, std::uint64_t last) {
  std::vector<std::uint8_t> g(last + 1, 0);
  for (std::uint64_t n = 1; n <= last; ++n) {
    std::uint64_t seen = 0;
    for (std::uint64_t k : d) seen |= std::uint64_t{1} << g[n / k];
    std::uint8_t m = 0;
    while (seen >> m & 1) ++m;
    g[n] = m;
  }
  return g;
}

// Exact G(n) for any n by memoised recursion (std::map), for far positions.
struct Recursion {
  std::vector<std::uint64_t> d;
  std::map<std::uint64_t, std::uint64_t> memo;
  std::uint64_t operator()(std::uint64_t n) {
    if (n == 0) return 0;
    if (auto it = memo.find(n); it != memo.end()) return it->second;
    std::uint64_t seen = 0;
    for (std::uint64_t k : d) seen |= std::uint64_t{1} << (*this)(n / k);
    std::uint64_t m = 0;
    while (seen >> m & 1) ++m;
    return memo[n] = m;
  }
};

std::vector<std::uint64_t> range(std::uint64_t low, std::uint64_t high) {
  std::vector<std::uint64_t> r;
  for (std::uint64_t d = low; d <= high; ++d) r.push_back(d);
  return r;
}

// Sets checked against the definition: small and wide, dense and sparse.
const std::vector<std::vector<std::uint64_t>> kSets{{2, 3, 4, 5, 6},
                                                    {2, 3},
                                                    {3, 5, 7},
                                                    range(2, 9),
                                                    {2},
                                                    {3},
                                                    {2, 5},
                                                    {6, 10, 15},
                                                    {2, 3, 5},
                                                    {4, 6, 9},
                                                    {2, 7},
                                                    range(2, 30),
                                                    {50, 51},
                                                    {997, 1009},
                                                    {3000},
                                                    range(100, 200),
                                                    {11, 24, 28, 33, 556, 667},
                                                    {2, 1000000}};

// Sets whose memoised recursion stays cheap at 64-bit positions.
const std::vector<std::vector<std::uint64_t>> kFarSets{
    {2, 3, 4, 5, 6}, {2, 3}, {3, 5, 7}, range(2, 9), {2}, {3}, {2, 5}, {6, 10, 15}, {2, 3, 5}, {4, 6, 9}, {50, 51}};

TEST(DivisionGame, FdivgameRule) {
  DivisionGame g({2, 3, 4, 5, 6});
  const auto& rule = g.self_similarity();
  ASSERT_TRUE(rule.has_value());
  EXPECT_EQ(rule->base, 12u);
  EXPECT_EQ(rule->from, 6u);
  EXPECT_EQ(rule->proof_bound, 36u);  // max(M * n0, m) = max(6 * 6, 12)
  std::vector<std::uint64_t> base;
  for (Nimber v : rule->values) base.push_back(v.value());
  EXPECT_THAT(base, ElementsAre(0, 1, 2, 2, 3, 3));
  EXPECT_EQ(g.spec(), "division:2-6");
}

TEST(DivisionGame, FdivgameRunsAreTheSeedTable) {
  // Seed 002's table: [6,12) 0, [12,24) 1, [24,48) 2, [48,72) 3, [72,144) 0, ...
  DivisionGame g({2, 3, 4, 5, 6});
  const RunTable& runs = *g.runs();
  ASSERT_GE(runs.starts.size(), 12u);
  EXPECT_THAT(std::vector<std::uint64_t>(runs.starts.begin(), runs.starts.begin() + 12),
              ElementsAre(0, 1, 2, 4, 6, 12, 24, 48, 72, 144, 288, 576));
}

TEST(DivisionGame, MatchesDefinitionUpToBruteLimit) {
  for (const auto& d : kSets) {
    const auto brute = brute_table(d, kBruteLimit);
    DivisionGame g(d);
    ASSERT_TRUE(g.runs().has_value()) << g.spec();
    for (std::uint64_t n = 0; n <= kBruteLimit; ++n) ASSERT_EQ(g.value(n).value(), brute[n]) << g.spec() << " n=" << n;
  }
}

TEST(DivisionGame, RuleIsProvenWithTheSmallestStart) {
  for (const auto& d : kSets) {
    const auto brute = brute_table(d, kBruteLimit);
    DivisionGame g(d);
    const auto& found = g.self_similarity();
    // {2, 10^6}: G(n) = G(floor(n / (2 * 10^6))) only from n0 = 524288000001,
    // beyond kMaxRuleStart; the irregular set holds no rule below 2^64.
    const bool expect_rule =
        d != std::vector<std::uint64_t>{2, 1000000} && d != std::vector<std::uint64_t>{11, 24, 28, 33, 556, 667};
    ASSERT_EQ(found.has_value(), expect_rule) << g.spec();
    if (!found) continue;
    const SelfSimilarity& rule = *found;
    EXPECT_TRUE(rule.proven) << g.spec();
    EXPECT_EQ(rule.proof_bound, std::max(d.back() * rule.from, rule.base)) << g.spec();
    ASSERT_EQ(rule.values.size(), rule.from);
    for (std::uint64_t n = 0; n < rule.from && n <= kBruteLimit; ++n) ASSERT_EQ(rule.values[n].value(), brute[n]);
    for (std::uint64_t n = rule.from; n <= kBruteLimit; ++n)
      ASSERT_EQ(brute[n], brute[n / rule.base]) << g.spec() << " n=" << n;
    if (rule.from - 1 <= kBruteLimit) {
      ASSERT_NE(brute[rule.from - 1], brute[(rule.from - 1) / rule.base]) << g.spec();
    }
  }
}

TEST(DivisionGame, SmallerBasesFailFarUp) {
  // No base below the reported one holds from some start on: each fails
  // somewhere in the top half of the brute-force range or around one of the
  // last run starts below 2^64 (values there are checked by recursion in
  // RunBoundariesAreExact).
  for (const auto& d : kSets) {
    DivisionGame g(d);
    if (!g.self_similarity()) continue;
    const std::uint64_t base = g.self_similarity()->base;
    const auto brute = brute_table(d, kBruteLimit);
    for (std::uint64_t m = 2; m < base && m <= 100000; ++m) {
      bool fails = false;
      // Far up the identity can only fail where G changes: at the top run starts.
      const RunTable& runs = *g.runs();
      for (std::size_t i = runs.size() - 1; i + 6 > runs.size() && !fails; --i) {
        const std::uint64_t s = runs.starts[i];
        fails = g.value(s) != g.value(s / m) || g.value(s - 1) != g.value((s - 1) / m);
      }
      for (std::uint64_t n = kBruteLimit / 2; n <= kBruteLimit && !fails; ++n) fails = brute[n] != brute[n / m];
      ASSERT_TRUE(fails) << g.spec() << ": base " << m << " below " << base << " seems to hold";
    }
  }
}

TEST(DivisionGame, SelfSimilarRulesOfOtherSets) {
  // Found rules, each checked against brute force by the tests above.
  struct Case {
    std::vector<std::uint64_t> d;
    std::uint64_t base, from;
  };
  for (const Case& c : std::vector<Case>{{{2, 3}, 6, 3},
                                         {{3, 5, 7}, 21, 7},
                                         {range(2, 9), 18, 9},
                                         {{6, 10, 15}, 90, 15},
                                         {range(100, 200), 20000, 200}}) {
    DivisionGame g(c.d);
    ASSERT_TRUE(g.self_similarity().has_value()) << g.spec();
    EXPECT_EQ(g.self_similarity()->base, c.base) << g.spec();
    EXPECT_EQ(g.self_similarity()->from, c.from) << g.spec();
  }
}

TEST(DivisionGame, RandomFarPositionsMatchRecursion) {
  std::mt19937_64 rng(2016);
  for (const auto& d : kFarSets) {
    Recursion oracle{d, {}};
    DivisionGame g(d);
    for (int i = 0; i < 60; ++i) {
      const std::uint64_t n = rng() >> (rng() % 64);
      ASSERT_EQ(g.value(n).value(), oracle(n)) << g.spec() << " n=" << n;
      ASSERT_EQ(g.value_by_recursion(n).value(), oracle(n)) << g.spec() << " n=" << n;
    }
    for (std::uint64_t n : std::vector<std::uint64_t>{~std::uint64_t{0}, ~std::uint64_t{0} - 1, std::uint64_t{1} << 63,
                                                      1000000000000000000ULL})
      ASSERT_EQ(g.value(n).value(), oracle(n)) << g.spec() << " n=" << n;
  }
}

TEST(DivisionGame, RunBoundariesAreExact) {
  // Around every run start the value changes as the table says, checked by recursion.
  for (const auto& d : kFarSets) {
    DivisionGame g(d);
    Recursion oracle{d, {}};
    const RunTable& runs = *g.runs();
    for (std::size_t i = 1; i < runs.starts.size(); ++i) {
      const std::uint64_t s = runs.starts[i];
      ASSERT_EQ(oracle(s), runs.values[i].value()) << g.spec() << " start " << s;
      ASSERT_EQ(oracle(s - 1), runs.values[i - 1].value()) << g.spec() << " before " << s;
      ASSERT_NE(runs.values[i], runs.values[i - 1]) << "runs are maximal";
    }
  }
}

TEST(DivisionGame, MovesToValue) {
  const std::vector<std::uint64_t> d{2, 3, 4, 5, 6};
  DivisionGame g(d);
  const auto brute = brute_table(d, 2000);
  for (std::uint64_t n = 0; n <= 2000; ++n) {
    for (std::uint64_t t = 0; t < 4; ++t) {
      std::vector<Position> expected;
      for (std::uint64_t k : d)
        if (n > 0 && brute[n / k] == t && (expected.empty() || expected.back() != n / k)) expected.push_back(n / k);
      ASSERT_EQ(g.moves_to_value(n, Nimber(t)), expected) << n << " " << t;
    }
  }
  // 13 -> 6 (d = 2), 4 (3), 3 (4), 2 (5, 6): value 2 is reached at 3 and 2.
  EXPECT_THAT(g.moves_to_value(13, Nimber(2)), ElementsAre(3u, 2u));
}

TEST(DivisionGame, RefusesBadSets) {
  EXPECT_THROW(DivisionGame({}), InputError);
  EXPECT_THROW(DivisionGame({1, 2}), InputError);
  EXPECT_THROW(DivisionGame({0}), InputError);
}

TEST(DivisionGame, HugeDivisorsStillExact) {
  // floor(n/d) = 0 for every n < 10^12: values 1 below it; no rule needed to answer.
  DivisionGame g({1000000000000ULL});
  EXPECT_EQ(g.value(999999999999ULL), Nimber(1));
  EXPECT_EQ(g.value(1000000000000ULL), Nimber(0));  // only move: to 1, of value 1
  Recursion oracle{{1000000000000ULL}, {}};
  EXPECT_EQ(g.value(~std::uint64_t{0}).value(), oracle(~std::uint64_t{0}));
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

TEST(RunLookup, AgreesWithTheRunTable) {
  std::mt19937_64 rng(12);
  for (const auto& d : kSets) {
    DivisionGame g(d);
    const RunTable& runs = *g.runs();
    const RunLookup lookup(runs);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      for (std::uint64_t n : {runs.starts[i], runs.last_of(i), runs.starts[i] / 2 + runs.last_of(i) / 2})
        ASSERT_EQ(lookup.value(n), runs.value(n)) << g.spec() << " n=" << n;
    }
    for (int k = 0; k < 2000; ++k) {
      const std::uint64_t n = rng() >> (rng() % 64);
      ASSERT_EQ(lookup.value(n), runs.value(n)) << g.spec() << " n=" << n;
    }
    EXPECT_EQ(lookup.value(~std::uint64_t{0}), runs.values.back());
  }
}

// Tables with more than RunLookup::kInline starts in one octave take the
// loop path; its answers must match the binary search too.
TEST(RunLookup, DenseOctavesAgreeWithTheRunTable) {
  for (std::uint64_t per_octave : {3u, 4u, 7u}) {
    RunTable runs;
    std::uint64_t v = 0;
    for (int b = 1; b < 64; ++b) {
      const std::uint64_t low = std::uint64_t{1} << (b - 1);
      for (std::uint64_t k = 0; k < per_octave; ++k) {
        const std::uint64_t start = low + k * (low / per_octave);
        if (!runs.starts.empty() && start <= runs.starts.back()) continue;
        runs.starts.push_back(start);
        runs.values.push_back(Nimber(v));
        v ^= 1 + (k & 1);  // neighbouring values differ
      }
    }
    runs.starts.insert(runs.starts.begin(), 0);
    runs.values.insert(runs.values.begin(), Nimber(7));
    const RunLookup lookup(runs);
    std::mt19937_64 rng(per_octave);
    for (std::size_t i = 0; i < runs.size(); ++i)
      for (std::uint64_t n : {runs.starts[i], runs.last_of(i)})
        ASSERT_EQ(lookup.value(n), runs.value(n)) << per_octave << " n=" << n;
    for (int k = 0; k < 5000; ++k) {
      const std::uint64_t n = rng() >> (rng() % 64);
      ASSERT_EQ(lookup.value(n), runs.value(n)) << per_octave << " n=" << n;
    }
  }
}

}  // namespace
}  // namespace grundy
