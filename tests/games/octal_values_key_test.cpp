// octal_values_key: codes with one key have one sequence of values (the
// census copies rows within a key), checked by a plain mex written here
// for every code of the three-digit census.

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
  // 1,024 games in 456 keys: most games share theirs (0.414 and 0.415, ...).
  EXPECT_EQ(shared, 1024u - 456u);
  EXPECT_EQ(classes.size(), 456u);
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
  // Equal values at heaps 0..3 but another move at bit 2 or 4: another key.
  EXPECT_NE(octal_values_key("0.414"), octal_values_key("0.434"));
  // Codes of different lengths: 0.4 and 0.401 (G(3) = 1 in both), but
  // not 0.4 and 0.41 (G(2) = 0 and 1).
  EXPECT_EQ(octal_values_key("0.4"), octal_values_key("0.401"));
  EXPECT_NE(octal_values_key("0.4"), octal_values_key("0.41"));
  // Every pair of codes that differ only in bit 1 of their digits gets
  // one key exactly when G(0..k) agree.
  for (const std::string& a : octal_codes(2))
    for (const std::string& b : octal_codes(2)) {
      if (a >= b || a[0] != b[0]) continue;
      std::string da = a.substr(2), db = b.substr(2);
      da.resize(2, '0');
      db.resize(2, '0');
      bool bit1_only = true;
      for (std::size_t i = 0; i < 2; ++i) bit1_only = bit1_only && ((da[i] - '0') | 1) == ((db[i] - '0') | 1);
      const bool same_start = plain_values(a, 3) == plain_values(b, 3);  // G(0..2): by the theorem, all
      EXPECT_EQ(octal_values_key(a) == octal_values_key(b), bit1_only && same_start) << a << " " << b;
    }
  EXPECT_THROW((void)octal_values_key("77"), InputError);
  EXPECT_THROW((void)octal_values_key(".7"), InputError);
  EXPECT_THROW((void)octal_values_key("0.8"), InputError);
  EXPECT_THROW((void)octal_values_key("2.7"), InputError);
}

}  // namespace
}  // namespace grundy
