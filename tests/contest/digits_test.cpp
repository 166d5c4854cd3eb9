#include "grundy/contest/digits.hpp"

#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

namespace grundy::contest {
namespace {

std::uint64_t word_of(const std::string& eight) {
  return load_word(eight.data());
}

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

}  // namespace
}  // namespace grundy::contest
