#include "grundy/contest/fdivgame.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/contest_input.hpp"

namespace grundy::contest {
namespace {

using ::testing::HasSubstr;

using test::read_file;

std::string solve(const std::string& text) { return test::solve_text(solve_fdivgame, text); }
std::string error_of(const std::string& text) { return test::error_of_text(solve_fdivgame, text); }

// The game by its definition: G(n) = mex{G(floor(n/k)) : k = 2..6}, memoised.
struct Definition {
  std::map<std::uint64_t, std::uint64_t> memo;
  std::uint64_t operator()(std::uint64_t n) {
    if (n == 0) return 0;
    if (auto it = memo.find(n); it != memo.end()) return it->second;
    std::uint64_t seen = 0;
    for (std::uint64_t k = 2; k <= 6; ++k) seen |= std::uint64_t{1} << (*this)(n / k);
    std::uint64_t m = 0;
    while (seen >> m & 1) ++m;
    return memo[n] = m;
  }
};

TEST(Fdivgame, OfficialSample) {
  const std::string dir = std::string(GRUNDY_TEST_DATA) + "/contest/";
  EXPECT_EQ(solve(read_file(dir + "fdivgame_1.in")), read_file(dir + "fdivgame_1.out"));
}

TEST(Fdivgame, RandomInputsAgreeWithTheDefinition) {
  std::mt19937_64 rng(2016);
  Definition g;
  std::string input = "150\n";
  std::string expected;
  for (int t = 0; t < 150; ++t) {
    const int n = 1 + static_cast<int>(rng() % 8);
    input += std::to_string(n) + "\n";
    std::uint64_t x = 0;
    for (int i = 0; i < n; ++i) {
      // Magnitudes spread over 1..10^18; small values often, to hit the base table.
      std::uint64_t a = 1 + rng() % (t % 3 == 0 ? 100 : 1000000000000000000ULL >> (rng() % 60));
      if (a > 1000000000000000000ULL) a = 1000000000000000000ULL;
      x ^= g(a);
      input += std::to_string(a) + (i + 1 < n ? " " : "\n");
    }
    expected += x != 0 ? "Henry\n" : "Derek\n";
  }
  EXPECT_EQ(solve(input), expected);
}

TEST(Fdivgame, SecondPlayerWinsAreFound) {
  // Pairs of equal numbers cancel; {1, 2, 3}: 1 ^ 2 ^ 2 = 1; {4, 1, 2}: 3 ^ 1 ^ 2 = 0.
  EXPECT_EQ(solve("3\n2\n1000000000000000000 1000000000000000000\n3\n1 2 3\n3\n4 1 2\n"), "Derek\nHenry\nDerek\n");
}

TEST(Fdivgame, AcceptsCrlfAndMissingFinalNewline) { EXPECT_EQ(solve("2\r\n2\r\n3 4\r\n3\r\n1 3 5"), "Henry\nDerek\n"); }

TEST(Fdivgame, MalformedInputsAreErrorsWithPositions) {
  EXPECT_THAT(error_of(""), HasSubstr("line 1, column 1: expected the number of tests T"));
  EXPECT_THAT(error_of("0\n"), HasSubstr("the number of tests T is 0: it must be from 1"));
  EXPECT_THAT(error_of("2\n1\n5\n"), HasSubstr("line 4, column 1: expected the count N of test 2 of 2"));
  EXPECT_THAT(error_of("1\n3\n1 2\n"), HasSubstr("line 3, column 4: expected integer 3 of 3 of test 1"));
  EXPECT_THAT(error_of("1\n2\n1 2 3\n"),
              HasSubstr("line 3, column 5: expected the end of the line after the integers of test 1 "
                        "(N = 2: no more on the line)"));
  EXPECT_THAT(error_of("1\n1\n1000000000000000001\n"), HasSubstr("line 3, column 1: integer 1 of 1 of test 1 is"));
  EXPECT_THAT(error_of("1\n1\n0\n"), HasSubstr("integer 1 of 1 of test 1 is 0"));
  EXPECT_THAT(error_of("1\n1\n-7\n"), HasSubstr("found '-'"));
  EXPECT_THAT(error_of("1\n1 2\n3\n"), HasSubstr("line 2, column 3: expected the end of the line after N of test 1"));
  EXPECT_THAT(error_of("1\n1\n5\n6\n"), HasSubstr("line 4, column 1: expected the end of the input"));
  EXPECT_THAT(error_of("1\n1\n5x\n"), HasSubstr("line 3, column 2"));
}

TEST(Fdivgame, HugeClaimedCountsFailWithoutAllocating) {
  // Nothing is sized from T or N: these fail at the end of the data at once.
  EXPECT_THAT(error_of("18446744073709551615\n1\n1\n"), HasSubstr("expected the count N of test 2"));
  EXPECT_THAT(error_of("1\n18446744073709551615\n1 2 3\n"), HasSubstr("expected integer 4 of 18446744073709551615"));
}

// Lines of hundreds of integers go through the reader's block parser: the
// answers must still be those of the definition.
TEST(Fdivgame, LongLinesAgreeWithTheDefinition) {
  std::mt19937_64 rng(2017);
  Definition g;
  std::string input = "2\n";
  std::string expected;
  for (int t = 0; t < 2; ++t) {
    const int n = 200 + static_cast<int>(rng() % 50);  // about 2 KB a line
    input += std::to_string(n) + "\n";
    std::uint64_t x = 0;
    for (int i = 0; i < n; ++i) {
      // Every length from 1 to 19 digits, leading zeros now and then.
      const auto digits = static_cast<int>(1 + rng() % 18);
      std::uint64_t a = 1;
      for (int k = 1; k < digits; ++k) a *= 10;
      a += rng() % (a * 9);
      if (rng() % 100 == 0) a = 1000000000000000000ULL;
      x ^= g(a);
      input += (rng() % 20 == 0 ? "00" : "") + std::to_string(a) + (i + 1 < n ? " " : "\n");
    }
    expected += x != 0 ? "Henry\n" : "Derek\n";
  }
  EXPECT_EQ(solve(input), expected);
}

// The outcome of solving `text` read from a file in blocks of `block` bytes.
std::string outcome_from_file(const std::string& text, std::size_t block) {
  std::FILE* tmp = std::tmpfile();
  if (tmp == nullptr || std::fwrite(text.data(), 1, text.size(), tmp) != text.size()) return "cannot write";
  std::fflush(tmp);
  ::lseek(::fileno(tmp), 0, SEEK_SET);
  std::string out;
  try {
    ContestReader in(::fileno(tmp), "input", block);
    out = solve_fdivgame(in);
  } catch (const InputError& e) {
    out = e.what();
  }
  std::fclose(tmp);
  return out;
}

// A long valid input with one byte changed, read from memory and from a file
// in blocks of several sizes: the same answer or the same message each time.
TEST(Fdivgame, DamagedLongInputsGiveTheSameOutcomeFromEverySource) {
  std::mt19937_64 rng(2018);
  std::string valid = "3\n";
  for (int t = 0; t < 3; ++t) {
    valid += "400\n";
    for (int i = 0; i < 400; ++i) valid += std::to_string(1 + rng() % 1000000000000000000ULL) + (i < 399 ? " " : "\n");
  }
  static const char kBytes[] = {' ', '\t', '\r', '\n', '0', '9', 'x', '-', '+', '\0', '\xff', '1'};
  for (int round = 0; round < 60; ++round) {
    std::string text = valid;
    if (round > 0) text[rng() % text.size()] = kBytes[rng() % sizeof kBytes];
    std::string from_memory;
    try {
      from_memory = solve(text);
    } catch (const InputError& e) {
      from_memory = e.what();
    }
    if (round > 0 && from_memory == solve(valid)) continue;  // (a harmless change)
    for (const std::size_t block : {std::size_t{1}, std::size_t{200}, std::size_t{4096}, std::size_t{1} << 20})
      ASSERT_EQ(outcome_from_file(text, block), from_memory) << "blocks of " << block;
  }
}

}  // namespace
}  // namespace grundy::contest
