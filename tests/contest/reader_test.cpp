#include "grundy/contest/reader.hpp"

#include <unistd.h>

#include <cstdio>
#include <optional>
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
  EXPECT_THAT(what_fails("\xef\xbb\xbf"
                         "4",
                         0, 5),
              HasSubstr("byte 0xef"));
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
    const std::uint64_t v =
        i % 20 == 0 ? in.number_on_new_line("v", 0, kMax) : in.number_on_line([] { return std::string("v"); }, 0, kMax);
    ASSERT_EQ(v, expected[i]) << "number " << i;
    if (i % 20 == 19) in.end_of_line("v");
  }
}

TEST(ContestReader, WordPathErrorsNameTheColumn) {
  const std::string pad(30, ' ');
  EXPECT_THAT(what_fails("123x" + pad, 0, kMax),
              HasSubstr("column 4: the number must be a whole number followed by a blank"));
  EXPECT_THAT(what_fails("  12345678901234567x" + pad, 0, kMax), HasSubstr("column 20: the number must be"));
  EXPECT_THAT(what_fails("1000000000000000001" + pad, 1, 1000000000000000000),
              HasSubstr("line 1, column 1: the number is 1000000000000000001: it must be from 1 to 10^18"));
  EXPECT_THAT(what_fails(" 99999999999999999999" + pad, 0, kMax), HasSubstr("column 2: the number is too large"));
  EXPECT_THAT(what_fails("7\r\n" + pad, 0, 9), "");
}

// From a file of 3.5 MB, so numbers straddle the reader's 256 KiB blocks.
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
    const std::uint64_t v =
        i % 7 == 0 ? in.number_on_new_line("v", 0, kMax) : in.number_on_line([] { return std::string("v"); }, 0, kMax);
    ASSERT_EQ(v, expected[i]) << "number " << i;
    if (i % 7 == 6) in.end_of_line("v");
  }
  in.end_of_line("v");
  in.end_of_input("v");
  std::fclose(tmp);
}

// ---- plain_numbers_on_line: the block parser against the careful path ----

// What reading some lines of `count` numbers gave: an order-sensitive hash
// of the values and how many there were, and the message, or where the
// reader ended.
struct LinesOutcome {
  std::uint64_t hash = 0;
  std::uint64_t numbers = 0;
  std::string error;
  bool operator==(const LinesOutcome&) const = default;
};

std::uint64_t mix(std::uint64_t hash, std::uint64_t value) { return hash * 1000003 ^ value; }

// How many numbers the block parser took in all (to check that the tests
// exercise it).
std::uint64_t plain_taken_in_all = 0;

// Reads `lines` lines of `count` numbers in [min, max] and the end of the
// input, with the block parser first (`plain`) or with number_on_line alone.
LinesOutcome read_lines(ContestReader& in, int lines, std::uint64_t count, std::uint64_t min, std::uint64_t max,
                        bool plain) {
  LinesOutcome out;
  try {
    for (int l = 0; l < lines; ++l) {
      std::uint64_t done = 0;
      while (done < count) {
        if (plain) {
          const std::uint64_t before = out.hash;
          const std::uint64_t taken = in.plain_numbers_on_line(count - done, min, max, out.hash, mix);
          if (taken == 0) {
            EXPECT_EQ(out.hash, before);
          }
          done += taken;
          out.numbers += taken;
          plain_taken_in_all += taken;
          if (done == count) break;
        }
        ++done;
        out.hash = mix(out.hash, in.number_on_line([&] { return "number " + std::to_string(done); }, min, max));
        ++out.numbers;
      }
      in.end_of_line("the numbers");
    }
    in.end_of_input("the last line");
    out.error = "none, ended at line " + std::to_string(in.line()) + ", column " + std::to_string(in.column());
  } catch (const InputError& e) {
    out.error = e.what();  // (where the reader stands after an error is not defined)
  }
  return out;
}

// A line of numbers as long inputs have them, with, when `flaws` is set, the
// things the block parser must leave to the careful path: leading zeros, 20
// or more digits, values out of range, tabs, \r, two blanks, signs, letters,
// other bytes, a line end too early or too late.
std::string random_line(std::mt19937_64& rng, std::uint64_t count, bool flaws) {
  std::string line;
  const std::uint64_t tokens = flaws && rng() % 4 == 0 ? count + rng() % 3 - 1 : count;
  for (std::uint64_t i = 0; i < tokens; ++i) {
    const auto digits = static_cast<int>(1 + rng() % (flaws && rng() % 8 == 0 ? 25 : 19));
    std::string number;
    for (int k = 0; k < digits; ++k) number += static_cast<char>('0' + rng() % 10);
    if (flaws && rng() % 30 == 0) {
      static const char* const kOdd[] = {"-", "+", "x", "\t", "\r", " ", "\x00", "\xff", "0", "e"};
      number.insert(rng() % (number.size() + 1), std::string(kOdd[rng() % 10], 1));
    }
    line += number;
    if (i + 1 < tokens) line += flaws && rng() % 40 == 0 ? (rng() % 2 ? "\t" : "  ") : " ";
  }
  line += flaws && rng() % 10 == 0 ? " \r\n" : "\n";
  return line;
}

