#include "grundy/games/nim.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"

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

}  // namespace
}  // namespace grundy
