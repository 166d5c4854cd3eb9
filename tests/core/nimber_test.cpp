#include "grundy/nimber.hpp"

#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace grundy {
namespace {

TEST(Nimber, DefaultIsZero) {
  EXPECT_TRUE(Nimber{}.is_zero());
  EXPECT_EQ(Nimber{}.value(), 0u);
}

TEST(Nimber, NimAdditionIsXor) {
  EXPECT_EQ(Nimber(3) ^ Nimber(5), Nimber(6));
  EXPECT_EQ(Nimber(7) ^ Nimber(7), Nimber(0));
  Nimber a(12);
  a ^= Nimber(10);
  EXPECT_EQ(a, Nimber(6));
}

TEST(Nimber, NimSumOfRange) {
  std::vector<Nimber> heaps{Nimber(3), Nimber(4), Nimber(5)};
  EXPECT_EQ(nim_sum(heaps), Nimber(2));
  EXPECT_EQ(nim_sum(std::vector<Nimber>{}), Nimber(0));
  // Seed 002's example heaps 27, 16, 8, 2, 7 have nim-sum 6 (binary 110).
  std::vector<Nimber> seed{Nimber(27), Nimber(16), Nimber(8), Nimber(2), Nimber(7)};
  EXPECT_EQ(nim_sum(seed), Nimber(6));
}

TEST(Nimber, WinnerIsFirstExactlyForNonzero) {
  EXPECT_EQ(winner_of(Nimber(0)), Winner::second);
  EXPECT_EQ(winner_of(Nimber(1)), Winner::first);
  EXPECT_STREQ(to_string(Winner::first), "first");
  EXPECT_STREQ(to_string(Winner::second), "second");
}

TEST(Nimber, Ordering) {
  EXPECT_LT(Nimber(2), Nimber(3));
  EXPECT_NE(Nimber(2), Nimber(3));
}

TEST(Nimber, FormatsAsItsValue) {
  EXPECT_EQ(fmt::format("{}", Nimber(18446744073709551615ULL)), "18446744073709551615");
  EXPECT_EQ(fmt::format("{:>3}", Nimber(7)), "  7");
}

}  // namespace
}  // namespace grundy
