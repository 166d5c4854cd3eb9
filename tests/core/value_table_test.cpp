#include "grundy/value_table.hpp"

#include <gtest/gtest.h>

namespace grundy {
namespace {

TEST(ValueTable, StartsNarrow) {
  ValueTable t;
  EXPECT_TRUE(t.empty());
  t.push_back(Nimber(255));
  EXPECT_EQ(t.bytes_per_value(), 1u);
  EXPECT_EQ(t[0], Nimber(255));
}

TEST(ValueTable, WidensStepByStepKeepingValues) {
  ValueTable t;
  t.push_back(Nimber(7));
  t.push_back(Nimber(256));
  EXPECT_EQ(t.bytes_per_value(), 2u);
  t.push_back(Nimber(65536));
  EXPECT_EQ(t.bytes_per_value(), 4u);
  t.push_back(Nimber(std::uint64_t{1} << 32));
  EXPECT_EQ(t.bytes_per_value(), 8u);
  t.push_back(Nimber(~std::uint64_t{0}));
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0], Nimber(7));
  EXPECT_EQ(t[1], Nimber(256));
  EXPECT_EQ(t[2], Nimber(65536));
  EXPECT_EQ(t[3], Nimber(std::uint64_t{1} << 32));
  EXPECT_EQ(t[4], Nimber(~std::uint64_t{0}));
}

TEST(ValueTable, JumpsStraightToTheNeededWidth) {
  ValueTable t;
  t.push_back(Nimber(1));
  t.push_back(Nimber(std::uint64_t{1} << 40));
  EXPECT_EQ(t.bytes_per_value(), 8u);
  EXPECT_EQ(t[0], Nimber(1));
  EXPECT_EQ(t[1], Nimber(std::uint64_t{1} << 40));
}

}  // namespace
}  // namespace grundy
