// octal_values_key: codes with one key have one sequence of values (the
// census copies rows within a key), checked by a plain mex written here
// for every code of the three-digit census and the four-digit keys that
// join codes differing in more than bit 1.

#include <map>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/spec.hpp"

namespace grundy {
namespace {

// G(0..count-1) of an octal code by the mex over every option, from the
// rule alone: digit i's bit 1 takes a whole heap of i, bit 2 leaves one
// non-empty heap, bit 4 two (d0 = 4: a split without taking).
std::vector<unsigned> plain_values(const std::string& code, std::size_t count) {
  std::vector<unsigned> digits{static_cast<unsigned>(code[0] - '0')};
  for (std::size_t i = 2; i < code.size(); ++i) digits.push_back(static_cast<unsigned>(code[i] - '0'));
  std::vector<unsigned> g;
  for (std::size_t n = 0; n < count; ++n) {
    unsigned cap = 1;  // a power of two above every value so far
    for (const unsigned v : g)
      while (cap <= v) cap *= 2;
    std::vector<bool> seen(cap + 1);
    for (std::size_t i = 0; i < digits.size() && i <= n; ++i) {
      const std::size_t r = n - i;
      if ((digits[i] & 1) && i > 0 && r == 0) seen[0] = true;
      if ((digits[i] & 2) && i > 0 && r > 0) seen[g[r]] = true;
      if (digits[i] & 4)
        for (std::size_t a = 1; a < r; ++a) seen[g[a] ^ g[r - a]] = true;
    }
    unsigned mex = 0;
    while (seen[mex]) ++mex;
    g.push_back(mex);
  }
  return g;
}

TEST(OctalValuesKey, CodesWithOneKeyHaveOneSequenceOfValues) {
  std::map<std::string, std::vector<std::string>> classes;
  for (const std::string& code : octal_codes(3)) classes[octal_values_key(code)].push_back(code);
  std::size_t shared = 0;
  for (const auto& [key, codes] : classes) {
    const std::vector<unsigned> first = plain_values(codes.front(), 400);
    for (std::size_t i = 1; i < codes.size(); ++i) {
      EXPECT_EQ(plain_values(codes[i], 400), first) << codes[i] << " and " << codes.front() << " (key " << key << ")";
      ++shared;
    }
  }
  // 1,024 games in 324 keys: most games share theirs (0.414 and 0.415, ...).
  EXPECT_EQ(shared, 1024u - 324u);
  EXPECT_EQ(classes.size(), 324u);
}

// The code with bit 1 cleared in every digit after the point: the key's
// first rule alone.
std::string without_bit_one(const std::string& code) {
  std::string digits = code.substr(2);
  for (char& d : digits) d = static_cast<char>('0' + ((d - '0') & ~1));
  while (!digits.empty() && digits.back() == '0') digits.pop_back();  // 0.41 and 0.4: one variant
  return code.substr(0, 2) + digits;
}

// The four-digit keys that join codes differing in bit 2 of a digit (a
// split of G(t - s) = 0 covering the move that leaves one heap, as 0.2464
// and 0.2466): each such code has its class's first values. One code per
// bit-1 variant: codes that differ only in bit 1 are equal by the first rule
// (docs/games/octal.md), which the test above checks on three digits.
TEST(OctalValuesKey, SplitsThatGiveTheOneHeapMoveJoinFourDigitCodes) {
  std::map<std::string, std::vector<std::string>> classes;
  for (const std::string& code : octal_codes(4)) classes[octal_values_key(code)].push_back(code);
  EXPECT_EQ(classes.size(), 1378u);
  std::size_t joined = 0;
  for (const auto& [key, codes] : classes) {
    std::map<std::string, std::string> variants;  // without_bit_one -> its first code
    for (const std::string& code : codes) variants.emplace(without_bit_one(code), code);
    if (variants.size() < 2) continue;
    ++joined;
    const std::vector<unsigned> first = plain_values(codes.front(), 300);
    for (const auto& [variant, code] : variants)
      EXPECT_EQ(plain_values(code, 300), first) << code << " and " << codes.front() << " (key " << key << ")";
  }
  EXPECT_EQ(joined, 366u);
}

// The same with the engine's values (the rare-value tables the census
// uses), further: every game of a key has the first game's G(0..4095).
TEST(OctalValuesKey, TheEngineGivesOneKeyOneSequenceOfValues) {
  std::map<std::string, std::vector<std::string>> classes;
  for (const std::string& code : octal_codes(3)) classes[octal_values_key(code)].push_back(code);
  for (const auto& [key, codes] : classes) {
    if (codes.size() < 2) continue;
    const auto first = parse_game("octal:" + codes.front());
    for (std::size_t i = 1; i < codes.size(); ++i) {
      const auto game = parse_game("octal:" + codes[i]);
      for (Position n = 0; n < 4096; ++n)
        if (game->value(n) != first->value(n)) {
          ADD_FAILURE() << codes[i] << " and " << codes.front() << " differ at heap " << n;
          break;
        }
    }
  }
}

TEST(OctalValuesKey, TheKeyKeepsGamesApartWhoseFirstValuesDiffer) {
  EXPECT_EQ(octal_values_key("0.414"), octal_values_key("0.415"));
  // 0.1 takes a heap of 1 (G(1) = 1); 0.0 has no move.
  EXPECT_NE(octal_values_key("0.1"), octal_values_key("0.0"));
  EXPECT_NE(octal_values_key("0.3"), octal_values_key("0.2"));
  // Equal values at heaps 0..3 but another move at bit 2 or 4: another key,
  // unless a split gives the move (below).
  EXPECT_NE(octal_values_key("0.414"), octal_values_key("0.454"));
  EXPECT_NE(octal_values_key("0.414"), octal_values_key("0.416"));
  // Codes of different lengths: 0.4 and 0.401 (G(3) = 1 in both), but
  // not 0.4 and 0.41 (G(2) = 0 and 1).
  EXPECT_EQ(octal_values_key("0.4"), octal_values_key("0.401"));
  EXPECT_NE(octal_values_key("0.4"), octal_values_key("0.41"));
  // Bit 2 of d_4 in 0.2466: taking 3 and leaving 1 + (n - 4) already gives
  // G(n - 4), as G(1) = 0; and of d_3 in 0.2464: taking 2 and leaving
  // 1 + (n - 3). So 0.2444, 0.2446, 0.2464 and 0.2466 have one sequence of
  // values. (G(2) = 1 there: taking 2 and leaving 2 + (n - 4) is no help.)
  EXPECT_EQ(octal_values_key("0.2464"), octal_values_key("0.2466"));
  EXPECT_EQ(octal_values_key("0.2444"), octal_values_key("0.2464"));
  // 0.434: bit 2 of d_2, given by taking 1 and leaving 1 + (n - 2), G(1) = 0.
  EXPECT_EQ(octal_values_key("0.414"), octal_values_key("0.434"));
  // 0.42: taking 1 and leaving 1 + (n - 2) gives G(n - 2) (G(1) = 0 in 0.4);
  // 4.2: splitting off a heap of 1 without taking gives G(n - 1).
  EXPECT_EQ(octal_values_key("0.42"), octal_values_key("0.4"));
  EXPECT_EQ(octal_values_key("4.2"), octal_values_key("4.0"));
  EXPECT_NE(octal_values_key("0.2"), octal_values_key("0.0"));
  // Every pair of two-digit codes gets one key exactly when their digits
  // differ only in bit 1, or in bit 2 of a d_t for which some d_s, s < t,
  // splits and G(t - s) = 0, and G(0..2) agree.
  for (const std::string& a : octal_codes(2))
    for (const std::string& b : octal_codes(2)) {
      if (a >= b || a[0] != b[0]) continue;
      std::vector<unsigned> da{static_cast<unsigned>(a[0] - '0')}, db{static_cast<unsigned>(b[0] - '0')};
      for (std::size_t i = 2; i < 4; ++i) {
        da.push_back(i < a.size() ? static_cast<unsigned>(a[i] - '0') : 0u);
        db.push_back(i < b.size() ? static_cast<unsigned>(b[i] - '0') : 0u);
      }
      const std::vector<unsigned> g = plain_values(a, 3);
      const bool same_start = g == plain_values(b, 3);  // G(0..2): by the theorem, all
      bool allowed = true;
      for (std::size_t t = 1; t < 3; ++t) {
        bool split_gives_it = false;
        for (std::size_t s = 0; s < t; ++s) split_gives_it = split_gives_it || ((da[s] & 4) != 0 && g[t - s] == 0);
        const unsigned ignored = split_gives_it ? 3u : 1u;
        allowed = allowed && (da[t] | ignored) == (db[t] | ignored);
      }
      EXPECT_EQ(octal_values_key(a) == octal_values_key(b), allowed && same_start) << a << " " << b;
    }
  EXPECT_THROW((void)octal_values_key("77"), InputError);
  EXPECT_THROW((void)octal_values_key(".7"), InputError);
  EXPECT_THROW((void)octal_values_key("0.8"), InputError);
  EXPECT_THROW((void)octal_values_key("2.7"), InputError);
}

}  // namespace
}  // namespace grundy
