#include "grundy/contest/not_a_nim.hpp"

#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/contest_input.hpp"

#include "grundy/games/coprime.hpp"
#include "grundy/primes/least_factor_index.hpp"
#include "support/brute_force.hpp"

namespace grundy::contest {
namespace {

using ::testing::HasSubstr;

using test::read_file;

std::string solve(const std::string& text) { return test::solve_text(solve_not_a_nim, text); }
std::string error_of(const std::string& text) { return test::error_of_text(solve_not_a_nim, text); }

TEST(NotANim, OfficialSample) {
  const std::string dir = std::string(GRUNDY_TEST_DATA) + "/contest/";
  EXPECT_EQ(solve(read_file(dir + "cf2004e_1.in")), read_file(dir + "cf2004e_1.out"));
}

// The sieve against the game's own value (trial division and primecount),
// every odd number to 2*10^6 and random ones up to the sieve's limit.
TEST(LeastFactorIndices, AgreeWithTheGameValue) {
  const CoprimeGame game;
  std::vector<std::uint32_t> values;
  for (std::uint32_t x = 3; x <= 2'000'000; x += 2) values.push_back(x);
  std::mt19937_64 rng(7);
  for (int k = 0; k < 300; ++k)
    values.push_back(static_cast<std::uint32_t>((rng() % primes::kLeastFactorSieveMax) | 1));
  values.push_back(
      static_cast<std::uint32_t>(primes::kLeastFactorSieveMax - 1));  // 2^30 - 1 = 3 * 3 * 7 * 11 * 31 * 151 * 331
  values.push_back(1073741789);                                       // the largest prime below 2^30
  values.push_back(32749u * 32749u);                                  // the square of the largest sieving prime
  std::shuffle(values.begin(), values.end(), rng);
  std::vector<std::uint32_t> indices(values.size());
  primes::least_factor_indices(values, indices);
  for (std::size_t i = 0; i < values.size(); ++i) ASSERT_EQ(indices[i], game.value(values[i]).value()) << values[i];
  // In place, as the contest solver calls it.
  std::vector<std::uint32_t> copy = values;
  primes::least_factor_indices(copy, copy);
  EXPECT_EQ(copy, indices);
  EXPECT_THROW(primes::least_factor_indices(std::vector<std::uint32_t>{4}, std::span<std::uint32_t>(copy).first(1)),
               std::invalid_argument);
}

// Whole inputs against the rule itself: options of x are x - y with gcd(x, y) = 1.
TEST(NotANim, RandomInputsAgreeWithTheDefinition) {
  const auto g = test::brute_heap_values(2000, [](std::uint64_t x) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t y = 1; y <= x; ++y)
      if (std::gcd(x, y) == 1) out.push_back(x - y);
    return out;
  });
  std::mt19937_64 rng(2004);
  std::string input = "300\n";
  std::string expected;
  for (int t = 0; t < 300; ++t) {
    const int n = 1 + static_cast<int>(rng() % 6);
    input += std::to_string(n) + "\n";
    std::uint64_t x = 0;
    for (int i = 0; i < n; ++i) {
      const std::uint64_t a = 1 + rng() % 2000;
      x ^= g[a];
      input += std::to_string(a) + (i + 1 < n ? " " : "\n");
    }
    expected += x != 0 ? "Alice\n" : "Bob\n";
  }
  EXPECT_EQ(solve(input), expected);
}

TEST(NotANim, LargePilesBeyondTheSieve) {
  // 10^18 + 1 = 101 * 9901 * 999999000001: G = pi(101) = 26; 27 = pi(103).
  EXPECT_EQ(solve("3\n2\n1000000000000000001 101\n2\n1000000000000000001 103\n1\n18446744073709551615\n"),
            "Bob\nAlice\nAlice\n");
}

// The same piles answered one by one (few piles: the sieve stops at 2^20
// numbers a pile) and by the sieve (padded with 200 piles of 3, which cancel
// in pairs, so the sieve reaches them). Each test pairs x with its least prime
// factor q, found here by trial division: G(x) = G(q) (both pi(q)), so the
// answer is Bob; paired with the next odd number after q that is prime, the
// answer is Alice (its value is one more).
TEST(NotANim, SievedAndOneByOneAgree) {
  auto least_factor = [](std::uint64_t x) {
    for (std::uint64_t d = 3; d * d <= x; d += 2)
      if (x % d == 0) return d;
    return x;
  };
  auto next_prime = [&](std::uint64_t p) {
    do p += 2;
    while (least_factor(p) != p);
    return p;
  };
  std::mt19937_64 rng(2004);
  std::string tests;
  std::string expected;
  int count = 0;
  for (int k = 0; k < 24; ++k) {
    const std::uint64_t x = ((std::uint64_t{1} << 26) + rng() % (std::uint64_t{1} << 26)) | 1;
    const std::uint64_t q = least_factor(x);
    tests += fmt::format("2\n{} {}\n2\n{} {}\n", x, q, x, next_prime(q));
    expected += "Bob\nAlice\n";
    count += 2;
  }
  const std::string padding = "200\n" + [] {
    std::string threes;
    for (int i = 0; i < 200; ++i) threes += i == 0 ? "3" : " 3";
    return threes;
  }() + "\n";
  EXPECT_EQ(solve(fmt::format("{}\n{}", count, tests)), expected);
  EXPECT_EQ(solve(fmt::format("{}\n{}{}", count + 1, tests, padding)), expected + "Bob\n");
}

TEST(NotANim, MalformedInputsAreErrorsWithPositions) {
  EXPECT_THAT(error_of(""), HasSubstr("line 1, column 1: expected the number of tests t"));
  EXPECT_THAT(error_of("0\n"), HasSubstr("the number of tests t is 0: it must be from 1"));
  EXPECT_THAT(error_of("1\n3\n1 2\n"), HasSubstr("line 3, column 4: expected pile 3 of 3 of test 1"));
  EXPECT_THAT(error_of("1\n1\n0\n"), HasSubstr("pile 1 of 1 of test 1 is 0"));
  EXPECT_THAT(error_of("1\n1\n18446744073709551616\n"),
              HasSubstr("line 3, column 1: pile 1 of 1 of test 1 is too large"));
  EXPECT_THAT(error_of("1\n1\n+5\n"), HasSubstr("found '+'"));
  EXPECT_THAT(error_of("1\n1\n5\n6\n"), HasSubstr("line 4, column 1: expected the end of the input"));
  EXPECT_THAT(error_of("2\n1\n5\n"), HasSubstr("line 4, column 1: expected the count n of test 2 of 2"));
}

TEST(NotANim, HugeClaimedCountsFailWithoutAllocating) {
  // t is numbered with 32 bits: a larger t is refused where it stands, before any data.
  EXPECT_THAT(
      error_of("18446744073709551615\n1\n1\n"),
      HasSubstr("line 1, column 1: the number of tests t is 18446744073709551615: it must be from 1 to 4294967295"));
  EXPECT_THAT(error_of("4294967296\n"),
              HasSubstr("line 1, column 1: the number of tests t is 4294967296: it must be from 1 to 4294967295"));
  EXPECT_THAT(error_of("4294967295\n1\n1\n"), HasSubstr("expected the count n of test 2 of 4294967295"));
  EXPECT_THAT(error_of("1\n18446744073709551615\n1 2 3\n"), HasSubstr("expected pile 4 of 18446744073709551615"));
}

}  // namespace
}  // namespace grundy::contest
