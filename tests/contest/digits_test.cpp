#include "grundy/contest/digits.hpp"

#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

namespace grundy::contest {
namespace {

std::uint64_t word_of(const std::string& eight) { return load_word(eight.data()); }

// Every non-digit byte value, at every position, stops the digit count there.
TEST(Digits, LeadingDigitsStopsAtTheFirstNonDigit) {
  for (int where = 0; where < 8; ++where) {
    for (int c = 0; c < 256; ++c) {
      std::string s = "12345678";
      s[static_cast<std::size_t>(where)] = static_cast<char>(c);
      const bool digit = c >= '0' && c <= '9';
      EXPECT_EQ(leading_digits(word_of(s)), digit ? 8 : where) << "byte " << c << " at " << where;
    }
  }
  EXPECT_EQ(leading_digits(word_of("99999999")), 8);
  EXPECT_EQ(leading_digits(word_of("9:999999")), 1);  // ':' follows '9' in ASCII
  EXPECT_EQ(leading_digits(word_of("/0000000")), 0);  // '/' precedes '0'
}

TEST(Digits, ValueOfEveryPrefixMatchesStoull) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 20000; ++round) {
    std::string s(8, '0');
    for (char& ch : s) ch = static_cast<char>('0' + rng() % 10);
    for (int count = 1; count <= 8; ++count)
      ASSERT_EQ(digits_value(word_of(s), count), std::stoull(s.substr(0, static_cast<std::size_t>(count))))
          << s << " count " << count;
  }
}

// Random bytes, mostly digits and spaces (the shape of real inputs), with
// every other byte value mixed in.
std::string random_bytes(std::mt19937_64& rng, std::size_t size) {
  std::string s(size, ' ');
  for (char& ch : s) {
    const auto r = rng() % 16;
    ch = r < 10 ? static_cast<char>('0' + rng() % 10) : r < 13 ? ' ' : static_cast<char>(rng() % 256);
  }
  return s;
}

bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

TEST(Digits, NonDigitBitsMarkExactlyTheNonDigits) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 20000; ++round) {
    const std::string block = random_bytes(rng, 64);
    std::uint64_t expected = 0;
    for (std::size_t i = 0; i < 64; ++i)
      if (!is_digit(block[i])) expected |= std::uint64_t{1} << i;
    ASSERT_EQ(non_digit_bits_swar(block.data()), expected) << block;
    ASSERT_EQ(non_digit_bits(block.data()), expected) << block;
  }
  // Every byte value at every position of the 64, among digits.
  for (std::size_t where = 0; where < 64; ++where) {
    for (int c = 0; c < 256; ++c) {
      std::string block(64, '7');
      block[where] = static_cast<char>(c);
      const std::uint64_t expected = is_digit(block[where]) ? 0 : std::uint64_t{1} << where;
      ASSERT_EQ(non_digit_bits_swar(block.data()), expected) << "byte " << c << " at " << where;
      ASSERT_EQ(non_digit_bits(block.data()), expected) << "byte " << c << " at " << where;
    }
  }
}

TEST(Digits, EightDigitValuesOfEveryEightDigits) {
  std::mt19937_64 rng(6);
  for (int round = 0; round < 20000; ++round) {
    std::string s(8, '0');
    for (char& ch : s) ch = static_cast<char>('0' + rng() % 10);
    if (round == 0) s = "99999999";
    ASSERT_EQ(eight_digit_values(word_of(s) ^ 0x3030303030303030ULL), std::stoull(s)) << s;
  }
}

// A number's value read back from its end, after every kind of byte, for
// every length: 1 to 19 digits give their value, other lengths 0.
TEST(Digits, DigitsEndingAtEveryLengthAfterAnyBytes) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 3000; ++round) {
    for (std::size_t length = 0; length <= 40; ++length) {
      std::string digits(length, '0');
      for (char& ch : digits) ch = static_cast<char>('0' + rng() % 10);
      if (round == 0) digits = std::string(length, '9');
      if (round == 1 && length == 19) digits = "1000000000000000000";
      const std::string text = random_bytes(rng, 24) + digits + random_bytes(rng, 8);
      const char* const end = text.data() + 24 + length;
      const std::uint64_t expected = length >= 1 && length <= 19 ? std::stoull(digits) : 0;
      ASSERT_EQ(digits_ending_at(end, length), expected) << text << " length " << length;
      if (length <= 16) {
        ASSERT_EQ(last_sixteen_digits(end, length), expected) << text;
        ASSERT_EQ(last_sixteen_digits_swar(end, length), expected) << text;
      }
    }
  }
}

}  // namespace
}  // namespace grundy::contest
