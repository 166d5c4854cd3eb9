#include "grundy/mex.hpp"

#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "support/brute_force.hpp"

namespace grundy {
namespace {

TEST(Mex, EmptyIsZero) { EXPECT_EQ(mex({}), Nimber(0)); }

TEST(Mex, SmallestMissing) {
  EXPECT_EQ(mex({Nimber(0), Nimber(1), Nimber(3)}), Nimber(2));
  EXPECT_EQ(mex({Nimber(1), Nimber(2)}), Nimber(0));
  EXPECT_EQ(mex({Nimber(0), Nimber(0), Nimber(1), Nimber(1)}), Nimber(2));
  EXPECT_EQ(mex({Nimber(2), Nimber(1), Nimber(0)}), Nimber(3));
}

TEST(Mex, HugeValuesAreIgnored) {
  EXPECT_EQ(mex({Nimber(0), Nimber(~std::uint64_t{0}), Nimber(64), Nimber(63)}), Nimber(1));
}

TEST(Mex, AllOfZeroTo63GivesSixtyFour) {
  // 64 values take the general path; 63 values the one-word path.
  std::vector<Nimber> v;
  for (std::uint64_t i = 0; i < 63; ++i) v.push_back(Nimber(i));
  EXPECT_EQ(mex(v), Nimber(63));
  v.push_back(Nimber(63));
  EXPECT_EQ(mex(v), Nimber(64));
}

TEST(Mex, MatchesDefinitionOnRandomCollections) {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t k = rng() % 200;
    const std::uint64_t spread = 1 + rng() % 300;
    std::vector<Nimber> values;
    std::set<std::uint64_t> reference;
    for (std::size_t i = 0; i < k; ++i) {
      const std::uint64_t x = rng() % spread;
      values.push_back(Nimber(x));
      reference.insert(x);
    }
    ASSERT_EQ(mex(values).value(), test::brute_mex(reference)) << "trial " << trial;
  }
}

}  // namespace
}  // namespace grundy
