// The analysis answers in the convention asked for, and only in it: the
// report's alternative is normal play's data or misère play's, never both.
#include "grundy/analysis.hpp"

#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/game_sum.hpp"

namespace grundy {
namespace {

TEST(Analysis, ReportHoldsTheConventionAskedFor) {
  for (const std::vector<std::string>& words :
       {std::vector<std::string>{"kayles", "7", "9"}, std::vector<std::string>{"nim", "1", "1"},
        std::vector<std::string>{"nim", "3", "5", "6"}}) {
    const GameSum sum = read_sum(words);
    const SumReport normal = analyze(sum.components, Convention::normal);
    ASSERT_TRUE(std::holds_alternative<SumAnalysis>(normal.analysis)) << words[0];
    EXPECT_EQ(normal.winner, std::get<SumAnalysis>(normal.analysis).winner);
    EXPECT_EQ(normal.winner, sum_outcome(sum.components).winner);
    const SumReport misere = analyze(sum.components, Convention::misere);
    ASSERT_TRUE(std::holds_alternative<MisereAnalysis>(misere.analysis)) << words[0];
    EXPECT_EQ(misere.winner, std::get<MisereAnalysis>(misere.analysis).winner);
    EXPECT_EQ(misere.winner, misere_outcome(sum.components).winner);
  }
  // nim 1 1: nim-sum 0, so normal play is lost; in misère play the player to
  // move takes one heap and leaves the other the last move.
  const GameSum ones = read_sum({"nim", "1", "1"});
  EXPECT_EQ(outcome(ones.components, Convention::normal).winner, Winner::second);
  EXPECT_EQ(outcome(ones.components, Convention::misere).winner, Winner::first);
}

TEST(Analysis, PlayerWithNoMoveLosesNormalPlayAndWinsMisere) {
  EXPECT_EQ(winner_with_no_move(Convention::normal), Winner::second);
  EXPECT_EQ(winner_with_no_move(Convention::misere), Winner::first);
  const GameSum empty = read_sum({"nim", "0", "0"});
  for (Convention c : {Convention::normal, Convention::misere})
    EXPECT_EQ(outcome(empty.components, c).winner, winner_with_no_move(c)) << to_string(c);
}

}  // namespace
}  // namespace grundy
