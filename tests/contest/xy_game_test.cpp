// `grundy contest xy-game` (AtCoder ARC208 E): the official sample, random
// whole inputs against the mex rule, and malformed inputs.

#include "grundy/contest/xy_game.hpp"

#include <random>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/contest_input.hpp"
#include "support/xy_brute_force.hpp"

namespace grundy::contest {
namespace {

using ::testing::HasSubstr;

std::string solve(const std::string& text) { return test::solve_text(solve_xy_game, text); }
std::string error_of(const std::string& text) { return test::error_of_text(solve_xy_game, text); }

TEST(XyGameContest, OfficialSample) {
  const std::string dir = std::string(GRUNDY_TEST_DATA) + "/contest/";
  EXPECT_EQ(solve(test::read_file(dir + "arc208e_1.in")), test::read_file(dir + "arc208e_1.out"));
}

// Whole inputs with small X, Y and piles, answered by walking the mex rule.
TEST(XyGameContest, RandomInputsAgreeWithTheMexRule) {
  std::mt19937_64 rng(208);
  for (int round = 0; round < 40; ++round) {
    const std::uint64_t tests = 1 + rng() % 30;
    std::string input = std::to_string(tests) + "\n";
    std::string expected;
    for (std::uint64_t t = 0; t < tests; ++t) {
      const std::uint64_t y = 2 + rng() % 60;
      const std::uint64_t x = 1 + rng() % (y - 1);
      const std::uint64_t n = 1 + rng() % 6;
      input += std::to_string(n) + " " + std::to_string(x) + " " + std::to_string(y) + "\n";
      unsigned nim_sum = 0;
      for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint64_t a = 1 + rng() % 3000;
        test::XyWalk walk(x, y);
        walk.advance_to(a);
        nim_sum ^= walk.value();
        if (i > 0) input += ' ';
        input += std::to_string(a);
      }
      input += "\n";
      expected += nim_sum != 0 ? "Alice\n" : "Bob\n";
    }
    ASSERT_EQ(solve(input), expected) << input;
  }
}

TEST(XyGameContest, LimitsOfTheStatementAreAccepted) {
  // X = 1: no moves, Bob. X = 999999999, Y = 10^9: G(10^18) = 0 (10^18 - 1
  // is a multiple of X, and G(10^18 - 2) = 1, so its only move leads to
  // value 1); G(10^18 - 2) = 1, as an interval walk over all 2*10^9
  // multiples below it confirmed once (10 s, too slow for the suite).
  EXPECT_EQ(solve("3\n3 1 1000000000\n1 1000000000000000000 7\n"
                  "1 999999999 1000000000\n1000000000000000000\n"
                  "2 999999999 1000000000\n1000000000000000000 999999999999999998\n"),
            "Bob\nBob\nAlice\n");
}

TEST(XyGameContest, MalformedInputsAreErrorsWithPositions) {
  EXPECT_THAT(error_of(""), HasSubstr("line 1, column 1: expected the number of tests T"));
  EXPECT_THAT(error_of("1\n1 5 3\n4\n"), HasSubstr("line 2, column 5: Y of test 1 (X < Y <= 10^9, and X = 5) is 3"));
  EXPECT_THAT(error_of("1\n1 5 5\n4\n"), HasSubstr("is 5: it must be from 6 to 1000000000"));
  EXPECT_THAT(error_of("1\n1 0 5\n4\n"),
              HasSubstr("line 2, column 3: X of test 1 (1 <= X < Y <= 10^9, so X < 10^9) is 0"));
  EXPECT_THAT(error_of("1\n1 1000000000 1000000001\n4\n"), HasSubstr("X of test 1"));
  EXPECT_THAT(error_of("1\n1 2 1000000001\n4\n"), HasSubstr("is 1000000001: it must be from 3 to 1000000000"));
  EXPECT_THAT(error_of("1\n1 2 3\n1000000000000000001\n"),
              HasSubstr("line 3, column 1: pile 1 of 1 of test 1 is 1000000000000000001: it must be from 1 to 10^18"));
  EXPECT_THAT(error_of("1\n1 2 3\n0\n"), HasSubstr("pile 1 of 1 of test 1 is 0"));
  EXPECT_THAT(error_of("1\n2 2 3\n4\n"), HasSubstr("line 3, column 2: expected pile 2 of 2 of test 1"));
  EXPECT_THAT(error_of("1\n1 2\n4\n"), HasSubstr("line 2, column 4: expected Y of test 1"));
  EXPECT_THAT(error_of("1\n1 2 3 4\n4\n"), HasSubstr("line 2, column 7: expected the end of the line after N X Y"));
  EXPECT_THAT(error_of("1\n1\n2 3\n4\n"), HasSubstr("line 2, column 2: expected X of test 1"));
  EXPECT_THAT(error_of("1\n1 2 3\n-4\n"), HasSubstr("found '-'"));
  EXPECT_THAT(error_of("1\n1 2 3\n4 5\n"),
              HasSubstr("line 3, column 3: expected the end of the line after the piles of test 1 "
                        "(N = 1: no more on the line), found '5'"));
  EXPECT_THAT(error_of("1\n1 2 3\n4\n5\n"), HasSubstr("line 4, column 1: expected the end of the input"));
  EXPECT_THAT(error_of("2\n1 2 3\n4\n"), HasSubstr("line 4, column 1: expected the count N of test 2 of 2"));
}

TEST(XyGameContest, AcceptsCrlfBlankLinesAndNoFinalNewline) {
  EXPECT_EQ(solve("3\r\n2 2 3\r\n4 12\r\n\r\n5 1 2\r\n1 2 3 4 5\r\n6 530 879\r\n17031 42909 97721 34323 39597 26999"),
            "Alice\nBob\nAlice\n");
}

TEST(XyGameContest, HugeClaimedCountsFailWithoutAllocating) {
  EXPECT_THAT(error_of("18446744073709551615\n1 2 3\n4\n"), HasSubstr("expected the count N of test 2"));
  EXPECT_THAT(error_of("1\n18446744073709551615 2 3\n4 5 6\n"), HasSubstr("expected pile 4 of 18446744073709551615"));
}

}  // namespace
}  // namespace grundy::contest
