#include "grundy/parse_number.hpp"

#include <gtest/gtest.h>

namespace grundy {
namespace {

TEST(ParseU64, AcceptsPlainDecimal) {
  EXPECT_EQ(parse_u64("0"), 0u);
  EXPECT_EQ(parse_u64("42"), 42u);
  EXPECT_EQ(parse_u64("007"), 7u);
  EXPECT_EQ(parse_u64("1000000000000000000"), 1000000000000000000u);
  EXPECT_EQ(parse_u64("18446744073709551615"), 18446744073709551615u);
  EXPECT_TRUE(why_not_u64("18446744073709551615").empty());
}

TEST(ParseU64, RefusesEverythingElse) {
  for (const char* bad : {"", "-1", "+1", "1e3", "3.0", " 1", "1 ", "0x10", "18446744073709551616",
                          "99999999999999999999999", "1,000", "-0", "one"}) {
    EXPECT_FALSE(parse_u64(bad).has_value()) << "'" << bad << "'";
    EXPECT_FALSE(why_not_u64(bad).empty()) << "'" << bad << "'";
  }
}

TEST(ParseU64, ExplainsWhy) {
  EXPECT_EQ(why_not_u64(""), "it is empty");
  EXPECT_EQ(why_not_u64("-1"), "it is negative");
  EXPECT_EQ(why_not_u64("-0"), "it has a sign");  // zero with a sign, not a negative number
  EXPECT_EQ(why_not_u64("-000"), "it has a sign");
  EXPECT_EQ(why_not_u64("-007"), "it is negative");
  EXPECT_EQ(why_not_u64("--"), "it contains a character other than a digit");
  EXPECT_EQ(why_not_u64("-"), "it contains a character other than a digit");
  EXPECT_EQ(why_not_u64("-x"), "it contains a character other than a digit");
  EXPECT_EQ(why_not_u64("+1"), "it has a sign");
  EXPECT_EQ(why_not_u64("18446744073709551616"), "it is larger than 18446744073709551615");
  EXPECT_EQ(why_not_u64("1e3"), "it is not written as a whole number in plain digits");
  EXPECT_EQ(why_not_u64("1 2"), "it contains a blank");
  EXPECT_EQ(why_not_u64("x"), "it contains a character other than a digit");
}

}  // namespace
}  // namespace grundy
