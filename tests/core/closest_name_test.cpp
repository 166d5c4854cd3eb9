#include "grundy/closest_name.hpp"

#include <array>
#include <string_view>

#include <gtest/gtest.h>

namespace grundy {
namespace {

constexpr std::array<std::string_view, 9> kCommands{"value",   "winner", "moves", "table", "pattern",
                                                    "contest", "play",   "games", "help"};

TEST(EditDistance, CountsInsertDeleteReplaceAndSwap) {
  EXPECT_EQ(edit_distance("", ""), 0U);
  EXPECT_EQ(edit_distance("", "nim"), 3U);
  EXPECT_EQ(edit_distance("nim", ""), 3U);
  EXPECT_EQ(edit_distance("value", "values"), 1U);  // insert
  EXPECT_EQ(edit_distance("subtracton", "subtraction"), 1U);
  EXPECT_EQ(edit_distance("help", "hlep"), 1U);    // a swap of neighbours
  EXPECT_EQ(edit_distance("moves", "mover"), 1U);  // replace
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
  EXPECT_EQ(edit_distance("ca", "abc"), 3U);  // no swap then insert in between
  EXPECT_EQ(edit_distance("abc", "abc"), 0U);
}

TEST(ClosestName, SuggestsNearMissesOnly) {
  EXPECT_EQ(closest_name("hlep", kCommands), "help");
  EXPECT_EQ(closest_name("values", kCommands), "value");
  EXPECT_EQ(closest_name("PLAY", kCommands), "play");  // letter case alone
  EXPECT_EQ(closest_name("patern", kCommands), "pattern");
  EXPECT_EQ(closest_name("winer", kCommands), "winner");
  EXPECT_EQ(closest_name("kayles", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("x", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("value", kCommands), std::nullopt);  // already a name
}

TEST(ClosestName, ShortWordsNeedACloseMatch) {
  constexpr std::array<std::string_view, 3> kGames{"nim", "xy", "graph"};
  EXPECT_EQ(closest_name("Nim", kGames), "nim");
  EXPECT_EQ(closest_name("nin", kGames), "nim");
  EXPECT_EQ(closest_name("ab", kGames), std::nullopt);  // 2 edits from "xy": too far for 2 letters
  EXPECT_EQ(closest_name("grap", kGames), "graph");
}

}  // namespace
}  // namespace grundy