// The same input read four ways must give the same values, or the same
// message at the same place: from memory and from a file in blocks of
// several sizes (numbers straddle them), each with and without the block
// parser.
void expect_plain_agrees(const std::string& text, int lines, std::uint64_t count, std::uint64_t min,
                         std::uint64_t max) {
  std::optional<LinesOutcome> reference;
  auto check = [&](ContestReader& in, bool plain, const std::string& how) {
    const LinesOutcome got = read_lines(in, lines, count, min, max, plain);
    if (!reference) {
      reference = got;
      return;
    }
    ASSERT_EQ(got, *reference) << how << "\n  got:      " << got.error << "\n  expected: " << reference->error;
  };
  {
    ContestReader in(std::string_view(text), "input");
    check(in, false, "memory, careful");
  }
  {
    ContestReader in(std::string_view(text), "input");
    check(in, true, "memory, plain");
  }
  std::FILE* tmp = std::tmpfile();
  ASSERT_NE(tmp, nullptr);
  ASSERT_EQ(std::fwrite(text.data(), 1, text.size(), tmp), text.size());
  std::fflush(tmp);
  for (const std::size_t block : {std::size_t{1}, std::size_t{193}, std::size_t{256}, std::size_t{1000},
                                  std::size_t{4096}, std::size_t{1} << 20}) {
    for (const bool plain : {false, true}) {
      ASSERT_EQ(::lseek(::fileno(tmp), 0, SEEK_SET), 0);
      ContestReader in(::fileno(tmp), "input", block);
      check(in, plain, "file in blocks of " + std::to_string(block) + (plain ? ", plain" : ", careful"));
    }
  }
  std::fclose(tmp);
}

TEST(ContestReader, PlainNumbersAgreeWithTheCarefulPathOnPlainLines) {
  std::mt19937_64 rng(11);
  std::uint64_t numbers = 0;
  plain_taken_in_all = 0;
  for (int round = 0; round < 20; ++round) {
    const std::uint64_t count = 1 + rng() % 400;
    std::string text;
    for (int l = 0; l < 3; ++l) text += random_line(rng, count, false);
    expect_plain_agrees(text, 3, count, 0, kMax);
    numbers += 3 * count;
    expect_plain_agrees(text, 3, count, 1, 1000000000000000000);  // 19 digits may be too large
  }
  // Read with the block parser 7 times each (memory, 6 block sizes) with the
  // full range: most numbers must have gone through it.
  EXPECT_GT(plain_taken_in_all, 7 * numbers / 2);
}

TEST(ContestReader, PlainNumbersAgreeWithTheCarefulPathOnFlawedLines) {
  std::mt19937_64 rng(12);
  for (int round = 0; round < 150; ++round) {
    const std::uint64_t count = 1 + rng() % 200;
    std::string text;
    for (int l = 0; l < 3; ++l) text += random_line(rng, count, round % 3 != 0 || l == 1);
    expect_plain_agrees(text, 3, count, 0, kMax);
    expect_plain_agrees(text, 3, count, 1, 1000000000000000000);
    expect_plain_agrees(text, 3, count, 5, 99999);
  }
}

TEST(ContestReader, PlainNumbersStopAtTheLimitAndTheLineEnd) {
  std::string line;
  for (int i = 1; i <= 100; ++i) line += std::to_string(i * 12345) + " ";
  line += "7\n";
  const std::string text = std::string(30, ' ') + line + line;
  ContestReader in(std::string_view(text), "input");
  std::uint64_t sum = 0;
  auto add = [](std::uint64_t s, std::uint64_t v) { return s + v; };
  // Taken from column 31 on; at most 10 of them.
  EXPECT_EQ(in.plain_numbers_on_line(10, 1, kMax, sum, add), 10u);
  EXPECT_EQ(sum, 55u * 12345);
  EXPECT_EQ(in.column(), 31u + 8 * 6 + 2 * 7);  // 12345 to 98760, 111105, 123450, each with its blank
  // The rest but the last number of the line, which no blank follows.
  const std::uint64_t taken = in.plain_numbers_on_line(1000, 1, kMax, sum, add);
  EXPECT_EQ(taken, 90u);
  EXPECT_EQ(in.number_on_line([] { return std::string("the last"); }, 1, kMax), 7u);
  in.end_of_line("the line");
  EXPECT_EQ(in.line(), 2u);
  // A value out of range is left where it stands, for the careful path's message.
  EXPECT_EQ(in.plain_numbers_on_line(1000, 1, 12345 * 3, sum, add), 3u);
  try {
    (void)in.number_on_line([] { return std::string("number 4"); }, 1, 12345 * 3);
    FAIL() << "49380 was taken";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("line 2, column 19: number 4 is 49380: it must be from 1 to 37035"));
  }
}

}  // namespace
}  // namespace grundy::contest
