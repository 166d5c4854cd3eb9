#include "grundy/games/subtraction.hpp"

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "support/brute_force.hpp"
#include "support/oeis_file.hpp"

namespace grundy {
namespace {

using ::testing::ElementsAre;

// The smallest period p, and for it the smallest preperiod e, that hold over
// the whole of `g` with at least `margin` positions of evidence: a search by
// definition, with no window argument.
std::pair<std::uint64_t, std::uint64_t> brute_period(const std::vector<std::uint64_t>& g, std::uint64_t margin) {
  for (std::uint64_t p = 1; p < g.size(); ++p) {
    std::uint64_t e = g.size() - p;  // smallest e with g[n] == g[n+p] for all n in [e, size - p)
    while (e > 0 && g[e - 1] == g[e - 1 + p]) --e;
    if (g.size() - p - e >= margin) return {p, e};
  }
  return {0, 0};
}

std::vector<std::uint64_t> random_set(std::mt19937_64& rng, std::uint64_t max_element, std::size_t max_size) {
  std::vector<std::uint64_t> s;
  const std::size_t size = 1 + rng() % max_size;
  for (std::size_t i = 0; i < size; ++i) s.push_back(1 + rng() % max_element);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

TEST(SubtractionGame, OneToKIsNModKPlusOne) {
  for (std::uint64_t k = 1; k <= 10; ++k) {
    std::vector<std::uint64_t> set;
    for (std::uint64_t s = 1; s <= k; ++s) set.push_back(s);
    SubtractionGame g(set);
    for (std::uint64_t n = 0; n <= 3000; ++n) ASSERT_EQ(g.value(n).value(), n % (k + 1));
    EXPECT_EQ(g.value(1000000000000000000ULL).value(), 1000000000000000000ULL % (k + 1));
    EXPECT_EQ(g.value(18446744073709551615ULL).value(), 18446744073709551615ULL % (k + 1));
    EXPECT_EQ(g.periodicity().period, k + 1);
    EXPECT_EQ(g.periodicity().preperiod, 0u);
  }
}

TEST(SubtractionGame, SeedExampleOneTwoThree) {
  SubtractionGame g({1, 2, 3});
  std::vector<std::uint64_t> got;
  for (Position n : {0u, 1u, 2u, 3u, 4u, 5u, 9u}) got.push_back(g.value(n).value());
  EXPECT_THAT(got, ElementsAre(0, 1, 2, 3, 0, 1, 1));
}

TEST(SubtractionGame, MatchesDefinitionForRandomSets) {
  std::mt19937_64 rng(12345);
  for (int trial = 0; trial < 300; ++trial) {
    const auto set = random_set(rng, 1 + rng() % 30, 1 + rng() % 6);
    const auto brute = test::brute_subtraction_values(set, 3000);
    SubtractionGame g(set);
    // Ask a far position first so values come through the proven period.
    (void)g.value(1000000000000ULL);
    for (std::uint64_t n = 0; n <= 3000; ++n) ASSERT_EQ(g.value(n).value(), brute[n]) << g.spec() << " n=" << n;
  }
}

TEST(SubtractionGame, PeriodAndPreperiodAreTheSmallest) {
  std::mt19937_64 rng(777);
  for (int trial = 0; trial < 200; ++trial) {
    const auto set = random_set(rng, 1 + rng() % 20, 1 + rng() % 5);
    SubtractionGame g(set);
    const Periodicity& p = g.periodicity();
    const auto brute = test::brute_subtraction_values(set, 20000);
    // With 20000 values, any period of these small games shows many times over.
    const auto [period, preperiod] = brute_period(brute, 5000);
    ASSERT_EQ(p.period, period) << g.spec();
    ASSERT_EQ(p.preperiod, preperiod) << g.spec();
    for (std::uint64_t n = p.preperiod; n + p.period <= 20000; ++n) ASSERT_EQ(brute[n], brute[n + p.period]);
  }
}

TEST(SubtractionGame, KnownPeriods) {
  // {2,5,7}: 0,0,1,1,0,2,1,3,2,2,... classic example; check the proof's output
  // against the definition over a long range.
  SubtractionGame g({2, 5, 7});
  const auto brute = test::brute_subtraction_values({2, 5, 7}, 5000);
  const auto [period, preperiod] = brute_period(brute, 1000);
  EXPECT_EQ(g.periodicity().period, period);
  EXPECT_EQ(g.periodicity().preperiod, preperiod);
  // {1,3,4}: values 0,1,0,1,2,3,2 repeating with period 7 from 0.
  SubtractionGame h({1, 3, 4});
  EXPECT_EQ(h.periodicity().period, 7u);
  EXPECT_EQ(h.periodicity().preperiod, 0u);
}

TEST(SubtractionGame, FarPositionsFollowThePeriod) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 50; ++trial) {
    const auto set = random_set(rng, 12, 4);
    SubtractionGame g(set);
    const Periodicity& p = g.periodicity();
    for (int k = 0; k < 100; ++k) {
      const std::uint64_t n = p.preperiod + rng() % (1ULL << 62);
      const std::uint64_t reduced = p.preperiod + (n - p.preperiod) % p.period;
      ASSERT_EQ(g.value(n), g.value(reduced));
    }
  }
}

TEST(SubtractionGame, MovesToValueMatchDefinition) {
  const std::vector<std::uint64_t> set{2, 5, 7};
  SubtractionGame g(set);
  const auto brute = test::brute_subtraction_values(set, 200);
  for (std::uint64_t n = 0; n <= 200; ++n) {
    for (std::uint64_t t = 0; t < 5; ++t) {
      std::vector<Position> expected;
      for (std::uint64_t s : set)
        if (s <= n && brute[n - s] == t) expected.push_back(n - s);
      ASSERT_EQ(g.moves_to_value(n, Nimber(t)), expected) << n << " " << t;
    }
  }
}

TEST(SubtractionGame, CanonicalSpec) {
  EXPECT_EQ(SubtractionGame({3, 1, 2}).spec(), "subtraction:1-3");
  EXPECT_EQ(SubtractionGame({2, 5, 7, 5}).spec(), "subtraction:2,5,7");
}

TEST(SubtractionGame, RefusesBadSets) {
  EXPECT_THROW(SubtractionGame({}), InputError);
  EXPECT_THROW(SubtractionGame({0, 1}), InputError);
  EXPECT_THROW(SubtractionGame({SubtractionGame::kMaxElement + 1}), InputError);
}

// OEIS tables of subtraction games whose set is infinite (squares, factorials,
// Fibonacci numbers, triangular numbers): for heap sizes up to N only the
// elements <= N matter, so the finite game with those elements has the same
// values there.
struct OeisCase {
  const char* file;
  std::vector<std::uint64_t> (*elements_up_to)(std::uint64_t);
};

std::vector<std::uint64_t> squares(std::uint64_t n) {
  std::vector<std::uint64_t> s;
  for (std::uint64_t k = 1; k * k <= n; ++k) s.push_back(k * k);
  return s;
}
std::vector<std::uint64_t> factorials(std::uint64_t n) {
  std::vector<std::uint64_t> s;
  for (std::uint64_t k = 1, f = 1; f <= n; ++k, f *= k) s.push_back(f);
  return s;
}
std::vector<std::uint64_t> fibonacci(std::uint64_t n) {
  std::vector<std::uint64_t> s;
  for (std::uint64_t a = 1, b = 2; a <= n; std::tie(a, b) = std::make_pair(b, a + b)) s.push_back(a);
  return s;
}
std::vector<std::uint64_t> triangular(std::uint64_t n) {
  std::vector<std::uint64_t> s;
  for (std::uint64_t k = 1; k * (k + 1) / 2 <= n; ++k) s.push_back(k * (k + 1) / 2);
  return s;
}

void PrintTo(const OeisCase& c, std::ostream* os) { *os << c.file; }

class SubtractionOeis : public ::testing::TestWithParam<OeisCase> {};

TEST_P(SubtractionOeis, MatchesTable) {
  const auto rows = test::read_oeis(std::string(GRUNDY_TEST_DATA) + "/oeis/" + GetParam().file);
  ASSERT_GE(rows.size(), 90u);
  const std::uint64_t last = rows.back().first;
  SubtractionGame g(GetParam().elements_up_to(last));
  for (auto [n, v] : rows) EXPECT_EQ(g.value(n).value(), v) << GetParam().file << " n=" << n;
}

INSTANTIATE_TEST_SUITE_P(Tables, SubtractionOeis,
                         ::testing::Values(OeisCase{"oeis_A014586.txt", squares},
                                           OeisCase{"oeis_A014587.txt", factorials},
                                           OeisCase{"oeis_A014588.txt", fibonacci},
                                           OeisCase{"oeis_A019509.txt", triangular}));

}  // namespace
}  // namespace grundy
