#include "grundy/spec.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;

TEST(Spec, CanonicalSpecsPrintBackIdentically) {
  for (const char* spec : {"nim", "subtraction:1-3", "subtraction:2,5,7", "subtraction:1,2", "subtraction:1-3,5,6,8-11",
                           "division:2-6", "division:2,3", "division:3,5,7", "division:1000000000000", "coprime"}) {
    EXPECT_EQ(parse_game(spec)->spec(), spec);
  }
}

TEST(Spec, OtherSpellingsPrintCanonically) {
  EXPECT_EQ(parse_game("subtraction:1,2,3")->spec(), "subtraction:1-3");
  EXPECT_EQ(parse_game("subtraction:3,1,2,2")->spec(), "subtraction:1-3");
  EXPECT_EQ(parse_game("subtraction:7,5,2")->spec(), "subtraction:2,5,7");
  EXPECT_EQ(parse_game("division:6,5,4,3,2")->spec(), "division:2-6");
}

TEST(Spec, EveryFamilyIsListed) {
  std::vector<std::string> names;
  for (const GameFamily& f : game_families()) names.emplace_back(f.name);
  EXPECT_THAT(names, ::testing::IsSupersetOf({"nim", "subtraction", "division", "coprime", "graph"}));
}

void expect_error(std::string_view spec, std::string_view fragment) {
  try {
    (void)parse_game(spec);
    ADD_FAILURE() << "no error for '" << spec << "'";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr(std::string(fragment))) << "for '" << spec << "'";
  }
}

TEST(Spec, ErrorsSayWhatWasExpected) {
  expect_error("", "the game is empty: expected one of nim, subtraction:S, division:D, coprime, graph:FILE");
  expect_error("chess", "unknown game 'chess': expected one of nim, subtraction:S, division:D, coprime, graph:FILE");
  expect_error("nim:3", "nim takes no parameters");
  expect_error("coprime:2", "coprime takes no parameters");
  expect_error("subtraction", "expected subtraction:S");
  expect_error("subtraction:", "is empty");
  expect_error("subtraction:0,1", "must be at least 1");
  expect_error("subtraction:1,x", "'x' is not a number here");
  expect_error("subtraction:16777217", "up to 16777216");
  expect_error("division", "expected division:D");
  expect_error("division:1,2", "must be at least 2");
  expect_error("division:2,-3", "at character 3: expected a number");
  expect_error("graph", "expected graph:FILE");
  expect_error("graph:", "expected graph:FILE");
  expect_error("graph:/nonexistent/file.txt", "/nonexistent/file.txt");
  expect_error("Nim", "unknown game 'Nim'");
}

}  // namespace
}  // namespace grundy
