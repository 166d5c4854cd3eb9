// The coprime-take game against its definition (a move takes y stones with
// gcd(x, y) = 1), OEIS A055396, and at 10^12 to 10^18 against Debian's
// `factor` and `primecount` programs.

#include "grundy/games/coprime.hpp"

#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/sum.hpp"
#include "support/brute_force.hpp"
#include "support/oeis_file.hpp"
#include "support/run_process.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kBruteLimit = 3000;

// Heap sizes reachable from x by the rule itself.
std::vector<std::uint64_t> options(std::uint64_t x) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t y = 1; y <= x; ++y)
    if (std::gcd(x, y) == 1) out.push_back(x - y);
  return out;
}

const std::vector<std::uint64_t>& brute_values() {
  static const std::vector<std::uint64_t> g = test::brute_heap_values(kBruteLimit, options);
  return g;
}

TEST(Coprime, ValuesMatchTheDefinitionTo3000) {
  const CoprimeGame game;
  const auto& g = brute_values();
  for (std::uint64_t x = 0; x <= kBruteLimit; ++x) ASSERT_EQ(game.value(x).value(), g[x]) << "x=" << x;
}

// A055396: the index of the least prime factor of n; the game's value for
// odd n >= 3 (for even n the game's value is 0, the sequence's is 1).
TEST(Coprime, MatchesOeisA055396ForOddHeaps) {
  const CoprimeGame game;
  int checked = 0;
  for (const auto& [n, v] : test::read_oeis(std::string(GRUNDY_TEST_DATA) + "/oeis/oeis_A055396.txt")) {
    if (n < 3 || n % 2 == 0) continue;
    EXPECT_EQ(game.value(n).value(), v) << "n=" << n;
    ++checked;
  }
  EXPECT_GE(checked, 45);
}

TEST(Coprime, MovesToEveryValueMatchTheDefinition) {
  const CoprimeGame game;
  const auto& g = brute_values();
  for (std::uint64_t x = 0; x <= 400; ++x) {
    for (std::uint64_t t = 0; t <= 40; ++t) {
      std::vector<std::uint64_t> expected;
      for (std::uint64_t z : options(x))
        if (g[z] == t) expected.push_back(z);
      std::sort(expected.begin(), expected.end());
      const MoveSample all = game.first_moves_to_value(x, Nimber(t), kNoLimit);
      ASSERT_EQ(all.moves, expected) << "x=" << x << " t=" << t;
      ASSERT_TRUE(all.complete()) << "x=" << x << " t=" << t;
      for (std::uint64_t limit : {1u, 2u, 5u}) {
        const MoveSample some = game.first_moves_to_value(x, Nimber(t), limit);
        const std::size_t shown = std::min<std::size_t>(limit, expected.size());
        ASSERT_EQ(some.moves,
                  std::vector<std::uint64_t>(expected.begin(), expected.begin() + static_cast<long>(shown)));
        // The count, when given, is exact; it may be missing only when moves were left out.
        if (some.total) {
          ASSERT_EQ(*some.total, expected.size()) << "x=" << x << " t=" << t;
        } else {
          ASSERT_GT(expected.size(), limit) << "x=" << x << " t=" << t;
        }
      }
    }
  }
}

std::vector<std::uint64_t> coreutils_factor(std::uint64_t n) {
  const auto result = test::run_process("/usr/bin/factor", {std::to_string(n)});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::istringstream fields(result.out.substr(result.out.find(':') + 1));
  std::vector<std::uint64_t> primes;
  for (std::uint64_t p = 0; fields >> p;) primes.push_back(p);
  return primes;
}

std::uint64_t primecount_pi(std::uint64_t x) {
  const auto result = test::run_process("/usr/bin/primecount", {std::to_string(x)});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return std::stoull(result.out);
}

// G(x) = pi(lpf(x)) computed by two programs that share nothing with grundy's factoring.
TEST(Coprime, LargeHeapsAgainstFactorAndPrimecount) {
  const CoprimeGame game;
  for (std::uint64_t x : {999999999989ull,                // a prime near 10^12
                          999999999999989ull,             // a prime near 10^15
                          999999937ull * 1000000007ull,   // near 10^18, least prime factor near 10^9
                          4294967291ull * 4294967279ull,  // two primes near 2^32: Pollard's rho
                          1000000000000000001ull,         // 101 * 9901 * 999999000001
                          3ull * 333333333333333333ull}) {
    const std::uint64_t lpf = coreutils_factor(x).front();
    EXPECT_EQ(game.value(x).value(), primecount_pi(lpf)) << "x=" << x;
  }
}

TEST(Coprime, FirstMovesOfAHeapNear10e18ComeAtOnce) {
  const CoprimeGame game;
  const std::uint64_t x = 1000000000000000001ull;  // 101 * 9901 * 999999000001
  const MoveSample to_zero = game.first_moves_to_value(x, Nimber(0), 3);
  EXPECT_EQ(to_zero.moves, (std::vector<std::uint64_t>{2, 4, 6}));
  ASSERT_TRUE(to_zero.total.has_value());
  EXPECT_EQ(*to_zero.total, 100ull * 9900ull * 999999000000ull / 2);  // phi(x) / 2
  // Value 5 is the 5th prime, 11: heaps 11 * m with m free of 2, 3, 5, 7.
  const MoveSample to_five = game.first_moves_to_value(x, Nimber(5), 3);
  EXPECT_EQ(to_five.moves, (std::vector<std::uint64_t>{11, 11 * 11, 11 * 13}));
  EXPECT_FALSE(to_five.total.has_value());
  // 101 divides x: no heap with least prime factor 101 is coprime to x.
  EXPECT_TRUE(game.first_moves_to_value(x, Nimber(26), 3).moves.empty());
}

TEST(Coprime, SumOfLargeAndSmallHeaps) {
  const CoprimeGame game;
  const std::vector<Component> sum{{&game, 1000000000000000001ull}, {&game, 9}, {&game, 4}};
  const SumAnalysis a = analyze_sum(sum, 2);
  EXPECT_EQ(a.values[0].nimber().value(), 26u);  // pi(101)
  EXPECT_EQ(a.nim_sum.value(), 26u ^ 2u);
  ASSERT_FALSE(a.winning_moves.empty());
  for (const auto& m : a.winning_moves) {
    const std::uint64_t rest = a.nim_sum.value() ^ a.values[m.component].nimber().value();
    ASSERT_EQ(m.to.size(), 1u);
    EXPECT_EQ(game.value(m.to[0]).value(), rest) << "component " << m.component;
    EXPECT_EQ(std::gcd(m.from, m.from - m.to[0]), 1u);
  }
}

}  // namespace
}  // namespace grundy
