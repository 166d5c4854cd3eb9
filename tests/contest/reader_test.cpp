#include "grundy/contest/reader.hpp"

#include <unistd.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace grundy::contest {
namespace {

using ::testing::HasSubstr;

constexpr std::uint64_t kMax = ~std::uint64_t{0};

std::string what_fails(const std::string& text, std::uint64_t min, std::uint64_t max) {
  ContestReader in(std::string_view(text), "input");
  try {
    (void)in.number_on_new_line("the number", min, max);
    in.end_of_line("the number");
    in.end_of_input("the number");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ContestReader, ReadsNumbersAndLines) {
  const std::string text = "3\n  10 20\t30 \r\n\n 7\n";
  ContestReader in(std::string_view(text), "input");
  EXPECT_EQ(in.number_on_new_line("T", 1, 10), 3u);
  in.end_of_line("T");
  EXPECT_EQ(in.number_on_new_line("a", 0, kMax), 10u);
  EXPECT_EQ(in.number_on_line([] { return std::string("b"); }, 0, kMax), 20u);
  EXPECT_EQ(in.number_on_line([] { return std::string("c"); }, 0, kMax), 30u);
  in.end_of_line("c");
  EXPECT_EQ(in.number_on_new_line("d", 0, kMax), 7u);  // after a blank line
  EXPECT_EQ(in.line(), 4u);
  in.end_of_line("d");
  in.end_of_input("d");
}

TEST(ContestReader, FullRangeAndLeadingZeros) {
  const std::string text = "18446744073709551615 000000000000000000000000042 0";
  ContestReader in(std::string_view(text), "input");
  EXPECT_EQ(in.number_on_new_line("a", 0, kMax), kMax);
  EXPECT_EQ(in.number_on_line([] { return std::string("b"); }, 0, kMax), 42u);
  EXPECT_EQ(in.number_on_line([] { return std::string("c"); }, 0, kMax), 0u);
  in.end_of_line("c");  // no final newline
  in.end_of_input("c");
}

TEST(ContestReader, ErrorsNameLineColumnAndWhat) {
  EXPECT_THAT(what_fails("18446744073709551616", 0, kMax), HasSubstr("line 1, column 1: the number is too large"));
  EXPECT_THAT(what_fails("99999999999999999999999", 0, kMax), HasSubstr("too large"));
  EXPECT_THAT(what_fails("  1000000000000000001", 1, 1000000000000000000),
              HasSubstr("line 1, column 3: the number is 1000000000000000001: it must be from 1 to 10^18"));
  EXPECT_THAT(what_fails("0", 1, 5), HasSubstr("the number is 0: it must be from 1 to 5"));
  EXPECT_THAT(what_fails("-3", 0, 5), HasSubstr("column 1: expected the number, found '-'"));
  EXPECT_THAT(what_fails("+3", 0, 5), HasSubstr("found '+'"));
  EXPECT_THAT(what_fails("3.5", 0, 5), HasSubstr("column 2: the number must be a whole number followed by a blank"));
  EXPECT_THAT(what_fails("3e5", 0, 5), HasSubstr("found 'e'"));
  EXPECT_THAT(what_fails("", 0, 5), HasSubstr("line 1, column 1: expected the number, found the end of the input"));
  EXPECT_THAT(what_fails("\n\n  \n", 0, 5), HasSubstr("line 4, column 1: expected the number, found the end"));
  EXPECT_THAT(what_fails("4 5", 0, 5), HasSubstr("column 3: expected the end of the line after the number, found '5'"));
  EXPECT_THAT(what_fails("4\n\n5", 0, 5), HasSubstr("line 3, column 1: expected the end of the input"));
  EXPECT_THAT(what_fails(std::string("4\0", 2), 0, 5), HasSubstr("byte 0x00"));
  EXPECT_THAT(what_fails("\xef\xbb\xbf" "4", 0, 5), HasSubstr("byte 0xef"));
}

TEST(ContestReader, NumberOnLineStopsAtTheLineEnd) {
  const std::string text = "1 2\n3\n";
  ContestReader in(std::string_view(text), "input");
  (void)in.number_on_new_line("a", 0, 9);
  (void)in.number_on_line([] { return std::string("b"); }, 0, 9);
  try {
    (void)in.number_on_line([] { return std::string("value 3 of 3"); }, 0, 9);
    FAIL() << "a number on the next line was taken for this one";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("line 1, column 4: expected value 3 of 3, found the end of the line"));
  }
}

// Numbers followed by at least 24 bytes take the word-at-a-time path
// (digits.hpp); every length from 1 to 20 digits, with and without leading
// zeros, must read as the careful path would.
TEST(ContestReader, WordPathReadsEveryLength) {
  std::mt19937_64 rng(8);
  std::string text;
  std::vector<std::uint64_t> expected;
  for (int round = 0; round < 200; ++round) {
    for (int length = 1; length <= 20; ++length) {
      std::string digits;
      for (int k = 0; k < length; ++k) digits += static_cast<char>('0' + rng() % 10);
      if (round % 5 == 0) digits[0] = '0';
      if (length == 20) digits.replace(0, 2, "00");  // 20 digits, still below 2^64
      expected.push_back(std::stoull(digits));
      text += digits;
      text += length == 20 ? "\n" : (round % 2 ? "\t" : " ");
    }
  }
  text += std::string(40, ' ');
  ContestReader in(std::string_view(text), "input");
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const std::uint64_t v = i % 20 == 0 ? in.number_on_new_line("v", 0, kMax)
                                        : in.number_on_line([] { return std::string("v"); }, 0, kMax);
    ASSERT_EQ(v, expected[i]) << "number " << i;
    if (i % 20 == 19) in.end_of_line("v");
  }
}

