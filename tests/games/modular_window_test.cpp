// first_in_window against a scan of k = 0, 1, 2, ... (the progression repeats
// after m terms, so m terms decide "never").

#include "grundy/games/modular_window.hpp"

#include <limits>
#include <numeric>
#include <optional>
#include <random>

#include <gtest/gtest.h>

namespace grundy {
namespace {

__extension__ using Uint128 = unsigned __int128;

std::uint64_t term(std::uint64_t a, std::uint64_t b, std::uint64_t m, std::uint64_t k) {
  return static_cast<std::uint64_t>((Uint128{a} * k + b) % m);
}

std::optional<std::uint64_t> scan(std::uint64_t a, std::uint64_t b, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                                  std::uint64_t steps) {
  for (std::uint64_t k = 0; k < steps; ++k) {
    const std::uint64_t t = term(a, b, m, k);
    if (lo <= t && t <= hi) return k;
  }
  return std::nullopt;
}

TEST(ModularWindow, EveryCaseForModuliUpTo13) {
  for (std::uint64_t m = 1; m <= 13; ++m)
    for (std::uint64_t a = 0; a < m; ++a)
      for (std::uint64_t b = 0; b < m; ++b)
        for (std::uint64_t lo = 0; lo < m; ++lo)
          for (std::uint64_t hi = lo; hi < m; ++hi)
            ASSERT_EQ(first_in_window(a, b, m, lo, hi), scan(a, b, m, lo, hi, m))
                << "a=" << a << " b=" << b << " m=" << m << " [" << lo << ", " << hi << "]";
}

TEST(ModularWindow, RandomCasesForModuliUpTo3000) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t m = 1 + rng() % 3000;
    const std::uint64_t a = rng() % m, b = rng() % m, lo = rng() % m;
    // Narrow windows make long searches; wide ones end at once.
    const std::uint64_t hi = lo + rng() % (i % 2 == 0 ? 3 : m - lo);
    const std::uint64_t top = std::min(hi, m - 1);
    ASSERT_EQ(first_in_window(a, b, m, lo, top), scan(a, b, m, lo, top, m))
        << "a=" << a << " b=" << b << " m=" << m << " [" << lo << ", " << top << "]";
  }
}

TEST(ModularWindow, LargeModuliOnBothWordSizes) {
  // Moduli around 2^32 (the 32-bit path ends at 2^32 - 1) and near 2^63:
  // the answer must land in the window, and no earlier k may; answers that
  // are small enough are checked by scanning.
  std::mt19937_64 rng(12);
  const std::uint64_t bases[] = {std::uint64_t{1} << 20,       (std::uint64_t{1} << 32) - 5,
                                 std::uint64_t{1} << 32,       (std::uint64_t{1} << 32) + 7,
                                 3'000'000'000'000'000'000ULL, (std::uint64_t{1} << 63) - 1};
  int scanned = 0;
  for (std::uint64_t base : bases)
    for (int i = 0; i < 300; ++i) {
      const std::uint64_t m = base - rng() % 4;
      const std::uint64_t a = rng() % m, b = rng() % m, lo = rng() % m;
      const std::uint64_t width = i % 3 == 0 ? m / (1 + rng() % 1000) : m / (1 + rng() % 200000);
      const std::uint64_t hi = lo + std::min(width, m - 1 - lo);
      const auto k = first_in_window(a, b, m, lo, hi);
      if (!k) {
        // The terms are the numbers = b (mod gcd(a, m)): none may lie in the window.
        const std::uint64_t g = std::gcd(a, m);
        ASSERT_GT(lo + (b % g + g - lo % g) % g, hi) << "a=" << a << " b=" << b << " m=" << m;
        continue;
      }
      const std::uint64_t t = term(a, b, m, *k);
      ASSERT_TRUE(lo <= t && t <= hi) << "a=" << a << " b=" << b << " m=" << m << " k=" << *k;
      if (*k <= 2'000'000) {
        ASSERT_EQ(scan(a, b, m, lo, hi, *k + 1), k) << "a=" << a << " b=" << b << " m=" << m;
        ++scanned;
      }
    }
  EXPECT_GE(scanned, 1000);
}

TEST(ModularWindow, KnownAnswers) {
  EXPECT_EQ(first_in_window(1, 0, 1000, 999, 999), 999U);
  EXPECT_EQ(first_in_window(999, 0, 1000, 1, 1), 999U);  // -1, -2, ... from 0
  EXPECT_EQ(first_in_window(0, 5, 10, 6, 9), std::nullopt);
  EXPECT_EQ(first_in_window(4, 0, 8, 1, 3), std::nullopt);  // only 0 and 4
  EXPECT_EQ(first_in_window(4, 1, 8, 5, 5), 1U);
  const std::uint64_t big = (std::uint64_t{1} << 63) - 25;
  EXPECT_EQ(first_in_window(1, 0, big, big - 1, big - 1), big - 1);
  EXPECT_EQ(first_in_window(big - 1, 0, big, 1, 1), big - 1);
  EXPECT_EQ(first_in_window(2, 1, big, 0, 0), (big - 1) / 2);  // 2k + 1 = big
}

}  // namespace
}  // namespace grundy
