#include "grundy/games/nim.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "grundy/error.hpp"
#include "grundy/pattern.hpp"

namespace grundy {
namespace {

using ::testing::ElementsAre;

TEST(Nim, ValueIsHeapSize) {
  Nim nim;
  for (Position n : {0ULL, 1ULL, 7ULL, 1000000000000000000ULL, 18446744073709551615ULL})
    EXPECT_EQ(nim.value(n), Nimber(n));
}

TEST(Nim, MovesToValue) {
  Nim nim;
  EXPECT_THAT(nim.moves_to_value(5, Nimber(2)), ElementsAre(2u));
  EXPECT_THAT(nim.moves_to_value(5, Nimber(5)), ElementsAre());
  EXPECT_THAT(nim.moves_to_value(5, Nimber(9)), ElementsAre());
  EXPECT_THAT(nim.moves_to_value(0, Nimber(0)), ElementsAre());
}

TEST(Nim, SpecAndPositions) {
  Nim nim;
  EXPECT_EQ(nim.spec(), "nim");
  EXPECT_TRUE(nim.heap_indexed());
  EXPECT_EQ(nim.parse_position("18446744073709551615"), 18446744073709551615u);
  EXPECT_EQ(nim.format_position(12), "12");
  EXPECT_THROW((void)nim.parse_position("-1"), InputError);
  EXPECT_THROW((void)nim.parse_position("18446744073709551616"), InputError);
}

// The proven arithmetic period, against a mex over every option far past
// its bound (the proof needs only G(0)).
TEST(Nim, PatternIsAProvenArithmeticPeriodThatABruteForceKeeps) {
  Nim nim;
  const Pattern p = nim.pattern(1000);
  ASSERT_EQ(p.kind, PatternKind::arithmetic_periodic);
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.preperiod, 0u);
  EXPECT_EQ(p.period, 1u);
  EXPECT_EQ(p.saltus, 1u);
  EXPECT_EQ(p.proof_bound, 1u);
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n < 3000; ++n) {
    std::set<std::uint64_t> options(g.begin(), g.end());  // every smaller heap
    std::uint64_t mex = 0;
    while (options.count(mex)) ++mex;
    g.push_back(mex);
  }
  for (std::uint64_t n = p.preperiod; n + p.period < g.size(); ++n) ASSERT_EQ(g[n + p.period], g[n] + p.saltus) << n;
  for (std::uint64_t n = 0; n < g.size(); ++n) ASSERT_EQ(nim.value(n).value(), g[n]);
}

}  // namespace
}  // namespace grundy
