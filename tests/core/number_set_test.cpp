#include "grundy/number_set.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"

namespace grundy {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::uint64_t> parse(std::string_view text) { return parse_number_set(text, "the set", 1); }

TEST(NumberSet, ListsAndRanges) {
  EXPECT_THAT(parse("1,2,3"), ElementsAre(1, 2, 3));
  EXPECT_THAT(parse("1-3"), ElementsAre(1, 2, 3));
  EXPECT_THAT(parse("7,2-4,3"), ElementsAre(2, 3, 4, 7));
  EXPECT_THAT(parse("5-5"), ElementsAre(5));
  EXPECT_THAT(parse("2,2,2"), ElementsAre(2));
  EXPECT_THAT(parse("18446744073709551615"), ElementsAre(18446744073709551615u));
}

TEST(NumberSet, CanonicalForm) {
  EXPECT_EQ(format_number_set({1, 2, 3}), "1-3");
  EXPECT_EQ(format_number_set({1, 2}), "1,2");
  EXPECT_EQ(format_number_set({2, 5, 7}), "2,5,7");
  EXPECT_EQ(format_number_set({1, 2, 3, 5, 6, 8, 9, 10, 11}), "1-3,5,6,8-11");
  EXPECT_EQ(format_number_set({4}), "4");
}

TEST(NumberSet, CanonicalFormIsAFixedPoint) {
  for (const char* text : {"1-3", "1,2", "2,5,7", "1-3,5,6,8-11", "4", "2-6", "1,3,4"}) {
    EXPECT_EQ(format_number_set(parse(text)), text);
  }
  EXPECT_EQ(format_number_set(parse("3,1,2")), "1-3");
}

void expect_error(std::string_view text, std::string_view fragment) {
  try {
    (void)parse(text);
    ADD_FAILURE() << "no error for '" << text << "'";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr(std::string(fragment))) << "for '" << text << "'";
  }
}

TEST(NumberSet, ErrorsSayWhereAndWhat) {
  expect_error("", "is empty");
  expect_error("1,,2", "at character 3: expected a number");
  expect_error("1,", "at character 3: expected a number");
  expect_error("0,1", "0 is too small: elements must be at least 1");
  expect_error("3-1", "the range 3-1 is empty");
  expect_error("1-x", "at character 3: 'x' is not a number here");
  expect_error("-1", "at character 1: expected a number");
  expect_error("1-2-3", "'2-3' is not a number here");
  expect_error("1-18446744073709551616", "larger than 18446744073709551615");
}

TEST(NumberSet, HugeRangesAreRefusedWithoutExpanding) {
  expect_error("1-10000000000000", "more than 1048576 elements");
  expect_error("1-1048576,2000000-2000001", "more than 1048576 elements");
  expect_error("1-1048577", "more than 1048576 elements");
  EXPECT_EQ(parse_number_set("1-1048575,2000000", "S", 1).size(), 1048576U);  // the largest set allowed
}

TEST(NumberSet, InWords) {
  EXPECT_EQ(number_set_in_words({4}, "or"), "4");
  EXPECT_EQ(number_set_in_words({1, 3}, "or"), "1 or 3");
  EXPECT_EQ(number_set_in_words({1, 3, 4}, "or"), "1, 3 or 4");
  EXPECT_EQ(number_set_in_words({1, 2, 3, 4, 5, 6, 7, 8}, "and"), "1, 2, 3, 4, 5, 6, 7 and 8");
  EXPECT_EQ(number_set_in_words({1, 2, 3, 4, 5, 6, 7, 8, 9}, "or"), "one of {1-9}");
}

}  // namespace
}  // namespace grundy