TEST(ContestReader, WordPathErrorsNameTheColumn) {
  const std::string pad(30, ' ');
  EXPECT_THAT(what_fails("123x" + pad, 0, kMax), HasSubstr("column 4: the number must be a whole number followed by a blank"));
  EXPECT_THAT(what_fails("  12345678901234567x" + pad, 0, kMax), HasSubstr("column 20: the number must be"));
  EXPECT_THAT(what_fails("1000000000000000001" + pad, 1, 1000000000000000000),
              HasSubstr("line 1, column 1: the number is 1000000000000000001: it must be from 1 to 10^18"));
  EXPECT_THAT(what_fails(" 99999999999999999999" + pad, 0, kMax), HasSubstr("column 2: the number is too large"));
  EXPECT_THAT(what_fails("7\r\n" + pad, 0, 9), "");
}

// From a file of 3.5 MB, so numbers straddle the reader's 1 MiB blocks.
TEST(ContestReader, NumbersAcrossBlockBoundaries) {
  std::string text;
  std::vector<std::uint64_t> expected;
  for (std::uint64_t i = 0; text.size() < 3'500'000; ++i) {
    const std::uint64_t v = (i * 0x9E3779B97F4A7C15ULL) >> (i % 64);
    expected.push_back(v);
    text += std::to_string(v);
    text += i % 7 == 6 ? "\n" : " ";
  }
  std::FILE* tmp = std::tmpfile();
  ASSERT_NE(tmp, nullptr);
  ASSERT_EQ(std::fwrite(text.data(), 1, text.size(), tmp), text.size());
  std::rewind(tmp);
  ContestReader in(::fileno(tmp), "file");
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const std::uint64_t v = i % 7 == 0 ? in.number_on_new_line("v", 0, kMax)
                                       : in.number_on_line([] { return std::string("v"); }, 0, kMax);
    ASSERT_EQ(v, expected[i]) << "number " << i;
    if (i % 7 == 6) in.end_of_line("v");
  }
  in.end_of_line("v");
  in.end_of_input("v");
  std::fclose(tmp);
}

}  // namespace
}  // namespace grundy::contest
